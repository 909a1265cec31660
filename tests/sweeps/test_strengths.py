"""A sweep at several strengths of play: a cell per combination and strength, each strength's conclusion, and
whether they agree (the balance question that depends on how well the game is played)."""

from __future__ import annotations

import json
import re

import pandas as pd
import pytest

from rules.cli import main
from rules.sweeps.cells import cells
from rules.sweeps.runner import run_sweep
from rules.sweeps.spec import SweepSpec
from rules.sweeps.strengths import (
    TABLE_VERDICTS,
    agreement,
    agreement_words,
    compare_strengths,
    decided_share,
    favoured,
    favoured_words,
    strength_words,
    verdict_words,
)


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
            assert row[f"{name}_draws"] == cell["draws"]
            assert row[f"{name}_decided"] == cell["wins_0"] + cell["wins_1"]
            assert row[f"{name}_favours"] == favoured(cell)
            verdicts.add(row[f"{name}_favours"])
        assert row["agrees"] == (len(verdicts) == 1)


def duel(first: int, second: int, draws: int = 0) -> pd.Series:
    """A duel's summary row (what the verdict reads of it)."""
    return pd.Series({"wins_0": first, "wins_1": second, "draws": draws, "games": first + second + draws})


def test_a_side_is_favoured_only_when_its_share_of_the_decided_games_is_clear_of_even() -> None:
    assert favoured(duel(60, 30)) == "player 1"  # 66.7%, Wilson 95% 56.4%-75.5%
    assert favoured(duel(30, 60)) == "player 2"
    assert favoured(duel(50, 40)) == "neither"  # 55.6%, 45.3%-65.4%
    assert favoured(duel(0, 0, 12)) == "neither"  # nobody won a game
    assert favoured(pd.Series({"win_rate_0": 0.7, "ci_low_0": 0.6, "ci_high_0": 0.8, "games": 80})) == "won"
    assert favoured(pd.Series({"win_rate_0": 0.3, "ci_low_0": 0.2, "ci_high_0": 0.4, "games": 80})) == "lost"


def test_draws_favour_nobody() -> None:
    # 13 wins against 16 and 31 draws: player 1 won 21.7% of all the games (interval below 50%), but of the games
    # somebody won, 44.8% (28.4%-62.5%): neither side is favoured
    row = duel(13, 16, 31)
    assert decided_share(row)[0] == pytest.approx(13 / 29) and decided_share(row)[3] == 29
    assert favoured(row) == "neither"


def test_a_verdict_names_the_army_of_the_seat_it_favours() -> None:
    row = {"army_0": "undead", "army_1": "bandits"}
    assert favoured_words("player 2", row) == "player 2 (bandits)"
    assert favoured_words("neither", row) == "neither"
    assert favoured_words("won", {}) == "won"


def test_a_combination_keeps_its_number_when_an_earlier_one_is_unfinished() -> None:
    # a cancelled sweep on a cluster finishes cells in any order: the first pair lacks its greedy cell
    result = run_sweep(spec(), in_process=True)
    partial = result.summary[result.summary["cell"] != 1]
    compared = compare_strengths(result.spec, partial)
    assert list(compared["combination"]) == [1]
    assert (compared["army_0"].iloc[0], compared["army_1"].iloc[0]) == ("bandits", "undead")


