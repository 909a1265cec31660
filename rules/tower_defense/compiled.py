"""What of Tower Defense runs compiled to C where a compiler is found (`rules.core.native_build`): its records
and its whole engine, the part every playout, search and sweep spends its time in."""

from __future__ import annotations

MODULES = ("model.py", "actions.py")
"""The records: the position and the actions."""
FOLDERS = ("engine",)
"""Every module of these folders but their `__init__`."""
NON_NATIVE: dict[str, frozenset[str]] = {}
"""Classes that stay Python classes, by module (none)."""
