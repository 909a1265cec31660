"""Every legal allocation of a request in a canonical order (interchangeable troops counted once), found by index
without listing them, and the best one for a gain without scoring every one."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from rules.attack_the_tower.engine.combat.units import STRUCTURE_KINDS, Unit

if TYPE_CHECKING:
    from rules.attack_the_tower.engine.combat.requests import AllocationRequest


def signature(request: AllocationRequest) -> tuple[tuple[tuple[bool, int, int], ...], int, int]:
    """Targets as runs of (is structure, remaining, run length) in order; runs of one group are
    interchangeable, so only non-increasing amounts within a run are distinct allocations."""
    runs: list[tuple[bool, int, int]] = []
    group = None
    troop_room = structure_room = 0
    for t in request.targets:
        # (`t.is_structure` and `t.remaining`, spelt out: this runs for every allocation drawn)
        is_structure, remaining = t.kind in STRUCTURE_KINDS, t.toughness - t.damage
        if is_structure:
            structure_room += remaining
        else:
            troop_room += remaining
        if runs and t.group == group and runs[-1][:2] == (is_structure, remaining):
            runs[-1] = (is_structure, remaining, runs[-1][2] + 1)
        else:
            runs.append((is_structure, remaining, 1))
            group = t.group
    return tuple(runs), min(request.troop_cap, troop_room), min(request.structure_cap, structure_room)


@functools.lru_cache(maxsize=8192)
def _runs(length: int, top: int, budget: int) -> tuple[tuple[int, ...], ...]:
    """Every non-increasing run of `length` amounts, each at most `top`, summing to at most `budget`."""
    return tuple(_non_increasing(length, top, budget))


def _non_increasing(length: int, top: int, budget: int) -> Iterator[tuple[int, ...]]:
    if length == 0:
        yield ()
        return
    for first in range(min(top, budget), -1, -1):
        for rest in _non_increasing(length - 1, first, budget - first):
            yield (first, *rest)


@functools.lru_cache(maxsize=65536)
def allocation_vectors(
    sig: tuple[tuple[bool, int, int], ...], troop_cap: int, structure_cap: int
) -> tuple[tuple[int, ...], ...]:
    """Every distinct allocation of a `signature` within the troop and structure caps, as amounts per target, in the
    canonical order (non-increasing within a run of interchangeable targets) that `unrank` follows."""
    out: list[tuple[int, ...]] = []

    def walk(i: int, troops_left: int, structures_left: int, acc: tuple[int, ...]) -> None:
        if i == len(sig):
            out.append(acc)
            return
        is_structure, remaining, length = sig[i]
        budget = structures_left if is_structure else troops_left
        for run in _runs(length, remaining, budget):
            spent = sum(run)
            if is_structure:
                walk(i + 1, troops_left, structures_left - spent, acc + run)
            else:
                walk(i + 1, troops_left - spent, structures_left, acc + run)

    walk(0, troop_cap, structure_cap, ())
    return tuple(out)


@functools.lru_cache(maxsize=65536)
def run_choices(
    runs: tuple[tuple[bool, int, int], ...], troops: int, structures: int
) -> tuple[int, tuple[tuple[tuple[int, ...], int, int, int], ...]]:
    """The choices for the first of these runs of targets with this damage left: the number of
    completions, and per possible run of amounts (amounts, troop damage left, structure damage left,
    completions). Cached by the runs still to fill, not by the whole request, so requests that end
    alike share their tables."""
    is_structure, remaining, length = runs[0]
    rest = runs[1:]
    options = []
    for run in _runs(length, remaining, structures if is_structure else troops):
        spent = sum(run)
        left = (troops, structures - spent) if is_structure else (troops - spent, structures)
        options.append((run, left[0], left[1], count_completions(rest, *left)))
    return sum(o[3] for o in options), tuple(options)


def unrank(runs: tuple[tuple[bool, int, int], ...], troops: int, structures: int, index: int) -> tuple[int, ...]:
    """The allocation at this index of `allocation_vectors(runs, troops, structures)`, found from the counts of
    completions without listing the allocations before it (both go through the runs in the same order)."""
    out: tuple[int, ...] = ()
    for i in range(len(runs)):
        for run, troops_left, structures_left, completions in run_choices(runs[i:], troops, structures)[1]:
            if index < completions:
                out += run
                troops, structures = troops_left, structures_left
                break
            index -= completions
    return out


@functools.lru_cache(maxsize=65536)
def count_completions(runs: tuple[tuple[bool, int, int], ...], troops: int, structures: int) -> int:
    """How many distinct ways there are to fill these runs of targets with this damage left."""
    if not runs:
        return 1
    is_structure, remaining, length = runs[0]
    rest = runs[1:]
    total = 0
    for run in _runs(length, remaining, structures if is_structure else troops):
        spent = sum(run)
        if is_structure:
            total += count_completions(rest, troops, structures - spent)
        else:
            total += count_completions(rest, troops - spent, structures)
    return total


def enumerate_vectors(request: AllocationRequest) -> list[tuple[int, ...]]:
    """Every distinct allocation, as amounts per target: no target gets more than destroys it, no cap
    is exceeded, and interchangeable troops (one base, equal damage) are not counted twice."""
    return list(allocation_vectors(*signature(request)))


Gain = Callable[[Unit, int], tuple[int, ...]]
"""What `amount` damage on one target is worth to a policy, as a tuple compared item by item."""


_GAIN_BASE = 1 << 40
"""Gains are added up as one integer, each item a digit in this base (item sums stay far below half of it)."""


_LISTED_AT_MOST = 256
"""Up to this many allocations, listing them all and scoring each is faster than the search by budgets."""


def best_vector(request: AllocationRequest, gain: Gain) -> tuple[int, ...]:
    """`max(request.vectors(), key=...)` for a value that is the item-by-item sum of `gain` over the targets:
    the same vector (the first of the largest, in `vectors` order), found run by run from the best value of
    each rest of the targets with each budget left, without listing the allocations."""
    runs, troops, structures = signature(request)
    gains = _gain_table(request.targets, gain)
    if count_completions(runs, troops, structures) <= _LISTED_AT_MOST:
        return max(allocation_vectors(runs, troops, structures), key=lambda v: sum(map(_amount_gain, gains, v)))
    starts = [0]
    for _, _, length in runs:
        starts.append(starts[-1] + length)
    best: dict[tuple[int, int, int], int] = {}

    def options(i: int, troops_left: int, structures_left: int) -> Iterator[tuple[tuple[int, ...], int, int, int]]:
        is_structure, remaining, length = runs[i]
        row = gains[starts[i] : starts[i + 1]]
        for run in _runs(length, remaining, structures_left if is_structure else troops_left):
            spent = sum(run)
            left = (troops_left, structures_left - spent) if is_structure else (troops_left - spent, structures_left)
            yield run, left[0], left[1], sum([g[a] for g, a in zip(row, run, strict=True)])

    def value(i: int, troops_left: int, structures_left: int) -> int:
        if i == len(runs):
            return 0
        key = (i, troops_left, structures_left)
        found = best.get(key)
        if found is None:
            found = best[key] = max(v + value(i + 1, t, s) for _, t, s, v in options(i, troops_left, structures_left))
        return found

    out: tuple[int, ...] = ()
    for i in range(len(runs)):
        target = value(i, troops, structures)
        for run, t, s, v in options(i, troops, structures):
            if v + value(i + 1, t, s) == target:
                out += run
                troops, structures = t, s
                break
    return out


_amount_gain = list.__getitem__
"""The gain of an amount on a target, from the target's row of `_gain_table`."""


def _gain_table(targets: tuple[Unit, ...], gain: Gain) -> list[list[int]]:
    """Per target, the gain of each amount from 0 to what destroys it, as one integer (see `_GAIN_BASE`)."""
    table = []
    for t in targets:
        row = []
        for amount in range(t.toughness - t.damage + 1):
            number = 0
            for item in gain(t, amount):
                assert abs(item) < _GAIN_BASE >> 12, "a gain too large to add up exactly"
                number = number * _GAIN_BASE + item
            row.append(number)
        table.append(row)
    return table
