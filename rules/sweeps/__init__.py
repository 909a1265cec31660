"""Win-rate sweeps over every game: a grid of `Rules` values, army pairs and card variants, N games per cell,
played in one process or on Dask distributed, cached on disk, returned as pandas DataFrames.

    from rules.sweeps import SweepSpec, run_sweep

    spec = SweepSpec(game=GAME, vary={FIELD: [2, 3, 4]}, games=200)   # GAME: a registered game's slug
    result = run_sweep(spec, cache="sweep-cache")      # a local cluster, one worker per core
    result.summary[[FIELD, "win_rate_0", "ci_low_0", "ci_high_0"]]

The optional `sweeps` extra (dask[distributed], pandas, pyarrow) is needed. The names below are imported
when first used, so the command line can register `sweep` without loading pandas, and Dask is imported only
when a sweep runs on it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rules.sweeps.background import SweepRun, start_sweep
    from rules.sweeps.runner import SweepProgress, SweepResult, run_sweep
    from rules.sweeps.spec import SweepSpec

_WHERE = {
    "SweepProgress": "runner",
    "SweepResult": "runner",
    "run_sweep": "runner",
    "SweepRun": "background",
    "start_sweep": "background",
    "SweepSpec": "spec",
}
__all__ = ["SweepProgress", "SweepResult", "SweepRun", "SweepSpec", "run_sweep", "start_sweep"]


def __getattr__(name: str) -> Any:
    """The public names, each imported from its module when first asked for."""
    if name not in _WHERE:
        raise AttributeError(f"module 'rules.sweeps' has no attribute {name!r}")
    return getattr(importlib.import_module(f"rules.sweeps.{_WHERE[name]}"), name)
