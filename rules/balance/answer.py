"""An answer as files a designer can open and play: each Attack the Tower army a candidate changes, as the shipped
file with the changed numbers, every changed card's `source` saying it is a suggested change and what it was;
and the rules fields it changes, as a JSON object (`--variant`/`--set` values).

    tower-rules attack-the-tower play --army-file balanced/undead.json
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import JsonValue

from rules.attack_the_tower.cards import Army
from rules.attack_the_tower.overrides import settable
from rules.balance.knobs import Choice, Knob, card_edits, rules_values
from rules.core.card_edits import CardEdit, set_path
from rules.core.files import write_file
from rules.core.jsonio import validate_strict

SUGGESTED = "suggested change (tower-rules balance)"


def changed_armies(knobs: Sequence[Knob], choice: Choice) -> dict[str, Army]:
    """The armies the choice changes, by id, each card changed with its source saying so."""
    from rules.attack_the_tower.catalog import shipped_army

    edits = card_edits(knobs, choice, "attack-the-tower")
    data: dict[str, dict[str, Any]] = {}
    for edit in edits:
        army = data.setdefault(edit.army, shipped_army(edit.army).model_dump(mode="json"))
        card = _card(army, edit.card)
        old = _at(card, edit.field)
        set_path(card, edit, settable)
        why = (
            " to keep the deck at 25 cards" if edit.field == "copies" and edit.card not in choice_cards(choice) else ""
        )
        note = f"{SUGGESTED}: {edit.field} {json.dumps(edit.value)} (was {json.dumps(old)}){why}"
        card["source"] = f"{note}; {card['source']}"
    out = {}
    for army_id, army_data in data.items():
        said = "Numbers changed by a balance run (each changed card's source says what it was)."
        army_data["notes"] = f"{said} {army_data.get('notes', '')}".strip()
        out[army_id] = validate_strict(Army, army_data, source=army_id)
    return out


def choice_cards(choice: Choice) -> set[str]:
    """The cards a choice names itself (not those changed to keep a deck whole)."""
    return {".".join(name.split(".")[:2]) for name in choice if name.count(".") >= 2}


def _card(army: dict[str, Any], card_id: str) -> dict[str, Any]:
    for kind in ("bases", "abilities"):
        for card in army.get(kind, ()):
            if card["id"] == card_id:
                found: dict[str, Any] = card
                return found
    raise KeyError(f"no card {card_id!r} in the {army['name']}")


def _at(card: dict[str, Any], field: str) -> JsonValue:
    node: Any = card
    for part in field.split("."):
        node = node[int(part)] if isinstance(node, list) else node.get(part)
    found: JsonValue = node
    return found


def edits_of(knobs: Sequence[Knob], choice: Choice, game: str) -> tuple[CardEdit, ...]:
    return card_edits(knobs, choice, game)


def write_answer(folder: str | Path, knobs: Sequence[Knob], choice: Choice, game: str) -> list[Path]:
    """Write the answer's files in `folder` (created if missing): `<army>.json` for each army changed and
    `rules.json` with the rules fields changed; the paths written."""
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    written = []
    if game == "attack-the-tower":
        for army_id, army in changed_armies(knobs, choice).items():
            path = target / f"{army_id}.json"
            write_file(path, json.dumps(army.model_dump(mode="json"), indent=2) + "\n")
            written.append(path)
    else:
        edits = card_edits(knobs, choice, game)
        if edits:
            path = target / "overrides.txt"
            write_file(path, ",".join(e.text() for e in edits) + "\n")
            written.append(path)
    rules = rules_values(knobs, choice)
    if rules:
        path = target / "rules.json"
        write_file(path, json.dumps(rules, indent=2) + "\n")
        written.append(path)
    return written
