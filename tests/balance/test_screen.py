"""The screen: single changes played first on the first stage, their effects summed to rank combinations, the best
handed to optuna, and a screened change measured on from where the screen left it."""

from __future__ import annotations

import math

import optuna

from rules.balance.knobs import Knob
from rules.balance.measure import Tally
from rules.balance.plan import BalanceSpec
from rules.balance.screen import (
    SINGLES,
    Step,
    effects,
    log_odds,
    predicted_worst,
    proposals,
    shorter_steps,
    single_steps,
)
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


def test_each_knob_moves_its_reach_either_way_or_to_the_end_of_its_values() -> None:
    ghost, lich = small_spec().tuned()  # ghost power 1..4 from 2; lich delta -2,-1 from -1 (its last value)
    steps = single_steps(small_spec().tuned(), 2)
    assert [(s.knob, s.step, s.value) for s in steps] == [(ghost.name, -1, 1), (ghost.name, 2, 4), (lich.name, -1, -2)]
    steps = single_steps(small_spec().tuned(), 1)
    assert [(s.knob, s.step, s.value) for s in steps] == [(ghost.name, -1, 1), (ghost.name, 1, 3), (lich.name, -1, -2)]


def test_the_screen_moves_card_copies_two_steps_and_tower_defense_s_numbers_one() -> None:
    """The defaults are each game's descriptor's (`BalanceSupport`)."""
    assert small_spec().screen_reach() == 2
    td = BalanceSpec(game="tower-defense", knobs=["wave_every=2..6"])
    assert td.screen_reach() == 1 and td.seat_policy() == "planner"
    assert small_spec(screen_step=1).screen_reach() == 1
    assert BalanceSpec(game="attack-the-tower", armies=["undead", "bandits"]).seat_policy() == "learned"


def test_a_one_step_change_is_predicted_as_half_the_screened_two_step_effect() -> None:
    ghost, lich = small_spec().tuned()
    screened = [(Step(ghost.name, 2, 4), {"a v b": 0.8}), (Step(lich.name, -1, -2), {"a v b": -0.3})]
    assert shorter_steps(small_spec().tuned(), screened) == [(Step(ghost.name, 1, 3), {"a v b": 0.4})]


def test_a_halved_step_joins_the_combinations_but_not_the_measured_singles() -> None:
    """Two screened two-step changes each overshoot; one of them halved lands on the target with the other's."""
    base = {"a v b": logit(0.3), "a v c": logit(0.3)}
    up = logit(0.5) - logit(0.3)
    x2, y2 = Step("x", 2, 4), Step("y", 2, 4)
    screened = [(x2, {"a v b": 2 * up}), (y2, {"a v c": 2 * up})]
    knobs = tuple(Knob(name=name, kind="rules", values=(0, 1, 2, 3, 4), current=2) for name in ("x", "y"))
    ranked = proposals(base, screened, 0.5, max_changes=2, count=3, shorter=shorter_steps(knobs, screened))
    assert ranked[:SINGLES] == [(x2,), (y2,)]  # the measured singles first
    assert ranked[SINGLES] == (Step("x", 1, 3), Step("y", 1, 3))  # then both halved: both rates on 0.5


def test_an_effect_is_the_change_in_each_measure_s_log_odds_on_the_same_deals() -> None:
    baseline = {"a v b": Tally(3, 10), "a v c": Tally(5, 10)}
    found = effects({"a v b": Tally(6, 10), "a v c": Tally(5, 10)}, baseline)
    assert found["a v c"] == 0.0
    assert math.isclose(found["a v b"], math.log(6.5 / 4.5) - math.log(3.5 / 7.5))
    assert math.isfinite(log_odds(Tally(10, 10))) and log_odds(Tally(10, 10)) == -log_odds(Tally(0, 10))


