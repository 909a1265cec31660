"""A pair of armies over both seat orders: its two cells added up, and said as a designer asks it."""

from __future__ import annotations

import json
import math
from typing import Any

import pandas as pd
import pytest

from rules.cli import main
from rules.core.ladder import wilson
from rules.sweeps.matchups import (
    both_seats,
    compare_matchup_strengths,
    matchup_agreement_words,
    matchup_agreements,
    matchup_words,
)
from rules.sweeps.strengths import favoured


def cell(first: str, second: str, wins_0: int, wins_1: int, draws: int, **grid: Any) -> dict[str, Any]:
    games = wins_0 + wins_1 + draws
    return {"game": "attack-the-tower", "army_0": first, "army_1": second, "override": "none", **grid} | {
        "games": games,
        "wins_0": wins_0,
        "wins_1": wins_1,
        "draws": draws,
        "turns_median": 5.0,
    }


def test_a_pair_played_both_ways_adds_its_two_cells_from_each_armys_side() -> None:
    summary = pd.DataFrame(
        [
            cell("undead", "bandits", 30, 68, 2, cavalry_power=2),
            cell("bandits", "undead", 70, 25, 5, cavalry_power=2),
            cell("undead", "bandits", 40, 60, 0, cavalry_power=3),  # its other order not played: no matchup
            cell("undead", "westerners", 10, 10, 0, cavalry_power=2),  # nor here
        ]
    )
    rows = both_seats(summary).to_dict(orient="records")
    assert len(rows) == 1
    row = rows[0]
    assert (row["army_a"], row["army_b"], row["cavalry_power"]) == ("undead", "bandits", 2)
    assert (row["wins_a"], row["wins_b"], row["draws"], row["games"]) == (55, 138, 7, 200)
    assert row["share_a"] == pytest.approx(55 / 193) and (row["low_a"], row["high_a"]) == wilson(55, 193)
    assert matchup_words(row) == (
        "undead v bandits, both seats: undead won 28.5% of 193 decided (22.6%-35.2%), 7 draws - favours bandits"
    )
    assert row["favours"] == "bandits"  # the verdict as data, for --json and the lab


def test_no_pair_is_counted_twice_and_a_game_without_armies_has_none() -> None:
    summary = pd.DataFrame([cell("a", "b", 5, 5, 0), cell("b", "a", 6, 4, 0), cell("a", "a", 3, 7, 0)])
    rows = both_seats(summary).to_dict(orient="records")
    assert [(r["army_a"], r["army_b"], r["wins_a"], r["wins_b"]) for r in rows] == [("a", "b", 9, 11)]
    assert "no army shown favoured" in matchup_words(rows[0]) and rows[0]["favours"] is None
    assert both_seats(pd.DataFrame([{"game": "the-tower", "games": 4, "wins_0": 2}])).empty
    nobody = both_seats(pd.DataFrame([cell("a", "b", 0, 0, 3), cell("b", "a", 0, 0, 2)])).iloc[0].to_dict()
    assert math.isnan(nobody["share_a"]) and matchup_words(nobody) == "a v b, both seats: no game decided, 5 draws"


