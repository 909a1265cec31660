"""Running a sweep: the cells the cache does not hold are cut into chunks of games, played in this process or
as tasks on Dask distributed, and gathered into the games and summary frames.

Where the games run changes nothing in the results: each game's seed comes from its cell and its index, so
one process, a local cluster of any size and a remote cluster give the same rows.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict, Unpack

import pandas as pd

from rules.core.ladder import chunks_of
from rules.sweeps.cache import SweepCache
from rules.sweeps.cells import Cell, cells
from rules.sweeps.cluster import dask_client
from rules.sweeps.frames import empty_frames, games_frame, records_frame, summary_frame
from rules.sweeps.games import sweep_game
from rules.sweeps.play import GameRecord, play_chunk
from rules.sweeps.seeding import code_fingerprint
from rules.sweeps.spec import SweepSpec

if TYPE_CHECKING:
    from distributed import Client

MAX_CHUNK = 100
"""A task plays at most this many games unless told otherwise (a few seconds of planner games)."""
IN_PROCESS_CHUNK = 5
"""Games between two progress reports (and stop checks) when a sweep plays in this process: the chunks cost
nothing there, so they are small enough that a cancel takes effect within a few games."""
TASKS_PER_WORKER = 4
"""Chunks are cut so that each worker gets about this many tasks (the last ones finish close together)."""
POLL_SECONDS = 0.05
"""How often a run on Dask looks for finished tasks and for a request to stop."""


@dataclass(frozen=True, slots=True)
class SweepProgress:
    """Where a sweep stands: games and cells done (those read from the cache included) out of all."""

    games_done: int
    games_total: int
    cells_done: int
    cells_total: int
    games_cached: int

    @property
    def fraction(self) -> float:
        return self.games_done / self.games_total if self.games_total else 1.0


ProgressHook = Callable[[SweepProgress], None]
"""Called with the progress at the start of a run and after every chunk of games, in the calling thread."""
StopHook = Callable[[], bool]
"""Asked after every chunk (and while waiting on Dask): True stops the run, keeping the cells finished."""


@dataclass(frozen=True, slots=True)
class SweepResult:
    """A sweep's results: `games` (one row per game) and `summary` (one row per cell) of the cells finished,
    how many games were played now and how many read from the cache, and whether every cell is in."""

    spec: SweepSpec
    games: pd.DataFrame
    summary: pd.DataFrame
    played: int
    cached: int
    complete: bool
    replayed: tuple[str, ...] = ()
    """The cells found in the cache but played again, one line each: which file, and why it did not match."""
    unsaved: tuple[str, ...] = ()
    """The cells played but not written to the cache, one line each: why."""


@dataclass(frozen=True, slots=True)
class Task:
    """Games `start` to `stop - 1` of one cell."""

    cell: Cell
    start: int
    stop: int


def chunk_size(games: int, workers: int) -> int:
    """Games per task: about TASKS_PER_WORKER tasks a worker, at most MAX_CHUNK games a task."""
    return max(1, min(MAX_CHUNK, math.ceil(games / max(1, workers * TASKS_PER_WORKER))))


def tasks_of(todo: Sequence[Cell], size: int) -> list[Task]:
    """The cells' games cut into tasks of at most `size` games, cell by cell."""
    return [Task(c, r.start, r.stop) for c in todo for r in chunks_of(c.games, size)]


class _Tally:
    """The records gathered so far, cell by cell; a cell is finished once all its games are in."""

    def __init__(self, all_cells: Sequence[Cell], cached: dict[int, pd.DataFrame], progress: ProgressHook | None):
        self.cells = list(all_cells)
        self.frames = dict(cached)
        self.records: dict[int, list[GameRecord]] = {}
        self.progress = progress
        self.cached = sum(len(f) for f in cached.values())
        self.played = 0

    def add(self, cell: Cell, records: list[GameRecord], cache: SweepCache | None) -> None:
        self.played += len(records)
        mine = self.records.setdefault(cell.index, [])
        mine += records
        if len(mine) == cell.games:
            frame = records_frame(mine, cell.players)
            if cache is not None:
                cache.save(cell, frame)
            self.frames[cell.index] = frame
            del self.records[cell.index]
        self.report()

    def report(self) -> None:
        if self.progress is not None:
            total = sum(c.games for c in self.cells)
            done = self.cached + self.played
            self.progress(SweepProgress(done, total, len(self.frames), len(self.cells), self.cached))


@dataclass(frozen=True, slots=True)
class CellsResult:
    """The games of the cells finished, by cell index, with how many games were played now and read from the
    cache, and the cache's notes (cells replayed, cells not saved)."""

    frames: dict[int, pd.DataFrame]
    played: int
    cached: int
    replayed: tuple[str, ...] = ()
    unsaved: tuple[str, ...] = ()


