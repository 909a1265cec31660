"""Charts that follow the theme: matplotlib figures written as inline SVG whose text, axes and ticks take the
colour of the text around them (`currentColor`) on a transparent ground, so a chart reads in JupyterLab's
Light, Dark and High Contrast themes, in Voila and in a static page alike (a PNG stays white in a dark theme).

Drawn inside `themed()`, every part that would be black is drawn in the INK colour, which the SVG then names
`currentColor`. The SVG is the same bytes for the same figure (fixed ids, no date), so nbval can compare it."""

from __future__ import annotations

import html
import io
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import matplotlib
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

INK = "#010203"
"""The colour drawn for text, axes and ticks, replaced by `currentColor` in the SVG."""

STYLE: dict[str, Any] = {
    "text.color": INK,
    "axes.labelcolor": INK,
    "axes.edgecolor": INK,
    "xtick.color": INK,
    "ytick.color": INK,
    "legend.labelcolor": INK,
    "legend.facecolor": "none",
    "legend.edgecolor": INK,
    "grid.color": INK,
    "svg.fonttype": "none",
    "svg.hashsalt": "tower-rules-explorer",
    "figure.facecolor": "none",
    "axes.facecolor": "none",
    "savefig.facecolor": "none",
}


@contextmanager
def themed() -> Iterator[None]:
    """Draw (and save) a figure in the theme-following style."""
    with matplotlib.rc_context(STYLE):  # type: ignore[arg-type]
        yield


def figure(width: float = 6.4, height: float = 3.4) -> Figure:
    """A figure to draw on inside `themed()`."""
    drawn = Figure(figsize=(width, height), dpi=90)
    FigureCanvasAgg(drawn)
    return drawn


def outside_legend(ax: Axes, fontsize: float = 8) -> None:
    """The axes' legend beside the plot, at its top right, where it covers no line, band or bar."""
    ax.legend(fontsize=fontsize, loc="upper left", bbox_to_anchor=(1.02, 1.0), borderaxespad=0.0)


@dataclass(frozen=True)
class Chart:
    """A chart as inline SVG, shown as HTML in a notebook, a widget or a page."""

    svg: str
    title: str = "chart"

    def html(self, max_width: str = "640px") -> str:
        """The chart in a block that takes the text colour of the page, at most `max_width` wide."""
        return (
            f'<div aria-label="{html.escape(self.title)}" class="tower-chart" role="img" '
            f'style="color:var(--jp-ui-font-color0,#000);max-width:min({max_width},100%)">{self.svg}</div>'
        )

    def _repr_html_(self) -> str:
        return self.html()

    def __repr__(self) -> str:
        return f"<chart: {self.title}>"


def to_chart(drawn: Figure, title: str) -> Chart:
    """The figure (drawn inside `themed()`) as a Chart: SVG with the INK colour named currentColor, at most its
    block's width."""
    with themed():
        drawn.tight_layout()
        out = io.StringIO()
        drawn.savefig(out, format="svg", metadata={"Date": None, "Creator": None}, transparent=True)
    svg = out.getvalue()
    svg = svg[svg.index("<svg") :].replace(INK, "currentColor")
    svg = re.sub(r"<metadata>.*?</metadata>", "", svg, flags=re.S)
    svg = re.sub(r">\s+<", "><", re.sub(r"<[^>]*>", _rounded, svg))
    # matplotlib's one style rule as presentation properties of the root (no style sheet inside a page); the
    # chart scaled down to its block, never up
    svg = re.sub(r"<defs><style[^>]*>[^<]*</style></defs>", "", svg, count=1)
    style = "max-width:100%;height:auto;stroke-linejoin:round;stroke-linecap:butt"
    svg = svg.replace("<svg ", f'<svg style="{style}" ', 1)
    return Chart(svg, title)


def _rounded(tag: re.Match[str]) -> str:
    """A tag's numbers to a tenth of a point, finer than any screen shows (the SVG a third smaller); the text
    between tags is left as written."""
    return re.sub(r"(\d\.\d)\d+", r"\1", tag.group(0))
