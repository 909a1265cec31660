"""The balance lab's charts (explorer.charts.Chart: inline SVG whose text follows the theme): win rate with its
Wilson 95% band over one dimension of the grid, a heat map over two.

A dimension is whatever the sweep varies with more than one value: a `Rules` field, the army pair or the
card variant."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

import pandas as pd

from explorer.charts import INK, Chart, figure, outside_legend, themed, to_chart
from rules.core.percent import percent
from rules.sweeps import SweepSpec

LINE_COLOURS = ("#3a7bd5", "#d2691e")
"""Player 1 (or the table) and player 2: seen on a light ground and a dark one, told apart without colour by their
markers."""
MARKERS = ("o", "s")
WRAP = 20
"""Characters a line of an axis label holds before it is broken."""


@dataclass(frozen=True)
class Dimension:
    """One axis of the grid: its name as shown and each cell's label along it."""

    name: str
    labels: list[str]
    numbers: list[float] | None
    """The values as numbers when every one is a number (a line over numbers), else None."""


def value_label(value: Any) -> str:
    """A value of the grid as the axes and the table show it (`none` for no value, not a float NaN)."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def wrapped(label: str, width: int = WRAP) -> str:
    """A long label on several lines, broken after a dot, comma or space (a card override's path)."""
    lines = [""]
    for part in re.split(r"(?<=[.,; ])", label):
        if lines[-1] and len(lines[-1]) + len(part) > width:
            lines.append("")
        lines[-1] += part
    return "\n".join(line.strip() for line in lines)


def _numbers(values: list[Any]) -> list[float] | None:
    numeric = all(isinstance(v, int | float) and not isinstance(v, bool) for v in values)
    return [float(v) for v in values] if numeric else None


def dimensions(spec: SweepSpec, summary: pd.DataFrame) -> list[Dimension]:
    """The axes of the summary, in the grid's order: army pairs, card variants, scenarios, then each field
    varied; each cell's value read from the spec's grid by its index (the values as given, armies, card variants
    and scenarios too)."""
    chosen = [spec.point_of(int(k)) for k in summary["cell"]] if "cell" in summary else []
    found = []
    if len(spec.armies) > 1:
        found.append(Dimension("armies", [f"{p.pair[0]} v {p.pair[1]}" for p in chosen], None))
    if len(spec.overrides) > 1:
        variants = [", ".join(e.text() for e in p.edits) or "none" for p in chosen]
        found.append(Dimension("card variant", variants, None))
    if len(spec.scenarios) > 1:
        found.append(Dimension("scenario", [p.scenario for p in chosen], None))
    for name, values in spec.vary.items():
        if len(values) > 1:
            column = [p.values[name] for p in chosen]
            found.append(Dimension(name, [value_label(v) for v in column], _numbers(column)))
    return found


def sides(spec: SweepSpec, summary: pd.DataFrame) -> list[tuple[int, str]]:
    """Each side whose win rate is drawn: a duel's two players (named by army and policy), else the table."""
    if "win_rate_1" not in summary:
        return [(0, f"win rate ({spec.seat_policies()[0]})")]
    policies = spec.seat_policies()
    if len(spec.armies) == 1:
        return [(i, f"{spec.armies[0][i]} ({policies[i]})") for i in (0, 1)]
    return [(i, f"player {i + 1} ({policies[i]})") for i in (0, 1)]


@themed()
def line_chart(spec: SweepSpec, summary: pd.DataFrame, axis: Dimension | None) -> Chart:
    """Win rate along one dimension (or of the single cell), each side's Wilson 95% interval as a band; the
    legend beside the plot."""
    drawn = figure(width=8.4)
    ax = drawn.add_subplot()
    n = len(summary)
    xs = axis.numbers if axis is not None and axis.numbers is not None else list(range(n))
    for (side, name), colour, marker in zip(sides(spec, summary), LINE_COLOURS, MARKERS, strict=False):
        rate = list(summary[f"win_rate_{side}"])
        low, high = list(summary[f"ci_low_{side}"]), list(summary[f"ci_high_{side}"])
        ax.fill_between(xs, low, high, color=colour, alpha=0.18, linewidth=0)
        at = xs
        if n == 1:  # a band over one point has no width: the interval as a bar, the sides side by side
            at = [xs[0] + 0.04 * (side - 0.5) * (len(sides(spec, summary)) - 1)]
            ax.vlines(at, low, high, color=colour, alpha=0.5, linewidth=6)
            ax.set_xlim(xs[0] - 0.5, xs[0] + 0.5)
        ax.plot(at, rate, color=colour, marker=marker, label=f"{name}, 95% interval shaded")
    if axis is not None:
        ax.set_xlabel(axis.name)
        if axis.numbers is None:
            ax.set_xticks(xs, axis.labels, rotation=20 if max(map(len, axis.labels)) > 8 else 0)
        else:
            ax.set_xticks(xs, axis.labels)
    else:
        ax.set_xticks(xs, ["every cell" if n > 1 else "the rules as set"] * n)
    ax.set_ylim(-0.02, 1.02)
    ax.set_ylabel("win rate")
    ax.grid(alpha=0.3)
    outside_legend(ax)
    ax.set_title(f"{spec.game}: {spec.games} games a cell", fontsize=10)
    return to_chart(drawn, f"{spec.game}: win rate, {spec.games} games a cell")


@themed()
def heat_map(spec: SweepSpec, summary: pd.DataFrame, rows: Dimension, columns: Dimension) -> Chart:
    """Player 1's (or the table's) win rate over two dimensions, each cell printed with its interval."""
    row_labels = list(dict.fromkeys(rows.labels))
    column_labels = list(dict.fromkeys(columns.labels))
    grid = [[math.nan] * len(column_labels) for _ in row_labels]
    text = [[""] * len(column_labels) for _ in row_labels]
    for k in range(len(summary)):
        i, j = row_labels.index(rows.labels[k]), column_labels.index(columns.labels[k])
        grid[i][j] = float(summary["win_rate_0"].iloc[k])
        low, high = float(summary["ci_low_0"].iloc[k]), float(summary["ci_high_0"].iloc[k])
        text[i][j] = f"{percent(grid[i][j])}\n{percent(low)}-{percent(high)}"
    shown_rows = [wrapped(label) for label in row_labels]
    lines = max(label.count("\n") + 1 for label in shown_rows)
    widest = max(len(line) for label in shown_rows for line in label.splitlines())
    width = max(4.8, 1.3 * len(column_labels) + 2.6 + 0.07 * widest)
    drawn = figure(width=min(width, 9.0), height=max(2.8, (0.6 + 0.25 * lines) * len(row_labels) + 1.6))
    ax = drawn.add_subplot()
    image = ax.imshow(grid, cmap="viridis", vmin=0.0, vmax=1.0, aspect="auto")
    for i, line in enumerate(text):
        for j, words in enumerate(line):
            dark = not math.isnan(grid[i][j]) and grid[i][j] > 0.6
            ax.text(j, i, words, ha="center", va="center", fontsize=8, color="black" if dark else "white")
    ax.set_xticks(range(len(column_labels)), [wrapped(label) for label in column_labels])
    ax.set_yticks(range(len(row_labels)), shown_rows)
    ax.set_xlabel(columns.name)
    ax.set_ylabel(rows.name)
    side = sides(spec, summary)[0][1]
    drawn.colorbar(image, ax=ax, label=side if side.startswith("win rate") else f"{side}: win rate")
    ax.set_title(f"{spec.game}: win rate and 95% interval\n{spec.games} games a cell", fontsize=10)
    return to_chart(drawn, f"{spec.game}: win rate by {rows.name} and {columns.name}")


def _first_slice(summary: pd.DataFrame, axes: list[Dimension]) -> tuple[pd.DataFrame, list[Dimension]]:
    """The cells where every dimension after the second is at its first value, and the two axes over them."""
    keep = [all(a.labels[k] == a.labels[0] for a in axes[2:]) for k in range(len(summary))]
    cut = summary[keep].reset_index(drop=True)

    def sliced(axis: Dimension) -> Dimension:
        numbers = [x for x, kept in zip(axis.numbers, keep, strict=True) if kept] if axis.numbers else None
        return Dimension(axis.name, [x for x, kept in zip(axis.labels, keep, strict=True) if kept], numbers)

    return cut, [sliced(axes[0]), sliced(axes[1])]


def win_rate_chart(spec: SweepSpec, summary: pd.DataFrame) -> tuple[Chart, str]:
    """The chart that fits the grid (a line for one dimension, a heat map for two) and a line saying what
    it shows; with more than two dimensions the first two are drawn at the first value of the others."""
    if summary.empty:
        raise ValueError("no cell has finished: nothing to draw")
    if spec.strengths:
        return strengths_chart(spec, summary)
    axes = dimensions(spec, summary)
    if len(axes) <= 1:
        axis = axes[0] if axes else None
        what = f"win rate by {axis.name}" if axis else "win rate"
        return line_chart(spec, summary, axis), f"{what} with its Wilson 95% interval"
    what = f"win rate by {axes[0].name} and {axes[1].name}, each cell with its Wilson 95% interval"
    if len(axes) > 2:
        others = ", ".join(f"{a.name}={a.labels[0]}" for a in axes[2:])
        cut, two = _first_slice(summary, axes)
        return heat_map(spec, cut, two[0], two[1]), f"{what}, at {others} (the table shows every cell)"
    return heat_map(spec, summary, axes[0], axes[1]), what


@themed()
def compare_chart(summary: pd.DataFrame, x: str, by: str, title: str = "", y: str = "win_rate_0") -> Chart:
    """Column `y` of the summaries of several sweeps put together (e.g. two policies, or each number of
    players) along column `x`, one line for each value of column `by`; a win rate with its Wilson band; the legend
    beside the plot."""
    drawn = figure(width=8.0)
    ax = drawn.add_subplot()
    labels = [value_label(v) for v in dict.fromkeys(summary[x])]
    numbers = _numbers(list(dict.fromkeys(summary[x])))
    banded = y.startswith("win_rate_")
    for k, (name, part) in enumerate(summary.groupby(by, sort=False)):
        xs = [numbers[labels.index(value_label(v))] if numbers else labels.index(value_label(v)) for v in part[x]]
        colour, marker, style = LINE_COLOURS[k % 2], MARKERS[k % 2], "-" if k < 2 else "--"
        if banded:
            side = y.rsplit("_", 1)[1]
            ax.fill_between(xs, part[f"ci_low_{side}"], part[f"ci_high_{side}"], color=colour, alpha=0.15, lw=0)
        ax.plot(xs, part[y], style, color=colour, marker=marker, label=f"{by} {name}")
    ax.set_xticks(numbers if numbers else list(range(len(labels))), labels)
    ax.set_xlabel(x)
    if banded:
        ax.set_ylim(-0.02, 1.02)
    ax.set_ylabel("win rate (95% interval shaded)" if banded else y.replace("_", " "))
    ax.grid(alpha=0.3)
    outside_legend(ax)
    if title:
        ax.set_title(title, fontsize=10)
    return to_chart(drawn, title or f"{y} by {x}")


STRENGTH_COLOURS = ("#3a7bd5", "#d2691e", "#43a047", "#9c4dcc")
"""Seen on a light ground and a dark one; told apart without colour by their markers."""
STRENGTH_MARKERS = ("o", "s", "^", "D")


def combination_label(spec: SweepSpec, cell: int) -> str:
    """A grid combination as an axis label: its army pair, card variant, scenario and fields varied."""
    point = spec.point_of(cell)
    said = [f"{point.pair[0]} v {point.pair[1]}"] if len(spec.armies) > 1 or spec.game == "attack-the-tower" else []
    if len(spec.overrides) > 1:
        said.append(", ".join(e.text() for e in point.edits) or "none")
    if len(spec.scenarios) > 1:
        said.append(point.scenario)
    said += [f"{name}={value_label(point.values[name])}" for name in spec.vary]
    return "\n".join(said) or "the rules as set"


@themed()
def strengths_chart(spec: SweepSpec, summary: pd.DataFrame) -> tuple[Chart, str]:
    """A sweep played at several strengths: above, what each verdict rests on (player 1's share of the games
    somebody won, or the table's win rate) in each combination at each strength, its 95% interval as a bar;
    below, how long the games last (median turns, the bar from the shortest tenth to the longest tenth)."""
    from rules.sweeps.strengths import decided_share, verdicts_rest_on

    strengths = list(spec.strengths)
    combos = list(dict.fromkeys(int(c) // len(strengths) for c in summary["cell"]))
    labels = [combination_label(spec, c * len(strengths)) for c in combos]
    drawn = figure(width=max(7.6, 1.1 * len(combos) + 3.7), height=5.2)
    rates, lengths = drawn.add_subplot(2, 1, 1), drawn.add_subplot(2, 1, 2, sharex=None)
    width = 0.7 / len(strengths)
    for k, name in enumerate(strengths):
        part = summary[summary["strength"] == name]
        shares = pd.DataFrame([decided_share(r)[:3] for _, r in part.iterrows()], columns=["share", "low", "high"])
        at = [combos.index(int(c) // len(strengths)) + (k - (len(strengths) - 1) / 2) * width for c in part["cell"]]
        colour, marker = STRENGTH_COLOURS[k % 4], STRENGTH_MARKERS[k % 4]
        for ax, (value, low, high), label in (
            (rates, (shares["share"], shares["low"], shares["high"]), f"{name}, 95% interval"),
            (lengths, (part["turns_median"], part["turns_p10"], part["turns_p90"]), name),
        ):
            values = value.to_numpy(dtype=float)
            yerr = [values - low.to_numpy(dtype=float), high.to_numpy(dtype=float) - values]
            ax.errorbar(at, values, yerr=yerr, fmt=marker, color=colour, capsize=3, label=label)
    duel = "win_rate_1" in summary
    rates.axhline(0.5, color=INK, linewidth=0.8, linestyle=":")
    rates.set_ylim(-0.02, 1.02)
    rates.set_ylabel("player 1's share of decided games" if duel else "win rate", fontsize=8)
    lengths.set_ylabel("turns a game")
    for ax in (rates, lengths):
        ax.set_xticks(range(len(combos)), labels if ax is lengths else [""] * len(combos), fontsize=8)
        ax.grid(alpha=0.3)
        outside_legend(ax, fontsize=7)
    rates.set_title(f"{spec.game} at {len(strengths)} strengths: {spec.games} games a cell", fontsize=10)
    what = f"{verdicts_rest_on(summary)} at each strength with its Wilson 95% interval, and the game lengths"
    what += " (median, 10% to 90%)"
    return to_chart(drawn, f"{spec.game} at {len(strengths)} strengths"), what
