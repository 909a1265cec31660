"""Who chooses when nobody clicks: random, greedy (`simple`) and the planner, a full-game player that plays each
attack and ability out one battle ahead (`planner`).

Every policy chooses among the engine's own legal actions or its own allocation request, so no policy can hold a
rule of its own.
"""

from __future__ import annotations

from rules.attack_the_tower.policies.planner import PlannerPolicy
from rules.attack_the_tower.policies.simple import GreedyPolicy, RandomPolicy, greedy_allocation, kill_value

__all__ = ["POLICIES", "GreedyPolicy", "PlannerPolicy", "RandomPolicy", "greedy_allocation", "kill_value", "policy"]

POLICIES: dict[str, type[RandomPolicy] | type[GreedyPolicy] | type[PlannerPolicy]] = {
    "random": RandomPolicy,
    "greedy": GreedyPolicy,
    "planner": PlannerPolicy,
}


def policy(name: str) -> RandomPolicy | GreedyPolicy | PlannerPolicy:
    """A policy by name (random, greedy, planner)."""
    try:
        return POLICIES[name]()
    except KeyError:
        raise KeyError(f"unknown policy {name!r}; policies: {', '.join(POLICIES)}") from None
