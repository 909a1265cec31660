"""The three games registered with OpenSpiel: `python_attack_the_tower`, `python_the_tower`,
`python_tower_defense` (`import rules.openspiel`, then `pyspiel.load_game(...)`)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from rules.attack_the_tower import engine as attack_the_tower
from rules.attack_the_tower import game as attack_the_tower_game
from rules.attack_the_tower.variants import Rules as AttackTheTowerRules
from rules.openspiel.adapter import Registration, register
from rules.the_tower import engine as the_tower
from rules.the_tower import game as the_tower_game
from rules.the_tower.variants import Rules as TheTowerRules
from rules.tower_defense import engine as tower_defense
from rules.tower_defense import examples as tower_defense_examples
from rules.tower_defense import game as tower_defense_game
from rules.tower_defense.variants import Rules as TowerDefenseRules


def _attack_the_tower(rules: BaseModel, extra: dict[str, Any]) -> Any:
    assert isinstance(rules, AttackTheTowerRules)
    return attack_the_tower.new_game((str(extra["first_army"]), str(extra["second_army"])), rules)


def _the_tower(rules: BaseModel, extra: dict[str, Any]) -> Any:
    assert isinstance(rules, TheTowerRules)
    return the_tower.new_game(rules)


def _tower_defense(rules: BaseModel, extra: dict[str, Any]) -> Any:
    assert isinstance(rules, TowerDefenseRules)
    return tower_defense.new_game(tower_defense_examples.beginner_scenario(players=int(extra["players"])), rules)


ATTACK_THE_TOWER = Registration(
    game=attack_the_tower_game.GAME,
    rules_type=AttackTheTowerRules,
    new_state=_attack_the_tower,
    extra_parameters={"first_army": "undead", "second_army": "bandits"},
    rules_defaults={"turn_limit": 60, "max_burns": 2},
)
THE_TOWER = Registration(
    game=the_tower_game.GAME,
    rules_type=TheTowerRules,
    new_state=_the_tower,
    extra_parameters={},
    rules_defaults={},
)
TOWER_DEFENSE = Registration(
    game=tower_defense_game.GAME,
    rules_type=TowerDefenseRules,
    new_state=_tower_defense,
    extra_parameters={"players": 2},
    rules_defaults={"turn_limit": 30},
    open_simultaneous=True,
)

AttackTheTowerGame = register(ATTACK_THE_TOWER)
TheTowerGame = register(THE_TOWER)
TowerDefenseGame = register(TOWER_DEFENSE)
