"""The position of Attack the Tower as the outside world writes it: strict pydantic schemas written from the
engine's records (`rules.core.codec.record_schemas`), with the checks of a shape no record states, and the
actions' (`read_action`).

Files, the CLI, share codes and panel edits pass through `game.POSITION` (a `rules.core.codec.Codec`): these
schemas validate the shape, `legality.position_problems` the rules, and the engine's records
(`rules.attack_the_tower.model`) are built once. The classes keep the records' names, so the JSON Schema
(`tower-rules attack-the-tower schema`) names them as a player knows them.
"""

from __future__ import annotations

import typing
from typing import Any

from pydantic import BaseModel, field_validator, model_validator

from rules.attack_the_tower import actions, model
from rules.core.codec import ActionReader, record_schemas
from rules.core.records import Record


@model_validator(mode="after")
def _raises_fit(base: Any) -> Any:
    """A base's raised troops are among its troops, each raise at least 1, largest first."""
    if len(base.raised) > base.troops:
        raise ValueError(f"{len(base.raised)} raised troops on a base holding {base.troops} troops")
    if any(r < 1 for r in base.raised) or list(base.raised) != sorted(base.raised, reverse=True):
        raise ValueError("raised powers are at least 1 each, listed largest first")
    return base


@field_validator("assignments")
def _well_formed(cls: type[BaseModel], value: tuple[tuple[str, int], ...]) -> tuple[tuple[str, int], ...]:
    """An allocation names each target once, with at least 1 damage, in key order."""
    keys = [k for k, _ in value]
    if len(keys) != len(set(keys)):
        raise ValueError("a target is named twice; give each target its total damage once")
    if any(a < 1 for _, a in value):
        raise ValueError("every amount must be at least 1")
    return tuple(sorted(value))


RECORDS: dict[type[BaseModel], type[Record]] = record_schemas(
    [model.GameState],
    validators={model.Base: {"_raises_fit": _raises_fit}, model.Allocation: {"_well_formed": _well_formed}},
)
"""Each schema class and the engine record it is read into."""

_SCHEMAS = {record: schema for schema, record in RECORDS.items()}
Base, Allocation, GameState = _SCHEMAS[model.Base], _SCHEMAS[model.Allocation], _SCHEMAS[model.GameState]
"""The schemas of a base, an allocation and a whole position."""

read_action = ActionReader(typing.get_args(actions.Action), RECORDS)
"""An action from JSON data (a line file, the protocol), validated; IllegalPosition names what is wrong."""
