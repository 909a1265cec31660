"""A session: an initial position, lines of actions (branches) and a cursor; every state is a replay."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from rules.core.errors import IllegalAction, UnknownName
from rules.core.events import Event
from rules.core.protocol import Game

S = TypeVar("S")
A = TypeVar("A", bound=Hashable)


@dataclass(frozen=True, slots=True)
class Step(Generic[A]):
    """One step of a line: its number (1-based), the action and what happened."""

    number: int
    action: A
    events: tuple[Event, ...]


class Session(Generic[S, A]):
    """Back, forward, jump and branch are replays of the game's pure steps, never stored copies.

    Replayed results are memoised by the action prefix that produced them, so stepping stays cheap.
    """

    def __init__(self, game: Game[S, A], initial: S) -> None:
        self.game = game
        self.initial = initial
        self.branches: dict[str, tuple[A, ...]] = {"main": ()}
        self.current_branch = "main"
        self.cursor = 0
        self._memo: dict[tuple[A, ...], tuple[S, tuple[Event, ...]]] = {(): (initial, ())}

    # ---- reading -------------------------------------------------------------------------------
    @property
    def line(self) -> tuple[A, ...]:
        """Every action of the current branch (including those after the cursor)."""
        return self.branches[self.current_branch]

    def _replay(self, prefix: tuple[A, ...]) -> tuple[S, tuple[Event, ...]]:
        known = len(prefix)
        while prefix[:known] not in self._memo:
            known -= 1
        state = self._memo[prefix[:known]][0]
        for i in range(known, len(prefix)):
            state, events = self.game.apply(state, prefix[i])
            self._memo[prefix[: i + 1]] = (state, events)
        return self._memo[prefix]

    @property
    def state(self) -> S:
        """The position at the cursor."""
        return self._replay(self.line[: self.cursor])[0]

    def state_at(self, index: int) -> S:
        """The position after `index` actions of the current branch."""
        return self._replay(self.line[:index])[0]

    def steps(self) -> list[Step[A]]:
        """Every step of the current branch with its events (those after the cursor too)."""
        return [Step(i + 1, self.line[i], self._replay(self.line[: i + 1])[1]) for i in range(len(self.line))]

    def last_events(self) -> tuple[Event, ...]:
        """What the step just before the cursor did."""
        return self._replay(self.line[: self.cursor])[1]

    # ---- moving --------------------------------------------------------------------------------
    def play(self, action: A) -> tuple[Event, ...]:
        """Take an action at the cursor. In the middle of a line a different action opens a branch."""
        line = self.line
        if self.cursor < len(line) and line[self.cursor] == action:
            self.cursor += 1
            return self.last_events()
        prefix = line[: self.cursor]
        self._replay((*prefix, action))  # raises IllegalAction before anything changes
        if self.cursor < len(line):
            self.branch()
        self.branches[self.current_branch] = (*prefix, action)
        self.cursor += 1
        return self.last_events()

    def play_many(self, actions: Sequence[A]) -> None:
        for action in actions:
            self.play(action)

    def lay(self, actions: Sequence[A]) -> None:
        """Lay a whole line of play ahead of the cursor, which goes back to its start: a lesson's steps,
        walked through with `forward` (IllegalAction, nothing changed, when a step is not legal)."""
        line = (*self.line[: self.cursor], *actions)
        self._replay(line)
        self.branches[self.current_branch] = line

    def back(self, steps: int = 1) -> None:
        self.cursor = max(0, self.cursor - _steps(steps))

    def forward(self, steps: int = 1) -> None:
        self.cursor = min(len(self.line), self.cursor + _steps(steps))

    def restart(self) -> None:
        self.cursor = 0

    def jump(self, index: int) -> None:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index <= len(self.line):
            raise IndexError(f"step {index} is not in this line (0 to {len(self.line)})")
        self.cursor = index

    def branch(self, name: str | None = None) -> str:
        """Start a new branch that shares this line up to the cursor, and switch to it."""
        name = name or f"branch {len(self.branches)}"
        if name in self.branches:
            raise ValueError(f"there is already a branch called {name!r}")
        self.branches[name] = self.line[: self.cursor]
        self.current_branch = name
        return name

    def switch(self, name: str) -> None:
        """Show another branch, with the cursor at its end."""
        if name not in self.branches:
            raise UnknownName(f"no branch called {name!r}; branches: {', '.join(self.branches)}")
        self.current_branch = name
        self.cursor = len(self.branches[name])


def _steps(steps: object) -> int:
    """A number of steps to move: a whole number, at least 0 (a negative one would move the other way)."""
    if isinstance(steps, bool) or not isinstance(steps, int) or steps < 0:
        raise IllegalAction(f"steps must be a whole number, at least 0, not {steps!r}")
    return steps