def test_the_cli_plays_each_policy_given_as_a_strength(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["attack-the-tower", "sweep", "--policy", "random", "--policy", "greedy", "--games", "4"]
    assert main([*argv, "--in-process", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "strength random" in out and "strength greedy" in out
    assert "player 1 (undead) " in out and "player 2 (bandits) " in out  # each seat's army beside its wins
    assert "at 2 strengths (random, greedy)" in out
    assert "player 1's share of the games somebody won (draws favour nobody)" in out
    assert re.search(r"undead vs bandits: random (no game decided|[0-9.]+% of \d+ decided)", out)
    assert re.search(r"favours (neither|player 1 \(undead\)|player 2 \(bandits\))", out)
    assert main([*argv, "--in-process", "--json"]) == 0
    (compared,) = json.loads(capsys.readouterr().out)["strengths"]
    assert (compared["army_0"], compared["army_1"], compared["combination"]) == ("undead", "bandits", 0)
    assert compared["greedy_decided"] + compared["greedy_draws"] == compared["greedy_games"] == 4
    assert {compared["random_favours"], compared["greedy_favours"]} <= {"player 1", "player 2", "neither"}
    assert compared["agrees"] == (compared["random_favours"] == compared["greedy_favours"])
    assert main([*argv, "--policy2", "planner"]) == 2
    assert "--policy2 does not apply" in capsys.readouterr().err


def test_a_table_game_is_won_or_lost_more_often_not_favoured_and_counts_its_length_as_it_can(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The Tower: one player, no turns counted, so no side to favour and no turns to spread
    tower = SweepSpec(game="the-tower", strengths=["random", "greedy"], vary={"starting_hp": [6]}, games=6, seed=0)
    compared = compare_strengths(tower, run_sweep(tower, in_process=True).summary)
    _, length, verdict = strength_words("random", compared.iloc[0].to_dict())
    assert verdict in set(TABLE_VERDICTS.values())
    assert "steps (mean; the game counts no turns)" in length and "nan" not in length
    argv = ["the-tower", "sweep", "--policy", "random", "--policy", "greedy", "--games", "2", "--in-process"]
    assert main([*argv, "--no-progress"]) == 0
    legend = capsys.readouterr().out.split("does the conclusion depend on the play?")[1].splitlines()[1]
    assert legend.endswith("95% interval; the game counts no turns: its mean length in steps)")  # no "turns: ..."
    # Tower Defense: a cooperative table counts turns
    argv = ["tower-defense", "sweep", "--policy", "random", "--policy", "planner", "--games", "10", "--in-process"]
    assert main([*argv, "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "favours" not in out.split("does the conclusion depend on the play?")[1]
    said = r"random 0\.0% \([0-9.]+%-[0-9.]+%\), median \d+ turns, the middle 80% \d+-\d+, lost more often than won"
    assert re.search(said, out)
    assert "planner 100.0% (72.2%-100.0%)" in out
    assert "CONCLUSIONS DIFFER: random lost more often than won; planner won more often than lost" in out


def test_strengths_that_disagree_are_told_apart_from_strengths_not_settled_yet() -> None:
    # a side shown at one strength and none at the other is not settled (more games may show it), not a reversal
    names = ["planner", "tuned"]
    assert agreement(["player 2", "player 2"]) == "same" and agreement(["neither", "neither"]) == "same"
    assert agreement(["neither", "player 2"]) == "unsettled" and agreement(["player 1", "neither", "player 1"]) == (
        "unsettled"
    )
    assert agreement(["player 1", "player 2"]) == "opposite" and agreement(["won", "neither", "lost"]) == "opposite"
    row: dict[str, object] = {"army_0": "bandits", "army_1": "undead", "agreement": "unsettled"}
    row |= {"planner_favours": "neither", "planner_decided": 40, "tuned_favours": "player 1", "tuned_decided": 40}
    assert agreement_words(row, names) == (
        "not settled: planner cannot tell yet (the interval reaches 50%; more games may)"
    )
    assert verdict_words("planner", row) == "no side shown favoured (the interval reaches 50%)"
    row |= {"agreement": "opposite", "planner_favours": "player 2"}
    assert agreement_words(row, names) == (
        "CONCLUSIONS DIFFER: planner favours player 2 (undead); tuned favours player 1 (bandits)"
    )
    row |= {"agreement": "same", "planner_favours": "neither", "tuned_favours": "neither"}
    assert agreement_words(row, names) == "the same at every strength: none can tell yet (more games may)"
