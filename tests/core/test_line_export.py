"""Position to test: a line of play exported as a pytest file passes ruff, mypy and pytest, and fails once the
position it expects differs from what the engine produces."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rules.cli import main
from rules.core.errors import IllegalAction, MalformedFile
from rules.core.records import json_data
from rules.line_export import GAMES, export_test, read_line
from tests.pytest_process import run_pytest
from tests.scenarios.export_scenarios import first_line

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = {"attack-the-tower": "mid-game-battle", "the-tower": "pictured-fight", "tower-defense": "movement-example"}


def first_actions(slug: str, count: int) -> tuple[Any, list[Any]]:
    """An example position and the line that always takes the first legal action (or chance outcome)."""
    return first_line(slug, EXAMPLES[slug], count)


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], capture_output=True, text=True, cwd=ROOT, check=False)


def test_exported_tests_of_every_game_pass_ruff_mypy_and_pytest(tmp_path: Path) -> None:
    files = []
    for slug in GAMES:
        position, line = first_actions(slug, 12)
        assert line, slug
        path = tmp_path / f"test_exported_{slug.replace('-', '_')}.py"
        path.write_text(export_test(GAMES[slug], position, line, about=f"The {EXAMPLES[slug]} example."))
        files.append(str(path))
    for args in (("ruff", "check", *files), ("ruff", "format", "--check", *files), ("mypy", *files)):
        result = _run(*args)
        assert result.returncode == 0, result.stdout + result.stderr
    result = run_pytest(*files, cwd=ROOT)
    assert result.returncode == 0, result.stdout
    assert "6 passed" in result.stdout


def test_an_exported_test_fails_when_the_expected_position_is_mutated(tmp_path: Path) -> None:
    position, line = first_actions("attack-the-tower", 8)
    source = export_test(GAMES["attack-the-tower"], position, line)
    path = tmp_path / "test_mutated.py"
    # The engine would have to change its behaviour for this line to reach a turn number one higher.
    mutated, count = re.subn(
        r'(EXPECTED_POSITION: dict\[str, Any\] = \{.*?\n    "turn": )(\d+)',
        lambda m: m.group(1) + str(int(m.group(2)) + 1),
        source,
        flags=re.S,
    )
    assert count == 1
    path.write_text(mutated)
    result = run_pytest(path, cwd=ROOT)
    assert result.returncode == 1
    assert "1 failed, 1 passed" in result.stdout
    assert "test_the_line_reaches_the_expected_position" in result.stdout


def test_an_exported_test_fails_when_a_sentence_changes(tmp_path: Path) -> None:
    position, line = first_actions("the-tower", 6)
    source = export_test(GAMES["the-tower"], position, line)
    start = source.index("EXPECTED_SENTENCES")
    first_quote = source.index('"', source.index("[", start))
    path = tmp_path / "test_sentence.py"
    path.write_text(source[: first_quote + 1] + "Not " + source[first_quote + 1 :])
    result = run_pytest(path, cwd=ROOT)
    assert "1 failed, 1 passed" in result.stdout
    assert "test_the_line_says_every_expected_sentence" in result.stdout


def test_the_cli_writes_the_test_to_stdout(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    position, line = first_actions("tower-defense", 5)
    pos_file = tmp_path / "pos.json"
    pos_file.write_text(GAMES["tower-defense"].game.positions.text(position))
    line_file = tmp_path / "line.json"
    line_file.write_text(json.dumps([json_data(a) for a in line]))
    assert main(["tower-defense", "export-test", str(pos_file), "--line", str(line_file)]) == 0
    out = capsys.readouterr().out
    assert out == export_test(GAMES["tower-defense"], position, line, about=f"From {pos_file}.")


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("[{", "not valid JSON"),
        (
            '{"action": "end_turn"}',
            r"--line is a JSON list of actions in square brackets, e.g. \[{...}, {...}\]; this is one object",
        ),
        ('[{"action": "fly"}]', "action 1 is not an action of Attack the Tower"),
        # pydantic's words for a tagged union ("Unable to extract tag using discriminator") said in a player's
        ('[{"bogus": 1}]', r"\(needs the field 'action', which says what kind of thing it is\)"),
        ('[{"action": "fly"}]', r"'action' 'fly' is no kind known here; the kinds: 'draw', 'reveal'"),
    ],
)
def test_a_bad_line_is_refused_in_words(line: str, message: str) -> None:
    with pytest.raises(MalformedFile, match=message):
        read_line(GAMES["attack-the-tower"], line)


def test_an_illegal_step_names_its_number(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    position, _ = first_actions("attack-the-tower", 0)
    pos_file = tmp_path / "pos.json"
    pos_file.write_text(GAMES["attack-the-tower"].game.positions.text(position))
    line = '[{"action": "end_turn", "player": 0}, {"action": "end_turn", "player": 0}]'
    assert main(["attack-the-tower", "export-test", str(pos_file), "--line", line]) == 2
    said = capsys.readouterr().err
    assert "step 2 of the line is refused" in said and said.count("(rule ") == 1  # the rule named once
    with pytest.raises(IllegalAction):
        export_test(GAMES["attack-the-tower"], position, read_line(GAMES["attack-the-tower"], line))
