"""rules.core.chance: a seeded sampler that picks outcomes with exactly their probabilities."""

from collections import Counter
from fractions import Fraction

import pytest

from rules.core.chance import ChanceSampler
from rules.core.distribution import Distribution


def test_same_seed_same_picks() -> None:
    d = Distribution({i: i + 1 for i in range(10)})
    first = [ChanceSampler(7).pick(d) for _ in range(1)]
    a, b = ChanceSampler(7), ChanceSampler(7)
    assert [a.pick(d) for _ in range(50)] == [b.pick(d) for _ in range(50)]
    assert first[0] in d


def test_frequencies_follow_the_probabilities() -> None:
    d = Distribution({"rare": Fraction(1, 10), "common": Fraction(9, 10)})
    sampler = ChanceSampler(1)
    counts = Counter(sampler.pick(d) for _ in range(20_000))
    share = counts["rare"] / 20_000
    # 20 000 draws of p = 0.1: the standard error is 0.0021; five of them is 0.0106.
    assert abs(share - 0.1) < 0.0106


def test_never_picks_an_impossible_outcome() -> None:
    d = Distribution({"only": 1})
    sampler = ChanceSampler(3)
    assert {sampler.pick(d) for _ in range(100)} == {"only"}


def test_choosing_from_nothing_is_said_in_words() -> None:
    """A game that asks a player to act with no legal action gets words, not `randrange`'s own error."""
    with pytest.raises(ValueError, match="nothing to choose from: the player asked to act has no legal action"):
        ChanceSampler(0).choice([])
