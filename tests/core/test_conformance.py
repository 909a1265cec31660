"""The conformance harness over every game (a sample here; `make conformance` runs 10,000 games each), and
the harness itself catching a game that breaks the protocol."""

from __future__ import annotations

import dataclasses
import enum
from typing import Any

import pytest

from rules.attack_the_tower import engine as attack_the_tower
from rules.attack_the_tower.game import AttackTheTower
from rules.attack_the_tower.model import GameState
from rules.conformance import main, suites
from rules.core.conformance import Report, Suite, play_and_check, run
from rules.core.outcome import Outcome

SAMPLE = {"attack-the-tower": 24, "the-tower": 50, "tower-defense": 12}


@pytest.mark.parametrize("name", sorted(SAMPLE))
def test_random_whole_games_break_nothing(name: str) -> None:
    report = run(suites()[name], SAMPLE[name], seed=20261123)
    print("\n" + report.line())
    assert report.violations == []
    assert report.games == SAMPLE[name]
    assert report.states_round_tripped == report.steps + report.games
    assert sum(report.terminations.values()) == report.games


def test_attack_the_tower_games_reach_destroyed_palaces_and_determinisations() -> None:
    report = run(suites()["attack-the-tower"], 12, seed=5)  # 2 of these 12 random games destroy a palace
    assert report.terminations["palace_destroyed"] > 0
    assert report.determinisations > 0


def test_the_same_seed_plays_the_same_games_whatever_the_workers() -> None:
    suite = suites()["the-tower"]
    one = run(suite, 12, seed=3)
    two = run(suite, 12, seed=3, workers=2)
    assert (one.steps, one.terminations) == (two.steps, two.terminations)


class Termination(enum.Enum):
    WRONG = "wrong"


class LyingGame(AttackTheTower):
    """Attack the Tower, except that a finished game reports a result that is not zero-sum, under a
    termination of another game, and returns that disagree with it."""

    def outcome(self, state: GameState) -> Outcome | None:
        real = attack_the_tower.outcome(state)
        return None if real is None else dataclasses.replace(real, termination=Termination.WRONG, returns=(1, 1))

    def returns(self, state: GameState) -> tuple[int, ...]:
        return (0, 0)


def test_the_harness_reports_a_game_that_breaks_the_protocol() -> None:
    suite: Suite[Any] = dataclasses.replace(suites()["attack-the-tower"], game=LyingGame())
    report = play_and_check(suite, 1, seed=1)
    assert any("do not sum to 0" in v for v in report.violations)
    assert any("not the game's own" in v for v in report.violations)
    assert any("disagree" in v for v in report.violations)


def test_the_harness_reports_a_broken_invariant() -> None:
    def never(before: Any, action: Any, after: Any, events: Any) -> list[str]:
        return ["always wrong"]

    suite = dataclasses.replace(suites()["the-tower"], invariants=(never,))
    report: Report = play_and_check(suite, 0, seed=0)
    assert report.steps > 0 and len(report.violations) == report.steps


def test_the_command_prints_the_counts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", "3", "--game", "the_tower"]) == 0
    out = capsys.readouterr().out
    assert "the_tower: 3 whole games" in out and "conformance: 3 games, 0 violations" in out
