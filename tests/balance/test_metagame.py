"""The metagame: the army-choice game's equilibrium, solved by linear programming."""

from __future__ import annotations

import pandas as pd
import pytest

from rules.balance.measure import Tally
from rules.balance.metagame import equilibrium, matrix_from_summary, payoff, solve


def test_rock_paper_scissors_mixes_evenly() -> None:
    armies = ["rock", "paper", "scissors"]
    matrix = {
        ("rock", "paper"): Tally(0, 1000),
        ("rock", "scissors"): Tally(1000, 1000),
        ("paper", "scissors"): Tally(0, 1000),
    }
    found = equilibrium(armies, matrix, draws=20)
    assert found.shares == pytest.approx((1 / 3, 1 / 3, 1 / 3), abs=1e-3)
    assert found.value == pytest.approx(0.0, abs=1e-9)


def test_an_army_that_beats_every_other_is_the_only_pick() -> None:
    matrix = {("a", "b"): Tally(700, 1000), ("a", "c"): Tally(650, 1000), ("b", "c"): Tally(500, 1000)}
    found = equilibrium(["a", "b", "c"], matrix, draws=20)
    assert found.shares == pytest.approx((1.0, 0.0, 0.0)) and found.low[0] == pytest.approx(1.0)


def test_the_equilibrium_scores_at_least_its_value_against_every_army() -> None:
    rates = {("a", "b"): 0.6, ("a", "c"): 0.3, ("b", "c"): 0.55, ("a", "d"): 0.5, ("b", "d"): 0.45, ("c", "d"): 0.4}
    matrix = payoff(["a", "b", "c", "d"], rates)
    shares, value = solve(matrix)
    assert shares.sum() == pytest.approx(1.0) and value == pytest.approx(0.0, abs=1e-9)
    assert all(float(shares @ matrix[:, j]) >= value - 1e-9 for j in range(4))


def test_few_games_give_a_wide_range() -> None:
    few = {("a", "b"): Tally(6, 10), ("a", "c"): Tally(4, 10), ("b", "c"): Tally(5, 10)}
    many = {k: Tally(t.successes * 100, t.trials * 100) for k, t in few.items()}
    wide, narrow = equilibrium(["a", "b", "c"], few), equilibrium(["a", "b", "c"], many)
    assert sum(h - lo for h, lo in zip(wide.high, wide.low, strict=True)) > sum(
        h - lo for h, lo in zip(narrow.high, narrow.low, strict=True)
    )


def test_a_sweep_summary_over_pairs_adds_both_seats() -> None:
    summary = pd.DataFrame(
        [
            {"army_0": "a", "army_1": "b", "wins_0": 6, "wins_1": 3, "draws": 1},
            {"army_0": "b", "army_1": "a", "wins_0": 2, "wins_1": 8, "draws": 0},
        ]
    )
    armies, matrix = matrix_from_summary(summary)
    assert armies == ["a", "b"] and matrix == {("a", "b"): Tally(14, 19, 1)}


def test_a_summary_of_several_settings_is_refused_rather_than_added_up() -> None:
    """A sweep at two strengths used to give one matrix of both strengths' games, silently."""
    rows = [
        {"army_0": "a", "army_1": "b", "strength": strength, "wins_0": 6, "wins_1": 3, "draws": 1}
        for strength in ("planner", "tuned")
    ]
    with pytest.raises(ValueError, match=r"several settings \(strength: planner, tuned\).*summary\['strength'\]"):
        matrix_from_summary(pd.DataFrame(rows))
    armies, matrix = matrix_from_summary(pd.DataFrame(rows[:1]))
    assert armies == ["a", "b"] and matrix == {("a", "b"): Tally(6, 9, 1)}