class RunOptions(TypedDict, total=False):
    """Where a run plays its games and what it reports: see `run_sweep`."""

    client: Client | None
    scheduler: str | None
    workers: int | None
    in_process: bool
    cache: str | Path | None
    progress: ProgressHook | None
    stop: StopHook | None
    chunk: int | None


def run_sweep(spec: SweepSpec, **options: Unpack[RunOptions]) -> SweepResult:
    """Play every cell of `spec` the cache (a folder, when given) does not hold, and return the results.

    Where: `in_process=True` plays in this process, one chunk after another (no Dask); `client` uses a Dask
    client you hold; `scheduler="tcp://host:8786"` connects to a running Dask scheduler; otherwise a local
    cluster of `workers` processes (default one per core) is started for the run and closed after it.
    `chunk` sets the games per task (default: about four tasks per worker, at most 100 games each; in this
    process, IN_PROCESS_CHUNK games between two progress reports).
    `progress` is called with a SweepProgress after every chunk; `stop` returning True ends the run early
    (cells already finished are cached and returned; `complete` is False)."""
    every = cells(spec)
    run = run_cells(every, **options)
    finished = [c for c in every if c.index in run.frames]
    outcomes = [run.frames[c.index] for c in finished]
    if finished:
        games, summary = games_frame(finished, outcomes), summary_frame(finished, outcomes)
    else:
        games, summary = empty_frames(every[0])
    complete = len(finished) == len(every)
    return SweepResult(spec, games, summary, run.played, run.cached, complete, run.replayed, run.unsaved)


def run_cells(every: Sequence[Cell], **options: Unpack[RunOptions]) -> CellsResult:
    """Play the cells the cache does not hold (each cell's `index` unique among them), where `run_sweep`
    says, and return the games of every cell finished: the sweep runner for callers that build their own
    cells (the balancer, whose candidates each play a few army pairs)."""
    cache, stop, chunk = options.get("cache"), options.get("stop"), options.get("chunk")
    store = SweepCache(cache) if cache is not None else None
    cached = {c.index: f for c in every if store is not None and (f := store.load(c)) is not None}
    tally = _Tally(every, cached, options.get("progress"))
    tally.report()
    todo = [c for c in every if c.index not in cached]
    if todo and options.get("in_process"):
        _run_here(todo, chunk or IN_PROCESS_CHUNK, tally, store, stop)
    elif todo:
        with dask_client(options.get("client"), options.get("scheduler"), options.get("workers")) as dask:
            size = chunk or chunk_size(sum(c.games for c in todo), _worker_count(dask))
            _run_on_dask(dask, tasks_of(todo, size), tally, store, stop)
    replayed = tuple(store.replayed) if store is not None else ()
    unsaved = tuple(store.unsaved) if store is not None else ()
    return CellsResult(tally.frames, tally.played, tally.cached, replayed, unsaved)


def _run_here(todo: list[Cell], size: int, tally: _Tally, store: SweepCache | None, stop: StopHook | None) -> None:
    """Every task in this process, in order; the armies and cards in use before are put back after."""
    designs = [d for d in {sweep_game(c.game).support.cards for c in todo} if d is not None]
    before = [(d, d.in_use()) for d in designs]
    try:
        for task in tasks_of(todo, size):
            if stop is not None and stop():
                return
            tally.add(task.cell, play_chunk(task.cell, task.start, task.stop), store)
    finally:
        for cards, carried in before:
            cards.use(carried)


def _worker_count(client: Client) -> int:
    return max(1, len(client.scheduler_info(n_workers=-1).get("workers", {})))


def _run_on_dask(
    client: Client, tasks: list[Task], tally: _Tally, store: SweepCache | None, stop: StopHook | None
) -> None:
    """Submit every task, then gather results as they finish; a stop cancels what has not run."""
    from distributed import as_completed

    submitted = {}
    for task in tasks:
        code = code_fingerprint(sweep_game(task.cell.game).descriptor.package)
        key = f"sweep-{task.cell.key[:24]}-{task.start}"
        future = client.submit(play_chunk, task.cell, task.start, task.stop, code, key=key)
        submitted[future.key] = (future, task)
    queue = as_completed([future for future, _ in submitted.values()])
    try:
        while not queue.is_empty():
            if stop is not None and stop():
                break
            batch = queue.next_batch(block=False)
            if not batch:
                time.sleep(POLL_SECONDS)
            for future in batch:
                task = submitted[future.key][1]
                tally.add(task.cell, future.result(), store)
    finally:
        client.cancel([future for future, _ in submitted.values() if not future.done()])