def test_the_combination_whose_effects_cancel_the_imbalance_is_proposed_first() -> None:
    base = {"a v b": logit(0.3), "a v c": logit(0.3), "b v c": 0.0}
    up = logit(0.5) - logit(0.3)
    x, x_down, y, z = Step("x", 1, 2), Step("x", -1, 0), Step("y", 1, 2), Step("z", 1, 2)
    screened = [
        (x, {"a v b": up}),
        (x_down, {"a v b": 0.95 * up}),
        (y, {"a v c": up}),
        (z, {"b v c": logit(0.8)}),
    ]
    ranked = proposals(base, screened, 0.5, max_changes=3, count=4)
    assert ranked[SINGLES] == (x, y)  # after the best singles: both rates to 0.5; adding z would push b v c to 0.8
    assert all(len({s.knob for s in steps}) == len(steps) for steps in ranked)  # a knob moves once at most
    assert predicted_worst(base, ({"a v b": up}, {"a v c": up}), 0.5) < 1e-9


def test_effects_add_in_log_odds_so_two_pulls_from_a_certainty_do_not_land_on_the_target() -> None:
    """At a rate of 100% (smoothed: 24.5 of 25) one change to 57% and one to 91%: summed as rates they would predict
    48%, close to the target; summed in log-odds they predict 18%, farther than the single change alone."""
    baseline = {"2 players": Tally(24, 24)}
    one = (Step("credit", -1, 0), effects({"2 players": Tally(13, 23)}, baseline))
    other = (Step("waves", -1, 2), effects({"2 players": Tally(21, 23)}, baseline))
    base = {"2 players": log_odds(Tally(24, 24))}
    together = predicted_worst(base, (one[1], other[1]), 0.5)
    assert together > 0.3
    assert predicted_worst(base, (one[1],), 0.5) < together


def test_the_single_changes_that_came_closest_are_proposed_whatever_the_combinations_predict() -> None:
    """Summed effects may predict a combination on the target that overshoots it (changes that interact): the
    single changes measured closest are queued all the same, so one of them can be the answer."""
    base = {"2 players": logit(0.98)}
    steps = [Step(f"k{i}", -1, 0) for i in range(4)]
    pulls = [logit(0.69), logit(0.92), logit(0.95), logit(0.96)]
    screened = [(step, {"2 players": pull - base["2 players"]}) for step, pull in zip(steps, pulls, strict=True)]
    ranked = proposals(base, screened, 0.5, max_changes=3, count=4)
    assert len(ranked) == 4
    assert ranked[:2] == [(steps[0],), (steps[1],)]  # the two best singles, measured, first
    assert all(len(combination) > 1 for combination in ranked[2:])  # then what the effects predict


def test_the_screen_plays_each_single_change_on_the_first_stage_and_queues_combinations() -> None:
    spec = small_spec(budget=400)
    state, runner = SearchState(spec), Runner(client=None, in_process=True, cache=None)
    study = make_study(spec)
    measure(spec, state, runner, {})
    screen(spec, state, runner, study, lambda _: None, None)
    screened = state.candidates[1:]
    assert len(screened) == len(single_steps(spec.tuned(), spec.screen_reach())) == 3
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
    assert screen_cost(spec) == len(single_steps(spec.tuned(), spec.screen_reach())) * touched * spec.stages[0]


def test_many_knobs_and_changes_are_ranked_through_a_beam_that_still_finds_the_combination() -> None:
    """Five changes among 80 steps are 24 million combinations: the ranking grows the best smaller ones instead,
    and still finds the five changes that each bring one measure to the target."""
    measures = [f"m{i}" for i in range(5)]
    base = {name: logit(0.3) for name in measures}
    up = logit(0.5) - logit(0.3)
    fixes = [(Step(f"fix{i}", 1, 1), {measures[i]: up}) for i in range(5)]
    noise = [(Step(f"other{i}", sign, 1), {measures[i % 5]: 0.1 * sign}) for i in range(35) for sign in (-1, 1)]
    screened = [*noise, *fixes]
    ranked = proposals(base, screened, 0.5, max_changes=5, count=SINGLES + 1)
    assert set(ranked[SINGLES]) == {step for step, _ in fixes}


def logit(rate: float) -> float:
    return math.log(rate / (1 - rate))
