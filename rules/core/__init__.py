"""What every game package shares: the game protocol, errors, events, exact distributions, chance, sessions
and JSON I/O."""

from rules.core.chance import ChanceSampler
from rules.core.distribution import Distribution
from rules.core.errors import IllegalAction, IllegalPosition, MalformedFile, Problem, RulesError
from rules.core.events import Event
from rules.core.outcome import Outcome, Utility
from rules.core.protocol import CHANCE, SIMULTANEOUS, TERMINAL, Game, GameBase, GameCard
from rules.core.session import Session

__all__ = [
    "CHANCE",
    "SIMULTANEOUS",
    "TERMINAL",
    "ChanceSampler",
    "Distribution",
    "Event",
    "Game",
    "GameBase",
    "GameCard",
    "IllegalAction",
    "IllegalPosition",
    "MalformedFile",
    "Outcome",
    "Problem",
    "RulesError",
    "Session",
    "Utility",
]
