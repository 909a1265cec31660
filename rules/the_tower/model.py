"""The position of The Tower as the engine steps it: immutable records (`rules.core.records`).

Shuffled piles are sorted multisets: only their contents matter. A face-down room is not a known card:
it is any of the room cards nobody has seen yet, uniformly, so `unseen_rooms` holds the room deck *and*
the floor's face-down rooms together, and turning a room face up is a chance step over that pool. Every
one of the 52 cards stands exactly once in the hand, the piles, the face-up rooms, the waste piles or the
unseen rooms. A position from outside is read through `game.POSITION`, which validates it once - its shape
by the schema (`schema.py`), its legality by `legality.position_problems` - and builds these records; the
engine's own steps build only legal ones (the conformance run re-checks every position they build).
"""

from __future__ import annotations

from collections import Counter
from typing import Annotated, Literal

from pydantic import Field

from rules.core.records import Record
from rules.the_tower import cards
from rules.the_tower.cards import FACE_DOWN as FACE_DOWN  # a floor slot still face down, part of the position
from rules.the_tower.cards import Pile
from rules.the_tower.variants import Rules

Phase = Literal["setup", "actions", "fight", "game_over"]
Termination = Literal["all_monsters_slain", "player_died", "player_trapped"]


Slot = str | None
"""A floor slot: a face-up room card id, FACE_DOWN, or None once its monster is slain."""


class Fight(Record):
    """A fight in progress: the floor slot of the room fought and the monster's hit points left."""

    room: Annotated[int, Field(ge=0, description="The floor slot (0-based) of the room being fought.")]
    monster_hp: Annotated[int, Field(ge=1, description="The monster's hit points left.")]


class GameState(Record):
    """A whole position of The Tower, including the rules it is played under."""

    # Every field is required, so `replace` passes them by position (the cheapest way a step builds the next
    # position); a `Field`'s default is what a file may leave out (`rules.core.codec.record_schemas`), and the
    # schema fills in the rest (`schema.complete_table`).
    rules: Annotated[Rules, Field(Rules())]
    phase: Annotated[Phase, Field("actions")]
    hp: Annotated[int, Field(ge=0, description="The player's hit points (left out: the rules' starting HP).")]
    action_points: Annotated[int, Field(0, ge=0)]
    floor_number: Annotated[
        int,
        Field(
            1, ge=1, description="The floor being cleared (1 for the first; left out: the floor the rooms dealt make)."
        ),
    ]
    floor: Annotated[
        tuple[Slot, ...],
        Field(
            (),
            description=(
                "The rooms of the current floor: a card id when face up, '?' when face down, null once cleared."
            ),
        ),
    ]
    hand: Annotated[tuple[str, ...], Field((), description="Attack and potion cards in hand, in deck order.")]
    attack_deck: Annotated[
        tuple[str, ...],
        Field(
            (), description="The attack deck, as a sorted multiset (all three decks left out: every card not placed)."
        ),
    ]
    potion_deck: Annotated[tuple[str, ...], Field((), description="The potion deck, as a sorted multiset.")]
    unseen_rooms: Annotated[
        tuple[str, ...],
        Field(
            (),
            description=(
                "Room cards nobody has seen, sorted: the room deck and the floor's face-down rooms together "
                "(each face-down room is any of them, uniformly)."
            ),
        ),
    ]
    attack_waste: Annotated[tuple[str, ...], Field((), description="Attack cards put aside, in the order used.")]
    potion_waste: Annotated[tuple[str, ...], Field((), description="Potions put aside (drunk or used as attacks).")]
    room_waste: Annotated[tuple[str, ...], Field((), description="Room cards of slain monsters, in the order slain.")]
    drawing: Annotated[Pile | None, Field(None, description="A card of this deck is being drawn (a chance node).")]
    revealing: Annotated[
        int | None, Field(None, description="This face-down room is being turned face up (a chance node).")
    ]
    fight: Annotated[Fight | None, Field(None)]
    chosen_room: Annotated[
        int | None,
        Field(None, description="The room named for the next fight (only under room_chosen='before_actions')."),
    ]
    termination: Annotated[Termination | None, Field(None)]

    def with_pile(self, pile: Pile, deck: tuple[str, ...], waste: tuple[str, ...]) -> GameState:
        """The position with one pile's deck and waste replaced (the attack or the potion pile)."""
        if pile == "attack":
            return self.replace(attack_deck=deck, attack_waste=waste)
        return self.replace(potion_deck=deck, potion_waste=waste)

    @property
    def face_down(self) -> int:
        """How many rooms of the floor are still flipped down."""
        return sum(1 for s in self.floor if s == FACE_DOWN)

    @property
    def room_deck_size(self) -> int:
        """Cards left in the room deck (the unseen rooms that are not on the table)."""
        return len(self.unseen_rooms) - self.face_down

    @property
    def monster_card(self) -> str | None:
        """The room card being fought, once it is face up."""
        if self.fight is None:
            return None
        return self.floor[self.fight.room]


