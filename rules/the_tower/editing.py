"""Editing a position of The Tower: pure helpers that build a validated position from what is on the table
(`build_position`, read through `game.POSITION`, so a position that breaks a rule is refused with
IllegalPosition naming each problem), and share codes that carry a position as one short string."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules.core import sharecode
from rules.the_tower.game import POSITION
from rules.the_tower.model import Fight, GameState, Slot
from rules.the_tower.variants import Rules

SHARE_PREFIX = "TT1-"

EDITABLE = (
    "hand",
    "floor",
    "room_waste",
    "attack_waste",
    "potion_waste",
    "hp",
    "action_points",
    "fight",
    "rules",
    "floor_number",
)
"""The things of the table an edit may change; every card not placed goes back to its deck."""


def build_position(
    *,
    hand: Iterable[str] = (),
    floor: Iterable[Slot] = (),
    room_waste: Iterable[str] = (),
    attack_waste: Iterable[str] = (),
    potion_waste: Iterable[str] = (),
    hp: int | None = None,
    action_points: int = 0,
    fight: Fight | None = None,
    rules: Rules | None = None,
    floor_number: int | None = None,
) -> GameState:
    """A validated position from what is on the table; every card not placed goes to its deck (rooms to
    the unseen rooms) and the floor number follows from the rooms dealt unless given. Raises
    IllegalPosition, one problem per broken rule, when the position is illegal."""
    data: dict[str, Any] = {
        "rules": rules or Rules(),
        "hand": tuple(hand),
        "floor": tuple(floor),
        "room_waste": tuple(room_waste),
        "attack_waste": tuple(attack_waste),
        "potion_waste": tuple(potion_waste),
        "action_points": action_points,
        "fight": fight,
    }
    if hp is not None:
        data["hp"] = hp
    if floor_number is not None:
        data["floor_number"] = floor_number
    return POSITION.validate(data)


def edited(
    state: GameState,
    *,
    hand: Iterable[str] | None = None,
    floor: Iterable[Slot] | None = None,
    room_waste: Iterable[str] | None = None,
    attack_waste: Iterable[str] | None = None,
    potion_waste: Iterable[str] | None = None,
    hp: int | None = None,
    action_points: int | None = None,
    fight: Fight | bool | None = True,
    rules: Rules | None = None,
    floor_number: int | None = None,
) -> GameState:
    """`state` with the given parts of the table replaced, between fights or in its fight (`fight=True`
    keeps the fight in progress, None ends it, a Fight starts one). The floor number follows from the
    rooms dealt unless given. Raises IllegalPosition when the result is illegal."""
    kwargs: dict[str, Any] = {
        "hand": state.hand if hand is None else tuple(hand),
        "floor": state.floor if floor is None else tuple(floor),
        "room_waste": state.room_waste if room_waste is None else tuple(room_waste),
        "attack_waste": state.attack_waste if attack_waste is None else tuple(attack_waste),
        "potion_waste": state.potion_waste if potion_waste is None else tuple(potion_waste),
        "hp": state.hp if hp is None else hp,
        "action_points": state.action_points if action_points is None else action_points,
        "fight": state.fight if fight is True else (fight or None),
        "rules": state.rules if rules is None else rules,
        "floor_number": floor_number,
    }
    return build_position(**kwargs)


def set_hand(state: GameState, hand: Iterable[str]) -> GameState:
    """The same position with another hand (the cards left out go back to their decks)."""
    return edited(state, hand=hand)


def set_hp(state: GameState, hp: int) -> GameState:
    """The same position with the player's hit points changed."""
    return edited(state, hp=hp)


def set_action_points(state: GameState, points: int) -> GameState:
    """The same position with another number of action points."""
    return edited(state, action_points=points)


def set_room(state: GameState, room: int, slot: Slot) -> GameState:
    """The same position with one room of the floor changed (a card id, '?' face down, None cleared)."""
    floor = list(state.floor)
    if not 0 <= room < len(floor):
        raise IndexError(f"there is no room {room + 1} on this floor of {len(floor)} rooms")
    floor[room] = slot
    return edited(state, floor=floor)


def set_rules(state: GameState, rules: Rules) -> GameState:
    """The same table under another rule variant (validated again: a variant can make it illegal)."""
    return edited(state, rules=rules)


def share_code(state: GameState) -> str:
    """A compact string that reproduces the position exactly (see rules.core.sharecode)."""
    return sharecode.share_code(POSITION, state, SHARE_PREFIX)


def from_share_code(code: str) -> GameState:
    """The position a share code describes; MalformedFile when the code is damaged."""
    return sharecode.from_share_code(POSITION, code, SHARE_PREFIX, "The Tower")
