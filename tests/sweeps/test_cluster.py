"""Where a sweep runs: the default local cluster it starts (and closes) itself, and the choices refused."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time

import pandas as pd
import psutil
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


def playing(parent: psutil.Process) -> bool:
    """Whether the command's worker processes are playing its games: two or more of them have each spent a second
    of CPU (starting a worker takes less than that)."""
    busy = 0
    for child in parent.children(recursive=True):
        with contextlib.suppress(psutil.Error):
            busy += child.cpu_times().user >= 1.0
    return busy >= 2


def test_ctrl_c_stops_a_run_on_local_workers_with_one_line_and_no_worker_left() -> None:
    """A terminal's Ctrl-C reaches the whole process group: each worker used to print its own tracebacks (68 lines
    of them under the command's one line). Started with SIGINT ignored, the workers leave the stopping to it."""
    command = [sys.executable, "-m", "rules.cli", "attack-the-tower", "sweep", "--vary", "cavalry_power=1,2"]
    command += ["--games", "2000", "--policy", "tuned", "--workers", "2", "--no-progress"]
    run = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True, text=True)
    parent = psutil.Process(run.pid)
    deadline = time.monotonic() + 300
    while not playing(parent) and time.monotonic() < deadline:  # pressed while the workers play games (a fixed
        time.sleep(0.2)  # wait fell short on a busy machine; a Ctrl-C during their start is the next test's)
    workers = parent.children(recursive=True)
    os.killpg(run.pid, signal.SIGINT)
    _, err = run.communicate(timeout=120)
    said = [line for line in err.splitlines() if "UserWarning" not in line and "from rules" not in line]
    assert run.returncode == 130 and said == ["error: interrupted"], err[-3000:]
    _, alive = psutil.wait_procs(workers, timeout=30)
    assert not alive and workers, "the workers stop with the command"


def test_ctrl_c_while_the_local_workers_start_is_heard_once_they_have() -> None:
    """The workers start with SIGINT ignored; the command used to ignore it too meanwhile, so a Ctrl-C pressed in
    the first seconds was lost and the sweep played on. It is now held back and heard once the cluster can close."""
    command = [sys.executable, "-m", "rules.cli", "attack-the-tower", "sweep", "--vary", "cavalry_power=1,2"]
    command += ["--games", "2000", "--policy", "tuned", "--workers", "2", "--no-progress"]
    run = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True, text=True)
    parent = psutil.Process(run.pid)
    deadline = time.monotonic() + 120
    while not parent.children() and time.monotonic() < deadline:  # the first worker process is starting
        time.sleep(0.02)
    assert not playing(parent), "pressed while the workers start, before they play"
    os.killpg(run.pid, signal.SIGINT)
    try:
        _, err = run.communicate(timeout=90)
    except subprocess.TimeoutExpired:
        os.killpg(run.pid, signal.SIGKILL)
        raise AssertionError("the Ctrl-C pressed while the workers started was not heard") from None
    said = [line for line in err.splitlines() if "UserWarning" not in line and "from rules" not in line]
    assert run.returncode == 130 and said == ["error: interrupted"], err[-3000:]
    deadline = time.monotonic() + 30
    while _in_session(run.pid) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not _in_session(run.pid), "the workers stop with the command"


def _in_session(session: int) -> list[int]:
    """The processes still alive in the command's session (it was started as a session of its own)."""
    alive = []
    for pid in psutil.pids():
        with contextlib.suppress(OSError, psutil.Error):
            if os.getsid(pid) == session and psutil.Process(pid).status() != psutil.STATUS_ZOMBIE:
                alive.append(pid)
    return alive
