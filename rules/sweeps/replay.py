"""A sweep game played again: its start and every action, from its cell (rules, cards, policies) and its seed, so
that any row of a sweep (or of a balance's check) can be watched step by step in the explorer.

The cell's changed cards (its armies, or its card set) are put in use in this process, and left in use: the
explorer showing the game needs them. The game's own catalog puts the shipped ones back.
"""

from __future__ import annotations

from typing import Any

from rules.sweeps.cells import Cell
from rules.sweeps.play import play_line, set_up


def replay_game(cell: Cell, index: int) -> tuple[Any, list[Any]]:
    """Game `index` of the cell: its first position and every action taken, the same as the sweep played."""
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < cell.games:
        raise IndexError(f"the cell has games 0 to {cell.games - 1}, not {index!r}")
    start, line = play_line(cell, index, *set_up(cell))
    return start, list(line.actions)
