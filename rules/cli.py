"""The `tower-rules` command line: one subcommand group per game, errors as one-line messages."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from pydantic import ValidationError

from rules.core.errors import IllegalPosition, RulesError
from rules.core.jsonio import problems_of

Register = Callable[[argparse._SubParsersAction], None]  # type: ignore[type-arg]


class CliError(Exception):
    """A usage problem found after parsing (e.g. an unknown example name); exit code 2."""


def build_parser() -> argparse.ArgumentParser:
    from rules.attack_the_tower import cli as attack_the_tower_cli
    from rules.the_tower import cli as the_tower_cli
    from rules.tower_defense import cli as tower_defense_cli

    parser = argparse.ArgumentParser(
        prog="tower-rules",
        description="Rules engines for Attack the Tower, The Tower and Tower Defense.",
    )
    games = parser.add_subparsers(dest="game", required=True, metavar="GAME")
    attack_the_tower_cli.register(games)
    the_tower_cli.register(games)
    tower_defense_cli.register(games)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the exit code (0 ok, 1 failed check, 2 bad input)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)
    except ValidationError as exc:  # a model built from the options, not from a file: the same words
        return main_error(IllegalPosition(problems_of(exc)))
    except IllegalPosition as exc:
        return main_error(exc)
    except (RulesError, CliError, KeyError) as exc:
        message = exc.args[0] if isinstance(exc, KeyError) and exc.args else str(exc)
        print(f"error: {message}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    return code


def main_error(exc: IllegalPosition) -> int:
    """Print one line per problem and return the exit code of bad input."""
    for problem in exc.problems:
        print(f"error: {problem}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
