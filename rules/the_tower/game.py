"""The Tower as one object for the generic tools: the engine's functions behind the protocol of
`rules.core.protocol`, and its positions and actions read and written at the boundary."""

from __future__ import annotations

from typing import Any, Literal

from rules.core.codec import Codec, Positions
from rules.core.protocol import Game, GameBase
from rules.the_tower import cards, engine, legality, metadata, schema
from rules.the_tower.actions import Drink, Hit
from rules.the_tower.model import FACE_DOWN, GameState

POSITION: Codec[GameState] = Codec(schema.GameState, schema.RECORDS, legality.position_problems)
"""Positions in and out: the shape validated (and a hand-written table completed) by the schema, then the
rules by `legality.position_problems`."""


class TheTower(GameBase):
    """The engine as an object implementing `rules.core.protocol.Game` (for sessions and generic tools)."""

    card = metadata.CARD
    positions: Positions[GameState] = POSITION

    current_player = staticmethod(engine.current_player)
    legal_actions = staticmethod(engine.legal_actions)
    chance_outcomes = staticmethod(engine.chance_outcomes)
    apply = staticmethod(engine.apply)
    step = staticmethod(engine.step)
    is_terminal = staticmethod(engine.is_terminal)
    outcome = staticmethod(engine.outcome)
    read_action = staticmethod(schema.read_action)

    def num_players(self, state: GameState) -> int:
        return 1


GAME: Game[GameState, Any] = TheTower()


# ---- what a player's pointing means: a card or a room named without saying what to do with it --------------
# A front end offers the cards and rooms to click; which action a click asks for depends on the phase, the card's
# kind, the room's face and the points left - a rule of the game, so decided here and not by a panel.

CardVerb = Literal["drink", "hit"]
RoomVerb = Literal["explore", "fight"]


def card_verb(state: GameState, card: str) -> CardVerb:
    """What playing `card` asks for: a potion out of a fight is drunk, and in a fight too when it cannot hit
    but may be drunk there (`fight_actions`, against a Hearts room); anything else is a hit (the engine then
    refuses a hit outside a fight, or with a card that cannot hit, with its reason)."""
    if not (cards.is_card(card) and cards.kind(card) == "potion"):
        return "hit"
    if state.phase != "fight":
        return "drink"
    legal = engine.legal_actions(state)
    return "drink" if Hit(card=card) not in legal and Drink(card=card) in legal else "hit"


def room_verb(state: GameState, room: int, *, fight: bool = False) -> RoomVerb:
    """What choosing `room` asks for: a face-down room is explored while action points are being spent
    and one is left (unless `fight` says to go and fight it straight away); any other room is fought."""
    slot = state.floor[room] if 0 <= room < len(state.floor) else None
    if not fight and slot == FACE_DOWN and state.phase == "actions" and state.action_points > 0:
        return "explore"
    return "fight"
