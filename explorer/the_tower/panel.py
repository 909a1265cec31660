"""The Tower panel: the card table, the stepper and the exact advice beside it.

Every control calls a plain method of this class (click, step, auto, back, branch, ...), which calls
the headless TheTowerExplorer; a refused action shows the engine's message and leaves the position as
it was. Tests and notebooks drive these methods directly, without a browser.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from explorer.board import styled_board
from explorer.file_controls import FileControls
from explorer.guarded import checked_text
from explorer.presenter import Presenting
from explorer.rules_form import RulesForm
from explorer.session_panel import row
from explorer.the_tower.editor import TableEditor
from explorer.the_tower.explorer import TheTowerExplorer
from explorer.the_tower.viewmodel import advice_html, board_html, board_view, static_html
from rules.core.errors import IllegalPosition, Problem, RulesError
from rules.core.files import escape
from rules.the_tower.model import GameState
from rules.the_tower.variants import Rules

TheTowerBoard = styled_board("TheTowerBoard", "tower_board.css")


class TheTowerPanel(Presenting, w.VBox):  # type: ignore[misc]
    """One explorer shown as a card table with its stepper and advice."""

    explorer: TheTowerExplorer
    game_slug = "the-tower"

    def __init__(
        self,
        position: GameState | str | None = None,
        *,
        policy_name: str = "greedy",
        seed: int = 0,
        explorer: TheTowerExplorer | None = None,
        present: bool | None = None,
    ) -> None:
        """A panel over a new explorer of `position` (an example name, a position, or the opening), or
        over an existing `explorer` with its whole session."""
        self.explorer = explorer or TheTowerExplorer(position, policy_name=policy_name, seed=seed)
        self.advice_text = ""
        """The advice's HTML for the position shown (also part of the static representation)."""
        self.board = TheTowerBoard(on_click=self.click, on_key=self.key)
        self.advice_view = w.HTML(layout=w.Layout(max_width="520px"))
        self._build_controls()
        main = w.HBox([self.board, self.advice_view], layout=w.Layout(flex_flow="row wrap", align_items="flex-start"))
        super().__init__(
            [
                self.toolbar,
                self.stepper,
                self.lesson_note,
                main,
                self.presenter_bar,
                self.message,
                self.sections,
                self.log_view,
            ]
        )
        self._open(present)

    # ---- controls ----------------------------------------------------------------------------------
    def _build_controls(self) -> None:
        """The toolbar, the presenter's bar, the stepper with its branches, and the position editor and rule
        variants sections."""
        self.look_ahead = w.Checkbox(
            value=False,
            description="advice looks ahead over every point left",
            indent=False,
            tooltip="exact but slower: every way to spend the points left is weighed before the fight",
            layout=w.Layout(width="auto"),
        )
        self.look_ahead.observe(lambda _ch: self.refresh(keep_message=True), "value")
        self.toolbar = self._toolbar(
            w.Layout(width="260px"),
            "220px",
            [
                self._policy_picker(w.Layout(width="200px")),
                self._button("new game", self.new_game, "deal a new game under the rules of the rule variants form"),
                self._button("draw attack", lambda: self.draw("attack"), "spend a point to draw an attack card"),
                self._button("draw potion", lambda: self.draw("potion"), "spend a point to draw a potion card"),
            ],
            [self.look_ahead],
        )
        self._build_presenter()
        self.stepper = row(
            [
                *self._line_buttons(),
                self._button("policy decides", self.auto, "let chance or the policy make the current decision"),
                *self._branch_controls(w.Layout(width="220px")),
            ]
        )
        self.editor = TableEditor(self)
        self.rules_form = RulesForm(Rules, self.explorer.rules)
        rules_section = w.VBox(
            [
                self.rules_form,
                self._button("play under these rules", lambda: self.set_rules(self.rules_form.value())),
            ]
        )
        self.sections = w.Accordion(
            children=[w.VBox([self.editor, FileControls(self, "the-tower.json")]), rules_section],
            titles=("position editor", "rule variants"),
        )

    # ---- plain methods (what every control calls) ----------------------------------------------------
    def click(self, key: str, shift: bool = False) -> None:
        """A click on the table: a card in hand is played (a hit in a fight, a potion drunk between
        fights); a room is explored when face down with a point left, else fought (shift: always fought);
        a deck is drawn from."""
        self._guard(lambda: self._click(key, shift))

    def _click(self, key: str, shift: bool) -> None:
        kind, _, what = checked_text(key, "a place on the table (hand:8C, room:0, pile:attack)").partition(":")
        if kind == "room" and not (what.isascii() and what.isdigit() and len(what) < 4):
            raise RulesError(f"{escape(key, 60)} names no room: a room is room:0, room:1, ... counted from 0")
        self.selected = key
        if kind == "hand":
            self._act(lambda: self.explorer.use_card(what))
        elif kind == "room":
            self._act(lambda: self.explorer.enter_room(int(what), fight=shift))
        elif kind == "pile" and what in ("attack", "potion"):
            self.draw(what)
        else:
            raise RulesError(f"nothing to do with {escape(repr(key), 60)}")

    def play(self, action: Any) -> None:
        """Take an engine action (chance it opens is drawn by the seeded sampler)."""
        self._act(lambda: self.explorer.act(action))

    def draw(self, pile: str) -> None:
        """Spend a point to draw an attack or a potion card."""
        self._act(lambda: self.explorer.draw(pile))  # type: ignore[arg-type]

    def step(self) -> None:
        """One step: the policy's choice and the chance it opens (or replay the line's next step)."""
        self._act(self.explorer.step)

    def _back_steps(self) -> int:
        """Back as 'next ▶' goes forward: past the chance a choice opened (the cards it drew) to the choice itself,
        so that back and next stop at the same positions."""
        return self.explorer.steps_back_to_choice()

    def edit(self, **changes: Any) -> None:
        """Start over from this position with parts of the table changed (see rules.the_tower.editing.edited;
        refused, saying what is wrong, when the table is not legal)."""
        self._act(lambda: self.explorer.set_table(**changes), "edited: a new session starts here")

    def set_rules(self, rules: Rules) -> None:
        """Start over from this table under other rules (a variant can make the table illegal)."""
        differences = self.explorer.rules.differences(rules)
        changed = ", ".join(f"{k} {b}" for k, (_a, b) in differences.items())
        starting = [k for k in differences if k.startswith("starting_")]
        later = f" ({', '.join(starting)} count from a new game: 'new game' deals one)" if starting else ""

        def apply() -> object:
            try:
                return self.explorer.set_rules(rules)
            except IllegalPosition as refusal:
                hint = Problem("", "'new game' deals a game under these rules instead")
                raise IllegalPosition([*refusal.problems, hint]) from None

        self._act(apply, f"rules: {changed or 'unchanged'}{later}")

    def new_game(self) -> None:
        """Deal a new game under the rules shown in the rule variants form (those in use unless changed
        there): the opening cards and the first floor are drawn by chance."""
        self._go(
            lambda: self.explorer.new_game(self.rules_form.value()),
            "a new game: the opening cards and the first floor are dealt",
        )

    # ---- drawing ---------------------------------------------------------------------------------------
    def view(self) -> dict[str, Any]:
        """The position shown, as the JSON-ready view model (the position before a hidden result, with its
        question, under 'predict, then reveal')."""
        return self._shown_view(board_view, status=self.explorer.phase_words())

    def _advice(self) -> str:
        return advice_html(self.explorer.advice("all_points" if self.look_ahead.value else "next_fight"))

    def refresh(self, *, keep_message: bool = False) -> None:
        """Redraw the board, the advice, the presenter's bar and log, and the branch list."""
        concealed = self.shown_step() != self.explorer.session.cursor
        self.advice_text = "" if concealed else self._advice()
        self.advice_view.value = self.advice_text
        self.editor.show(self.explorer.state)
        self.rules_form.show(self.explorer.rules)
        self._show_presenter(board_html(self.view()), keep_message)

    def _repr_html_(self) -> str:
        """The same table, the advice and the log without a live kernel (GitHub, nbval)."""
        return static_html(self.view(), self.explorer.log_text().splitlines(), self._advice())

    def summary(self) -> str:
        """One line saying where the explorer stands (the panel's plain-text form)."""
        return f"The Tower panel: {self.explorer.summary()}"
