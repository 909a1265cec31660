"""The Tower Defense position editor: towers, waves, obstacles, track discard, lives, credits, skill markers,
turn and phase, each edit validated by the rules model."""

from __future__ import annotations

import html
import typing
from typing import TYPE_CHECKING

import ipywidgets as w

from explorer.file_controls import FileControls
from explorer.number_box import BoundedWholeNumberText, whole_number
from explorer.session_panel import row, set_options
from rules.tower_defense import catalog
from rules.tower_defense.model import GameState, Phase

if TYPE_CHECKING:
    from explorer.tower_defense.explorer import TowerDefenseExplorer
    from explorer.tower_defense.panel import TowerDefensePanel

from explorer.tower_defense.controls import STACK_OPTIONS, player_choice, player_options

NO_MODIFIER = ""
"""The editor's choice for a wave without a Wave Modifier (a dropdown cannot show None as a choice)."""


class EditorControls(w.VBox):  # type: ignore[misc]
    """Edit mode: click a space, then place or remove a tower or a wave on it, toggle an obstacle; set
    the track discard, the lives and any stack of credits. Every edit is validated by the rules model."""

    def __init__(self, panel: TowerDefensePanel) -> None:
        self.panel = panel
        state = panel.explorer.state
        self.shown: GameState | None = None
        self._board_widgets(state)
        self._table_widgets(state)
        rows = [*self._board_rows(), *self._table_rows()]  # the board's pieces, then the table's numbers
        super().__init__([self.target, *rows, FileControls(panel, "tower-defense.json")])

    def _board_widgets(self, state: GameState) -> None:
        """What goes on a space: a tower or a wave."""
        self.target = w.HTML("switch to edit mode and click a space")
        self.tower_card = w.Dropdown(
            options=[(t.name, t.id) for t in catalog.towers().values()],
            value="standard.1",
            description="tower",
            layout=w.Layout(width="300px"),
        )
        self.owner = player_choice(state, "owner")
        self.level = BoundedWholeNumberText(
            value=1, min=1, max=state.rules.max_level, description="level", layout=w.Layout(width="140px")
        )
        self.depletion = BoundedWholeNumberText(
            value=0, min=0, max=9, description="depletion", layout=w.Layout(width="160px")
        )
        self.wave_id = w.Dropdown(
            options=[(f"{wv.name} (rank {wv.rank})", wv.id) for wv in catalog.waves().values()],
            description="wave",
            layout=w.Layout(width="300px"),
        )
        self.defeated = BoundedWholeNumberText(
            value=0, min=0, max=3, description="defeated", layout=w.Layout(width="160px")
        )
        self.modifier = w.Dropdown(
            options=[("no modifier", NO_MODIFIER), *((m.name, m.id) for m in catalog.modifiers().values())],
            value=NO_MODIFIER,
            description="modifier",
            layout=w.Layout(width="240px"),
        )

    def _table_widgets(self, state: GameState) -> None:
        """The rest of the table: track discard, lives, credits, skill markers, turn and phase."""
        labels = [f"{t}{n}" for t in "AB" for n in range(1, state.rules.track_length + 1)]
        self.discard = w.SelectMultiple(
            options=labels, value=state.board.track_discard, description="discarded", rows=6
        )
        self.lives = BoundedWholeNumberText(
            value=state.lives, min=0, max=99, description="lives", layout=w.Layout(width="160px")
        )
        self.credit_player = player_choice(state, "player")
        self.credit_stack = w.Dropdown(
            options=STACK_OPTIONS, value="build", description="stack", layout=w.Layout(width="280px")
        )
        self.credit_cards = w.Text(placeholder="standard.1, boost.1, charge.2", description="cards")
        self.marker_player = player_choice(state, "player")
        self.skill = w.Dropdown(
            options=[(f"{sk.name}{' *' if sk.assumed else ''}", sk.id) for sk in catalog.skills().values()],
            description="skill",
            layout=w.Layout(width="300px"),
        )
        self.skill_slot = w.Dropdown(
            options=[("slot 1", 0), ("slot 2", 1)], value=0, description="slot", layout=w.Layout(width="160px")
        )
        self.turn = BoundedWholeNumberText(
            value=state.turn, min=1, max=999, description="turn", layout=w.Layout(width="150px")
        )
        self.phase = w.Dropdown(
            options=list(typing.get_args(Phase)), value=state.phase, description="phase", layout=w.Layout(width="220px")
        )

    def _board_rows(self) -> list[w.Widget]:
        """Towers and obstacles, waves, and the track discard with the lives; each edits through `panel.edit`
        on the selected space."""
        p = self.panel
        return [
            row(
                [
                    self.tower_card,
                    self.owner,
                    self.level,
                    self.depletion,
                    p._button("place tower", self._place_tower),
                    p._button("remove tower", lambda: p.edit(lambda x: x.remove_tower(p.here()), "tower removed")),
                    p._button("toggle obstacle", self._toggle_obstacle),
                ]
            ),
            row(
                [
                    self.wave_id,
                    self.defeated,
                    self.modifier,
                    p._button("place wave", self._place_wave),
                    p._button(
                        "remove wave", lambda: p.edit(lambda x: x.remove_wave(self.wave_id.value), "wave removed")
                    ),
                ]
            ),
            row(
                [
                    self.discard,
                    p._button("set track discard", self._set_discard),
                    self.lives,
                    p._button("set lives", self._set_lives),
                ]
            ),
        ]

    def _place_tower(self) -> None:
        card, owner = self.tower_card.value, self.owner.value
        self.panel.edit(
            lambda x: x.place_tower(
                card, self.panel.here(), owner, whole_number(self.level), whole_number(self.depletion)
            ),
            "tower placed",
        )

    def _toggle_obstacle(self) -> None:
        def toggle(x: TowerDefenseExplorer) -> object:
            at = self.panel.here()
            return x.set_obstacle(at, at not in x.state.board.obstacles)

        self.panel.edit(toggle, "obstacle changed")

    def _place_wave(self) -> None:
        wave, modifier = self.wave_id.value, self.modifier.value or None
        self.panel.edit(
            lambda x: x.place_wave(wave, self.panel.here(), defeated=whole_number(self.defeated), modifier=modifier),
            "wave placed",
        )

    def _set_discard(self) -> None:
        labels = list(self.discard.value)
        self.panel.edit(lambda x: x.set_track_discarded(labels), "track discard set")

    def _set_lives(self) -> None:
        lives = self.lives.value
        # end.failure: 'If at any point ... the last Life Cube is removed', checked after every step
        ends = ": the next step ends the session in failure (no Life Cube is left)" if lives == 0 else ""
        self.panel.edit(lambda x: x.set_lives(whole_number(self.lives)), f"lives set to {lives:g}{ends}")

    def _table_rows(self) -> list[w.Widget]:
        """The players' credit stacks and skill markers, and the turn."""
        p = self.panel

        def place_marker() -> None:
            player, skill, slot = self.marker_player.value, self.skill.value, self.skill_slot.value
            name = catalog.skill(skill).name if skill in catalog.skills() else skill
            p.edit(lambda x: x.place_skill_marker(player, skill, slot), f"marker on {name}, slot {slot + 1}")

        def remove_marker() -> None:
            player, skill, slot = self.marker_player.value, self.skill.value, self.skill_slot.value
            p.edit(lambda x: x.remove_skill_marker(player, skill, slot), "marker removed")

        def set_turn() -> None:
            turn, phase = self.turn.value, self.phase.value
            p.edit(
                lambda x: x.set_turn(whole_number(self.turn), phase), f"turn {turn:g}" + (f", {phase}" if phase else "")
            )

        return [
            row([self.credit_player, self.credit_stack, self.credit_cards, p._button("set stack", self.apply_credits)]),
            row(
                [
                    self.marker_player,
                    self.skill,
                    self.skill_slot,
                    p._button("place marker", place_marker),
                    p._button("remove marker", remove_marker),
                ]
            ),
            row([self.turn, self.phase, p._button("set turn", set_turn)]),
        ]

    def update(self) -> None:
        """Show the position's lives, track discard and players (after an edit, a step, an example). The same
        position again (a refused edit) leaves the controls as the user set them, so nothing typed is lost."""
        state = self.panel.explorer.state
        if state is self.shown:
            return
        self.shown = state
        for choice in (self.owner, self.credit_player, self.marker_player):
            set_options(choice, player_options(state))
        self.lives.value = state.lives
        self.turn.value = state.turn
        self.phase.value = state.phase
        self.discard.value = tuple(d for d in state.board.track_discard if d in self.discard.options)

    def select(self, at: tuple[int, int]) -> None:
        """A space clicked in edit mode: show what is on it and preset the controls from it."""

        state = self.panel.explorer.state
        tower = state.tower_at(at)
        piece = next((pc for pc in state.board.track if pc.at == at), None)
        what = "empty"
        if tower is not None:
            self.tower_card.value = tower.card
            self.owner.options = player_options(state)
            self.owner.value = tower.owner
            self.level.value = tower.level
            self.depletion.value = tower.depletion
            what = f"a Level {tower.level} {catalog.tower(tower.card).name}"
        elif piece is not None:
            what = f"track {piece.label}"
            wave = next((wv for wv in state.waves if state.wave_location(wv) == at), None)
            if wave is not None:
                self.wave_id.value = wave.id
                self.defeated.value = wave.defeated
                self.modifier.value = wave.modifier or NO_MODIFIER
                what += f" with {wave.spec.name}"
        elif at in state.board.obstacles:
            what = "an obstacle"
        self.target.value = f"space {at[0]},{at[1]}: {html.escape(what)}"

    def apply_credits(self) -> None:
        """Set the chosen stack of the chosen player to the cards typed (comma-separated ids)."""
        cards = [c.strip() for c in self.credit_cards.value.split(",") if c.strip()]
        player, stack = self.credit_player.value, self.credit_stack.value
        self.panel.edit(lambda x: x.set_credits(player, stack, cards), "stack set")
