"""The balance tab's charts (matplotlib, as every chart of the lab): the Pareto front holds every point within its
axis at round ticks, numbers the front as the report does and rings the answer; a matchup matrix prints each rate
with its interval in a colour that reads on its cell, and leaves the mirror blank."""

from __future__ import annotations

import itertools
import re

import pytest

from explorer.balance_lab.balance_charts import ABOVE, AT, BELOW, _dark, matrix_chart, pareto_chart
from rules.balance.measure import Tally
from rules.balance.search import Candidate


def front_of(worst_rates: list[float]) -> list[Candidate]:
    """Candidates measured whole whose one measure wins `rate` of 100 games (the first is the rules as they are)."""
    return [
        Candidate(k, {} if k == 0 else {"cavalry_power": k}, min(k, 3), float(k), {"a v b": Tally(round(r * 100), 100)})
        for k, r in enumerate(worst_rates)
    ]


def texts(svg: str) -> list[str]:
    """The words the SVG writes (matplotlib keeps text as text: svg.fonttype none)."""
    return [re.sub(r"<[^>]+>", "", t) for t in re.findall(r"<text[^>]*>(.*?)</text>", svg, flags=re.S)]


@pytest.mark.parametrize("rates", [[0.96, 0.84, 0.73, 0.61], [0.62, 0.55], [0.5, 0.51]])
def test_the_front_holds_every_point_at_round_ticks_and_numbers_the_front(rates: list[float]) -> None:
    candidates = front_of(rates)
    chart = pareto_chart(candidates, candidates, candidates[-1], target=0.5, tolerance=0.05, max_changes=3)
    words = texts(chart.svg)
    assert "Pareto front" in words and "answer" in words and "tolerance" in words
    assert all(f"#{c.number}" in words for c in candidates)
    y_ticks = [float(texts(part)[0]) for part in re.split(r'id="ytick_\d+"', chart.svg)[1:]]
    assert len(y_ticks) >= 3 and y_ticks[0] == 0
    steps = {round(b - a, 9) for a, b in itertools.pairwise(y_ticks)}
    assert len(steps) == 1  # percentage points, at a round step
    step = steps.pop()
    assert step in {1, 2, 2.5, 5, 10, 20, 25}
    assert max(y_ticks) + step >= 100 * max(abs(r - 0.5) for r in rates)  # the axis reaches the worst point
    assert "currentColor" in chart.svg and "<metadata>" not in chart.svg  # the theme's text colour; no date


def test_a_matrix_prints_each_rate_and_interval_and_leaves_the_mirror_blank() -> None:
    matrix = {("a", "b"): Tally(30, 100), ("a", "c"): Tally(50, 100), ("b", "c"): Tally(80, 100)}
    chart = matrix_chart(["a", "b", "c"], matrix, "before (95% intervals)")
    words = texts(chart.svg)
    assert "before (95% intervals)" in words
    assert {"30%", "70%", "50%", "80%", "20%"} <= set(words)  # each pair, from either side
    low, high = Tally(30, 100).interval()
    assert f"{low:.0%}-{high:.0%}" in words
    assert len([w for w in words if w.endswith("%") and "-" not in w]) == 6  # no cell on the diagonal


def test_a_cells_text_is_white_on_the_dark_end_and_black_on_the_light_ones() -> None:
    from matplotlib.colors import to_rgb

    assert _dark(to_rgb(BELOW)) and not _dark(to_rgb(AT)) and not _dark(to_rgb(ABOVE))


def test_a_cell_at_a_half_percent_rounds_up_as_the_text_matrix_does() -> None:
    chart = matrix_chart(["a", "b"], {("a", "b"): Tally(17, 40)}, "before")
    assert {"43%", "58%"} <= set(texts(chart.svg))
