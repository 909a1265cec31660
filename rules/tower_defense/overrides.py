"""Card overrides for Tower Defense: one number of one card of its data files, e.g. a tower's damage at
level 1 (`standard.1.damage_by_level.0=8`), its build cost (`charge.1.build_cost=3`) or a unit's Hit Points
(`rank1.b.units.0.hit_points=9`).

The card is named by its id as the data files write it (`standard.1`, `rank1.b`, `swift`, `fog`, `mat.1`,
`standard-3`), the field by its dotted path in the card's data. An override changes the card's data, marks
the value as a designer's override in its source (the number's own source when it is a sourced number, else
the card's), and validates the card again with the models of the shipped files; a card, a field or a value
the rules cannot hold is refused in words. The changed cards travel with the cell as data (a `CardSet`) and
are put in use in whichever process plays its games.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Sequence
from typing import Any, NoReturn

from pydantic import BaseModel, JsonValue

from rules.core import limits
from rules.core.card_edits import (
    CardEdit,
    Carried,
    as_model,
    data_at,
    nothing_optional,
    read_value,
    reworded,
    set_path,
    within,
)
from rules.core.errors import IllegalPosition, Problem
from rules.core.jsonio import control_text_problem, escape, validate_model, validate_strict
from rules.tower_defense import catalog
from rules.tower_defense.cards import CardSet

EXAMPLE = "standard.1.damage_by_level.0=8"
FORM = f"CARD.FIELD=VALUE, several joined by commas, e.g. {EXAMPLE}"
FIXED_FIELDS = {
    "id": "a card's id cannot be overridden (it is how the game finds the card)",
    "copies": "a tower's copies are the rules' mark1_copies, mark2_copies and mark3_copies: vary those instead "
    "(e.g. --vary mark1_copies=8,10)",
}
"""Fields an override may not change, and why."""


def card_kinds() -> dict[str, str]:
    """Every card id of the data files and the file (kind) it is in."""
    return {card_id: kind for kind in catalog.CARD_KINDS for card_id in catalog.shipped(kind)}


def parse_edit(text: str) -> CardEdit:
    """`CARD.FIELD[.FIELD...]=VALUE` as a CardEdit, the card being the longest card id the text starts with;
    the value is read as JSON when it can be, else as text. Refused in words (with the closest card ids)."""
    left, sep, raw = text.partition("=")
    path = left.strip()
    kinds = card_kinds()
    card = max((c for c in kinds if path.startswith(f"{c}.")), key=len, default=None)
    if not sep or card is None:
        _refuse(text, path, kinds)
    value = read_value(raw, source=escape(path, 80))
    return validate_model(CardEdit, {"card": card, "field": path[len(card) + 1 :], "value": value})


def _refuse(text: str, path: str, kinds: dict[str, str]) -> NoReturn:
    if "=" not in text or not path:
        message = f"takes CARD.FIELD=VALUE, e.g. {EXAMPLE}, not {escape(repr(text))}"
        raise IllegalPosition([Problem("--override", message)])
    prefixes = [".".join(path.split(".")[:n]) for n in (1, 2)]
    close = difflib.get_close_matches(prefixes[-1], kinds, n=3) or difflib.get_close_matches(prefixes[0], kinds, n=3)
    hint = f"did you mean {' or '.join(close)}?" if close else f"cards: {', '.join(kinds)}"
    where = escape(path[:80])
    raise IllegalPosition([Problem(where, f"Tower Defense has no such card (CARD.FIELD=VALUE); {hint}")])


def cards_for(edits: Sequence[CardEdit]) -> CardSet:
    """The cards these edits change, each edited and validated again, as the set a cell puts in use;
    IllegalPosition naming the edit and each problem when an edit names no card or field, or gives a value
    the card cannot hold."""
    kinds = card_kinds()
    data: dict[str, dict[str, Any]] = {}
    for edit in edits:
        if edit.card not in kinds:
            raise IllegalPosition([Problem(edit.card, "Tower Defense has no such card")])
        card = data.setdefault(edit.card, catalog.shipped(kinds[edit.card])[edit.card].model_dump(mode="json"))
        _edit(card, edit)
    changed: dict[str, list[BaseModel]] = {}
    for card_id, card_data in data.items():
        text = control_text_problem(card_data)
        if text is not None:
            raise IllegalPosition([Problem(within(card_id, text.where), text.message)])
        model = type(catalog.shipped(kinds[card_id])[card_id])
        try:
            changed.setdefault(kinds[card_id], []).append(validate_strict(model, card_data, source=card_id))
        except IllegalPosition as exc:
            raise reworded(card_id, exc) from None
    return CardSet.model_validate({kind: tuple(cards) for kind, cards in changed.items()})


def _edit(card: dict[str, Any], edit: CardEdit) -> None:
    """Set the edit's field in the card's data (a sourced number's `value` when the path names the number),
    after checking the value is of the kind the field holds, and say in the source that a designer set it."""
    head = edit.field.split(".")[0]
    if head in FIXED_FIELDS and head in card:
        raise IllegalPosition([Problem(f"{edit.card}.{edit.field}", FIXED_FIELDS[head])])
    target = edit
    old = data_at(card, edit.field)
    if _is_figure(old):
        target = edit.model_copy(update={"field": f"{edit.field}.value"})
        old = old["value"]
    _check_value(f"{edit.card}.{edit.field}", old, edit.value)
    set_path(card, target, nothing_optional)
    note = f"a designer's override: {edit.field}={json.dumps(edit.value)} (was {json.dumps(old)})"
    holder = data_at(card, target.field.rsplit(".", 1)[0]) if "." in target.field else card
    if _is_figure(holder):
        holder["source"] = f"{note}; {holder['source']}"
    else:
        card["source"] = f"{note}; {card['source']}"


def _is_figure(node: Any) -> bool:
    return isinstance(node, dict) and {"value", "source", "assumed"} <= set(node)


def _check_value(where: str, old: Any, new: JsonValue) -> None:
    """A whole number replaces a whole number (from 0 to the rules' number limit), true or false a truth
    value, text a text; lists and objects are left to the card's model."""
    if isinstance(old, bool):
        if not isinstance(new, bool):
            raise IllegalPosition([Problem(where, f"must be true or false, not {escape(json.dumps(new))}")])
    elif isinstance(old, int):
        top = limits.MAX_RULES_NUMBER
        if isinstance(new, bool) or not isinstance(new, int) or not 0 <= new <= top:
            message = f"must be a whole number from 0 to {top:,}, not {escape(json.dumps(new))}"
            raise IllegalPosition([Problem(where, message)])
    elif isinstance(old, str) and not isinstance(new, str):
        raise IllegalPosition([Problem(where, f"must be text, not {escape(json.dumps(new))}")])


def carry(armies: object, files: object, edits: Sequence[CardEdit]) -> Carried:
    """The cards a variant changes, as data a cell carries (nothing when none changes)."""
    del armies, files
    cards = cards_for(edits)
    return (), (cards.model_dump(mode="json") if cards.cards() else {})


def use(carried: Carried) -> None:
    """Put a cell's changed cards (and no other designer's change) in use in this process."""
    changed = carried[1]
    catalog.use_cards(as_model(CardSet, changed) if changed else CardSet())  # type: ignore[arg-type]


def in_use() -> Carried:
    """The changed cards in use now, as data."""
    cards = catalog.designed_cards()
    return (), (cards.model_dump(mode="json") if cards.cards() else {})
