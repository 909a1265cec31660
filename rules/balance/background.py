"""A balance run in a background thread, for a caller that must stay responsive (the balance lab's balance tab):
it polls `progress`, may `cancel`, and takes the `result` once `done`."""

from __future__ import annotations

import threading
from typing import Any

from rules.balance.plan import BalanceSpec
from rules.balance.run import BalanceProgress, BalanceResult, run_balance


class BalanceRun:
    """One balance running in its own thread (see `start_balance`)."""

    def __init__(self, spec: BalanceSpec, options: dict[str, Any]) -> None:
        self.spec = spec
        self.progress: BalanceProgress | None = None
        """The latest progress reported (None until the first games are counted)."""
        self._stop = threading.Event()
        self._result: BalanceResult | None = None
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, args=(options,), name="balance", daemon=True)

    def _run(self, options: dict[str, Any]) -> None:
        try:
            self._result = run_balance(self.spec, progress=self._report, stop=self._stop.is_set, **options)
        except BaseException as exc:  # handed to whoever asks for the result, in their thread
            self._error = exc

    def _report(self, progress: BalanceProgress) -> None:
        self.progress = progress

    def start(self) -> BalanceRun:
        self._thread.start()
        return self

    def cancel(self) -> None:
        """Ask the search to stop after the games under way; the candidates measured whole are kept."""
        self._stop.set()

    @property
    def cancelled(self) -> bool:
        return self._stop.is_set()

    @property
    def done(self) -> bool:
        return not self._thread.is_alive()

    def result(self, timeout: float | None = None) -> BalanceResult:
        """The result once the run has ended (waiting up to `timeout` seconds); the run's error, if it failed;
        TimeoutError if it is still running."""
        self._thread.join(timeout)
        if self._thread.is_alive():
            raise TimeoutError("the balance is still running")
        if self._error is not None:
            raise self._error
        assert self._result is not None
        return self._result


def start_balance(spec: BalanceSpec, **options: Any) -> BalanceRun:
    """Start `run_balance(spec, **options)` in a background thread and return its handle at once."""
    return BalanceRun(spec, options).start()
