"""The commands every game's panel gives its session: moving along the line (back, forward, restart,
jump, branches), examples, files and share codes, with the buttons and dropdown handlers that call them.
Each runs under the panel's guard, so a refusal shows the rules' message and keeps the last good position."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as w

from explorer.busy import BusyButtons
from explorer.guarded import GuardedPanel


def fit_labels(widget: w.Widget) -> None:
    """Every control under `widget` shows its whole label and every button its whole caption, whatever the
    font size (a projector's large type included): labels take the width of their words, buttons of theirs."""
    style: Any = getattr(widget, "style", None)
    described = getattr(widget, "description", "") and hasattr(style, "description_width")
    if described and not style.description_width:  # a width set on purpose (a form's column) is kept
        style.description_width = "initial"
    if isinstance(widget, w.Button | w.ToggleButton | w.FileUpload) and widget.layout.width in (None, ""):
        widget.layout.width = "auto"
        widget.layout.min_width = "fit-content"
    for child in getattr(widget, "children", ()):
        fit_labels(child)


def row(children: list[w.Widget]) -> w.HBox:
    """A row of controls that wraps instead of squeezing its buttons (every panel lays its controls so)."""
    return w.HBox(children, layout=w.Layout(flex_flow="row wrap", align_items="center"))


def set_options(dropdown: w.Dropdown, options: list[Any]) -> None:
    """Replace a dropdown's choices, keeping its value when it is still offered."""
    if list(dropdown.options) == options:
        return
    old = dropdown.value
    dropdown.options = options
    values = [o[1] if isinstance(o, tuple) else o for o in options]
    if old in values:
        dropdown.value = old
    elif values:
        dropdown.value = values[0]


class SessionPanel(GuardedPanel):
    """Mixin for panels with an `explorer` (navigation, position files, share codes, examples): the controls every
    panel has (examples, the policy, share codes, branches) and the commands behind them."""

    explorer: Any
    selected: str | None = None
    """The place on the board selected (a key of the board), if any."""
    mode = "play"
    """What a click on the board does: 'play', or 'edit' in a panel with a position editor (see `_mode_toggle`)."""

    def _toolbar(
        self, example_layout: w.Layout, share_width: str, before: Sequence[w.Widget], after: Sequence[w.Widget] = ()
    ) -> w.HBox:
        """The row above the board: the example picker, the game's controls `before` the share code's button, text
        box and load button, then those `after` them."""
        self.example = w.Dropdown(
            options=list(self.explorer.examples.EXAMPLES),
            value=self.explorer.example_name,
            description="example",
            layout=example_layout,
        )
        self.example.observe(self._on_example, "value")
        self.share = w.Text(placeholder="paste a share code", layout=w.Layout(width=share_width))
        sharing = [
            self._button("share code", self.show_share_code, "show a code that reproduces this position"),
            self.share,
            self._button("load code", lambda: self.load_share_code(self.share.value)),
        ]
        toolbar = row([self.example, *before, *sharing, *after])
        toolbar.add_class("panel-toolbar")
        return toolbar

    def _mode_toggle(self, set_mode: Callable[[str], None]) -> w.ToggleButtons:
        """Play or edit: what a click on the board does (`set_mode` is told the mode chosen)."""
        self.mode_toggle = w.ToggleButtons(options=["play", "edit"], value="play", style={"button_width": "60px"})
        self.mode_toggle.observe(lambda ch: set_mode(ch["new"]), "value")
        return self.mode_toggle

    def _policy_picker(self, layout: w.Layout) -> w.Dropdown:
        """The policy that makes every decision nobody makes by hand (the explorer's `policy_name`)."""
        self.policy = w.Dropdown(
            options=list(self.explorer.policies.POLICIES),
            value=self.explorer.policy_name,
            description="policy",
            layout=layout,
        )
        self.policy.observe(lambda ch: setattr(self.explorer, "policy_name", ch["new"]), "value")
        return self.policy

    def _line_buttons(self) -> list[w.Button]:
        """Back to the start of the line, and one step forward along it."""
        return [
            self._button("restart", self.restart),
            self._button("forward ▶▶", self.forward, "replay the next step of this line"),
        ]

    def _branch_controls(self, layout: w.Layout) -> list[w.Widget]:
        """The branch shown (a dropdown of the session's branches) and a button that starts a new one here."""
        self.branches = w.Dropdown(options=self.explorer.branches, value="main", description="branch", layout=layout)
        self.branches.observe(self._on_branch, "value")
        return [self.branches, self._button("branch here", self.branch)]

    def _button(self, label: str, handler: Callable[[], object], tip: str = "") -> w.Button:
        """A button that runs `handler` under the guard (a refusal shows its message), once per click:
        the button is disabled while it works and a click queued meanwhile is dropped (explorer.busy)."""
        if "_busy" not in self.__dict__:
            self._busy = BusyButtons()
        return self._busy.button(label, lambda: self._guard(handler), tip)

    def summary(self) -> str:
        """One line saying where the explorer stands (the panel's plain-text form)."""
        raise NotImplementedError

    def _repr_html_(self) -> str:
        raise NotImplementedError

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The live widget for JupyterLab, plus the static board and a text line for every other reader."""
        widget: Any = super()
        bundle: dict[str, Any] = widget._repr_mimebundle_(**kwargs) or {}
        bundle["text/plain"] = self.summary()
        bundle["text/html"] = self._repr_html_()
        return bundle

    def _show_branches(self) -> None:
        """The branch dropdown offers the session's branches, the current one chosen."""
        branches = self.explorer.branches
        if list(self.branches.options) != branches:
            self.branches.options = branches
        self.branches.value = self.explorer.session.current_branch

    def clear_selection(self) -> None:
        """Forget what is selected on the board (Escape)."""
        self.selected = None
        self.refresh()

    def _on_example(self, change: dict[str, Any]) -> None:
        """The example dropdown: load the example chosen (not when a redraw shows the one already explored)."""
        if change["new"] and change["new"] != self.explorer.example_name:
            self.load_example(change["new"])

    def _show_example(self) -> None:
        """The example picker names the example explored while the position is that example, and nothing once it
        is edited (so that choosing the example again loads it again)."""
        self.example.value = self.explorer.example_name

    def _on_branch(self, change: dict[str, Any]) -> None:
        """The branch dropdown: show the branch chosen (not when a redraw sets it to the current one)."""
        if change["new"] and change["new"] != self.explorer.session.current_branch:
            self.switch(change["new"])

    def _moved(self) -> None:
        """Forget what belonged to the position left (a selection, a draft); panels override it."""

    def _go(self, move: Any, message: str) -> None:
        """Move the session and redraw, forgetting the old position's drafts."""

        def run() -> object:
            self._moved()
            return move()

        self._act(run, message)

    def back(self) -> None:
        """Back along the line as far as a step of the panel goes (`_back_steps`; a replay: nothing is lost)."""
        if self.explorer.session.cursor == 0:
            self.say("already at the start of this line")
            return
        steps = self._back_steps()
        self._go(lambda: self.explorer.back(steps), "one step back" if steps == 1 else f"back {steps} steps")

    def _back_steps(self) -> int:
        """How many steps 'back' undoes: one (a game whose step plays several says how many)."""
        return 1

    def forward(self) -> None:
        """One step forward along the line already played."""
        session = self.explorer.session
        if session.cursor >= len(session.line):
            self.say("already at the end of this line (a step plays on from here)")
            return
        self._go(self.explorer.forward, "one step forward")

    def restart(self) -> None:
        """Back to the position the line starts from."""
        self._go(self.explorer.restart, "back at the start")

    def jump(self, step: int) -> None:
        """Go to the position after `step` actions of this line."""
        self._go(lambda: self.explorer.jump(step), f"at step {step}")

    def switch(self, name: str) -> None:
        """Show another branch, at its end."""
        self._go(lambda: self.explorer.switch(name), f"branch '{name}'")

    def branch(self, name: str | None = None) -> None:
        """Keep the line and continue differently under a new branch."""

        def make() -> None:
            made = self.explorer.branch(name)
            self._tell(f"new branch '{made}': the next action starts it")

        self._guard(make)

    def load_example(self, name: str) -> None:
        """Explore a named example position (a new session)."""
        self._go(lambda: self.explorer.load_example(name), f"loaded the example '{name}'")

    def save(self, path: str) -> None:
        """Save the position to a JSON file (what `load` and the CLI read)."""
        self._act(lambda: self.explorer.save(path), f"saved to {path}")

    def load(self, path_or_json: str) -> None:
        """Start a new session from a JSON file or JSON text."""
        self._go(lambda: self.explorer.load(path_or_json), "position loaded")

    def load_text(self, text: str | bytes) -> None:
        """Start a new session from JSON text only (an uploaded file): never read as a path."""
        self._go(lambda: self.explorer.load_text(text), "position loaded")

    def show_share_code(self) -> str:
        """Show (and return) a code that reproduces the position exactly."""
        code: str = self.explorer.share_code()
        self.share.value = code
        self.say("share code: paste it in 'load code' to get this position back exactly")
        return code

    def load_share_code(self, code: str) -> None:
        """Start a new session from a share code."""
        self._go(lambda: self.explorer.load_share_code(code), "position loaded from the code")
