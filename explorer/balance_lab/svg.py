"""The balance tab's charts as inline SVG (no plotting library, nothing fetched): the Pareto front of a balance and
a matchup matrix as a heat map with each cell's 95% interval. Axes and labels take the theme's text colour; the
cells' colours are data (blue below the target, orange above, white at it) with black text, readable in every
theme."""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Mapping, Sequence

from explorer import theme
from rules.balance.measure import Tally, points
from rules.balance.metagame import tally_of
from rules.balance.search import Candidate

FONT = "font-family:var(--jp-ui-font-family,sans-serif);font-size:11px"
LOW, MID, HIGH = (31, 95, 168), (255, 255, 255), (214, 120, 30)
TITLE = ("Pareto front", "worst matchup's distance from the target (points), by changes")
"""The front's title on two lines, each within the chart's width."""
CHAR_WIDTH = 0.62
"""The widest a character of the chart's font runs on average, as a share of its size (for text that must fit)."""


def nice_ticks(high: float, intervals: int = 5) -> list[float]:
    """Round values from 0 to at least `high` (0, 0.1, 0.2, ... or 0, 0.25, 0.5, ...): a step of 1, 2, 2.5 or 5
    times a power of ten, at most `intervals` of them."""
    raw = max(high, 1e-9) / intervals
    power = 10.0 ** math.floor(math.log10(raw))
    step = next(power * m for m in (1, 2, 2.5, 5, 10) if power * m >= raw * (1 - 1e-9))
    count = math.ceil(high / step - 1e-9)
    return [round(step * k, 10) for k in range(max(1, count) + 1)]


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> str:
    r, g, bl = (round(x + (y - x) * t) for x, y in zip(a, b, strict=True))
    return f"#{r:02x}{g:02x}{bl:02x}"


def rate_colour(rate: float, target: float = 0.5) -> str:
    """White at the target, bluer below it, more orange above it (full at 20 points away)."""
    t = max(-1.0, min(1.0, (rate - target) / 0.2))
    return _mix(MID, HIGH, t) if t >= 0 else _mix(MID, LOW, -t)


def _text(x: float, y: float, words: str, *, anchor: str = "middle", fill: str = theme.TEXT, extra: str = "") -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" style="{FONT};fill:{fill}" {extra}>'
        f"{html.escape(words)}</text>"
    )


def matrix_svg(armies: Sequence[str], matrix: Mapping[tuple[str, str], Tally], title: str, target: float = 0.5) -> str:
    """Each row army's share of its games won against each column army (both seats together), with its 95%
    interval; the diagonal (a mirror) left blank."""
    n = len(armies)
    cell_w, cell_h, left, top = 96, 46, 92, 40
    width, height = left + cell_w * n + 8, top + cell_h * n + 8
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
        f'aria-label="{html.escape(title)}">',
        _text(4, 16, title, anchor="start", extra='font-weight="bold"'),
    ]
    for j, army in enumerate(armies):
        parts.append(_text(left + cell_w * j + cell_w / 2, top - 6, army))
    for i, row in enumerate(armies):
        y = top + cell_h * i
        parts.append(_text(left - 6, y + cell_h / 2 + 4, row, anchor="end"))
        for j, column in enumerate(armies):
            x = left + cell_w * j
            tally = tally_of(matrix, row, column)
            if i == j or tally is None:
                parts.append(
                    f'<rect x="{x}" y="{y}" width="{cell_w - 2}" height="{cell_h - 2}" fill="none" '
                    f'stroke="{theme.TEXT}" stroke-opacity="0.25"/>'
                )
                continue
            low, high = tally.interval()
            parts.append(
                f'<rect x="{x}" y="{y}" width="{cell_w - 2}" height="{cell_h - 2}" '
                f'fill="{rate_colour(tally.rate, target)}"><title>{html.escape(row)} v {html.escape(column)}: '
                f"{tally.successes}/{tally.trials}</title></rect>"
            )
            parts.append(_text(x + cell_w / 2, y + 19, f"{tally.rate:.0%}", fill="#000", extra='font-weight="bold"'))
            parts.append(_text(x + cell_w / 2, y + 34, f"{low:.0%}-{high:.0%}", fill="#000"))
    parts.append("</svg>")
    return "".join(parts)


