"""A balance run in a background thread, for a caller that must stay responsive (the balance lab's balance tab):
it polls `progress`, may `cancel`, and takes the `result` once `done` (rules.sweeps.background's handle)."""

from __future__ import annotations

from typing import Any

from rules.balance.plan import BalanceSpec
from rules.balance.run import BalanceProgress, BalanceResult, run_balance
from rules.sweeps.background import BackgroundRun


class BalanceRun(BackgroundRun[BalanceProgress, BalanceResult]):
    """One balance running in its own thread (see `start_balance`); a cancel keeps the candidates measured whole."""

    def __init__(self, spec: BalanceSpec, options: dict[str, Any]) -> None:
        super().__init__("balance", lambda progress, stop: run_balance(spec, progress=progress, stop=stop, **options))
        self.spec = spec


def start_balance(spec: BalanceSpec, **options: Any) -> BalanceRun:
    """Start `run_balance(spec, **options)` in a background thread and return its handle at once."""
    return BalanceRun(spec, options).start()