# ---- reading a position (shared by the engine, the analysis and the checks) ----------------------------
def hit_damage(card: str, room: str, rules: Rules) -> int | None:
    """The damage `card` deals to the monster of `room`, or None when it has the room's suit (002 fight)."""
    if card[-1] == room[-1]:
        return None
    same = cards.is_red(card) == cards.is_red(room)
    return cards.value(card) * (rules.same_colour_multiplier if same else rules.opposite_colour_multiplier)


def playable_cards(state: GameState) -> tuple[str, ...]:
    """The cards of the hand that can hit the monster being fought (any card not of the room's suit)."""
    room = state.monster_card
    if room is None or room == FACE_DOWN:
        return ()
    return tuple(c for c in state.hand if c[-1] != room[-1])


def deck(state: GameState, pile: Pile) -> tuple[str, ...]:
    return state.attack_deck if pile == "attack" else state.potion_deck


def waste(state: GameState, pile: Pile) -> tuple[str, ...]:
    return state.attack_waste if pile == "attack" else state.potion_waste


def can_draw(state: GameState, pile: Pile) -> bool:
    """A card of this deck can be drawn: the deck (or, under 'reshuffle', its waste) holds one and the
    hand has room (ignoring action points)."""
    limit = state.rules.hand_limit
    if limit is not None and len(state.hand) >= limit:
        return False
    return bool(deck(state, pile)) or (state.rules.empty_deck == "reshuffle" and bool(waste(state, pile)))


def points_usable_in_fight(state: GameState) -> bool:
    """Whether the rules let the player spend action points at this moment of the fight."""
    mode = state.rules.fight_actions
    return mode == "always" or (mode == "when_stuck" and not playable_cards(state))


def _something_to_spend_on(state: GameState) -> bool:
    """A point could go to drinking a potion of the hand or drawing a card."""
    has_potion = any(cards.kind(c) == "potion" for c in state.hand)
    return has_potion or can_draw(state, "attack") or can_draw(state, "potion")


def fight_spending_possible(state: GameState) -> bool:
    """Whether some action point can be spent now in the fight (draw a card or drink a potion)."""
    return state.action_points >= 1 and points_usable_in_fight(state) and _something_to_spend_on(state)


def at_a_loss(state: GameState) -> bool:
    """In a fight with no card that can hit the monster, no action point that can be spent and no
    leaving at will."""
    return (
        not state.rules.may_leave_fight
        and state.phase == "fight"
        and state.fight is not None
        and state.revealing is None
        and state.drawing is None
        and not playable_cards(state)
        and not fight_spending_possible(state)
    )


def fight_would_stall(state: GameState, room: int) -> bool:
    """Fighting this face-up room now would leave the player at a loss at once (no card can hit it and
    no action point could be spent in the fight)."""
    card = state.floor[room]
    if card is None or card == FACE_DOWN or any(c[-1] != card[-1] for c in state.hand):
        return False
    if state.action_points < 1 or state.rules.fight_actions == "never":
        return True
    return not _something_to_spend_on(state)


def _stalls_are_left(state: GameState) -> bool:
    """Whether a fight the player cannot go on with ends by leaving the room (stuck='flee', or leaving at
    will): then such a fight is pointless, and a player with nothing else to do is trapped."""
    return state.rules.stuck == "flee" or state.rules.may_leave_fight


def trapped(state: GameState) -> bool:
    """When stalled fights are left: no room may be fought without stalling and no action point can be
    spent, so the game cannot go on (it is lost). Naming a room (room_chosen='before_actions') is always
    possible, but binds: then only that room counts."""
    if not _stalls_are_left(state) or state.phase != "actions" or state.revealing is not None:
        return False
    if state.drawing is not None:
        return False
    if state.rules.room_chosen == "before_actions" and state.chosen_room is None:
        return False
    rooms = range(len(state.floor)) if state.chosen_room is None else [state.chosen_room]
    if any(fightable(state, i) for i in rooms):
        return False
    return not spending_possible(state)


def fightable(state: GameState, room: int) -> bool:
    """The slot holds a monster the player may go and fight (when stalled fights are left, not a face-up
    one that no card in hand can hit)."""
    slot = state.floor[room]
    if slot is None:
        return False
    return not _stalls_are_left(state) or not fight_would_stall(state, room)


def spending_possible(state: GameState) -> bool:
    """Outside a fight: some action point can be spent (draw, drink or explore)."""
    return state.action_points >= 1 and (_something_to_spend_on(state) or state.face_down > 0)


def setup_draw_needed(state: GameState) -> Pile | None:
    """At setup: the deck the next opening card comes from (002 'Draw 5 attack cards, 1 potion card')."""
    counts = Counter(cards.kind(c) for c in state.hand)
    if counts["attack"] < state.rules.starting_attack_cards:
        return "attack"
    if counts["potion"] < state.rules.starting_potions:
        return "potion"
    return None
