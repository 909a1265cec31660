"""`tower-rules attack-the-tower ...`: examples, schema, validate, battle, odds, play, ladder and sweep."""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, NamedTuple

from rules.attack_the_tower import analysis, engine
from rules.attack_the_tower.actions import DeclareAttack
from rules.attack_the_tower.analysis.odds import policy_pair
from rules.attack_the_tower.analysis.outcomes import OBJECTIVES, POLICY_NAMES
from rules.attack_the_tower.cards import Army
from rules.attack_the_tower.catalog import (
    ARMY_IDS,
    add_army_file_option,
    armies_in_use,
    army_ids,
    use_armies,
    use_army_files,
)
from rules.attack_the_tower.errors import IllegalAction
from rules.attack_the_tower.events import possessive
from rules.attack_the_tower.game import GAME, POSITION
from rules.attack_the_tower.model import GameState
from rules.attack_the_tower.policies import POLICIES, policy
from rules.attack_the_tower.variants import PLAY_TURN_LIMIT, Rules
from rules.core import limits
from rules.core.chance import ChanceSampler
from rules.core.cli_positions import print_events, print_played
from rules.core.descriptor import CliTools
from rules.core.errors import RulesError
from rules.core.files import escape
from rules.core.ladder import LADDER_CHUNK, add_ladder_options, ladder, ladder_bar, ladder_policies, print_ladder
from rules.core.playout import play_out

SEED = limits.count_argument("--seed", 0, limits.MAX_SEED)
TURN_LIMIT = limits.count_argument("--turn-limit", 1, limits.MAX_TURN_LIMIT)


def add_commands(sub: Any, tools: CliTools) -> None:
    """The game's own subcommands (the generic ones are added by rules.cli from its descriptor)."""
    ba = sub.add_parser("battle", help="resolve one battle from a position, step by step")
    ba.add_argument("file")
    _territory_options(ba)
    ba.add_argument("--policy", default="greedy", choices=sorted(POLICIES), help="who allocates (default greedy)")
    ba.add_argument(
        "--seed", type=SEED, default=0, help="the seed of the random choices of a policy that makes them (default 0)"
    )
    ba.add_argument("--json", action="store_true", help="print events and the resulting position as JSON")
    add_army_file_option(ba)
    ba.set_defaults(run=_battle)

    pl = sub.add_parser("play", help="play a whole game between two policies")
    pl.add_argument(
        "--armies", default="undead,bandits", help=f"two of: {', '.join(ARMY_IDS)} (default undead,bandits)"
    )
    pl.add_argument(
        "--policy",
        default="planner",
        help="a policy for both players, or two separated by a comma (first player's first; default planner)",
    )
    pl.add_argument("--seed", type=SEED, default=0, help="the seed of the game's deals (default 0)")
    pl.add_argument(
        "--turn-limit",
        type=TURN_LIMIT,
        default=PLAY_TURN_LIMIT,
        help=f"1 to {limits.MAX_TURN_LIMIT} (default {PLAY_TURN_LIMIT})",
    )
    pl.add_argument("--json", action="store_true", help="print the events and the result as JSON")
    add_army_file_option(pl)
    pl.set_defaults(run=_play)

    la = sub.add_parser("ladder", help="each policy against the next one up, in both seats, with 95%% intervals")
    la.add_argument(
        "--armies", default="undead,bandits", help=f"two of: {', '.join(ARMY_IDS)} (default undead,bandits)"
    )
    add_ladder_options(
        la, DEFAULT_LADDER, "games per pair of policies, half in each seat", _OFF_THE_DEFAULT_LADDER, least_games=2
    )
    la.add_argument("--turn-limit", type=TURN_LIMIT, default=PLAY_TURN_LIMIT, help="a game not over by then is a draw")
    la.add_argument(
        "--workers",
        type=limits.count_argument("--workers", 1, limits.MAX_SWEEP_WORKERS),
        help="play the games on a Dask local cluster of this many processes (the same results as in one process)",
    )
    add_army_file_option(la)
    la.set_defaults(run=_ladder, ladder_runner=tools.ladder_runner)

    register_odds(sub)


