"""Picking one outcome of a chance step, exactly and reproducibly, when a single line of play is wanted."""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import TypeVar

from rules.core.distribution import Distribution

T = TypeVar("T", bound=Hashable)


class ChanceSampler:
    """A seeded source of choices. The rules never call `random`; callers hand them a sampler."""

    def __init__(self, seed: int | None = 0) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def pick(self, dist: Distribution[T]) -> T:
        """One outcome, drawn with exactly its probability (integer arithmetic, no float rounding)."""
        ticket = self._rng.randrange(dist.denominator)
        for value, numerator in dist.numerators():
            ticket -= numerator
            if ticket < 0:
                return value
        raise AssertionError("probabilities do not sum to 1")  # unreachable: Distribution sums to 1

    def choice(self, options: Sequence[T]) -> T:
        """One option, uniformly; ValueError in words when there is none (a player asked to act with no legal
        action: a game's mistake its conformance check finds)."""
        if not options:
            raise ValueError("there is nothing to choose from: the player asked to act has no legal action")
        return options[self._rng.randrange(len(options))]

    def randrange(self, n: int) -> int:
        return self._rng.randrange(n)

    def random(self) -> float:
        return self._rng.random()

    def spawn(self) -> ChanceSampler:
        """An independent sampler seeded from this one (for a nested simulation)."""
        return ChanceSampler(self._rng.randrange(2**63))
