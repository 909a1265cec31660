"""`tower-rules the-tower ...`: examples, schema, validate, play, simulate, ladder, fight, odds and sweep."""

from __future__ import annotations

import argparse
import difflib
import json
from fractions import Fraction
from typing import Any

from rules.core import limits
from rules.core.chance import ChanceSampler
from rules.core.cli_positions import print_played
from rules.core.descriptor import CliTools
from rules.core.distribution import Distribution
from rules.core.jsonio import escape, parse_model, parse_value_text
from rules.core.ladder import add_ladder_options, ladder, ladder_bar, ladder_policies, print_ladder
from rules.core.playout import play_out
from rules.core.protocol import CHANCE, TERMINAL
from rules.core.records import json_data
from rules.core.rules_base import field_paths, rules_data
from rules.the_tower import analysis, cards, engine, text
from rules.the_tower.analysis import Choice, Plan
from rules.the_tower.errors import IllegalAction
from rules.the_tower.game import GAME
from rules.the_tower.model import FACE_DOWN, GameState, hit_damage
from rules.the_tower.policies import POLICIES, policy
from rules.the_tower.variants import Rules


def add_commands(sub: Any, tools: CliTools) -> None:
    """The game's own subcommands (the generic ones are added by rules.cli from its descriptor)."""
    del tools  # plays every ladder here
    pl = sub.add_parser("play", help="play a whole game with a policy")
    pl.add_argument(
        "--policy",
        default="greedy",
        choices=sorted(POLICIES),
        help="who plays (default greedy, quick to watch; expectimax plays far better, about 0.3 s a game)",
    )
    limits.add_seed_option(pl, "the seed of the game's deal")
    _variant_option(pl)
    pl.add_argument("--json", action="store_true", help="print the events and the result as JSON")
    pl.set_defaults(run=_play)

    _register_simulate(sub)

    la = sub.add_parser("ladder", help="each policy's win rate beside the next one up, with 95%% intervals")
    add_ladder_options(la, list(POLICIES), "games per policy (the same seeds for each)")
    _variant_option(la)
    la.set_defaults(run=_ladder)

    fi = sub.add_parser("fight", help="the best way to fight each known monster, and every alternative")
    fi.add_argument("file")
    fi.add_argument("--json", action="store_true", help="print the plans as JSON")
    fi.set_defaults(run=_fight)

    od = sub.add_parser("odds", help="what lies behind each room, what its fight costs, what each choice is worth")
    od.add_argument("file")
    od.add_argument(
        "--lookahead",
        choices=("next_fight", "all_points"),
        default="next_fight",
        help="between fights, value each choice by the next fight fought right after it (default), or by the "
        "best way to spend every point left first (exact, slower; refused when too large a search)",
    )
    od.add_argument("--json", action="store_true", help="print the odds and the choices' values as JSON")
    od.set_defaults(run=_odds)


def _register_simulate(sub: Any) -> None:
    """`simulate`: one policy's win rate over many games (every count range-checked)."""
    si = sub.add_parser("simulate", help="win rate of a policy over many games, with its 95%% interval")
    si.add_argument(
        "--policy",
        default="expectimax",
        choices=sorted(POLICIES),
        help="who plays (default expectimax, the policy sweep and balance use: about 0.3 s a game; greedy and "
        "random are quick and win far less)",
    )
    si.add_argument(
        "--games",
        type=limits.count_argument("--games", 1, limits.MAX_GAMES),
        default=200,
        help=f"games to play, 1 to {limits.MAX_GAMES:,} (default 200)",
    )
    limits.add_seed_option(si, "the seed every game's deal derives from; a ladder's same --seed deals the same games")
    si.add_argument("--no-progress", action="store_true", help="no progress bar")
    _variant_option(si)
    si.add_argument("--json", action="store_true", help="print the win rate and its interval as JSON")
    si.set_defaults(run=_simulate)


def _variant_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="FIELD=VALUE",
        help="a rules field, e.g. starting_hp=14 or fight_actions=when_stuck (repeatable)",
    )


def rules_from(pairs: list[str]) -> Rules:
    """Rules from FIELD=VALUE pairs, a nested field whole (`jack={...}`) or dotted as a sweep names it (`jack.hp=8`);
    each value read as
    one JSON value when it is one, else as text; none is no value. A field given twice is refused (the last
    value won without a word). Types are strict: `true` is not a number and `2.0` is not a whole number."""
    known = [*Rules.model_fields, *(path for path in field_paths(Rules) if path not in Rules.model_fields)]
    values: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or not key:
            raise IllegalAction(f"--variant takes FIELD=VALUE, not {escape(repr(pair))}")
        key = key.strip()
        if key not in known:
            close = difflib.get_close_matches(key, known, n=1)
            hint = f"; did you mean {close[0]}?" if close else f"; fields: {', '.join(known)}"
            raise IllegalAction(f"--variant: the rules have no field {escape(repr(key))}{hint}")
        if key in values:
            raise IllegalAction(f"--variant sets {escape(key)} twice; give it one value")
        whole = key.split(".")[0]
        if any(k.split(".")[0] == whole for k in values) and (whole in values or key == whole):
            raise IllegalAction(f"--variant sets {escape(whole)} whole and one of its fields; give one of the two")
        values[key] = None if text.strip().lower() == "none" else parse_value_text(text, source=f"--variant {key}")
    return parse_model(Rules, json.dumps(rules_data(Rules, values)), source="--variant")


