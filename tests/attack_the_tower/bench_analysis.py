"""Speed of the exact battle analysis on the largest legal battle (`examples.largest_battle()`, the Undead
attacking from territory 1 into the Westerners' territory 1: every slot of both territories full with two
troops, special troops on both palaces, abilities in play, a Lich in hand).

`figures()` is read by `make bench`; run this file to print them. Every analysis is timed cold (its
memo cleared; the engine's own caches stay warm) with `time.perf_counter`, median of several runs.
The enumeration is compared with brute force in the same run: every integer split of the damage over
the targets, kept when within the caps, then canonicalised (twin troops sorted).
"""

from __future__ import annotations

import itertools
import math
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from rules.attack_the_tower import analysis, examples
from rules.attack_the_tower.analysis.space import space_of
from rules.attack_the_tower.engine import combat
from rules.attack_the_tower.model import GameState

BUDGET_MS = 200.0
REPEATS = 7


def _brute_force(request: combat.AllocationRequest) -> dict[tuple[int, ...], frozenset[int]]:
    """Every integer split of the damage within the caps, canonicalised (amounts sorted within each run
    of twins), with the targets it kills: what the enumeration gives the solver, by brute force."""
    targets = request.targets
    kills: dict[tuple[int, ...], frozenset[int]] = {}
    for vector in itertools.product(*(range(t.remaining + 1) for t in targets)):
        troops = sum(a for a, t in zip(vector, targets, strict=True) if not t.is_structure)
        if troops > request.troop_cap or sum(vector) - troops > request.structure_cap:
            continue
        canonical = list(vector)
        i = 0
        while i < len(targets):
            j = i
            while j + 1 < len(targets) and (targets[j + 1].group, targets[j + 1].remaining) == (
                targets[i].group,
                targets[i].remaining,
            ):
                j += 1
            canonical[i : j + 1] = sorted(canonical[i : j + 1], reverse=True)
            i = j + 1
        kills[tuple(canonical)] = frozenset(i for i, a in enumerate(canonical) if a == targets[i].remaining)
    return kills


def _cold_ms(
    run: Callable[[], object],
    prepare: Callable[[], object],
    repeats: int = REPEATS,
    statistic: Callable[[list[float]], float] = statistics.median,
) -> float:
    """Wall time of `run` in milliseconds (median of `repeats`, or `statistic`), `prepare` before each."""
    times = []
    for _ in range(repeats):
        prepare()
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    return statistic(times)


def _clear_enumeration_caches() -> None:
    """Forget the analysis' allocation spaces and, when it has one, the engine's enumeration cache."""
    analysis.clear_cache()
    for name in ("allocation_vectors", "_runs", "_count"):
        cached = getattr(combat, name, None)
        if cached is not None and hasattr(cached, "cache_clear"):
            cached.cache_clear()


def figures() -> list[tuple[str, str]]:
    declared = analysis.declare(examples.largest_battle(), 0, 0)
    _clear_enumeration_caches()
    solution = analysis.solve_battle(declared, "power_balance")
    tree = analysis.tree_for()
    positions, moves = len(tree.nodes), len(tree.moves)
    combat_nodes = [n for n in tree.nodes.values() if n.kind == "combat"]
    first = next(step.state for step in solution.steps if step.stage == "initiative")  # on the optimal line
    # every allocation request the exact analysis met, both sides of every combat step, once each
    work: dict[object, tuple[GameState, combat.AllocationRequest]] = {}
    for node in combat_nodes:
        for request in node.requests:
            if request is not None:
                key = (request.player, request.pool, tuple((t.key, t.remaining) for t in request.targets))
                work.setdefault(key, (node.state, request))

    def enumerate_fast() -> int:
        return sum(len(space_of(state, request).vectors) for state, request in work.values())

    def enumerate_brute() -> int:
        return sum(len(_brute_force(request)) for _, request in work.values())

    _clear_enumeration_caches()
    count = enumerate_fast()
    assert count == enumerate_brute(), "the enumeration and brute force disagree"
    for state, request in work.values():  # the same allocations and kills
        space = space_of(state, request)
        brute = _brute_force(request)
        assert {
            v: frozenset(i for i in range(len(v)) if m >> i & 1)
            for v, m in zip(space.vectors, space.masks, strict=True)
        } == brute
    splits = sum(math.prod(t.remaining + 1 for t in r.targets) for _, r in work.values())
    fast = _cold_ms(enumerate_fast, _clear_enumeration_caches)
    brute_ms = _cold_ms(enumerate_brute, _clear_enumeration_caches, 3)
    panel = _cold_ms(lambda: [analysis.allocation_space(first, side) for side in (0, 1)], _clear_enumeration_caches)
    options = sum(len(analysis.allocation_space(first, side)) for side in (0, 1))

    def solve() -> object:
        return analysis.solve_battle(declared, "power_balance")

    def distribution() -> object:
        return analysis.outcome_distribution(declared, "optimal", "power_balance")

    def whole() -> object:
        [analysis.allocation_space(first, side) for side in (0, 1)]
        solve()
        return distribution()

    solve_ms = _cold_ms(solve, _clear_enumeration_caches)

    def solved_cold() -> None:
        _clear_enumeration_caches()
        solve()

    dist_ms = _cold_ms(distribution, solved_cold)
    total = _cold_ms(whole, _clear_enumeration_caches)
    fastest = _cold_ms(whole, _clear_enumeration_caches, statistic=min)
    uniform_ms = _cold_ms(lambda: analysis.outcome_distribution(declared, "uniform"), _clear_enumeration_caches)
    verdict = "yes" if total < BUDGET_MS else "NO"
    return [
        (
            f"largest battle: enumerate ({len(work)} allocation requests met by the exact analysis)",
            f"{fast:.1f} ms for {count} distinct allocations with their kills",
        ),
        (
            "  brute force of the same (every integer split, canonicalised, with kills)",
            f"{brute_ms:.1f} ms over {splits} integer splits ({brute_ms / fast:.1f}x the enumeration)",
        ),
        (
            "largest battle: allocation_space of the initiative step of optimal play, both sides",
            f"{panel:.2f} ms for {options} options with kills, waste and domination",
        ),
        (
            "largest battle: solve (abilities window, initiative, regular, unmanned; backward induction)",
            f"{solve_ms:.1f} ms (value {solution.value}, exact: {solution.exact}; "
            f"{positions} positions, {moves} resolved moves)",
        ),
        ("largest battle: exact outcome distribution, optimal play, after the solve", f"{dist_ms:.2f} ms"),
        (
            "largest battle: the whole exact analysis, cold (allocation space + solve + distribution)",
            f"{total:.1f} ms median, {fastest:.1f} ms fastest (budget {BUDGET_MS:.0f} ms: {verdict})",
        ),
        ("largest battle: exact outcome distribution, uniform over undominated, cold", f"{uniform_ms:.1f} ms"),
    ]


if __name__ == "__main__":
    for label, value in figures():
        print(f"{label}: {value}")