def _territory_options(parser: argparse.ArgumentParser) -> None:
    """`--from` and `--to`: the attacking and the defending territory, 1 to 3 (`origin` and `target` as typed; the
    engine counts from 0)."""
    for flag, dest, side in (("--from", "origin", "attacking"), ("--to", "target", "defending")):
        number = limits.count_argument(flag, 1, 3, noun="territory number")
        parser.add_argument(
            flag, dest=dest, type=number, required=True, metavar="T", help=f"the {side} territory (1-3)"
        )


def _battle(args: argparse.Namespace) -> int:
    use_army_files(args.army_file)
    state = POSITION.load(args.file)
    if state.phase != "main":
        raise IllegalAction(f"a battle is declared in the second phase of a turn; this position is in {state.phase!r}")
    attack = DeclareAttack(
        player=state.attacker,
        origin=args.origin - 1,
        target=args.target - 1,
    )
    sampler = ChanceSampler(args.seed)
    chooser = policy(args.policy)
    state, events = engine.apply(state, attack)
    log = [events]
    while state.phase == "battle":
        state, events = engine.apply(state, chooser.choose(state, sampler, engine.acting_players(state)[0]))
        log.append(events)
    print_events([e for step in log for e in step], POSITION.data(state), as_json=args.json)
    return 0


def _armies(text: str) -> tuple[str, str]:
    armies = tuple(a.strip() for a in text.split(","))
    known = ", ".join(army_ids())
    if len(armies) != 2:
        raise IllegalAction(f"--armies takes two armies separated by a comma, from: {known}; not {escape(repr(text))}")
    unknown = [a for a in armies if a not in army_ids()]
    if unknown:
        raise IllegalAction(f"--armies: no army {escape(repr(unknown[0]), 80)}; armies: {known}")
    return armies[0], armies[1]


def _ladder(args: argparse.Namespace) -> int:
    use_army_files(args.army_file)
    armies = _armies(args.armies)
    rules = Rules(turn_limit=args.turn_limit)
    chosen = ladder_policies(args.policies, policy)
    start = LadderStart(armies, rules, armies_in_use())
    with args.ladder_runner(args.workers) as runner, ladder_bar(GAME, chosen, args.games, args.no_progress) as bar:
        rungs = ladder(
            GAME, start, chosen, args.games, seed=args.seed, runner=runner, chunk=LADDER_CHUNK, progress=bar.advance
        )
    about = {"game": "attack-the-tower", "armies": ",".join(armies), "games": args.games, "seed": args.seed}
    return print_ladder(rungs, as_json=args.json, about=about)


@dataclass(frozen=True, slots=True)
class LadderStart:
    """A ladder game's first position, in any process: the designers' armies (as loaded, not as file paths)
    are put in use there first (`use_armies` does nothing when they already are)."""

    armies: tuple[str, str]
    rules: Rules
    designed: tuple[Army, ...] = ()

    def __call__(self) -> GameState:
        use_armies(self.designed)
        return engine.new_game(self.armies, self.rules)


def _play(args: argparse.Namespace) -> int:
    use_army_files(args.army_file)
    armies = _armies(args.armies)
    names = [n.strip() for n in args.policy.split(",")]
    if len(names) > 2:
        raise RulesError(f"--policy takes one policy for both players or two, first player's first; not {len(names)}")
    chosen = [policy(names[0]), policy(names[-1])]
    state = engine.new_game(armies, Rules(turn_limit=args.turn_limit))
    line = play_out(GAME, state, chosen, ChanceSampler(args.seed))
    result = engine.outcome(line.final)
    assert result is not None
    about = {
        "armies": armies,
        "policies": [c.name for c in chosen],
        "seed": args.seed,
        "steps": line.steps,
        "turns": line.final.turn,
        "winner": result.winner,
        "termination": result.termination.value,
    }
    winner = "nobody" if result.winner is None else engine.label(line.final, result.winner)
    said = f"Result: {result.termination.value} after {line.final.turn} turns ({line.steps} steps); winner: {winner}."
    return print_played(line.events, as_json=args.json, about=about, result=said)


