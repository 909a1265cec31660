"""What the balance tab shows of one finished balance, each part drawn once: the report, the charts (the Pareto
front, the matchup matrices, the metagame's equilibrium) and the card figures. Sorting the card table sorts the
figures kept, so a re-sort redraws the table alone."""

from __future__ import annotations

import html
from functools import cached_property

import pandas as pd

from explorer import theme
from explorer.balance_lab.balance_charts import matrix_chart, pareto_chart
from explorer.balance_lab.balance_words import REPORT_NAMES
from rules.balance.card_stats import card_stats, rate_words, sort_table
from rules.balance.metagame import Equilibrium, equilibrium, matrix_from_tallies
from rules.balance.run import BalanceResult
from rules.core.percent import percent


class AnswerView:
    """One balance's result as the tab draws it; every part computed on first use and kept."""

    def __init__(self, result: BalanceResult) -> None:
        self.result = result

    @cached_property
    def report_html(self) -> str:
        # JupyterLab breaks an output's <pre> anywhere (word-break: break-all): lines wrap between words here, and
        # only a word longer than the line (a path) is broken
        style = f"color:{theme.TEXT};white-space:pre-wrap;word-break:normal;overflow-wrap:anywhere;font-size:11px"
        text = html.escape(self.result.report(timed=False, named=REPORT_NAMES))
        return f'<pre class="balance-report" style="{style}">{text}</pre>'

    @cached_property
    def metagame(self) -> tuple[Equilibrium | None, Equilibrium | None]:
        """The army-choice game's equilibrium before and after the answer (Attack the Tower)."""
        r = self.result
        if r.spec.game != "attack-the-tower" or not r.before:
            return None, None
        armies = r.spec.armies
        before = equilibrium(armies, matrix_from_tallies(armies, r.before))
        after = equilibrium(armies, matrix_from_tallies(armies, r.after))
        return before, after

    @cached_property
    def charts_html(self) -> str:
        r = self.result
        spec = r.spec
        front = pareto_chart(
            r.candidates, r.front, r.answer, target=spec.target, tolerance=spec.tolerance, max_changes=spec.max_changes
        )
        parts = [front.html("480px")]
        if spec.game == "attack-the-tower" and r.before:
            armies = spec.armies
            matrix = matrix_chart(armies, matrix_from_tallies(armies, r.before), "before (95% intervals)")
            parts.append(matrix.html("420px"))
            if r.answer is not None:
                matrix = matrix_chart(armies, matrix_from_tallies(armies, r.after), "after (95% intervals)")
                parts.append(matrix.html("420px"))
            before, after = self.metagame
            said = [
                f"before: {before.text()}" if before else "",
                f"after: {after.text()}" if after and r.answer else "",
            ]
            parts.append(f'<div style="color:{theme.TEXT}">{"<br>".join(html.escape(s) for s in said if s)}</div>')
        return '<div style="display:flex;flex-wrap:wrap;gap:12px">' + "".join(parts) + "</div>"

    @cached_property
    def cards(self) -> pd.DataFrame:
        """The answer's cards in its check games (Attack the Tower), in no particular order."""
        r = self.result
        if r.after_games is None or r.spec.game != "attack-the-tower":
            return pd.DataFrame()
        return card_stats(r.after_games, files=r.spec.army_files)

    def card_table(self, by: str, descending: bool) -> pd.DataFrame:
        """The card figures sorted by column `by`."""
        return self.cards if self.cards.empty else sort_table(self.cards, by, descending)


def card_table_html(table: pd.DataFrame) -> str:
    """The card table in the theme's colours: each win rate with its 95% interval."""
    if table.empty:
        return ""
    cell = f"border:1px solid var(--jp-border-color1,#888);padding:2px 6px;color:{theme.TEXT}"
    head = [
        "card",
        "kind",
        "played (of games)",
        "mean plays",
        "median first turn",
        "win rate played (95%)",
        "win rate not played (95%)",
        "difference",
    ]
    rows = []
    for r in table.to_dict("records"):
        played, not_played, difference = rate_words(r)
        first = "-" if pd.isna(r["first_turn"]) else f"{r['first_turn']:.0f}"
        plays = f"{r['played']}/{r['games']} ({percent(r['play_rate'])})"
        values = (html.escape(str(r["card"])), r["kind"], plays, f"{r['mean_plays']:.1f}", first, played, not_played)
        rows.append("<tr>" + "".join(f'<td style="{cell}">{v}</td>' for v in (*values, difference)) + "</tr>")
    header = "".join(f'<th style="{cell};background:{theme.TINT_BLUE}">{h}</th>' for h in head)
    return (
        f'<table class="balance-cards" style="border-collapse:collapse;font-size:12px;color:{theme.TEXT}">'
        f"<caption style='text-align:left'>cards of the answer's check games</caption><tr>{header}</tr>"
        + "".join(rows)
        + "</table>"
    )
