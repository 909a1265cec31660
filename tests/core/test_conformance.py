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
from rules.core.errors import RulesError
from rules.core.outcome import Outcome
from tests.nim.descriptor import DESCRIPTOR as NIM_DESCRIPTOR
from tests.nim.game import DiceNim
from tests.nim.game import State as NimState
from tests.nim.game import new_game as new_nim

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


# ---- a game being written: its mistakes are reported in words, never a traceback from the harness ----------------


class StuckNim(DiceNim):
    """Dice Nim whose player has no move once three stones are left (a designer's forgotten case)."""

    def legal_actions(self, state: NimState, player: int | None = None) -> Any:
        return [] if state.pile == 3 else super().legal_actions(state, player)


class BareNim(DiceNim):
    """Dice Nim whose apply gives the position alone, without the events."""

    def apply(self, state: NimState, action: Any, events: Any = None) -> Any:
        return super().apply(state, action)[0]


class CrashingNim(DiceNim):
    """Dice Nim whose rules raise once the pile is down to two stones."""

    def legal_actions(self, state: NimState, player: int | None = None) -> Any:
        if state.pile == 2:
            return [[][1]]  # an IndexError in the game's own code
        return super().legal_actions(state, player)


class CrowdedNim(DiceNim):
    """Dice Nim that says three players sit at a two-player card's table."""

    def num_players(self, state: NimState) -> int:
        return 3


def _nim(game: DiceNim, games: int = 12) -> Report:
    suite: Suite[Any] = dataclasses.replace(NIM_DESCRIPTOR.conformance(), game=game)  # type: ignore[misc]
    return run(suite, games, seed=2)


def test_a_position_with_no_legal_action_ends_that_game_with_the_violation() -> None:
    report = _nim(StuckNim())
    assert report.violations and all("must act but has no legal action" in v for v in report.violations)
    assert report.games < 12  # the stuck games are not counted whole


def test_an_apply_that_gives_no_events_is_said() -> None:
    (first, *_) = _nim(BareNim()).violations
    assert first == "dice_nim game 0 (seed 2) step 1: apply gave a State, not (position, events)"


def test_an_error_in_the_games_code_is_a_violation_naming_its_line() -> None:
    violations = _nim(CrashingNim()).violations
    assert violations, "some game reaches two stones"
    assert "the game's code raised IndexError: list index out of range (in legal_actions, " in violations[0]
    assert "test_conformance.py line" in violations[0]


def test_players_the_card_does_not_allow_are_said() -> None:
    violations = _nim(CrowdedNim(), games=1).violations
    assert "dice_nim game 0 (seed 2) start: 3 players, where the card says 2" in violations
    assert any("returns (1, -1) hold 2 results for 3 players" in v for v in violations)


def test_a_suite_that_cannot_reach_worker_processes_is_refused_in_words() -> None:
    suite: Suite[Any] = dataclasses.replace(NIM_DESCRIPTOR.conformance(), start=lambda index: new_nim())  # type: ignore[misc]
    with pytest.raises(RulesError, match="its conformance suite cannot be sent to worker processes"):
        run(suite, 4, seed=0, workers=2)
    assert run(suite, 4, seed=0).games == 4  # one worker: played here
