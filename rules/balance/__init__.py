"""The balancer: which numbers to change, and by how much, so that every matchup (or player count) is close to a
target win rate, with as few and as small changes as possible; and the metagame of a matchup matrix.

    from rules.balance import BalanceSpec, run_balance

    result = run_balance(BalanceSpec(armies="undead,bandits,westerners,easterners", max_changes=3), workers=2)
    print(result.report())
    result.write("balanced")          # the changed army files, each change's source saying what it was

Modules, one job each: `knobs` (what may change, `--tune`), `plan` (the spec and the cells a candidate plays),
`measure` (tallies, intervals, distances), `search` (optuna, stages, early stops, the Pareto front), `run` (the
whole balance and its final check), `answer` (army files), `report` (the result in words), `metagame` (the
army-choice game's equilibrium), `card_stats` (which cards win), `cli` (`tower-rules <game> balance`).
The optional `balance` extra (optuna, with the sweeps' dask and pandas) is needed.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rules.balance.plan import BalanceSpec
    from rules.balance.run import BalanceProgress, BalanceResult, run_balance

_WHERE = {
    "BalanceSpec": "plan",
    "BalanceProgress": "run",
    "BalanceResult": "run",
    "run_balance": "run",
}
__all__ = ["BalanceProgress", "BalanceResult", "BalanceSpec", "run_balance"]


def __getattr__(name: str) -> Any:
    """The public names, each imported from its module when first asked for."""
    if name not in _WHERE:
        raise AttributeError(f"module 'rules.balance' has no attribute {name!r}")
    return getattr(importlib.import_module(f"rules.balance.{_WHERE[name]}"), name)
