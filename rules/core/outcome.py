"""How a game ended (modelled on python-chess's Outcome)."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Termination(enum.Enum):
    """Why a game ended."""

    PALACE_DESTROYED = "palace destroyed"
    TURN_LIMIT = "turn limit reached"
    ALL_MONSTERS_SLAIN = "every monster slain"
    PLAYER_DIED = "the player died"
    VICTORY = "victory"
    DEFEAT = "defeat"


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: why, and who won (None for a draw or a solo loss)."""

    termination: Termination
    winner: int | None

    def result(self) -> str:
        """A short score line: '1-0', '0-1' or '1/2-1/2' for two players."""
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner == 0 else "0-1"
