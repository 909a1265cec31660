"""The `tower-defense` commands, through a small argparse harness like `rules.cli.main`."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from rules.cli import build_parser
from rules.core.errors import IllegalPosition, RulesError
from rules.tower_defense import examples
from rules.tower_defense.game import POSITION
from rules.tower_defense.metadata import Termination


def main(argv: Sequence[str]) -> int:
    parser = build_parser(["tower-defense"])
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse refused an option, as rules.cli.main reports it
        return int(exc.code or 0)
    try:
        code: int = args.run(args)
    except IllegalPosition as exc:
        for problem in exc.problems:
            print(f"error: {problem}", file=sys.stderr)
        return 2
    except (RulesError, KeyError) as exc:
        print(f"error: {exc.args[0] if isinstance(exc, KeyError) else exc}", file=sys.stderr)
        return 2
    return code


@pytest.fixture
def movement_file(tmp_path: Path) -> Path:
    path = tmp_path / "move.json"
    path.write_text(POSITION.text(examples.movement_example()))
    return path


def test_boost(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tower-defense", "boost", "--tower", "boost.1", "--level", "3", "--credits", "boost.1,boost.1"]) == 0
    out = capsys.readouterr().out
    assert "11 damage" in out
    assert (
        main(
            [
                "tower-defense",
                "boost",
                "--tower",
                "standard.1",
                "--credits",
                "standard.1,standard.1",
                "--json",
            ]
        )
        == 0
    )
    assert 7 in [o["damage"] for o in json.loads(capsys.readouterr().out)]


def test_boost_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tower-defense", "boost", "--tower", "laser.9"]) == 2
    assert "not a tower" in capsys.readouterr().err
    assert main(["tower-defense", "boost", "--tower", "boost.1", "--credits", "gold"]) == 2
    assert main(["tower-defense", "boost", "--tower", "combine.1"]) == 2
    assert "may not be Boosted" in capsys.readouterr().err


def test_move(movement_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tower-defense", "move", str(movement_file)]) == 0
    out = capsys.readouterr().out
    assert "from A10 to A18" in out and "[phase.3 movement]" in out
    assert main(["tower-defense", "move", str(movement_file), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["events"][0]["end"] == 18


def test_move_with_no_wave_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """It printed nothing at all."""
    assert main(["tower-defense", "example", "new-session"]) == 0
    empty = tmp_path / "new.json"
    empty.write_text(capsys.readouterr().out)
    assert main(["tower-defense", "move", str(empty)]) == 0
    assert capsys.readouterr().out == "no wave is on the field to move (phase.3 movement): nothing happens\n"


def test_move_bad_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tower-defense", "move", str(tmp_path / "missing.json")]) == 2
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert main(["tower-defense", "move", str(bad)]) == 2
    illegal = tmp_path / "illegal.json"
    data = POSITION.data(examples.movement_example())
    data["waves"][1]["space"] = data["waves"][2]["space"]
    illegal.write_text(json.dumps(data))
    assert main(["tower-defense", "move", str(illegal)]) == 2
    assert "same space" in capsys.readouterr().err


def test_play(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tower-defense", "play", "--seed", "3", "--turn-limit", "20", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["termination"] in {t.value for t in Termination}
    assert main(["tower-defense", "play", "--players", "5"]) == 2
    assert main(["tower-defense", "play", "--scenario", "nowhere"]) == 2


def test_example_validate_plan_income(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tower-defense", "example", "--list", "busy-board"]) == 2  # the name was ignored without a word
    assert "give it or a name ('busy-board'), not both" in capsys.readouterr().err
    assert main(["tower-defense", "example", "--list"]) == 0
    assert "busy-board" in capsys.readouterr().out
    assert main(["tower-defense", "example", "busy-board"]) == 0
    path = tmp_path / "busy.json"
    path.write_text(capsys.readouterr().out)
    assert main(["tower-defense", "validate", str(path)]) == 0
    assert main(["tower-defense", "plan", str(path)]) == 0
    assert "can be defeated" in capsys.readouterr().out
    assert main(["tower-defense", "income", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)
    assert main(["tower-defense", "schema"]) == 0
    assert main(["tower-defense", "example", "nothing"]) == 2
