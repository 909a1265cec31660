"""A card override as data: one field of one card set to a value (`undead.ghost.special_troop.power=3`,
`standard.1.damage_by_level.0=8`), and the dotted-path edit every game's cards share; each game says in its
own `overrides.py` how its cards are named, edited and validated again."""

from __future__ import annotations

import difflib
import json
from collections.abc import Callable, Collection, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, JsonValue

from rules.core.errors import IllegalPosition, Problem
from rules.core.jsonio import parse_value_text

Json = dict[str, JsonValue]
Carried = tuple[tuple[Json, ...], Json]
"""A sweep cell's changed cards as data: a game's whole designed card groups (armies, say) and
its changed card files (a card set, empty when nothing changed)."""

CARD_ID = r"^[a-z0-9_-]+(\.[a-z0-9_-]+)*$"
"""A card id as the game's data files write it: dotted words (`army.card`, `standard.1`, `swift`)."""


class CardEdit(BaseModel):
    """One card's field set to a value: `card` is a card id (`army.card`, `standard.1`: each game's
    own), `field` a dotted path inside the card's data (`copies`, `special_troop.power`,
    `effects.0.delta`, `damage_by_level.0`)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    card: str = Field(pattern=CARD_ID)
    field: str = Field(min_length=1, max_length=200)
    value: JsonValue

    @property
    def army(self) -> str:
        return self.card.split(".", 1)[0]

    def text(self) -> str:
        """The edit as the command line writes it: `undead.ghost.special_troop.power=3`."""
        return f"{self.card}.{self.field}={json.dumps(self.value)}"


def read_value(raw: str, source: str = "--override") -> JsonValue:
    """An override's value, read as one JSON value when it is one (`3`, `true`, `["cavalry"]`) under the
    limits of a position file, else as the text itself; a number too long or too large is refused in words
    naming `source` (the card and field)."""
    value: JsonValue = parse_value_text(raw, source=source)
    return value


def parse_edits(text: str, parse_edit: Callable[[str], CardEdit]) -> tuple[CardEdit, ...]:
    """Comma-separated edits applied together (one variant of the cards); `none` is no edit."""
    if text.strip().lower() in ("none", ""):
        return ()
    return tuple(parse_edit(part) for part in text.split(","))


def edits_text(edits: Sequence[CardEdit]) -> str:
    """A variant of the cards as one line (`none` for the cards as they are)."""
    return ",".join(e.text() for e in edits) or "none"


def set_path(card: dict[str, Any], edit: CardEdit, settable: Callable[[dict[str, Any]], Collection[str]]) -> None:
    """Set the field at the edit's dotted path, refusing a path the card's data does not have (`settable`
    names the optional fields a node may leave out and an edit may still set)."""
    node: Any = card
    parts = edit.field.split(".")
    for depth, part in enumerate(parts):
        last = depth == len(parts) - 1
        where = ".".join(parts[: depth + 1])
        if isinstance(node, list) and part.isdigit() and int(part) < len(node):
            key: Any = int(part)
        elif isinstance(node, dict) and (part in node or (last and part in settable(node))):
            key = part
        else:
            raise IllegalPosition([Problem(f"{edit.card}.{where}", _no_field(node, parts[:depth], part))])
        if last:
            node[key] = edit.value
        else:
            node = node[key]


def data_at(card: Any, field: str) -> Any:
    """The data at a dotted path of a card's data, or None where the card has no such field."""
    node: Any = card
    for part in field.split("."):
        if isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        elif isinstance(node, dict) and part in node:
            node = node[part]
        else:
            return None
    return node


def value_at(card: Any, field: str) -> JsonValue:
    """The value at a dotted path of a card's data (a sourced number's `value`), None where the path leads to
    nothing or to more than one value."""
    node = data_at(card, field)
    if isinstance(node, dict) and "value" in node and "source" in node:
        node = node["value"]
    if isinstance(node, dict | list):
        return None
    found: JsonValue = node
    return found


def nothing_optional(node: dict[str, Any]) -> tuple[str, ...]:
    """No optional field: only the fields a card's data has may be set."""
    del node
    return ()


def _no_field(node: Any, parents: list[str], part: str) -> str:
    """Why a path goes no further: the closest field there, or the fields (or indices) there are, or what
    stands there instead."""
    if isinstance(node, list):
        return f"the card has no such field; here: {', '.join(map(str, range(len(node)))) or 'none'}"
    if isinstance(node, dict):
        close = [k for k in node if k.startswith(part)] or difflib.get_close_matches(part, list(node), n=1)
        hint = f"did you mean {close[0]}? " if close else ""
        return f"the card has no such field; {hint}here: {', '.join(node)}"
    held = "nothing (null)" if node is None else "a single value"
    return f"the card has no such field: {'.'.join(parents)} holds {held} on this card"


def within(card_id: str, where: str) -> str:
    """Where a problem of a card (or army) edited by an override lies, named from the card: `undead.bases.0`."""
    return f"{card_id}.{where}" if where and where != card_id else card_id


def reworded(card_id: str, exc: IllegalPosition) -> IllegalPosition:
    """A card's problems named from the card."""
    return IllegalPosition([Problem(within(card_id, p.where), p.message) for p in exc.problems])


def as_model(model: type[BaseModel], data: Json) -> BaseModel:
    """Carried card data read back as its model (the JSON it was written as, so strict models accept it)."""
    return model.model_validate_json(json.dumps(data))