DEFAULT_LADDER = ("random", "greedy", "planner", "tuned")
"""The rungs `ladder` plays by default: each holds in `make bench` (the next one up wins 60% or more)."""
_OFF_THE_DEFAULT_LADDER = (
    "learned and search are named with --policies: tuned wins three in four of its decided games against learned, but "
    "a third are draws, and search (seconds a game) loses to tuned"
)


# ---- odds: the exact distribution of a battle -------------------------------------------------------
def register_odds(sub: Any) -> None:
    """Add `odds` to the `tower-rules attack-the-tower` subcommands."""
    od = sub.add_parser(
        "odds",
        help="the exact distribution of a battle's outcome under a policy (fractions and percentages)",
        description=(
            "Declare an attack and print the exact distribution of the battle's outcome (troops and power "
            "left on each side, bases destroyed, territory cleared, palace destroyed) when both sides follow "
            "a policy; with --samples, Monte Carlo frequencies and Wilson 95% intervals beside each figure."
        ),
    )
    od.add_argument("file")
    _territory_options(od)
    od.add_argument(
        "--policy",
        default="optimal",
        metavar="P",
        help=f"one policy for both sides or 'attacker,defender', from: {', '.join(POLICY_NAMES)} (default optimal)",
    )
    od.add_argument(
        "--objective",
        choices=sorted(OBJECTIVES),
        help="what the optimal policy optimises (default power_balance); only a side playing optimal has one",
    )
    od.add_argument(
        "--samples",
        type=limits.count_argument("--samples", 0, limits.MAX_SAMPLES),
        default=0,
        metavar="N",
        help=f"also simulate N battles (Monte Carlo), at most {limits.MAX_SAMPLES:,}",
    )
    od.add_argument("--seed", type=SEED, default=0, help="seed of the Monte Carlo run")
    od.add_argument(
        "--hidden-hand",
        action="store_true",
        help="the defender's hand is unknown: a chance step over the hands it may hold (docs/analysis.md)",
    )
    od.add_argument("--no-abilities", action="store_true", help="nobody plays abilities in the ability windows")
    od.add_argument("--json", action="store_true", help="print the distribution as JSON")
    add_army_file_option(od)
    od.set_defaults(run=_odds)


def _percent(p: Fraction) -> str:
    return f"{float(p) * 100:6.2f}%"


def _odds(args: argparse.Namespace) -> int:
    origin, target = args.origin - 1, args.target - 1
    attacker_policy, defender_policy = policy_pair(args.policy)
    if args.objective is not None and "optimal" not in (attacker_policy, defender_policy):
        raise IllegalAction(
            f"--objective says what the optimal policy aims at, and neither side plays optimal here "
            f"(--policy {attacker_policy},{defender_policy})"
        )
    args.objective = args.objective or "power_balance"
    use_army_files(args.army_file)
    state = POSITION.load(args.file)
    battle = analysis.declare(state, origin, target)
    options: dict[str, Any] = {"hidden_hand": args.hidden_hand, "play_abilities": not args.no_abilities}
    policies = (attacker_policy, defender_policy)
    dist = analysis.outcome_distribution(battle, policies, args.objective, **options)
    report = (
        analysis.monte_carlo(battle, policies, args.samples, args.seed, args.objective, **options)
        if args.samples
        else None
    )
    rows = sorted(dist.items(), key=lambda item: (-item[1], item[0].describe()))
    headline = analysis.odds(dist)
    who = (engine.label(state, state.attacker), engine.label(state, state.defender))
    facts = Odds(who, attacker_policy, defender_policy, rows, dist, headline, report)
    if args.json:
        print(json.dumps(_odds_json(args, facts), indent=2))
    else:
        _print_odds(args, facts)
    return 0


class Odds(NamedTuple):
    """What `odds` found: the sides, their policies, the exact outcomes (most likely first), the headline
    figures and the Monte Carlo report (None without --samples)."""

    who: tuple[str, str]
    attacker_policy: str
    defender_policy: str
    rows: list[tuple[Any, Fraction]]
    dist: Any
    headline: Any
    report: Any


