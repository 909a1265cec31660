"""The `tower-rules attack-the-tower` command line: output, JSON, exit codes, and errors without tracebacks."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rules.attack_the_tower.game import POSITION
from rules.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def mid_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    code, out, _ = run(capsys, "attack-the-tower", "example", "mid-game-battle")
    assert code == 0
    path = tmp_path / "mid.json"
    path.write_text(out)
    return path


def test_example_list_names_every_example(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "attack-the-tower", "example", "--list")
    assert code == 0
    for name in ("opening", "mid-game-battle", "palace-assault", "largest-battle"):
        assert name in out


def test_example_is_a_legal_position(mid_game: Path) -> None:
    state = POSITION.parse(mid_game.read_text())
    assert state.phase == "main" and state.turn == 5


def test_unknown_example_is_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "attack-the-tower", "example", "nowhere")
    assert code == 2 and out == ""
    assert err.startswith("error: unknown example 'nowhere'") and "Traceback" not in err


def test_schema_is_json_schema(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "attack-the-tower", "schema")
    schema = json.loads(out)
    assert code == 0 and schema["title"] == "GameState" and "players" in schema["properties"]


def test_validate_legal_file(mid_game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "attack-the-tower", "validate", str(mid_game))
    assert code == 0 and "legal position" in out


def test_validate_reports_each_problem_on_its_own_line(
    mid_game: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(mid_game.read_text())
    data["players"][0]["territories"][0][0]["troops"] = 3  # 004: "they cannot hold more than two troops"
    data["players"][1]["hand"] = ["undead.lich"]  # a card of the other army
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    code, out, err = run(capsys, "attack-the-tower", "validate", str(bad))
    lines = err.strip().splitlines()
    assert code == 2 and out == ""
    assert any("players.0.territories.0.0" in line and "more than 2 troops" in line for line in lines)
    assert any("players.1.hand" in line and "not a card of the Bandits army" in line for line in lines)
    assert all(line.startswith("error: ") for line in lines)


def test_validate_malformed_and_missing_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    code, _, err = run(capsys, "attack-the-tower", "validate", str(broken))
    assert code == 2 and "not valid JSON" in err and "Traceback" not in err
    code, _, err = run(capsys, "attack-the-tower", "validate", str(tmp_path / "absent.json"))
    assert code == 2 and "cannot read" in err


def test_battle_narrates_each_step_with_its_rule(mid_game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "attack-the-tower", "battle", str(mid_game), "--from", "1", "--to", "2")
    assert code == 0
    assert "[battles.1 declare]" in out and "[battles.3 initiative]" in out and "[battles.5 heal]" in out


def test_battle_json_has_events_and_position(mid_game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "attack-the-tower", "battle", str(mid_game), "--from", "1", "--to", "2", "--json")
    data = json.loads(out)
    assert code == 0 and data["events"][0]["rule"] == "battles.1 declare"
    after = POSITION.validate(data["position"])
    assert after.phase == "main" and after.attacks == (0,)


def test_battle_refuses_bad_territories(mid_game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "attack-the-tower", "battle", str(mid_game), "--from", "4", "--to", "1")
    assert code == 2 and "1 to 3" in err
    code, _, err = run(capsys, "attack-the-tower", "battle", str(mid_game), "--from", "3", "--to", "1")
    assert code == 2 and "territory 3 has no troops to attack with" in err


def test_play_same_seed_same_game(capsys: pytest.CaptureFixture[str]) -> None:
    def play(seed: str) -> str:
        args = ("attack-the-tower", "play", "--armies", "undead,westerners", "--turn-limit", "12", "--json")
        code, out, _ = run(capsys, *args, "--seed", seed)
        assert code == 0
        return out

    first = play("4")
    assert play("4") == first
    data = json.loads(first)
    assert data["armies"] == ["undead", "westerners"] and data["steps"] > 0
    assert play("5") != first


def test_play_refuses_unknown_armies(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "attack-the-tower", "play", "--armies", "undead,orcs")
    assert code == 2 and "--armies: no army 'orcs'; armies: undead, bandits" in err  # names the unknown one
    code, _, err = run(capsys, "attack-the-tower", "ladder", "--armies", "undead")
    assert code == 2 and "--armies takes two armies separated by a comma" in err and "not 'undead'" in err


def test_console_script_is_installed() -> None:
    script = Path(sys.executable).parent / "tower-rules"
    done = subprocess.run([str(script), "attack-the-tower", "example", "--list"], capture_output=True, text=True)
    assert done.returncode == 0 and "palace-assault" in done.stdout


def test_play_refuses_more_than_two_policies(capsys: pytest.CaptureFixture[str]) -> None:
    """Three names used to play the first and the last, the middle one never even checked."""
    code, out, err = run(capsys, "attack-the-tower", "play", "--policy", "tuned,nonsense,planner")
    assert code == 2 and out == ""
    assert "--policy takes one policy for both players or two" in err


def test_two_army_files_of_one_army_are_refused_by_every_command(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """`sweep` refused them; `play`, `battle` and `ladder` quietly played the last one."""
    shipped = Path(__file__).resolve().parents[2] / "rules" / "attack_the_tower" / "data" / "undead.json"
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    first.write_text(shipped.read_text("utf-8"), "utf-8")
    second.write_text(shipped.read_text("utf-8"), "utf-8")
    code, _, err = run(capsys, "attack-the-tower", "play", "--army-file", str(first), "--army-file", str(second))
    assert code == 2 and "--army-file: lists undead twice" in err


def test_an_army_name_too_long_to_print_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A 900,000-letter army name used to be printed in every event: 210 MB for one game."""
    shipped = Path(__file__).resolve().parents[2] / "rules" / "attack_the_tower" / "data" / "undead.json"
    data = json.loads(shipped.read_text("utf-8"))
    data["name"] = "x" * 61
    long_name = tmp_path / "long.json"
    long_name.write_text(json.dumps(data), "utf-8")
    code, out, err = run(capsys, "attack-the-tower", "play", "--army-file", str(long_name))
    assert code == 2 and out == "" and "name: must be at most 60 characters long" in err
