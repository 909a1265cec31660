"""`tower-rules tower-defense ...`: examples, schema, validate, boost, move, plan, income, play, ladder and sweep."""

from __future__ import annotations

import argparse
import json
from typing import Any

from rules.core import limits
from rules.core.chance import ChanceSampler
from rules.core.cli_positions import print_events, print_played
from rules.core.descriptor import CliTools
from rules.core.ladder import add_ladder_options, ladder, ladder_bar, ladder_policies, print_ladder
from rules.core.playout import play_out
from rules.core.records import json_data
from rules.tower_defense import analysis, catalog, engine, examples
from rules.tower_defense.cards import CREDIT_TYPES
from rules.tower_defense.catalog import is_tower_card
from rules.tower_defense.engine import movement
from rules.tower_defense.errors import IllegalAction
from rules.tower_defense.game import GAME
from rules.tower_defense.policies import LADDER, POLICIES, policy
from rules.tower_defense.variants import PLAY_TURN_LIMIT, Rules


def add_commands(sub: Any, tools: CliTools) -> None:
    """The game's own subcommands (the generic ones are added by rules.cli from its descriptor)."""
    del tools  # plays every ladder here
    bo = sub.add_parser("boost", help="every damage a tower can reach with the credits on hand, the cheapest way")
    bo.add_argument("--tower", required=True, help="the tower card, e.g. boost.1 (Mark I Boost) or standard.2")
    bo.add_argument(
        "--level",
        type=limits.count_argument("--level", 1, Rules().max_level),
        default=1,
        help=f"the tower's level, 1 to {Rules().max_level} (default 1)",
    )
    bo.add_argument("--credits", default="", help="credit cards on hand, comma separated, e.g. boost.1,standard.1")
    bo.add_argument("--already", default="", help="credit types discarded on it earlier this turn, e.g. boost")
    bo.add_argument("--json", action="store_true", help="print the boost's outcomes as JSON")
    bo.set_defaults(run=_boost)

    mv = sub.add_parser("move", help="carry out one movement phase (Phase 3) of a position, narrated")
    mv.add_argument("file")
    mv.add_argument("--json", action="store_true", help="print events and the resulting position as JSON")
    mv.set_defaults(run=_move)

    pl = sub.add_parser("plan", help="the attacks that defeat the most units this turn")
    pl.add_argument("file")
    pl.add_argument("--json", action="store_true", help="print the attacks as JSON")
    pl.set_defaults(run=_plan)

    inc = sub.add_parser("income", help="the exact distribution of the next income's credits")
    inc.add_argument("file")
    inc.add_argument("--json", action="store_true", help="print the distribution as JSON")
    inc.set_defaults(run=_income)

    py = sub.add_parser("play", help="play a whole session of a scenario with a policy")
    py.add_argument("--scenario", default="beginner", help=f"one of: {', '.join(examples.SCENARIOS)}")
    py.add_argument(
        "--players", type=limits.count_argument("--players", 1, 4), default=2, help="1 to 4 players (default 2)"
    )
    py.add_argument("--policy", default="planner", choices=sorted(POLICIES), help="who plays (default planner)")
    limits.add_seed_option(py, "the seed of the session's deals")
    py.add_argument(
        "--turn-limit",
        type=limits.count_argument("--turn-limit", 1, limits.MAX_TURN_LIMIT),
        default=PLAY_TURN_LIMIT,
        help=f"1 to {limits.MAX_TURN_LIMIT} (default {PLAY_TURN_LIMIT})",
    )
    py.add_argument("--json", action="store_true", help="print the events and the result as JSON")
    py.set_defaults(run=_play)

    _register_ladder(sub)


def _register_ladder(sub: Any) -> None:
    """`ladder`: each policy's win rate beside the next one up (every count range-checked)."""
    la = sub.add_parser("ladder", help="each policy's win rate beside the next one up, with 95%% intervals")
    la.add_argument("--scenario", default="beginner", help=f"one of: {', '.join(examples.SCENARIOS)}")
    la.add_argument(
        "--players",
        type=limits.count_argument("--players", 1, 4),
        default=2,
        help="1 to 4 players, every seat the same policy (default 2)",
    )
    add_ladder_options(la, LADDER, "sessions per policy (the same seeds for each)")
    la.add_argument(
        "--turn-limit",
        type=limits.count_argument("--turn-limit", 1, limits.MAX_TURN_LIMIT),
        default=PLAY_TURN_LIMIT,
        help=f"1 to {limits.MAX_TURN_LIMIT}: a session still going after this many turns counts as not won"
        f" (default {PLAY_TURN_LIMIT})",
    )
    la.set_defaults(run=_ladder)


