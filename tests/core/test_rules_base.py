"""The rules base every game's Rules inherits (rules.core.rules_base): frozen, no unknown field, numbers
within their limits, contradictions refused first, and the differences between two rule sets."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from rules.attack_the_tower.variants import Rules as AttackRules
from rules.core import limits
from rules.core.errors import IllegalSettings
from rules.core.rules_base import RulesBase
from rules.the_tower.variants import Rules as TowerRules
from rules.tower_defense.variants import Rules as DefenseRules


@pytest.mark.parametrize("rules_class", [AttackRules, TowerRules, DefenseRules])
def test_every_game_s_rules_are_a_rules_base(rules_class: type[RulesBase]) -> None:
    rules = rules_class()
    assert isinstance(rules, RulesBase)
    assert rules.differences(rules_class()) == {}
    with pytest.raises(ValidationError):
        rules_class.model_validate({"no_such_rule": 1})


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda: AttackRules(foo=1), "foo: there is no such field here"),  # type: ignore[call-arg]
        (lambda: AttackRules(cavalry_power=-1), "cavalry_power: must be at least 0"),
        (lambda: AttackRules(empty_pile="boom"), "empty_pile: must be one of 'reshuffle' or 'cannot_draw'"),
    ],
)
def test_rules_made_in_python_are_refused_in_words(make: Any, words: str) -> None:
    """Not pydantic's dump ('1 validation error for Rules ... For further information visit ...')."""
    with pytest.raises(IllegalSettings) as refused:
        make()
    assert str(refused.value) == words


def test_differences_name_each_changed_field_with_both_values() -> None:
    changed = TowerRules(starting_hp=14, hp_cap=20)
    assert changed.differences(TowerRules()) == {"starting_hp": (14, 6), "hp_cap": (20, None)}


def test_a_number_above_its_limit_is_refused() -> None:
    with pytest.raises(IllegalSettings, match="must be at most"):
        TowerRules(starting_hp=limits.MAX_RULES_NUMBER + 1)


def test_a_contradiction_is_named_before_the_limits() -> None:
    with pytest.raises(IllegalSettings, match="hp_cap") as refused:
        TowerRules(hp_cap=limits.MAX_RULES_NUMBER + 5, starting_hp=limits.MAX_RULES_NUMBER + 10)
    assert "must be at most" not in str(refused.value)
