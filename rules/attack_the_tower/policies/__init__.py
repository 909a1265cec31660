"""Who chooses when nobody clicks: random, greedy (`simple`), the planner, a full-game player that plays each
attack and ability out one battle ahead (`planner`), the same look-ahead with the board weighed by a model of
who wins fitted to recorded games (`learned`), the same with the model's weights tuned for wins against the
planner (`tuned`), and a search that plays each turn-level choice out over several deals of the hidden cards with
the planner on both sides (`search`).

Every policy chooses among the engine's own legal actions or its own allocation request, so no policy can hold a
rule of its own.
"""

from __future__ import annotations

from rules.attack_the_tower.policies.learned import LearnedPolicy, TunedPolicy
from rules.attack_the_tower.policies.planner import PlannerPolicy
from rules.attack_the_tower.policies.search import SearchPolicy
from rules.attack_the_tower.policies.simple import GreedyPolicy, RandomPolicy, greedy_allocation, kill_value
from rules.core.errors import look_up

__all__ = [
    "POLICIES",
    "GreedyPolicy",
    "LearnedPolicy",
    "PlannerPolicy",
    "RandomPolicy",
    "SearchPolicy",
    "TunedPolicy",
    "deliberation",
    "greedy_allocation",
    "kill_value",
    "policy",
]

AnyPolicy = RandomPolicy | GreedyPolicy | PlannerPolicy | LearnedPolicy | TunedPolicy | SearchPolicy

POLICIES: dict[str, type[AnyPolicy]] = {
    "random": RandomPolicy,
    "greedy": GreedyPolicy,
    "planner": PlannerPolicy,
    "learned": LearnedPolicy,
    "tuned": TunedPolicy,
    "search": SearchPolicy,
}


def policy(name: str) -> AnyPolicy:
    """A policy by name (random, greedy, planner, learned, tuned, search)."""
    return look_up(POLICIES, name, "policy")()


def deliberation(name: str) -> str | None:
    """What a slow policy does while a player waits ("plays each choice out ..."), or None for a fast one."""
    found: str | None = getattr(POLICIES.get(name), "deliberation", None)
    return found
