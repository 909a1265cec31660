"""What every game package shares: errors, events, exact distributions, chance, sessions and JSON I/O."""

from rules.core.chance import ChanceSampler
from rules.core.distribution import Distribution
from rules.core.errors import IllegalAction, IllegalPosition, MalformedFile, Problem, RulesError
from rules.core.events import Event
from rules.core.outcome import Outcome, Termination
from rules.core.protocol import CHANCE, Game
from rules.core.session import Session

__all__ = [
    "CHANCE",
    "ChanceSampler",
    "Distribution",
    "Event",
    "Game",
    "IllegalAction",
    "IllegalPosition",
    "MalformedFile",
    "Outcome",
    "Problem",
    "RulesError",
    "Session",
    "Termination",
]
