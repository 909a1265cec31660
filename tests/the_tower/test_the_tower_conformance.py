"""Conformance: random whole games under every variant, checking the invariants after every step.

After each step: the position re-validates (so the 52 cards stand exactly once, HP >= 0, the floor agrees
with the room deck...), it saves as JSON and loads back equal, chance outcomes sum to exactly 1, a
non-final position always offers a choice, and every event cites a registered rule. At the end, replaying
the actions from the start gives the same position.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from rules.core.chance import ChanceSampler
from rules.core.jsonio import dump_model, parse_model
from rules.core.outcome import Termination
from rules.core.playout import play_out
from rules.core.protocol import CHANCE
from rules.the_tower import cards, engine, examples
from rules.the_tower.model import FACE_DOWN, GameState
from rules.the_tower.policies import GreedyPolicy, RandomPolicy
from rules.the_tower.rulebook import RULEBOOK
from rules.the_tower.variants import Rules

REGISTERED = RULEBOOK.rule_ids()

VARIANTS: dict[str, Rules] = {
    "default": Rules(),
    "board-14-hp": Rules(starting_hp=14),
    "when-stuck": Rules(fight_actions="when_stuck"),
    "always": Rules(fight_actions="always", starting_hp=14),
    "flee-when-stuck": Rules(stuck="flee", fight_actions="when_stuck"),
    "flee": Rules(stuck="flee", starting_hp=14),
    "leave-at-will": Rules(may_leave_fight=True),
    "leave-when-stuck": Rules(may_leave_fight=True, fight_actions="when_stuck"),
    "hand-of-six": Rules(hand_limit=6, starting_hp=14),
    "reshuffle": Rules(empty_deck="reshuffle", starting_hp=30),
    "room-first": Rules(room_chosen="before_actions"),
    "room-first-flee": Rules(room_chosen="before_actions", stuck="flee", starting_hp=14),
    "spend-all": Rules(spend_all_points_before_fight=True),
    "two-a-floor": Rules(rooms_per_floor=2, damage_beyond_table="as_last_floor", starting_hp=14),
    "three-a-floor": Rules(rooms_per_floor=3, starting_hp=14),
    "hp-cap": Rules(hp_cap=10, starting_hp=8),
}


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


def check_step(before: GameState, action: Any, after: GameState, events: tuple[Any, ...]) -> None:
    assert all_cards(after) == Counter(cards.ALL_CARDS), "every card exactly once"
    assert after.hp >= 0 and after.action_points >= 0
    assert GameState.model_validate(after.model_dump()) == after
    assert parse_model(GameState, dump_model(after)) == after
    for event in events:
        assert event.rule in REGISTERED, f"{event.kind} cites unregistered rule {event.rule!r}"
        assert event.sentence()
    who = engine.current_player(after)
    if who is None:
        assert engine.is_terminal(after) and engine.outcome(after) is not None
    else:
        assert engine.legal_actions(after), "a position that is not over offers a choice"
    if who == CHANCE:
        assert engine.chance_outcomes(after).total() == Fraction(1)
    if after.fight is not None:
        assert after.hp > 0
    if before.phase == "fight" and after.phase == "actions" and len(after.room_waste) > len(before.room_waste):
        assert after.action_points >= before.action_points, "a kill never costs action points"


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_random_games_keep_every_invariant(name: str) -> None:
    rules = VARIANTS[name]
    games = 40 if name == "default" else 10
    for seed in range(games):
        start = engine.new_game(rules)
        check_step(start, None, start, ())
        line = play_out(engine.GAME, start, [RandomPolicy()], ChanceSampler(seed), on_step=check_step)
        assert engine.is_terminal(line.final)
        replayed = start
        for action in line.actions:
            replayed, _ = engine.apply(replayed, action)
        assert replayed == line.final, "replaying the actions gives the same position"


def test_a_won_game_ends_with_every_monster_dead() -> None:
    # 002 end: "If the floor deck is empty and every monster is dead, you won the game !"
    start = examples.last_rooms()
    line = play_out(engine.GAME, start, [GreedyPolicy()], ChanceSampler(3), on_step=check_step)
    outcome = engine.outcome(line.final)
    assert outcome is not None and outcome.winner == 0
    assert outcome.termination is Termination.ALL_MONSTERS_SLAIN
    assert line.final.floor_number == 4 and not line.final.unseen_rooms
    assert sorted(line.final.room_waste) == sorted(cards.ROOM_CARDS)
    assert all(slot is None for slot in line.final.floor)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_a_greedy_game_under_each_variant(name: str) -> None:
    # The greedy policy asks the analysis at every choice: it must find a legal action under every variant.
    start = engine.new_game(VARIANTS[name])
    line = play_out(engine.GAME, start, [GreedyPolicy()], ChanceSampler(7), on_step=check_step)
    assert engine.is_terminal(line.final)