def _odds_json(args: argparse.Namespace, facts: Odds) -> dict[str, Any]:
    """The odds as JSON."""
    who, attacker_policy, defender_policy, rows, _, headline, report = facts
    mc = {o: r for o, r in report.outcomes} if report else {}
    out: dict[str, Any] = {
        "attack": {"attacker": who[0], "defender": who[1], "from": args.origin, "to": args.target},
        "policies": {"attacker": attacker_policy, "defender": defender_policy},
        "objective": args.objective if "optimal" in (attacker_policy, defender_policy) else None,
        "hidden_hand": args.hidden_hand,
        "play_abilities": not args.no_abilities,
        "outcomes": [
            {
                "outcome": outcome.summary(),
                **_chance_json(p),
                **({"monte_carlo": _mc_json(mc[outcome])} if outcome in mc else {}),
            }
            for outcome, p in rows
        ],
        "territory_cleared": _chance_json(headline.territory_cleared),
        "palace_destroyed": _chance_json(headline.palace_destroyed),
        "expected_power_balance": str(headline.expected_power_balance),
    }
    if report is not None:
        out["monte_carlo"] = {
            "samples": report.samples,
            "seed": report.seed,
            "agrees": report.agrees,
            "territory_cleared": _mc_json(report.events[0]),
            "palace_destroyed": _mc_json(report.events[1]),
            "mean_power_balance": report.mean_power_balance,
            "power_balance_interval": list(report.power_balance_interval),
        }
    return out


def _print_odds(args: argparse.Namespace, facts: Odds) -> None:
    """The odds as text, one outcome a line, then the headline figures and the Monte Carlo check."""
    who, attacker_policy, defender_policy, rows, dist, headline, report = facts
    policies = (attacker_policy, defender_policy)
    print(
        f"{who[0]} attacks from territory {args.origin} against {possessive(who[1])} territory {args.target}: "
        f"attacker {attacker_policy}, defender {defender_policy}"
        + (f" (optimal for {args.objective})" if "optimal" in policies else "")
        + ("; the defender's hand is hidden" if args.hidden_hand else "")
        + ("; no abilities played" if args.no_abilities else "")
    )
    mc_rows = {o: r for o, r in report.outcomes} if report else {}
    simulated = ", the Monte Carlo frequency [its 95% CI, in %]" if report else ""
    print(f"each line: the exact chance, as a fraction and in %{simulated}, then the outcome (power in brackets)")
    for outcome, p in rows:
        line = f"  {p!s:>14} {_percent(p)}"
        if outcome in mc_rows:
            line += _mc_text(mc_rows[outcome])
        print(f"{line}   {outcome.describe()}")
    for o, seen in mc_rows.items():
        if o not in dist:
            print(f"  {'0':>14} {_percent(Fraction(0))}{_mc_text(seen)}   {o.describe()} (seen, not possible!)")
    events: tuple[analysis.OddsRow | None, ...] = report.events if report else (None, None)
    for label, p, event in (
        ("territory cleared", headline.territory_cleared, events[0]),
        ("palace destroyed", headline.palace_destroyed, events[1]),
    ):
        print(f"{label}: {p} ({_percent(p).strip()})" + _mc_text(event))
    balance = headline.expected_power_balance
    print(f"expected power balance (destroyed minus lost): {balance} ({float(balance):.3f})")
    if report is not None:
        low, high = report.power_balance_interval
        print(f"Monte Carlo mean power balance: {report.mean_power_balance:.3f} [{low:.3f}, {high:.3f}]")
        verdict = "yes" if report.agrees else "NO"
        print(f"Monte Carlo ({report.samples} battles, seed {report.seed}) agrees with the exact figures: {verdict}")


def _mc_text(row: analysis.OddsRow | None) -> str:
    if row is None:
        return ""
    return f"  MC {row.frequency * 100:6.2f}% [{row.low * 100:5.1f}, {row.high * 100:5.1f}]{'' if row.agrees else ' !'}"


def _chance_json(p: Fraction) -> dict[str, Any]:
    """A probability as JSON: exact (a fraction's text) and as a percentage."""
    return {"probability": str(p), "percent": float(p) * 100}


def _mc_json(row: analysis.OddsRow) -> dict[str, Any]:
    return {
        "count": row.count,
        "frequency": row.frequency,
        "wilson_95": [row.low, row.high],
        "agrees": row.agrees,
    }
