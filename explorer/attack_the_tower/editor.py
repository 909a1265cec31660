"""The Attack the Tower position editor: click a slot in edit mode, then choose its base and troops; set
palaces, hands and abilities in play, the attacker and the armies. Every edit goes through the rules'
`editing` (validated), so a refused edit keeps the last good position."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

import ipywidgets as w

from explorer.file_controls import FileControls
from explorer.session_panel import row, set_options
from rules.attack_the_tower.catalog import army, army_ids
from rules.attack_the_tower.places import UnitKey
from rules.attack_the_tower.text import place_words

if TYPE_CHECKING:
    from explorer.attack_the_tower.panel import AttackTheTowerPanel


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
            w.Dropdown(options=list(army_ids()), value=a, layout=w.Layout(width="140px"))
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

    def offer_armies(self, ids: tuple[str, ...]) -> None:
        """Offer these armies for a new empty board, keeping what is chosen."""
        for choice in self.armies:
            set_options(choice, list(ids))

    def select(self, key: str) -> None:
        """A slot clicked in edit mode: its player, territory and slot become the edit target."""
        place = UnitKey.read(key)
        if place is None or place.territory is None or place.slot is None:
            self.target.value = f"{html.escape(key)}: choose palace troops below"
            return
        player, territory, slot = place.owner, place.territory, place.slot
        self.player.value = player
        state = self.panel.explorer.state
        bases = army(state.players[player].army).bases
        self.base.options = [("empty", None), *((b.name, b.id) for b in bases)]
        current = state.players[player].territories[territory][slot]
        self.base.value = current.card if current else None
        self.troops.max = state.rules.max_troops_per_base
        self.troops.value = current.troops if current else 0
        self.target.value = place_words(UnitKey.base(player, territory, slot))
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
