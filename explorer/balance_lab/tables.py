"""The balance lab's summary, and a sweep compared at several strengths, as HTML tables in the theme's colours
(the exports are explorer.balance_lab.exports)."""

from __future__ import annotations

import html
import math
from typing import Any

import pandas as pd

from explorer import theme
from explorer.balance_lab.charts import combination_label, value_label
from rules.core.percent import percent
from rules.sweeps import SweepSpec
from rules.sweeps.strengths import agreement_shown

BORDER = "1px solid var(--jp-border-color1,#888)"


def columns_shown(spec: SweepSpec, summary: pd.DataFrame) -> list[str]:
    """The columns worth a designer's eye: what the cell varies, the games, each side's wins and win rate
    with its interval (one column: the ci_ columns are in the exports), draws, and the mean length (in
    steps, turns, and for The Tower the floor reached)."""
    varied = [c for c in ("army_0", "army_1") if c in summary and len(spec.armies) > 1]
    if "override" in summary and len(spec.overrides) > 1:
        varied.append("override")
    if "scenario" in summary and len(spec.scenarios) > 1:
        varied += ["scenario", "difficulty"]
    varied += [name for name in spec.vary if name in summary]
    sides = [s for s in ("0", "1") if f"win_rate_{s}" in summary]
    figures = [f"{k}_{s}" for s in sides for k in ("wins", "win_rate")]
    if spec.strengths:
        varied.append("strength")
    lengths = ("draws", "mean_steps", "mean_turns", "turns_median", "mean_floor_reached")
    extra = [c for c in lengths if c in summary and not summary[c].isna().all()]
    return [*varied, "games", *figures, *extra]


def _cell(name: str, record: dict[Any, Any]) -> str:
    value = record[name]
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "none"
    if name.startswith("win_rate_"):
        side = name.rsplit("_", 1)[1]
        low, high = float(record[f"ci_low_{side}"]), float(record[f"ci_high_{side}"])
        return f"{percent(float(value), 1)} ({percent(low, 1)} to {percent(high, 1)})"
    if name.startswith("mean_"):
        return f"{float(value):.1f}"
    if name == "turns_median":
        # as the strengths' table words it (`strength_words`): a median of an even count may end in .5
        return f"{float(value):g} ({float(record['turns_p10']):g} to {float(record['turns_p90']):g})"
    return html.escape(str(value))


def heading(spec: SweepSpec, name: str) -> str:
    """A column's name as the table shows it: a duel's sides by their army when one pair is played."""
    words = {"wins": "wins", "win_rate": "win rate (95% interval)"}
    for key, said in words.items():
        if name.startswith(f"{key}_"):
            side = int(name.rsplit("_", 1)[1])
            if spec.game != "attack-the-tower":
                return said
            who = spec.armies[0][side] if len(spec.armies) == 1 else f"player {side + 1}"
            return f"{who} {said}"
    if name == "turns_median":
        return "turns: median (10% to 90%)"
    return name.replace("_", " ") if name.startswith("mean_") else name


def lab_table(caption: str, head: str, rows: list[str]) -> str:
    """A table with its look (the theme's text on its background, a tinted heading row); a wide table scrolls
    sideways within the notebook's width."""
    cell = f"border:{BORDER};padding:2px 6px;color:{theme.TEXT}"
    style = (
        f"<style>table.lab-summary{{border-collapse:collapse;font-size:12px;color:{theme.TEXT}}}"
        f".lab-summary td{{{cell};text-align:right}}.lab-summary th{{{cell};background:{theme.TINT_BLUE}}}"
        ".lab-summary caption{text-align:left}"
        # the widget's box grows to its content unless held to its own width: the table then scrolls within it
        ".widget-html-content:has(table.lab-summary){min-width:0;max-width:100%}</style>"
    )
    table = f'<table class="lab-summary">{caption}<tr>{head}</tr>{"".join(rows)}</table>'
    return f'{style}<div style="overflow-x:auto;max-width:100%">{table}</div>'


