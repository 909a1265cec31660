"""An explorer refuses what it cannot open in words: a policy that does not exist (it was taken, and refused only
at the first step the policy had to decide), something that is not a position, a share code that is not text."""

from __future__ import annotations

from typing import Any

import pytest

from explorer.attack_the_tower.explorer import Explorer
from explorer.the_tower.explorer import TheTowerExplorer
from explorer.tower_defense.explorer import TowerDefenseExplorer
from rules.attack_the_tower.actions import EndTurn
from rules.core.errors import MalformedFile, RulesError, UnknownName


@pytest.mark.parametrize("make", [Explorer, TheTowerExplorer, TowerDefenseExplorer], ids=lambda m: m.__name__)
def test_an_unknown_policy_is_refused_when_the_explorer_is_made(make: Any) -> None:
    with pytest.raises(UnknownName, match=r"unknown policy 'foo'; policies: random, "):
        make(policy_name="foo")
    assert make(policy_name="random").policy_name == "random"


def test_an_explorer_of_something_not_a_position_is_refused_in_words() -> None:
    """Explorer(123) failed inside ('int' object has no attribute 'turn')."""
    with pytest.raises(
        RulesError, match="an explorer opens on an example's name or a position of its own game, not 123"
    ):
        Explorer(123)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"not EndTurn\(player=0\)"):  # a record, but an action
        Explorer(EndTurn(player=0))  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="a position of its own game"):  # another game's position
        Explorer(TheTowerExplorer().state)  # type: ignore[arg-type]


def test_a_share_code_that_is_not_text_is_refused_in_words() -> None:
    with pytest.raises(MalformedFile, match=r"a share code is text starting with 'ATT1-', not nothing \(None\)"):
        Explorer().load_share_code(None)  # type: ignore[arg-type]
