"""`tower-rules <game> sweep`: a win-rate sweep from the command line, the same for every game.

    tower-rules GAME sweep --vary FIELD=2,3,4 --games 1000

Registering the command imports nothing heavy; pandas and Dask are loaded only when a sweep runs. Bad input is
refused in words by the same checks as `SweepSpec` in Python.
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rules.core import limits
from rules.core.errors import IllegalAction, IllegalPosition, Problem, counted
from rules.core.files import check_new_file, escape, make_folder
from rules.core.percent import percent
from rules.core.progress import GamesBar, shown_on_terminal
from rules.registry import descriptor

if TYPE_CHECKING:
    from pydantic import BaseModel

    from rules.core.descriptor import Armies
    from rules.sweeps.runner import SweepResult
    from rules.sweeps.spec import SweepSpec

OUTPUT_SUFFIXES = (".parquet", ".csv")


def _vary_example(game: str) -> str:
    """A `--vary` of the game's own: its first whole-number Rules field at its default and one either side."""
    fields = descriptor(game).rules.model_fields.items()
    found = next(((n, f.default) for n, f in fields if type(f.default) is int), None)
    if found is None:
        return "FIELD=V1,V2"
    name, value = found
    return f"{name}={','.join(str(v) for v in (max(0, value - 1), value, value + 1))}"


def add_sweep_command(sub: Any, game: str) -> None:
    """Register `sweep` under a game's subcommands (its options follow what the game has)."""
    sw = sub.add_parser("sweep", help="win rates over a grid of rules values, with 95%% intervals (Dask)")
    sw.add_argument(
        "--vary",
        action="append",
        default=[],
        metavar="FIELD=V1,V2,...",
        help=f"a Rules field and the values to try, e.g. {_vary_example(game)} (repeatable: every combination)",
    )
    sw.add_argument(
        "--set", action="append", default=[], metavar=FIELD_VALUE, help="a Rules field fixed for every cell"
    )
    sw.add_argument(
        "--games",
        type=limits.count_argument("--games", 1, limits.MAX_GAMES),
        default=100,
        help=f"games per cell, 1 to {limits.MAX_GAMES:,} (default 100)",
    )
    found = descriptor(game)
    support = found.sweep
    assert support is not None, f"a sweep cannot play {game}"
    sw.add_argument(
        "--policy",
        action="append",
        default=[],
        help=f"the policy{' of player 1' if found.two_player else ''}: {', '.join(found.policies)}; default "
        f"{support.default_policies[0]}. Given more than once, the sweep is played at each strength"
        f"{' (each policy on every seat)' if found.two_player else ''} and the conclusions compared",
    )
    if found.two_player:
        sw.add_argument("--policy2", help="player 2's policy (default: the same as --policy)")
    if support.armies is not None:
        _army_options(sw, support.armies.default_pair)
    if support.scenarios is not None:
        scenarios = support.scenarios
        sw.add_argument("--scenario", action="append", default=[], help=scenarios.help)
        low, high = scenarios.players
        sw.add_argument(
            "--players",
            type=limits.count_argument("--players", low, high),
            default=scenarios.default_players,
            help=f"{low} to {high}",
        )
    if support.cards is not None:
        _override_option(sw, support.cards.form)
    limits.add_seed_option(sw, "the seed every cell's games derive from: the same seed plays the same games")
    where_options(sw)
    sw.add_argument(
        "--out", metavar="FILE", help="write one row per game to FILE (.parquet or .csv; a new file, checked first)"
    )
    sw.add_argument("--cache", metavar="DIR", help="keep finished cells in DIR; a run again plays only what is missing")
    sw.add_argument("--json", action="store_true", help="print the summary as JSON")
    sw.add_argument("--no-progress", action="store_true", help="no progress bar (shown on a terminal otherwise)")
    sw.set_defaults(run=run_command, sweep_game=game)


def _army_options(parser: argparse.ArgumentParser, default: tuple[str, str]) -> None:
    parser.add_argument(
        "--armies",
        action="append",
        default=[],
        metavar="A,B",
        help=f"an army pair, player 1's first (default {','.join(default)}; repeatable: one cell each)",
    )
    parser.add_argument(
        "--army-file",
        action="append",
        default=[],
        metavar="FILE",
        help="a designer's army file (JSON or TOML); under a shipped army's id it stands in for it (repeatable)",
    )


def _override_option(parser: argparse.ArgumentParser, form: str) -> None:
    parser.add_argument(
        "--override",
        action="append",
        default=[],
        metavar="EDITS",
        help=f"a card variant: {form} ('none': the cards as they are; repeatable: one cell each)",
    )


