"""Card overrides for Attack the Tower: one number of one card of an army, e.g. the Ghost's power
(`undead.ghost.special_troop.power=3`) or a base's copies (`undead.graveyard.copies=6`).

An override edits the army's data (the shape of `data/*.json`, or of a designer's army file) and validates the
whole army again with the same models, so a change the rules cannot hold (a base deck of 26 cards) is refused
in words. The armies a sweep's cell plays with travel with it as data and are put in use where it is played.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel

from rules.attack_the_tower.cards import Army
from rules.attack_the_tower.catalog import armies_in_use, card_named, shipped_army, use_armies
from rules.core.card_edits import CardEdit, Carried, as_model, read_value, set_path, within
from rules.core.errors import IllegalPosition, Problem
from rules.core.jsonio import control_text_problem, escape, validate_model, validate_strict

FORM = "ARMY.CARD.FIELD=VALUE, several joined by commas, e.g. undead.ghost.special_troop.power=3"


def parse_edit(text: str) -> CardEdit:
    """`army.card.field[.field...]=VALUE` as a CardEdit; the value is read as JSON when it can be, else text."""
    left, sep, raw = text.partition("=")
    parts = left.strip().split(".")
    if not sep or len(parts) < 3 or not all(parts):
        said = f"takes ARMY.CARD.FIELD=VALUE, e.g. undead.ghost.special_troop.power=3, not {escape(repr(text))}"
        raise IllegalPosition([Problem("--override", said)])
    value = read_value(raw, source=escape(left.strip(), 80))
    return validate_model(CardEdit, {"card": ".".join(parts[:2]), "field": ".".join(parts[2:]), "value": value})


def card_in(army: dict[str, Any], card_id: str) -> dict[str, Any]:
    """The card's own data inside an army's JSON data (the same dict: a change to it changes the army); empty
    when the army has no such card."""
    for kind in ("bases", "abilities"):
        for card in army.get(kind, ()):
            if card.get("id") == card_id:
                found: dict[str, Any] = card
                return found
    return {}


def settable(node: dict[str, Any]) -> tuple[str, ...]:
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
        card = card_in(army, edit.card)
        if not card:
            ids = [c["id"] for kind in ("bases", "abilities") for c in army.get(kind, ())]
            said = f"the {army['name']} have no such card; their cards: {', '.join(ids)}"
            raise IllegalPosition([Problem(edit.card, said)])
        set_path(card, edit, settable)
    out = dict(armies)
    for army_id, army_data in data.items():
        text = control_text_problem(army_data)
        if text is not None:
            raise IllegalPosition([Problem(within(army_id, text.where), text.message)])
        try:
            out[army_id] = validate_strict(Army, army_data, source=army_id)
        except IllegalPosition as exc:
            named = [Problem(card_named(army_id, army_data, p.where), p.message) for p in exc.problems]
            raise IllegalPosition(named) from None
    return out


def armies_for(armies: Iterable[str], files: Sequence[Army], edits: Sequence[CardEdit]) -> tuple[Army, ...]:
    """The armies a cell puts in use: the designers' files, then each army an edit changes (from its file
    when one is given, else the shipped army), edits applied. Armies neither given nor edited are not
    listed: the shipped ones are used as they are."""
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


def carry(armies: Iterable[str], files: Sequence[BaseModel], edits: Sequence[CardEdit]) -> Carried:
    """The armies a variant puts in use, as data a cell carries."""
    found = armies_for(armies, [a for a in files if isinstance(a, Army)], edits)
    return tuple(a.model_dump(mode="json") for a in found), {}


def use(carried: Carried) -> None:
    """Put a cell's armies (and no other designer's army) in use in this process."""
    use_armies(as_model(Army, a) for a in carried[0])  # type: ignore[misc]


def in_use() -> Carried:
    """The designers' armies in use now, as data."""
    return tuple(a.model_dump(mode="json") for a in armies_in_use()), {}
