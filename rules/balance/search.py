"""The search: optuna proposes candidates (which knobs change, and to what), each is measured in stages and stopped
as soon as its interval rules it out, and the candidates measured whole make the Pareto front.

Why optuna: its ask-and-tell interface lets each candidate be measured the balancer's way (stages, early stops,
cells from the cache) between the optimiser's proposals, its samplers take the knobs' categorical and whole-number
values as they are, and its multi-objective TPE sampler learns from tens of candidates, which is what a budget of
games affords (an evolutionary algorithm such as pymoo's NSGA-II spends its first population, tens of candidates,
at random). It is well kept and light to install (alembic, SQLAlchemy, colorlog; pymoo brings autograd, cma and
matplotlib).

A candidate is `max_changes` slots, each naming a knob (or none) and a step along that knob's values (one or two
either way, reflected at the ends): the optimiser's space is the same for every candidate, and a candidate never
changes more than `max_changes` numbers. The objectives: the worst measure's distance from the target, the number
of changes, and their size (each change's distance from the current value over the knob's farthest, summed).
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import JsonValue

from rules.balance.knobs import Choice, Knob
from rules.balance.measure import (
    STOP_CONFIDENCE,
    Objectives,
    Tally,
    add_tallies,
    objectives,
    points,
    tallies_json,
)
from rules.balance.plan import VERIFY_STAGE, BalanceSpec, Planned, plan, tally
from rules.core.errors import IllegalPosition

if TYPE_CHECKING:
    import optuna
    import pandas as pd
    from distributed import Client

STEPS = (-2, -1, 1, 2)
"""The steps a slot moves its knob by."""
MAX_REPEATS = 30
"""Candidates in a row already measured before the search ends (the optimiser has nothing new to propose)."""


@dataclass(frozen=True, slots=True)
class BalanceProgress:
    """Where a balance stands: the search's games played (against the budget) and from the cache, candidates
    tried, the best worst-matchup distance measured whole so far, and what it is doing; once the search has ended,
    the final check's games played of the games it plays (`checked` of `to_check`), counted apart from the budget."""

    played: int
    budget: int
    cached: int
    candidates: int
    best: float | None
    doing: str
    checked: int = 0
    to_check: int = 0


ProgressHook = Callable[[BalanceProgress], None]
StopHook = Callable[[], bool]


@dataclass
class Candidate:
    """One set of changes and what its games said: the tallies of the stages played, whether it was measured
    whole or stopped (and why)."""

    number: int
    choice: dict[str, JsonValue]
    changes: int
    size: float
    tallies: dict[str, Tally] = field(default_factory=dict)
    stages: int = 0
    stopped: str = ""
    played: int = 0
    cells: int = 0
    screened: bool = False
    """Played first by the screen (one knob moved alone), on the first stage; measured on only if proposed again."""

    @property
    def whole(self) -> bool:
        return not self.stopped

    @property
    def refused(self) -> bool:
        """The armies' validation refused its cards: it was never played."""
        return self.stopped.startswith(REFUSED)

    def objectives(self, target: float, confidence: float = 0.95) -> Objectives:
        return objectives(self.tallies, target, confidence)

    def to_json(self, target: float) -> dict[str, Any]:
        return {
            "number": self.number,
            "changes": self.choice,
            "number_of_changes": self.changes,
            "size": self.size,
            "stages": self.stages,
            "stopped": self.stopped or None,
            "screened": self.screened,
            "games_played": self.played,
            **self.objectives(target).to_json(),
            "measures": tallies_json(self.tallies),
        }