def where_options(parser: argparse.ArgumentParser, *, chunk: bool = True) -> None:
    """Where the games run: a local Dask cluster of `--workers`, a `--scheduler`, or `--in-process` (and, for a
    sweep, `--chunk`, the games a task); the balance command asks the same."""
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--workers",
        type=limits.count_argument("--workers", 1, limits.MAX_SWEEP_WORKERS),
        help="worker processes of a local Dask cluster (default one per core)",
    )
    where.add_argument("--scheduler", metavar="ADDRESS", help="run on a Dask scheduler, e.g. tcp://scheduler-host:8786")
    where.add_argument("--in-process", action="store_true", help="play in this process, without Dask")
    if not chunk:
        return
    parser.add_argument(
        "--chunk",
        type=limits.count_argument("--chunk", 1, limits.MAX_SWEEP_CHUNK),
        help="games per task (default: about four tasks per worker, at most 100 games)",
    )


def where_of(args: argparse.Namespace) -> dict[str, Any]:
    """Where the games run and the cache, as the options of `where_options` and `--cache` say (the cache's folder
    made first: a file in its way is refused before any game is played)."""
    if args.cache:
        make_folder(args.cache, "the sweep cache")
    return {"workers": args.workers, "scheduler": args.scheduler, "in_process": args.in_process, "cache": args.cache}


def _pairs(flag: str, items: list[str]) -> list[tuple[str, str]]:
    out = []
    for item in items:
        name, sep, values = item.partition("=")
        if not sep or not name.strip() or not values.strip():
            raise IllegalAction(f"{flag} takes FIELD=VALUE{',VALUE...' if flag == '--vary' else ''}, not {item[:60]!r}")
        out.append((name.strip(), values))
    return out


def army_files_once(paths: list[str], armies: Armies) -> list[BaseModel]:
    """The armies of `--army-file` options, read; two files of one army are refused naming both files (the armies
    read no longer say which file each came from)."""
    first: dict[str, str] = {}
    loaded = []
    for path in paths:
        army = armies.load(path)
        army_id = str(getattr(army, "id", ""))
        if army_id in first:
            both = f"{escape(first[army_id], 100)} and {escape(path, 100)}"
            raise IllegalAction(f"--army-file: {both} are both files of the {army_id} army; give one")
        first[army_id] = path
        loaded.append(army)
    return loaded


FIELD_VALUE = "FIELD=VALUE"


def field_values(flag: str, items: list[str]) -> dict[str, Any]:
    """`--set FIELD=VALUE` options as the rules values they fix, each value read as JSON (else text); a field given
    twice is refused (the later value would win unseen)."""
    from rules.sweeps.rules_values import parse_value

    fixed: dict[str, Any] = {}
    for name, value in _pairs(flag, items):
        if name in fixed:
            raise IllegalAction(f"{flag} {escape(name, 60)} is given twice; give it one value")
        fixed[name] = parse_value(value, source=f"{flag} {escape(name, 60)}")
    return fixed


def spec_from(args: argparse.Namespace) -> Any:
    """The SweepSpec the options describe (refused in the model's words)."""
    from pydantic import ValidationError

    from rules.core.jsonio import problems_of
    from rules.sweeps.rules_values import parse_value
    from rules.sweeps.spec import SweepSpec

    vary: dict[str, list[Any]] = {}
    for name, values in _pairs("--vary", args.vary):
        if name in vary:
            raise IllegalAction(f"--vary {name} is given twice; list all its values once, e.g. {name}=2,3,4")
        vary[name] = [parse_value(v, source=f"--vary {escape(name, 60)}") for v in values.split(",")]
    fixed = field_values("--set", args.set)
    second = getattr(args, "policy2", None)
    if second and not args.policy:
        raise IllegalAction("--policy2 names player 2's policy; give --policy for player 1 too")
    if second and len(args.policy) > 1:
        raise IllegalAction("--policy given several times plays each strength on every seat; --policy2 does not apply")
    data: dict[str, Any] = {"game": args.sweep_game, "vary": vary, "rules": fixed, "games": args.games}
    if len(args.policy) > 1:
        data.update(seed=args.seed, strengths=args.policy)
    else:
        data.update(seed=args.seed, policies=[p for p in (*args.policy, second) if p])
    support = descriptor(args.sweep_game).sweep
    assert support is not None
    if support.armies is not None:
        data["army_files"] = army_files_once(args.army_file, support.armies)
        if args.armies:
            data["armies"] = args.armies
    if support.scenarios is not None:
        data.update(scenarios=args.scenario or [support.scenarios.default], players=args.players)
    if support.cards is not None:
        data["overrides"] = args.override or ["none"]
    try:
        return SweepSpec.model_validate(data)
    except ValidationError as exc:  # each problem named by the option that was typed, not the model's field
        named = [(_as_option(p.where), p.message) for p in problems_of(exc)]
        raise IllegalPosition([Problem("" if m.startswith(f"{w}:") else w, m) for w, m in named]) from None


