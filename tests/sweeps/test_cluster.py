"""Where a sweep runs: the default local cluster it starts (and closes) itself, and the choices refused."""

from __future__ import annotations

import pandas as pd
import pytest
from distributed import Client

from rules.core import limits
from rules.sweeps.cells import cells
from rules.sweeps.cluster import ClusterError, check_workers, default_workers
from rules.sweeps.cluster import dask_client as client_for
from rules.sweeps.runner import chunk_size, run_sweep, tasks_of
from tests.sweeps.helpers import cavalry_spec


def test_a_local_cluster_started_for_the_run_gives_the_rows_of_one_process() -> None:
    spec = cavalry_spec(games=2, vary={"cavalry_power": [3]})
    on_one_worker = run_sweep(spec, workers=1)
    pd.testing.assert_frame_equal(on_one_worker.games, run_sweep(spec, in_process=True).games)


def test_the_default_is_one_worker_per_core() -> None:
    assert check_workers(None) == min(default_workers(), limits.MAX_SWEEP_WORKERS) >= 1
    assert check_workers(2) == 2


@pytest.mark.parametrize("workers", [0, -1, limits.MAX_SWEEP_WORKERS + 1, True])
def test_a_number_of_workers_out_of_bounds_is_refused(workers: int) -> None:
    with pytest.raises(ClusterError, match=f"1 to {limits.MAX_SWEEP_WORKERS}"):
        check_workers(workers)


def test_one_place_to_run_is_asked_for(dask_client: Client) -> None:
    with pytest.raises(ClusterError, match="not several"), client_for(dask_client, None, 2):
        pass
    with pytest.raises(ClusterError, match="has its own workers"), client_for(None, "tcp://127.0.0.1:1", 2):
        pass


def test_games_are_cut_into_a_few_tasks_per_worker() -> None:
    assert chunk_size(1000, 2) == 100
    assert chunk_size(40, 2) == 5
    assert chunk_size(3, 8) == 1
    tasks = tasks_of(cells(cavalry_spec(games=5)), 2)
    assert [(t.cell.index, t.start, t.stop) for t in tasks[:3]] == [(0, 0, 2), (0, 2, 4), (0, 4, 5)]
    assert len(tasks) == 9