class Runner:
    """Plays planned cells through the sweep runner (in this process, on a Dask client, with the cache), keeping
    every cell's games in memory by its key, and counts the games played and read back."""

    def __init__(self, *, client: Client | None, in_process: bool, cache: str | None) -> None:
        self.client = client
        self.in_process = in_process
        self.cache = cache
        self.memo: dict[str, pd.DataFrame] = {}
        self.played = 0
        self.cached = 0
        self.on_chunk: Callable[[int], None] | None = None
        self.stop: StopHook | None = None

    def tallies(self, planned: list[Planned]) -> tuple[dict[str, Tally], int]:
        """Each measure's tally over the planned cells, and the games played for them now."""
        from rules.sweeps.runner import SweepProgress, run_cells

        todo = [p.cell for p in planned if p.cell.key not in self.memo]
        before = self.played
        if todo:

            def progressed(progress: SweepProgress) -> None:
                if self.on_chunk is not None:
                    self.on_chunk(before + progress.games_done - progress.games_cached)

            where: dict[str, Any] = {"in_process": True} if self.in_process else {"client": self.client}
            run = run_cells(todo, **where, cache=self.cache, progress=progressed, stop=self.stop)
            if len(run.frames) < len(todo):
                raise Cancelled("stopped")
            for cell in todo:
                self.memo[cell.key] = run.frames[cell.index]
            self.played += run.played
            self.cached += run.cached
        out: dict[str, Tally] = {}
        for p in planned:
            out[p.measure] = out.get(p.measure, Tally()) + tally(p, self.memo[p.cell.key])
        return out, self.played - before


class Cancelled(Exception):
    """The balance was asked to stop."""


@dataclass
class SearchState:
    """The candidates of a search so far (the rules as they are first, number 0)."""

    spec: BalanceSpec
    candidates: list[Candidate] = field(default_factory=list)
    seen: dict[str, Candidate] = field(default_factory=dict)

    def whole(self) -> list[Candidate]:
        return [c for c in self.candidates if c.whole]

    def best(self) -> float | None:
        return min((c.objectives(self.spec.target).worst for c in self.whole()), default=None)

    def ruled_out_by(self, candidate: Candidate) -> Candidate | None:
        """A candidate measured whole, with no more changes, whose worst distance is surely below this one's
        (each at STOP_CONFIDENCE): this one can then neither be the answer nor on the front."""
        mine = candidate.objectives(self.spec.target, STOP_CONFIDENCE)
        for other in self.whole():
            if other.changes > candidate.changes:
                continue
            theirs = other.objectives(self.spec.target, STOP_CONFIDENCE)
            if theirs.worst_high < mine.worst_low:
                return other
        return None


def choice_of(knobs: tuple[Knob, ...], params: dict[str, Any]) -> dict[str, JsonValue]:
    """The changes a candidate's slots make: each slot's knob moved by its step (reflected at the ends); a later
    slot on the same knob wins; a knob back at its current value is no change."""
    by_name = {k.name: k for k in knobs}
    choice: dict[str, JsonValue] = {}
    slots = sorted({int(key.split("_")[1]) for key in params if key.startswith("slot_")})
    for slot in slots:
        name = params.get(f"slot_{slot}_knob", "none")
        step = int(params.get(f"slot_{slot}_step", 0))
        if name == "none" or name not in by_name:
            continue
        knob = by_name[name]
        index = knob.current_index + step
        if not 0 <= index < len(knob.values):
            index = knob.current_index - step
        index = max(0, min(len(knob.values) - 1, index))
        if index == knob.current_index:
            choice.pop(name, None)
        else:
            choice[name] = knob.values[index]
    return choice


def distributions(spec: BalanceSpec) -> dict[str, optuna.distributions.BaseDistribution]:
    """The optimiser's space: each slot's knob (or none) and its step."""
    import optuna

    names = ["none", *(k.name for k in spec.tuned())]
    return {
        **{f"slot_{s}_knob": optuna.distributions.CategoricalDistribution(names) for s in range(spec.max_changes)},
        **{f"slot_{s}_step": optuna.distributions.CategoricalDistribution(STEPS) for s in range(spec.max_changes)},
    }


def make_study(spec: BalanceSpec) -> optuna.Study:
    """A seeded multi-objective study: TPE over the slots, every objective minimised."""
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", optuna.exceptions.ExperimentalWarning)
        sampler = optuna.samplers.TPESampler(seed=spec.seed % 2**32, n_startup_trials=8, multivariate=True)
    return optuna.create_study(directions=["minimize", "minimize", "minimize"], sampler=sampler)


SCREENED = "screened: first stage only"
REFUSED = "refused by the cards"
"""A candidate the armies' validation refuses (never played; optuna is told the trial failed)."""


