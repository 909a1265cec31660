"""The rule variants panel: one control per field of the rules config, and a side-by-side comparison."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

import ipywidgets as w

from explorer.attack_the_tower.explorer import Explorer
from explorer.attack_the_tower.rendering import static_html
from explorer.attack_the_tower.viewmodel import board_view
from explorer.rules_form import RulesForm
from rules.attack_the_tower.variants import Rules

if TYPE_CHECKING:
    from explorer.attack_the_tower.panel import AttackTheTowerPanel


class VariantsPanel(w.VBox):  # type: ignore[misc]
    """Every field of `Rules`, editable; apply a variant to the position or compare it with the current."""

    def __init__(self, panel: AttackTheTowerPanel) -> None:
        self.panel = panel
        self.form = RulesForm(Rules, panel.explorer.rules)
        self.controls = self.form.controls
        apply = w.Button(description="play under these rules")
        apply.on_click(lambda _b: self.apply())
        compare = w.Button(description="compare with the current rules")
        compare.on_click(lambda _b: self.panel._guard(self.compare))
        self.result = w.HTML()
        super().__init__([self.form, w.HBox([apply, compare]), self.result])

    def rules(self) -> Rules:
        """The rules the form describes."""
        return self.form.value()

    def apply(self) -> None:
        self.panel.edit(lambda x: x.set_rules(self.rules()))

    def compare(self) -> str:
        """Replay the current line under the chosen rules; show both boards and the first difference."""
        explorer = self.panel.explorer
        other = self.rules()
        divergence = explorer.compare(other)
        twin = Explorer(explorer.initial.changed(rules=other), policy_name=explorer.policy_name)
        for action in explorer.session.line[: explorer.session.cursor]:
            try:
                twin.play(action)
            except Exception:
                break
        changed = ", ".join(f"{k}: {a} → {b}" for k, (a, b) in explorer.rules.differences(other).items())
        if divergence.step is None:
            summary = f"<b>No difference</b> over the {explorer.session.cursor} steps played ({html.escape(changed)})."
        else:
            left = "<br>".join(html.escape(s) for s in divergence.left)
            right = "<br>".join(html.escape(s) for s in divergence.right)
            summary = (
                f"<b>First difference at step {divergence.step}</b> ({html.escape(divergence.reason)}; "
                f"{html.escape(changed)})<table><tr><th>current rules</th><th>variant</th></tr>"
                f"<tr><td>{left}</td><td>{right}</td></tr></table>"
            )
        boards = (
            f'<div style="display:flex;gap:8px"><div style="flex:1"><b>current rules</b>'
            f'{static_html(board_view(explorer.state))}</div><div style="flex:1"><b>variant</b>'
            f"{static_html(board_view(twin.state))}</div></div>"
        )
        self.result.value = summary + boards
        return summary
