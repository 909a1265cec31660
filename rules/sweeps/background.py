"""A long run (a sweep, or a balance built on sweeps) in a background thread, for a caller that must stay
responsive (a panel in a notebook): it polls `progress`, may `cancel`, and takes the `result` once `done`."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Generic, Self, TypeVar

from rules.sweeps.runner import SweepProgress, SweepResult, run_sweep
from rules.sweeps.spec import SweepSpec

P = TypeVar("P")
R = TypeVar("R")
Work = Callable[[Callable[[P], None], Callable[[], bool]], R]
"""The run itself, given where to report its progress and what to ask whether it should stop."""


class BackgroundRun(Generic[P, R]):
    """One run of `spec` in its own thread: `what` names it in messages ("sweep", "balance")."""

    def __init__(self, what: str, spec: Any, work: Work[P, R]) -> None:
        self.what = what
        self.spec = spec
        self.progress: P | None = None
        """The latest progress reported (None until the run reports its first)."""
        self._work = work
        self._stop = threading.Event()
        self._result: R | None = None
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name=what, daemon=True)

    def _run(self) -> None:
        try:
            self._result = self._work(self._report, self._stop.is_set)
        except BaseException as exc:  # handed to whoever asks for the result, in their thread
            self._error = exc

    def _report(self, progress: P) -> None:
        self.progress = progress

    def start(self) -> Self:
        self._thread.start()
        return self

    def cancel(self) -> None:
        """Ask the run to stop after the work under way (what it finished is kept)."""
        self._stop.set()

    @property
    def cancelled(self) -> bool:
        return self._stop.is_set()

    @property
    def done(self) -> bool:
        return not self._thread.is_alive()

    def result(self, timeout: float | None = None) -> R:
        """The result once the run has ended (waiting up to `timeout` seconds); the run's error, if it failed;
        TimeoutError if it is still running."""
        self._thread.join(timeout)
        if self._thread.is_alive():
            raise TimeoutError(f"the {self.what} is still running")
        if self._error is not None:
            raise self._error
        assert self._result is not None
        return self._result


def start_run(what: str, run: Callable[..., R], spec: Any, options: dict[str, Any]) -> BackgroundRun[Any, R]:
    """Start `run(spec, **options)` in a background thread, its progress and stop hooks the handle's, and return
    the handle at once."""
    return BackgroundRun(what, spec, lambda progress, stop: run(spec, progress=progress, stop=stop, **options)).start()


SweepRun = BackgroundRun[SweepProgress, SweepResult]
"""One sweep running in its own thread (see `start_sweep`); a cancel keeps the cells finished (and cached)."""


def start_sweep(spec: SweepSpec, **options: Any) -> SweepRun:
    """Start `run_sweep(spec, **options)` in a background thread and return its handle at once (options as
    for run_sweep, without `progress` and `stop`, which the handle provides)."""
    return start_run("sweep", run_sweep, spec, options)
