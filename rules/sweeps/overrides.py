"""Card overrides as data: a change to one number of one card, e.g. the Ghost's power in Attack the Tower
(`undead.ghost.special_troop.power=3`), a base's copies (`undead.graveyard.copies=6`), or a Tower Defense
tower's damage (`standard.1.damage_by_level.0=8`, see tower_defense_cards.py).

An override edits the army's data (the shape of `rules/attack_the_tower/data/*.json`, or of a designer's army
file) and validates the whole army again with the same models, so a change the rules cannot hold (a base deck
of 26 cards) is refused in words. The armies a cell plays with travel with the cell as data and are put in use
in whichever process plays its games.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, JsonValue

from rules.attack_the_tower.cards import Army
from rules.core.errors import IllegalPosition, Problem
from rules.core.jsonio import control_text_problem, escape, parse_value_text, validate_model, validate_strict

CARD_ID = r"^[a-z0-9_-]+(\.[a-z0-9_-]+)*$"
"""A card id: Attack the Tower's `army.card`, Tower Defense's as its data files write it (`standard.1`, `swift`)."""


class CardEdit(BaseModel):
    """One card's field set to a value: `card` is a card id (`army.card` in Attack the Tower, `standard.1` in
    Tower Defense), `field` a dotted path inside the card's data (`copies`, `special_troop.power`,
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


def parse_edit(text: str, game: str = "attack-the-tower") -> CardEdit:
    """`army.card.field[.field...]=VALUE` as a CardEdit (for Tower Defense `card.field...=VALUE`, the card
    as its data files name it); the value is read as JSON when it can be, else text."""
    if game == "tower-defense":
        from rules.sweeps import tower_defense_cards

        return tower_defense_cards.parse_edit(text)
    left, sep, raw = text.partition("=")
    parts = left.strip().split(".")
    if not sep or len(parts) < 3 or not all(parts):
        raise IllegalPosition(
            [
                Problem(
                    "--override",
                    f"takes ARMY.CARD.FIELD=VALUE, e.g. undead.ghost.special_troop.power=3, not {escape(repr(text))}",
                )
            ]
        )
    value = read_value(raw, source=escape(left.strip(), 80))
    return validate_model(CardEdit, {"card": ".".join(parts[:2]), "field": ".".join(parts[2:]), "value": value})


def read_value(raw: str, source: str = "--override") -> JsonValue:
    """An override's value, read as one JSON value when it is one (`3`, `true`, `["cavalry"]`) under the
    limits of a position file, else as the text itself; a number too long or too large is refused in words
    naming `source` (the card and field)."""
    value: JsonValue = parse_value_text(raw, source=source)
    return value


def parse_edits(text: str, game: str = "attack-the-tower") -> tuple[CardEdit, ...]:
    """Comma-separated edits applied together (one variant of the cards); `none` is no edit."""
    if text.strip().lower() in ("none", ""):
        return ()
    return tuple(parse_edit(part, game) for part in text.split(","))


def edits_text(edits: Sequence[CardEdit]) -> str:
    """A variant of the cards as one line (`none` for the cards as they are)."""
    return ",".join(e.text() for e in edits) or "none"


def _card_data(army: dict[str, Any], card_id: str) -> dict[str, Any]:
    for kind in ("bases", "abilities"):
        for card in army.get(kind, ()):
            if card.get("id") == card_id:
                found: dict[str, Any] = card
                return found
    ids = [c["id"] for kind in ("bases", "abilities") for c in army.get(kind, ())]
    raise IllegalPosition([Problem(card_id, f"the {army['name']} have no such card; their cards: {', '.join(ids)}")])


def set_path(card: dict[str, Any], edit: CardEdit) -> None:
    """Set the field at the edit's dotted path, refusing a path the card's data does not have."""
    node: Any = card
    parts = edit.field.split(".")
    for depth, part in enumerate(parts):
        last = depth == len(parts) - 1
        where = ".".join(parts[: depth + 1])
        if isinstance(node, list) and part.isdigit() and int(part) < len(node):
            key: Any = int(part)
        elif isinstance(node, dict) and (part in node or (last and part in _settable(node))):
            key = part
        else:
            raise IllegalPosition([Problem(f"{edit.card}.{where}", _no_field(node, parts[:depth], part))])
        if last:
            node[key] = edit.value
        else:
            node = node[key]


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


def _settable(node: dict[str, Any]) -> tuple[str, ...]:
    """Optional fields a card's data may leave out and an override may still set."""
    if "troop_type" in node:  # a base
        return ("assumed",)
    if "power" in node:  # a special troop
        return ("traits", "returns_at_end_of_turn", "effects")
    return ()


def apply_edits(armies: Mapping[str, Army], edits: Iterable[CardEdit]) -> dict[str, Army]:
    """The armies (by id) after the edits, each edited army validated again; IllegalPosition naming the edit
    and each problem when an edit names no card or field, or leaves an army the rules cannot hold."""
    data: dict[str, dict[str, Any]] = {}
    for edit in edits:
        if edit.army not in armies:
            raise IllegalPosition([Problem(edit.card, f"no army {edit.army!r}; armies: {', '.join(armies)}")])
        army = data.setdefault(edit.army, armies[edit.army].model_dump(mode="json"))
        set_path(_card_data(army, edit.card), edit)
    out = dict(armies)
    for army_id, army_data in data.items():
        text = control_text_problem(army_data)
        if text is not None:
            raise IllegalPosition([Problem(within(army_id, text.where), text.message)])
        try:
            out[army_id] = validate_strict(Army, army_data, source=army_id)
        except IllegalPosition as exc:
            raise IllegalPosition([Problem(within(army_id, p.where), p.message) for p in exc.problems]) from None
    return out


def within(card_id: str, where: str) -> str:
    """Where a problem of a card (or army) edited by an override lies, named from the card: `undead.bases.0`."""
    return f"{card_id}.{where}" if where and where != card_id else card_id


def armies_for(armies: Iterable[str], files: Sequence[Army], edits: Sequence[CardEdit]) -> tuple[Army, ...]:
    """The armies a cell puts in use: the designers' files, then each army an edit changes (from its file
    when one is given, else the shipped army), edits applied. Armies neither given nor edited are not
    listed: the shipped ones are used as they are."""
    from rules.attack_the_tower.catalog import shipped_army

    given = {a.id: a for a in files}
    wanted = set(armies) | {e.army for e in edits}
    base = dict(given)
    for army_id in sorted(wanted - set(given)):
        try:
            base[army_id] = shipped_army(army_id)
        except KeyError as exc:
            raise IllegalPosition([Problem("armies", str(exc.args[0]))]) from None
    edited = apply_edits(base, edits)
    changed = set(given) | {e.army for e in edits}
    return tuple(edited[a] for a in sorted(changed))
