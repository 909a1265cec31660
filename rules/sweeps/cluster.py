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
from multiprocessing import resource_tracker
from typing import TYPE_CHECKING, Any

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
    held = _InterruptsHeld()
    try:
        with warnings.catch_warnings():
            # Without a dashboard the scheduler still answers health checks over HTTP on loopback, on port 8787
            # or, when another cluster holds that port, on a free one: nothing to warn a designer about.
            warnings.filterwarnings("ignore", message=r"Port \d+ is already in use", category=UserWarning)
            with held.while_processes_start():
                cluster = LocalCluster(
                    n_workers=n,
                    processes=True,
                    threads_per_worker=1,
                    dashboard_address=None,
                    host="127.0.0.1",
                    # a game's error reaches the command as the task's exception; what the workers log at ERROR
                    # is the cluster's own business (a heartbeat that meets the scheduler already closed after
                    # Ctrl-C)
                    silence_logs=logging.CRITICAL,
                )
    except BaseException:
        held.release()
        raise
    with cluster, Client(cluster) as local:
        held.release()  # a Ctrl-C pressed while the workers started is heard here, and the cluster closes
        yield local


class _InterruptsHeld:
    """Ctrl-C while a local cluster starts. A terminal sends SIGINT to the whole process group, and each worker's
    traceback would bury the command's one line, so the worker processes must not act on it: they are started by
    the cluster's own threads, which are started under `while_processes_start` with SIGINT blocked, and a process
    keeps the signals its starting thread blocked. The command stops them on its way out. A Ctrl-C pressed
    meanwhile reaches a thread of this process that does not block it (the main thread, or one a library started
    before), and is noted rather than breaking off the start half done: `release` raises it once the cluster can
    be closed on the way out. Only the main thread may change a signal's handling; elsewhere (a panel's run)
    nothing changes."""

    def __init__(self) -> None:
        self.held = threading.current_thread() is threading.main_thread() and hasattr(signal, "pthread_sigmask")
        self.pressed = False
        self.before: Any = None

    def _note(self, _signal: int, _frame: object) -> None:
        self.pressed = True

    @contextlib.contextmanager
    def while_processes_start(self) -> Iterator[None]:
        if not self.held:
            yield
            return
        # multiprocessing's resource tracker, started with the first worker process, unblocks SIGINT in the thread
        # that starts it: it is started here first
        resource_tracker.ensure_running()
        self.before = signal.signal(signal.SIGINT, self._note)
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            yield
        finally:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})

    def release(self) -> None:
        """Ctrl-C acts again; one pressed while the cluster started is raised now, as KeyboardInterrupt."""
        if not self.held:
            return
        self.held = False
        if self.before is not None:
            signal.signal(signal.SIGINT, self.before)
        if self.pressed:
            raise KeyboardInterrupt
