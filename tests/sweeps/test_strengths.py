"""A sweep at several strengths of play: a cell per combination and strength, each strength's conclusion, and
whether they agree (the balance question that depends on how well the game is played)."""

from __future__ import annotations

import pandas as pd
import pytest

from rules.cli import main
from rules.sweeps.cells import cells
from rules.sweeps.runner import run_sweep
from rules.sweeps.spec import SweepSpec
from rules.sweeps.strengths import compare_strengths, favoured


def spec(**changes: object) -> SweepSpec:
    data: dict[str, object] = {
        "game": "attack-the-tower",
        "armies": ["undead,bandits", "bandits,undead"],
        "strengths": ["random", "greedy"],
        "games": 8,
        "seed": 3,
    }
    data.update(changes)
    return SweepSpec.model_validate(data)


def test_each_combination_is_played_at_every_strength_with_that_policy_on_both_seats() -> None:
    sweep = spec()
    assert sweep.grid_size() == 2 and sweep.size() == 4
    made = cells(sweep)
    assert [(c.armies, c.policies, c.strength) for c in made] == [
        (("undead", "bandits"), ("random", "random"), "random"),
        (("undead", "bandits"), ("greedy", "greedy"), "greedy"),
        (("bandits", "undead"), ("random", "random"), "random"),
        (("bandits", "undead"), ("greedy", "greedy"), "greedy"),
    ]
    assert len({c.key for c in made}) == 4


@pytest.mark.parametrize(
    ("changes", "said"),
    [
        ({"policies": ["planner"]}, "either the policies of the seats or several strengths"),
        ({"strengths": ["planner", "nobody"]}, "no policy 'nobody'"),
        ({"strengths": ["greedy", "greedy"]}, "lists greedy twice"),
    ],
)
def test_a_bad_list_of_strengths_is_refused_in_words(changes: dict[str, object], said: str) -> None:
    with pytest.raises(ValueError, match=said):
        spec(**changes)


def test_the_comparison_gives_each_strengths_verdict_and_whether_they_agree() -> None:
    result = run_sweep(spec(), in_process=True)
    compared = compare_strengths(result.spec, result.summary)
    assert list(compared[["army_0", "army_1"]].itertuples(index=False, name=None)) == [
        ("undead", "bandits"),
        ("bandits", "undead"),
    ]
    summary = result.summary
    for _, row in compared.iterrows():
        verdicts = set()
        for name in ("random", "greedy"):
            cell = summary[(summary["army_0"] == row["army_0"]) & (summary["strength"] == name)].iloc[0]
            assert row[f"{name}_win_rate"] == cell["win_rate_0"] and row[f"{name}_games"] == 8
            assert row[f"{name}_turns_median"] == cell["turns_median"]
            assert row[f"{name}_favours"] == favoured(cell)
            verdicts.add(row[f"{name}_favours"])
        assert row["agrees"] == (len(verdicts) == 1)


def test_a_side_is_favoured_only_when_its_interval_is_clear_of_even() -> None:
    duel = {"wins_1": 0, "ci_low_0": 0.52, "ci_high_0": 0.7}
    assert favoured(pd.Series(duel)) == "player 1"
    assert favoured(pd.Series({**duel, "ci_low_0": 0.2, "ci_high_0": 0.45})) == "player 2"
    assert favoured(pd.Series({**duel, "ci_low_0": 0.45, "ci_high_0": 0.55})) == "neither"
    assert favoured(pd.Series({"ci_low_0": 0.6, "ci_high_0": 0.8})) == "won"


def test_the_cli_plays_each_policy_given_as_a_strength(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["attack-the-tower", "sweep", "--policy", "random", "--policy", "greedy", "--games", "4"]
    assert main([*argv, "--in-process", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "strength random" in out and "strength greedy" in out
    assert "at 2 strengths (random, greedy)" in out
    assert main([*argv, "--policy2", "planner"]) == 2
    assert "--policy2 does not apply" in capsys.readouterr().err
