"""Playing and moving along a session's lines, shared by every game's explorer: play, back, forward, restart,
jump, branches.

Each is a replay of the engine's pure steps (rules.core.session); nothing here knows a game."""

from __future__ import annotations

from typing import Any

from rules.core.events import Event
from rules.core.session import Session


class SessionNavigation:
    """Mixin for explorers holding `self.session`."""

    session: Session[Any, Any]

    def play(self, action: Any) -> tuple[Event, ...]:
        """Take one action (refused with IllegalAction, nothing changed, when the rules forbid it)."""
        return self.session.play(action)

    def back(self, steps: int = 1) -> None:
        self.session.back(steps)

    def forward(self, steps: int = 1) -> None:
        self.session.forward(steps)

    def restart(self) -> None:
        self.session.restart()

    def jump(self, step: int) -> None:
        """Go to the position after `step` actions of the current line (0: the start)."""
        self.session.jump(step)

    def branch(self, name: str | None = None) -> str:
        """Keep the line so far and continue it differently under a new branch name."""
        return self.session.branch(name)

    def switch(self, name: str) -> None:
        self.session.switch(name)

    @property
    def branches(self) -> list[str]:
        return list(self.session.branches)
