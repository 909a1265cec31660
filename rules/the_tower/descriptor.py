"""The Tower as every tool reads it: one `DESCRIPTOR` (see rules.core.descriptor)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from rules.core.descriptor import (
    BalanceSupport,
    GameDescriptor,
    OpenSpielSupport,
    PositionCommands,
    SweepSupport,
    called,
    loaded,
)
from rules.the_tower import balancing, engine, examples
from rules.the_tower.game import GAME
from rules.the_tower.model import GameState
from rules.the_tower.policies import POLICIES
from rules.the_tower.variants import Rules


def _start(rules: BaseModel, **_: Any) -> GameState:
    assert isinstance(rules, Rules)
    return engine.new_game(rules)


def _openspiel_start(rules: BaseModel, extra: dict[str, Any]) -> GameState:
    del extra
    return _start(rules)


def _floor_reached(state: GameState) -> int | None:
    """How far a game got (The Tower counts no turns): the floor being cleared when it ended."""
    return state.floor_number


DESCRIPTOR = GameDescriptor(
    slug="the-tower",
    title="The Tower",
    package="rules.the_tower",
    game_module="rules.the_tower.game",
    game=GAME,
    rules=Rules,
    policies=POLICIES,
    help="the solo 52-card rogue-like (seed 002)",
    description="The Tower: positions, fights, odds and whole games.",
    positions=PositionCommands(
        examples.EXAMPLES, examples.example, lambda s: f"{s.phase}, floor {s.floor_number}, {s.hp} HP"
    ),
    commands=called("rules.the_tower.cli", "add_commands"),
    play_rules={},  # every game ends under the rulebook's rules (may_leave_fight bounds it)
    conformance=loaded("rules.the_tower.conformance", "SUITE"),
    sweep=SweepSupport(start=_start, default_policies=("expectimax",), floors=_floor_reached),
    balance=BalanceSupport(aim="the policy's win rate", policy="expectimax", default_tunes=balancing.KNOBS),
    openspiel=OpenSpielSupport(new_state=_openspiel_start),
    rulebook=loaded("rules.the_tower.rulebook", "RULEBOOK"),
    rule_ids_path="rules/the_tower/rule_ids.py",
    panel="explorer.the_tower.panel:TheTowerPanel",
)
