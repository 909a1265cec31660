"""What of Tower Defense runs compiled to C where a compiler is found (`rules.core.native_build`): its records,
its whole engine and its players, the part every playout, ladder and sweep spends its time in."""

from __future__ import annotations

MODULES = ("model.py", "actions.py")
"""The records: the position and the actions."""
FOLDERS = ("engine", "policies")
"""Every module of these folders but their `__init__`."""
NON_NATIVE: dict[str, frozenset[str]] = {}
"""Classes that stay Python classes, by module (none)."""