# ---- formatting -------------------------------------------------------------------------------------
def _p(x: Fraction) -> str:
    """A probability, exact and as a percentage: '1/2 (50.0%)', or 'certain' and 'never'."""
    if x == 1:
        return "certain"
    if x == 0:
        return "never"
    return f"{x} ({float(x):.1%})"


def _fraction_json(x: Fraction) -> dict[str, Any]:
    return {"exact": str(x), "float": float(x)}


def _distribution_json(dist: Distribution[Any], label: str) -> list[dict[str, Any]]:
    return [{label: list(v) if isinstance(v, tuple) else v, **_fraction_json(p)} for v, p in dist.items()]


def _plan_json(plan: Plan) -> dict[str, Any]:
    return {
        "cards": list(plan.cards),
        "damage": list(plan.damage),
        "hits": plan.hits,
        "hp_lost": plan.hp_lost,
        "survives": plan.survives,
        "value_spent": plan.value_spent,
        "potion_value_spent": plan.potion_value_spent,
        "text": plan.describe(),
    }


def _choice_json(choice: Choice) -> dict[str, Any]:
    o = choice.outlook
    return {
        "action": json_data(choice.action),
        "text": text.describe_action(choice.action),
        "slay": _fraction_json(o.slay),
        "hp_after": _fraction_json(o.hp_after),
        "cards_kept": _fraction_json(o.cards_kept),
        "hp_behind": _fraction_json(choice.hp_behind),
        "slay_behind": _fraction_json(choice.slay_behind),
    }


def _print_choices(title: str, choices: tuple[Choice, ...]) -> None:
    print(title)
    for i, c in enumerate(choices):
        behind = (
            "best" if i == 0 else f"{float(c.hp_behind):.2f} HP behind, {float(c.slay_behind):.1%} less likely to slay"
        )
        print(f"  {c.describe()}  [{behind}]")


# ---- commands ---------------------------------------------------------------------------------------


def _play(args: argparse.Namespace) -> int:
    rules = rules_from(args.variant)
    chooser = policy(args.policy)
    line = play_out(GAME, engine.new_game(rules), [chooser], ChanceSampler(args.seed))
    result = engine.outcome(line.final)
    assert result is not None
    won = result.won
    about = {
        "policy": chooser.name,
        "seed": args.seed,
        "won": won,
        "termination": result.termination.value,
        "steps": line.steps,
        "floor": line.final.floor_number,
        "monsters_slain": len(line.final.room_waste),
        "hp": line.final.hp,
    }
    said = (
        f"Result: {'won' if won else 'lost'} ({result.termination.value}) on floor {line.final.floor_number}, "
        f"{len(line.final.room_waste)} monsters slain, {line.steps} steps."
    )
    return print_played(line.events, as_json=args.json, about=about, result=said)


def _simulate(args: argparse.Namespace) -> int:
    rules = rules_from(args.variant)
    rate = analysis.simulate(
        args.policy, args.games, seed=args.seed, rules=rules, progress=False if args.no_progress else None
    )
    if args.json:
        print(
            json.dumps(
                {
                    "policy": rate.policy,
                    "games": rate.games,
                    "wins": rate.wins,
                    "rate": float(rate.rate),
                    "ci95": [rate.low, rate.high],
                    "monsters_slain": rate.monsters_slain,
                }
            )
        )
    else:
        print(rate.describe())
    return 0


def _ladder(args: argparse.Namespace) -> int:
    rules = rules_from(args.variant)
    chosen = ladder_policies(args.policies, policy)
    with ladder_bar(GAME, chosen, args.games, args.no_progress) as bar:
        rungs = ladder(
            GAME, lambda: engine.new_game(rules), chosen, args.games, seed=args.seed, players=1, progress=bar.advance
        )
    about = {
        "game": "the-tower",
        "variant": " ".join(args.variant) or "default rules",
        "games": args.games,
        "seed": args.seed,
    }
    return print_ladder(rungs, as_json=args.json, about=about)


def _known_rooms(state: GameState) -> list[tuple[int, str, int]]:
    """(slot, room card, monster HP) of the monster fought, or of every face-up room."""
    if state.fight is not None:
        room = state.monster_card
        assert room is not None
        return [(state.fight.room, room, state.fight.monster_hp)]
    return [
        (i, s, state.rules.monster(cards.rank(s)).hp)
        for i, s in enumerate(state.floor)
        if s is not None and s != FACE_DOWN
    ]


