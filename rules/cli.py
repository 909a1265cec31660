"""The `tower-rules` command line: one subcommand group per registered game, errors as one-line messages."""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import sys
import warnings
from collections.abc import Callable, Sequence
from typing import NoReturn

from pydantic import ValidationError

from rules.core.cli_positions import add_position_commands
from rules.core.descriptor import CliTools, called
from rules.core.errors import IllegalPosition, RulesError
from rules.core.jsonio import escape, problems_of, shown_problems

Register = Callable[[argparse._SubParsersAction], None]  # type: ignore[type-arg]


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose refusal is one line on stderr (what is wrong, and where the help is) and
    exit code 2, instead of the usage block before it; its subcommands' parsers are of the same kind."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {escape(message, 2000)} (see {self.prog} --help)\n")


def build_parser(only: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """Every game's subcommands (or those of the games named) from its descriptor: the position commands,
    `export-test`, `sweep` and `balance` (for a game a sweep can play and the balancer tunes) and the game's own."""
    from rules.balance.cli import add_balance_command
    from rules.line_export import add_export_test_command
    from rules.registry import descriptors, warn_broken
    from rules.sweeps.cli import add_sweep_command

    found = [d for d in descriptors() if only is None or d.slug in only]
    warn_broken()
    titles = [d.title for d in found]
    named = ", ".join(titles[:-1]) + f" and {titles[-1]}" if len(titles) > 1 else titles[0]
    parser = OneLineParser(prog="tower-rules", description=f"Rules engines for {named}.")
    games = parser.add_subparsers(dest="game", required=True, metavar="GAME")
    # a ladder's chunks here, or on a local Dask cluster (the sweeps' tools, loaded only when asked)
    tools = CliTools(ladder_runner=called("rules.sweeps.ladder_runner", "ladder_runner"))
    for game in found:
        p = games.add_parser(game.slug, help=game.help, description=game.description)
        sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
        add_position_commands(sub, game.game.positions, game.positions, game.sweep.armies if game.sweep else None)
        add_export_test_command(sub, game.slug)
        if game.sweep is not None:
            add_sweep_command(sub, game.slug)
        if game.sweep is not None and game.balance is not None:
            add_balance_command(sub, game)
        if game.commands is not None:
            game.commands(sub, tools)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the exit code (0 ok, 1 failed check, 2 bad input, 130 interrupted)."""
    if sys.stdout is None or sys.stdout.closed:
        return _say("the output is closed; nothing could be printed", 2)
    try:
        parser = build_parser()  # imports every game: Ctrl-C may come while it does
        args, unknown = parser.parse_known_args(argv)
        if unknown:  # refused by the command they were given to, whose help lists its options
            command = " ".join(v for v in (parser.prog, args.game, args.command) if v)
            parser.prog = command
            parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    except SystemExit as exc:  # argparse has printed its usage line and the problem (or the help)
        return exc.code if isinstance(exc.code, int) else 2
    except KeyboardInterrupt:
        return _interrupted()
    try:
        code: int = args.run(args)
        sys.stdout.flush()  # a full device fails here, while the error can still be reported
    except ValidationError as exc:  # a model built from the options, not from a file: the same words
        return main_error(IllegalPosition(problems_of(exc)))
    except IllegalPosition as exc:
        return main_error(exc)
    except (RulesError, KeyError) as exc:
        message = exc.args[0] if isinstance(exc, KeyError) and exc.args else str(exc)
        return _say(escape(str(message), 2000), 2)
    except BrokenPipeError:
        _silence_stdout()
        return 0
    except OSError as exc:
        _silence_stdout()
        return _say(f"cannot write the output: {exc.strerror or exc}", 2)
    except KeyboardInterrupt:
        _silence_stdout()
        return _interrupted()
    except (RecursionError, MemoryError):
        return _say("this input is too large to work through; see the limits in rules/core/limits.py", 2)
    return code


def main_error(exc: IllegalPosition) -> int:
    """Print one line per problem and return the exit code of bad input."""
    for problem in shown_problems(list(exc.problems)):
        print(f"error: {escape(str(problem), 2000)}", file=sys.stderr)
    return 2


def _say(message: str, code: int) -> int:
    """Print an error line on stderr (if there is one) and return `code`."""
    if sys.stderr is not None and not sys.stderr.closed:
        with contextlib.suppress(OSError):
            print(f"error: {message}", file=sys.stderr)
    return code


def _interrupted() -> int:
    """Ctrl-C: say so and return 130. What the interrupted work leaves behind (an asyncio task that caught the
    interrupt, a coroutine it never started) is not reported as the process ends: the one line is the message."""
    logging.getLogger("asyncio").disabled = True
    warnings.filterwarnings("ignore", message="coroutine .* was never awaited", category=RuntimeWarning)
    return _say("interrupted", 130)


def _silence_stdout() -> None:
    """After stdout failed, point it at /dev/null so the interpreter's own last flush cannot fail again."""
    with contextlib.suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


if __name__ == "__main__":
    raise SystemExit(main())
