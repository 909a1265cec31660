"""The Tower's part of the conformance run: games under every variant, and its own invariants."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rules.core.conformance import Suite
from rules.core.events import Event
from rules.the_tower import cards, engine
from rules.the_tower.game import GAME
from rules.the_tower.model import FACE_DOWN, GameState
from rules.the_tower.rulebook import RULEBOOK
from rules.the_tower.variants import Rules

REGISTERED = RULEBOOK.rule_ids()
VARIANTS: tuple[Rules, ...] = (
    Rules(),
    Rules(starting_hp=14),
    Rules(fight_actions="when_stuck"),
    Rules(fight_actions="always", starting_hp=14),
    Rules(stuck="flee", fight_actions="when_stuck"),
    Rules(stuck="flee", starting_hp=14),
    Rules(may_leave_fight=True),
    Rules(may_leave_fight=True, fight_actions="when_stuck"),
    Rules(hand_limit=6, starting_hp=14),
    Rules(empty_deck="reshuffle", starting_hp=30),
    Rules(room_chosen="before_actions"),
    Rules(room_chosen="before_actions", stuck="flee", starting_hp=14),
    Rules(spend_all_points_before_fight=True),
    Rules(rooms_per_floor=2, damage_beyond_table="as_last_floor", starting_hp=14),
    Rules(rooms_per_floor=3, starting_hp=14),
    Rules(hp_cap=10, starting_hp=8),
)


def start(index: int) -> GameState:
    """Game `index`: a new game under the variants in turn (the rulebook's rules every other game)."""
    return engine.new_game(Rules() if index % 2 == 0 else VARIANTS[(index // 2) % len(VARIANTS)])


def all_cards(state: GameState) -> Counter[str]:
    """Every card identified somewhere: piles, hand, wastes, face-up rooms and the unseen rooms."""
    face_up = [s for s in state.floor if s is not None and s != FACE_DOWN]
    return Counter(
        [
            *state.hand,
            *state.attack_deck,
            *state.potion_deck,
            *state.unseen_rooms,
            *state.attack_waste,
            *state.potion_waste,
            *state.room_waste,
            *face_up,
        ]
    )


def cards_hp_and_points(before: GameState, action: Any, after: GameState, events: tuple[Event, ...]) -> list[str]:
    """Every card exactly once, HP and points never negative, a fighter alive, a kill never costs points,
    every event cites a registered rule."""
    out: list[str] = []
    if all_cards(after) != Counter(cards.ALL_CARDS):
        out.append("a card appeared or vanished")
    if after.hp < 0 or after.action_points < 0:
        out.append(f"HP {after.hp} or action points {after.action_points} below 0")
    if after.fight is not None and after.hp <= 0:
        out.append("a fight goes on with the player dead")
    killed = len(after.room_waste) > len(before.room_waste)
    if before.phase == "fight" and after.phase == "actions" and killed and after.action_points < before.action_points:
        out.append("a kill cost action points")
    out += [f"an event cites the unregistered rule {e.rule!r}" for e in events if e.rule not in REGISTERED]
    return out


SUITE = Suite(game=GAME, start=start, invariants=(cards_hp_and_points,))
