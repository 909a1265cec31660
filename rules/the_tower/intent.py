"""What a player's pointing means in The Tower: a card of the hand or a room of the floor named without
saying what to do with it becomes the one action the rules make of it.

A panel (or any front end) offers the cards and rooms to click; which action a click asks for depends
on the phase, the card's kind, the room's face and the points left, and that is a rule of the game, so
it is decided here and not by the panel.
"""

from __future__ import annotations

from typing import Literal

from rules.the_tower import cards
from rules.the_tower.model import FACE_DOWN, GameState

CardVerb = Literal["drink", "hit"]
RoomVerb = Literal["explore", "fight"]


def card_verb(state: GameState, card: str) -> CardVerb:
    """What playing `card` asks for: a potion out of a fight is drunk; anything else is a hit (the engine
    then refuses a hit outside a fight, or with a card that cannot hit, with its reason)."""
    if state.phase != "fight" and cards.is_card(card) and cards.kind(card) == "potion":
        return "drink"
    return "hit"


def room_verb(state: GameState, room: int, *, fight: bool = False) -> RoomVerb:
    """What choosing `room` asks for: a face-down room is explored while action points are being spent
    and one is left (unless `fight` says to go and fight it straight away); any other room is fought."""
    slot = state.floor[room] if 0 <= room < len(state.floor) else None
    if not fight and slot == FACE_DOWN and state.phase == "actions" and state.action_points > 0:
        return "explore"
    return "fight"
