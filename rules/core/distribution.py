"""Exact probability distributions over hashable values, with Fraction weights.

Outcomes here are positions and allocations, which cannot be ordered, so the sorted-outcome
libraries (icepool) do not fit; this is a thin immutable mapping that keeps every sum exact.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from typing import Generic, TypeVar

T = TypeVar("T", bound=Hashable)
U = TypeVar("U", bound=Hashable)


class Distribution(Generic[T]):
    """An immutable map from outcome to exact probability; the probabilities sum to exactly 1."""

    __slots__ = ("_probs",)

    def __init__(self, weights: Mapping[T, Fraction | int]) -> None:
        total = sum(weights.values(), Fraction(0))
        if total <= 0:
            raise ValueError("a distribution needs at least one outcome of positive weight")
        if any(w < 0 for w in weights.values()):
            raise ValueError("weights must not be negative")
        self._probs: dict[T, Fraction] = {k: Fraction(w) / total for k, w in weights.items() if w != 0}

    @classmethod
    def point(cls, value: T) -> Distribution[T]:
        """Certainty: one outcome with probability 1."""
        return cls({value: 1})

    @classmethod
    def uniform(cls, values: Iterable[T]) -> Distribution[T]:
        """Every listed value equally likely (repeats add weight)."""
        weights: dict[T, int] = {}
        for v in values:
            weights[v] = weights.get(v, 0) + 1
        return cls(weights)

    @classmethod
    def mixture(cls, parts: Iterable[tuple[Fraction, Distribution[T]]]) -> Distribution[T]:
        """The weighted mixture of distributions (the weights must sum to 1)."""
        weights: dict[T, Fraction] = {}
        for weight, dist in parts:
            for value, p in dist.items():
                weights[value] = weights.get(value, Fraction(0)) + weight * p
        return cls(weights)

    def items(self) -> Iterator[tuple[T, Fraction]]:
        return iter(self._probs.items())

    def outcomes(self) -> tuple[T, ...]:
        return tuple(self._probs)

    def __getitem__(self, value: T) -> Fraction:
        return self._probs.get(value, Fraction(0))

    def __len__(self) -> int:
        return len(self._probs)

    def __iter__(self) -> Iterator[T]:
        return iter(self._probs)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Distribution) and self._probs == other._probs

    def __hash__(self) -> int:
        return hash(frozenset(self._probs.items()))

    def total(self) -> Fraction:
        """The sum of the probabilities: exactly 1 by construction (tests check it)."""
        return sum(self._probs.values(), Fraction(0))

    def map(self, fn: Callable[[T], U]) -> Distribution[U]:
        """The distribution of fn(outcome); outcomes that map together add up."""
        weights: dict[U, Fraction] = {}
        for value, p in self._probs.items():
            key = fn(value)
            weights[key] = weights.get(key, Fraction(0)) + p
        return Distribution(weights)

    def bind(self, fn: Callable[[T], Distribution[U]]) -> Distribution[U]:
        """Chain a chance step after each outcome (the law of total probability)."""
        return Distribution.mixture((p, fn(value)) for value, p in self._probs.items())

    def probability(self, predicate: Callable[[T], bool]) -> Fraction:
        """The exact probability that the predicate holds."""
        return sum((p for v, p in self._probs.items() if predicate(v)), Fraction(0))

    def expectation(self, fn: Callable[[T], Fraction | int] | None = None) -> Fraction:
        """The exact expected value of fn(outcome) (of the outcome itself when fn is None)."""
        total = Fraction(0)
        for value, p in self._probs.items():
            total += p * Fraction(fn(value) if fn is not None else value)  # type: ignore[arg-type]
        return total

    def __repr__(self) -> str:
        shown = ", ".join(f"{v!r}: {p}" for v, p in list(self._probs.items())[:8])
        more = "" if len(self._probs) <= 8 else f", ... ({len(self._probs)} outcomes)"
        return f"Distribution({{{shown}{more}}})"
