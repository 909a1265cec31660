"""The Attack the Tower panel loads a designer's army file and offers its army for a new game."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from explorer.attack_the_tower.panel import AttackTheTowerPanel
from rules.attack_the_tower import catalog

TOML_ARMY = (Path(__file__).parents[1] / "attack_the_tower" / "testers-army.toml").read_text(encoding="utf-8")


@pytest.fixture(autouse=True)
def shipped_armies_after() -> Iterator[None]:
    yield
    catalog.use_shipped_armies()


def test_panel_offers_the_army_of_a_loaded_file() -> None:
    panel = AttackTheTowerPanel("mid-game-battle")
    panel.game.army_file.value = TOML_ARMY
    panel.use_army_file(panel.game.army_file.value)
    assert "testers" in panel.game.armies[0].options
    assert "testers" in panel.editor.armies[0].options  # a new empty board may seat it too
    assert "army file loaded: Testers" in panel.message.value
    panel.new_game("testers", "undead")
    assert panel.explorer.state.players[0].army == "testers"


def test_panel_refuses_a_malformed_army_file_and_keeps_its_armies() -> None:
    panel = AttackTheTowerPanel("mid-game-battle")
    before = panel.game.armies[0].options
    panel.use_army_file('{"id": "undead"}')
    assert "refused" in panel.message.value and "bases: is missing" in panel.message.value
    assert panel.game.armies[0].options == before


def test_a_panel_opens_on_a_game_of_a_designers_army_loaded_before() -> None:
    """A balance tab opens its answer's game in a new panel: every army choice offers the armies in use."""
    from rules.attack_the_tower import engine

    catalog.use_army_files([Path(__file__).parents[1] / "attack_the_tower" / "testers-army.toml"])
    panel = AttackTheTowerPanel(engine.new_game(("testers", "undead")))
    assert panel.editor.armies[0].value == "testers" and "testers" in panel.game.armies[1].options
