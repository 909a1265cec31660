"""`tower-rules the-tower ...`: output, JSON, exit codes, and errors without tracebacks.

The commands are registered on a small parser of their own and run through `rules.cli.main`, so the
error handling is the real one.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from rules import cli as rules_cli
from rules.the_tower import cards
from rules.the_tower.cli import rules_from
from rules.the_tower.game import POSITION
from rules.the_tower.variants import Rules

_EVERY_GAME = rules_cli.build_parser


def build_parser() -> argparse.ArgumentParser:
    return _EVERY_GAME(["the-tower"])


Run = Callable[..., tuple[int, str, str]]
"""Runs `tower-rules the-tower ARGS...`: (exit code, stdout, stderr)."""


@pytest.fixture
def run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Run:
    monkeypatch.setattr(rules_cli, "build_parser", build_parser)

    def invoke(*args: str) -> tuple[int, str, str]:
        try:
            code = rules_cli.main(["the-tower", *args])
        except SystemExit as exc:  # argparse's own usage errors
            code = int(exc.code or 0)
        out, err = capsys.readouterr()
        return code, out, err

    return invoke


def example_file(run: Run, tmp_path: Path, name: str) -> Path:
    code, out, _ = run("example", name)
    assert code == 0
    path = tmp_path / f"{name}.json"
    path.write_text(out)
    return path


def test_example_list_and_positions(run: Run, tmp_path: Path) -> None:
    code, out, _ = run("example", "--list")
    assert code == 0 and all(n in out for n in ("opening", "fight-in-progress", "pictured-fight", "last-rooms"))
    state = POSITION.load(example_file(run, tmp_path, "opening"))
    assert state.action_points == 4


def test_unknown_example_is_exit_2(run: Run) -> None:
    code, out, err = run("example", "nowhere")
    assert code == 2 and out == "" and err.startswith("error: unknown example") and "Traceback" not in err


def test_schema_and_validate(run: Run, tmp_path: Path) -> None:
    code, out, _ = run("schema")
    assert code == 0 and json.loads(out)["title"] == "GameState"
    code, out, _ = run("validate", str(example_file(run, tmp_path, "pictured-fight")))
    assert code == 0 and "a legal position (fight, floor 1, 6 HP)" in out


def test_an_illegal_position_is_exit_2_with_one_line_per_problem(run: Run, tmp_path: Path) -> None:
    data = json.loads(example_file(run, tmp_path, "opening").read_text())
    data["hand"] = ["2C", *data["hand"]]
    data["hp"] = -3
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    code, out, err = run("fight", str(bad))
    assert code == 2 and out == "" and "Traceback" not in err
    assert all(line.startswith("error: ") for line in err.strip().splitlines())


def test_a_file_that_is_not_json_or_missing_is_exit_2(run: Run, tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{nope")
    assert run("odds", str(broken))[0] == 2
    code, _, err = run("odds", str(tmp_path / "missing.json"))
    assert code == 2 and "cannot read" in err


def test_fight_shows_the_best_plan_and_the_alternatives(run: Run, tmp_path: Path) -> None:
    path = example_file(run, tmp_path, "fight-in-progress")
    code, out, _ = run("fight", str(path))
    assert code == 0
    assert "Best: 8 of Diamonds (16)" in out and "Also: 7 of Hearts (14)" in out and "2 of Spades" in out
    code, out, _ = run("fight", str(path), "--json")
    data = json.loads(out)
    assert code == 0 and data["rooms"][0]["card"] == "KS" and data["rooms"][0]["plans"][0]["cards"] == ["8D"]
    assert data["advice"][0]["action"] == {"action": "hit", "card": "8D"}


def test_fight_between_fights_plans_each_face_up_monster_and_gives_no_advice(run: Run, tmp_path: Path) -> None:
    """A monster face up while action points are still being spent: its plans, and no fight to advise on."""
    data = json.loads(example_file(run, tmp_path, "pictured-fight").read_text())
    data.update(phase="actions", fight=None, action_points=1)
    path = tmp_path / "face-up.json"
    path.write_text(json.dumps(data))
    code, out, err = run("fight", str(path), "--json")
    assert code == 0 and "Traceback" not in err
    result = json.loads(out)
    assert result["rooms"][0]["card"] == "KC" and result["advice"] == [] and result["advice_basis"] is None


def test_fight_without_a_known_monster_is_exit_2(run: Run, tmp_path: Path) -> None:
    code, _, err = run("fight", str(example_file(run, tmp_path, "opening")))
    assert code == 2 and "no monster is face up" in err


def test_odds_of_face_down_rooms_and_advice(run: Run, tmp_path: Path) -> None:
    path = example_file(run, tmp_path, "last-rooms")
    code, out, _ = run("odds", str(path))
    assert code == 0 and "behind it: Jack 1/2 (50.0%), Queen 1/2 (50.0%)" in out and "fight room 2" in out
    code, out, _ = run("odds", str(path), "--json")
    data = json.loads(out)
    assert [r["room"] for r in data["rooms"]] == [2, 4]
    assert {m["card"] for m in data["rooms"][0]["monsters"]} == {"JS", "QS"}
    assert sum(m["float"] for m in data["rooms"][0]["hp_cost"]) == pytest.approx(1)
    code, out, _ = run("odds", str(example_file(run, tmp_path, "pictured-fight")), "--json")
    assert code == 0 and json.loads(out)["fight"]["slay"]["exact"] == "1"


def test_play_and_its_json(run: Run) -> None:
    code, out, _ = run("play", "--policy", "random", "--seed", "4")
    assert code == 0 and out.strip().splitlines()[-1].startswith("Result: ")
    code, out, _ = run("play", "--seed", "1", "--json", "--variant", "starting_hp=14")
    data = json.loads(out)
    assert code == 0 and data["policy"] == "greedy" and data["events"][0]["rule"] == "setup.draw"


def test_simulate(run: Run) -> None:
    code, out, _ = run("simulate", "--policy", "random", "--games", "30", "--no-progress", "--json")
    data = json.loads(out)
    assert code == 0 and data["games"] == 30 and 0 <= data["ci95"][0] <= data["rate"] <= data["ci95"][1]


def test_bad_options_are_exit_2(run: Run) -> None:
    assert run("play", "--policy", "genius")[0] == 2
    code, _, err = run("play", "--variant", "starting_hp=-1")
    assert code == 2 and "starting_hp" in err
    code, _, err = run("play", "--variant", "nonsense")
    assert code == 2 and "FIELD=VALUE" in err
    assert run("simulate", "--games", "0")[0] == 2


def test_a_hand_written_table_is_enough(run: Run, tmp_path: Path) -> None:
    # what is on the table, nothing more: the decks, the floor number, the phase and the HP follow from it
    table = {"hand": ["8C", "6S", "9D"], "floor": ["KC", "?", "?", "?"], "fight": {"room": 0, "monster_hp": 18}}
    path = tmp_path / "table.json"
    path.write_text(json.dumps(table))
    code, out, _ = run("fight", str(path))
    assert code == 0 and "Best: 9 of Diamonds (18)" in out
    table["room_waste"] = ["KC"]
    path.write_text(json.dumps(table))
    code, out, err = run("validate", str(path))
    assert code == 2 and out == "" and f"error: {path}: the King of Clubs stands 2 times" in err


def test_variants_are_checked_in_words(run: Run) -> None:
    code, out, err = run("play", "--variant", "hp_cap=3")
    assert code == 2 and out == "" and err == "error: hp_cap: a cap of 3 HP is below the 6 starting HP\n"
    code, _, err = run("play", "--variant", "startinghp=14")
    assert code == 2 and "the rules have no field 'startinghp'; did you mean starting_hp?" in err
    code, _, err = run("play", "--variant", "starting_hp=-1", "--variant", "fight_actions=sometimes")
    assert code == 2 and "error: starting_hp: must be at least 1" in err
    assert "error: fight_actions: must be one of 'never', 'when_stuck' or 'always'" in err
    code, out, _ = run("simulate", "--variant", "hand_limit=none", "--games", "2", "--no-progress")
    assert code == 0 and "/2 won" in out
    # a field given twice is refused (the last value was played without a word)
    code, _, err = run("play", "--variant", "starting_hp=14", "--variant", "starting_hp=6")
    assert code == 2 and err == "error: --variant sets starting_hp twice; give it one value\n"
    # a nested field is named as a sweep names it (a sweep's --set jack.hp=8 read, play's refused it)
    assert rules_from(["jack.hp=8"]).jack.hp == 8 and rules_from(["jack.hp=8"]).starting_hp == Rules().starting_hp
    assert run("play", "--seed", "1", "--variant", "jack.hp=8")[0] == 0
    code, _, err = run("play", "--variant", "jack.hpp=8")
    assert code == 2 and "did you mean jack.hp?" in err
    # or whole, as before; but not whole and in part
    assert rules_from(['jack={"damage": 2, "hp": 9, "points": 1}']).jack.hp == 9
    code, _, err = run("play", "--variant", 'jack={"damage": 2, "hp": 9, "points": 1}', "--variant", "jack.hp=8")
    assert code == 2 and "sets jack whole and one of its fields; give one of the two" in err


def test_odds_looking_ahead_over_every_point(run: Run, tmp_path: Path) -> None:
    rooms = [c for c in cards.ALL_CARDS if cards.kind(c) == "room"]
    table = {"rules": {"rooms_per_floor": 5}, "hand": ["8C", "6S", "9D"], "floor": ["AS"], "action_points": 2}
    path = tmp_path / "last-ace.json"
    path.write_text(json.dumps({**table, "room_waste": [c for c in rooms if c != "AS"]}))
    code, out, _ = run("odds", str(path), "--lookahead", "all_points")
    assert code == 0 and "draw a potion card: slays 100.0%" in out.splitlines()[-3]
    code, out, _ = run("odds", str(path), "--json")
    assert code == 0 and json.loads(out)["advice_basis"] == "next_fight"
    code, _, err = run("odds", str(example_file(run, tmp_path, "opening")), "--lookahead", "all_points")
    assert code == 2 and "more than 5,000 positions" in err and "Traceback" not in err
