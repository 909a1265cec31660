"""Fewer garbage collections while a sweep plays its games.

A sweep's games make and drop many small objects while the memos of the rules packages hold many long-lived
ones, so the collector's default thresholds make it walk those memos again and again for little garbage (game
positions are immutable trees, freed by reference counting). While any chunk plays in a process, the
thresholds are raised; the process's own settings are put back when the last chunk ends.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

SWEEP_THRESHOLDS = (50_000, 50, 1_000)
"""`gc.set_threshold` while games play: a young collection every 50,000 allocations net (not 700), and a full
one seldom."""

_lock = threading.Lock()
_playing = [0]
_saved: list[tuple[int, ...]] = []


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Raise the collector's thresholds for the duration (nested and threaded uses put the first settings
    back once the last ends)."""
    with _lock:
        if _playing[0] == 0:
            _saved[:] = [gc.get_threshold()]
            gc.set_threshold(*SWEEP_THRESHOLDS)
        _playing[0] += 1
    try:
        yield
    finally:
        with _lock:
            _playing[0] -= 1
            if _playing[0] == 0:
                gc.set_threshold(*_saved[0])
