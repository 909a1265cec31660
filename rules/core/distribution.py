"""Exact probability distributions over hashable values.

Outcomes here are positions and allocations, which cannot be ordered, so the sorted-outcome
libraries (icepool) do not fit; this is a thin immutable mapping. Probabilities are held as integer
numerators over one common denominator, so every sum is exact and a seeded sampler picks an outcome
with a single `randrange`; `Fraction`s appear only when a probability is read.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from typing import Generic, TypeVar

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)


class Distribution(Generic[T]):
    """An immutable map from outcome to exact probability; the probabilities sum to exactly 1."""

    __slots__ = ("_den", "_num")

    def __init__(self, weights: Mapping[T, Fraction | int]) -> None:
        """Outcomes with relative weights, scaled to sum to 1 (`of_probabilities` checks probabilities instead)."""
        if any(w < 0 for w in weights.values()):
            raise ValueError("weights must not be negative")
        positive = {k: Fraction(w) for k, w in weights.items() if w != 0}
        if not positive:
            raise ValueError("a distribution needs at least one outcome of positive weight")
        scale = math.lcm(*(w.denominator for w in positive.values()))
        ints = {k: w.numerator * (scale // w.denominator) for k, w in positive.items()}
        common = math.gcd(*ints.values())
        self._num: dict[T, int] = {k: n // common for k, n in ints.items()}
        self._den: int = sum(self._num.values())

    @classmethod
    def of_probabilities(cls, probabilities: Mapping[T, Fraction | int]) -> Distribution[T]:
        """Outcomes with their exact probabilities, which must sum to 1: ValueError saying the sum otherwise (a
        chance node written with a face left out, or 1/7 for a die's six faces). The constructor takes relative
        weights and would scale such a mistake silently."""
        total = sum(probabilities.values(), Fraction(0))
        if total != 1:
            listed = ", ".join(f"{k!r}: {v}" for k, v in list(probabilities.items())[:6])
            raise ValueError(
                f"probabilities must sum to 1, not {total} ({listed}{', ...' if len(probabilities) > 6 else ''})"
            )
        return cls(probabilities)

    @classmethod
    def from_counts(cls, counts: Mapping[T, int]) -> Distribution[T]:
        """Outcomes weighted by positive integer counts (cards in a pile): no Fraction arithmetic."""
        dist = cls.__new__(cls)
        dist._num = dict(counts)
        dist._den = sum(dist._num.values())
        if dist._den <= 0 or any(n <= 0 for n in dist._num.values()):
            raise ValueError("counts must be positive")
        return dist

    @classmethod
    def point(cls, value: T) -> Distribution[T]:
        """Certainty: one outcome with probability 1."""
        return cls.from_counts({value: 1})

    @classmethod
    def uniform(cls, values: Iterable[T]) -> Distribution[T]:
        """Every listed value equally likely (repeats add weight)."""
        return cls.from_counts(Counter(values))

    @classmethod
    def mixture(cls, parts: Iterable[tuple[Fraction, Distribution[T]]]) -> Distribution[T]:
        """The weighted mixture of distributions (the weights must sum to 1)."""
        weights: dict[T, Fraction] = {}
        for weight, dist in parts:
            for value, p in dist.items():
                weights[value] = weights.get(value, Fraction(0)) + weight * p
        return cls(weights)

    # ---- reading --------------------------------------------------------------------------------
    @property
    def denominator(self) -> int:
        """The common denominator of every probability."""
        return self._den

    def numerators(self) -> Iterator[tuple[T, int]]:
        """(outcome, numerator over `denominator`) pairs, for exact integer sampling."""
        return iter(self._num.items())

    def items(self) -> Iterator[tuple[T, Fraction]]:
        den = self._den
        return ((k, Fraction(n, den)) for k, n in self._num.items())

    def outcomes(self) -> tuple[T, ...]:
        return tuple(self._num)

    def __getitem__(self, value: T) -> Fraction:
        return Fraction(self._num.get(value, 0), self._den)

    def __contains__(self, value: object) -> bool:
        return value in self._num

    def __len__(self) -> int:
        return len(self._num)

    def __iter__(self) -> Iterator[T]:
        return iter(self._num)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Distribution):
            return NotImplemented
        return self._num.keys() == other._num.keys() and all(
            n * other._den == other._num[k] * self._den for k, n in self._num.items()
        )

    def __hash__(self) -> int:
        return hash(frozenset(self.items()))

    def total(self) -> Fraction:
        """The sum of the probabilities: exactly 1 by construction (tests check it)."""
        return sum((p for _, p in self.items()), Fraction(0))

    # ---- combining ------------------------------------------------------------------------------
    def map(self, fn: Callable[[T], U]) -> Distribution[U]:
        """The distribution of fn(outcome); outcomes that map together add up."""
        counts: Counter[U] = Counter()
        for value, n in self._num.items():
            counts[fn(value)] += n
        return Distribution.from_counts(counts)

    def bind(self, fn: Callable[[T], Distribution[U]]) -> Distribution[U]:
        """Chain a chance step after each outcome (the law of total probability)."""
        return Distribution.mixture((p, fn(value)) for value, p in self.items())

    def probability(self, predicate: Callable[[T], bool]) -> Fraction:
        """The exact probability that the predicate holds."""
        return Fraction(sum(n for v, n in self._num.items() if predicate(v)), self._den)

    def expectation(self, fn: Callable[[T], Fraction | int] | None = None) -> Fraction:
        """The exact expected value of fn(outcome) (of the outcome itself when fn is None)."""
        total = Fraction(0)
        for value, n in self._num.items():
            total += n * Fraction(fn(value) if fn is not None else value)  # type: ignore[arg-type]
        return total / self._den

    def __repr__(self) -> str:
        shown = ", ".join(f"{v!r}: {p}" for v, p in list(self.items())[:8])
        more = "" if len(self) <= 8 else f", ... ({len(self)} outcomes)"
        return f"Distribution({{{shown}{more}}})"
