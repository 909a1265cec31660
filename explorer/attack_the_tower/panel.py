"""The Attack the Tower panel: the board, the combat stepper, the position editor and the variants.

Every control calls a plain method of this class (click, commit, step, back, ...), which calls the
headless Explorer; a refused action or edit shows the engine's message and leaves the position as it
was. Tests and notebooks drive these methods directly, without a browser.
"""

from __future__ import annotations

import html
import time
from typing import Any, ClassVar

import ipywidgets as w

from explorer.attack_the_tower.controls import GameControls
from explorer.attack_the_tower.editor import EditorControls
from explorer.attack_the_tower.explorer import Explorer
from explorer.attack_the_tower.export import battle_page, export_battle
from explorer.attack_the_tower.inspector import DamageInspector
from explorer.attack_the_tower.lesson_controls import LessonControls
from explorer.attack_the_tower.moves import clicked_move, person_moves, read_hand_key, tried_move, victim_move
from explorer.attack_the_tower.rendering import board_html, static_html
from explorer.attack_the_tower.story import step_story
from explorer.attack_the_tower.variants_panel import VariantsPanel
from explorer.attack_the_tower.viewmodel import board_view
from explorer.board import styled_board
from explorer.guarded import checked_edit, checked_text
from explorer.presenter import HIDDEN, Presenting
from explorer.session_panel import row
from rules.attack_the_tower import engine
from rules.attack_the_tower.catalog import army, army_ids
from rules.attack_the_tower.catalog import card as card_of
from rules.attack_the_tower.errors import IllegalAction
from rules.attack_the_tower.model import GameState
from rules.attack_the_tower.places import UnitKey
from rules.attack_the_tower.policies import deliberation
from rules.attack_the_tower.text import key_words
from rules.core.errors import RulesError
from rules.core.files import escape

KEYS_HELP = "keys (click the board first): → step ▶, ← back, Enter commit allocation, Esc clear the draft"


AttackTheTowerBoard = styled_board("AttackTheTowerBoard", "board.css")


