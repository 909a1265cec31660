""" "Export this battle": one HTML file with every step's board and narration, previous / next, nothing to
fetch (the browser test opens it offline and steps through it)."""

from __future__ import annotations

import re
from pathlib import Path

from explorer.attack_the_tower.panel import AttackTheTowerPanel


def test_the_exported_battle_has_every_step_and_fetches_nothing(tmp_path: Path) -> None:
    panel = AttackTheTowerPanel("mid-game-battle")
    panel.attack(0, 1)
    panel.resolve_battle()
    steps = len(panel.explorer.session.line)
    assert steps >= 4
    target = tmp_path / "battle.html"
    panel.export(str(target))
    assert f"exported {steps} steps" in panel.message.value
    page = target.read_text(encoding="utf-8")
    assert page.count('<section class="frame"') == steps + 1
    assert page.count(" hidden>") == steps, "only the first frame shows before the script runs"
    # Every step's narration, with the rule each line applies (004 battles 3, initiative).
    assert "battles.3 initiative" in page and "initiative: the Undead deal 2" in page
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", page), "nothing is fetched"
    assert "@import" not in page and "url(" not in page
