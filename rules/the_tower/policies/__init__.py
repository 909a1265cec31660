"""Who chooses when nobody clicks: a random player, a greedy one that follows the exact advice, and an
expectimax one that weighs HP against the cards kept (`expectimax`).

Each chooses among the engine's own legal actions, so no policy can hold a rule of its own.
"""

from __future__ import annotations

from rules.core.errors import look_up
from rules.the_tower.policies.expectimax import ExpectimaxPolicy
from rules.the_tower.policies.simple import GreedyPolicy, RandomPolicy

__all__ = ["POLICIES", "ExpectimaxPolicy", "GreedyPolicy", "RandomPolicy", "policy"]

POLICIES: dict[str, type[RandomPolicy] | type[GreedyPolicy] | type[ExpectimaxPolicy]] = {
    "random": RandomPolicy,
    "greedy": GreedyPolicy,
    "expectimax": ExpectimaxPolicy,
}


def policy(name: str) -> RandomPolicy | GreedyPolicy | ExpectimaxPolicy:
    """A policy by name (random, greedy, expectimax)."""
    return look_up(POLICIES, name, "policy")()
