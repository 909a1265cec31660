"""`tower-rules <game> balance`: the balancer from the command line, the same for every game.

    tower-rules attack-the-tower balance --armies undead,bandits,westerners,easterners --max-changes 3 \\
        --tune undead.ghost.special_troop.power=1..5 --budget 12000 --workers 2 --cache sweep-cache --out balanced
    tower-rules attack-the-tower balance --army-file my-undead.json --armies undead,bandits --set turn_limit=40
    tower-rules tower-defense balance --players 2 --target 0.5 --tolerance 0.05
    tower-rules the-tower balance --policy expectimax --target 0.5

Registering the command imports nothing heavy; optuna, pandas and Dask are loaded only when a balance runs. A
malformed `--tune` (or any other value) is refused in words by the same checks as `BalanceSpec` in Python.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
from typing import TYPE_CHECKING, Any

from rules.balance.answer import answer_folder
from rules.balance.measure import points
from rules.core import limits
from rules.core.descriptor import GameDescriptor
from rules.core.errors import CannotWrite, IllegalAction, IllegalPosition, Problem
from rules.core.files import escape
from rules.core.progress import GamesBar, shown_on_terminal
from rules.registry import descriptor
from rules.sweeps.cli import FIELD_VALUE, army_files_once, field_values, where_of, where_options

if TYPE_CHECKING:
    from rules.balance.run import BalanceProgress

MAX_BUDGET = 1_000_000


def _span(bounds: tuple[float, float]) -> str:
    """A range of rates as the help says it ("0.01 to 0.99")."""
    return f"{bounds[0]:g} to {bounds[1]:g}"


def add_balance_command(sub: Any, game: GameDescriptor) -> None:
    """Register `balance` under the subcommands of a game the balancer tunes (its `balance` support set)."""
    assert game.balance is not None and game.sweep is not None
    what = game.balance.aim
    ba = sub.add_parser("balance", help=f"suggest changes that bring {what} to a target win rate (optuna)")
    ba.add_argument(
        "--tune",
        action="append",
        default=[],
        metavar="FIELD_OR_CARD=RANGE",
        help="what may change and over what values: a Rules field or a card's number, LO..HI or V1,V2,... "
        "(repeatable; default: the game's own set, see rules/balance/knobs.py)",
    )
    _game_options(ba, game)
    _aim_options(ba, game)
    _search_options(ba, game)
    where_options(ba, chunk=False)
    ba.add_argument("--cache", metavar="DIR", help="keep finished cells in DIR; a run again plays only what is missing")
    from rules.balance.answer import files_written

    written = files_written(game.slug)
    ba.add_argument("--out", metavar="DIR", help=f"write the answer in DIR: {written}, for the changes it has")
    ba.add_argument("--json", action="store_true", help="print the result as JSON")
    ba.add_argument("--no-progress", action="store_true", help="no progress bar (shown on a terminal otherwise)")
    ba.set_defaults(run=run_command, balance_game=game.slug)


def _aim_options(ba: Any, game: GameDescriptor) -> None:
    """What an answer is: how many changes at most, the target and its tolerance, and the policy that plays."""
    assert game.balance is not None
    ba.add_argument(
        "--max-changes",
        type=limits.count_argument("--max-changes", 1, 10),
        default=3,
        help="the most knobs an answer changes, 1 to 10 (default 3)",
    )
    ba.add_argument(
        "--target",
        type=limits.number_argument("--target", *limits.BALANCE_TARGET),
        default=0.5,
        help=f"the win rate sought for {game.balance.aim}, {_span(limits.BALANCE_TARGET)} (default 0.5)",
    )
    ba.add_argument(
        "--tolerance",
        type=limits.number_argument("--tolerance", *limits.BALANCE_TOLERANCE),
        default=0.05,
        help=f"how far from the target counts as there, {_span(limits.BALANCE_TOLERANCE)} (default 0.05)",
    )
    ba.add_argument(
        "--policy",
        help=f"the policy every player plays: {', '.join(game.policies)} (default {game.balance.policy})",
    )


def _search_options(ba: Any, game: GameDescriptor) -> None:
    """How the search spends its games, and the check's games."""
    assert game.balance is not None
    ba.add_argument(
        "--budget",
        type=limits.count_argument("--budget", 1, MAX_BUDGET),
        default=12_000,
        help="games the search may use (played or read from the cache; default 12,000): the unchanged rules are "
        "always measured whole, and the stage under way when it runs out is finished, so a small budget is "
        "exceeded",
    )
    ba.add_argument(
        "--stages",
        default="12,24,64",
        help="games a cell at each stage of a candidate's measurement, joined by commas (default 12,24,64)",
    )
    ba.add_argument(
        "--verify-games",
        type=limits.count_argument("--verify-games", 0, limits.MAX_GAMES),
        default=500,
        help="fresh games a cell for the final check, before the changes and after (default 500"
        + ("; a matchup is two cells, one a seat)" if game.sweep is not None and game.sweep.armies is not None else ")")
        + "; 0 checks nothing",
    )
    ba.add_argument(
        "--max-candidates",
        type=limits.count_argument("--max-candidates", 1, 10_000),
        default=200,
        help="the most candidates the search measures, whatever the budget left (default 200)",
    )
    limits.add_seed_option(ba, "fixes every game's deal and the search's sampler: the same seed, the same answer")
    ba.add_argument(
        "--no-screen",
        action="store_true",
        help="let optuna start from random candidates instead of first playing each knob alone",
    )
    ba.add_argument(
        "--screen-step",
        type=int,
        choices=(1, 2),
        help=f"how far the screen moves each knob either way (default {game.balance.screen_step})",
    )


