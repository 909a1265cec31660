"""How a game ended (after python-chess's Outcome): the game's own termination and one result per player."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Utility(enum.Enum):
    """How results relate: a duel (one wins what the other loses), a team that wins or loses together, or
    one player against the game."""

    ZERO_SUM = "zero-sum"
    COOPERATIVE = "cooperative"
    SOLO = "solo"


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: why (a member of the game's own `Termination` enum) and each player's result.

    Results: a duel gives 1 to the winner and -1 to the loser, 0 to both for a draw; a cooperative game
    gives the whole table 1 for a victory and 0 for a defeat; a solo game 1 or 0."""

    termination: enum.Enum
    returns: tuple[int, ...]
    utility: Utility

    @classmethod
    def duel(cls, termination: enum.Enum, winner: int | None) -> Outcome:
        """A two-player result: `winner` gets 1 and the other -1; None is a draw."""
        if winner is None:
            return cls(termination, (0, 0), Utility.ZERO_SUM)
        return cls(termination, (1, -1) if winner == 0 else (-1, 1), Utility.ZERO_SUM)

    @classmethod
    def team(cls, termination: enum.Enum, won: bool, players: int) -> Outcome:
        """A cooperative result: every player gets 1 for a victory, 0 for a defeat."""
        return cls(termination, (int(won),) * players, Utility.COOPERATIVE)

    @classmethod
    def solo(cls, termination: enum.Enum, won: bool) -> Outcome:
        """One player's result: 1 for a win, 0 for a loss."""
        return cls(termination, (int(won),), Utility.SOLO)

    @property
    def winner(self) -> int | None:
        """The player who won a duel (None for a draw, and in cooperative and solo games)."""
        if self.utility is not Utility.ZERO_SUM or max(self.returns) <= 0:
            return None
        return self.returns.index(max(self.returns))

    @property
    def won(self) -> bool:
        """Whether somebody won: the duel's winner, or the team or the solo player."""
        if self.utility is Utility.ZERO_SUM:
            return self.winner is not None
        return self.returns[0] > 0

    def result(self) -> str:
        """A short score line: '1-0', '0-1' or '1/2-1/2' for a duel; 'won' or 'lost' for a team or one player."""
        if self.utility is not Utility.ZERO_SUM:
            return "won" if self.won else "lost"
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner == 0 else "0-1"
