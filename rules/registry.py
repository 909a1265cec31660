"""Every game the tools know, by its command-line name: the shipped games' descriptors, the games installed
packages declare under the `tower_rules.games` entry point group, and any registered with one call.

    from rules.registry import register
    register(MY_GAME)        # a GameDescriptor; every tool now offers it

The only module above the games that names them. A descriptor module is imported when its game is first asked
for, so a tool that needs one game loads only that game.
"""

from __future__ import annotations

import contextlib
import importlib
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from importlib.metadata import entry_points
from typing import Any

from rules.core.codec import Codec, name_games_with
from rules.core.descriptor import GameDescriptor
from rules.core.errors import RulesError, UnknownName
from rules.core.files import escape
from rules.core.jsonio import parse_json_object

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
_BROKEN: dict[str, str] = {}
"""Installed games whose entry point could not be loaded, with why."""


def register(game: GameDescriptor) -> GameDescriptor:
    """Make a game known to every tool (a designer's or a test's own game). Its name, and its card's short name
    (OpenSpiel's `python_<short name>`), may not be another game's: ValueError naming the game that has it (the
    short names of games not loaded yet are checked when OpenSpiel registers them). Registering the same descriptor
    again does nothing."""
    if _REGISTERED.get(game.slug) is game:
        return game
    if game.slug in SHIPPED:
        raise ValueError(f"{game.slug!r} is a shipped game's name")
    installed = _installed().get(game.slug)
    if installed is not None:
        raise ValueError(f"{game.slug!r} is the name of a game installed by {installed}")
    if game.slug in _REGISTERED:
        raise ValueError(f"{game.slug!r} is already registered (as {_REGISTERED[game.slug].title})")
    short = game.game.card.short_name
    for other in (*_LOADED.values(), *_REGISTERED.values()):  # the games loaded so far (OpenSpiel checks again)
        if other.game.card.short_name == short:
            raise ValueError(
                f"{game.slug!r}: its card's short name {short!r} is the game {other.slug!r}'s (OpenSpiel knows a game "
                "by it)"
            )
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
    """Every game's name: the shipped ones first, then the installed (but those found broken), then the
    registered."""
    return (*SHIPPED, *(n for n in _installed() if n not in SHIPPED and n not in _BROKEN), *_REGISTERED)


class GameNotLoaded(RulesError):
    """An installed game's entry point names no descriptor that can be loaded."""


def broken() -> dict[str, str]:
    """The installed games that could not be loaded, by name, each with why in words (the tools list the others
    and say these)."""
    return dict(_BROKEN)


def warn_broken() -> None:
    """Say each installed game that could not be loaded, a warning line on stderr (every other game still works)."""
    for words in _BROKEN.values():
        print(f"warning: {escape(words, 2000)}", file=sys.stderr)


def descriptor(slug: str) -> GameDescriptor:
    """The game of this name; KeyError naming the games otherwise."""
    if slug in _REGISTERED:
        return _REGISTERED[slug]
    if slug in _BROKEN:
        raise GameNotLoaded(_BROKEN[slug])
    if slug not in _LOADED:
        if slug in SHIPPED:
            _LOADED[slug] = _load(SHIPPED[slug])
        elif slug in _installed():
            _LOADED[slug] = _load_installed(slug, _installed()[slug])
        else:
            raise UnknownName(f"no game {slug!r}; games: {', '.join(names())}")
    return _LOADED[slug]


def _load(where: str) -> GameDescriptor:
    """The descriptor at `module:ATTRIBUTE` (`DESCRIPTOR` when no attribute is named)."""
    module, _, attribute = where.partition(":")
    found = getattr(importlib.import_module(module), attribute or "DESCRIPTOR")
    if not isinstance(found, GameDescriptor):
        raise TypeError(f"{where} is a {type(found).__name__}, not a GameDescriptor")
    return found


def _load_installed(slug: str, where: str) -> GameDescriptor:
    """An installed game's descriptor; GameNotLoaded naming the entry point and what went wrong when it cannot be
    loaded (a package's mistake must not keep the other games from every tool)."""
    try:
        return _load(where)
    except Exception as exc:  # any error of another package's import: said, and that game set aside
        _BROKEN[slug] = (
            f"the game {slug!r} installed as {slug} = {where!r} (entry point group {ENTRY_POINTS}) cannot be loaded: "
            f"{type(exc).__name__}: {exc}"
        )
        raise GameNotLoaded(_BROKEN[slug]) from None


def descriptors() -> list[GameDescriptor]:
    """Every game that loads, in the order of `names()`; an installed game that does not is set aside (`broken`)."""
    found = []
    for slug in names():
        with contextlib.suppress(GameNotLoaded):
            found.append(descriptor(slug))
    return found


def _games_of(positions: Codec[Any] | None, text: str) -> tuple[str, str]:
    """The title of the game whose codec `positions` is, and what else `text` reads as: another game's position,
    or a game's army file ('' if neither): asked only when a position is refused, to say what the file is."""
    games = descriptors()
    mine = next((d.title for d in games if d.game.positions is positions), "this game")
    for other in games:
        read = getattr(other.game.positions, "parse_strictly", None)  # a game's own codec of another kind: not asked
        if other.game.positions is positions or read is None:
            continue
        try:
            read(text)
        except RulesError:
            continue
        return mine, f"a position of {other.title}"
    return mine, _army_file_of(games, text)


def _army_file_of(games: list[GameDescriptor], text: str) -> str:
    """'an army file of GAME ...' when `text` reads as one of a game's army files, else ''."""
    for game in games:
        armies = game.sweep.armies if game.sweep is not None else None
        if armies is None:
            continue
        try:
            armies.load(parse_json_object(text))
        except (RulesError, ValueError):
            continue
        return f"an army file of {game.title} (a designer's army, played with --army-file or a panel's army file box)"
    return ""


name_games_with(_games_of)
