"""Attack the Tower as one object for the generic tools: the engine's functions behind the protocol of
`rules.core.protocol`, and its positions and actions read and written at the boundary."""

from __future__ import annotations

from typing import Any

from rules.attack_the_tower import engine, legality, metadata, schema
from rules.attack_the_tower import observation as seen
from rules.attack_the_tower.model import GameState
from rules.core.codec import Codec, Positions
from rules.core.protocol import Game, GameBase

POSITION: Codec[GameState] = Codec(schema.GameState, schema.RECORDS, legality.position_problems)
"""Positions in and out: validated by the schema, then by the rules (`legality.position_problems`)."""


class AttackTheTower(GameBase):
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
    observation = staticmethod(seen.observation)
    determinize = staticmethod(seen.determinize)
    sample_determinization = staticmethod(seen.sample_determinization)
    read_action = staticmethod(schema.read_action)

    def num_players(self, state: GameState) -> int:
        return 2


GAME: Game[GameState, Any] = AttackTheTower()
