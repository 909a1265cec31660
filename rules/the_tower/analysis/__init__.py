"""Exact analysis of The Tower: fight plans with the hand alone (`plans`), the exact value of a fight and the
odds behind a face-down room (`outlook`), the value of each choice (`advice`), the fight expectimax behind them
(`fights`), whole games by simulation (`winrate`) and exact end-game odds (`win_probability`).

Every probability is a Fraction. The value of a choice is the outlook of the next fight, fought right
after it with the best play: the chance of slaying the monster, then the expected HP after the fight,
then the numbers of the potions kept, then of all the cards kept.
"""

from __future__ import annotations

from fractions import Fraction

from rules.core import search
from rules.core.search import Chooser, SearchTooLarge
from rules.the_tower.analysis.advice import (
    LOOKAHEAD_WORDS,
    Choice,
    Lookahead,
    fight_advice,
    fight_outlook,
    point_advice,
)
from rules.the_tower.analysis.outlook import (
    RoomOdds,
    clear_caches,
    monster_distribution,
    room_odds,
    room_outlook,
)
from rules.the_tower.analysis.plans import Plan, best_plan, fight_plans, plans_on_table
from rules.the_tower.analysis.winrate import simulate
from rules.the_tower.game import GAME
from rules.the_tower.model import GameState

__all__ = [
    "LOOKAHEAD_WORDS",
    "Choice",
    "Lookahead",
    "Plan",
    "RoomOdds",
    "SearchTooLarge",
    "best_plan",
    "clear_caches",
    "fight_advice",
    "fight_outlook",
    "fight_plans",
    "monster_distribution",
    "plans_on_table",
    "point_advice",
    "room_odds",
    "room_outlook",
    "simulate",
    "win_probability",
]


def win_probability(state: GameState, chooser: Chooser = "best", *, limit: int = 200_000) -> Fraction:
    """The exact probability of winning from `state` when the player always makes the choice that wins
    most often ("best"), or picks uniformly among the legal actions ("random", as the random policy)."""
    return search.win_probability(GAME, state, chooser, limit=limit)
