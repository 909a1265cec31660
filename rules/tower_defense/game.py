"""Tower Defense as one object for the generic tools: the engine's functions behind the protocol of
`rules.core.protocol`, and its positions and actions read and written at the boundary."""

from __future__ import annotations

from typing import Any

from rules.core.codec import Codec, Positions
from rules.core.protocol import Game, GameBase
from rules.tower_defense import engine, legality, metadata, schema
from rules.tower_defense.model import GameState

POSITION: Codec[GameState] = Codec(schema.GameState, schema.RECORDS, legality.position_problems)
"""Positions in and out: validated by the schema, then by the rules (`legality.position_problems`)."""


class TowerDefense(GameBase):
    """The engine as an object implementing `rules.core.protocol.Game` (for sessions and generic tools)."""

    card = metadata.CARD
    positions: Positions[GameState] = POSITION

    current_player = staticmethod(engine.current_player)
    acting_players = staticmethod(engine.acting_players)
    legal_actions = staticmethod(engine.legal_actions)
    chance_outcomes = staticmethod(engine.chance_outcomes)
    apply = staticmethod(engine.apply)
    step = staticmethod(engine.step)
    is_terminal = staticmethod(engine.is_terminal)
    outcome = staticmethod(engine.outcome)
    read_action = staticmethod(schema.read_action)

    def num_players(self, state: GameState) -> int:
        return len(state.players)


GAME: Game[GameState, Any] = TowerDefense()