def test_the_sweep_command_says_each_pair_over_both_seats(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["attack-the-tower", "sweep", "--armies", "undead,bandits", "--armies", "bandits,undead"]
    argv += ["--policy", "greedy", "--games", "6", "--in-process", "--no-progress"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "each pair of armies over both seats" in out and "undead v bandits, both seats: undead won" in out
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    (pair,) = data["matchups"]
    first, second = data["summary"]
    assert pair["wins_a"] == first["wins_0"] + second["wins_1"] and pair["games"] == 12


def at(strength: str, *cells: dict[str, Any]) -> list[dict[str, Any]]:
    return [{**c, "strength": strength} for c in cells]


def compare_strengths_seat_by_seat_shows_nothing(summary: pd.DataFrame) -> bool:
    """Whether no seat order of `summary`, on its own, shows a side (its interval reaches 50%)."""
    return all(favoured(row) == "neither" for _, row in summary.iterrows())


def test_a_pair_at_several_strengths_is_compared_over_both_seats_not_seat_by_seat() -> None:
    """Each seat order on its own shows no side (44 of 100 and 58 of 100: both intervals reach 50%); over both
    seats the undead win 86 of 200 (36%-50%) at each strength, and both favour the bandits: the matchup's answer
    does not depend on the play."""
    summary = pd.DataFrame(
        at("planner", cell("undead", "bandits", 44, 56, 0), cell("bandits", "undead", 58, 42, 0))
        + at("tuned", cell("undead", "bandits", 43, 57, 0), cell("bandits", "undead", 57, 43, 0))
        + at("random", cell("undead", "westerners", 50, 50, 0))  # not at every strength, nor both ways
    )
    pairs = both_seats(summary)
    compared = compare_matchup_strengths(pairs, ["planner", "tuned"]).to_dict(orient="records")
    assert len(compared) == 1
    (row,) = compared
    assert (row["planner_favours"], row["tuned_favours"], row["agreement"]) == ("bandits", "bandits", "same")
    assert row["agrees"] and compare_strengths_seat_by_seat_shows_nothing(summary)
    assert matchup_agreement_words(row, ["planner", "tuned"]) == (
        "undead v bandits, both seats: planner favours bandits; tuned favours bandits - the same"
    )


@pytest.mark.parametrize(
    ("tuned", "agreement", "told"),
    [
        ((55, 45, 35, 65), "opposite", "planner favours bandits; tuned favours undead - CONCLUSIONS DIFFER"),
        ((50, 50, 50, 50), "unsettled", "tuned cannot tell - not settled (more games may)"),
    ],
)
def test_strengths_that_disagree_on_a_matchup_say_how(tuned: tuple[int, ...], agreement: str, told: str) -> None:
    w0, w1, v0, v1 = tuned
    summary = pd.DataFrame(
        at("planner", cell("undead", "bandits", 40, 60, 0), cell("bandits", "undead", 62, 38, 0))
        + at("tuned", cell("undead", "bandits", w0, w1, 0), cell("bandits", "undead", v0, v1, 0))
    )
    (row,) = compare_matchup_strengths(both_seats(summary), ["planner", "tuned"]).to_dict(orient="records")
    assert row["agreement"] == agreement and matchup_agreement_words(row, ["planner", "tuned"]).endswith(told)


def test_the_sweep_command_compares_each_pair_at_every_strength(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["attack-the-tower", "sweep", "--armies", "undead,bandits", "--armies", "bandits,undead"]
    argv += ["--policy", "random", "--policy", "greedy", "--games", "4", "--in-process", "--no-progress"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "each pair over both seats at 2 strengths: does the matchup's answer depend on the play?" in out
    assert "undead v bandits, both seats: random " in out.split("depend on the play?")[1]
    assert main([*argv, "--json"]) == 0
    (pair,) = json.loads(capsys.readouterr().out)["matchup_strengths"]
    assert {"random_favours", "greedy_favours", "agreement"} <= set(pair)


def test_each_pair_row_carries_its_pairs_agreement_or_none_when_not_played_at_every_strength() -> None:
    summary = pd.DataFrame(
        at("planner", cell("undead", "bandits", 44, 56, 0), cell("bandits", "undead", 58, 42, 0))
        + at("tuned", cell("undead", "bandits", 43, 57, 0), cell("bandits", "undead", 57, 43, 0))
        + at("planner", cell("undead", "westerners", 50, 50, 0), cell("westerners", "undead", 50, 50, 0))
    )
    pairs = both_seats(summary)
    rows = zip(pairs["army_b"], pairs["strength"], strict=True)
    shown = dict(zip(rows, matchup_agreements(pairs, ["planner", "tuned"]), strict=True))
    assert shown == {("bandits", "planner"): "same", ("bandits", "tuned"): "same", ("westerners", "planner"): None}
