"""Editing positions of The Tower: each edit is validated from scratch, moves cards between the table and the
decks without losing one, and share codes carry a position exactly."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.errors import IllegalPosition, MalformedFile
from rules.the_tower import cards, editing, engine, examples
from rules.the_tower.editing import build_position
from rules.the_tower.model import FACE_DOWN, Fight, GameState
from rules.the_tower.variants import Rules

DOWN = FACE_DOWN


def every_card(state: GameState) -> list[str]:
    piles = (
        state.hand,
        state.attack_deck,
        state.potion_deck,
        state.unseen_rooms,
        state.attack_waste,
        state.potion_waste,
        state.room_waste,
    )
    return sorted([c for pile in piles for c in pile] + [s for s in state.floor if s not in (None, DOWN)])


def test_an_edit_moves_cards_between_the_table_and_the_decks() -> None:
    state = examples.pictured_fight()
    edited = editing.set_hand(state, ["9D", "2C", "10H"])
    assert edited.hand == ("2C", "9D", "10H")
    assert "8C" in edited.attack_deck and "2C" not in edited.attack_deck and "10H" not in edited.potion_deck
    assert every_card(edited) == sorted(cards.ALL_CARDS)
    assert state.hand == ("8C", "9D", "6S"), "the position edited is untouched"


def test_the_floor_number_follows_from_the_rooms_dealt() -> None:
    # 002: "When you killed the 4 monsters of a floor, you can draw 4 other cards from the room pile"
    state = examples.opening()
    slain = ["JC", "JD", "JH", "JS"]
    second = editing.edited(state, floor=[DOWN, DOWN, DOWN, "QS"], room_waste=slain)
    assert second.floor_number == 2 and second.room_deck_size == 8
    with pytest.raises(IllegalPosition, match="floor: a cleared floor is followed by the next one"):
        editing.edited(state, floor=[None, None, None, None], room_waste=slain)


def test_a_short_floor_only_when_the_room_deck_ran_out() -> None:
    # 002 deals "4 room cards" a floor; only rooms_per_floor not dividing 16 leaves a short last floor
    with pytest.raises(IllegalPosition, match="a floor is dealt 4 rooms while the room deck lasts"):
        editing.edited(examples.opening(), floor=[DOWN, DOWN, DOWN])
    rules = Rules(rooms_per_floor=5)
    waste = [c for c in cards.ALL_CARDS if cards.kind(c) == "room"][:15]
    last = build_position(floor=[DOWN], room_waste=waste, hand=["2C"], rules=rules)
    assert last.floor_number == 4 and last.room_deck_size == 0


def test_an_illegal_edit_names_every_problem_and_changes_nothing() -> None:
    state = examples.fight_in_progress()
    with pytest.raises(IllegalPosition) as refused:
        editing.edited(state, hand=["KC", "6C"], hp=0)
    text = str(refused.value)
    assert "hand: the King of Clubs is a room card" in text
    with pytest.raises(IllegalPosition, match="a player with 0 HP has died"):
        editing.set_hp(state, 0)
    with pytest.raises(IndexError, match="there is no room 5 on this floor of 4 rooms"):
        editing.set_room(state, 4, DOWN)
    assert state == examples.fight_in_progress()


def test_a_fight_is_kept_started_or_ended() -> None:
    state = examples.fight_in_progress()
    assert editing.set_hp(state, 3).fight == state.fight  # fight=True keeps the fight in progress
    between = editing.edited(state, fight=None)
    assert between.phase == "actions" and between.fight is None
    other = editing.edited(between, fight=Fight(room=3, monster_hp=14))
    assert other.phase == "fight" and other.monster_card == "QD"
    with pytest.raises(IllegalPosition, match="the Queen of Diamonds has 14 HP at most"):
        editing.edited(between, fight=Fight(room=3, monster_hp=15))
    with pytest.raises(IllegalPosition, match="the room fought must be a face-up room"):
        editing.edited(between, fight=Fight(room=2, monster_hp=5))


def test_a_variant_can_make_the_table_illegal() -> None:
    state = examples.opening()
    assert editing.set_rules(state, Rules(opposite_colour_multiplier=3)).rules.opposite_colour_multiplier == 3
    with pytest.raises(IllegalPosition, match="so floor 2 holds 1 room, not 4"):
        editing.set_rules(state, Rules(rooms_per_floor=3))


def test_share_codes_round_trip_and_refuse_damage() -> None:
    for name in examples.EXAMPLES:
        state = examples.example(name)
        code = editing.share_code(state)
        assert code.startswith("TT1-") and editing.from_share_code(f"  {code}\n") == state
    code = editing.share_code(examples.opening())
    with pytest.raises(MalformedFile, match="damaged"):
        editing.from_share_code(code[:-6])
    with pytest.raises(MalformedFile, match="a share code of The Tower starts with 'TT1-'"):
        editing.from_share_code("ATT1-" + code[4:])


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_random_tables_are_refused_or_account_for_all_52_cards(seed: int) -> None:
    # an editor must never build a position that loses or doubles a card, whatever the user places
    rng = random.Random(seed)
    hand_pool = [c for c in cards.ALL_CARDS if cards.kind(c) != "room"]
    rooms = [c for c in cards.ALL_CARDS if cards.kind(c) == "room"]
    rng.shuffle(hand_pool)
    rng.shuffle(rooms)
    slain = rooms[: rng.choice([0, 0, 4, 8, 12, rng.randint(0, 14)])]
    floor = [rng.choice([DOWN, DOWN, None, rooms[-1 - i]]) for i in range(4)]
    try:
        state = build_position(
            hand=hand_pool[: rng.randint(0, 8)],
            attack_waste=[c for c in hand_pool[10:20] if cards.kind(c) == "attack"],
            potion_waste=[c for c in hand_pool[10:20] if cards.kind(c) == "potion"],
            floor=floor,
            room_waste=slain,
            hp=rng.randint(0, 12),
            action_points=rng.randint(0, 5),
        )
    except IllegalPosition as refused:
        assert refused.problems and all(p.message for p in refused.problems)
        return
    assert every_card(state) == sorted(cards.ALL_CARDS)
    assert engine.is_terminal(state) or engine.legal_actions(state)