class AttackTheTowerPanel(Presenting, w.VBox):  # type: ignore[misc]
    """One explorer shown as a board with its controls."""

    explorer: Explorer
    key_methods: ClassVar[dict[str, str]] = {"commit": "commit", "clear": "clear_draft"}
    """Enter commits the allocation; Escape clears the draft."""
    game_slug = "attack-the-tower"

    def __init__(
        self, position: GameState | str | None = None, *, policy_name: str = "greedy", present: bool | None = None
    ) -> None:
        self.explorer = Explorer(position, policy_name=policy_name)
        self.draft: dict[str, int] = {}
        self.show_hidden = False
        self.last_refresh_ms = 0.0
        self.board = AttackTheTowerBoard(on_click=self.click, on_key=self.key)
        self._build_controls()
        super().__init__(
            [
                self.toolbar,
                self.lesson_note,
                self.board,
                self.presenter_bar,
                self.message,
                self.controls,
                self.log_view,
            ]
        )
        self._open(present)

    # ---- controls ----------------------------------------------------------------------------------
    def _build_controls(self) -> None:
        """The toolbar above the board; the presenter's bar under it; the battle's rows, the lessons and
        downloads, the keys and the sections below."""
        mode = self._mode_toggle(self.set_mode)
        self.toolbar = self._toolbar(w.Layout(width="auto", min_width="260px"), "260px", [mode])
        self._build_presenter()
        rows = self._build_battle_rows()
        keys = w.HTML(f'<span class="att-keys">{html.escape(KEYS_HELP)}</span>')
        self.lesson_controls = LessonControls(self)
        self.controls = w.VBox([*rows, self.lesson_controls, keys, self._build_sections()])

    def _build_battle_rows(self) -> list[w.HBox]:
        """The stepper, the attack, "your move" and the allocation's rows."""
        territories = [("1", 0), ("2", 1), ("3", 2)]
        self.origin = w.Dropdown(options=territories, value=0, description="from", layout=w.Layout(width="auto"))
        self.target = w.Dropdown(options=territories, value=0, description="to", layout=w.Layout(width="auto"))
        self.hidden_toggle = w.Checkbox(
            value=False, description="show both allocations", indent=False, layout=w.Layout(width="auto")
        )
        self.hidden_toggle.observe(lambda ch: self.set_show_hidden(ch["new"]), "value")
        stepper = row(
            [
                *self._line_buttons(),
                self._button("resolve battle", self.resolve_battle),
                self._button("end turn", self.end_turn),
                self._button("policy decides", self.auto, "let the policy make the current decision"),
                self._button(
                    "export test", self.export_test, "write this line, from its start to here, as a pytest file"
                ),
            ]
        )
        policy = self._policy_picker(w.Layout(width="auto"))
        attack = row([self.origin, self.target, self._button("attack", self.attack), policy, self.hidden_toggle])
        self.moves = w.Dropdown(options=[], description="your move", layout=w.Layout(width="auto", min_width="380px"))
        your_move = row(
            [self.moves, self._button("make this move", self.make_move, "the move chosen: renew, draw, build, play...")]
        )
        allocation = row(
            [
                self._button("commit allocation", self.commit),
                self._button("clear", self.clear_draft),
                self._button("pass", self.pass_),
                *self._branch_controls(w.Layout(width="auto", min_width="200px")),
            ]
        )
        return [stepper, attack, your_move, allocation]

    def _build_sections(self) -> w.Accordion:
        """The damage inspector, the position editor, the rule variants and the whole game, folded."""
        self.editor = EditorControls(self)
        self.variants = VariantsPanel(self)
        self.game = GameControls(self)
        self.inspector = DamageInspector(self)
        titles = ("damage inspector", "position editor", "rule variants", "whole game")
        return w.Accordion(children=[self.inspector, self.editor, self.variants, self.game], titles=titles)

    # ---- plain methods (what every control calls) ------------------------------------------------------
    def click(self, key: str, shift: bool = False) -> None:
        """A click on the board: select (edit mode) or add one damage to a target (while allocating)."""
        self._guard(lambda: self._click(key, shift))

    def _click(self, key: str, shift: bool) -> None:
        card = read_hand_key(checked_text(key, "a place on the board"))
        if UnitKey.read(key) is None and card is None:
            raise RulesError(
                f"{escape(key, 60)} is not a place on the board (a slot is p0/t1/s2, a troop p0/t1/s2/0, "
                "a card in hand hand:0:undead.lich)"
            )
        if card is not None and (self.mode == "edit" or self.explorer.request() is not None):
            raise RulesError("a card in hand is played outside damage distribution, in play mode")
        if self.mode == "edit":
            self.selected = key
            self.editor.select(key)
            self.refresh()
            return
        request = self.explorer.request()
        if request is None:
            self._click_move(key)
            return
        amount = self.draft.get(key, 0)
        if shift and amount:
            self.draft[key] = amount - 1
        else:
            # The rules' own caps refuse the click at once; the draft stays as it was.
            refused = engine.adding_refusal(self.explorer.state, request, self.draft, key)
            if refused is not None:
                raise IllegalAction(refused.message, refused.rule)
            self.draft = {**self.draft, key: amount + 1}
        self.draft = {k: v for k, v in self.draft.items() if v}
        self._tell(engine.draft_tally(request, self.draft).words() + " (shift-click removes one)")

    def _click_move(self, key: str) -> None:
        """Outside damage distribution, a click makes a move: a card in hand is chosen (an ability that asks
        for nothing is played at once), then a click on a slot builds the chosen base there, or on a troop
        or a base plays the chosen ability on it; anything else is selected."""
        state = self.explorer.state
        card = read_hand_key(key)
        chosen = read_hand_key(self.selected or "")
        victim = victim_move(state, key)
        if victim is not None:
            self._made(victim)
            return
        if card is not None:
            at_once = clicked_move(state, card, None)
            if at_once is not None:
                self._made(at_once)
                return
            self.selected = key
            name = card_of(card[1]).name
            self.say(f"{name} chosen: click where it goes (a slot for a base, a troop for an ability)")
        elif chosen is not None:
            move = clicked_move(state, chosen, key)
            self.selected = None
            self._made(move if move is not None else tried_move(state, chosen, key))
            return
        else:
            self.selected = key
            self.say(f"selected {key_words(key)}")
        self.refresh(keep_message=True)

    def _made(self, move: Any) -> None:
        """Make a move clicked on the board, then let chance and the seated policies play (refused in the
        engine's words when it is not legal; nothing changes then)."""
        self.selected = None
        self.draft = {}
        self._after(self.explorer.play_move(move) + self._advance())

    def commit(self) -> None:
        """Hand in the drafted allocation for the side now distributing damage."""
        self._guard(self._commit)

    def _commit(self) -> None:
        request = self.explorer.request()
        if request is None:
            raise RulesError("no damage is being distributed now")
        events = self.explorer.allocate(dict(self.draft), request.player)
        self.draft = {}
        self._after(events)

    def clear_draft(self) -> None:
        self.draft = {}
        self.refresh()

    def _thinking(self) -> str | None:
        """Say, before a slow policy plays, that the panel is working (the message reaches the browser at once);
        the message, or None when no seated policy is slow."""
        for name in sorted({self.explorer.policy_name, *(n for n in self.explorer.seats.values() if n)}):
            if (doing := deliberation(name)) is not None:
                message = f"thinking: the {name} policy {doing}"
                self.say(message)
                return message
        return None

    def _advance(self) -> tuple[Any, ...]:
        """`explorer.advance`, saying each new turn reached while a slow policy plays a long stretch."""
        thinking = self._thinking()
        return self.explorer.advance(
            on_turn=None if thinking is None else lambda turn: self.say(f"{thinking} (now at turn {turn})")
        )

    def _moved(self) -> None:
        """A draft allocation belongs to the position it was drafted in (and a hidden result is given up)."""
        super()._moved()
        self.draft = {}

    def _after(self, events: tuple[Any, ...]) -> None:
        self._tell(" ".join(e.sentence() for e in events[-2:]) if events else "")

    def step(self) -> None:
        """Finish the current sub-step, a drafted allocation handed in first (or replay the next step of the line)."""
        self._thinking()
        self._guard(lambda: self._after(self._step()))

    def _step(self) -> tuple[Any, ...]:
        if self.draft:
            self._commit()
        self.draft = {}
        return self.explorer.step()

    def auto(self) -> None:
        self.draft = {}
        self._thinking()
        self._guard(lambda: self._after(self.explorer.auto()))

    def resolve_battle(self) -> None:
        self.draft = {}
        self._thinking()
        self._guard(lambda: self._after(self.explorer.resolve_battle()))

    def end_turn(self) -> None:
        self._guard(lambda: self._after(self.explorer.end_turn()))

    def pass_(self) -> None:
        self._guard(lambda: self._after(self.explorer.pass_()))

    def attack(self, origin: int | None = None, target: int | None = None, specials: tuple[int, ...] = ()) -> None:
        """Declare an attack (territories 0-2; the from / to choices by default), palace troops joining."""
        o = self.origin.value if origin is None else origin
        t = self.target.value if target is None else target
        self._guard(lambda: self._after(self.explorer.attack(o, t, specials)))

    def export_test(self, path: str = "test_exported_line.py") -> str:
        """Position to test: write the line from its start to the cursor as a pytest file beside the notebook,
        which replays it and checks the final position and every sentence."""
        source = self.explorer.export_test(path)
        steps = self.explorer.session.cursor
        self.say(f"wrote {path}: {steps} step(s) from the start of this line, checked by pytest")
        return source

    def make_move(self, index: int | None = None) -> None:
        """Make the move chosen in "your move" (or the `index`-th listed), then let chance and any seated
        policies play until a person decides again."""

        def run() -> tuple[Any, ...]:
            moves = person_moves(self.explorer.state)
            chosen = self.moves.index if index is None else index
            if not moves:
                raise RulesError("nobody is to make a move now (damage is distributed on the board)")
            if chosen is None or not 0 <= chosen < len(moves):
                raise RulesError("choose a move in the list first")
            self.draft = {}
            return self.explorer.play_move(moves[chosen][1]) + self._advance()

        self._guard(lambda: self._after(run()))

    def export(self, path: str | None = None) -> None:
        """Write this line, step by step, to one self-contained HTML file on this machine (in a script; the
        panel's button downloads it through the browser instead)."""

        def run() -> None:
            target = export_battle(
                self.explorer, path or f"battle-turn-{self.explorer.initial.turn}.html", lesson=self.lesson
            )
            steps = len(self.explorer.session.line)
            self.say(f"exported {steps} steps to {target} (one file: previous / next, no kernel, works offline)")

        self._guard(run)

    def download_battle(self) -> str:
        """The line, step by step, as one self-contained HTML page, saved through the browser (JupyterLab, Voila
        and Binder alike); returns the page."""
        page = battle_page(self.explorer, lesson=self.lesson)
        name = f"battle-turn-{self.explorer.initial.turn}.html"
        self.board.download(name, page, "text/html")
        steps = len(self.explorer.session.line)
        self.say(f"downloading {name}: {steps} steps, previous / next, no kernel, works offline")
        return page

    def set_mode(self, mode: str) -> None:
        """'play' (clicks distribute damage) or 'edit' (clicks choose the slot to edit; the board says so)."""
        self.mode = mode
        if self.mode_toggle.value != mode:
            self.mode_toggle.value = mode
        self.selected = None
        self.draft = {}
        self.refresh()

    def set_show_hidden(self, show: bool) -> None:
        self.show_hidden = show
        self.refresh()

    def new_game(self, first: str, second: str) -> None:
        """Start a whole game (from setup) and let the seated policies play up to a person's decision."""

        def start() -> None:
            self.explorer.new_game(first, second)
            self._after(self._advance())

        self._guard(start)

    def use_army_file(self, path_or_text: str) -> None:
        """Load a designer's army file (path or text); its army joins the armies of a new game."""

        def use() -> None:
            army_id = self.explorer.use_army_file(path_or_text)
            self.game.offer_armies(army_ids())
            self.editor.offer_armies(army_ids())
            self._tell(f"army file loaded: {army(army_id).name} ({army_id})")

        self._guard(use)

    def set_seats(self, first: str | None, second: str | None) -> None:
        self._guard(lambda: self.explorer.set_seats(first, second))

    def advance(self) -> None:
        """Let chance and the seated policies play until a person must decide."""
        self.draft = {}
        self._guard(lambda: self._after(self._advance()))

    def edit(self, change: Any) -> None:
        """Apply an edit (a callable taking the explorer); refused edits keep the last good position."""
        self._act(lambda: checked_edit(change)(self.explorer), "edited")

    # ---- drawing ---------------------------------------------------------------------------------------
    def view(self) -> dict[str, Any]:
        """The board shown: the position at the cursor with the story of the step that led there; while
        'predict, then reveal' hides a step's result, the position before it with the question instead."""
        session = self.explorer.session
        shown = self.shown_step()
        if shown != session.cursor:  # the question is asked above the board
            return board_view(session.state_at(shown), summary=HIDDEN, editing=self.mode == "edit")
        request = self.explorer.request()
        events = session.last_events()
        story = step_story(session, session.cursor, events)
        return board_view(
            self.explorer.state,
            draft=self.draft if request else {},
            draft_player=request.player if request else None,
            selected=self.selected,
            show_hidden=self.show_hidden,
            last_events=tuple(e.sentence() for e in events),
            story=story,
            editing=self.mode == "edit",
        )

    def refresh(self, *, keep_message: bool = False, keep_inspector: bool = False) -> None:
        """Redraw the board, the presenter's bar and log, the moves and the branch list from the explorer (and
        the inspector's list)."""
        start = time.perf_counter()
        view = self.view()
        moves = [words for words, _ in person_moves(self.explorer.state)]
        if list(self.moves.options) != moves:
            self.moves.options = moves
            self.moves.index = 0 if moves else None
        self._show_presenter(board_html(view), keep_message)
        if not keep_inspector and hasattr(self, "inspector"):
            self.inspector.update()
        self.last_refresh_ms = (time.perf_counter() - start) * 1000

    def _repr_html_(self) -> str:
        """The same board and log without a live kernel (GitHub, nbviewer, nbval)."""
        lines = self.explorer.log_text().splitlines()
        return static_html(self.view(), lines)

    def summary(self) -> str:
        """One line saying where the explorer stands (the panel's plain-text form)."""
        state = self.explorer.state
        return f"Attack the Tower panel: turn {state.turn}, {self.explorer.stage()}; {self.explorer.where()}"
