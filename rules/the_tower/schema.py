"""The position of The Tower as the outside world writes it: strict pydantic schemas written from the engine's
records (`rules.core.codec.record_schemas`), and the actions' (`read_action`).

Files, the CLI, share codes and panel edits pass through `game.POSITION` (a `rules.core.codec.Codec`): these
schemas validate the shape and fill in what a hand-written position leaves out (`complete_table`),
`legality.position_problems` checks the rules, and the engine's records (`rules.the_tower.model`) are built
once. The classes keep the records' names, so the JSON Schema (`tower-rules the-tower schema`) names them as a
player knows them.
"""

from __future__ import annotations

import typing
from typing import Any

from pydantic import BaseModel, model_validator

from rules.core.codec import ActionReader, record_schemas
from rules.core.records import Record
from rules.the_tower import actions, cards, model
from rules.the_tower.cards import FACE_DOWN
from rules.the_tower.variants import Rules


@model_validator(mode="before")
def _complete_the_table(cls: type[BaseModel], data: Any) -> Any:
    """Fill in what follows from the rest, so a hand-written position need only say what is on the table."""
    return complete_table(data) if isinstance(data, dict) else data


# ---- completing a hand-written position -------------------------------------------------------------
_DECKS = ("attack_deck", "potion_deck", "unseen_rooms")
_PLACED = ("hand", "attack_waste", "potion_waste", "room_waste")


def complete_table(data: dict[str, Any]) -> dict[str, Any]:
    """A position's data with what it leaves out derived from what it gives: without any of the three decks,
    every card not placed is in its deck (rooms among the unseen rooms); without `floor_number`, the floor
    the rooms dealt so far make; without `phase`, a fight when one is described; without `hp`, the rules'
    starting hit points. Cards may be written in any case; the hand and the decks are put in deck order
    (only their contents matter)."""
    data = dict(data)
    for field in (*_PLACED, *_DECKS, "floor"):  # '9d' is the 9 of Diamonds too
        given = data.get(field)
        if isinstance(given, list | tuple):
            data[field] = tuple(_card_id(c) for c in given)
    for pile in ("hand", *_DECKS):
        given = data.get(pile)
        if isinstance(given, list | tuple) and all(isinstance(c, str) and cards.is_card(c) for c in given):
            data[pile] = cards.sort_cards(given)
    rules = _rules_of(data.get("rules"))
    floor = _items(data.get("floor"))
    if not any(k in data for k in _DECKS):
        placed: set[object] = {c for k in _PLACED for c in _items(data.get(k)) if isinstance(c, str)}
        placed |= {s for s in floor if isinstance(s, str) and s != FACE_DOWN}
        rest = [c for c in cards.ALL_CARDS if c not in placed]
        for deck_name, kind in zip(_DECKS, ("attack", "potion", "room"), strict=True):
            data[deck_name] = tuple(c for c in rest if cards.kind(c) == kind)
    if "floor_number" not in data:
        dealt = len(_items(data.get("room_waste"))) + sum(1 for s in floor if s is not None)
        data["floor_number"] = max(1, -(-dealt // rules.rooms_per_floor))
    if "phase" not in data:
        data["phase"] = "fight" if data.get("fight") is not None else "actions"
    if "hp" not in data:
        data["hp"] = rules.starting_hp
    return data


def _items(given: object) -> list[object] | tuple[object, ...]:
    """A list field's items, or none when it is not a list (its own check then says what is wrong)."""
    return given if isinstance(given, list | tuple) else ()


def _card_id(given: object) -> object:
    """A card written in any case ('kc', 'Kc') as its id ('KC'); anything else as it is."""
    if isinstance(given, str) and not cards.is_card(given) and cards.is_card(given.upper()):
        return given.upper()
    return given


def _rules_of(data: object) -> Rules:
    """The rules a position's data names; the default rules when they are malformed (their own check reports
    it, and what is derived from them must not add false problems)."""
    if isinstance(data, Rules):
        return data
    try:
        return Rules.model_validate(data or {})
    except ValueError:
        return Rules()


RECORDS: dict[type[BaseModel], type[Record]] = record_schemas(
    [model.GameState], validators={model.GameState: {"_complete_the_table": _complete_the_table}}
)
"""Each schema class and the engine record it is read into."""

GameState = {record: schema for schema, record in RECORDS.items()}[model.GameState]
"""The schema of a whole position."""

read_action = ActionReader(typing.get_args(actions.Action), RECORDS)
"""An action from JSON data (a line file, the protocol), validated; IllegalPosition names what is wrong."""
