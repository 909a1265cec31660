"""What of Attack the Tower runs compiled to C where a compiler is found (`rules.core.native_build`): its records
and its whole engine, the part every playout, search and sweep spends its time in."""

from __future__ import annotations

MODULES = ("model.py", "actions.py")
FOLDERS = ("engine", "engine/combat")
"""Every module of these folders but their `__init__`."""
NON_NATIVE = {"engine/common.py": frozenset({"Events"})}
"""Classes that extend a class of a module left as Python (they stay Python classes), by module."""
