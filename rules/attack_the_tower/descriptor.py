"""Attack the Tower as every tool reads it: one `DESCRIPTOR` (see rules.core.descriptor)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel

from rules.attack_the_tower import balancing, engine, examples, overrides
from rules.attack_the_tower.actions import Build, PlayAbility
from rules.attack_the_tower.cards import Army
from rules.attack_the_tower.catalog import ARMY_IDS, load_army_file
from rules.attack_the_tower.game import GAME
from rules.attack_the_tower.model import GameState
from rules.attack_the_tower.policies import POLICIES
from rules.attack_the_tower.variants import PLAY_TURN_LIMIT, Rules
from rules.core.descriptor import (
    Armies,
    BalanceSupport,
    CardDesigns,
    GameDescriptor,
    OpenSpielSupport,
    PositionCommands,
    SweepSupport,
    called,
    loaded,
)

SEARCH_RULES = {"turn_limit": 60, "max_burns": 2}
"""The rules OpenSpiel's search bots play under unless given: shorter games (60 turns, two burns) keep an
MCTS or IS-MCTS tree and OpenSpiel's length bound small; a parameter of `load_game` sets either."""
DEFAULT_ARMIES = ("undead", "bandits")


def _start(rules: BaseModel, armies: tuple[str, str], **_: Any) -> GameState:
    assert isinstance(rules, Rules)
    return engine.new_game(armies, rules)


def _openspiel_start(rules: BaseModel, extra: dict[str, Any]) -> GameState:
    assert isinstance(rules, Rules)
    return engine.new_game((str(extra["first_army"]), str(extra["second_army"])), rules)


def _turn(state: GameState) -> int | None:
    return state.turn


def _card_played(state: GameState, action: Any) -> str | None:
    """The card an action plays: a base built or an ability played, with the turn and player."""
    if isinstance(action, (Build, PlayAbility)):
        return f"{state.turn}:{action.player}:{action.card}"
    return None


def _army(value: Any) -> BaseModel:
    """A designer's army from a path, its data or the model."""
    if isinstance(value, str | Path):
        return load_army_file(value)
    return value if isinstance(value, Army) else Army.model_validate(value)


DESCRIPTOR = GameDescriptor(
    slug="attack-the-tower",
    title="Attack the Tower",
    package="rules.attack_the_tower",
    game_module="rules.attack_the_tower.game",
    game=GAME,
    rules=Rules,
    policies=POLICIES,
    help="the two-player card game (seeds 004, 000, 001)",
    description="Attack the Tower: positions, battles and whole games.",
    positions=PositionCommands(examples.EXAMPLES, examples.example, lambda s: f"{s.phase}, turn {s.turn}"),
    commands=called("rules.attack_the_tower.cli", "add_commands"),
    play_rules={"turn_limit": PLAY_TURN_LIMIT},
    conformance=loaded("rules.attack_the_tower.conformance", "SUITE"),
    sweep=SweepSupport(
        start=_start,
        default_policies=("planner", "planner"),
        turns=_turn,
        card_played=_card_played,
        armies=Armies(ids=lambda: ARMY_IDS, default_pair=DEFAULT_ARMIES, model=Army, load=_army),
        cards=CardDesigns(
            form=overrides.FORM,
            parse_edit=overrides.parse_edit,
            carry=overrides.carry,
            use=overrides.use,
            in_use=overrides.in_use,
        ),
        check_starts=False,
    ),
    # Two steps: a knob is mostly a card's copies in a 25-card deck, where one copy moves a matchup by a few points,
    # less than the first stage's 12 games a cell can see; two (Workshop 2 -> 4) moved Undead v Easterners 24% -> 41%.
    balance=BalanceSupport(
        aim="every matchup of the armies (both seats together)",
        policy="learned",
        screen_step=2,
        default_tunes=balancing.default_tunes,
        card_data=balancing.card_data,
        card_problem=balancing.card_problem,
        complete_edits=balancing.keep_decks_whole,
        completed_because=balancing.KEPT_WHOLE,
        answer_files=balancing.answer_files,
    ),
    openspiel=OpenSpielSupport(
        new_state=_openspiel_start,
        extra_parameters={"first_army": DEFAULT_ARMIES[0], "second_army": DEFAULT_ARMIES[1]},
        rules_defaults=SEARCH_RULES,
    ),
    rulebook=loaded("rules.attack_the_tower.rulebook", "RULEBOOK"),
    rule_ids_path="rules/attack_the_tower/rule_ids.py",
    panel="explorer.attack_the_tower.panel:AttackTheTowerPanel",
)
