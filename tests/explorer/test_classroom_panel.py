"""What a teacher meets in the Attack the Tower panel: the damage counter per kind of damage, the hidden
allocations drawn on the board, buttons that cannot act twice, slots written one way."""

from __future__ import annotations

import pytest

from explorer.attack_the_tower.panel import AttackTheTowerPanel


def browser_click(panel: AttackTheTowerPanel, key: str, shift: bool = False) -> None:
    """What board.js sends when a data-key element is clicked."""
    panel.board._message(panel.board, {"event": "click", "key": key, "shift": shift}, [])


@pytest.fixture
def panel() -> AttackTheTowerPanel:
    return AttackTheTowerPanel("mid-game-battle")


def to_regular(panel: AttackTheTowerPanel) -> None:
    panel.attack(0, 1)
    panel.step()  # the ability window
    panel.step()  # initiative, the policy deciding
    assert panel.explorer.stage() == "regular"


def test_artillery_damage_is_counted_apart_and_a_click_it_cannot_pay_is_refused(panel: AttackTheTowerPanel) -> None:
    # 004 traits: artillery damage "can only be assigned to bases or palaces". The Undead's 5 regular damage
    # holds 4 from the Catapult, so only 1 can hit the Bandits' troops while they defend their bases.
    to_regular(panel)
    request = panel.view()["request"]
    assert request["total"] == 5 and request["troop_cap"] == 1
    assert "0 of 1 damage for troops assigned" in panel.board.html
    assert "4 artillery damage cannot hit troops" in panel.board.html
    browser_click(panel, "p1/t1/s1/1")
    assert panel.draft == {"p1/t1/s1/1": 1}
    assert "1 of 1 damage for troops assigned" in panel.message.value
    browser_click(panel, "p1/t1/s2/0")
    assert panel.draft == {"p1/t1/s1/1": 1}, "the click that cannot be legal is refused"
    assert "refused" in panel.message.value and "artillery damage (4)" in panel.message.value
    panel.commit()
    assert panel.explorer.state.battle is not None and panel.explorer.state.battle.pending[0] is not None


def test_show_both_allocations_draws_the_hidden_allocation_on_its_target(panel: AttackTheTowerPanel) -> None:
    # 004 battles 3: both allocations are hidden until both are made; the toggle shows them for teaching.
    panel.attack(0, 1)
    panel.step()
    browser_click(panel, "p1/t1/s0/0")
    panel.commit()
    assert 'class="shown"' not in panel.board.html
    panel.hidden_toggle.value = True
    html = panel.board.html
    target = html.split('data-key="p1/t1/s0/0"', 1)[1].split("</span></span>", 1)[0]
    assert 'class="shown"' in target and "+1" in target
    panel.hidden_toggle.value = False
    assert 'class="shown"' not in panel.board.html
