"""The screen: every knob moved alone one or two steps either way (the spec's `screen_reach`, or to the end of its
values), played on the search's first stage, so that optuna starts from what each single change does to each measure
instead of from candidates drawn at random. Two steps where one step's effect would drown in the first stage's noise
(Attack the Tower's card copies): a strong lever then shows at full size, and a one-step change is predicted as half
the two-step effect (log-odds taken as linear in the step) and combined like a screened one.

A single change's effect on a measure is how far it moves the measure's log-odds from those of the rules as they
are, on the same deals (a stage's seeds are the same for every candidate, so the difference is not the luck of the
deal); counts are smoothed by a half (Haldane-Anscombe) so that 0 and 100% have finite log-odds. Effects are summed
in log-odds, as a logistic model adds them: a rate near 100% or 0% moves less for the same effect, so two changes
that each pull a 100% rate down a little are not predicted to land at 50% when together they overshoot it.
Combinations of up to `max_changes` screened or halved changes, each knob at most once, are ranked by the worst
distance from the target that their summed effects predict, and the best few are handed to optuna as its next trials
(`enqueue_trial`); optuna is told every screened change's first-stage objectives too. The prediction only orders
what is measured next: every candidate it proposes is measured in stages like any other, and the answer is chosen
from measures.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import numpy as np
from pydantic import JsonValue

from rules.balance.knobs import Knob
from rules.balance.measure import Tally

PROPOSALS = 8
"""The combinations handed to optuna after the screen."""
SINGLES = 2
"""Of them, the single changes that came closest on their own."""
EXHAUSTIVE = 300_000
"""Combinations of one size ranked every one while there are at most this many (3 of 28 knobs' 112 steps: 227,920)."""
BEAM = 2_000
"""Beyond, the combinations one smaller predicted best (worst distance, then mean distance: the worst alone is flat
while some measure is left alone) that are grown by one change."""


@dataclass(frozen=True, slots=True)
class Step:
    """One knob moved from its current value by `step` places along the knob's values (negative: down)."""

    knob: str
    step: int
    value: JsonValue

    @property
    def choice(self) -> dict[str, JsonValue]:
        return {self.knob: self.value}


Effects = dict[str, float]
"""A change's effect on each measure's rate."""


def single_steps(knobs: tuple[Knob, ...], reach: int = 1) -> list[Step]:
    """Each knob moved down and up alone, `reach` places or to the end of its values, where they allow."""
    out: list[Step] = []
    for knob in knobs:
        room = {-1: knob.current_index, 1: len(knob.values) - 1 - knob.current_index}
        for sign in (-1, 1):
            size = min(reach, room[sign])
            if size:
                out.append(Step(knob.name, sign * size, knob.values[knob.current_index + sign * size]))
    return out


def shorter_steps(knobs: tuple[Knob, ...], screened: list[tuple[Step, Effects]]) -> list[tuple[Step, Effects]]:
    """The steps between the current value and each screened one, each predicted to have its share of the screened
    effect (log-odds linear in the step: one step of a screened two-step change does half of it)."""
    by_name = {k.name: k for k in knobs}
    out: list[tuple[Step, Effects]] = []
    for step, found in screened:
        knob, sign = by_name[step.knob], 1 if step.step > 0 else -1
        for size in range(1, abs(step.step)):
            share = size / abs(step.step)
            value = knob.values[knob.current_index + sign * size]
            out.append((Step(step.knob, sign * size, value), {name: e * share for name, e in found.items()}))
    return out


def log_odds(tally: Tally) -> float:
    """The measure's log-odds, its counts smoothed by a half (finite at 0 and 100%)."""
    return math.log((tally.successes + 0.5) / (tally.trials - tally.successes + 0.5))


def effects(screened: dict[str, Tally], baseline: dict[str, Tally]) -> Effects:
    """Each measure's log-odds under a change minus its log-odds as the rules are, on the same stage's deals."""
    return {name: log_odds(screened[name]) - log_odds(baseline[name]) for name in baseline if name in screened}


def predicted_worst(base: dict[str, float], combination: tuple[Effects, ...], target: float) -> float:
    """The worst distance from the target when each measure's log-odds (`base`) move by the sum of the changes'
    effects."""
    moved = [sum(e.get(name, 0.0) for e in combination) for name in base]
    return float(predicted_distances(np.array(list(base.values())), np.array(moved), target).max())


def predicted_distances(odds: np.ndarray, moves: np.ndarray, target: float) -> np.ndarray:
    """Each measure's distance from the target once its log-odds move (`moves`: one row a combination, or one)."""
    distances: np.ndarray = np.abs(1 / (1 + np.exp(-(odds + moves))) - target)
    return distances


def proposals(
    base: dict[str, float],
    screened: list[tuple[Step, Effects]],
    target: float,
    max_changes: int,
    count: int = PROPOSALS,
    shorter: list[tuple[Step, Effects]] | None = None,
) -> list[tuple[Step, ...]]:
    """The combinations of screened changes and their `shorter` steps (each knob at most once) whose summed effects
    predict the smallest worst distance, fewest changes first among equals; first of all, the `SINGLES` screened
    changes that came closest on their own (their distance is measured, not predicted: where changes interact, as
    Tower Defense's waves and credits do, the best measured single change can beat every predicted combination; and a
    screened change is measured on from its second stage, so it costs the least)."""
    names = list(base)
    options = [*screened, *(shorter or [])]
    effect = np.array([[found.get(name, 0.0) for name in names] for _, found in options]).reshape(
        len(options), len(names)
    )
    odds = np.array([base[name] for name in names])
    ranked: list[tuple[float, int, tuple[Step, ...]]] = []
    best: list[tuple[int, ...]] = [()]
    for size in range(1, max_changes + 1):
        picks = _combinations(options, size, best)
        if not picks:
            break
        distance = predicted_distances(odds, effect[np.array(picks)].sum(axis=1), target)
        worst = distance.max(axis=1)
        ranked.extend((float(w), size, tuple(options[i][0] for i in c)) for w, c in zip(worst, picks, strict=True))
        best = [picks[i] for i in np.lexsort((distance.mean(axis=1), worst))[:BEAM]]
    ranked.sort(key=lambda item: (item[0], item[1]))
    measured = {step for step, _ in screened}
    singles = [steps for _, size, steps in ranked if size == 1 and steps[0] in measured][:SINGLES]
    combined = [steps for _, _, steps in ranked if steps not in singles][: max(count - len(singles), 0)]
    return singles + combined


def _combinations(options: list[tuple[Step, Effects]], size: int, best: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """Every combination of `size` options moving distinct knobs while there are at most `EXHAUSTIVE` of them;
    beyond, the `best` combinations one smaller, each with one option more (a beam: many knobs and many changes
    would make the combinations too many to rank)."""
    if math.comb(len(options), size) <= EXHAUSTIVE:
        return [c for c in itertools.combinations(range(len(options)), size) if _distinct(options, c)]
    grown = {tuple(sorted((*c, i))) for c in best for i in range(len(options)) if i not in c}
    return sorted(c for c in grown if _distinct(options, c))


def _distinct(options: list[tuple[Step, Effects]], picks: tuple[int, ...]) -> bool:
    return len({options[i][0].knob for i in picks}) == len(picks)


def slot_params(steps: tuple[Step, ...], max_changes: int) -> dict[str, JsonValue]:
    """A combination as optuna's slot parameters (the unused slots change nothing)."""
    params: dict[str, JsonValue] = {}
    for slot in range(max_changes):
        knob, step = (steps[slot].knob, steps[slot].step) if slot < len(steps) else ("none", 1)
        params[f"slot_{slot}_knob"], params[f"slot_{slot}_step"] = knob, step
    return params
