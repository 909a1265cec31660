"""What a sweep needs to know of each game, read from the game's descriptor (`rules.registry`): its protocol
object, `Rules` model, policies, how a game starts and how long one lasted.

A descriptor is loaded only when its game is asked for, so a sweep over one game loads only that game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, JsonValue

from rules.core.descriptor import GameDescriptor, SweepSupport
from rules.core.errors import UnknownName
from rules.core.protocol import Game
from rules.registry import descriptor, descriptors

GameName = str
"""A game's name as the command line spells it (a registered game's `slug`)."""


def game_names() -> tuple[str, ...]:
    """Every registered game a sweep can play."""
    return tuple(game.slug for game in descriptors() if game.sweep is not None)


@dataclass(frozen=True, slots=True)
class SweepGame:
    """One game as a sweep sees it: its descriptor and what a sweep reads of it.

    `default_rules` are the rules values a sweep plays under unless it sets them (the game's `play_rules`: a
    turn limit, so that every game ends); two-player games (`two_player`, read from the protocol card) are
    played between a pair of policies, the others by one policy in every seat. `has_cards`: a card override
    can change its cards; how a game starts, how long one lasted and the cards played are the `support`'s."""

    descriptor: GameDescriptor
    support: SweepSupport
    """The descriptor's `sweep` (never None here)."""

    @property
    def game(self) -> Game[Any, Any]:
        return self.descriptor.game

    @property
    def rules(self) -> type[BaseModel]:
        return self.descriptor.rules

    @property
    def policies(self) -> Mapping[str, Callable[[], Any]]:
        return self.descriptor.policies

    @property
    def default_rules(self) -> Mapping[str, JsonValue]:
        return self.descriptor.play_rules

    @property
    def two_player(self) -> bool:
        """A duel (zero-sum, two seats), as the game's protocol card says."""
        return self.descriptor.two_player

    @property
    def has_armies(self) -> bool:
        return self.support.armies is not None

    @property
    def has_cards(self) -> bool:
        return self.support.cards is not None

    @property
    def has_scenario(self) -> bool:
        return self.support.scenarios is not None


def sweep_game(name: str) -> SweepGame:
    """The game of this name (as the command line spells it); KeyError naming the games otherwise."""
    found = descriptor(name)
    if found.sweep is None:
        raise UnknownName(f"a sweep cannot play {name!r}; games: {', '.join(game_names())}")
    return SweepGame(found, found.sweep)


def scenario_names(game: str | None = None) -> tuple[str, ...]:
    """The scenarios a sweep can start `game` from (by default, those of the first game that has any)."""
    for slug in [game] if game is not None else game_names():
        support = sweep_game(slug).support.scenarios
        if support is not None:
            return support.names()
    return ()
