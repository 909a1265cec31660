"""The position of Tower Defense as the outside world writes it: strict pydantic schemas written from the
engine's records (`rules.core.codec.record_schemas`), and the actions' (`read_action`).

Files, the CLI, share codes and panel edits pass through `game.POSITION` (a `rules.core.codec.Codec`): these
schemas validate the shape, `legality.position_problems` checks the rules, and the engine's records
(`rules.tower_defense.model` and `places`) are built once. The classes keep the records' names, so
the JSON Schema (`tower-rules tower-defense schema`) names them as a player knows them.
"""

from __future__ import annotations

import typing

from pydantic import BaseModel

from rules.core.codec import ActionReader, record_schemas
from rules.core.records import Record
from rules.tower_defense import actions, model

RECORDS: dict[type[BaseModel], type[Record]] = record_schemas([model.GameState])
"""Each schema class and the engine record it is read into."""

GameState = {record: schema for schema, record in RECORDS.items()}[model.GameState]
"""The schema of a whole position."""

read_action = ActionReader(typing.get_args(actions.Action), RECORDS)
"""An action from JSON data (a line file, the protocol), validated; IllegalPosition names what is wrong."""
