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
from rules.attack_the_tower import examples as attack_examples
from rules.attack_the_tower.variants import Rules as AttackTheTowerRules
from rules.core.chance import ChanceSampler
from rules.core.conformance import random_action
from rules.core.errors import RulesError
from rules.core.protocol import Game
from rules.the_tower import engine as the_tower
from rules.the_tower import examples as tower_examples
from rules.the_tower.variants import Rules as TheTowerRules
from rules.tower_defense import engine as tower_defense
from rules.tower_defense import examples as tower_defense_examples
from rules.tower_defense.variants import Rules as TowerDefenseRules

Start = Callable[[Any], Any]
GAMES: dict[str, tuple[Game[Any, Any], type[BaseModel], list[Start], dict[str, Any]]] = {
    "attack_the_tower": (
        attack_the_tower.GAME,
        AttackTheTowerRules,
        [
            lambda rules: attack_the_tower.new_game(("undead", "westerners"), rules),
            *[functools.partial(attack_examples.example, name) for name in attack_examples.EXAMPLES],
        ],
        {"turn_limit": 6, "max_burns": 1},
    ),
    "the_tower": (
        the_tower.GAME,
        TheTowerRules,
        [the_tower.new_game, *[functools.partial(tower_examples.example, name) for name in tower_examples.EXAMPLES]],
        {},
    ),
    "tower_defense": (
        tower_defense.GAME,
        TowerDefenseRules,
        [
            lambda rules: tower_defense.new_game(tower_defense_examples.beginner_scenario(2), rules),
            *[functools.partial(tower_defense_examples.example, name) for name in tower_defense_examples.EXAMPLES],
        ],
        {"turn_limit": 6},
    ),
}
"""Each game's protocol object, rules type, the positions its seeded games start from, and base rules."""
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
    """Every event sentence and the final position (without its rules) of a few seeded random games."""
    digest = hashlib.sha256()
    for seed in range(SEEDS):
        state, sampler = start, ChanceSampler(seed)
        for _ in range(STEPS):
            if game.is_terminal(state):
                break
            state, events = game.apply(state, random_action(game, state, sampler))
            for event in events:
                digest.update(event.sentence().encode())
        digest.update(state.model_dump_json(exclude={"rules"}).encode())  # the rules themselves differ
    return digest.hexdigest()


def fingerprints(name: str, rules: BaseModel) -> list[str | None]:
    """The fingerprint of the games from each start under `rules` (None where the start refuses them)."""
    game, _, starts, _ = GAMES[name]
    out: list[str | None] = []
    for start in starts:
        try:
            position = start(rules)
        except (ValueError, ValidationError, RulesError):
            out.append(None)
            continue
        out.append(fingerprint(game, position))
    return out


@functools.cache
def reference(name: str) -> tuple[str | None, ...]:
    _, rules_type, _, base = GAMES[name]
    return tuple(fingerprints(name, rules_type(**base)))


NOT_REACHED_BY_RANDOM_PLAY = {
    ("attack_the_tower", "empty_pile"),
    ("the_tower", "hand_limit"),
    ("the_tower", "empty_deck"),
    ("the_tower", "damage_beyond_table"),
    ("the_tower", "hp_cap"),
    ("tower_defense", "max_level"),
    ("tower_defense", "matching_pair_bonus"),
    ("tower_defense", "mark2_bonus_cost_after_kill"),
    ("tower_defense", "mark3_bonus_cost"),
    ("tower_defense", "mark3_bonus_cost_after_kill"),
    ("tower_defense", "condition_credits"),
    ("tower_defense", "tough_extra_hit_points"),
    ("tower_defense", "restored_track"),
    ("tower_defense", "elusive_extra_range"),
    ("tower_defense", "wave_movement"),
    ("tower_defense", "modifier_hit_points_from"),
    ("tower_defense", "universal_credit_matches"),
    ("tower_defense", "one_opportunity_per_kill"),
}
"""Fields whose rule random play from these starts does not reach; each needs a scenario of its own (a strict
xfail: it fails as soon as random play does show the field, so the list cannot go stale)."""

CASES = [
    pytest.param(
        name,
        field,
        marks=[pytest.mark.xfail(strict=True, reason="not reached by random play")]
        if (name, field) in NOT_REACHED_BY_RANDOM_PLAY
        else [],
    )
    for name, (_, rules_type, _, _) in GAMES.items()
    for field in rules_type.model_fields
]


@pytest.mark.parametrize(("name", "field"), CASES)
def test_a_changed_value_changes_the_games_or_is_refused(name: str, field: str) -> None:
    _, rules_type, _, base = GAMES[name]
    outcomes = []
    for value in alternatives(rules_type, field):
        try:
            rules = rules_type(**{**base, field: value})
        except (ValueError, ValidationError, RulesError) as refusal:
            assert str(refusal).strip(), "a refusal says why"
            outcomes.append("refused")
            continue
        outcomes.append("changed" if tuple(fingerprints(name, rules)) != reference(name) else "same")
    assert "changed" in outcomes or set(outcomes) == {"refused"}, f"{field}: {outcomes}"


def test_a_tower_level_the_cards_do_not_print_is_refused() -> None:
    # 003 6.A.II: "Level 4 is the maximum Level of all Towers." - the cards give numbers for four levels.
    with pytest.raises(ValidationError, match="less than or equal to 4"):
        TowerDefenseRules(max_level=5)
    assert TowerDefenseRules(max_level=3).max_level == 3
