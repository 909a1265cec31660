"""Watching a sweep that runs in the background (`rules.sweeps.start_sweep`) without blocking the kernel: a
timer thread looks at the run a few times a second, reports its progress and, once the run has ended,
hands it over exactly once, whether the timer sees the end first or a caller waiting on it does."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Protocol


class Watched(Protocol):
    """A run in the background: a sweep (`rules.sweeps.SweepRun`) or a balance (`rules.balance.background`)."""

    @property
    def progress(self) -> Any: ...

    @property
    def done(self) -> bool: ...

    def result(self, timeout: float | None = None) -> Any: ...


POLL_SECONDS = 0.25
"""How often the progress bar moves (each look costs the kernel almost nothing)."""


class SweepWatch:
    """Polls one run: `on_progress(progress)` while it runs, `on_end(run)` once when it has ended."""

    def __init__(
        self,
        run: Watched,
        on_progress: Callable[[Any], None],
        on_end: Callable[[Any], None],
        *,
        every: float = POLL_SECONDS,
        timer: Callable[..., Any] = threading.Timer,
    ) -> None:
        self.run = run
        self.on_progress = on_progress
        self.on_end = on_end
        self.every = every
        self.timer = timer
        self.ended = False
        self._lock = threading.Lock()
        self._pending: Any = None
        self._seen: Any = None
        self._handed = threading.Event()

    @property
    def finished(self) -> bool:
        """True once the run has ended and been handed over (its results are shown)."""
        return self._handed.is_set()

    def start(self) -> SweepWatch:
        """Look now and keep looking until the run ends."""
        self.poll()
        return self

    def poll(self) -> None:
        """One look: report new progress; hand the run over if it has ended, else look again later."""
        if self.ended:
            return
        progress = self.run.progress
        if progress is not None and progress != self._seen:
            self._seen = progress
            self.on_progress(progress)
        if self.run.done:
            self._end()
            return
        self._pending = self.timer(self.every, self.poll)
        self._pending.daemon = True
        self._pending.start()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait in this thread until the run ends (at most `timeout` seconds) and hand it over; True once
        it has ended. For notebooks and tests that want the result in the cell that ran the sweep."""
        try:
            self.run.result(timeout)
        except TimeoutError:
            return False
        except BaseException:  # the run's own error: on_end reads it from the run and says it
            pass
        if self.run.progress is not None and self.run.progress != self._seen:
            self._seen = self.run.progress
            self.on_progress(self.run.progress)
        self._end()
        return self._handed.wait(timeout)

    def _end(self) -> None:
        with self._lock:
            if self.ended:
                return
            self.ended = True
        if self._pending is not None:
            self._pending.cancel()
        try:
            self.on_end(self.run)
        finally:
            self._handed.set()
