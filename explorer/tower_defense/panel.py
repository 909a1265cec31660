"""The Tower Defense panel: the grid, the phase stepper, the Phase 6 actions, the position editor and
the calculators (boost options of the selected tower, this turn's plan, income odds, a movement preview).

Every action reaches the headless TowerDefenseExplorer through one door, `act`, and every edit through
`edit` (the controls, tests and notebooks alike: `panel.act(lambda x: x.attack(panel.here(), "W1"))`); a
refused action or edit shows the engine's message and leaves the position as it was.
"""

from __future__ import annotations

import html
import re
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as w

from explorer.board import styled_board
from explorer.guarded import checked_edit, checked_text
from explorer.presenter import Presenting, step_card
from explorer.session_panel import row
from explorer.tower_defense.controls import ActionControls
from explorer.tower_defense.editor import EditorControls
from explorer.tower_defense.explorer import TowerDefenseExplorer
from explorer.tower_defense.rendering import board_html, boost_html, events_html, income_html, plan_html, static_html
from explorer.tower_defense.viewmodel import board_view, parse_key
from rules.core.errors import RulesError, counted
from rules.tower_defense import catalog, engine
from rules.tower_defense.events import PhaseBegun
from rules.tower_defense.model import GameState
from rules.tower_defense.text import space_words

TowerDefenseBoard = styled_board("TowerDefenseBoard", "td_board.css")


PHASE_SIX_ENDS = "phase.6 actions"
"""The rule the step that ends Phase 6 cites (all players agree to take no more actions)."""


def _rule(event: Any) -> str:
    return str(getattr(event, "rule", ""))


