"""The Attack the Tower panel: the board, the combat stepper, the position editor and the variants.

Every control calls a plain method of this class (click, commit, step, back, ...), which calls the
headless Explorer; a refused action or edit shows the engine's message and leaves the position as it
was. Tests and notebooks drive these methods directly, without a browser.
"""

from __future__ import annotations

import html
import time
from typing import Any

import ipywidgets as w

from explorer.attack_the_tower.board import AttackTheTowerBoard
from explorer.attack_the_tower.explorer import Explorer
from explorer.attack_the_tower.export import export_battle
from explorer.attack_the_tower.inspector import DamageInspector
from explorer.attack_the_tower.moves import person_moves
from explorer.attack_the_tower.summary import step_summary
from explorer.attack_the_tower.variants_panel import VariantsPanel
from explorer.attack_the_tower.viewmodel import board_view, draft_summary, static_html, where_words
from explorer.file_controls import FileControls
from explorer.presenter import PRESENT_CLASS, in_voila
from explorer.session_panel import SessionPanel, row
from rules.attack_the_tower import examples
from rules.attack_the_tower.catalog import ARMY_IDS, army, army_ids
from rules.attack_the_tower.model import GameState
from rules.attack_the_tower.policies import POLICIES
from rules.core.errors import RulesError

LOG_LINES = 14
KEYS_HELP = "keys (click the board first): → step ▶, ← back, Enter commit allocation, Esc clear the draft"


