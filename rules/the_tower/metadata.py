"""The Tower's card for the game protocol: one player against a 52-card deck, and how a game ends."""

from __future__ import annotations

import enum

from rules.core.outcome import Utility
from rules.core.protocol import ChanceMode, Dynamics, GameCard, Information, UnboundedGame
from rules.the_tower.variants import Rules

DECK = 52


class Termination(enum.Enum):
    """Every way a game of The Tower ends."""

    ALL_MONSTERS_SLAIN = "every monster slain"
    PLAYER_DIED = "the player died"
    PLAYER_TRAPPED = "the player is trapped"


def max_game_length(rules: Rules) -> int:
    """A bound on the steps of a whole game from how many action points it can ever give: every point
    buys at most one step and its reveal (a card drawn, a room explored) or a drink; every card held is
    played at most once; every room is chosen, turned up and fought at most once. Only `may_leave_fight`
    lets a room be fought again and again, without end."""
    if rules.may_leave_fight:
        raise UnboundedGame("a game has no length bound when a fight may be left at will (may_leave_fight)")
    rooms = 16
    monster_points = max(m.points for m in (rules.jack, rules.queen, rules.king, rules.ace))
    points = rules.starting_action_points + rooms * monster_points
    opening = rules.starting_attack_cards + rules.starting_potions
    return 2 * opening + 2 * points + (opening + points) + 4 * rooms + 1


CARD = GameCard(
    short_name="the_tower",
    long_name="The Tower",
    min_players=1,
    max_players=1,
    dynamics=Dynamics.SEQUENTIAL,
    chance=ChanceMode.EXPLICIT_EXACT,
    information=Information.PERFECT,
    utility=Utility.SOLO,
    min_return=0,
    max_return=1,
    termination=Termination,
    max_legal_actions=64,
    max_chance_outcomes=DECK,
    max_game_length=max_game_length,
    source="002 The Tower",
)
