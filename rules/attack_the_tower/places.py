"""A place on Attack the Tower's board, typed: `UnitKey` reads a key like 'p1/t0/s2/1' once into its parts, and
writes it back; the engine, the panels and a player's own keys all go through it."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Literal

from rules.attack_the_tower.model import SLOTS, TERRITORIES
from rules.core.errors import IllegalAction

UnitKind = Literal["troop", "special", "base", "palace"]
"""What a unit of a battle is: a troop counter on a base, a special troop in a palace, a base or a palace."""

_INDEX = r"(0|[1-9][0-9]{0,2})"
_KEY = re.compile(
    rf"p([01])/(?:t([0-{TERRITORIES - 1}])/s([0-{SLOTS - 1}])(?:/{_INDEX})?|palace(?:/{_INDEX})?)",
)


@dataclass(frozen=True, slots=True)
class UnitKey:
    """Where a unit stands, typed: the board key 'p1/t0/s2/1' (player 2's troop 2 on territory 1, slot 3)
    read once into its parts. `str` writes the key back; `parse` reads a key a person or a file gives."""

    owner: int
    kind: UnitKind
    territory: int | None = None
    slot: int | None = None
    index: int | None = None
    """The troop's place on its base, or the special troop's place in its palace."""

    @classmethod
    def troop(cls, owner: int, territory: int, slot: int, index: int) -> UnitKey:
        return cls(owner, "troop", territory, slot, index)

    @classmethod
    def base(cls, owner: int, territory: int, slot: int) -> UnitKey:
        return cls(owner, "base", territory, slot)

    @classmethod
    def special(cls, owner: int, index: int) -> UnitKey:
        return cls(owner, "special", index=index)

    @classmethod
    def palace(cls, owner: int) -> UnitKey:
        return cls(owner, "palace")

    @staticmethod
    def parse(text: str) -> UnitKey:
        """The key `text` names; IllegalAction in a player's words when it names no place on the board."""
        key = _parse_key(text)
        if key is None:
            raise IllegalAction(
                f"{text!r} names no place on the board (a key reads like 'p0/t1/s2/0': player, territory, "
                "slot, troop; 'p0/t1/s2' a base, 'p1/palace' a palace, 'p1/palace/0' a palace troop)"
            )
        return key

    @staticmethod
    def read(text: str) -> UnitKey | None:
        """The key `text` names, or None when it names no place on the board."""
        return _parse_key(text)

    @property
    def on_a_slot(self) -> bool:
        """A base or a troop on one (it has a territory and a slot)."""
        return self.kind in ("troop", "base")

    def slot_place(self) -> tuple[int, int]:
        """(territory, slot) of a base or of a troop on one."""
        assert self.territory is not None and self.slot is not None, f"{self} stands on no slot"
        return self.territory, self.slot

    def troop_place(self) -> tuple[int, int, int]:
        """(territory, slot, index on the base) of a troop."""
        assert self.index is not None and self.kind == "troop", f"{self} is not a troop"
        return (*self.slot_place(), self.index)

    def __str__(self) -> str:
        if self.kind == "troop":
            return f"p{self.owner}/t{self.territory}/s{self.slot}/{self.index}"
        if self.kind == "base":
            return f"p{self.owner}/t{self.territory}/s{self.slot}"
        if self.kind == "special":
            return f"p{self.owner}/palace/{self.index}"
        return f"p{self.owner}/palace"


@functools.lru_cache(maxsize=4096)
def _parse_key(text: str) -> UnitKey | None:
    """`UnitKey.parse` without the error (cached: the engine names the same few units at every step)."""
    found = _KEY.fullmatch(text) if isinstance(text, str) else None
    if found is None:
        return None
    owner, territory, slot, troop, special = found.groups()
    if territory is None:
        return UnitKey.palace(int(owner)) if special is None else UnitKey.special(int(owner), int(special))
    if troop is None:
        return UnitKey.base(int(owner), int(territory), int(slot))
    return UnitKey.troop(int(owner), int(territory), int(slot), int(troop))
