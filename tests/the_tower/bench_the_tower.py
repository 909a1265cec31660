"""Benchmarks of The Tower (not collected by pytest): whole games per second under the random and the
greedy policy, and the exact advice for a full opening hand. `figures()` returns (what, value) rows."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from rules.core.chance import ChanceSampler
from rules.core.playout import play_out
from rules.the_tower import analysis, engine, examples
from rules.the_tower.policies import policy
from rules.the_tower.variants import Rules


def games_per_second(policy_name: str, games: int, seed: int = 1) -> float:
    """Whole games from new games, chance by a fixed seed (the greedy policy's memo kept warm, as in a
    simulation)."""
    sampler = ChanceSampler(seed)
    chooser = policy(policy_name)
    start = time.perf_counter()
    for _ in range(games):
        play_out(engine.GAME, engine.new_game(), [chooser], sampler.spawn())
    return games / (time.perf_counter() - start)


def cold_ms(fn: Callable[[], object], repeat: int) -> float:
    """Median milliseconds of a call with every memoised fight forgotten first."""
    times = []
    for _ in range(repeat):
        analysis.clear_caches()
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def figures() -> list[tuple[str, str]]:
    opening = examples.opening()
    stuck = examples.opening(Rules(fight_actions="when_stuck"))
    rows = [
        ("the-tower: random games per second", f"{games_per_second('random', 400):.0f}"),
        ("the-tower: greedy games per second", f"{games_per_second('greedy', 30):.1f}"),
        (
            "the-tower: exact point advice, full opening hand (ms, cold)",
            f"{cold_ms(lambda: analysis.point_advice(opening), 10):.1f}",
        ),
        (
            "the-tower: exact odds of a face-down room, opening (ms, cold)",
            f"{cold_ms(lambda: analysis.room_odds(opening, 0), 10):.1f}",
        ),
        (
            "the-tower: exact point advice, opening, fight_actions=when_stuck (ms, cold)",
            f"{cold_ms(lambda: analysis.point_advice(stuck), 3):.1f}",
        ),
    ]
    return rows


if __name__ == "__main__":
    for label, value in figures():
        print(f"{label:78} {value}")