def _ladder(args: argparse.Namespace) -> int:
    scenario = examples.scenario(args.scenario, args.players)
    rules = Rules(turn_limit=args.turn_limit)
    chosen = ladder_policies(args.policies, policy)
    with ladder_bar(GAME, chosen, args.games, args.no_progress) as bar:
        rungs = ladder(
            GAME,
            lambda: engine.new_game(scenario, rules),
            chosen,
            args.games,
            seed=args.seed,
            players=args.players,
            progress=bar.advance,
        )
    about = {"game": "tower-defense", "scenario": scenario.name, "players": args.players, "games": args.games}
    return print_ladder(rungs, as_json=args.json, about={**about, "seed": args.seed})


def _cards(text: str) -> list[str]:
    cards = [c.strip() for c in text.split(",") if c.strip()]
    for c in cards:
        if not is_tower_card(c):
            raise IllegalAction(f"--credits: {c!r} is not a card; write <type>.<mark>, e.g. boost.1 or standard.2")
    return cards


def _boost(args: argparse.Namespace) -> int:
    if not is_tower_card(args.tower):
        raise IllegalAction(f"--tower: {args.tower!r} is not a tower; towers: {', '.join(catalog.towers())}")
    already = [c.strip() for c in args.already.split(",") if c.strip()]
    if any(k not in CREDIT_TYPES for k in already):
        raise IllegalAction(f"--already takes credit types: {', '.join(CREDIT_TYPES)}")
    options = analysis.boost_options(args.tower, args.level, _cards(args.credits), Rules(), already)
    if args.json:
        print(
            json.dumps(
                [{"damage": o.damage, "bonus": o.bonus, "cards": o.cards, "credits": o.credits} for o in options],
                indent=2,
            )
        )
        return 0
    name = catalog.tower(args.tower).name
    print(f"Level {args.level} {name}:")
    for o in options:
        how = ", ".join(o.cards) if o.cards else "no boost"
        print(f"  {o.damage:3} damage (+{o.bonus}) for {o.credits} credit(s): {how}")
    return 0


def _move(args: argparse.Namespace) -> int:
    state = GAME.positions.load(args.file)
    if state.phase == "game_over":
        raise IllegalAction("the game session is over: no wave moves", "end.victory")
    state, events = movement.move_all(state)
    state, more = engine.check_end(state)
    print_events((*events, *more), GAME.positions.data(state), as_json=args.json)
    if not args.json and not (events or more):
        print("no wave is on the field to move (phase.3 movement): nothing happens")
    return 0


def _plan(args: argparse.Namespace) -> int:
    state = GAME.positions.load(args.file)
    plan = analysis.plan_turn(state)
    if args.json:
        print(
            json.dumps(
                {
                    "defeated": plan.defeated,
                    "credits": plan.credits,
                    "actions": [json_data(a) for a in plan.actions],
                    "targets": [
                        {
                            "wave": t.wave,
                            "unit": t.unit + 1,
                            "hit_points": t.hit_points,
                            "in_range": t.in_range,
                            "alone": t.alone,
                        }
                        for t in plan.targets
                    ],
                },
                indent=2,
            )
        )
    else:
        print("\n".join(plan.describe()))
    return 0


def _income(args: argparse.Namespace) -> int:
    state = GAME.positions.load(args.file)
    dist = analysis.income_distribution(state)
    rows = sorted(dist.items(), key=lambda kv: (-kv[1], kv[0]))
    if args.json:
        print(json.dumps([{"credits": list(k), "probability": str(p)} for k, p in rows], indent=2))
        return 0
    for cards, p in rows:
        print(f"{p!s:>12}  {float(p):7.2%}  {', '.join(cards)}")
    return 0


def _play(args: argparse.Namespace) -> int:
    scenario = examples.scenario(args.scenario, args.players)
    state = engine.new_game(scenario, Rules(turn_limit=args.turn_limit))
    chooser = policy(args.policy)
    line = play_out(GAME, state, [chooser] * args.players, ChanceSampler(args.seed))
    result = engine.outcome(line.final)
    assert result is not None
    about = {
        "scenario": scenario.name,
        "policy": chooser.name,
        "seed": args.seed,
        "steps": line.steps,
        "turns": line.final.turn,
        "termination": result.termination.value,
        "lives": line.final.lives,
    }
    said = (
        f"Result: {result.termination.value} after {line.final.turn} turns ({line.steps} steps), "
        f"{line.final.lives} lives remaining."
    )
    return print_played(line.events, as_json=args.json, about=about, result=said)
