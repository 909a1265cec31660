"""A sweep run in a background thread, for a caller that must stay responsive (a panel in a notebook): it
polls `progress`, may `cancel`, and takes the `result` once `done`."""

from __future__ import annotations

import threading
from typing import Any

from rules.sweeps.runner import SweepProgress, SweepResult, run_sweep
from rules.sweeps.spec import SweepSpec


class SweepRun:
    """One sweep running in its own thread (see `start_sweep`)."""

    def __init__(self, spec: SweepSpec, options: dict[str, Any]) -> None:
        self.spec = spec
        self.progress: SweepProgress | None = None
        """The latest progress reported (None until the run has looked at its cache)."""
        self._stop = threading.Event()
        self._result: SweepResult | None = None
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, args=(options,), name="sweep", daemon=True)

    def _run(self, options: dict[str, Any]) -> None:
        try:
            self._result = run_sweep(self.spec, progress=self._report, stop=self._stop.is_set, **options)
        except BaseException as exc:  # handed to whoever asks for the result, in their thread
            self._error = exc

    def _report(self, progress: SweepProgress) -> None:
        self.progress = progress

    def start(self) -> SweepRun:
        self._thread.start()
        return self

    def cancel(self) -> None:
        """Ask the run to stop after the chunks under way; the cells finished are kept (and cached)."""
        self._stop.set()

    @property
    def cancelled(self) -> bool:
        return self._stop.is_set()

    @property
    def done(self) -> bool:
        return not self._thread.is_alive()

    def result(self, timeout: float | None = None) -> SweepResult:
        """The results once the run has ended (waiting up to `timeout` seconds); the run's error, if it
        failed; TimeoutError if it is still running."""
        self._thread.join(timeout)
        if self._thread.is_alive():
            raise TimeoutError("the sweep is still running")
        if self._error is not None:
            raise self._error
        assert self._result is not None
        return self._result


def start_sweep(spec: SweepSpec, **options: Any) -> SweepRun:
    """Start `run_sweep(spec, **options)` in a background thread and return its handle at once (options as
    for run_sweep, without `progress` and `stop`, which the handle provides)."""
    return SweepRun(spec, options).start()
