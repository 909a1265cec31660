"""The position at the boundary: an illegal position cannot be read (`game.POSITION`), and every problem is
named."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules.core.errors import IllegalPosition, IllegalSettings, MalformedFile
from rules.the_tower import cards, catalog, examples
from rules.the_tower.editing import build_position
from rules.the_tower.game import POSITION
from rules.the_tower.legality import position_problems
from rules.the_tower.model import FACE_DOWN, Fight
from rules.the_tower.variants import Rules

DOWN = FACE_DOWN


def opening_data() -> dict[str, Any]:
    return POSITION.data(examples.opening())


def problems(data: dict[str, Any]) -> str:
    with pytest.raises(IllegalPosition) as info:
        POSITION.parse(json.dumps(data))
    return str(info.value)


def test_the_deck_is_52_cards_in_three_decks() -> None:
    # 002: attack = numbered non-hearts, potion = numbered hearts, room = faces and aces
    assert len(cards.ALL_CARDS) == len(set(cards.ALL_CARDS)) == 52
    assert (len(catalog.ATTACK_CARDS), len(catalog.POTION_CARDS), len(catalog.ROOM_CARDS)) == (27, 9, 16)
    assert cards.name("KC") == "King of Clubs" and cards.name("10D") == "10 of Diamonds"
    assert cards.is_red("5H") and not cards.is_red("5S") and cards.kind("AH") == "room"
    with pytest.raises(ValueError, match="room card"):
        cards.value("QS")


def test_every_example_is_legal_and_round_trips() -> None:
    for name in examples.EXAMPLES:
        state = examples.example(name)
        assert POSITION.parse(POSITION.text(state)) == state
    with pytest.raises(KeyError, match="unknown example"):
        examples.example("nowhere")


def test_a_card_twice_is_refused() -> None:
    data = opening_data()
    data["hand"] = [*data["hand"], data["attack_deck"][0]]
    data["hand"] = cards.sort_cards(data["hand"])
    assert "stands 2 times" in problems(data)


def test_a_missing_card_is_refused() -> None:
    data = opening_data()
    data["attack_deck"] = data["attack_deck"][1:]
    assert "1 card(s) are nowhere (2C)" in problems(data)


def test_a_card_in_the_wrong_pile_is_refused() -> None:
    data = opening_data()
    data["potion_deck"] = [*data["potion_deck"], data["attack_deck"][0]]
    data["attack_deck"] = data["attack_deck"][1:]
    assert "potion_deck: the 2 of Clubs is an attack card" in problems(data)
    data = opening_data()
    data["hand"] = ["XX", *data["hand"]]
    assert "there is no card 'XX'" in problems(data)


def test_piles_are_stored_in_deck_order() -> None:
    # a shuffled pile is a multiset: a file may list it in any order, the position stores it sorted
    data = opening_data()
    data["attack_deck"] = list(reversed(data["attack_deck"]))
    data["hand"] = list(reversed(data["hand"]))
    state = POSITION.parse(json.dumps(data))
    assert state == examples.opening()
    unsorted = state.replace(attack_deck=tuple(reversed(state.attack_deck)))
    assert "attack_deck: stored in deck order (only its contents matter)" in position_problems(unsorted)


def test_a_position_need_only_say_what_is_on_the_table() -> None:
    # every card not placed is in its deck; the floor number follows from the rooms dealt; hp from the rules
    data = {"hand": ["9D", "6S", "8C"], "floor": ["KC", "?", "?", "?"], "fight": {"room": 0, "monster_hp": 18}}
    state = POSITION.parse(json.dumps(data))
    assert state.phase == "fight" and state.hp == 6 and state.floor_number == 1
    assert len(state.attack_deck) == 24 and len(state.potion_deck) == 9 and len(state.unseen_rooms) == 15
    slain = ["JC", "JD", "JH", "JS", "QC", "QD", "QH", "KS", "AS"]  # two whole floors and one room of the third
    later = {"floor": ["?", "?", None, "QS"], "room_waste": slain, "hp": 9}
    assert POSITION.parse(json.dumps(later)).floor_number == 3
    assert "so this is floor 3, not 2" in problems({**later, "floor_number": 2})
    assert "the King of Clubs stands 2 times" in problems({**data, "room_waste": ["KC"]})


def test_the_floor_must_agree_with_the_room_deck() -> None:
    data = opening_data()
    data["floor_number"] = 2
    assert "so this is floor 1, not 2" in problems(data)
    data = opening_data()
    data["floor"] = [None, DOWN, DOWN, DOWN]
    assert "0 monsters slain and 3 rooms standing on the floor make 3 rooms dealt" in problems(data)
    assert "so floor 1 holds 3 rooms, not 4" in problems(data)
    data = opening_data()
    data["floor"] = ["7S", DOWN, DOWN, DOWN]
    assert "floor, room 1: the 7 of Spades is not a room card" in problems(data)
    assert "no room has been dealt; the first floor is 4 rooms face down" in problems({})


def test_hp_and_termination_agree() -> None:
    data = opening_data()
    data["hp"] = 0
    assert "a player with 0 HP has died" in problems(data)
    data["hp"] = -1
    assert "hp" in problems(data)
    data = opening_data()
    data.update(phase="game_over", termination="player_died")
    assert "a player who died has 0 HP" in problems(data)


def test_a_fight_names_a_face_up_room_and_a_monster_within_its_hp() -> None:
    data = POSITION.data(examples.pictured_fight())
    data["fight"] = {"room": 1, "monster_hp": 5}
    assert "face-up room" in problems(data)
    data["fight"] = {"room": 0, "monster_hp": 19}
    assert "the King of Clubs has 18 HP at most" in problems(data)
    data["fight"] = None
    assert "a fight names the room fought" in problems(data)


def test_a_fight_that_cannot_go_on_is_not_a_position() -> None:
    # 002: "repeat the assault until you or your enemy dies": with no card that can hit, it is over
    with pytest.raises(IllegalPosition, match="the fight has already ended"):
        build_position(hand=("8C",), floor=("QC", DOWN, DOWN, DOWN), fight=Fight(room=0, monster_hp=14))


def test_extra_fields_are_refused_and_a_change_is_a_new_position() -> None:
    data = opening_data()
    data["gold"] = 3
    assert "gold" in problems(data)
    state = examples.opening()
    with pytest.raises(TypeError, match=r"GameState\.replace\(\) got an unexpected keyword argument 'gold'"):
        state.replace(gold=3)  # type: ignore[call-arg]
    assert state.replace(hp=3).hp == 3 and state.hp == 6, "the position changed is untouched"


def test_a_file_that_is_not_json_is_malformed() -> None:
    with pytest.raises(MalformedFile):
        POSITION.parse("{not json")


def test_rules_refuse_a_hand_limit_below_the_opening() -> None:
    with pytest.raises(IllegalSettings, match="cannot hold the 6 opening cards"):
        Rules(hand_limit=4)


def test_build_position_puts_every_other_card_in_its_deck() -> None:
    state = build_position(hand=("2C", "5H"), floor=("KS", DOWN, DOWN, DOWN))
    assert len(state.attack_deck) == 26 and len(state.potion_deck) == 8 and len(state.unseen_rooms) == 15
    assert state.room_deck_size == 12 and state.face_down == 3


def test_cards_may_be_written_in_any_case() -> None:
    data = {"hand": ["9d", "6s", "8C"], "floor": ["kc", "?", "?", "?"], "fight": {"room": 0, "monster_hp": 18}}
    assert POSITION.parse(json.dumps(data)) == examples.pictured_fight()
