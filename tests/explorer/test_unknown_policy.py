"""An explorer made with a policy that does not exist is refused at once, naming the policies there are: it was
taken, and refused only at the first step the policy had to decide."""

from __future__ import annotations

from typing import Any

import pytest

from explorer.attack_the_tower.explorer import Explorer
from explorer.the_tower.explorer import TheTowerExplorer
from explorer.tower_defense.explorer import TowerDefenseExplorer
from rules.core.errors import UnknownName


@pytest.mark.parametrize("make", [Explorer, TheTowerExplorer, TowerDefenseExplorer], ids=lambda m: m.__name__)
def test_an_unknown_policy_is_refused_when_the_explorer_is_made(make: Any) -> None:
    with pytest.raises(UnknownName, match=r"unknown policy 'foo'; policies: random, "):
        make(policy_name="foo")
    assert make(policy_name="random").policy_name == "random"
