"""What of Attack the Tower runs compiled to C where a compiler is found (`rules.core.native_build`): its records,
its whole engine and the look-ahead players, the part every playout, search and sweep spends its time in."""

from __future__ import annotations

MODULES = (
    "model.py",
    "actions.py",
    "places.py",
    "policies/powers.py",
    "policies/planner.py",
    "policies/features.py",
    "policies/learned.py",
)
"""The records and the board's places, and the players that every sweep and ladder spends its time in (the
planner, the troop powers it weighs, and the learned and tuned players built on its look-ahead)."""
FOLDERS = ("engine", "engine/combat")
"""Every module of these folders but their `__init__`."""
NON_NATIVE = {"engine/common.py": frozenset({"Events"}), "policies/learned.py": frozenset({"Evaluation"})}
"""Classes that stay Python classes, by module: one that extends a class of a module left as Python, and a frozen
dataclass that is pickled with its player to a ladder's or a tuning trial's workers (a compiled one refuses the
fields' assignment unpickling makes)."""
