"""The balance tab's Pareto chart: its title fits the chart's width and its distance axis is marked at round
values."""

from __future__ import annotations

import itertools
import re

import pytest

from explorer.balance_lab.svg import CHAR_WIDTH, nice_ticks, pareto_svg
from rules.balance.measure import Tally
from rules.balance.search import Candidate

FONT_SIZE = 11


def front_of(worst_rates: list[float]) -> list[Candidate]:
    """Candidates measured whole whose one measure wins `rate` of 100 games (the first is the rules as they are)."""
    return [
        Candidate(k, {} if k == 0 else {"cavalry_power": k}, min(k, 3), float(k), {"a v b": Tally(round(r * 100), 100)})
        for k, r in enumerate(worst_rates)
    ]


@pytest.mark.parametrize("rates", [[0.96, 0.84, 0.73, 0.61], [0.62, 0.55], [0.5, 0.51]])
def test_the_title_fits_and_the_ticks_are_round(rates: list[float]) -> None:
    candidates = front_of(rates)
    svg = pareto_svg(candidates, candidates, candidates[-1], target=0.5, tolerance=0.05, max_changes=3)
    width = float(re.search(r'<svg[^>]* width="(\d+)"', svg).group(1))  # type: ignore[union-attr]
    starts = re.findall(r'<text x="([\d.]+)" y="[\d.]+" text-anchor="start"[^>]*>([^<]*)</text>', svg)
    assert any("Pareto front" in words for _, words in starts)
    for x, words in starts:
        assert float(x) + len(words) * CHAR_WIDTH * FONT_SIZE <= width, words
    ticks = re.findall(r'text-anchor="end"[^>]*>([\d.]+)</text>', svg)
    assert len(ticks) >= 3 and ticks[0] == "0"
    steps = {round(float(b) - float(a), 9) for a, b in itertools.pairwise(ticks)}
    assert len(steps) == 1 and steps.pop() in {1, 2, 2.5, 5, 10, 20, 25}  # percentage points
    assert all(len(t.split(".")[-1]) <= 1 for t in ticks if "." in t)
    worst = max(abs(r - 0.5) for r in rates)
    assert float(ticks[-1]) >= 100 * worst  # every point lies within the axis


def test_nice_ticks_cover_the_range_in_round_steps() -> None:
    assert nice_ticks(0.46) == [0.0, 0.1, 0.2, 0.3, 0.4, 0.5]
    assert nice_ticks(0.15) == [0.0, 0.05, 0.1, 0.15]
    assert nice_ticks(0.123) == [0.0, 0.025, 0.05, 0.075, 0.1, 0.125]
    assert nice_ticks(1.0)[-1] == 1.0 and len(nice_ticks(1.0)) <= 6
