"""Conformance: random legal playouts, checking invariants after every step.

After every step the position is legal (it validates), a saved position loads back equal, every event
cites a registered rule, chance outcomes sum to exactly 1, and replaying the line of actions from the
start gives the same final position.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.core.chance import ChanceSampler
from rules.core.jsonio import dump_model, parse_model
from rules.core.playout import play_out
from rules.core.protocol import CHANCE
from rules.tower_defense import engine, examples, policies
from rules.tower_defense.model import GameState
from rules.tower_defense.rulebook import RULEBOOK
from rules.tower_defense.variants import Rules

RULE_IDS = RULEBOOK.rule_ids()


def check_step(before: GameState, action: Any, after: GameState, events: tuple[Any, ...]) -> None:
    assert parse_model(GameState, dump_model(after)) == after
    for e in events:
        assert e.rule in RULE_IDS or e.rule.startswith("variant."), e.rule
        assert e.sentence()
    assert after.lives <= before.lives
    assert all(t.depletion >= 0 for t in after.towers)
    if engine.current_player(after) == CHANCE:
        assert engine.chance_outcomes(after).total() == 1
    if engine.current_player(before) != CHANCE:
        assert action in engine.legal_actions(before)


@pytest.mark.parametrize("seed", range(6))
def test_random_playouts(seed: int) -> None:
    rules = Rules(turn_limit=12)
    start = examples.new_session(rules)
    players = [policies.RandomPolicy()] * len(start.players)
    line = play_out(engine.GAME, start, players, ChanceSampler(seed), max_steps=400, on_step=check_step)
    state = start
    for action in line.actions:
        state, _ = engine.apply(state, action)
    assert state == line.final


def test_random_playouts_from_the_busy_board() -> None:
    start = examples.busy_board(Rules(turn_limit=16))
    players = [policies.RandomPolicy()] * 4
    line = play_out(engine.GAME, start, players, ChanceSampler(7), max_steps=300, on_step=check_step)
    assert line.steps > 0


def test_the_simple_policy_plays_a_whole_session() -> None:
    start = examples.new_session(Rules(turn_limit=40))
    line = play_out(engine.GAME, start, [policies.SimplePolicy()] * 2, ChanceSampler(1), on_step=check_step)
    assert engine.is_terminal(line.final)
    assert engine.outcome(line.final) is not None
