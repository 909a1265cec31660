"""Tower Defense in words: the one way a track piece and a tower are written (and a track piece read back)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.tower_defense import catalog
from rules.tower_defense.cards import TrackName

if TYPE_CHECKING:
    from rules.tower_defense.model import Tower


def piece_label(track: str, number: int) -> str:
    return f"{track}{number}"


def parse_piece(label: str) -> tuple[TrackName, int]:
    """'A12' -> ('A', 12); raises ValueError for anything else."""
    if len(label) < 2 or label[0] not in "AB" or not label[1:].isdigit():
        raise ValueError(f"{label!r} is not a track piece (write A1 to A25 or B1 to B25)")
    return ("A" if label[0] == "A" else "B"), int(label[1:])


def tower_label(tower: Tower) -> str:
    return f"the Level {tower.level} {catalog.tower(tower.card).name} on {tower.at}"
