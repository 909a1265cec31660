"""Every `Rules` field of every game reaches the code that enforces it: a changed value either changes how
seeded games go (their events and final positions) or is refused with a reason."""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable
from typing import Any, Literal, get_args, get_origin

import pytest
from pydantic import BaseModel, ValidationError

from rules.attack_the_tower import engine as attack_the_tower
from rules.attack_the_tower.variants import Rules as AttackTheTowerRules
from rules.core.chance import ChanceSampler
from rules.core.conformance import random_action
from rules.core.protocol import Game
from rules.the_tower import engine as the_tower
from rules.the_tower.variants import Rules as TheTowerRules
from rules.tower_defense import engine as tower_defense
from rules.tower_defense import examples as tower_defense_examples
from rules.tower_defense.variants import Rules as TowerDefenseRules

GAMES: dict[str, tuple[Game[Any, Any], type[BaseModel], Callable[[Any], Any], dict[str, Any]]] = {
    "attack_the_tower": (
        attack_the_tower.GAME,
        AttackTheTowerRules,
        lambda rules: attack_the_tower.new_game(("undead", "westerners"), rules),
        {"turn_limit": 6, "max_burns": 1},
    ),
    "the_tower": (the_tower.GAME, TheTowerRules, the_tower.new_game, {}),
    "tower_defense": (
        tower_defense.GAME,
        TowerDefenseRules,
        lambda rules: tower_defense.new_game(tower_defense_examples.beginner_scenario(2), rules),
        {"turn_limit": 6},
    ),
}
SEEDS = 6
STEPS = 400


def alternatives(rules_type: type[BaseModel], name: str) -> list[Any]:
    """Other values to try for a field: the other choices, the number one up and one down, a set limit."""
    info = rules_type.model_fields[name]
    default, annotation = info.default, info.annotation
    choices = [a for a in (annotation, *get_args(annotation)) if get_origin(a) is Literal]
    if isinstance(default, bool):
        return [not default]
    if choices:
        return [c for c in get_args(choices[0]) if c != default]
    if isinstance(default, int):
        return [default + 1, default - 1] if default > 1 else [default + 1]
    if default is None:
        return [3, 30]
    if isinstance(default, BaseModel):
        return [default.model_copy(update={k: v + 1 for k, v in default.model_dump().items() if isinstance(v, int)})]
    raise AssertionError(f"no alternative value known for {name}")


def fingerprint(game: Game[Any, Any], start: Any) -> str:
    """Every event sentence and the final position of a few seeded random games."""
    digest = hashlib.sha256()
    for seed in range(SEEDS):
        state, sampler = start, ChanceSampler(seed)
        for _ in range(STEPS):
            if game.is_terminal(state):
                break
            state, events = game.apply(state, random_action(game, state, sampler))
            for event in events:
                digest.update(event.sentence().encode())
        digest.update(state.model_dump_json().encode())
    return digest.hexdigest()


@functools.cache
def reference(name: str) -> str:
    game, rules_type, start, base = GAMES[name]
    return fingerprint(game, start(rules_type(**base)))


CASES = [(name, field) for name, (_, rules_type, _, _) in GAMES.items() for field in rules_type.model_fields]


@pytest.mark.parametrize(("name", "field"), CASES)
def test_a_changed_value_changes_the_games_or_is_refused(name: str, field: str) -> None:
    game, rules_type, start, base = GAMES[name]
    outcomes = []
    for value in alternatives(rules_type, field):
        try:
            position = start(rules_type(**{**base, field: value}))
        except (ValueError, ValidationError) as refusal:
            assert str(refusal).strip(), "a refusal says why"
            outcomes.append("refused")
            continue
        outcomes.append("changed" if fingerprint(game, position) != reference(name) else "same")
    assert "changed" in outcomes or set(outcomes) == {"refused"}, f"{field}: {outcomes}"


def test_a_tower_level_the_cards_do_not_print_is_refused() -> None:
    # 003 6.A.II: "Level 4 is the maximum Level of all Towers." - the cards give numbers for four levels.
    with pytest.raises(ValidationError, match="less than or equal to 4"):
        TowerDefenseRules(max_level=5)
    assert TowerDefenseRules(max_level=3).max_level == 3
