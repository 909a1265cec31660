"""A whole session played by the simple policy (the random conformance run lives in
tests/core/test_conformance.py)."""

from __future__ import annotations

from typing import Any

from rules.core.chance import ChanceSampler
from rules.core.playout import play_out
from rules.tower_defense import engine, examples, policies
from rules.tower_defense.conformance import lives_towers_and_rules
from rules.tower_defense.game import GAME
from rules.tower_defense.model import GameState
from rules.tower_defense.variants import Rules


def check_step(before: GameState, action: Any, after: GameState, events: tuple[Any, ...]) -> None:
    assert lives_towers_and_rules(before, action, after, events) == []


def test_the_simple_policy_plays_a_whole_session() -> None:
    start = examples.new_session(Rules(turn_limit=40))
    line = play_out(GAME, start, [policies.SimplePolicy()] * 2, ChanceSampler(1), on_step=check_step)
    assert engine.is_terminal(line.final)
    outcome = engine.outcome(line.final)
    assert outcome is not None and len(set(outcome.returns)) == 1 and len(outcome.returns) == 2
