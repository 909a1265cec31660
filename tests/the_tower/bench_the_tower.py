"""Benchmarks of The Tower (not collected by pytest): whole games per second under the random and the
greedy policy, the exact advice for a full opening hand, and the exact fight advice against the engine's
brute force in the same process. `figures()` returns (what, value) rows."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from rules.core.chance import ChanceSampler
from rules.core.errors import IllegalPosition
from rules.core.playout import play_out
from rules.the_tower import analysis, cards, catalog, editing, engine, examples
from rules.the_tower.editing import build_position
from rules.the_tower.game import GAME
from rules.the_tower.model import Fight, GameState
from rules.the_tower.policies import policy
from rules.the_tower.variants import Rules


def games_per_second(policy_name: str, games: int, seed: int = 1) -> float:
    """Whole games from new games, chance by a fixed seed (the greedy policy's memo kept warm, as in a
    simulation)."""
    sampler = ChanceSampler(seed)
    chooser = policy(policy_name)
    start = time.perf_counter()
    for _ in range(games):
        play_out(GAME, engine.new_game(), [chooser], sampler.spawn())
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


def big_fights(count: int, hand_size: int = 8, seed: int = 2) -> list[GameState]:
    """Fights against a monster at full HP on floor 1 with a hand of `hand_size` random cards (a hand that
    cannot hit at all is skipped: that fight is already over)."""
    rng = random.Random(seed)
    out: list[GameState] = []
    while len(out) < count:
        room = rng.choice(catalog.ROOM_CARDS)
        hand = rng.sample([c for c in cards.ALL_CARDS if cards.kind(c) != "room"], hand_size)
        full = Rules().monster(cards.rank(room)).hp
        try:
            out.append(
                build_position(hand=hand, floor=(room, "?", "?", "?"), hp=12, fight=Fight(room=0, monster_hp=full))
            )
        except IllegalPosition:
            continue
    return out


def exact_against_brute_force(count: int = 20) -> tuple[float, float]:
    """Milliseconds for the best play of `count` fights with 8 cards in hand: the analysis' fight advice
    (cold) and the tests' brute force over every line the engine allows, in the same process."""
    from tests.the_tower.test_analysis import brute_fight

    positions = big_fights(count)
    analysis.clear_caches()
    start = time.perf_counter()
    for state in positions:
        analysis.fight_advice(state)
    fast = time.perf_counter() - start
    start = time.perf_counter()
    for state in positions:
        brute_fight(state)
    return fast * 1000, (time.perf_counter() - start) * 1000


def figures() -> list[tuple[str, str]]:
    opening = examples.opening()
    stuck = examples.opening(Rules(fight_actions="when_stuck"))
    two_points = editing.set_action_points(opening, 2)
    fast, brute = exact_against_brute_force()
    rows = [
        ("random games per second", f"{games_per_second('random', 400):.0f}"),
        ("greedy games per second", f"{games_per_second('greedy', 30):.1f}"),
        (
            "exact fight advice, 20 fights with 8 cards in hand, cold, and the engine's brute force",
            f"{fast:.1f} ms against {brute:.1f} ms ({brute / fast:.1f}x faster)",
        ),
        (
            "exact point advice, full opening hand (ms, cold)",
            f"{cold_ms(lambda: analysis.point_advice(opening), 10):.1f}",
        ),
        (
            "exact odds of a face-down room, opening (ms, cold)",
            f"{cold_ms(lambda: analysis.room_odds(opening, 0), 10):.1f}",
        ),
        (
            "exact point advice looking ahead over every point, opening with 2 points (ms, cold)",
            f"{cold_ms(lambda: analysis.point_advice(two_points, lookahead='all_points'), 3):.1f}",
        ),
        (
            "exact point advice, opening, fight_actions=when_stuck (ms, cold)",
            f"{cold_ms(lambda: analysis.point_advice(stuck), 3):.1f}",
        ),
    ]
    return rows


if __name__ == "__main__":
    for label, value in figures():
        print(f"{label:78} {value}")
