"""The units of a battle: troops, special troops, bases and palaces, and the keys that name them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rules.attack_the_tower.cards import TroopType
from rules.attack_the_tower.places import UnitKind as UnitKind  # (named here too, for the engine's modules)
from rules.core.records import direct_init

Role = Literal["attacking", "defending"]


STRUCTURE_KINDS = ("base", "palace")


STAGE_LABEL = {"initiative": "initiative", "regular": "regular", "unmanned": "regular"}


@direct_init
@dataclass(frozen=True, slots=True)
class Unit:
    """One thing that fights in a battle: a troop counter, a special troop, a base or a palace."""

    key: str
    owner: int
    kind: UnitKind
    name: str
    troop_type: TroopType | None
    deals: int
    toughness: int
    traits: frozenset[str]
    damage: int
    dead: bool
    group: str
    """Units of one group with equal damage are interchangeable (two troops of one base)."""

    @property
    def remaining(self) -> int:
        return self.toughness - self.damage

    @property
    def is_structure(self) -> bool:
        return self.kind in STRUCTURE_KINDS


def troop_key(owner: int, territory: int, slot: int, index: int) -> str:
    """`str(UnitKey.troop(...))`, spelt out: the engine names every unit of a battle this way."""
    return f"p{owner}/t{territory}/s{slot}/{index}"


def base_key(owner: int, territory: int, slot: int) -> str:
    """`str(UnitKey.base(...))`, spelt out: the key of a base in a battle."""
    return f"p{owner}/t{territory}/s{slot}"


def special_key(owner: int, index: int) -> str:
    """`str(UnitKey.special(...))`, spelt out: the key of a special troop by its index on the palace."""
    return f"p{owner}/palace/{index}"


def palace_key(owner: int) -> str:
    """`str(UnitKey.palace(...))`, spelt out: the key of a player's palace."""
    return f"p{owner}/palace"
