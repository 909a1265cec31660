"""Keys and seeds: what identifies a cell's results, and the seed of each of its games.

A game's seed is fixed by the cell it belongs to and its index in that cell, never by how the games were
split into tasks or how many workers played them, so a sweep gives the same rows on one core or fifty. The
seed does not depend on the number of games in the cell either: a cell of 2,000 games begins with the 1,000
games of the same cell of 1,000.
"""

from __future__ import annotations

import functools
import hashlib
import json
from importlib import resources
from typing import Any

CODE_VERSION = "2"
"""The version of what a sweep computes per game (the row's columns, how a game is set up and seeded).
Part of every cache key, beside a digest of the game's own sources, so old results are never mixed in."""

SEED_BITS = 63
"""Seeds are whole numbers from 0 to 2**63 - 1 (rules.core.limits.MAX_SEED)."""


def digest(data: Any) -> str:
    """The SHA-256 of the canonical JSON of `data` (sorted keys, no spaces), as hex: the same on every
    machine and every run."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True, default=str)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def game_seed(seed_key: str, index: int) -> int:
    """The seed of game `index` of the cell whose seed key is `seed_key`."""
    raw = hashlib.sha256(f"{seed_key}:{index}".encode("ascii")).digest()
    return int.from_bytes(raw[:8], "big") >> (64 - SEED_BITS)


@functools.cache
def code_fingerprint(package: str) -> str:
    """A digest of the Python sources and data files of `package` (a game's package, e.g. 'tests.nim'), of
    rules.core and of this package, with CODE_VERSION: changed code never reuses cached results."""
    h = hashlib.sha256(CODE_VERSION.encode("ascii"))
    for name in (package, "rules.core", "rules.sweeps"):
        for path, data in sorted(_files(name)):
            h.update(path.encode("utf-8"))
            h.update(hashlib.sha256(data).digest())
    return h.hexdigest()


def _files(package: str) -> list[tuple[str, bytes]]:
    found: list[tuple[str, bytes]] = []
    stack = [("", resources.files(package))]
    while stack:
        prefix, folder = stack.pop()
        for entry in folder.iterdir():
            if entry.is_dir():
                if entry.name != "__pycache__":
                    stack.append((f"{prefix}{entry.name}/", entry))
            elif entry.name.endswith((".py", ".json", ".toml")):
                found.append((f"{package}/{prefix}{entry.name}", entry.read_bytes()))
    return found
