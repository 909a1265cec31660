"""Which engine runs: the modules compiled to C by `rules.core.native_build`, or their sources.

The compiled modules sit beside their sources, where Python imports them first, with a digest of each source
they were compiled from (`MANIFEST`). Where a source has changed since, or `TOWER_RULES_PURE=1` is set,
`prefer_sources` (called as `rules` is imported) has the sources imported instead, so an edited rule always
runs as written; without a compiler nothing is compiled and the sources run: the same rules, only slower.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.machinery
import json
import os
import sys
import sysconfig
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

PACKAGE = Path(__file__).resolve().parents[1]
"""The `rules` package's folder."""
ROOT = PACKAGE.parent
BUILD = ROOT / "build" / "native"
MANIFEST = PACKAGE / ".native.json"
"""The digest of each source compiled, written by the build (not kept in git, as the compiled modules)."""
PURE = "TOWER_RULES_PURE"
"""Set to 1 to run the pure-Python modules where compiled ones are present."""

GROUP = "rules.native_engine"
"""The name of the one shared library mypyc builds for the compiled modules."""
SHARED_LIBRARY = PACKAGE / (GROUP.rsplit(".", 1)[-1] + "__mypyc")
"""That library's file, without its extension (`rules/native_engine__mypyc...`)."""
EXTENSION = sysconfig.get_config_var("EXT_SUFFIX") or ".so"


def digest(relative: str) -> str:
    """A source's digest (what the build records, and each import compares)."""
    return hashlib.sha256((ROOT / relative).read_bytes()).hexdigest()


def extension(relative: str) -> Path:
    """Where a source's compiled module goes: beside it, named as this Python names extension modules."""
    return ROOT / (relative.removesuffix(".py") + EXTENSION)


def compiled_present() -> list[Path]:
    """The compiled modules in the package now (and the library they share)."""
    return sorted(PACKAGE.rglob("*" + EXTENSION))


def manifest() -> dict[str, Any]:
    """What the last build recorded (empty: no build): `compiled`, the digest of each source it compiled by path
    from the project's root, and `built_by`, the digest of the build's own sources and of the games' `compiled`
    lists."""
    try:
        found = json.loads(MANIFEST.read_text())
    except (OSError, ValueError):
        return {}
    return found if isinstance(found, dict) else {}


def recorded() -> dict[str, str]:
    """The digest of each source of the last build, by path from the project's root (none: no build)."""
    compiled = manifest().get("compiled", {})
    return compiled if isinstance(compiled, dict) else {}


def stale_sources() -> list[str]:
    """The sources whose compiled modules cannot be trusted, so that none is used: changed since they were
    compiled, or compiled with the others and now missing (a compiled module expects the others' compiled
    classes), or compiled modules of which no build keeps a record."""
    sources = recorded()
    changed = [
        m for m, known in sources.items() if not (ROOT / m).exists() or not extension(m).exists() or digest(m) != known
    ]
    unknown = [
        path.relative_to(ROOT).as_posix()
        for path in compiled_present()
        if not path.name.startswith(SHARED_LIBRARY.name)
        and path.relative_to(ROOT).as_posix().removesuffix(EXTENSION) + ".py" not in sources
    ]
    return changed + unknown


class _SourcesFirst(importlib.machinery.PathFinder):
    """Finds the modules of `rules` among their sources only (never a compiled module beside one)."""

    @classmethod
    def find_spec(
        cls, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith("rules.") or not path:
            return None
        loaders = [(importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)]
        for entry in path:
            spec = importlib.machinery.FileFinder(entry, *loaders).find_spec(fullname, target)
            if spec is not None:
                return spec
        return None


def prefer_sources() -> None:
    """Import the pure-Python modules of `rules` when asked to (`TOWER_RULES_PURE=1`) or when a compiled module
    is older than its source; called once, as `rules` is imported."""
    if not compiled_present():
        return
    stale = stale_sources()
    if os.environ.get(PURE) != "1" and not stale:
        return
    if stale and os.environ.get(PURE) != "1":
        warnings.warn(
            f"the compiled engine is older than {len(stale)} of its sources ({stale[0]}, ...): running the "
            "pure-Python modules; `make install` compiles them again",
            stacklevel=3,
        )
    if not any(isinstance(finder, type) and issubclass(finder, _SourcesFirst) for finder in sys.meta_path):
        sys.meta_path.insert(0, _SourcesFirst)


def running_compiled() -> bool:
    """Whether this process runs the compiled modules (every one the last build compiled)."""
    modules = [m.removesuffix(".py").replace("/", ".") for m in recorded()]
    if not modules or not compiled_present():
        return False
    return all(not str(importlib.import_module(m).__file__).endswith(".py") for m in modules)