def measure(
    spec: BalanceSpec, state: SearchState, runner: Runner, choice: dict[str, JsonValue], through: int | None = None
) -> Candidate:
    """Play a candidate stage by stage (through stage `through`, all by default), stopping once a candidate
    measured whole rules it out. A candidate the screen played on its first stage is measured on from there."""
    key = json.dumps(choice, sort_keys=True)
    last = len(spec.stages) if through is None else through
    candidate = state.seen.get(key)
    if candidate is None:
        by_name = {k.name: k for k in spec.tuned()}
        size = round(sum(by_name[name].size(value) for name, value in choice.items()), 6)
        candidate = Candidate(len(state.candidates), dict(choice), len(choice), size)
        state.candidates.append(candidate)
        state.seen[key] = candidate
    elif candidate.stopped != SCREENED or candidate.stages >= last:
        return candidate
    candidate.stopped = ""
    for stage in range(candidate.stages, last):
        try:
            planned = plan(spec, choice, stage, spec.stages[stage], first_index=candidate.cells)
        except IllegalPosition as refused:  # e.g. copies changes that leave a deck no card to balance them
            candidate.stopped = f"{REFUSED}: {refused}"
            return candidate
        candidate.cells += len(planned)
        try:
            found, played = runner.tallies(planned)
        except Cancelled:
            candidate.stopped = "cancelled"
            raise
        candidate.tallies = add_tallies(candidate.tallies, found)
        candidate.stages, candidate.played = stage + 1, candidate.played + played
        if stage + 1 < len(spec.stages) and stage + 1 < last and candidate.changes:
            rival = state.ruled_out_by(candidate)
            if rival is not None:
                candidate.stopped = f"after stage {stage + 1}: candidate {rival.number} is surely closer"
                break
    if not candidate.stopped and candidate.stages < len(spec.stages):
        candidate.stopped = SCREENED
    return candidate


def screen_skipped(spec: BalanceSpec) -> str:
    """Why the screen does not run, in words ('' when it runs): asked not to, a single knob, or too dear."""
    if not spec.screen:
        return "--no-screen"
    if len(spec.tuned()) < 2:
        return "one knob, whose values optuna tries itself"
    cost = screen_cost(spec)
    if cost > spec.budget // 2:
        return f"screening would take {cost:,} games, over half the budget"
    return ""


def screen_cost(spec: BalanceSpec) -> int:
    """The games the screen plays: every screened single change on the first stage, counting only the cells it
    changes (a matchup of two armies a change leaves alone is the rules as they are, read back from memory)."""
    from rules.balance.screen import single_steps

    first = spec.stages[0]
    unchanged = {p.cell.key for p in plan(spec, {}, 0, first)}
    return sum(
        first
        for step in single_steps(spec.tuned(), spec.screen_reach())
        for p in plan(spec, step.choice, 0, first)
        if p.cell.key not in unchanged
    )


def screen(
    spec: BalanceSpec,
    state: SearchState,
    runner: Runner,
    study: optuna.Study,
    report: Callable[[str], None],
    stop: StopHook | None,
) -> None:
    """Play every knob alone, `screen_reach` steps either way, on the first stage, tell optuna what each did,
    and queue the combinations their effects predict best as optuna's next trials (see rules.balance.screen)."""
    import optuna

    from rules.balance.screen import effects, log_odds, proposals, shorter_steps, single_steps, slot_params

    first = spec.stages[0]
    baseline, _ = runner.tallies(plan(spec, {}, 0, first))
    base = {name: log_odds(t) for name, t in state.candidates[0].tallies.items()}
    space = distributions(spec)
    screened = []
    for step in single_steps(spec.tuned(), spec.screen_reach()):
        if runner.played + runner.cached >= spec.budget or (stop is not None and stop()):
            return
        candidate = measure(spec, state, runner, step.choice, through=1)
        candidate.screened = True
        screened.append((step, effects(candidate.tallies, baseline)))
        values = candidate.objectives(spec.target)
        objectives = [values.worst, 1.0, candidate.size]  # a finished trial: optuna's sampler learns from it
        params = slot_params((step,), spec.max_changes)
        study.add_trial(optuna.trial.create_trial(params=params, distributions=space, values=objectives))
        report(f"screened {step.knob} = {step.value}: worst distance {points(values.worst)} points on the first stage")
    shorter = shorter_steps(spec.tuned(), screened)
    for steps in proposals(base, screened, spec.target, spec.max_changes, shorter=shorter):
        study.enqueue_trial(slot_params(steps, spec.max_changes))


