"""`tower-rules attack-the-tower ...`: examples, schema, validate, battle, play, ladder and sweep."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rules.attack_the_tower import engine, examples
from rules.attack_the_tower.actions import DeclareAttack
from rules.attack_the_tower.armies import ARMY_IDS, army_ids
from rules.attack_the_tower.armyfile import add_army_file_option, use_army_files
from rules.attack_the_tower.errors import IllegalAction
from rules.attack_the_tower.model import GameState
from rules.attack_the_tower.odds_cli import register_odds
from rules.attack_the_tower.policies import POLICIES, policy
from rules.attack_the_tower.variants import Rules
from rules.core import limits
from rules.core.chance import ChanceSampler
from rules.core.cli_positions import add_position_commands
from rules.core.jsonio import load_model
from rules.core.ladder import ladder, print_ladder
from rules.core.playout import play_out
from rules.line_export import add_export_test_command
from rules.sweeps.cli import add_sweep_command

SEED = limits.count_argument("--seed", 0, limits.MAX_SEED)
TURN_LIMIT = limits.count_argument("--turn-limit", 1, limits.MAX_TURN_LIMIT)


def register(games: Any) -> None:
    p = games.add_parser(
        "attack-the-tower",
        help="the two-player card game (seeds 004, 000, 001)",
        description="Attack the Tower: positions, battles and whole games.",
    )
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    add_position_commands(
        sub,
        model=GameState,
        examples=examples.EXAMPLES,
        example=examples.example,
        describe=lambda s: f"{s.phase}, turn {s.turn}",
    )
    add_export_test_command(sub, "attack-the-tower")
    add_sweep_command(sub, "attack-the-tower")

    ba = sub.add_parser("battle", help="resolve one battle from a position, step by step")
    ba.add_argument("file")
    ba.add_argument("--from", dest="origin", type=int, required=True, metavar="T", help="the attacking territory (1-3)")
    ba.add_argument("--to", dest="target", type=int, required=True, metavar="T", help="the defending territory (1-3)")
    ba.add_argument("--policy", default="greedy", choices=sorted(POLICIES), help="who allocates (default greedy)")
    ba.add_argument("--seed", type=SEED, default=0)
    ba.add_argument("--json", action="store_true", help="print events and the resulting position as JSON")
    add_army_file_option(ba)
    ba.set_defaults(run=_battle)

    pl = sub.add_parser("play", help="play a whole game between two policies")
    pl.add_argument("--armies", default="undead,bandits", help=f"two of: {', '.join(ARMY_IDS)}")
    pl.add_argument("--policy", default="planner", help="a policy, or two separated by a comma")
    pl.add_argument("--seed", type=SEED, default=0)
    pl.add_argument("--turn-limit", type=TURN_LIMIT, default=200, help=f"1 to {limits.MAX_TURN_LIMIT} (default 200)")
    pl.add_argument("--json", action="store_true")
    add_army_file_option(pl)
    pl.set_defaults(run=_play)

    la = sub.add_parser("ladder", help="each policy against the next one up, in both seats, with 95%% intervals")
    la.add_argument("--armies", default="undead,bandits", help=f"two of: {', '.join(ARMY_IDS)}")
    la.add_argument(
        "--policies", default=",".join(POLICIES), help=f"the policies, weakest first (default {','.join(POLICIES)})"
    )
    la.add_argument("--games", type=int, default=400, help="games per pair of policies, half in each seat")
    la.add_argument("--seed", type=int, default=0)
    la.add_argument("--turn-limit", type=int, default=200, help="a game not over by then is a draw")
    la.add_argument("--json", action="store_true")
    add_army_file_option(la)
    la.set_defaults(run=_ladder)

    register_odds(sub)


def _territory(value: int, flag: str) -> int:
    if not 1 <= value <= 3:
        raise IllegalAction(f"{flag} takes a territory number from 1 to 3, not {value}")
    return value - 1


def _battle(args: argparse.Namespace) -> int:
    use_army_files(args.army_file)
    state = load_model(GameState, args.file)
    if state.phase != "main":
        raise IllegalAction(f"a battle is declared in the second phase of a turn; this position is in {state.phase!r}")
    attack = DeclareAttack(
        player=state.attacker,
        origin=_territory(args.origin, "--from"),
        target=_territory(args.target, "--to"),
    )
    sampler = ChanceSampler(args.seed)
    chooser = policy(args.policy)
    state, events = engine.apply(state, attack)
    log = [events]
    while state.phase == "battle":
        state, events = engine.apply(state, chooser.choose(state, sampler, engine.acting_players(state)[0]))
        log.append(events)
    if args.json:
        out = {
            "events": [e.to_json() for step in log for e in step],
            "position": state.model_dump(mode="json"),
        }
        print(json.dumps(out, indent=2))
    else:
        for step in log:
            for event in step:
                print(event.narrate())
    return 0


def _armies(text: str) -> tuple[str, str]:
    armies = tuple(a.strip() for a in text.split(","))
    if len(armies) != 2 or any(a not in army_ids() for a in armies):
        raise IllegalAction(f"--armies takes two armies separated by a comma, from: {', '.join(army_ids())}")
    return armies[0], armies[1]


def _turn_limit(value: int) -> Rules:
    if value < 1:
        raise IllegalAction(f"--turn-limit takes a positive number of turns, not {value}")
    return Rules(turn_limit=value)


def _ladder(args: argparse.Namespace) -> int:
    use_army_files(args.army_file)
    armies = _armies(args.armies)
    rules = _turn_limit(args.turn_limit)
    if args.games < 2:
        raise IllegalAction(f"--games takes a number of games of at least 2, not {args.games}")
    chosen = [policy(n.strip()) for n in args.policies.split(",")]
    if len(chosen) < 2:
        raise IllegalAction("--policies takes at least two policies separated by commas, weakest first")
    rungs = ladder(engine.GAME, lambda: engine.new_game(armies, rules), chosen, args.games, seed=args.seed)
    about = {"game": "attack-the-tower", "armies": ",".join(armies), "games": args.games, "seed": args.seed}
    return print_ladder(rungs, as_json=args.json, about=about)


def _play(args: argparse.Namespace) -> int:
    use_army_files(args.army_file)
    armies = _armies(args.armies)
    names = [n.strip() for n in args.policy.split(",")]
    chosen = [policy(names[0]), policy(names[-1])]
    state = engine.new_game(armies, _turn_limit(args.turn_limit))
    line = play_out(engine.GAME, state, chosen, ChanceSampler(args.seed))
    result = engine.outcome(line.final)
    assert result is not None
    if args.json:
        print(
            json.dumps(
                {
                    "armies": armies,
                    "policies": [c.name for c in chosen],
                    "seed": args.seed,
                    "steps": line.steps,
                    "turns": line.final.turn,
                    "winner": result.winner,
                    "termination": result.termination.value,
                    "events": [e.to_json() for step in line.events for e in step],
                }
            )
        )
    else:
        for step in line.events:
            for event in step:
                print(event.narrate())
        winner = "nobody" if result.winner is None else engine.label(line.final, result.winner)
        print(
            f"Result: {result.termination.value} after {line.final.turn} turns ({line.steps} steps); winner: {winner}."
        )
    sys.stdout.flush()
    return 0