OPTION_OF_FIELD = {
    "policies": "--policy",
    "strengths": "--policy",
    "armies": "--armies",
    "army_files": "--army-file",
    "overrides": "--override",
    "vary": "--vary",
    "rules": "--set",
    "scenarios": "--scenario",
    "players": "--players",
    "games": "--games",
    "seed": "--seed",
}
"""The option a sweep's field comes from (`spec_from`), for the messages of the command line."""


def _as_option(where: str) -> str:
    """A problem's place as the command line names it: `strengths` is `--policy`, `vary.cavalry_power` is `--vary
    cavalry_power`; an option already named (`--override: ...`) or a rules field is left as it is."""
    head, _, rest = where.partition(".")
    option = OPTION_OF_FIELD.get(head)
    if option is None:
        return where
    return f"{option} {rest}" if rest else option


def run_command(args: argparse.Namespace) -> int:
    """Run the sweep, print the summary and write the rows where asked."""
    from rules.sweeps.frames import write_frame
    from rules.sweeps.runner import run_sweep

    spec = spec_from(args)
    out = Path(args.out) if args.out else None
    if out is not None:  # refused now, not once every game is played
        if out.suffix.lower() not in OUTPUT_SUFFIXES:
            raise IllegalAction(f"--out writes .parquet or .csv files, not {out.name!r}")
        check_new_file(out, "the rows (--out)")
    with GamesBar(spec.size() * spec.games, shown=shown_on_terminal(args.no_progress)) as bar:
        result = run_sweep(spec, **where_of(args), progress=lambda p: bar.move_to(p.games_done), chunk=args.chunk)
    _print(result, as_json=args.json)  # first: a file that cannot be written then loses none of what was played
    if out is not None:  # one row per game
        write_frame(result.games, out, out.suffix.lower().lstrip("."))
    return 0


def _print(result: SweepResult, *, as_json: bool) -> None:
    summary = result.summary
    if as_json:
        about = {"spec": result.spec.to_json(), "played": result.played, "cached": result.cached}
        about.update(replayed=list(result.replayed), unsaved=list(result.unsaved))
        about["summary"] = json.loads(summary.to_json(orient="records"))
        if result.spec.strengths:  # each combination's verdict at every strength, and whether they agree
            from rules.sweeps.strengths import compare_strengths

            compared = compare_strengths(result.spec, summary)
            about["strengths"] = json.loads(compared.to_json(orient="records"))
        from rules.sweeps.matchups import both_seats, compare_matchup_strengths

        pairs = both_seats(summary)
        if not pairs.empty:  # each pair of armies played in both seat orders, the two cells together
            about["matchups"] = json.loads(pairs.to_json(orient="records"))
            compared_pairs = compare_matchup_strengths(pairs, list(result.spec.strengths))
            if not compared_pairs.empty:  # each pair's verdict at every strength, and whether they agree
                about["matchup_strengths"] = json.loads(compared_pairs.to_json(orient="records"))
        print(json.dumps(about))
        return
    cells = counted(len(summary), "cell")
    if not result.spec.strengths:  # the policies that played (several strengths: each cell's line says its own)
        cells += f" played by {' against '.join(result.spec.strength_seats()[0])}"
    print(f"{result.spec.game}: {cells}, {counted(result.played, 'game')} played, {result.cached} from the cache")
    files = [str(getattr(army, "id", "")) for army in result.spec.army_files]
    if files:  # a designer's army stands in for the shipped one of its id in every cell that plays it
        played = {army for pair in result.spec.armies for army in pair}
        print(f"armies read from --army-file: {', '.join(files)}")
        idle = [army for army in files if army not in played]
        if idle:
            print(f"  played by no cell: {', '.join(idle)} (--armies names the pairs played)")
    if result.replayed:
        print(replayed_words(result.replayed))
    if result.unsaved:
        print(f"{len(result.unsaved)} cell(s) not kept in the cache: {escape('; '.join(result.unsaved), 600)}")
    for row in summary.to_dict(orient="records"):
        print(describe_cell({str(k): v for k, v in row.items()}, result.spec))
    _print_matchups(result)
    if result.spec.strengths:
        _print_strengths(result)


