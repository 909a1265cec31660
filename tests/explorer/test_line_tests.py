"""Position to test from the explorers: the line played in an explorer becomes a pytest file whose tests pass,
and a raised troop (a Ninja) shows on the Attack the Tower board."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from explorer.attack_the_tower.explorer import Explorer
from explorer.attack_the_tower.panel import AttackTheTowerPanel
from explorer.attack_the_tower.rendering import static_html
from explorer.attack_the_tower.viewmodel import board_view
from explorer.the_tower.explorer import TheTowerExplorer
from explorer.tower_defense.explorer import TowerDefenseExplorer
from rules.attack_the_tower.actions import PlayAbility
from rules.attack_the_tower.examples import build_player
from rules.attack_the_tower.game import GAME
from rules.attack_the_tower.model import GameState


def load(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_exported(path: Path) -> ModuleType:
    """Run both tests of an exported file; they raise AssertionError when they fail."""
    module = load(path)
    module.test_the_line_reaches_the_expected_position()
    module.test_the_line_says_every_expected_sentence()
    return module


def test_the_panel_button_writes_a_test_of_the_line_played(tmp_path: Path) -> None:
    panel = AttackTheTowerPanel("mid-game-battle")
    panel.attack(0, 1)
    panel.step()
    panel.step()
    path = tmp_path / "test_panel_line.py"
    panel.export_test(str(path))
    assert "wrote" in panel.message.value
    module = run_exported(path)
    assert len(module.ACTIONS) == panel.explorer.session.cursor
    assert GAME.positions.data(panel.explorer.state) == module.EXPECTED_POSITION


@pytest.mark.parametrize(
    "explorer",
    [TheTowerExplorer("pictured-fight"), TowerDefenseExplorer("movement-example"), Explorer("palace-assault")],
    ids=["the-tower", "tower-defense", "attack-the-tower"],
)
def test_every_explorer_exports_its_line_from_any_step(explorer: Any, tmp_path: Path) -> None:
    for _ in range(4):
        if not explorer.legal_actions():
            break
        explorer.play(explorer.legal_actions()[0])
    path = tmp_path / "test_line.py"
    explorer.export_test(path, start=1)
    module = run_exported(path)
    assert len(module.ACTIONS) == explorer.session.cursor - 1
    with pytest.raises(ValueError, match="start must be a step"):
        explorer.export_test(start=explorer.session.cursor + 1)


def test_a_raised_troop_shows_its_raise_on_the_board() -> None:
    easterners = build_player("easterners", [[("monastery", 2)]], hand=("easterners.ninja",))
    bandits = build_player("bandits", [[("light_infantry_base", 1)]])
    explorer = Explorer(GameState(players=(easterners, bandits), phase="main", turn=2))
    explorer.play(PlayAbility(player=0, card="easterners.ninja", targets=("p0/t0/s0/0",)))
    page = static_html(board_view(explorer.state))
    assert 'class="troop raised" style=' in page
    assert ">+3</span>" in page
    assert "power 4, destroyed by 4 (a Ninja: its own power is raised by 3)" in page
    assert "Monastery [LI] ## (+3)" in explorer.board_text()