def _fight(args: argparse.Namespace) -> int:
    state = _load_decision(args.file)
    known = _known_rooms(state)
    if not known:
        raise IllegalAction(
            "no monster is face up in this position; `odds` gives the odds of the face-down rooms",
            "fight.choose room",
        )
    plans = analysis.plans_on_table(state)
    advice = analysis.fight_advice(state) if state.fight is not None else ()
    rooms = []
    for slot, room, left in known:
        strike = state.rules.monster_damage(cards.rank(room), state.floor_number)
        unusable = [c for c in state.hand if hit_damage(c, room, state.rules) is None]
        rooms.append((slot, room, left, strike, plans[slot], unusable))
    if args.json:
        out = {
            "hp": state.hp,
            "floor": state.floor_number,
            "rooms": [
                {
                    "room": slot + 1,
                    "card": room,
                    "name": cards.name(room),
                    "monster_hp": left,
                    "strike": strike,
                    "plans": [_plan_json(p) for p in room_plans],
                    "cannot_hit": unusable,
                }
                for slot, room, left, strike, room_plans, unusable in rooms
            ],
            "advice": [_choice_json(c) for c in advice],
            "advice_basis": "fight" if advice else None,
        }
        print(json.dumps(out, indent=2))
        return 0
    for slot, room, left, strike, room_plans, unusable in rooms:
        print(
            f"Room {slot + 1}: the {cards.name(room)}, {left} HP, strikes {strike} on floor "
            f"{state.floor_number}; the player has {state.hp} HP."
        )
        if not room_plans:
            print("  The cards in hand cannot slay it.")
        for i, plan in enumerate(room_plans):
            print(f"  {'Best' if i == 0 else 'Also'}: {plan.describe()}")
        if unusable:
            print(f"  Cannot hit it (same suit): {', '.join(cards.name(c) for c in unusable)}.")
    if advice:
        _print_choices("Each choice now, with the exact outlook of the fight:", advice)
    return 0


def _load_decision(path: str) -> GameState:
    """A position file where the player is to choose (not over, no card being revealed)."""
    state = GAME.positions.load(path)
    if engine.current_player(state) == TERMINAL:
        raise IllegalAction("the game in this position is over", "end.lose")
    if engine.current_player(state) == CHANCE:
        raise IllegalAction("a card is being drawn or a room turned face up in this position", "setup.decks")
    return state


def _odds(args: argparse.Namespace) -> int:
    state = _load_decision(args.file)
    if state.fight is not None:
        odds, advice, outlook = [], analysis.fight_advice(state), analysis.fight_outlook(state)
    else:
        odds = [analysis.room_odds(state, i) for i, s in enumerate(state.floor) if s is not None]
        advice, outlook = analysis.point_advice(state, lookahead=args.lookahead), None
    if args.json:
        out: dict[str, Any] = {
            "hp": state.hp,
            "action_points": state.action_points,
            "rooms": [
                {
                    "room": o.room + 1,
                    "face_down": state.floor[o.room] == FACE_DOWN,
                    "monsters": _distribution_json(o.monsters, "card"),
                    "ends": _distribution_json(o.ends, "end"),
                    "hp_cost": _distribution_json(o.hp_cost, "hp"),
                    "slay": _fraction_json(o.outlook.slay),
                    "hp_after": _fraction_json(o.outlook.hp_after),
                }
                for o in odds
            ],
            "advice": [_choice_json(c) for c in advice],
            "advice_basis": "fight" if state.fight is not None else args.lookahead,
        }
        if outlook is not None:
            out["fight"] = {"slay": _fraction_json(outlook.slay), "hp_after": _fraction_json(outlook.hp_after)}
        print(json.dumps(out, indent=2))
        return 0
    down = [o.room + 1 for o in odds if state.floor[o.room] == FACE_DOWN]
    for o in odds:
        if state.floor[o.room] == FACE_DOWN:
            if o.room + 1 != down[0]:
                continue  # every face-down room has the same odds: shown once
            by_rank = o.monsters.map(cards.rank)
            shown = sorted(by_rank.items(), key=lambda item: cards.FACES.index(item[0]))
            label = "Room" if len(down) == 1 else "Rooms"
            print(f"{label} {', '.join(map(str, down))} (face down):")
            print("  behind it: " + ", ".join(f"{cards.FACE_NAMES[r]} {_p(p)}" for r, p in shown))
        else:
            print(f"Room {o.room + 1}: the {cards.name(o.monsters.outcomes()[0])}")
        costs = sorted(o.hp_cost.items())
        print("  HP the fight costs: " + ", ".join(f"{hp} HP: {_p(p)}" for hp, p in costs))
        print(f"  {o.outlook.describe()}; the player survives: {_p(o.survival())}")
    if outlook is not None:
        print(f"The fight in progress: {outlook.describe()}")
    if state.fight is not None:
        title = "Each choice now, with the exact outlook of the fight:"
    else:
        title = f"Each choice now ({analysis.LOOKAHEAD_WORDS[args.lookahead]}):"
    _print_choices(title, advice)
    return 0
