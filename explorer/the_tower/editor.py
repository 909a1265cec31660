"""The Tower's position editor: which cards are where (hand, rooms of the floor, the three waste piles),
hit points, action points and a fight in progress. Every card not placed is in its deck; the rules
package validates the whole table, so an impossible one is refused with its reasons."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as w

from explorer.number_box import BoundedWholeNumberText, whole_number
from rules.core.errors import IllegalPosition, Problem
from rules.the_tower import cards
from rules.the_tower.model import FACE_DOWN, Fight, GameState, Slot

if TYPE_CHECKING:
    from explorer.the_tower.panel import TheTowerPanel

CLEARED = "cleared"
NOT_DEALT = "not dealt"
NO_FIGHT = -1
SLOT_OPTIONS: list[tuple[str, str]] = [
    ("face down", FACE_DOWN),
    ("cleared (slain)", CLEARED),
    ("not dealt", NOT_DEALT),
    *((cards.name(c), c) for c in cards.ALL_CARDS if cards.kind(c) == "room"),
]
HAND_CARDS = [c for c in cards.ALL_CARDS if cards.kind(c) != "room"]
HELP = (
    "Cards are written 7S, 10D, KC, AH (Clubs, Diamonds, Hearts, Spades). Every card not placed here is in "
    "its deck; the floor number follows from the rooms dealt. <b>apply</b> starts a new session from the table."
)


def _tags(allowed: list[str], placeholder: str) -> w.TagsInput:
    return w.TagsInput(allowed_tags=allowed, allow_duplicates=False, placeholder=placeholder)


def _slot_value(slot: Slot) -> str:
    return CLEARED if slot is None else slot


def _labelled(label: str, control: w.Widget) -> w.HBox:
    return w.HBox([w.Label(label, layout=w.Layout(width="150px")), control])


class TableEditor(w.VBox):  # type: ignore[misc]
    """Controls that show the position's table and, on apply, start over from the table they describe."""

    def __init__(self, panel: TheTowerPanel) -> None:
        self.panel = panel
        self.hand = _tags(HAND_CARDS, "add a card: 9D")
        self.slain = _tags([c for c in cards.ALL_CARDS if cards.kind(c) == "room"], "add a room card: JC")
        self.attack_waste = _tags([c for c in HAND_CARDS if cards.kind(c) == "attack"], "add an attack card")
        self.potion_waste = _tags([c for c in HAND_CARDS if cards.kind(c) == "potion"], "add a potion")
        self.rooms: list[w.Dropdown] = []
        self.shown: GameState | None = None
        self.rooms_row = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        wide = {"description_width": "initial"}
        self.hp = BoundedWholeNumberText(min=0, max=999, description="HP", style=wide, layout=w.Layout(width="120px"))
        self.points = BoundedWholeNumberText(
            min=0, max=999, description="action points", style=wide, layout=w.Layout(width="170px")
        )
        self.fight_room = w.Dropdown(description="fight in", layout=w.Layout(width="200px"))
        self.monster_hp = BoundedWholeNumberText(
            value=1, min=1, max=999, description="monster HP", style=wide, layout=w.Layout(width="170px")
        )
        self.fight_room.observe(self._on_fight_room, "value")
        apply = panel._button("apply", self.apply, "start a new session from this table")
        revert = panel._button(
            "revert", lambda: self.show(panel.explorer.state, force=True), "show the position's table again"
        )
        super().__init__(
            [
                w.HTML(f'<div style="font-size:12px">{HELP}</div>'),
                _labelled("hand", self.hand),
                _labelled("rooms of the floor", self.rooms_row),
                w.HBox([self.hp, self.points, self.fight_room, self.monster_hp]),
                _labelled("slain monsters", self.slain),
                _labelled("attack cards used", self.attack_waste),
                _labelled("potions used", self.potion_waste),
                w.HBox([apply, revert]),
            ]
        )
        self.show(panel.explorer.state)

    # ---- showing a position ----------------------------------------------------------------------------
    def show(self, state: GameState, *, force: bool = False) -> None:
        """Set every control from `state` (after a step, an edit, a load). The same position again (a refused
        edit) leaves the controls as the user set them, so nothing typed is lost; `force` resets them."""
        if state is self.shown and not force:
            return
        self.shown = state
        slots = max(state.rules.rooms_per_floor, len(state.floor))
        if len(self.rooms) != slots:
            self.rooms = [
                w.Dropdown(options=SLOT_OPTIONS, description=f"room {i + 1}", layout=w.Layout(width="250px"))
                for i in range(slots)
            ]
            for room in self.rooms:
                room.style = {"description_width": "55px"}
            self.rooms_row.children = self.rooms
        for i, room in enumerate(self.rooms):
            room.value = _slot_value(state.floor[i]) if i < len(state.floor) else NOT_DEALT
        self.fight_room.options = [("no fight", NO_FIGHT), *((f"room {i + 1}", i) for i in range(slots))]
        self.hand.value = list(state.hand)
        self.slain.value = list(state.room_waste)
        self.attack_waste.value = list(state.attack_waste)
        self.potion_waste.value = list(state.potion_waste)
        self.hp.value = state.hp
        self.points.value = state.action_points
        self.fight_room.value = NO_FIGHT if state.fight is None else state.fight.room
        if state.fight is not None:
            self.monster_hp.value = state.fight.monster_hp

    def _on_fight_room(self, change: dict[str, Any]) -> None:
        """A fight chosen in a face-up room starts with the monster's full hit points."""
        room = change["new"]
        if room is None or room == NO_FIGHT or room >= len(self.rooms):
            return
        card = self.rooms[room].value
        if cards.is_card(card):
            self.monster_hp.value = self.panel.explorer.rules.monster(cards.rank(card)).hp

    # ---- reading the table -----------------------------------------------------------------------------
    def floor(self) -> list[Slot]:
        """The rooms of the floor as the controls say (rooms are dealt in order: 'not dealt' only at the end)."""
        values = [room.value for room in self.rooms]
        while values and values[-1] == NOT_DEALT:
            values.pop()
        if NOT_DEALT in values:
            where = values.index(NOT_DEALT) + 1
            raise IllegalPosition(
                [Problem(f"room {where}", "rooms are dealt in order, so only the last can be 'not dealt'")]
            )
        return [None if v == CLEARED else v for v in values]

    def table(self) -> dict[str, Any]:
        """The changes to the position that the controls describe (for `TheTowerPanel.edit`)."""
        room = self.fight_room.value
        fight = None if room in (None, NO_FIGHT) else Fight(room=room, monster_hp=whole_number(self.monster_hp))
        return {
            "hand": list(self.hand.value),
            "floor": self.floor(),
            "room_waste": list(self.slain.value),
            "attack_waste": list(self.attack_waste.value),
            "potion_waste": list(self.potion_waste.value),
            "hp": whole_number(self.hp),
            "action_points": whole_number(self.points),
            "fight": fight,
        }

    def apply(self) -> None:
        """Start a new session from the table shown (refused, saying what is wrong, when it is not legal)."""
        self.panel._guard(lambda: self.panel.edit(**self.table()))
