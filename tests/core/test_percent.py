"""Shares as percentages round half up, as a reader rounds: formatting the float 0.425 with '.0%' gives 42%
(the float lies just under 17/40), which the balance matrices showed for 17 wins of 40."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.balance.measure import Tally
from rules.balance.report import matrix_lines
from rules.core.percent import percent, signed_percent


@pytest.mark.parametrize(
    ("share", "places", "words"),
    [
        (17 / 40, 0, "43%"),
        (23 / 40, 0, "58%"),
        (Fraction(17, 40), 0, "43%"),
        (1 / 16, 1, "6.3%"),
        (1 / 3, 1, "33.3%"),
        (2 / 3, 0, "67%"),
        (0.0, 0, "0%"),
        (1.0, 1, "100.0%"),
        (0.4249, 0, "42%"),
    ],
)
def test_a_share_rounds_half_up_at_its_places(share: float | Fraction, places: int, words: str) -> None:
    assert percent(share, places) == words


def test_the_float_format_rounds_these_halves_down_which_is_why_percent_exists() -> None:
    assert f"{17 / 40:.0%}" == "42%" and f"{23 / 40:.0%}" == "57%"


def test_a_balance_matrix_shows_17_of_40_as_43_and_its_mirror_as_58() -> None:
    lines = matrix_lines(["a", "b"], {"a v b": Tally(17, 40)}, "before")
    row_a = next(line for line in lines if line.startswith("a "))
    row_b = next(line for line in lines if line.startswith("b "))
    assert "43% (" in row_a and "58% (" in row_b
    assert "42%" not in row_a.split("(")[0] and "57%" not in row_b.split("(")[0]


def test_a_signed_difference_rounds_as_a_share_does() -> None:
    assert (signed_percent(17 / 40), signed_percent(-17 / 40), signed_percent(0.0)) == ("+43%", "-43%", "+0%")
