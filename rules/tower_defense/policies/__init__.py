"""Who chooses when nobody clicks: `random`, the `simple` and `coop` tables that build and boost, and the
`planner`, a cooperative table that plays to win (see each module)."""

from __future__ import annotations

from rules.core.errors import look_up
from rules.tower_defense.policies.basic import CoopPolicy, RandomPolicy, SimplePolicy, cover
from rules.tower_defense.policies.planner import PlannerPolicy

__all__ = [
    "LADDER",
    "POLICIES",
    "CoopPolicy",
    "PlannerPolicy",
    "RandomPolicy",
    "SimplePolicy",
    "cover",
    "policy",
]

Policy = RandomPolicy | SimplePolicy | PlannerPolicy

POLICIES: dict[str, type[RandomPolicy] | type[SimplePolicy] | type[PlannerPolicy]] = {
    "random": RandomPolicy,
    "simple": SimplePolicy,
    "coop": CoopPolicy,
    "planner": PlannerPolicy,
}

LADDER: tuple[str, ...] = ("random", "planner")
"""The policies a ladder compares, weakest first: each wins clearly more often than the one before (the
simple and coop tables win no more often than random play, so they make no rung)."""


def policy(name: str) -> Policy:
    """A policy by name (random, simple, coop, planner)."""
    return look_up(POLICIES, name, "policy")()
