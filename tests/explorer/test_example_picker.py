"""The example picker names the example a panel explores: a panel opened on an example showed an empty picker.
Once the position is edited or another one loaded the picker is empty again, so that choosing the example again
loads it again (a drop-down tells nothing when its value does not change)."""

from __future__ import annotations

from typing import Any

import pytest

from explorer.attack_the_tower.panel import AttackTheTowerPanel
from explorer.the_tower.panel import TheTowerPanel
from explorer.tower_defense.panel import TowerDefensePanel

PANELS = [AttackTheTowerPanel, TheTowerPanel, TowerDefensePanel]


@pytest.mark.parametrize("make", PANELS, ids=lambda m: m.__name__)
def test_a_panel_opened_on_its_default_example_names_it(make: Any) -> None:
    panel = make()
    assert panel.example.value == panel.explorer.default_example
    assert panel.example.value in panel.example.options


@pytest.mark.parametrize("make", PANELS, ids=lambda m: m.__name__)
def test_the_picker_follows_the_position_and_an_example_chosen_again_loads_again(make: Any) -> None:
    panel = make()
    names = list(panel.example.options)
    other = next(name for name in names if name != panel.explorer.default_example)
    panel.example.value = other
    example = panel.explorer.examples.example(other, panel.explorer.rules)
    assert panel.explorer.state == example and panel.example.value == other
    panel.next()  # a step along the line: still the session begun from the example
    assert panel.example.value == other
    panel.load_share_code(panel.show_share_code())  # the same position, loaded from a code: no longer the example
    assert panel.explorer.example_name is None and panel.example.value is None
    panel.example.value = other
    assert panel.explorer.state == example and panel.explorer.session.cursor == 0 and panel.example.value == other


@pytest.mark.parametrize("make", PANELS, ids=lambda m: m.__name__)
def test_a_panel_opened_on_a_position_names_no_example(make: Any) -> None:
    position = make().explorer.state
    assert make(position).example.value is None