def search(
    spec: BalanceSpec,
    runner: Runner,
    *,
    progress: ProgressHook | None = None,
    stop: StopHook | None = None,
) -> SearchState:
    """Measure the rules as they are, then candidates the optimiser proposes until the budget of games is spent
    (games read back from the cache count: a run again with the cache repeats the same search without playing),
    `max_candidates` have been tried, or it proposes only candidates already measured."""
    import optuna

    state = SearchState(spec)
    study = make_study(spec)
    repeats = 0

    def report(doing: str, played: int | None = None) -> None:
        if progress is not None:
            shown = runner.played if played is None else played
            progress(BalanceProgress(shown, spec.budget, runner.cached, len(state.candidates), state.best(), doing))

    runner.on_chunk = lambda played: report("measuring", played)
    runner.stop = stop
    report("measuring the rules as they are")
    try:
        measure(spec, state, runner, {})
        if not screen_skipped(spec):
            screen(spec, state, runner, study, report, stop)
    except Cancelled:
        return state
    while runner.played + runner.cached < spec.budget and len(state.candidates) < spec.max_candidates:
        if stop is not None and stop():
            break
        trial = study.ask(distributions(spec))
        choice = choice_of(spec.tuned(), trial.params)
        known = json.dumps(choice, sort_keys=True) in state.seen
        try:
            candidate = measure(spec, state, runner, choice)
        except Cancelled:
            break
        repeats = repeats + 1 if known else 0
        if candidate.refused:
            study.tell(trial, state=optuna.trial.TrialState.FAIL)
            report(f"candidate {candidate.number}: {candidate.stopped}")
        else:
            values = candidate.objectives(spec.target)
            study.tell(trial, [values.worst, float(candidate.changes), candidate.size])
            report(f"candidate {candidate.number}: worst distance {points(values.worst)} points")
        if repeats >= MAX_REPEATS:
            break
    return state


def pareto(state: SearchState) -> list[Candidate]:
    """The candidates measured whole that no other beats on every objective (worst distance, number of changes,
    size of the changes), best worst distance first."""
    target = state.spec.target
    done = state.whole()
    points = {c.number: (c.objectives(target).worst, float(c.changes), c.size) for c in done}

    def beaten(c: Candidate) -> bool:
        mine = points[c.number]
        return any(
            all(o <= m for o, m in zip(points[d.number], mine, strict=True)) and points[d.number] != mine for d in done
        )

    front = [c for c in done if not beaten(c)]
    return sorted(front, key=lambda c: points[c.number])


def needs_no_change(spec: BalanceSpec, candidates: Sequence[Candidate]) -> bool:
    """Whether the rules as they are (the first candidate, measured whole) are already within the tolerance: no
    change is then the fewest changes there are."""
    unchanged = candidates[0] if candidates else None
    return unchanged is not None and unchanged.whole and unchanged.objectives(spec.target).worst <= spec.tolerance


def chosen(state: SearchState) -> Candidate | None:
    """The answer: among the candidates measured whole, those within the tolerance by their worst measure, the
    fewest and smallest changes; if none is, the closest; None when the rules as they are are within the tolerance
    already, or when no candidate beats them."""
    spec = state.spec
    changed = [c for c in state.whole() if c.changes]
    if not changed or needs_no_change(spec, state.candidates):
        return None
    within = [c for c in changed if c.objectives(spec.target).worst <= spec.tolerance]
    if within:
        return min(within, key=lambda c: (c.changes, c.size, c.objectives(spec.target).worst))
    best = min(changed, key=lambda c: (c.objectives(spec.target).worst, c.changes, c.size))
    baseline = state.candidates[0].objectives(spec.target).worst
    return best if best.objectives(spec.target).worst < baseline else None


def verify(spec: BalanceSpec, runner: Runner, choice: Choice) -> dict[str, Tally]:
    """A fresh measurement of a candidate: `verify_games` games a cell on deals no search stage plays."""
    if spec.verify_games == 0:
        return {}
    return runner.tallies(plan(spec, choice, VERIFY_STAGE, spec.verify_games))[0]
