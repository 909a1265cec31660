"""The Tower Defense panel's Phase 6 controls (build, upgrade, boost, attack, combine, credits), and the
small widget helpers the panel and its editor share."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as w

from explorer.session_panel import row, set_options
from rules.core.errors import RulesError
from rules.tower_defense import catalog, engine
from rules.tower_defense.catalog import card_name, is_tower_card
from rules.tower_defense.model import STACK_LABEL, STACKS, GameState
from rules.tower_defense.text import space_words

if TYPE_CHECKING:
    from explorer.tower_defense.explorer import TowerDefenseExplorer
    from explorer.tower_defense.panel import TowerDefensePanel

STACK_OPTIONS = [(STACK_LABEL[s], s) for s in STACKS]


def player_options(state: GameState) -> list[tuple[str, int]]:
    return [(f"Player {i + 1}", i) for i in range(len(state.players))]


def player_choice(state: GameState, description: str) -> w.Dropdown:
    """A choice of the position's players, Player 1 chosen (the editor's owner and players)."""
    return w.Dropdown(options=player_options(state), value=0, description=description, layout=w.Layout(width="180px"))


class ActionControls(w.VBox):  # type: ignore[misc]
    """Phase 6: the acting player, then build, upgrade, sell, boost, attack, combine, kill bonus, take a
    revealed credit and end the phase. The selected space is the tower (or the empty space) acted on."""

    def __init__(self, panel: TowerDefensePanel) -> None:
        self.panel = panel
        narrow = w.Layout(width="230px")
        self.player = w.Dropdown(description="player", layout=w.Layout(width="180px"))
        self.build_card = w.Dropdown(description="build", layout=narrow)
        self.boost_card = w.Dropdown(description="boost with", layout=narrow)
        self.wave = w.Dropdown(description="wave", layout=narrow)
        self.target = w.ToggleButtons(options=["unit", "modifier"], value="unit", style={"button_width": "80px"})
        self.ignore = w.Checkbox(
            value=False, description="ignore tough / armoured", indent=False, layout=w.Layout(width="auto")
        )
        self.pair = w.Dropdown(description="combine", layout=w.Layout(width="300px"))
        self.bonus_card = w.Dropdown(description="kill bonus", layout=narrow)
        self.revealed = w.Dropdown(description="revealed", layout=narrow)
        self.stack = w.Dropdown(options=STACK_OPTIONS, value="build", description="onto", layout=narrow)
        self.player.observe(lambda _ch: self.update(), "value")
        super().__init__([row([self.player, w.HTML("acts on the selected space")]), *self._rows()])

    def _rows(self) -> list[w.Widget]:
        """A row for each kind of action, its choices then its buttons; each acts through `panel.act` on the
        selected space."""
        p = self.panel

        def build() -> None:
            p.act(lambda x: x.build(self.player.value, self.build_card.value, p.here()))

        def attack() -> None:
            p.act(lambda x: x.attack(p.here(), self.wave.value, self.target.value, self.ignore.value))

        def kill_bonus() -> None:
            p.act(lambda x: x.kill_bonus(self.player.value, self.bonus_card.value, self.stack.value))

        def take_credit() -> None:
            p.act(lambda x: x.take_credit(self.revealed.value, self.stack.value))

        def complete_condition() -> None:
            p.act(lambda x: x.complete_condition(self.player.value, self.stack.value))

        return [
            row(
                [
                    self.build_card,
                    p._button("build here", build),
                    p._button("upgrade", lambda: p.act(lambda x: x.upgrade(p.here()))),
                    p._button("sell", lambda: p.act(lambda x: x.sell(p.here()))),
                ]
            ),
            row([self.boost_card, p._button("boost", lambda: p.boost(self.boost_card.value, self.player.value))]),
            row([self.wave, self.target, self.ignore, p._button("attack", attack)]),
            row([self.pair, p._button("combine attack", self._combine)]),
            row(
                [
                    self.bonus_card,
                    self.stack,
                    p._button("take kill bonus", kill_bonus),
                    p._button("convert kill stack", lambda: p.act(lambda x: x.convert(self.player.value))),
                ]
            ),
            row(
                [
                    self.revealed,
                    p._button("take credit", take_credit),
                    p._button("complete condition", complete_condition),
                    p._button("end Phase 6", lambda: p.act(lambda x: x.end_actions())),
                ]
            ),
        ]

    def _combine(self) -> None:
        """6.D from the selected Combine tower with the pair of towers chosen within its Radius."""
        towers = self.pair.value

        def combine(x: TowerDefenseExplorer) -> object:
            if towers is None:
                raise RulesError("select a Combine tower with two towers with Energy within its Radius")
            return x.combine(self.panel.here(), towers, self.wave.value, self.target.value)

        self.panel.act(combine)

    def update(self) -> None:
        """Refill every choice from the position (the players' stacks, the waves, the piles)."""
        state = self.panel.explorer.state
        set_options(self.player, player_options(state))
        who = self.player.value if self.player.value is not None else 0
        stacks = state.players[who].stacks
        set_options(self.build_card, sorted({(card_name(c), c) for c in stacks.build if is_tower_card(c)}))
        set_options(self.boost_card, sorted({(card_name(c), c) for c in stacks.boost}))
        set_options(self.wave, [(f"W{wv.number} {wv.spec.name}", wv.id) for wv in state.waves])
        piles = sorted({*state.mark2_pile, *state.mark3_pile})
        set_options(self.bonus_card, [(catalog.tower(c).name, c) for c in piles])
        set_options(self.revealed, sorted({(catalog.tower(c).name, c) for c in state.revealed}))
        pairs: list[tuple[str, Any]] = []
        at = self.panel.selected_space()
        combiner = state.tower_at(at) if at is not None else None
        if combiner is not None and catalog.tower(combiner.card).type == "combine":
            pairs = [
                (f"{space_words(a.at)} + {space_words(b.at)}", (a.at, b.at))
                for a, b in engine.combine_partners(state, combiner)
            ]
        set_options(self.pair, pairs)
