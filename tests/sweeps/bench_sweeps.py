"""Benchmarks of sweeps (not collected by pytest): planner-against-planner Attack the Tower games per second
through the sweep API, in one process and on local Dask clusters of one and of two workers, and the seconds
10,000 such games are projected to take on two. `figures()` returns (what, value) rows; nothing is asserted
(the machine is shared, so the figures vary from run to run).

Each cluster is started and warmed up (every worker has imported the rules and played a game) before it is
timed, and every run plays the same seeded games, so the figures compare like with like.
"""

from __future__ import annotations

import logging
import time

from distributed import Client, LocalCluster

from rules.sweeps.runner import SweepResult, run_sweep
from rules.sweeps.spec import SweepSpec

GAMES = 200
"""Games per measurement, half Undead against Westerners and half Easterners against Bandits."""
PROJECTED = 10_000
TURN_LIMIT = 60


def spec(games: int, seed: int = 1) -> SweepSpec:
    """Planner against planner over two army pairs, `games` in all."""
    return SweepSpec(
        game="attack-the-tower",
        armies=["undead,westerners", "easterners,bandits"],
        rules={"turn_limit": TURN_LIMIT},
        policies=["planner", "planner"],
        games=games // 2,
        seed=seed,
    )


def timed(run: SweepResult, seconds: float) -> float:
    """Games per second of a run that played every game it returned."""
    assert run.played == len(run.games)
    return run.played / seconds


def in_process() -> float:
    start = time.perf_counter()
    run = run_sweep(spec(GAMES), in_process=True)
    return timed(run, time.perf_counter() - start)


def on_cluster(workers: int) -> tuple[float, float]:
    """(games per second, seconds to start and warm the cluster) on a fresh local cluster."""
    start = time.perf_counter()
    cluster = LocalCluster(
        n_workers=workers,
        processes=True,
        threads_per_worker=1,
        host="127.0.0.1",
        dashboard_address=None,
        silence_logs=logging.ERROR,
    )
    with cluster, Client(cluster) as client:
        run_sweep(spec(2 * workers, seed=2), client=client, chunk=1)
        ready = time.perf_counter() - start
        start = time.perf_counter()
        run = run_sweep(spec(GAMES), client=client)
        return timed(run, time.perf_counter() - start), ready


def figures() -> list[tuple[str, str]]:
    here = in_process()
    one, _ = on_cluster(1)
    two, ready = on_cluster(2)
    return [
        (f"planner games through a sweep, in process ({GAMES} games)", f"{here:.1f} games/s"),
        ("planner games through a sweep, local cluster of 1 worker", f"{one:.1f} games/s"),
        ("planner games through a sweep, local cluster of 2 workers", f"{two:.1f} games/s"),
        ("2 workers / 1 worker", f"{two / one:.2f}x"),
        (
            f"{PROJECTED:,} planner games on 2 workers, projected",
            f"{PROJECTED / two:.0f} s (+ {ready:.1f} s to start the cluster)",
        ),
    ]


if __name__ == "__main__":
    for label, value in figures():
        print(f"{label}: {value}")
