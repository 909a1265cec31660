"""The search's parts: a candidate's slots as changes, the early stop, the Pareto front and the answer chosen."""

from __future__ import annotations

from pydantic import JsonValue

from rules.balance.measure import Tally
from rules.balance.search import (
    REFUSED,
    Candidate,
    Runner,
    SearchState,
    choice_of,
    chosen,
    measure,
    pareto,
    screen_cost,
    screen_skipped,
    search,
)
from tests.balance.helpers import small_spec


def test_slots_move_their_knob_and_reflect_at_the_ends() -> None:
    spec = small_spec()
    ghost, lich = spec.tuned()  # ghost power 1..4 from 2; lich delta -2,-1 from -1
    params = {"slot_0_knob": ghost.name, "slot_0_step": 2, "slot_1_knob": "none", "slot_1_step": 1}
    assert choice_of(spec.tuned(), params) == {ghost.name: 4}
    params = {"slot_0_knob": lich.name, "slot_0_step": 1}  # past the end: reflected to -2
    assert choice_of(spec.tuned(), params) == {lich.name: -2}
    params = {"slot_0_knob": ghost.name, "slot_0_step": -1, "slot_1_knob": ghost.name, "slot_1_step": 1}
    assert choice_of(spec.tuned(), params) == {ghost.name: 3}  # the later slot wins


def candidate(number: int, changes: int, rate: tuple[int, int], size: float = 0.5, stopped: str = "") -> Candidate:
    choice: dict[str, JsonValue] = {f"k{i}": i for i in range(changes)}
    return Candidate(number, choice, changes, size if changes else 0.0, {"a v b": Tally(*rate)}, stopped=stopped)


def state_of(*found: Candidate) -> SearchState:
    state = SearchState(small_spec())
    state.candidates = list(found)
    return state


def test_a_candidate_surely_farther_than_one_measured_with_no_more_changes_is_ruled_out() -> None:
    state = state_of(candidate(0, 0, (100, 200)), candidate(1, 1, (95, 200)))
    assert state.ruled_out_by(candidate(2, 1, (2, 40))) is not None
    assert state.ruled_out_by(candidate(3, 1, (15, 40))) is None  # its interval still reaches the others'
    far_with_fewer = state_of(candidate(0, 0, (20, 200)), candidate(1, 2, (100, 200)))
    assert far_with_fewer.ruled_out_by(candidate(2, 1, (2, 40))) is None  # the close one has more changes


def test_the_front_keeps_what_no_other_candidate_beats_on_every_objective() -> None:
    state = state_of(
        candidate(0, 0, (40, 200)),
        candidate(1, 1, (80, 200)),
        candidate(2, 2, (98, 200)),
        candidate(3, 2, (60, 200)),  # beaten by 1: farther and more changes
        candidate(4, 1, (99, 200), stopped="after stage 1"),  # not measured whole: never on the front
    )
    assert [c.number for c in pareto(state)] == [2, 1, 0]


def test_the_answer_is_the_fewest_changes_within_the_tolerance_else_the_closest() -> None:
    within = state_of(candidate(0, 0, (40, 200)), candidate(1, 1, (92, 200)), candidate(2, 2, (100, 200)))
    answer = chosen(within)
    assert answer is not None and answer.number == 1
    none_within = state_of(candidate(0, 0, (40, 200)), candidate(1, 1, (60, 200)), candidate(2, 2, (70, 200)))
    answer = chosen(none_within)
    assert answer is not None and answer.number == 2
    worse = state_of(candidate(0, 0, (80, 200)), candidate(1, 1, (60, 200)))
    assert chosen(worse) is None


def test_a_candidate_the_cards_cannot_hold_is_refused_unplayed_and_the_search_goes_on() -> None:
    shipped = {"graveyard": 7, "crypt": 6, "mansion": 5, "desecrated_grounds": 5, "workshop": 2}
    bases = [f"undead.{b}.copies={n - 1}..{n + 1}" for b, n in shipped.items()]
    spec = small_spec(knobs=bases, max_changes=5, budget=60)
    runner = Runner(client=None, in_process=True, cache=None)
    state = SearchState(spec)
    every_base_up = {k.name: k.values[k.current_index + 1] for k in spec.tuned()}  # 30 cards, none left to balance
    refused = measure(spec, state, runner, every_base_up)
    assert refused.refused and refused.stopped.startswith(REFUSED) and "25" in refused.stopped
    assert refused.played == 0 and runner.played == 0 and not refused.tallies
    assert refused not in state.whole()
    found = search(spec, Runner(client=None, in_process=True, cache=None))
    assert found.whole()[0].choice == {}  # the rules as they are are still measured, whatever is refused


def test_the_report_says_why_nothing_was_screened() -> None:
    spec = small_spec()
    assert screen_skipped(spec) == "" and screen_cost(spec) == 24  # 2 knobs, a few games each: it runs
    assert screen_skipped(small_spec(budget=47)) == "screening would take 24 games, over half the budget"
    assert screen_skipped(small_spec(budget=48)) == ""
    assert screen_skipped(small_spec(screen=False)) == "--no-screen"
    one = small_spec(knobs=["undead.ghost.special_troop.power=1..4"])
    assert screen_skipped(one) == "one knob, whose values optuna tries itself"
