"""A teacher's lesson (rules.lesson): a position, a line of play and the teacher's words, validated whole; the
shipped lessons replay, and `export-test --lesson` turns one into a pytest file that passes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rules.attack_the_tower import engine
from rules.attack_the_tower.actions import DeclareAttack
from rules.core.errors import IllegalAction, IllegalPosition, MalformedFile
from rules.lesson import Lesson, lesson_of, read_lesson
from tests.pytest_process import run_pytest

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "explorer" / "lessons").glob("*/*.json"))


def test_there_are_lessons_for_the_presenter() -> None:
    assert {p.parent.name for p in LESSONS} >= {"attack-the-tower"}
    assert len(LESSONS) >= 2


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_every_shipped_lesson_replays_and_asks_something(path: Path) -> None:
    lesson = read_lesson(path)
    line = lesson.line()
    assert len(line) == len(lesson.steps) >= 5
    assert any(step.question for step in lesson.steps) and lesson.about


def test_the_palace_assault_lesson_ends_with_the_palace_destroyed() -> None:
    lesson = read_lesson(ROOT / "explorer" / "lessons" / "attack-the-tower" / "palace-assault.json")
    state = lesson.start()
    for action in lesson.line():
        state, _ = engine.apply(state, action)
    assert state.termination == "palace_destroyed" and state.winner == 0


def _lesson(**changes: object) -> str:
    data: dict[str, object] = {
        "game": "attack-the-tower",
        "title": "t",
        "position": "mid-game-battle",
        "steps": [{"action": {"action": "attack", "player": 0, "origin": 0, "target": 1}, "question": "who?"}],
    }
    data.update(changes)
    return json.dumps(data)


def test_a_step_that_is_not_legal_is_refused_with_its_number() -> None:
    steps = [
        {"action": {"action": "attack", "player": 0, "origin": 0, "target": 1}},
        {"action": {"action": "attack", "player": 0, "origin": 0, "target": 1}},
    ]
    with pytest.raises(IllegalAction, match="the lesson's step 2 is refused"):
        read_lesson(_lesson(steps=steps)).line()


def test_a_lesson_for_no_game_or_with_unknown_fields_is_refused() -> None:
    with pytest.raises(MalformedFile, match="names no game"):
        read_lesson(_lesson(game="chess")).start()
    with pytest.raises(IllegalPosition, match="teacher: there is no such field here"):
        read_lesson(_lesson(teacher="me"))
    with pytest.raises(MalformedFile, match="not an action of attack-the-tower"):
        read_lesson(_lesson(steps=[{"action": {"action": "fly"}}])).line()


def test_a_line_written_as_a_lesson_reads_back_with_its_words() -> None:
    start = read_lesson(_lesson()).start()
    attack = DeclareAttack(player=0, origin=0, target=1)
    words = read_lesson(_lesson()).steps[0]
    written = lesson_of("attack-the-tower", "mine", start, [attack], {1: words})
    back = read_lesson(written.model_dump_json())
    assert isinstance(back, Lesson) and back.line() == [attack] and back.steps[0].question == "who?"


def test_export_test_reads_a_lesson(tmp_path: Path) -> None:
    """`tower-rules attack-the-tower export-test --lesson FILE`: the lesson's line as a passing pytest file."""
    lesson = ROOT / "explorer" / "lessons" / "attack-the-tower" / "first-battle.json"
    made = subprocess.run(
        [sys.executable, "-m", "rules.cli", "attack-the-tower", "export-test", "--lesson", str(lesson)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    assert "The lesson 'A first battle" in made.stdout
    target = tmp_path / "test_first_battle.py"
    target.write_text(made.stdout, encoding="utf-8")
    ran = run_pytest(target, cwd=tmp_path)
    assert ran.returncode == 0, ran.stdout[-2000:]
    refused = subprocess.run(
        [sys.executable, "-m", "rules.cli", "the-tower", "export-test", "--lesson", str(lesson)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert refused.returncode == 2 and "the lesson is for attack-the-tower, not the-tower" in refused.stderr
