"""Tower Defense's card for the game protocol: one to four players as a team, and how a session ends."""

from __future__ import annotations

import enum

from rules.core.outcome import Utility
from rules.core.protocol import ChanceMode, Dynamics, GameCard, Information, UnboundedGame
from rules.tower_defense.variants import Rules

TOWER_TYPES = 4
PLAYING_FIELD_SPACES = 120
"""003 2.A: 'All Playing Fields are restricted to 120 spaces or less' (the campaign's limit)."""


class Termination(enum.Enum):
    """Every way a session of Tower Defense ends."""

    VICTORY = "victory"
    LIVES_LOST = "defeat: no lives left"
    TRACK_LOST = "defeat: too much track destroyed"
    TURN_LIMIT = "turn limit reached"


def max_game_length(rules: Rules) -> int:
    """A bound on the steps of a whole session: setup, then per turn the five automatic phases with their
    reveals, and in Phase 6 actions that each spend a credit card, a tower's energy, a tower or a skill
    marker (every credit card once, every space's tower a few times), for four players."""
    if rules.turn_limit is None:
        raise UnboundedGame("a session has no length bound unless turn_limit is set")
    cards = TOWER_TYPES * (rules.mark1_copies + rules.mark2_copies + rules.mark3_copies)
    per_turn = 10 + 3 * cards + 4 * PLAYING_FIELD_SPACES + 4 * rules.skill_markers
    setup = 2 * cards + 10
    return setup + rules.turn_limit * per_turn


CARD = GameCard(
    short_name="tower_defense",
    long_name="Tower Defense",
    min_players=1,
    max_players=4,
    dynamics=Dynamics.SIMULTANEOUS_STEPS,
    chance=ChanceMode.EXPLICIT_EXACT,
    information=Information.PERFECT,
    utility=Utility.COOPERATIVE,
    min_return=0,
    max_return=1,
    termination=Termination,
    max_legal_actions=2**16,
    max_chance_outcomes=256,
    max_game_length=max_game_length,
    source="003 Tower Defense",
)
