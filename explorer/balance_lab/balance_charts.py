"""The balance tab's charts, drawn with matplotlib as every chart of the lab is (explorer.charts: inline SVG whose
text follows the theme): the Pareto front of a balance, and a matchup matrix as a heat map with each cell's 95%
interval. A cell's colour is data (blue below the target, orange above, white at it), its text black or white,
whichever reads on it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import matplotlib
from matplotlib.colors import LinearSegmentedColormap, Normalize
from matplotlib.patches import Rectangle
from matplotlib.ticker import MaxNLocator

from explorer.charts import INK, Chart, figure, themed, to_chart
from rules.balance.measure import Tally
from rules.balance.metagame import tally_of
from rules.balance.search import Candidate
from rules.core.percent import percent

BELOW, AT, ABOVE = "#1f5fa8", "#ffffff", "#d6781e"
"""A rate below the target, at it, and above it (full at `SPAN` away)."""
SPAN = 0.2
FRONT, OTHER = ABOVE, BELOW
"""The front's points and line, and every other candidate measured whole."""
RATES = LinearSegmentedColormap.from_list("below-at-above", [BELOW, AT, ABOVE])
PARETO_TITLE = "Pareto front\nworst matchup's distance from the target (points), by changes"
FONTS = {"font.sans-serif": ["DejaVu Sans", "Arial", "sans-serif"]}
"""matplotlib's own font list, cut short: the SVG names it in every text's style (a notebook shows a balance's
charts twice, and stays under its size limit)."""


def _dark(colour: tuple[float, ...]) -> bool:
    """Whether white text reads better than black on this colour (its relative luminance, WCAG's formula)."""
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.18


@matplotlib.rc_context(FONTS)  # type: ignore[arg-type]
@themed()
def matrix_chart(
    armies: Sequence[str], matrix: Mapping[tuple[str, str], Tally], title: str, target: float = 0.5
) -> Chart:
    """Each row army's share of its games won against each column army (both seats together), with its 95%
    interval; the diagonal (a mirror) and any pair not played left blank."""
    n = len(armies)
    drawn = figure(width=1.2 + 1.15 * n, height=0.9 + 0.62 * n)
    ax = drawn.add_subplot()
    scale = Normalize(target - SPAN, target + SPAN, clip=True)
    for i, row in enumerate(armies):
        for j, column in enumerate(armies):
            tally = tally_of(matrix, row, column) if i != j else None
            if tally is None:
                ax.add_patch(_cell(j, i, "none", edge=INK))
                continue
            colour = RATES(scale(tally.rate))
            ax.add_patch(_cell(j, i, colour))
            low, high = tally.interval()
            ink = "white" if _dark(colour) else "black"
            ax.text(j, i - 0.12, percent(tally.rate), ha="center", va="center", fontsize=9, weight="bold", color=ink)
            ax.text(j, i + 0.22, f"{percent(low)}-{percent(high)}", ha="center", va="center", fontsize=8, color=ink)
    ax.set_xlim(-0.5, n - 0.5)
    ax.set_ylim(n - 0.5, -0.5)
    ax.set_xticks(range(n), list(armies), fontsize=8)
    ax.set_yticks(range(n), list(armies), fontsize=8)
    ax.xaxis.tick_top()
    ax.tick_params(length=0)
    for side in ax.spines.values():
        side.set_visible(False)
    ax.set_title(title, fontsize=9, loc="left", pad=18)
    return to_chart(drawn, f"{title}: each row army's share of the games won against each column army")


def _cell(x: float, y: float, colour: object, edge: str = "none") -> Rectangle:
    """A matrix cell centred on (x, y), a little apart from its neighbours."""
    return Rectangle((x - 0.48, y - 0.46), 0.96, 0.92, facecolor=colour, edgecolor=edge, linewidth=0.5, alpha=1.0)


@matplotlib.rc_context(FONTS)  # type: ignore[arg-type]
@themed()
def pareto_chart(
    candidates: Sequence[Candidate],
    front: Sequence[Candidate],
    answer: Candidate | None,
    *,
    target: float,
    tolerance: float,
    max_changes: int,
) -> Chart:
    """Every candidate measured whole as a point (x: its number of changes, nudged right by their size; y: the worst
    measure's distance from the target, in points), the front joined by a line and numbered as the report numbers
    its candidates, the answer ringed, the tolerance dashed."""
    done = [c for c in candidates if c.whole]
    front_numbers = {c.number for c in front}

    def at(c: Candidate) -> tuple[float, float]:
        nudge = min(c.size, max_changes) / (2 * max_changes + 2)
        return c.changes + nudge, 100 * c.objectives(target).worst

    drawn = figure(width=5.2, height=3.1)
    ax = drawn.add_subplot()
    others = [at(c) for c in done if c.number not in front_numbers]
    if others:
        xs, ys = zip(*others, strict=True)
        ax.scatter(xs, ys, s=14, color=OTHER, alpha=0.85, label="measured whole")
    line = sorted(at(c) for c in front)
    if line:
        xs, ys = zip(*line, strict=True)
        ax.plot(xs, ys, color=FRONT, linewidth=2, marker="o", markersize=6, label="Pareto front")
    for c in front:
        ax.annotate(f"#{c.number}", at(c), textcoords="offset points", xytext=(5, 4), fontsize=7)
    if answer is not None and answer.whole:
        x, y = at(answer)
        ax.scatter([x], [y], s=150, facecolors="none", edgecolors=INK, linewidths=1.5, label="answer")
    ax.axhline(100 * tolerance, color=INK, linestyle=(0, (4, 3)), linewidth=1, alpha=0.6, label="tolerance")
    worst = max((y for _, y in (*others, *line)), default=50.0)
    ax.set_ylim(0, max(10.0, worst * 1.08, 150 * tolerance))
    ax.set_xlim(-0.3, max_changes + 0.6)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.yaxis.set_major_locator(MaxNLocator(nbins=5, steps=[1, 2, 2.5, 5, 10]))
    ax.set_xlabel("changes (nudged right by their size)", fontsize=8)
    ax.set_ylabel("points from the target", fontsize=8)
    ax.tick_params(labelsize=8)
    ax.legend(fontsize=7, loc="best")  # where it covers the fewest candidates
    ax.set_title(PARETO_TITLE, fontsize=9, loc="left")
    return to_chart(drawn, "Pareto front of the balance")
