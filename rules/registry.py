"""Every game the tools know, by its command-line name: the shipped games' descriptors, the games installed
packages declare under the `tower_rules.games` entry point group, and any registered with one call.

    from rules.registry import register
    register(MY_GAME)        # a GameDescriptor; every tool now offers it

The only module above the games that names them. A descriptor module is imported when its game is first asked
for, so a tool that needs one game loads only that game.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from importlib.metadata import entry_points

from rules.core.descriptor import GameDescriptor

SHIPPED: dict[str, str] = {
    "attack-the-tower": "rules.attack_the_tower.descriptor",
    "the-tower": "rules.the_tower.descriptor",
    "tower-defense": "rules.tower_defense.descriptor",
}
"""The shipped games, in the order every tool lists them, and the module holding each one's `DESCRIPTOR`."""
ENTRY_POINTS = "tower_rules.games"
"""The entry point group where an installed package names its games' descriptors (`module:DESCRIPTOR`)."""

_LOADED: dict[str, GameDescriptor] = {}
_REGISTERED: dict[str, GameDescriptor] = {}


def register(game: GameDescriptor) -> GameDescriptor:
    """Make a game known to every tool (a designer's or a test's own game); a shipped name cannot be taken."""
    if game.slug in SHIPPED:
        raise ValueError(f"{game.slug!r} is a shipped game's name")
    _REGISTERED[game.slug] = game
    return game


@contextmanager
def registered(game: GameDescriptor) -> Iterator[GameDescriptor]:
    """The game known to every tool inside the block, and forgotten after it."""
    register(game)
    try:
        yield game
    finally:
        _REGISTERED.pop(game.slug, None)


def _installed() -> dict[str, str]:
    """The games installed packages declare, by name (the shipped names keep their shipped games)."""
    return {e.name: e.value for e in entry_points(group=ENTRY_POINTS) if e.name not in SHIPPED}


def names() -> tuple[str, ...]:
    """Every game's name: the shipped ones first, then the installed, then the registered."""
    return (*SHIPPED, *(n for n in _installed() if n not in SHIPPED), *_REGISTERED)


def descriptor(slug: str) -> GameDescriptor:
    """The game of this name; KeyError naming the games otherwise."""
    if slug in _REGISTERED:
        return _REGISTERED[slug]
    if slug not in _LOADED:
        where = SHIPPED.get(slug) or _installed().get(slug)
        if where is None:
            raise KeyError(f"no game {slug!r}; games: {', '.join(names())}")
        module, _, attribute = where.partition(":")
        found = getattr(importlib.import_module(module), attribute or "DESCRIPTOR")
        if not isinstance(found, GameDescriptor):
            raise TypeError(f"{where} is not a GameDescriptor")
        _LOADED[slug] = found
    return _LOADED[slug]


def descriptors() -> list[GameDescriptor]:
    """Every game, in the order of `names()`."""
    return [descriptor(slug) for slug in names()]