def summary_html(spec: SweepSpec, summary: pd.DataFrame, *, caption: str = "") -> str:
    """The summary as a table (one row per cell), readable in light, dark and high-contrast themes."""
    shown = columns_shown(spec, summary)
    head = "".join(f"<th>{html.escape(heading(spec, c))}</th>" for c in shown)
    rows = []
    for record in summary.to_dict(orient="records"):
        values = spec.point_of(int(record["cell"])).values if "cell" in record else {}
        record.update({name: value_label(values[name]) for name in spec.vary if name in values})
        rows.append("<tr>" + "".join(f"<td>{_cell(c, record)}</td>" for c in shown) + "</tr>")
    return lab_table(f"<caption>{html.escape(caption)}</caption>" if caption else "", head, rows)


def cells_caption(spec: SweepSpec, chart_note: str) -> str:
    """The cells table's caption: the chart's note where the chart shows the table's win rates; at several
    strengths the chart shows a duel's share of its decided games, while the table's rates count every game."""
    if not spec.strengths:
        return f"{chart_note}; one row a cell"
    return (
        "one row a cell at each strength: wins and the win rate over all its games (a draw is nobody's win), with "
        "its Wilson 95% interval"
    )


def matchups_html(spec: SweepSpec, summary: pd.DataFrame) -> str:
    """Each pair of armies the sweep plays in both seat orders, its two cells added up (the first player's edge
    evened out; `rules.sweeps.matchups`): one row a pair at each setting and strength; empty when there is none."""
    from rules.sweeps.matchups import both_seats, matchup_agreements, matchup_words

    pairs = both_seats(summary)
    if pairs.empty:
        return ""
    settings = (
        [name for name in spec.vary] + ["override"] * bool(any(spec.overrides)) + ["strength"] * bool(spec.strengths)
    )
    head = "".join(f"<th>{html.escape(name)}</th>" for name in settings) + "<th>the pair over both seats</th>"
    agreed = matchup_agreements(pairs, list(spec.strengths))
    if any(agreed):
        head += "<th>the same at every strength?</th>"
    rows = []
    for record, kind in zip(pairs.to_dict(orient="records"), agreed, strict=True):
        cells = [html.escape(value_label(record[name])) for name in settings if name in record]
        cells.append(html.escape(matchup_words(record)))
        if any(agreed):
            cells.append(html.escape(AGREEMENT_CELLS[kind] if kind else "not played at every strength"))
        rows.append("<tr>" + "".join(f'<td style="text-align:left">{c}</td>' for c in cells) + "</tr>")
    caption = "each pair of armies over both seats (each army first once): the first player's edge evened out"
    return lab_table(f"<caption>{html.escape(caption)}</caption>", head, rows)


AGREEMENT_CELLS = {"same": "yes", "none": "none can tell yet", "unsettled": "not settled", "opposite": "no"}
"""The strengths table's last column by `rules.sweeps.strengths.agreement_shown`: "not settled" where some
strength cannot tell a side yet (more games may), "no" only where two strengths favour different sides, "none can
tell yet" where every strength agrees only in showing no side."""


def strengths_html(spec: SweepSpec, summary: pd.DataFrame) -> str:
    """A sweep at several strengths, one row a combination: each strength's verdict with what it rests on (a
    duel's share of the decided games for player 1 and its draws, or the table's win rate), its interval and
    game lengths, and whether the verdicts agree."""
    from rules.sweeps.strengths import compare_strengths, strength_words, verdicts_rest_on

    compared = compare_strengths(spec, summary)
    if compared.empty:
        return ""
    names = list(spec.strengths)
    head = "<th>combination</th>" + "".join(f"<th>{html.escape(n)}</th>" for n in names) + "<th>same conclusion</th>"
    rows = []
    for record in compared.to_dict(orient="records"):
        label = combination_label(spec, int(record["combination"]) * len(names))
        cells = [html.escape(label).replace("\n", "<br>")]
        for n in names:
            share, turns, verdict = (html.escape(part) for part in strength_words(n, record, to=" to "))
            cells.append(f"{share}<br>{turns}; {verdict}")
        said = AGREEMENT_CELLS[agreement_shown(record, names)]
        colour = {"yes": theme.SUCCESS, "no": theme.ERROR}.get(said, "inherit")
        cells.append(f'<span style="color:{colour}"><b>{said}</b></span>')
        rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    caption = (
        "does the conclusion depend on how well the game is played? Each verdict rests on "
        f"{verdicts_rest_on(summary)} and its 95% interval; turns: the median game's, and the range the middle 80% of"
        " the games' lengths fall in"
    )
    return lab_table(f"<caption>{html.escape(caption)}</caption>", head, rows)
