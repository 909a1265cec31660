"""rules.core.distribution: exact probabilities that always sum to exactly 1."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.distribution import Distribution


def test_weights_are_normalised_exactly() -> None:
    d = Distribution({"a": 1, "b": 2})
    assert d["a"] == Fraction(1, 3)
    assert d["b"] == Fraction(2, 3)
    assert d["missing"] == 0
    assert d.total() == 1


@given(st.dictionaries(st.integers(0, 20), st.integers(1, 50), min_size=1, max_size=12))
def test_any_positive_weights_sum_to_one(weights: dict[int, int]) -> None:
    assert Distribution(weights).total() == 1


def test_map_merges_outcomes_and_bind_chains_chance() -> None:
    die = Distribution.uniform(range(1, 7))
    parity = die.map(lambda v: v % 2)
    assert parity == Distribution({0: 1, 1: 1})
    two_dice = die.bind(lambda a: die.map(lambda b: a + b))
    assert two_dice[7] == Fraction(1, 6)
    assert two_dice[2] == Fraction(1, 36)
    assert two_dice.total() == 1
    assert two_dice.expectation() == 7


def test_probability_and_expectation() -> None:
    d = Distribution({1: 1, 2: 1, 3: 2})
    assert d.probability(lambda v: v >= 2) == Fraction(3, 4)
    assert d.expectation(lambda v: v * v) == Fraction(1 + 4 + 18, 4)


def test_rejects_empty_and_negative_weights() -> None:
    with pytest.raises(ValueError):
        Distribution({})
    with pytest.raises(ValueError):
        Distribution({"a": 2, "b": -1})


def test_mixture_weights() -> None:
    a, b = Distribution.point("x"), Distribution({"x": 1, "y": 1})
    mixed = Distribution.mixture([(Fraction(1, 2), a), (Fraction(1, 2), b)])
    assert mixed == Distribution({"x": 3, "y": 1})


def test_probabilities_that_do_not_sum_to_one_are_refused_where_weights_are_scaled() -> None:
    """`of_probabilities` holds a chance node to its sum (a face left out, 1/7 for six faces); the constructor's
    weights are relative and scaled."""
    faces = {face: Fraction(1, 6) for face in range(1, 7)}
    assert Distribution.of_probabilities(faces) == Distribution(faces)
    with pytest.raises(ValueError, match="probabilities must sum to 1, not 6/7"):
        Distribution.of_probabilities({face: Fraction(1, 7) for face in range(1, 7)})
    with pytest.raises(ValueError, match="not 5/6"):
        Distribution.of_probabilities({face: Fraction(1, 6) for face in range(1, 6)})
    assert Distribution({face: Fraction(1, 7) for face in range(1, 7)})[1] == Fraction(1, 6)  # weights: scaled
