"""The screen: every knob moved one step either way, alone, played on the search's first stage, so that optuna
starts from what each single change does to each measure instead of from candidates drawn at random.

A single change's effect on a measure is how far it moves the measure's log-odds from those of the rules as they
are, on the same deals (a stage's seeds are the same for every candidate, so the difference is not the luck of the
deal); counts are smoothed by a half (Haldane-Anscombe) so that 0 and 100% have finite log-odds. Effects are summed
in log-odds, as a logistic model adds them: a rate near 100% or 0% moves less for the same effect, so two changes
that each pull a 100% rate down a little are not predicted to land at 50% when together they overshoot it.
Combinations of up to `max_changes` screened changes, each knob at most once, are ranked by the worst distance
from the target that their summed effects predict, and the best few are handed to optuna as its next trials
(`enqueue_trial`);
optuna is told every screened change's first-stage objectives too. The prediction only orders what is measured
next: every candidate it proposes is measured in stages like any other, and the answer is chosen from measures.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pydantic import JsonValue

from rules.balance.knobs import Knob
from rules.balance.measure import Tally

if TYPE_CHECKING:
    import optuna

PROPOSALS = 6
"""The combinations handed to optuna after the screen."""
SINGLES = 2
"""Of them, the single changes that came closest on their own."""


@dataclass(frozen=True, slots=True)
class Step:
    """One knob moved one step from its current value (`step` is -1 or +1 along the knob's values)."""

    knob: str
    step: int
    value: JsonValue

    @property
    def choice(self) -> dict[str, JsonValue]:
        return {self.knob: self.value}


def single_steps(knobs: tuple[Knob, ...]) -> list[Step]:
    """Each knob one step down and one step up, where its values allow."""
    out: list[Step] = []
    for knob in knobs:
        for step in (-1, 1):
            index = knob.current_index + step
            if 0 <= index < len(knob.values):
                out.append(Step(knob.name, step, knob.values[index]))
    return out


Effects = dict[str, float]
"""A change's effect on each measure's rate."""


def log_odds(tally: Tally) -> float:
    """The measure's log-odds, its counts smoothed by a half (finite at 0 and 100%)."""
    return math.log((tally.successes + 0.5) / (tally.trials - tally.successes + 0.5))


def effects(screened: dict[str, Tally], baseline: dict[str, Tally]) -> Effects:
    """Each measure's log-odds under a change minus its log-odds as the rules are, on the same stage's deals."""
    return {name: log_odds(screened[name]) - log_odds(baseline[name]) for name in baseline if name in screened}


def predicted_worst(base: dict[str, float], combination: tuple[Effects, ...], target: float) -> float:
    """The worst distance from the target when each measure's log-odds (`base`) move by the sum of the changes'
    effects."""
    return max(abs(_rate(odds + sum(e.get(name, 0.0) for e in combination)) - target) for name, odds in base.items())


def _rate(odds: float) -> float:
    return 1 / (1 + math.exp(-odds))


def proposals(
    base: dict[str, float],
    screened: list[tuple[Step, Effects]],
    target: float,
    max_changes: int,
    count: int = PROPOSALS,
) -> list[tuple[Step, ...]]:
    """The combinations of screened changes (each knob at most once) whose summed effects predict the smallest
    worst distance, fewest changes first among equals; first of all, the `SINGLES` single changes that came closest
    on their own (their distance is measured, not predicted: where changes interact, as Tower Defense's waves and
    credits do, the best measured single change can beat every predicted combination; and a screened change is
    measured on from its second stage, so it costs the least)."""
    ranked: list[tuple[float, int, tuple[Step, ...]]] = []
    for size in range(1, max_changes + 1):
        for combination in itertools.combinations(screened, size):
            if len({step.knob for step, _ in combination}) < size:
                continue
            worst = predicted_worst(base, tuple(e for _, e in combination), target)
            ranked.append((worst, size, tuple(step for step, _ in combination)))
    ranked.sort(key=lambda item: (item[0], item[1]))
    singles = [steps for _, size, steps in ranked if size == 1][:SINGLES]
    combined = [steps for _, _, steps in ranked if steps not in singles][: max(count - len(singles), 0)]
    return singles + combined


def slot_params(steps: tuple[Step, ...], max_changes: int) -> dict[str, JsonValue]:
    """A combination as optuna's slot parameters (the unused slots change nothing)."""
    params: dict[str, JsonValue] = {}
    for slot in range(max_changes):
        if slot < len(steps):
            params[f"slot_{slot}_knob"], params[f"slot_{slot}_step"] = steps[slot].knob, steps[slot].step
        else:
            params[f"slot_{slot}_knob"], params[f"slot_{slot}_step"] = "none", 1
    return params


def tell_screened(
    study: optuna.Study,
    distributions: dict[str, optuna.distributions.BaseDistribution],
    step: Step,
    max_changes: int,
    values: list[float],
) -> None:
    """Add a screened change to the study as a finished trial, so its sampler learns from it."""
    import optuna

    params = slot_params((step,), max_changes)
    study.add_trial(optuna.trial.create_trial(params=params, distributions=distributions, values=values))
