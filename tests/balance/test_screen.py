"""The screen: single changes played first on the first stage, their effects summed to rank combinations, the best
handed to optuna, and a screened change measured on from where the screen left it."""

from __future__ import annotations

import optuna

from rules.balance.measure import Tally
from rules.balance.screen import Step, effects, predicted_worst, proposals, single_steps
from rules.balance.search import (
    SCREENED,
    Runner,
    SearchState,
    distributions,
    make_study,
    measure,
    screen,
    screen_cost,
    search,
)
from tests.balance.helpers import small_spec


def test_each_knob_moves_one_step_either_way_where_its_values_allow() -> None:
    ghost, lich = small_spec().tuned()  # ghost power 1..4 from 2; lich delta -2,-1 from -1 (its last value)
    steps = single_steps(small_spec().tuned())
    assert [(s.knob, s.step, s.value) for s in steps] == [(ghost.name, -1, 1), (ghost.name, 1, 3), (lich.name, -1, -2)]


def test_an_effect_is_the_change_in_each_measure_s_rate_on_the_same_deals() -> None:
    baseline = {"a v b": Tally(3, 10), "a v c": Tally(5, 10)}
    assert effects({"a v b": Tally(6, 10), "a v c": Tally(5, 10)}, baseline) == {"a v b": 0.3, "a v c": 0.0}


def test_the_combination_whose_effects_cancel_the_imbalance_is_proposed_first() -> None:
    rates = {"a v b": 0.3, "a v c": 0.3, "b v c": 0.5}
    x, x_down, y, z = Step("x", 1, 2), Step("x", -1, 0), Step("y", 1, 2), Step("z", 1, 2)
    screened = [
        (x, {"a v b": 0.2}),
        (x_down, {"a v b": 0.19}),
        (y, {"a v c": 0.2}),
        (z, {"b v c": 0.3}),
    ]
    ranked = proposals(rates, screened, 0.5, max_changes=3, count=4)
    assert ranked[0] == (x, y)  # both rates to 0.5; adding z would push b v c to 0.8
    assert all(len({s.knob for s in steps}) == len(steps) for steps in ranked)  # a knob moves once at most
    assert predicted_worst(rates, ({"a v b": 0.2}, {"a v c": 0.2}), 0.5) < 1e-9


def test_the_screen_plays_each_single_change_on_the_first_stage_and_queues_combinations() -> None:
    spec = small_spec(budget=400)
    state, runner = SearchState(spec), Runner(client=None, in_process=True, cache=None)
    study = make_study(spec)
    measure(spec, state, runner, {})
    screen(spec, state, runner, study, lambda _: None, None)
    screened = state.candidates[1:]
    assert len(screened) == len(single_steps(spec.tuned())) == 3
    assert all(c.screened and c.stopped == SCREENED and c.stages == 1 and c.changes == 1 for c in screened)
    assert all(sum(t.trials + t.draws for t in c.tallies.values()) == 2 * spec.stages[0] for c in screened)
    states = [t.state for t in study.trials]
    assert states.count(optuna.trial.TrialState.COMPLETE) == 3  # what each screened change did, told to optuna
    queued = [t.system_attrs["fixed_params"] for t in study.trials if t.state == optuna.trial.TrialState.WAITING]
    assert queued and all(set(p) == {f"slot_{i}_{w}" for i in range(3) for w in ("knob", "step")} for p in queued)
    assert study.ask(distributions(spec)).params == queued[0]  # optuna's next trial is the combination predicted best


def test_a_screened_change_proposed_again_is_measured_on_from_the_second_stage() -> None:
    spec = small_spec(budget=400)
    state, runner = SearchState(spec), Runner(client=None, in_process=True, cache=None)
    measure(spec, state, runner, {})
    first = measure(spec, state, runner, {spec.tuned()[0].name: 3}, through=1)
    played = runner.played
    again = measure(spec, state, runner, {spec.tuned()[0].name: 3})
    assert again is first and again.whole and again.stages == 2
    assert runner.played - played == 2 * spec.stages[1]  # only the second stage was played
    assert sum(t.trials + t.draws for t in again.tallies.values()) == 2 * sum(spec.stages)


def test_without_the_screen_no_candidate_is_screened() -> None:
    spec = small_spec(budget=120, screen=False)
    state = search(spec, Runner(client=None, in_process=True, cache=None))
    assert not any(c.screened for c in state.candidates)
    with_screen = search(small_spec(budget=120), Runner(client=None, in_process=True, cache=None))
    assert sum(c.screened for c in with_screen.candidates) == 3


def test_the_screen_costs_only_the_cells_a_change_touches() -> None:
    spec = small_spec(armies="undead,bandits,westerners")  # both knobs are the Undead's cards
    touched = 2 * 2  # undead v bandits and undead v westerners, each army in each seat; bandits v westerners kept
    assert screen_cost(spec) == len(single_steps(spec.tuned())) * touched * spec.stages[0]
