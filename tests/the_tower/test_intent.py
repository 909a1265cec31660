"""What a click on a card or a room asks for (rules.the_tower.game): the panel's drink-or-hit and
explore-or-fight decisions, made by the rules package."""

from __future__ import annotations

from typing import Literal

from rules.the_tower import examples, game
from rules.the_tower.editing import build_position
from rules.the_tower.model import Fight, GameState
from rules.the_tower.variants import Rules


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


def test_in_a_fight_a_potion_that_cannot_hit_is_drunk_where_drinking_is_allowed() -> None:
    # 002: a potion may hit, but never a Hearts room; under fight_actions='always' it may be drunk in the fight.
    def at_the_queen(fight_actions: Literal["always", "never"]) -> GameState:
        return build_position(
            hand=("7H", "4C"),
            floor=("QH", None, None, None),
            room_waste=("JC", "JD", "JS"),
            action_points=1,
            rules=Rules(fight_actions=fight_actions),
            fight=Fight(room=0, monster_hp=14),
        )

    assert game.card_verb(at_the_queen("always"), "7H") == "drink"
    assert game.card_verb(at_the_queen("never"), "7H") == "hit"  # refused by the engine, with its reason
    assert game.card_verb(at_the_queen("always"), "4C") == "hit"
