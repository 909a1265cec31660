"""Count boxes refuse a fraction in words. ipywidgets' IntText drops a typed '.', so '2.5' reached the kernel as
25 without a word; a count box now takes what is typed (the browser sends 2.5) and the panel refuses it, naming
the box, and keeps the last good position."""

from __future__ import annotations

from typing import Any

import pytest

from explorer.attack_the_tower.panel import AttackTheTowerPanel
from explorer.balance_lab.balance_tab import BalanceTab
from explorer.balance_lab.panel import BalanceLabPanel
from explorer.number_box import NotAWholeNumber, WholeNumberText, whole_number
from explorer.the_tower.panel import TheTowerPanel
from explorer.tower_defense.panel import TowerDefensePanel
from rules.core.errors import RulesError


def _click(root: Any, label: str) -> None:
    def walk(widget: Any) -> list[Any]:
        return [widget, *(x for child in getattr(widget, "children", ()) for x in walk(child))]

    [button] = [b for b in walk(root) if getattr(b, "description", None) == label and hasattr(b, "click")]
    button.click()


def test_a_whole_number_box_gives_its_number_and_names_itself_when_it_holds_a_fraction() -> None:
    box = WholeNumberText(value=20, description="games a cell")
    assert whole_number(box) == 20 and isinstance(whole_number(box), int)
    box.value = 2.5  # what the browser sends for a typed '2.5' (IntText sent 25)
    assert box.value == 2.5
    with pytest.raises(NotAWholeNumber, match=r"^games a cell takes a whole number, not 2\.5$") as refusal:
        whole_number(box)
    assert isinstance(refusal.value, RulesError) and isinstance(refusal.value, ValueError)


def test_the_tower_editor_refuses_a_fractional_hp_and_keeps_the_position() -> None:
    panel = TheTowerPanel("fight-in-progress")
    good = panel.explorer.state
    panel.editor.hp.value = 6.5
    _click(panel, "apply")
    assert "refused: HP takes a whole number, not 6.5" in panel.message.value
    assert panel.explorer.state is good and panel.editor.hp.value == 6.5, "nothing typed is lost"
    panel.editor.hp.value = 6
    _click(panel, "apply")
    assert panel.explorer.state.hp == 6


def test_the_tower_rules_form_refuses_a_fractional_field() -> None:
    panel = TheTowerPanel()
    good = panel.explorer.state
    panel.rules_form.controls["rooms_per_floor"].value = 4.5
    _click(panel, "play under these rules")
    assert "rooms_per_floor takes a whole number, not 4.5" in panel.message.value
    assert panel.explorer.state is good


def test_tower_defense_editor_refuses_fractional_lives_and_turns() -> None:
    panel = TowerDefensePanel()
    good = panel.explorer.state
    panel.editor.lives.value = 2.5
    _click(panel.editor, "set lives")
    assert "refused: lives takes a whole number, not 2.5" in panel.message.value
    assert panel.explorer.state is good
    panel.editor.turn.value = 3.25
    _click(panel.editor, "set turn")
    assert "refused: turn takes a whole number, not 3.25" in panel.message.value
    assert panel.explorer.state is good


def test_the_damage_inspector_refuses_a_fractional_number_of_battles() -> None:
    panel = AttackTheTowerPanel("mid-game-battle")
    panel.attack(0, 1)
    panel.step()
    panel.inspector.samples.value = 100.5
    _click(panel.inspector, "run N battles from here")
    assert "refused: battles takes a whole number, not 100.5" in panel.message.value
    assert panel.inspector.simulation.value == ""


def test_the_balance_lab_and_tab_refuse_fractional_counts_in_words() -> None:
    lab = BalanceLabPanel()
    lab.form.games.value = 2.5
    lab.run_button.click()
    assert "refused: games a cell takes a whole number, not 2.5" in lab.message.value and not lab.running
    with pytest.raises(RulesError, match=r"games: must be a whole number, not 2\.5"):
        lab.choose(games=2.5)
    tab = BalanceTab("attack-the-tower")
    tab.budget.value = 1500.5
    tab.run_button.click()
    assert "refused: budget (games) takes a whole number, not 1500.5" in tab.message.value
