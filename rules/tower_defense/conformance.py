"""Tower Defense's part of the conformance run: the sessions games start from and its own invariants."""

from __future__ import annotations

from typing import Any

from rules.core.conformance import Suite
from rules.core.events import Event
from rules.core.playout import Policy
from rules.tower_defense import engine, examples, policies
from rules.tower_defense.game import GAME
from rules.tower_defense.model import GameState
from rules.tower_defense.rulebook import RULEBOOK
from rules.tower_defense.variants import Rules

RULE_IDS = RULEBOOK.rule_ids()
TURN_LIMITS = (4, 8, 12)


def start(index: int) -> GameState:
    """Game `index`: the beginner scenario for one to four players, every fifth game the busy board; the
    sessions stop after 4, 8 or 12 turns."""
    rules = Rules(turn_limit=TURN_LIMITS[index % len(TURN_LIMITS)])
    if index % 5 == 4:
        return examples.busy_board(rules)
    return engine.new_game(examples.beginner_scenario(players=1 + index % 4), rules)


def lives_towers_and_rules(before: GameState, action: Any, after: GameState, events: tuple[Event, ...]) -> list[str]:
    """Lives never come back, no tower has negative depletion, every event cites a registered rule."""
    out: list[str] = []
    if after.lives > before.lives:
        out.append(f"lives went up from {before.lives} to {after.lives}")
    out += [f"the tower at {t.at} has depletion {t.depletion}" for t in after.towers if t.depletion < 0]
    out += [
        f"an event cites the unregistered rule {e.rule!r}"
        for e in events
        if e.rule not in RULE_IDS and not e.rule.startswith("variant.")
    ]
    return out


POLICY_NAMES = ("simple", "coop")


def seats(index: int) -> list[Policy[GameState]] | None:
    """Two games in three uniformly random; the third seats the simple or the coop policy at every seat (their
    actions are built apart from the engine's list, so the harness checks they carry the same ids)."""
    if index % 3 != 2:
        return None
    players = len(start(index).players)
    return [policies.policy(POLICY_NAMES[index // 3 % len(POLICY_NAMES)]) for _ in range(players)]


SUITE = Suite(
    game=GAME,
    start=start,
    invariants=(lives_towers_and_rules,),
    policies=seats,
)