def _game_options(ba: Any, game: GameDescriptor) -> None:
    """`--armies` for a game of armies, `--players` and `--scenario` for a game of scenarios, with its defaults."""
    assert game.sweep is not None
    armies, scenarios = game.sweep.armies, game.sweep.scenarios
    if armies is not None:
        every = ",".join(armies.ids())
        ba.add_argument("--armies", default=every, help=f"the armies balanced, joined by commas (default {every})")
        ba.add_argument(
            "--army-file",
            action="append",
            default=[],
            metavar="FILE",
            help="a designer's army file (JSON or TOML) to balance from; under a shipped army's id it stands in for "
            "it, a new id is named in --armies (repeatable)",
        )
    if scenarios is not None:
        players = str(scenarios.default_players)
        ba.add_argument(
            "--players", default=players, help=f"the numbers of players, joined by commas (default {players})"
        )
        ba.add_argument("--scenario", default=scenarios.default, help=f"the scenario, default {scenarios.default}")
        ba.set_defaults(players_range=scenarios.players)
    ba.add_argument(
        "--set",
        action="append",
        default=[],
        metavar=FIELD_VALUE,
        help="a Rules field fixed for every game, where the knobs start from (repeatable)",
    )


def _counts(flag: str, text: str, low: int, high: int) -> list[int]:
    parse = limits.count_argument(flag, low, high)
    try:
        return [parse(part) for part in text.split(",")]
    except argparse.ArgumentTypeError as exc:
        raise IllegalAction(f"{exc} (several joined by commas)") from None


def spec_from(args: argparse.Namespace) -> Any:
    """The BalanceSpec the options describe (refused in its words)."""
    from pydantic import ValidationError

    from rules.balance.plan import BalanceSpec
    from rules.core.jsonio import problems_of

    data: dict[str, Any] = {
        "game": args.balance_game,
        "knobs": list(args.tune),
        "max_changes": args.max_changes,
        "target": args.target,
        "tolerance": args.tolerance,
        "budget": args.budget,
        "stages": _counts("--stages", args.stages, 1, limits.MAX_GAMES),
        "verify_games": args.verify_games,
        "max_candidates": args.max_candidates,
        "seed": args.seed,
        "screen": not args.no_screen,
        "screen_step": args.screen_step,
    }
    if args.policy is not None:
        data["policy"] = args.policy
    if args.set:
        data["rules"] = field_values("--set", args.set)
    sweep = descriptor(args.balance_game).sweep
    if getattr(args, "army_file", None) and sweep is not None and sweep.armies is not None:
        data["army_files"] = army_files_once(args.army_file, sweep.armies)
    if getattr(args, "armies", None) is not None:  # the option of a game of armies
        data["armies"] = [a.strip() for a in args.armies.split(",")]
    if getattr(args, "players", None) is not None:  # the options of a game of scenarios
        data["players"] = _counts("--players", args.players, *args.players_range)
        data["scenario"] = args.scenario
    try:
        return BalanceSpec.model_validate(data)
    except ValidationError as exc:  # each problem named by the option that was typed, not the spec's field
        named = [(OPTION_OF_FIELD.get(p.where.partition(".")[0], p.where), p.message) for p in problems_of(exc)]
        raise IllegalPosition([Problem(where, message) for where, message in named]) from None


OPTION_OF_FIELD = {
    "armies": "--armies",
    "army_files": "--army-file",
    "rules": "--set",
    "players": "--players",
    "scenario": "--scenario",
    "policy": "--policy",
    "knobs": "--tune",
    "stages": "--stages",
}
"""The option a balance's field comes from (`spec_from`), for the messages of the command line."""


def run_command(args: argparse.Namespace) -> int:
    """Run the balance, write the answer's files where asked and print the result."""
    from rules.balance.run import run_balance

    spec = spec_from(args)
    made = bool(args.out) and not os.path.lexists(args.out)
    if args.out:  # refused before any game is played, not after the whole search
        answer_folder(args.out)
    with GamesBar(spec.budget, shown=shown_on_terminal(args.no_progress)) as bar:
        result = run_balance(spec, **where_of(args), progress=lambda p: bar.move_to(p.played, _note(p)))

    def said() -> str:
        """What the command prints: the report, or its JSON (after the files are written: it names them)."""
        return json.dumps(result.to_json()) if args.json else result.report()

    if args.out:
        try:
            result.write(args.out)
        except (OSError, CannotWrite):  # the search's result is printed before the refusal: none of it is lost
            print(said())
            raise
        if made and not result.files:  # no answer: the folder made for it is not left behind, empty
            with contextlib.suppress(OSError):
                os.rmdir(args.out)
    print(said())
    if args.out and not result.files and not args.json:
        why = "no change is needed" if result.needs_no_change else "no change came closer"
        print(f"nothing written in {escape(args.out, 200)}: {why}, so there is no answer to write")
    return 0


def _note(progress: BalanceProgress) -> str:
    """The candidates tried and the best worst distance so far, after the bar (and the final check's games)."""
    best = "" if progress.best is None else f"best {points(progress.best)} points"
    check = f"; checking {progress.checked:,} of {progress.to_check:,} games" if progress.to_check else ""
    return f"{progress.candidates} candidates {best}{check}"
