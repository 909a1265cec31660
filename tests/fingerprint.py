"""The behaviour fingerprint: seeded whole games of all three games, every policy, hashed.

Each game's fingerprint is a SHA-256 over every seeded game's action ids, every event sentence and the
final position's JSON. A change that keeps the rules (a restructuring, a faster engine) keeps every
fingerprint; `tests/core/test_fingerprint.py` compares them with `tests/fingerprint.json`. After a change
that is meant to alter play, write the file again: `python tests/fingerprint.py --write`.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rules.core.chance import ChanceSampler
from rules.core.playout import Policy, play_out
from rules.core.protocol import Game

STORED = Path(__file__).with_name("fingerprint.json")
Seats = Callable[[], Sequence[Policy[Any]]]


def _attack_the_tower() -> tuple[Game[Any, Any], list[tuple[str, Any, Seats]]]:
    from rules.attack_the_tower import engine, examples, policies
    from rules.attack_the_tower.game import GAME
    from rules.attack_the_tower.variants import Rules

    rules = Rules(turn_limit=20, max_burns=1)
    cases: list[tuple[str, Any, Seats]] = []
    for first, second in (("random", "random"), ("greedy", "random"), ("planner", "greedy"), ("planner", "planner")):
        for armies in (("undead", "bandits"), ("westerners", "easterners")):
            start = engine.new_game(armies, rules)
            cases.append((f"{first}-{second} {'-'.join(armies)}", start, _seats(policies.policy, first, second)))
    for name in examples.EXAMPLES:
        cases.append((f"greedy example {name}", examples.example(name), _seats(policies.policy, "greedy", "greedy")))
    return GAME, cases


def _the_tower() -> tuple[Game[Any, Any], list[tuple[str, Any, Seats]]]:
    from rules.the_tower import engine, examples, policies
    from rules.the_tower.game import GAME
    from rules.the_tower.variants import Rules

    cases: list[tuple[str, Any, Seats]] = []
    for name in ("random", "greedy", "expectimax"):
        for rules in (Rules(), Rules(starting_hp=14), Rules(stuck="flee", fight_actions="when_stuck")):
            cases.append((f"{name} {rules!r}", engine.new_game(rules), _seats(policies.policy, name)))
    for name in examples.EXAMPLES:
        cases.append((f"random example {name}", examples.example(name), _seats(policies.policy, "random")))
    return GAME, cases


def _tower_defense() -> tuple[Game[Any, Any], list[tuple[str, Any, Seats]]]:
    from rules.tower_defense import engine, examples, policies
    from rules.tower_defense.game import GAME
    from rules.tower_defense.variants import Rules

    cases: list[tuple[str, Any, Seats]] = []
    for name in ("random", "simple", "coop"):
        for players in (1, 2):
            start = engine.new_game(examples.beginner_scenario(players=players), Rules(turn_limit=8))
            cases.append((f"{name} {players} players", start, _seats(policies.policy, *[name] * players)))
    for name in examples.EXAMPLES:
        start = examples.example(name)
        players = GAME.num_players(start)
        cases.append((f"simple example {name}", start, _seats(policies.policy, *["simple"] * players)))
    return GAME, cases


def _seats(make: Callable[[str], Policy[Any]], *names: str) -> Seats:
    return lambda: [make(name) for name in names]


GAMES: dict[str, Callable[[], tuple[Game[Any, Any], list[tuple[str, Any, Seats]]]]] = {
    "attack_the_tower": _attack_the_tower,
    "the_tower": _the_tower,
    "tower_defense": _tower_defense,
}
SEEDS = (0, 1, 2)
MAX_STEPS = 3_000
"""A guard: every case ends well before this (the rules above bound each game)."""


def fingerprint(name: str) -> dict[str, Any]:
    """One game's fingerprint: the hash, and the games, steps and sentences it covers."""
    game, cases = GAMES[name]()
    digest = hashlib.sha256()
    games = steps = sentences = 0
    for label, start, seats in cases:
        for seed in SEEDS:
            ids: list[int] = []

            def record(state: Any, action: Any, after: Any, events: Any, ids: list[int] = ids) -> None:
                ids.append(game.action_id(state, action))

            line = play_out(game, start, seats(), ChanceSampler(seed), max_steps=MAX_STEPS, on_step=record)
            digest.update(f"{label} seed {seed}\n".encode())
            digest.update(json.dumps(ids).encode())
            for happened in line.events:
                for event in happened:
                    digest.update(event.sentence().encode() + b"\n")
                    sentences += 1
            digest.update(game.positions.text(line.final, indent=None).encode())
            games += 1
            steps += line.steps
    return {"sha256": digest.hexdigest(), "games": games, "steps": steps, "sentences": sentences}


def fingerprints() -> dict[str, dict[str, Any]]:
    return {name: fingerprint(name) for name in GAMES}


def main(argv: list[str]) -> int:
    found = fingerprints()
    print(json.dumps(found, indent=2))
    if "--write" in argv:
        STORED.write_text(json.dumps(found, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
