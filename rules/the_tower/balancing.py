"""What the balancer (rules.balance) reads of The Tower through its descriptor: the knobs it turns when a balance
names none (the player's starting hit points and potions, and the damage a floor adds)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

KNOBS = ("starting_hp=8..16", "starting_potions=0..3", "damage_per_floor=0..2")


def default_tunes(armies: Sequence[str], current: Callable[[str], Any]) -> Iterable[str]:
    """`KNOBS` (a game without armies; the balancer widens a range to hold the current value)."""
    del armies, current
    return KNOBS
