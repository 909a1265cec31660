"""Tower Defense as every tool reads it: one `DESCRIPTOR` (see rules.core.descriptor)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from rules.core.descriptor import (
    BalanceSupport,
    CardDesigns,
    GameDescriptor,
    OpenSpielSupport,
    PositionCommands,
    Scenarios,
    SweepSupport,
    called,
    loaded,
)
from rules.tower_defense import balancing, engine, examples, overrides
from rules.tower_defense.game import GAME
from rules.tower_defense.model import GameState
from rules.tower_defense.policies import POLICIES
from rules.tower_defense.variants import PLAY_TURN_LIMIT, Rules

SEARCH_RULES = {"turn_limit": 30}
"""The rules OpenSpiel's search bots play under unless given: 30 turns keep an MCTS tree and OpenSpiel's length
bound small; a parameter of `load_game` sets it."""


def _start(rules: BaseModel, scenario: str, players: int, **_: Any) -> GameState:
    assert isinstance(rules, Rules)
    return engine.new_game(examples.scenario(scenario, players), rules)


def _openspiel_start(rules: BaseModel, extra: dict[str, Any]) -> GameState:
    assert isinstance(rules, Rules)
    return engine.new_game(examples.beginner_scenario(players=int(extra["players"])), rules)


def _turn(state: GameState) -> int | None:
    return state.turn


def _difficulty(name: str) -> str:
    """A scenario's Difficulty ('1/1/1/1/2/2'), as a sweep's rows name it."""
    return examples.scenario(name).difficulty


DESCRIPTOR = GameDescriptor(
    slug="tower-defense",
    title="Tower Defense",
    package="rules.tower_defense",
    game_module="rules.tower_defense.game",
    game=GAME,
    rules=Rules,
    policies=POLICIES,
    help="the cooperative board game (seed 003)",
    description="Tower Defense: positions, boosts, movement, plans and whole sessions.",
    positions=PositionCommands(examples.EXAMPLES, examples.example, lambda s: f"turn {s.turn}, {s.phase}"),
    commands=called("rules.tower_defense.cli", "add_commands"),
    play_rules={"turn_limit": PLAY_TURN_LIMIT},
    conformance=loaded("rules.tower_defense.conformance", "SUITE"),
    sweep=SweepSupport(
        start=_start,
        default_policies=("planner",),  # the ladder's strongest (coop and simple win no more often than random)
        turns=_turn,
        cards=CardDesigns(
            form=overrides.FORM,
            parse_edit=overrides.parse_edit,
            carry=overrides.carry,
            use=overrides.use,
            in_use=overrides.in_use,
        ),
        scenarios=Scenarios(
            names=lambda: tuple(examples.SCENARIOS),
            default="beginner",
            about=_difficulty,
            help="the scenario, each a Difficulty: beginner (1/1/1/1/2/2, the default) or eight-waves "
            "(1/1/2/2/2/2/3/3) (repeatable: one cell each)",
        ),
    ),
    # One step: a Single Credit boost 1 -> 0 alone takes the two-player table from 100% to about 57%; two overshoot.
    balance=BalanceSupport(
        aim="the table's win rate at each number of players",
        policy="planner",
        default_tunes=balancing.KNOBS,
        card_data=balancing.card_data,
    ),
    openspiel=OpenSpielSupport(
        new_state=_openspiel_start, extra_parameters={"players": 2}, rules_defaults=SEARCH_RULES, open_simultaneous=True
    ),
    rulebook=loaded("rules.tower_defense.rulebook", "RULEBOOK"),
    rule_ids_path="rules/tower_defense/rule_ids.py",
    panel="explorer.tower_defense.panel:TowerDefensePanel",
)
