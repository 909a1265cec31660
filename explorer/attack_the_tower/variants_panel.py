"""The rule variants panel: one control per field of the rules config; play under a variant, or compare it with
the current rules: the line replayed under both, the first difference marked, both played on to the end of the
battle (or of the game) and both endings shown side by side (explorer.attack_the_tower.comparison)."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

import ipywidgets as w

from explorer.attack_the_tower.comparison import Comparison, Line
from explorer.attack_the_tower.rendering import static_html
from explorer.attack_the_tower.story import tell
from explorer.attack_the_tower.viewmodel import board_view
from explorer.rules_form import RulesForm
from explorer.session_panel import row
from rules.attack_the_tower.variants import Rules

if TYPE_CHECKING:
    from explorer.attack_the_tower.panel import AttackTheTowerPanel

SHOWN_STEPS = 40
"""The most steps of each line listed after the first difference."""


class VariantsPanel(w.VBox):  # type: ignore[misc]
    """Every field of `Rules`, editable; apply a variant to the position or compare it with the current."""

    def __init__(self, panel: AttackTheTowerPanel) -> None:
        self.panel = panel
        self.form: RulesForm[Rules] = RulesForm(Rules, panel.explorer.rules)
        self.controls = self.form.controls
        self.until = w.Dropdown(
            options=[("the end of the battle", "battle"), ("the end of the game", "game")],
            value="battle",
            description="play both to",
        )
        self.result = w.HTML()
        self.comparison: Comparison | None = None
        super().__init__(
            [
                self.form,
                row(
                    [
                        panel._button("play under these rules", self.apply),
                        self.until,
                        panel._button(
                            "compare with the current rules",
                            self.compare,
                            "replay this line under both, then play both on to the end",
                        ),
                    ]
                ),
                self.result,
            ]
        )

    def rules(self) -> Rules:
        """The rules the form describes."""
        return self.form.value()

    def apply(self) -> None:
        self.panel.edit(lambda x: x.set_rules(self.rules()))

    def compare(self) -> str:
        """Replay the current line under the chosen rules, mark the first difference, play both lines on to the
        end asked for and show both endings; returns the summary's HTML."""
        explorer = self.panel.explorer
        other = self.rules()
        comparison = explorer.compare_to_the_end(other, self.until.value)
        self.comparison = comparison
        divergence = comparison.divergence
        changed = ", ".join(f"{k}: {a} → {b}" for k, (a, b) in explorer.rules.differences(other).items())
        until = f"played on to the end of the {comparison.until}"
        endings = (
            f"<div>current rules: {html.escape(comparison.current.ending())} · "
            f"variant: {html.escape(comparison.variant.ending())}</div>"
        )
        if divergence.step is None:
            summary = f"<b>No difference</b> ({html.escape(changed)}; {until})."
        else:
            left = "<br>".join(html.escape(s) for s in divergence.left)
            right = "<br>".join(html.escape(s) for s in divergence.right)
            summary = (
                f"<b>First difference at step {divergence.step}</b> ({html.escape(divergence.reason)}; "
                f"{html.escape(changed)}; {until})<table><tr><th>current rules</th><th>variant</th></tr>"
                f"<tr><td>{left}</td><td>{right}</td></tr></table>"
            )
        summary += endings
        boards = (
            '<div style="display:flex;gap:8px;flex-wrap:wrap">'
            f'<div style="flex:1;min-width:420px"><b>current rules: the end</b>{_ending_board(comparison.current)}'
            f"{_steps_html(comparison.current, divergence.step)}</div>"
            f'<div style="flex:1;min-width:420px"><b>variant: the end</b>{_ending_board(comparison.variant)}'
            f"{_steps_html(comparison.variant, divergence.step)}</div></div>"
        )
        self.result.value = summary + boards
        return summary


def _ending_board(line: Line) -> str:
    """The board where a line ended, with the story of its last step (its casualties, a fallen palace)."""
    if not line.steps:
        return static_html(board_view(line.end, live=False))
    before = line.state_at(len(line.steps) - 1)
    story = tell(before, line.end, line.steps[-1][1])
    return static_html(board_view(line.end, story=story, live=False))


def _steps_html(line: Line, first: int | None) -> str:
    """The line's steps from the first difference on (or its last ones), the first difference marked."""
    start = (first or max(1, len(line.steps) - SHOWN_STEPS + 1)) - 1
    items = []
    for number, (_action, events) in enumerate(line.steps[start : start + SHOWN_STEPS], start=start + 1):
        mark = "<b>◆ first difference</b> " if number == first else ""
        said = " ".join(html.escape(e.sentence()) for e in events)
        items.append(f'<li value="{number}">{mark}{said}</li>')
    more = len(line.steps) - start - SHOWN_STEPS
    tail = f"<div>… and {more} more steps</div>" if more > 0 else ""
    return f'<ol style="font-size:12px">{"".join(items)}</ol>{tail}'
