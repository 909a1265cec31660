"""Run the conformance harness over every game: `python -m rules.conformance --games 10000`.

Prints, per game, the whole games played, the steps and states checked and every violation; exits 1 when
there is any violation."""

from __future__ import annotations

import argparse
import sys

from rules.core import limits
from rules.core.conformance import Report, Suite, as_json, run, summary
from rules.core.errors import RulesError
from rules.registry import descriptors, warn_broken


def suites() -> dict[str, Suite]:  # type: ignore[type-arg]
    """Every registered game's suite by its name on the command line (its descriptor's slug)."""
    return {d.slug: d.conformance() for d in descriptors() if d.conformance is not None}


def game_name(text: str) -> str:
    """A game as `--game` names it: its command-line name, or its package's name (underscores for hyphens)."""
    return text.replace("_", "-")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules.conformance", description=__doc__)
    parser.add_argument(
        "--games",
        type=limits.count_argument("--games", 1, limits.MAX_GAMES),
        default=200,
        help="whole games per game (default 200)",
    )
    parser.add_argument(
        "--game", type=game_name, choices=sorted(suites()), action="append", help="only this game (repeatable)"
    )
    limits.add_seed_option(parser, "the seed every game's deal derives from")
    parser.add_argument(
        "--workers",
        type=limits.count_argument("--workers", 1, limits.MAX_SWEEP_WORKERS),
        default=1,
        help="processes (default 1)",
    )
    parser.add_argument("--json", action="store_true", help="print the reports as JSON")
    args = parser.parse_args(argv)
    warn_broken()
    reports: list[Report] = []
    for name, suite in suites().items():
        if args.game and name not in args.game:
            continue
        try:
            reports.append(run(suite, args.games, args.seed, workers=args.workers))
        except RulesError as refusal:  # e.g. a suite that cannot reach worker processes
            print(f"error: {refusal}", file=sys.stderr)
            return 2
        if not args.json:
            print(reports[-1].line(), flush=True)
    print(as_json(reports) if args.json else summary(reports))
    return 1 if any(r.violations for r in reports) else 0


if __name__ == "__main__":
    sys.exit(main())