def _print_matchups(result: SweepResult) -> None:
    """Each pair of armies the sweep plays in both seat orders, its two cells together (`both_seats`)."""
    from rules.sweeps.matchups import both_seats, compare_matchup_strengths, matchup_agreement_words, matchup_words

    pairs = both_seats(result.summary)
    if pairs.empty:
        return
    print("each pair of armies over both seats (each first once: the first player's edge evened out):")
    for row in pairs.to_dict(orient="records"):
        # the pair itself is in the words; what else sets the row apart goes first
        said = cell_label({k: v for k, v in row.items() if k not in ("army_0", "army_1")}, result.spec)
        print(f"  {'' if said == 'default rules' else said + ': '}{matchup_words(row)}")
    strengths = list(result.spec.strengths)
    compared = compare_matchup_strengths(pairs, strengths)
    if compared.empty:
        return
    print(f"each pair over both seats at {len(strengths)} strengths: does the matchup's answer depend on the play?")
    for row in compared.to_dict(orient="records"):
        said = cell_label({k: v for k, v in row.items() if k not in ("army_0", "army_1")}, result.spec)
        print(f"  {'' if said == 'default rules' else said + ': '}{matchup_agreement_words(row, strengths)}")


def _print_strengths(result: SweepResult) -> None:
    """Each combination at every strength: player 1's share of the decided games (or the table's win rate)
    with its interval, the game lengths, what it favours, and whether the strengths agree."""
    from rules.sweeps.strengths import agreement_words, compare_strengths, strength_words, verdicts_rest_on

    compared = compare_strengths(result.spec, result.summary)
    names = result.spec.strengths
    print(f"at {len(names)} strengths ({', '.join(names)}): does the conclusion depend on the play?")
    counts_turns = "turns_median" in result.summary and not result.summary["turns_median"].isna().all()
    lengths = (
        "turns: the median game's, and the range the middle 80% of the games' lengths fall in"
        if counts_turns
        else "the game counts no turns: its mean length in steps"
    )
    print(f"  ({verdicts_rest_on(result.summary)}, 95% interval; {lengths})")
    for row in compared.to_dict(orient="records"):
        parts = [f"{n} {', '.join(strength_words(n, row))}" for n in names]
        said = cell_label(row, result.spec, strength=False)
        print(f"  {said}: {'; '.join(parts)} - {agreement_words(row, list(names))}")


def replayed_words(replayed: tuple[str, ...]) -> str:
    """The cells the cache held but the run played again, in one line: `1 cell replayed: its file did not
    match (...)`."""
    one = len(replayed) == 1
    count = f"{len(replayed)} cell{'' if one else 's'} replayed: {'its file' if one else 'their files'} did not match"
    return f"{count} ({escape('; '.join(replayed), 600)})"


def cell_label(row: Mapping[Any, Any], spec: SweepSpec, *, strength: bool = True) -> str:
    """What sets a cell (or a row of the strengths' or matchups' tables) apart, as every line names it: the
    scenario, the armies, the varied fields, the card variant, the strength; where nothing does, the rules
    every cell is played under (`--set`), else 'default rules'."""
    said = [f"{row['scenario']} ({row['difficulty']})"] if "scenario" in row else []
    if "army_0" in row:
        said.append(f"{row['army_0']} vs {row['army_1']}")
    said += [f"{k}={row[k]}" for k in spec.vary]
    if row.get("override", "none") != "none":
        said.append(str(row["override"]))
    if strength and row.get("strength"):
        said.append(f"strength {row['strength']}")
    return ", ".join(said) or ", ".join(f"{k}={v}" for k, v in spec.rules.items()) or "default rules"


def describe_cell(row: dict[str, Any], spec: SweepSpec) -> str:
    """One cell's summary as a line: what sets it apart (`cell_label`), then the games each side won of all the
    cell's games (draws count in the whole, unlike the share of decided games a comparison of strengths gives),
    with its interval."""
    sides = ["player 1 won", "player 2 won"] if "wins_1" in row else ["won"]
    if "army_0" in row:  # the army each seat plays, as the verdicts name it
        sides = [f"player {i + 1} ({row[f'army_{i}']}) won" for i in range(len(sides))]
    rates = [
        f"{side} {row[f'wins_{i}']} of {row['games']} games ({percent(row[f'win_rate_{i}'], 1)}, "
        f"95% CI {percent(row[f'ci_low_{i}'], 1)}-{percent(row[f'ci_high_{i}'], 1)})"
        for i, side in enumerate(sides)
    ]
    if "draws" in row:
        rates.append(f"draws {row['draws']}")
    length = f"mean {row['mean_steps']:.0f} steps"
    if not math.isnan(row["mean_turns"]):
        length += f", {row['mean_turns']:.1f} turns"
    length += " a game"
    if "mean_floor_reached" in row:
        length += f", mean floor reached {row['mean_floor_reached']:.2f}"
    return f"{cell_label(row, spec)}: {'; '.join(rates)}; {length}"
