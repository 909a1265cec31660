"""What the player (or chance) can choose in The Tower: one immutable record per kind of action.

Each writes itself as the JSON `schema.read_action` reads (`{"action": "draw", "pile": "attack"}`), its schema
written from these fields (`rules.core.codec.ActionReader`); that text orders the legal actions and so gives
them their integer ids (`rules.core.protocol`).
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from rules.core.records import Record
from rules.the_tower.cards import Pile

Room = Annotated[int, Field(ge=0, description="The floor slot, 0-based.")]


class DrawCard(Record):
    """Spend an action point to draw an attack or a potion card (002 actions: 'Draw')."""

    pile: Pile
    TAG = ("action", "draw")


class RevealCard(Record):
    """Chance: the card that comes off the deck being drawn, or the room card turned face up."""

    card: str
    TAG = ("action", "reveal")


class Drink(Record):
    """Spend an action point to drink a potion from the hand (002 actions: 'Drink')."""

    card: str
    TAG = ("action", "drink")


class Explore(Record):
    """Spend an action point to flip a face-down room up (002 actions: 'Explore')."""

    room: Room
    TAG = ("action", "explore")


class ChooseRoom(Record):
    """Name the room of the next fight before spending points (only under room_chosen='before_actions')."""

    room: Room
    TAG = ("action", "choose")


class FightRoom(Record):
    """Choose a room, explored or not, and fight the creature inside (002 'choose a room and fight')."""

    room: Room
    TAG = ("action", "fight")


class Hit(Record):
    """Hit the monster with an attack card, or a potion used as an attack (002 fight)."""

    card: str
    TAG = ("action", "hit")


class Flee(Record):
    """Leave the fight (only under may_leave_fight)."""

    TAG = ("action", "flee")


Action = DrawCard | RevealCard | Drink | Explore | ChooseRoom | FightRoom | Hit | Flee
