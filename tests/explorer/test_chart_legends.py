"""Chart legends cover no data: the balance lab's charts (a line, sweeps compared, strengths) and notebook 05's
cavalry chart put their legend beside the plot, outside every axes."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import matplotlib
import pandas as pd
import pytest

from explorer.balance_lab.charts import compare_chart, win_rate_chart
from rules.sweeps import SweepSpec, run_sweep

ROOT = Path(__file__).resolve().parents[2]
Box = tuple[float, float, float, float]


def boxes(svg: str, kind: str) -> list[Box]:
    """The box of each axes' background, or of each legend's frame (`kind` "axes" or "legend"), in the SVG."""
    found = []
    for path in re.findall(rf'<g id="{kind}_\d+"><g id="patch_\d+"><path d="([^"]*)"', svg):
        numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", path)]
        xs, ys = numbers[0::2], numbers[1::2]
        found.append((min(xs), min(ys), max(xs), max(ys)))
    return found


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def legends_clear(svg: str) -> None:
    legends, axes = boxes(svg, "legend"), boxes(svg, "axes")
    assert legends and axes
    width = float(re.search(r'<svg[^>]* width="([\d.]+)pt"', svg).group(1))  # type: ignore[union-attr]
    for legend in legends:
        assert legend[2] <= width, "the legend runs off the chart"
        assert not any(overlap(legend, box) for box in axes), "the legend covers the plot"


def test_a_line_charts_legend_is_beside_the_plot() -> None:
    spec = SweepSpec(game="the-tower", vary={"starting_hp": [6, 14]}, policies=["random"], games=3)
    chart, _ = win_rate_chart(spec, run_sweep(spec, in_process=True).summary)
    legends_clear(chart.svg)


def test_sweeps_compared_keep_their_legend_beside_the_plot() -> None:
    parts = [
        run_sweep(SweepSpec(game="tower-defense", players=players, policies=[policy], games=1), in_process=True).summary
        for players in (1, 2)
        for policy in ("random", "simple")
    ]
    legends_clear(compare_chart(pd.concat(parts, ignore_index=True), "players", "policy").svg)


def test_the_strengths_charts_legends_cover_no_interval() -> None:
    spec = SweepSpec(game="the-tower", vary={"starting_hp": [6, 14]}, strengths=["random", "greedy"], games=3)
    chart, _ = win_rate_chart(spec, run_sweep(spec, in_process=True).summary)
    legends_clear(chart.svg)
    assert len(boxes(chart.svg, "legend")) == 2


def test_notebook_05s_cavalry_chart_keeps_its_legend_off_the_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    monkeypatch.setattr(plt, "show", lambda *args, **kwargs: None)
    cells = json.loads((ROOT / "notebooks/attack-the-tower/05-balance-lab.ipynb").read_text(encoding="utf-8"))["cells"]
    sources = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    sweep, drawn = (next(s for s in sources if words in s) for words in ("run_sweep(spec", "ax.legend("))
    space: dict[str, Any] = {}
    exec(sweep.replace("games=24", "games=2"), space)  # the same chart, fewer games
    exec(drawn, space)
    figure, ax = space["fig"], space["ax"]
    figure.canvas.draw()
    renderer = figure.canvas.get_renderer()
    legend = ax.get_legend().get_window_extent(renderer)
    assert not legend.overlaps(ax.get_window_extent(renderer))
    assert legend.x1 <= figure.bbox.x1
    plt.close(figure)
