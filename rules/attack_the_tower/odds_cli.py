"""`tower-rules attack-the-tower odds FILE --from T --to T`: the exact distribution of a battle's outcome.

`register_odds(sub)` adds the subcommand to the attack-the-tower subparsers (see `cli.register`).
"""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from typing import Any

from rules.attack_the_tower import analysis, engine
from rules.attack_the_tower.analysis.battle import OBJECTIVES, POLICY_NAMES
from rules.attack_the_tower.analysis.odds import policy_pair
from rules.attack_the_tower.armyfile import add_army_file_option, use_army_files
from rules.attack_the_tower.errors import IllegalAction
from rules.attack_the_tower.events import possessive
from rules.attack_the_tower.model import GameState
from rules.core import limits
from rules.core.jsonio import load_model


def register_odds(sub: Any) -> None:
    """Add `odds` to the `tower-rules attack-the-tower` subcommands."""
    od = sub.add_parser(
        "odds",
        help="the exact distribution of a battle's outcome under a policy (fractions and percentages)",
        description=(
            "Declare an attack and print the exact distribution of the battle's outcome (troops and power "
            "left on each side, bases destroyed, territory cleared, palace destroyed) when both sides follow "
            "a policy; with --samples, Monte Carlo frequencies and Wilson 95%% intervals beside each figure."
        ),
    )
    od.add_argument("file")
    od.add_argument("--from", dest="origin", type=int, required=True, metavar="T", help="attacking territory (1-3)")
    od.add_argument("--to", dest="target", type=int, required=True, metavar="T", help="defending territory (1-3)")
    od.add_argument(
        "--policy",
        default="optimal",
        metavar="P",
        help=f"one policy for both sides or 'attacker,defender', from: {', '.join(POLICY_NAMES)} (default optimal)",
    )
    od.add_argument(
        "--objective",
        default="power_balance",
        choices=sorted(OBJECTIVES),
        help="what the optimal policy optimises (default power_balance)",
    )
    od.add_argument(
        "--samples",
        type=limits.count_argument("--samples", 0, limits.MAX_SAMPLES),
        default=0,
        metavar="N",
        help=f"also simulate N battles (Monte Carlo), at most {limits.MAX_SAMPLES:,}",
    )
    od.add_argument(
        "--seed",
        type=limits.count_argument("--seed", 0, limits.MAX_SEED),
        default=0,
        help="seed of the Monte Carlo run",
    )
    od.add_argument(
        "--hidden-hand",
        action="store_true",
        help="the defender's hand is unknown: a chance step over the hands it may hold (docs/analysis.md)",
    )
    od.add_argument("--no-abilities", action="store_true", help="nobody plays abilities in the ability windows")
    od.add_argument("--json", action="store_true", help="print the distribution as JSON")
    add_army_file_option(od)
    od.set_defaults(run=_odds)


def _territory(value: int, flag: str) -> int:
    if not 1 <= value <= 3:
        raise IllegalAction(f"{flag} takes a territory number from 1 to 3, not {value}")
    return value - 1


def _percent(p: Fraction) -> str:
    return f"{float(p) * 100:6.2f}%"


def _odds(args: argparse.Namespace) -> int:
    origin = _territory(args.origin, "--from")
    target = _territory(args.target, "--to")
    attacker_policy, defender_policy = policy_pair(args.policy)
    if args.samples < 0:
        raise IllegalAction(f"--samples takes a number of battles, at least 0, not {args.samples}")
    use_army_files(args.army_file)
    state = load_model(GameState, args.file)
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
    if args.json:
        mc = {o: r for o, r in report.outcomes} if report else {}
        out: dict[str, Any] = {
            "attack": {"attacker": who[0], "defender": who[1], "from": args.origin, "to": args.target},
            "policies": {"attacker": attacker_policy, "defender": defender_policy},
            "objective": args.objective,
            "hidden_hand": args.hidden_hand,
            "play_abilities": not args.no_abilities,
            "outcomes": [
                {
                    "outcome": outcome.summary(),
                    "probability": str(p),
                    "percent": float(p) * 100,
                    **({"monte_carlo": _mc_json(mc[outcome])} if outcome in mc else {}),
                }
                for outcome, p in rows
            ],
            "territory_cleared": {
                "probability": str(headline.territory_cleared),
                "percent": float(headline.territory_cleared) * 100,
            },
            "palace_destroyed": {
                "probability": str(headline.palace_destroyed),
                "percent": float(headline.palace_destroyed) * 100,
            },
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
        print(json.dumps(out, indent=2))
        return 0
    print(
        f"{who[0]} attacks from territory {args.origin} against {possessive(who[1])} territory {args.target}: "
        f"attacker {attacker_policy}, defender {defender_policy}"
        + (f" (optimal for {args.objective})" if "optimal" in policies else "")
        + ("; the defender's hand is hidden" if args.hidden_hand else "")
        + ("; no abilities played" if args.no_abilities else "")
    )
    mc_rows = {o: r for o, r in report.outcomes} if report else {}
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
    return 0


def _mc_text(row: analysis.OddsRow | None) -> str:
    if row is None:
        return ""
    return f"  MC {row.frequency * 100:6.2f}% [{row.low * 100:5.1f}, {row.high * 100:5.1f}]{'' if row.agrees else ' !'}"


def _mc_json(row: analysis.OddsRow) -> dict[str, Any]:
    return {
        "count": row.count,
        "frequency": row.frequency,
        "wilson_95": [row.low, row.high],
        "agrees": row.agrees,
    }
