"""Benchmarks of sweeps (not collected by pytest): the Balance lab's speed goal, 10,000 planner-against-planner
Attack the Tower games in at most 60 s on this machine's two cores through the default local cluster, with two
workers at least 1.7x one. `goal_rows()` returns (what, value) rows; nothing is asserted (the machine is shared,
so the figures vary from run to run).

Every cluster is the one a sweep starts by default (`rules.sweeps.cluster.dask_client`), started and warmed up
(every worker has imported the rules and played a game) before it is timed. One and two workers play the same
seeded games, so their ratio compares like with like; then two workers play a larger sweep (`TIMED_GAMES`,
`BENCH_SWEEP_GAMES` in the environment; 10,000 times the goal itself), the figure the goal is read against:
a worker's memos fill over its first games, so a short sweep underestimates a long one.
"""

from __future__ import annotations

import os
import time

from rules.sweeps.cluster import dask_client
from rules.sweeps.runner import SweepResult, run_sweep
from rules.sweeps.spec import SweepSpec

GAMES = 1000
"""Games per rate measurement (in process, one worker, two workers), half Undead against Westerners and half
Easterners against Bandits."""
TIMED_GAMES = int(os.environ.get("BENCH_SWEEP_GAMES", "2000"))
"""Games of the larger sweep timed on two workers."""
GOAL_GAMES, GOAL_SECONDS, GOAL_SCALING = 10_000, 60.0, 1.7
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


def in_process(games: int = GAMES) -> float:
    """Games per second of a sweep played in this process (no Dask): the plain loop plus the sweep's own work."""
    start = time.perf_counter()
    run = run_sweep(spec(games), in_process=True)
    return timed(run, time.perf_counter() - start)


def on_cluster(workers: int, sizes: tuple[int, ...]) -> tuple[list[float], float]:
    """(games per second of a sweep of each size, seconds to start and warm the cluster) on the default local
    cluster of `workers` workers, started afresh."""
    start = time.perf_counter()
    with dask_client(None, None, workers) as client:
        run_sweep(spec(2 * workers, seed=2), client=client, chunk=1)
        ready = time.perf_counter() - start
        rates = []
        for games in sizes:
            start = time.perf_counter()
            rates.append(timed(run_sweep(spec(games), client=client), time.perf_counter() - start))
        return rates, ready


def goal_rows(one_process: float | None = None) -> list[tuple[str, str]]:
    """The goal's figures: the sweep in this process (against `one_process`, the plain loop's games per second,
    when given: what the sweep's own work costs), one and two workers, their ratio, and the larger sweep timed
    on two workers with the 10,000 games it projects, each beside its goal."""
    here = in_process()
    (one,), _ = on_cluster(1, (GAMES,))
    (two, two_long), ready = on_cluster(2, (GAMES, TIMED_GAMES))
    projected = ready + GOAL_GAMES / two_long
    scaling = two / one
    cost = f"; {here / one_process:.2f}x the plain loop's games/s" if one_process else ""
    return [
        ("sweep in this process", f"{here:.1f} games/s ({GAMES} games{cost})"),
        ("sweep, default local cluster of 1 worker", f"{one:.1f} games/s ({GAMES} games)"),
        ("sweep, default local cluster of 2 workers", f"{two:.1f} games/s ({GAMES} games)"),
        ("2 workers / 1 worker", f"{scaling:.2f}x (goal: at least {GOAL_SCALING}x; {_met(scaling >= GOAL_SCALING)})"),
        (
            f"sweep of {TIMED_GAMES:,} games on 2 workers",
            f"{TIMED_GAMES / two_long:.1f} s, {two_long:.1f} games/s (+ {ready:.1f} s to start the cluster)",
        ),
        (
            f"{GOAL_GAMES:,} games projected",
            f"{projected:.0f} s with starting the cluster (goal: at most {GOAL_SECONDS:.0f} s; "
            f"{_met(projected <= GOAL_SECONDS)})",
        ),
    ]


def _met(met: bool) -> str:
    return "met" if met else "not met"


if __name__ == "__main__":
    for label, value in goal_rows():
        print(f"{label}: {value}")
