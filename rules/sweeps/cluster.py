"""Where a sweep's tasks run on Dask distributed: a client you hold, a running scheduler by its address, or
a local cluster started for the run (one single-threaded worker process per core, no dashboard: nothing is
served or fetched beyond the cluster's own loopback connections).

A scheduler's address is read by Dask's own parser and only a scheme the installed Dask can connect with is
taken; `tls://` and `wss://` use Dask's security configuration (rules.sweeps.scheduler). Every wait is
bounded: the connection and the scheduler's first answer, then its first worker.

Dask is imported only here and only when a sweep runs on it, so the rules and an in-process sweep do not
need it.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import threading
import warnings
from collections.abc import Iterator
from typing import TYPE_CHECKING

__all__ = ["ClusterError", "check_workers", "dask_client", "default_workers"]

from rules.core import limits
from rules.sweeps.scheduler import ClusterError, scheduler_client

if TYPE_CHECKING:
    from distributed import Client


def default_workers() -> int:
    """One worker per core this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not every platform can say which cores a process may use
        return max(1, os.cpu_count() or 1)


def check_workers(workers: int | None) -> int:
    """The number of local workers: `workers` from 1 to MAX_SWEEP_WORKERS, or one per core."""
    if workers is None:
        return min(default_workers(), limits.MAX_SWEEP_WORKERS)
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= limits.MAX_SWEEP_WORKERS:
        raise ClusterError(f"workers: a sweep starts 1 to {limits.MAX_SWEEP_WORKERS} workers, not {workers!r}")
    return workers


@contextlib.contextmanager
def dask_client(client: Client | None, scheduler: str | None, workers: int | None) -> Iterator[Client]:
    """The client to run on: `client` as it is (left open), a new client of the scheduler at `scheduler`,
    or a new local cluster of `workers` processes; what is opened here is closed on leaving."""
    if client is not None:
        if scheduler is not None or workers is not None:
            raise ClusterError("give a Dask client, a scheduler address or a number of workers, not several")
        yield client
        return
    from distributed import Client, LocalCluster

    if scheduler is not None:
        if workers is not None:
            raise ClusterError("--workers starts a local cluster; a cluster at --scheduler has its own workers")
        with scheduler_client(scheduler) as remote:
            yield remote
        return
    n = check_workers(workers)
    with warnings.catch_warnings():
        # Without a dashboard the scheduler still answers health checks over HTTP on loopback, on port 8787
        # or, when another cluster holds that port, on a free one: nothing to warn a designer about.
        warnings.filterwarnings("ignore", message=r"Port \d+ is already in use", category=UserWarning)
        with _interrupts_ignored_by_new_processes():
            cluster = LocalCluster(
                n_workers=n,
                processes=True,
                threads_per_worker=1,
                dashboard_address=None,
                host="127.0.0.1",
                # a game's error reaches the command as the task's exception; what the workers log at ERROR is
                # the cluster's own business (a heartbeat that meets the scheduler already closed after Ctrl-C)
                silence_logs=logging.CRITICAL,
            )
    with cluster, Client(cluster) as local:
        yield local


@contextlib.contextmanager
def _interrupts_ignored_by_new_processes() -> Iterator[None]:
    """Worker processes started in here ignore Ctrl-C (a terminal sends SIGINT to the whole process group): the
    command that started them stops them on its way out, saying one line, where each worker's own traceback would
    bury it. Python leaves SIGINT ignored in a process started with it ignored. Only the main thread may change a
    signal's handling; elsewhere (a panel's run) nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
