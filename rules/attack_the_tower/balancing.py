"""What the balancer (rules.balance) reads of Attack the Tower through its descriptor: the knobs it turns when a
balance names none, a card's numbers, which cards a balance of some armies may turn, and the edit that keeps a
deck at the 25 cards 004 requires when a card's copies change; an answer as army files.

Each reads an army as the balance plays it: a designer's army file of its id when one is given (`files`), else the
shipped army."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from pydantic import BaseModel

from rules.attack_the_tower.cards import Army
from rules.attack_the_tower.catalog import ARMY_IDS, shipped_army
from rules.attack_the_tower.overrides import card_in, settable
from rules.core.card_edits import CardEdit, set_path, value_at
from rules.core.jsonio import validate_strict

TROOP_POWERS = ("light_infantry_power", "shooter_power", "heavy_infantry_power", "cavalry_power", "siege_weapon_power")


def played_army(army_id: str, files: Sequence[BaseModel]) -> Army:
    """The army a balance plays under this id: the designer's file of it among `files`, else the shipped one."""
    for given in files:
        if isinstance(given, Army) and given.id == army_id:
            return given
    return shipped_army(army_id)


def default_tunes(armies: Sequence[str], current: Callable[[str], Any], files: Sequence[BaseModel]) -> Iterable[str]:
    """Each troop type's power one up or down, and in each army balanced every base's copies and every special
    troop's power, two either way (a base keeps at least one copy). An ability's effect numbers are not in the set
    (`--tune` names them): at the learned policy, the Undead's three ability numbers turned together moved Undead
    v Easterners from 21% to 29%, one base's copies to 40% (the README's auto-balance section)."""
    for name in TROOP_POWERS:
        value = current(name)
        assert isinstance(value, int)
        yield f"{name}={max(0, value - 1)}..{value + 1}"
    for army_id in armies:
        army = played_army(army_id, files)
        for base in army.bases:
            yield f"{base.id}.copies={max(1, base.copies - 2)}..{base.copies + 2}"
        for card in army.abilities:
            if card.special_troop is not None:
                power = card.special_troop.power
                yield f"{card.id}.special_troop.power={max(0, power - 2)}..{power + 2}"


def card_data(card: str, files: Sequence[BaseModel] = ()) -> dict[str, Any]:
    """The card `ARMY.CARD` as the balance plays it, as JSON data (empty when its army has no such card)."""
    return card_in(played_army(card.split(".", 1)[0], files).model_dump(mode="json"), card)


def card_problem(card: str, armies: Sequence[str], files: Sequence[BaseModel] = ()) -> str | None:
    """Why a balance of `armies` cannot turn `card`: an army not balanced, or a card its army does not have."""
    army = card.split(".", 1)[0]
    offered = (*ARMY_IDS, *(a.id for a in files if isinstance(a, Army) and a.id not in ARMY_IDS))
    if army not in offered or (armies and army not in armies):
        return f"no army {army!r} among the armies balanced ({', '.join(armies or offered)})"
    ids = played_army(army, files).card_ids()
    if card not in ids:
        return f"the {army} have no card {card!r}; their cards: {', '.join(ids)}"
    return None


def keep_decks_whole(edits: Sequence[CardEdit], files: Sequence[BaseModel] = ()) -> tuple[CardEdit, ...]:
    """For each deck whose copies the edits change: the edit that gives back (or takes) their summed difference
    from the deck's fullest card the edits leave alone (the first listed on a tie). A deck whose every card is
    changed gets none: the armies' validation then refuses the candidate in the cards' words."""
    out: list[CardEdit] = []
    copies = {e.card: e.value for e in edits if e.field == "copies" and isinstance(e.value, int)}
    for army_id in sorted({e.army for e in edits if e.card in copies}):
        army = played_army(army_id, files)
        decks: tuple[Sequence[Any], ...] = (army.bases, army.abilities)
        for deck in decks:
            change = sum(int(copies[c.id]) - c.copies for c in deck if c.id in copies)
            left = [c for c in deck if c.id not in copies]
            if change and left:
                fullest = max(left, key=lambda c: c.copies)
                out.append(CardEdit(card=fullest.id, field="copies", value=fullest.copies - change))
    return tuple(out)


KEPT_WHOLE = "to keep the deck at 25 cards"
"""Why `keep_decks_whole` changes a card the answer does not name (004: each deck holds 25 cards)."""

SUGGESTED = "suggested change (tower-rules balance)"
"""How a changed card's `source` begins in an answer's army file."""


def answer_files(
    edits: Sequence[CardEdit], named: set[str], files: Sequence[BaseModel] = ()
) -> dict[str, dict[str, Any]]:
    """Each army the edits change, by id, as the army file played (a designer's, else the shipped one) with the
    changed numbers: every changed card's
    `source` says it is a suggested change and what it was (and, for a card the answer does not name itself, that
    it keeps the deck at 25 cards); validated as an army."""
    data: dict[str, dict[str, Any]] = {}
    for edit in edits:
        army = data.setdefault(edit.army, played_army(edit.army, files).model_dump(mode="json"))
        card = card_in(army, edit.card)
        old = value_at(card, edit.field)
        set_path(card, edit, settable)
        why = f" {KEPT_WHOLE}" if edit.field == "copies" and edit.card not in named else ""
        note = f"{SUGGESTED}: {edit.field} {json.dumps(edit.value)} (was {json.dumps(old)}){why}"
        card["source"] = f"{note}; {card['source']}"
    out = {}
    for army_id, army_data in data.items():
        said = "Numbers changed by a balance run (each changed card's source says what it was)."
        army_data["notes"] = f"{said} {army_data.get('notes', '')}".strip()
        out[army_id] = validate_strict(Army, army_data, source=army_id).model_dump(mode="json")
    return out
