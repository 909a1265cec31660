"""What a balance measures and how far it is from its aim: a tally of successes per measure (an Attack the Tower
matchup, both seats together: the first army's wins among the games somebody won; a Tower Defense player count,
or The Tower at a policy: the games won), its Wilson interval, and how far that lies from the target.

The objectives of a candidate are computed here: the worst and the mean distance of its measures from the
target, each with honest bounds (every measure's interval taken at once).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.core.ladder import wilson

CONFIDENCE = 0.95
"""The intervals reported."""
STOP_CONFIDENCE = 0.99
"""The intervals a search's early stop reads: wider than those reported, because a candidate is looked at
after each stage (a few looks), so a stop on noise stays rare."""


@dataclass(frozen=True, slots=True)
class Tally:
    """Successes out of trials of one measure (trials: the games that count; a duel's draws do not)."""

    successes: int = 0
    trials: int = 0
    draws: int = 0

    def __add__(self, other: Tally) -> Tally:
        return Tally(self.successes + other.successes, self.trials + other.trials, self.draws + other.draws)

    @property
    def rate(self) -> float:
        return self.successes / self.trials if self.trials else 0.5

    def interval(self, confidence: float = CONFIDENCE) -> tuple[float, float]:
        return wilson(self.successes, self.trials, confidence)

    def distance(self, target: float) -> float:
        """How far the rate lies from the target."""
        return abs(self.rate - target)

    def distance_bounds(self, target: float, confidence: float = CONFIDENCE) -> tuple[float, float]:
        """The least and the greatest distance from the target the interval allows (0 when it holds the target)."""
        low, high = self.interval(confidence)
        least = max(0.0, low - target, target - high)
        return least, max(abs(low - target), abs(high - target))

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval()
        return {
            "successes": self.successes,
            "trials": self.trials,
            "draws": self.draws,
            "rate": self.rate,
            "ci95": [low, high],
        }


def points(distance: float) -> str:
    """A distance between win rates in percentage points, as a designer reads it ("27.5" for 0.275: a win rate of
    77.5% against a target of 50%)."""
    return f"{100 * distance:.1f}"


Tallies = Mapping[str, Tally]
"""Each measure's tally, by the measure's name."""


def add_tallies(a: Tallies, b: Tallies) -> dict[str, Tally]:
    return {name: a.get(name, Tally()) + b.get(name, Tally()) for name in dict.fromkeys([*a, *b])}


@dataclass(frozen=True, slots=True)
class Objectives:
    """A candidate's distances from the target: the worst measure's and the mean, each with its bounds."""

    worst: float
    mean: float
    worst_low: float
    worst_high: float
    worst_measure: str

    def to_json(self) -> dict[str, Any]:
        return {
            "worst_distance": self.worst,
            "mean_distance": self.mean,
            "worst_distance_ci": [self.worst_low, self.worst_high],
            "worst_measure": self.worst_measure,
        }


def objectives(tallies: Tallies, target: float, confidence: float = CONFIDENCE) -> Objectives:
    """The worst and mean distance from `target` over the measures, and the worst distance's bounds: at
    least the largest of the measures' least distances, at most the largest of their greatest."""
    if not tallies:
        return Objectives(1.0, 1.0, 0.0, 1.0, "")
    distances = {name: t.distance(target) for name, t in tallies.items()}
    bounds = [t.distance_bounds(target, confidence) for t in tallies.values()]
    worst_measure = max(distances, key=lambda n: distances[n])
    return Objectives(
        worst=distances[worst_measure],
        mean=sum(distances.values()) / len(distances),
        worst_low=max(b[0] for b in bounds),
        worst_high=max(b[1] for b in bounds),
        worst_measure=worst_measure,
    )


def tallies_json(tallies: Tallies) -> dict[str, dict[str, Any]]:
    return {name: t.to_json() for name, t in tallies.items()}
