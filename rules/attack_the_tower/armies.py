"""The armies shipped as data files, validated on load, a designer's own armies beside them, and a fast
card lookup by id."""

from __future__ import annotations

import functools
from importlib import resources

from rules.attack_the_tower.cards import AbilityCard, Army, BaseCard
from rules.core.jsonio import parse_model

ARMY_IDS: tuple[str, ...] = ("undead", "bandits", "westerners", "easterners")
"""The real armies, offered by the command line and the panels."""
TEST_ARMY_IDS: tuple[str, ...] = ("trait_test",)
"""Armies made up for tests (cards carrying traits no known card has); valid in positions, never offered."""
KNOWN_ARMY_IDS: tuple[str, ...] = ARMY_IDS + TEST_ARMY_IDS

_DESIGNED: dict[str, Army] = {}
"""Armies a designer loaded from their own files (see `armyfile.use_army`), by id; one with a shipped
army's id stands in for it."""


def army_ids() -> tuple[str, ...]:
    """The shipped armies' ids, then those of the designers' own armies (the armies offered)."""
    return ARMY_IDS + tuple(a for a in _DESIGNED if a not in ARMY_IDS)


def known_army_ids() -> tuple[str, ...]:
    """Every army a position may name: the shipped and test armies, then the designers' own."""
    return KNOWN_ARMY_IDS + tuple(a for a in _DESIGNED if a not in KNOWN_ARMY_IDS)


def army(army_id: str) -> Army:
    """The army with this id: a designer's own army loaded under it, else `data/<id>.json`."""
    designed = _DESIGNED.get(army_id)
    if designed is not None:
        return designed
    return shipped_army(army_id)


@functools.cache
def shipped_army(army_id: str) -> Army:
    """The shipped army with this id, read from `data/<id>.json` and validated."""
    if army_id not in KNOWN_ARMY_IDS:
        raise KeyError(f"unknown army {army_id!r}; armies: {', '.join(army_ids())}")
    text = resources.files("rules.attack_the_tower").joinpath(f"data/{army_id}.json").read_text("utf-8")
    return parse_model(Army, text, source=f"data/{army_id}.json")


@functools.cache
def _card_index() -> dict[str, BaseCard | AbilityCard]:
    index: dict[str, BaseCard | AbilityCard] = {}
    for a in known_army_ids():
        index.update((b.id, b) for b in army(a).bases)
        index.update((c.id, c) for c in army(a).abilities)
    return index


def designed_armies() -> dict[str, Army]:
    """The designers' own armies now in use, by id (changed only through `armyfile.use_army`)."""
    return _DESIGNED


def card(card_id: str) -> BaseCard | AbilityCard:
    """Any card of any army by its id (e.g. 'undead.graveyard')."""
    try:
        return _card_index()[card_id]
    except KeyError:
        raise KeyError(f"no card {card_id!r}") from None


def base_card(card_id: str) -> BaseCard:
    c = card(card_id)
    if not isinstance(c, BaseCard):
        raise KeyError(f"{card_id!r} is an ability card, not a base")
    return c


def ability_card(card_id: str) -> AbilityCard:
    c = card(card_id)
    if not isinstance(c, AbilityCard):
        raise KeyError(f"{card_id!r} is a base card, not an ability")
    return c


def is_card(card_id: str) -> bool:
    return card_id in _card_index()
