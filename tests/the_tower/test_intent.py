"""What a click on a card or a room asks for (rules.the_tower.game): the panel's drink-or-hit and
explore-or-fight decisions, made by the rules package."""

from __future__ import annotations

from rules.the_tower import examples, game


def test_a_potion_out_of_a_fight_is_drunk_and_an_attack_card_is_a_hit() -> None:
    state = examples.example("opening")
    assert state.phase != "fight"
    assert game.card_verb(state, "5H") == "drink"
    assert game.card_verb(state, "4C") == "hit"
    assert game.card_verb(state, "not-a-card") == "hit"


def test_in_a_fight_a_potion_is_played_as_a_hit() -> None:
    state = examples.example("fight-in-progress")
    assert state.phase == "fight"
    assert game.card_verb(state, "7H") == "hit"


def test_a_face_down_room_is_explored_while_points_are_left_unless_told_to_fight() -> None:
    state = examples.example("opening")
    assert state.phase == "actions" and state.action_points > 0
    assert game.room_verb(state, 0) == "explore"
    assert game.room_verb(state, 0, fight=True) == "fight"
    assert game.room_verb(state.replace(action_points=0), 0) == "fight"
    assert game.room_verb(state, 9) == "fight"


def test_a_face_up_room_is_fought_even_with_points_left() -> None:
    state = examples.example("opening")
    state = state.replace(floor=("KS", *state.floor[1:]))
    assert state.action_points > 0
    assert game.room_verb(state, 0) == "fight"
    assert game.room_verb(state, 1) == "explore"
