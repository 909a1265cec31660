"""A pair of armies over both seat orders: its two cells added up, and said as a designer asks it."""

from __future__ import annotations

import json
import math
from typing import Any

import pandas as pd
import pytest

from rules.cli import main
from rules.core.ladder import wilson
from rules.sweeps.matchups import both_seats, matchup_words


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
