"""What the balancer (rules.balance) reads of The Tower through its descriptor: the knobs it turns when a balance
names none (the player's starting hit points and potions, and the damage a floor adds)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

KNOBS = ("starting_hp=8..16", "starting_potions=0..3", "damage_per_floor=0..2")


def default_tunes(armies: Sequence[str], current: Callable[[str], Any]) -> Iterable[str]:
    """`KNOBS`, each range widened where needed to hold the current value."""
    del armies
    for text in KNOBS:
        name, _, raw = text.partition("=")
        low, high = (int(x) for x in raw.split(".."))
        value = current(name)
        if isinstance(value, int) and not isinstance(value, bool):
            low, high = min(low, value), max(high, value)
        yield f"{name}={low}..{high}"
