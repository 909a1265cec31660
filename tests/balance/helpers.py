"""A small balance the tests share: the Undead against the Bandits at the greedy policy, two knobs, a few games a
stage, so that a whole run (search and check) takes a few seconds."""

from __future__ import annotations

from typing import Any

from rules.balance.plan import BalanceSpec

TUNE = ("undead.ghost.special_troop.power=1..4", "undead.lich.effects.0.delta=-2,-1")
SMALL: dict[str, Any] = {
    "armies": "undead,bandits",
    "knobs": list(TUNE),
    "policy": "greedy",
    "budget": 80,
    "stages": (4, 8),
    "verify_games": 6,
    "seed": 1,
}
CLI = [
    "attack-the-tower",
    "balance",
    "--armies",
    "undead,bandits",
    *(arg for knob in TUNE for arg in ("--tune", knob)),
    "--policy",
    "greedy",
    "--budget",
    "80",
    "--stages",
    "4,8",
    "--verify-games",
    "6",
    "--seed",
    str(SMALL["seed"]),
    "--no-progress",
]


def small_spec(**changes: Any) -> BalanceSpec:
    return BalanceSpec.model_validate({**SMALL, **changes})


def comparable(data: dict[str, Any]) -> dict[str, Any]:
    """A result's JSON without what measures the machine (seconds) or names files."""
    return {k: v for k, v in data.items() if k not in ("seconds", "files")}
