"""The small engine protocol every game package implements (after OpenSpiel and boardgame.io)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

from rules.core.distribution import Distribution
from rules.core.events import Event
from rules.core.outcome import Outcome

CHANCE = -1
"""`current_player` of a chance node: the next action is an outcome drawn from `chance_outcomes`."""

S = TypeVar("S")
A = TypeVar("A")


class Game(Protocol[S, A]):
    """Pure functions over immutable positions: nothing here mutates a state or calls `random`."""

    def current_player(self, state: S) -> int | None:
        """The player to choose (0 or 1), CHANCE at a chance node, None when the game is over."""
        ...

    def legal_actions(self, state: S) -> Sequence[A]:
        """Every action the player to move may take (at a chance node: the possible outcomes)."""
        ...

    def chance_outcomes(self, state: S) -> Distribution[A]:
        """At a chance node, each outcome with its exact probability."""
        ...

    def apply(self, state: S, action: A) -> tuple[S, tuple[Event, ...]]:
        """The position after the action and what happened; raises IllegalAction when not allowed."""
        ...

    def is_terminal(self, state: S) -> bool: ...

    def outcome(self, state: S) -> Outcome | None: ...
