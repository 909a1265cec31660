"""Calculators for Tower Defense: boosts, this turn's plan of attacks, and income.

- `boost_options`: for a tower and the credits on hand, every reachable damage and the cheapest way
  to reach it (003 6.C).
- `plan_turn`: which units the towers with Energy can defeat this turn with the players' Boost and
  Combine stacks, and the order of actions that defeats the most (exhaustive search, memoised).
- `income_distribution`: the exact distribution of the credits Phase 5 reveals (icepool deals from
  the Mark I deck), and `shares`: how many of them each player takes.
"""

from rules.tower_defense.analysis.boosts import BoostOption, boost_options
from rules.tower_defense.analysis.income import (
    first_pick,
    income_distribution,
    shares,
    type_count_distribution,
)
from rules.tower_defense.analysis.turn_plan import Plan, clear_caches, plan_turn

__all__ = [
    "BoostOption",
    "Plan",
    "boost_options",
    "clear_caches",
    "first_pick",
    "income_distribution",
    "plan_turn",
    "shares",
    "type_count_distribution",
]