class TowerDefensePanel(Presenting, w.VBox):  # type: ignore[misc]
    """One explorer shown as a grid with its controls."""

    explorer: TowerDefenseExplorer
    game_slug = "tower-defense"
    next_method = "next_phase"
    """next ▶ finishes the phase in progress (or replays the line to the next phase)."""

    def __init__(
        self,
        position: GameState | str | None = None,
        *,
        policy_name: str = "simple",
        explorer: TowerDefenseExplorer | None = None,
        present: bool | None = None,
    ) -> None:
        """A panel over a new explorer of `position` (an example name, a position, or the default
        example), or over an existing `explorer` with its whole session (lines, branches, cursor)."""
        self.explorer = explorer or TowerDefenseExplorer(position, policy_name=policy_name)
        self.calc_kind: str | None = None
        """The calculator shown: 'boost' (for `calc_at`), 'plan', 'income', 'movement' or None."""
        self.calc_at: tuple[int, int] | None = None
        self.calculator = ""
        """Its HTML for the position shown (also part of the static representation)."""
        self.last_refresh_ms = 0.0
        self.board = TowerDefenseBoard(on_click=self.click, on_key=self.key)
        self._build_controls()
        super().__init__(
            [
                self.toolbar,
                self.stepper,
                self.calculators,
                self.lesson_note,
                self.board,
                self.presenter_bar,
                self.message,
                self.sections,
                self.log_view,
            ]
        )
        self._open(present)

    # ---- controls ----------------------------------------------------------------------------------
    def _build_controls(self) -> None:
        mode, policy = self._mode_toggle(self.set_mode), self._policy_picker(w.Layout(width="200px"))
        self.toolbar = self._toolbar(w.Layout(width="280px"), "220px", [mode, policy])
        self._build_presenter("next phase ▶")
        self.stepper = row(
            [
                *self._line_buttons(),
                self._button("to Phase 6", self.to_actions, "step phase by phase to the next Phase 6"),
                self._button("policy decides", self.auto, "let chance or the policy make the current decision"),
                *self._branch_controls(w.Layout(width="220px")),
            ]
        )
        self.calculators = w.VBox(
            [
                row(
                    [
                        self._button("boost options", self.show_boost_options, "for the selected tower"),
                        self._button("plan this turn", self.show_plan),
                        self._button("play the plan", lambda: self.act(lambda x: x.play_plan())),
                        self._button("income odds", self.show_income),
                        self._button("movement preview", self.show_movement),
                        self._button("clear", self.clear_calculator),
                    ]
                ),
            ]
        )
        self.actions = ActionControls(self)
        self.editor = EditorControls(self)
        self.sections = w.Accordion(children=[self.actions, self.editor], titles=("Phase 6 actions", "position editor"))

    # ---- plain methods (what every control calls) ----------------------------------------------------
    def selected_space(self) -> tuple[int, int] | None:
        """The selected space as (column, row), or None."""
        return parse_key(self.selected) if self.selected else None

    def click(self, key: str, shift: bool = False) -> None:
        """A click on the board. Play mode: with your tower selected, a click on a wave attacks it; else
        the space is selected (a tower's boost options are shown). Edit mode: select the space to edit."""
        del shift
        self._guard(lambda: self._click(key))

    def _click(self, key: str) -> None:
        at = parse_key(checked_text(key, "a space of the board (column,row)"))
        if at is None:
            self._tell(f"selected {key}")
            return
        state = self.explorer.state
        if self.mode == "edit":
            self.selected = key
            self.editor.select(at)
            self._tell(f"editing space {space_words(at)}")
            return
        chosen = self.selected_space()
        tower = state.tower_at(chosen) if chosen is not None else None
        wave = next((wv for wv in state.waves if state.wave_location(wv) == at), None)
        if tower is not None and wave is not None and state.phase == "actions" and chosen != at:
            assert chosen is not None
            self.act(lambda x: x.attack(chosen, wave.id))
            return
        self.selected = key
        here = state.tower_at(at)
        if self.calc_kind == "boost":
            self.calc_kind = None
        attacks = here is not None and engine.can_attack(here)
        if attacks:
            self._boost_options(at)
        self.say(
            f"selected space {space_words(at)}" + (" (click a wave to attack it with this tower)" if attacks else "")
        )
        self.refresh(keep_message=True)

    def next_phase(self) -> None:
        """Finish the phase in progress and begin the next (or replay the line to it); in Phase 6 the
        policy takes the actions, and the message says how many and what became of the lives."""
        self._stepped(self.explorer.next_phase)

    def to_actions(self) -> None:
        """Step phase by phase to the next Phase 6, income included (the policy acting in this one)."""
        self._stepped(self.explorer.to_actions)

    def _stepped(self, move: Callable[[], tuple[Any, ...]]) -> None:
        """Run a phase step; when it passed through Phase 6 as a new step, say what the policy decided."""
        session = self.explorer.session
        replaying = session.cursor < len(session.line)
        in_actions = self.explorer.state.phase == "actions" and not replaying
        lives = self.explorer.state.lives

        def run() -> None:
            events = move()
            text = " ".join(e.sentence() for e in events[-3:] if hasattr(e, "sentence"))
            if in_actions:
                acted = sum(1 for e in events if getattr(e, "rule", "").startswith("phase.6"))
                text = (
                    f"Phase 6 decided by the '{self.explorer.policy_name}' policy ({acted} event(s) of Phase 6; "
                    f"lives {lives} → {self.explorer.state.lives}; 'end Phase 6' ends it taking no action). " + text
                )
            self._tell(text)

        self._guard(run)

    def set_mode(self, mode: str) -> None:
        """'play' (clicks select and attack) or 'edit' (clicks choose the space to edit)."""
        self.mode = mode
        self.selected = None
        self.refresh()

    # -- actions and edits: one door each, the explorer's own methods behind it --
    def act(self, action: Callable[[TowerDefenseExplorer], object], message: str = "") -> None:
        """Play one of the explorer's actions on the position shown, e.g. Phase 6's attack with the selected
        tower: `panel.act(lambda x: x.attack(panel.here(), "W1"))`. A refusal shows the rule's words and
        keeps the position; otherwise the message says `message` or what the last events say."""
        self._act(lambda: action(self.explorer), message)

    def edit(self, change: Callable[[TowerDefenseExplorer], object], message: str = "edited") -> None:
        """Apply an edit (e.g. `panel.edit(lambda x: x.set_lives(3))`), validated by the rules model; a
        refused edit keeps the last good position."""
        self._act(lambda: checked_edit(change)(self.explorer), message)

    def here(self) -> tuple[int, int]:
        """The selected space, which the actions and edits on a space act on; refused in words when none is."""
        at = self.selected_space()
        if at is None:
            raise RulesError("click a space of the board first")
        return at

    def boost(self, card: str, player: int | None = None) -> None:
        """6.C: discard a card of a Boost stack on the selected tower, then show its boost options."""

        def run(x: TowerDefenseExplorer) -> object:
            where = self.here()
            events = x.boost(where, card, player)
            self._boost_options(where)
            return events

        self.act(run)

    def load_example(self, name: str) -> None:
        """Start a new session from a named example position."""
        self.selected = None
        self.calc_kind = None
        self.edit(lambda x: x.load_example(name), f"loaded the example '{name}'")

    # -- calculators (recomputed at every redraw, so they always speak of the position shown) --
    def _boost_options(self, at: tuple[int, int]) -> None:
        self.calc_kind, self.calc_at = "boost", at

    def _calculate(self) -> str:
        """The HTML of the calculator chosen, for the position now ('' when none is chosen)."""
        kind = self.calc_kind
        try:
            if kind == "boost" and self.calc_at is not None:
                tower = self.explorer.state.tower_at(self.calc_at)
                if tower is None:
                    return ""
                name = catalog.tower(tower.card).name
                title = f"the Level {tower.level} {name} on {space_words(self.calc_at)}, every player's Boost stack"
                return boost_html(title, self.explorer.boost_options(self.calc_at))
            if kind == "plan":
                note = ""
                if self.explorer.state.phase != "actions":
                    note = (
                        f"{self.explorer.phase_words()}: players act in Phase 6, so these attacks cannot be "
                        "played yet (the engine accepts none of them now)."
                    )
                return plan_html(self.explorer.plan(), note)
            if kind == "income":
                return income_html(self.explorer.income())
            if kind == "movement":
                sentences = [e.sentence() for e in self.explorer.movement_preview()]
                return events_html("Movement preview (Phase 3 from this position)", sentences)
        except RulesError as refusal:
            return f'<div class="calc">{html.escape(kind or "")}: {html.escape(str(refusal), quote=False)}</div>'
        return ""

    def _show(self, kind: str) -> None:
        self.calc_kind = kind
        self.refresh(keep_message=True)

    def show_boost_options(self) -> None:
        """The boost options of the selected tower (every player's Boost stack together)."""

        def run() -> None:
            at = self.here()
            if self.explorer.state.tower_at(at) is None:
                raise RulesError(f"there is no tower on {space_words(at)}: select a tower to boost")
            self._boost_options(at)
            self.refresh(keep_message=True)

        self._guard(run)

    def show_plan(self) -> None:
        """This turn's plan: the boosts and attacks that defeat the most units."""
        self._guard(lambda: self._show("plan"))

    def show_income(self) -> None:
        """The exact odds of the next income."""
        self._guard(lambda: self._show("income"))

    def show_movement(self) -> None:
        """What Phase 3 would do from this position."""
        self._guard(lambda: self._show("movement"))

    def clear_calculator(self) -> None:
        self.calc_kind = None
        self.refresh()

    # ---- drawing ---------------------------------------------------------------------------------------
    def view(self) -> dict[str, Any]:
        """The position shown, as the JSON-ready view model (the position before a hidden result, with its
        question, under 'predict, then reveal')."""
        return self._shown_view(board_view)

    def _log_extra(self) -> str:
        return str(self.explorer.phase_words())

    def _step_card(self, events: Sequence[Any]) -> str:
        """What the step did, with the phase it belongs to: a phase's heading with its first sentence after it
        ("Turn 14, Phase 3: all Waves move: Wave 2 ... moves 5 from B5 to B10 (and 2 more)"), else the step's
        first sentence under its phase ("Phase 6 · Player 1 builds ...")."""
        sentences = [e.sentence() for e in events]
        if len(sentences) > 1 and isinstance(events[0], PhaseBegun):
            more = f" (and {len(sentences) - 2} more)." if len(sentences) > 2 else "."
            return f"{sentences[0].rstrip('.')}: {sentences[1].rstrip('.')}{more}"
        card = step_card(events)
        rule = _rule(events[0]) if events else ""
        phase = re.match(r"phase\.(\d)", rule)  # the rule the step's first event cites names its phase
        if rule == PHASE_SIX_ENDS:  # one press of 'next phase' plays a whole Phase 6: what it held
            card = card.rstrip(".") + f" ({self._phase_six_words()})."
        return f"Phase {phase.group(1)} · {card}" if phase and not isinstance(events[0], PhaseBegun) else card

    def _phase_six_words(self) -> str:
        """The actions of the Phase 6 the step at the cursor ends, counted by kind ("after 3 actions: 2 boosts, 1
        build")."""
        session = self.explorer.session
        kinds: Counter[str] = Counter()
        for step in reversed(session.steps()[: session.cursor - 1]):
            rule = _rule(step.events[0]) if step.events else ""
            if not rule.startswith("phase.6") or rule == PHASE_SIX_ENDS:
                break
            kinds[type(step.action).__name__.lower()] += 1
        if not kinds:
            return "no action taken"
        return f"after {counted(kinds.total(), 'action')}: " + ", ".join(counted(n, k) for k, n in kinds.most_common())

    def refresh(self, *, keep_message: bool = False) -> None:
        """Redraw the board, the calculator, the presenter's bar and log, the branch list and the controls'
        choices."""
        start = time.perf_counter()
        view = self.view()
        self.calculator = self._calculate() if self.shown_step() == self.explorer.session.cursor else ""
        self.actions.update()
        self.editor.update()
        self._show_presenter(board_html(view, self.calculator), keep_message)
        self.last_refresh_ms = (time.perf_counter() - start) * 1000

    def _repr_html_(self) -> str:
        """The same board, the calculator shown and the log without a live kernel (GitHub, nbval)."""
        lines = self.explorer.log_text().splitlines()
        return static_html(self.view(), lines, self._calculate())

    def summary(self) -> str:
        """One line saying where the explorer stands (the panel's plain-text form)."""
        return f"Tower Defense panel: {self.explorer.summary()}"
