"""Damage pools: what each side deals in a combat step, and where it comes from."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.attack_the_tower.cards import (
    ArtilleryIgnoresDefenders,
    Effect,
)
from rules.attack_the_tower.engine.combat.units import STRUCTURE_KINDS, Unit
from rules.attack_the_tower.model import GameState
from rules.core.records import direct_init


@direct_init
@dataclass(frozen=True, slots=True)
class Pool:
    """A side's damage for one step: general damage, artillery damage (bases and palaces only), and
    the part of the artillery damage that may hit bases even while troops defend them."""

    general: int
    artillery: int
    artillery_free: int
    firing: tuple[Unit, ...] = ()
    note: str = ""

    @property
    def total(self) -> int:
        return self.general + self.artillery

    @property
    def detail(self) -> str:
        """What the pool is made of, in words (e.g. '2 Zombie dealing 2, plus 1 leftover ...')."""
        return self.describe()

    def describe(self) -> str:
        text = _describe(list(self.firing)) if self.firing or not self.note else ""
        return ", ".join(part for part in (text, self.note) if part)


def _describe(units: list[Unit]) -> str:
    counts: dict[str, list[int]] = {}
    for u in units:
        entry = counts.setdefault(u.name, [0, 0])
        entry[0] += 1
        entry[1] += u.deals
    parts = [f"{n} {name} dealing {d}" if n > 1 else f"{name} dealing {d}" for name, (n, d) in counts.items()]
    return ", ".join(parts) if parts else "nothing fights"


def initiative_pool(units: list[Unit]) -> Pool:
    """004 battles 3: 'add up the Power levels of all his troops with the Initiative Trait'."""
    # a troop with the initiative trait fires, an artillery troop cannot (initiative does not apply to bases)
    firing = tuple(
        [
            u
            for u in units
            if "initiative" in u.traits and not u.dead and "artillery" not in u.traits and u.kind not in STRUCTURE_KINDS
        ]
    )
    return Pool(sum([u.deals for u in firing]), 0, 0, firing)


def ignores_defenders(owner: int, troop_type: object, effects: Sequence[tuple[int, Effect]]) -> bool:
    """Whether an artillery troop of `owner` (of `troop_type`; None for a special troop) may hit bases that
    troops still defend, under the effects in play (the Westerners' Catapult: `ArtilleryIgnoresDefenders`)."""
    return any(
        isinstance(e, ArtilleryIgnoresDefenders)
        and eo == owner
        and (e.troop_types is None or troop_type in e.troop_types)
        for eo, e in effects
    )


def regular_pool(state: GameState, units: list[Unit], leftover: int, effects: list[tuple[int, Effect]]) -> Pool:
    """004 battles 4: every living troop without initiative, plus the defending bases (and palace),
    plus leftover initiative damage when the rules say so (000, 001)."""
    firing = tuple(
        [
            u
            for u in units
            if u.deals > 0
            and not u.dead
            and ("initiative" not in u.traits or "artillery" in u.traits or u.kind in STRUCTURE_KINDS)
        ]
    )
    general = artillery = free = 0
    for u in firing:
        if "artillery" in u.traits:
            artillery += u.deals
            if effects and ignores_defenders(u.owner, u.troop_type, effects):
                free += u.deals
        else:
            general += u.deals
    note = ""
    if leftover and state.rules.leftover_initiative_adds_to_regular:
        general += leftover
        note = f"plus {leftover} leftover initiative damage"
    return Pool(general, artillery, free, firing, note)