def pareto_svg(
    candidates: Sequence[Candidate],
    front: Sequence[Candidate],
    answer: Candidate | None,
    *,
    target: float,
    tolerance: float,
    max_changes: int,
) -> str:
    """Every candidate measured whole as a point (x: number of changes, nudged by their size; y: the worst
    measure's distance from the target), the front joined by a line, the answer ringed, the tolerance dashed."""
    done = [c for c in candidates if c.whole]
    width, height, left, bottom, top = 460, 276, 52, 34, 40
    plot_w, plot_h = width - left - 16, height - top - bottom
    worst = [c.objectives(target).worst for c in done] or [0.5]
    ticks = nice_ticks(max(0.1, max(worst) * 1.05, tolerance * 1.5))
    y_max = ticks[-1]

    def at(c: Candidate) -> tuple[float, float]:
        x = left + plot_w * (c.changes + min(c.size, max_changes) / (2 * max_changes + 2)) / (max_changes + 0.6)
        y = top + plot_h * (1 - c.objectives(target).worst / y_max)
        return x, y

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
        'aria-label="Pareto front of the balance">',
        _text(4, 14, TITLE[0], anchor="start", extra='font-weight="bold"'),
        _text(4, 28, TITLE[1], anchor="start"),
        f'<line x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}" stroke="{theme.TEXT}"/>',
        f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}" stroke="{theme.TEXT}"/>',
    ]
    for k in range(max_changes + 1):
        x = left + plot_w * k / (max_changes + 0.6)
        parts.append(_text(x, top + plot_h + 14, str(k)))
    parts.append(_text(left + plot_w / 2, height - 4, "changes (nudged right by their size)"))
    for value in ticks:
        y = top + plot_h * (1 - value / y_max)
        parts.append(_text(left - 4, y + 4, f"{100 * value:g}", anchor="end"))
    y_tol = top + plot_h * (1 - tolerance / y_max)
    parts.append(
        f'<line x1="{left}" y1="{y_tol:.1f}" x2="{left + plot_w}" y2="{y_tol:.1f}" stroke="{theme.TEXT}" '
        'stroke-dasharray="4 3" stroke-opacity="0.6"/>'
    )
    parts.append(_text(left + plot_w - 2, y_tol - 4, "tolerance", anchor="end"))
    points = sorted((at(c) for c in front), key=lambda p: p[0])
    if len(points) > 1:
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        parts.append(f'<polyline points="{path}" fill="none" stroke="#d6781e" stroke-width="2"/>')
    parts.extend(_candidate_points(done, {c.number for c in front}, answer, at, target))
    parts.append("</svg>")
    return "".join(parts)


def _candidate_points(
    done: Sequence[Candidate],
    front_numbers: set[int],
    answer: Candidate | None,
    at: Callable[[Candidate], tuple[float, float]],
    target: float,
) -> list[str]:
    """Each candidate as a point with its changes as a tooltip: the front larger and orange, the answer ringed."""
    parts = []
    for c in done:
        x, y = at(c)
        on_front = c.number in front_numbers
        colour = "#d6781e" if on_front else "#1f5fa8"
        changes = ", ".join(f"{k}={v}" for k, v in c.choice.items()) or "no change"
        parts.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{5 if on_front else 3.5}" fill="{colour}" fill-opacity="0.85">'
            f"<title>#{c.number}: {points(c.objectives(target).worst)} points; {html.escape(changes)}</title></circle>"
        )
        if answer is not None and c.number == answer.number:
            parts.append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="9" fill="none" stroke="{theme.TEXT}" stroke-width="2"/>'
            )
    return parts