class AttackTheTowerPanel(SessionPanel, w.VBox):  # type: ignore[misc]
    """One explorer shown as a board with its controls."""

    explorer: Explorer

    def __init__(
        self, position: GameState | str | None = None, *, policy_name: str = "greedy", present: bool | None = None
    ) -> None:
        self.explorer = Explorer(position, policy_name=policy_name)
        self.draft: dict[str, int] = {}
        self.selected: str | None = None
        self.mode = "play"
        self.show_hidden = False
        self.last_refresh_ms = 0.0
        self.board = AttackTheTowerBoard(on_click=self.click, on_key=self.key)
        self.message = w.HTML()
        self.log_view = w.HTML()
        self._build_controls()
        super().__init__([self.toolbar, self.board, self.message, self.controls, self.log_view])
        if in_voila() if present is None else present:
            self.add_class(PRESENT_CLASS)  # full width, large type (board.css)
        self.refresh()

    # ---- controls ----------------------------------------------------------------------------------
    def _build_controls(self) -> None:
        self.example = w.Dropdown(
            options=list(examples.EXAMPLES), value=None, description="example", layout=w.Layout(width="260px")
        )
        self.example.observe(self._on_example, "value")
        self.mode_toggle = w.ToggleButtons(options=["play", "edit"], value="play", style={"button_width": "60px"})
        self.mode_toggle.observe(lambda ch: self.set_mode(ch["new"]), "value")
        self.share = w.Text(placeholder="paste a share code", layout=w.Layout(width="260px"))
        self.toolbar = row(
            [
                self.example,
                self.mode_toggle,
                self._button("share code", self.show_share_code, "show a code that reproduces this position"),
                self.share,
                self._button("load code", lambda: self.load_share_code(self.share.value)),
            ]
        )
        narrow = {"description_width": "36px"}
        self.origin = w.Dropdown(
            options=[("1", 0), ("2", 1), ("3", 2)],
            value=0,
            description="from",
            style=narrow,
            layout=w.Layout(width="100px"),
        )
        self.target = w.Dropdown(
            options=[("1", 0), ("2", 1), ("3", 2)],
            value=0,
            description="to",
            style=narrow,
            layout=w.Layout(width="100px"),
        )
        self.policy = w.Dropdown(
            options=list(POLICIES),
            value=self.explorer.policy_name,
            description="policy",
            layout=w.Layout(width="200px"),
        )
        self.policy.observe(lambda ch: setattr(self.explorer, "policy_name", ch["new"]), "value")
        self.hidden_toggle = w.Checkbox(
            value=False, description="show both allocations", indent=False, layout=w.Layout(width="auto")
        )
        self.hidden_toggle.observe(lambda ch: self.set_show_hidden(ch["new"]), "value")
        self.branches = w.Dropdown(
            options=self.explorer.branches, value="main", description="branch", layout=w.Layout(width="220px")
        )
        self.branches.observe(self._on_branch, "value")
        stepper = row(
            [
                self._button("restart", self.restart),
                self._button("◀ back", self.back),
                self._button("step ▶", self.step, "finish the current sub-step (the policy decides what you have not)"),
                self._button("forward ▶▶", self.forward, "replay the next step of this line"),
                self._button("resolve battle", self.resolve_battle),
                self._button("end turn", self.end_turn),
                self._button("policy decides", self.auto, "let the policy make the current decision"),
                self._button(
                    "export test", self.export_test, "write this line, from its start to here, as a pytest file"
                ),
            ]
        )
        attack = row([self.origin, self.target, self._button("attack", self.attack), self.policy, self.hidden_toggle])
        self.moves = w.Dropdown(options=[], description="your move", layout=w.Layout(width="auto", min_width="380px"))
        your_move = row(
            [self.moves, self._button("make this move", self.make_move, "the move chosen: renew, draw, build, play...")]
        )
        allocation = row(
            [
                self._button("commit allocation", self.commit),
                self._button("clear", self.clear_draft),
                self._button("pass", self.pass_),
                self.branches,
                self._button("branch here", self.branch),
                self._button("export this battle", self.export, "one HTML file: every step, previous / next, offline"),
            ]
        )
        self.editor = EditorControls(self)
        self.variants = VariantsPanel(self)
        self.game = GameControls(self)
        self.inspector = DamageInspector(self)
        sections = w.Accordion(children=[self.inspector, self.editor, self.variants, self.game])
        sections.set_title(0, "damage inspector")
        sections.set_title(1, "position editor")
        sections.set_title(2, "rule variants")
        sections.set_title(3, "whole game")
        keys = w.HTML(f'<span class="att-keys">{html.escape(KEYS_HELP)}</span>')
        self.controls = w.VBox([stepper, attack, your_move, allocation, keys, sections])

    # ---- plain methods (what every control calls) ------------------------------------------------------
    def click(self, key: str, shift: bool = False) -> None:
        """A click on the board: select (edit mode) or add one damage to a target (while allocating)."""
        self._guard(lambda: self._click(key, shift))

    def _click(self, key: str, shift: bool) -> None:
        if self.mode == "edit":
            self.selected = key
            self.editor.select(key)
            self.refresh()
            return
        request = self.explorer.request()
        if request is None:
            self.selected = key
            self.say(f"selected {where_words(key)}")
            self.refresh(keep_message=True)
            return
        remaining = {t.key: t.remaining for t in request.targets}
        if key not in remaining:
            from rules.attack_the_tower.engine.combat import explain_refusal

            raise RulesError(explain_refusal(self.explorer.state, request.player, key))
        amount = self.draft.get(key, 0)
        if shift and amount:
            self.draft[key] = amount - 1
        else:
            wanted = {**self.draft, key: amount + 1}
            self.explorer.check_draft(wanted, request.player)
            self.draft = wanted
        self.draft = {k: v for k, v in self.draft.items() if v}
        self.say(draft_summary(request, self.draft) + " (shift-click removes one)")
        self.refresh(keep_message=True)

    def key(self, command: str) -> None:
        handlers = {"step": self.step, "back": self.back, "commit": self.commit, "clear": self.clear_draft}
        if command in handlers:
            handlers[command]()

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

    def _moved(self) -> None:
        """A draft allocation belongs to the position it was drafted in."""
        self.draft = {}

    def _after(self, events: tuple[Any, ...]) -> None:
        self.say(" ".join(e.sentence() for e in events[-2:]) if events else "")
        self.refresh(keep_message=True)

    def step(self) -> None:
        self._guard(lambda: self._after(self._step()))

    def _step(self) -> tuple[Any, ...]:
        if self.draft:
            self._commit()
        self.draft = {}
        return self.explorer.step()

    def auto(self) -> None:
        self.draft = {}
        self._guard(lambda: self._after(self.explorer.auto()))

    def resolve_battle(self) -> None:
        self.draft = {}
        self._guard(lambda: self._after(self.explorer.resolve_battle()))

    def end_turn(self) -> None:
        self._guard(lambda: self._after(self.explorer.end_turn()))

    def pass_(self) -> None:
        self._guard(lambda: self._after(self.explorer.pass_()))

    def attack(self, origin: int | None = None, target: int | None = None) -> None:
        o = self.origin.value if origin is None else origin
        t = self.target.value if target is None else target
        self._guard(lambda: self._after(self.explorer.attack(o, t)))

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
            return self.explorer.play(moves[chosen][1]) + self.explorer.advance()

        self._guard(lambda: self._after(run()))

    def export(self, path: str | None = None) -> None:
        """Write this line, step by step, to one self-contained HTML file (for a course page)."""

        def run() -> None:
            target = export_battle(self.explorer, path or f"battle-turn-{self.explorer.initial.turn}.html")
            steps = len(self.explorer.session.line)
            self.say(f"exported {steps} steps to {target} (one file: previous / next, no kernel, works offline)")

        self._guard(run)

    def set_mode(self, mode: str) -> None:
        self.mode = mode
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
            self._after(self.explorer.advance())

        self._guard(start)

    def use_army_file(self, path_or_text: str) -> None:
        """Load a designer's army file (path or text); its army joins the armies of a new game."""

        def use() -> None:
            army_id = self.explorer.use_army_file(path_or_text)
            self.game.offer_armies(army_ids())
            self.say(f"army file loaded: {army(army_id).name} ({army_id})")
            self.refresh(keep_message=True)

        self._guard(use)

    def set_seats(self, first: str | None, second: str | None) -> None:
        self._guard(lambda: self.explorer.set_seats(first, second))

    def advance(self) -> None:
        """Let chance and the seated policies play until a person must decide."""
        self.draft = {}
        self._guard(lambda: self._after(self.explorer.advance()))

    def edit(self, change: Any) -> None:
        """Apply an edit (a callable taking the explorer); refused edits keep the last good position."""
        self._act(lambda: change(self.explorer), "edited")

    # ---- drawing ---------------------------------------------------------------------------------------
    def view(self) -> dict[str, Any]:
        request = self.explorer.request()
        events = self.explorer.session.last_events()
        last = tuple(e.sentence() for e in events)
        return board_view(
            self.explorer.state,
            draft=self.draft if request else {},
            draft_player=request.player if request else None,
            selected=self.selected,
            show_hidden=self.show_hidden,
            last_events=last,
            summary=step_summary(events) if self.explorer.session.cursor else "",
        )

    def refresh(self, *, keep_message: bool = False, keep_inspector: bool = False) -> None:
        """Redraw the board, the log and the branch list from the explorer (and the inspector's list)."""
        start = time.perf_counter()
        view = self.view()
        from explorer.attack_the_tower.viewmodel import board_html

        self.board.show(board_html(view), self.selected)
        lines = self.explorer.log_text().splitlines()[-LOG_LINES:]
        cursor = self.explorer.session.cursor
        total = len(self.explorer.session.line)
        items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
        self.log_view.value = (
            f'<div style="font-size:12px"><b>log</b> (step {cursor} of {total}, '
            f"branch {html.escape(self.explorer.session.current_branch)})<ul>{items}</ul></div>"
        )
        moves = [words for words, _ in person_moves(self.explorer.state)]
        if list(self.moves.options) != moves:
            self.moves.options = moves
            self.moves.index = 0 if moves else None
        branches = self.explorer.branches
        if list(self.branches.options) != branches:
            self.branches.options = branches
        self.branches.value = self.explorer.session.current_branch
        if not keep_message:
            self.say("")
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
        where = f"turn {state.turn}, {self.explorer.stage()}"
        return (
            f"Attack the Tower panel: {where}; step {self.explorer.session.cursor} of "
            f"{len(self.explorer.session.line)} on branch '{self.explorer.session.current_branch}'"
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The live widget for JupyterLab, plus the static board and a text line for every other reader."""
        bundle: dict[str, Any] = super()._repr_mimebundle_(**kwargs) or {}
        bundle["text/plain"] = self.summary()
        bundle["text/html"] = self._repr_html_()
        return bundle


class EditorControls(w.VBox):  # type: ignore[misc]
    """Edit mode: click a slot, then choose its base and troops; set palaces, hands, attacker, armies."""

    def __init__(self, panel: AttackTheTowerPanel) -> None:
        self.panel = panel
        self.target = w.HTML("click a slot on the board (edit mode)")
        self.base = w.Dropdown(options=[("empty", None)], description="base", layout=w.Layout(width="300px"))
        self.troops = w.IntSlider(value=0, min=0, max=2, description="troops")
        apply_slot = panel._button("apply to slot", self.apply_slot)
        self.player = w.ToggleButtons(options=[("player 1", 0), ("player 2", 1)], value=0)
        self.palace = w.SelectMultiple(description="palace", rows=3)
        self.hand = w.SelectMultiple(description="hand", rows=5)
        self.in_play = w.SelectMultiple(description="in play", rows=5)
        apply_cards = panel._button("set palace, hand, in play", self.apply_cards)
        self.player.observe(lambda _ch: self.load_player(), "value")
        self.armies = [
            w.Dropdown(options=list(ARMY_IDS), value=a, layout=w.Layout(width="140px"))
            for a in (panel.explorer.state.players[0].army, panel.explorer.state.players[1].army)
        ]
        new_board = panel._button(
            "new empty board", lambda: panel.edit(lambda x: x.set_armies(self.armies[0].value, self.armies[1].value))
        )
        attacker = panel._button(
            "make this player attack", lambda: panel.edit(lambda x: x.set_attacker(self.player.value))
        )
        super().__init__(
            [
                row([self.target, self.base, self.troops, apply_slot]),
                row([self.player, attacker]),
                row([self.palace, self.hand, self.in_play, apply_cards]),
                row([w.HTML("armies"), *self.armies, new_board]),
                FileControls(panel),
            ]
        )
        self.load_player()

    def select(self, key: str) -> None:
        """A slot clicked in edit mode: its player, territory and slot become the edit target."""
        parts = key.split("/")
        if len(parts) < 3 or not parts[1].startswith("t"):
            self.target.value = f"{html.escape(key)}: choose palace troops below"
            return
        player, territory, slot = int(parts[0][1:]), int(parts[1][1:]), int(parts[2][1:])
        self.player.value = player
        state = self.panel.explorer.state
        bases = army(state.players[player].army).bases
        self.base.options = [("empty", None), *((b.name, b.id) for b in bases)]
        current = state.players[player].territories[territory][slot]
        self.base.value = current.card if current else None
        self.troops.max = state.rules.max_troops_per_base
        self.troops.value = current.troops if current else 0
        self.target.value = f"player {player + 1}, territory {territory + 1}, slot {slot + 1}"
        self._slot = (player, territory, slot)

    def apply_slot(self) -> None:
        slot = getattr(self, "_slot", None)
        if slot is None:
            self.panel.say("click a slot first (edit mode)", error=True)
            return
        p, t, s = slot
        self.panel.edit(lambda x: x.set_base(p, t, s, self.base.value, self.troops.value))

    def load_player(self) -> None:
        state = self.panel.explorer.state
        p = state.players[self.player.value]
        a = army(p.army)
        specials = [(c.name, c.id) for c in a.abilities if c.special_troop is not None]
        cards = [(b.name, b.id) for b in a.bases] + [(c.name, c.id) for c in a.abilities]
        self.palace.options = specials
        self.palace.value = tuple(c for c in p.palace if c in dict(specials).values())
        self.hand.options = cards
        self.hand.value = tuple(dict.fromkeys(p.hand))
        playable = [(c.name, c.id) for c in a.abilities if c.special_troop is None]
        self.in_play.options = playable
        self.in_play.value = tuple(dict.fromkeys(p.in_play))

    def apply_cards(self) -> None:
        player = self.player.value
        palace, hand, in_play = list(self.palace.value), list(self.hand.value), list(self.in_play.value)
        self.panel.edit(
            lambda x: (
                x.set_cards(player, "palace", palace),
                x.set_cards(player, "hand", hand),
                x.set_cards(player, "in_play", in_play),
            )
        )


class GameControls(w.HBox):  # type: ignore[misc]
    """Whole-game mode: pick the armies and who sits at each side (you or a policy), then play."""

    def __init__(self, panel: AttackTheTowerPanel) -> None:
        seats = [("a person", "person"), *((name, name) for name in POLICIES)]
        self.seats = [
            w.Dropdown(options=seats, value="person", description=f"player {i + 1}", layout=w.Layout(width="220px"))
            for i in (0, 1)
        ]
        self.seats[1].value = "greedy"
        self.armies = [
            w.Dropdown(options=list(ARMY_IDS), value=a, layout=w.Layout(width="130px")) for a in ("undead", "bandits")
        ]
        self.panel = panel
        start = panel._button("new game", self.start)
        play = panel._button("policies play", self.play, "chance and the seated policies play until a person decides")
        self.army_file = w.Text(placeholder="army file (JSON or TOML)", layout=w.Layout(width="200px"))
        load = panel._button(
            "load army", lambda: self.panel.use_army_file(self.army_file.value), "play with a designer's own army file"
        )
        super().__init__(
            [*self.armies, *self.seats, start, play, self.army_file, load],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )

    def chosen_seats(self) -> tuple[str | None, str | None]:
        """The seats as the explorer takes them: None for a person, else the policy's name."""
        first, second = (None if s.value == "person" else s.value for s in self.seats)
        return first, second

    def offer_armies(self, ids: tuple[str, ...]) -> None:
        """Offer these armies in both army choices, keeping what is chosen."""
        for choice in self.armies:
            chosen = choice.value
            choice.options = list(ids)
            choice.value = chosen

    def start(self) -> None:
        self.panel.set_seats(*self.chosen_seats())
        self.panel.new_game(self.armies[0].value, self.armies[1].value)

    def play(self) -> None:
        self.panel.set_seats(*self.chosen_seats())
        self.panel.advance()
