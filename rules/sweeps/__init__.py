"""Win-rate sweeps over every game: a grid of `Rules` values, army pairs and card variants, N games per cell,
played in one process or on Dask distributed, cached on disk, returned as pandas DataFrames.

    from rules.sweeps import SweepSpec, run_sweep

    spec = SweepSpec(game="attack-the-tower", vary={"cavalry_power": [2, 3, 4]},
                     armies=["undead,westerners"], games=200)
    result = run_sweep(spec, cache="sweep-cache")      # a local cluster, one worker per core
    result.summary[["cavalry_power", "win_rate_0", "ci_low_0", "ci_high_0"]]

The optional `sweeps` extra (dask[distributed], pandas, pyarrow) is needed; Dask is imported only when a
sweep runs on it.
"""

from rules.sweeps.cells import Cell, cells
from rules.sweeps.overrides import CardEdit, parse_edit, parse_edits
from rules.sweeps.runner import ProgressHook, StopHook, SweepProgress, SweepResult, run_sweep
from rules.sweeps.spec import SweepSpec

__all__ = [
    "CardEdit",
    "Cell",
    "ProgressHook",
    "StopHook",
    "SweepProgress",
    "SweepResult",
    "SweepSpec",
    "cells",
    "parse_edit",
    "parse_edits",
    "run_sweep",
]
