"""The Attack the Tower panel's Python side: every control is a method; front-end messages are
simulated as the browser would send them (anywidget custom messages and trait changes)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from explorer.attack_the_tower.panel import AttackTheTowerPanel
from rules.attack_the_tower import examples
from rules.core.protocol import TERMINAL


def browser_click(panel: AttackTheTowerPanel, key: str, shift: bool = False) -> None:
    """What board.js sends when a data-key element is clicked."""
    panel.board._message(panel.board, {"event": "click", "key": key, "shift": shift}, [])


@pytest.fixture
def panel() -> AttackTheTowerPanel:
    return AttackTheTowerPanel("mid-game-battle")


def to_initiative(panel: AttackTheTowerPanel) -> None:
    panel.attack(0, 1)
    panel.step()  # both players pass the ability window
    assert panel.explorer.stage() == "initiative"


def test_board_renders_bases_and_troops(panel: AttackTheTowerPanel) -> None:
    html = panel.board.html
    for name in ("Graveyard", "Crypt", "Workshop", "Bandit cavalry base"):
        assert name in html
    # Undead: Graveyard 2, Crypt 2, Workshop 1, Mansion 2, Desecrated Grounds 1; Bandits: 1+1+2+1+1.
    assert len(re.findall(r'class="troop[ "]', html)) == 8 + 6


def test_clicks_draft_an_allocation_and_commit_applies_it(panel: AttackTheTowerPanel) -> None:
    to_initiative(panel)
    version = panel.board.version
    browser_click(panel, "p1/t1/s0/0")
    browser_click(panel, "p1/t1/s1/0")
    assert panel.draft == {"p1/t1/s0/0": 1, "p1/t1/s1/0": 1}
    assert panel.board.version > version and "+1" in panel.board.html
    browser_click(panel, "p1/t1/s1/0", shift=True)
    assert panel.draft == {"p1/t1/s0/0": 1}
    browser_click(panel, "p1/t1/s1/0")
    panel.commit()
    # 004 battles 3: both allocations are collected before either takes effect.
    assert panel.explorer.to_move() == 1
    assert "hidden until both sides have" in panel.message.value


def test_a_refused_click_names_the_rule_and_keeps_the_position(panel: AttackTheTowerPanel) -> None:
    to_initiative(panel)
    before = panel.explorer.state
    browser_click(panel, "p1/t1/s0")  # a manned base during initiative
    assert "initiative damage cannot be assigned to bases" in panel.message.value
    assert panel.explorer.state is before and panel.draft == {}


def test_step_back_forward_restart(panel: AttackTheTowerPanel) -> None:
    to_initiative(panel)
    panel.step()
    assert panel.explorer.stage() == "regular"
    at = panel.explorer.session.cursor
    panel.back()
    assert panel.explorer.session.cursor == at - 1
    panel.forward()
    assert panel.explorer.session.cursor == at
    panel.restart()
    assert panel.explorer.session.cursor == 0 and panel.explorer.state.phase == "main"
    assert "step 0 of" in panel.log_view.html


def test_branch_from_a_step_and_switch(panel: AttackTheTowerPanel) -> None:
    to_initiative(panel)
    panel.step()
    main_line = panel.explorer.session.line
    panel.back()
    panel.back()
    panel.branch("defender differently")
    browser_click(panel, "p1/t1/s2/0")
    browser_click(panel, "p1/t1/s2/0")
    panel.commit()
    assert panel.explorer.session.current_branch == "defender differently"
    assert "defender differently" in panel.branches.options
    panel.branches.value = "main"  # the dropdown, as the browser would change it
    assert panel.explorer.session.line == main_line


def test_editor_refuses_an_illegal_edit_and_keeps_the_last_good_position(panel: AttackTheTowerPanel) -> None:
    panel.set_mode("edit")
    browser_click(panel, "p0/t2/s0")
    panel.editor.base.value = "undead.workshop"
    panel.editor.troops.value = 2
    panel.editor.apply_slot()
    assert panel.explorer.state.players[0].territories[2][0] is not None
    good = panel.explorer.state
    browser_click(panel, "p0/t2/s1")
    panel.editor.base.value = "undead.workshop"  # the deck holds 2 Workshops: both are now on the board
    panel.editor.apply_slot()
    assert "already in use" in panel.message.value
    assert panel.explorer.state == good


def test_share_code_reproduces_the_position(panel: AttackTheTowerPanel) -> None:
    code = panel.show_share_code()
    other = AttackTheTowerPanel("opening")
    other.load_share_code(code)
    assert other.explorer.state == examples.example("mid-game-battle")
    other.load_share_code(code[:-8])
    assert "damaged" in other.message.value
    assert other.explorer.state == examples.example("mid-game-battle")


def test_examples_one_click_away(panel: AttackTheTowerPanel) -> None:
    panel.example.value = "palace-assault"
    assert panel.explorer.state == examples.example("palace-assault")


def test_save_and_load_a_file(panel: AttackTheTowerPanel, tmp_path: Path) -> None:
    path = tmp_path / "pos.json"
    panel.explorer.save(path)
    other = AttackTheTowerPanel("opening")
    other.explorer.load(path)
    assert other.explorer.state == panel.explorer.state


def test_variants_compare_marks_the_first_divergence() -> None:
    panel = AttackTheTowerPanel("palace-assault")
    panel.attack(0, 2)
    panel.step()
    panel.step()  # initiative: the Necromancers have no target; their damage is left over
    panel.step()
    panel.variants.controls["leftover_initiative_adds_to_regular"].value = False
    summary = panel.variants.compare()
    assert "First difference at step" in summary
    assert "leftover" in panel.variants.result.value


def test_a_variant_comparison_plays_both_lines_to_the_end_of_the_battle() -> None:
    """000 and 001 add leftover initiative damage to regular damage, 004 does not: the palace assault compared
    under both readings is played past the first difference to each battle's end, both endings shown."""
    panel = AttackTheTowerPanel("palace-assault")
    panel.attack(0, 2, specials=(0,))
    panel.next()  # the ability window: both pass, the initiative damage finds no target
    panel.variants.controls["leftover_initiative_adds_to_regular"].value = False
    panel.variants.compare()
    comparison = panel.variants.comparison
    assert comparison is not None and comparison.until == "battle"
    assert comparison.divergence.step is not None and comparison.divergence.step <= panel.explorer.session.cursor
    for line in (comparison.current, comparison.variant):
        assert line.end.battle is None, "each line is played to the end of its battle"
        assert len(line.steps) > panel.explorer.session.cursor
    assert comparison.current.end.termination == "palace_destroyed"
    shown = panel.variants.result.value
    assert "◆ first difference" in shown and "current rules: the game is over (palace destroyed)" in shown
    assert shown.count('class="att-board"') == 2 and "palace destroyed" in shown


def test_a_variant_comparison_can_play_on_to_the_end_of_the_game() -> None:
    panel = AttackTheTowerPanel("palace-assault")
    panel.variants.controls["cavalry_power"].value = 5
    panel.variants.until.value = "game"
    panel.variants.compare()
    comparison = panel.variants.comparison
    assert comparison is not None
    assert comparison.current.end.phase == "game_over" and comparison.variant.end.phase == "game_over"


def test_show_both_reveals_hidden_allocations(panel: AttackTheTowerPanel) -> None:
    to_initiative(panel)
    browser_click(panel, "p1/t1/s0/0")
    panel.commit()
    assert panel.view()["battle"]["shown"] == {}
    panel.hidden_toggle.value = True
    assert panel.view()["battle"]["shown"] == {"0": {"p1/t1/s0/0": 1}}


def test_static_representation_shows_the_same_facts(panel: AttackTheTowerPanel) -> None:
    to_initiative(panel)
    bundle = panel._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/plain"].startswith("Attack the Tower panel: turn 5, initiative")
    assert "Graveyard" in bundle["text/html"] and "battles.3 initiative" in bundle["text/html"]


def test_keyboard_commands(panel: AttackTheTowerPanel) -> None:
    panel.attack(0, 1)
    panel.board._message(panel.board, {"event": "key", "command": "step"}, [])
    assert panel.explorer.stage() == "initiative"
    panel.board._message(panel.board, {"event": "key", "command": "back"}, [])
    assert panel.explorer.stage() == "abilities"


def test_whole_game_against_a_policy() -> None:
    panel = AttackTheTowerPanel("opening")
    panel.set_seats(None, "greedy")
    panel.new_game("undead", "bandits")
    # Setup begins with player 1 (a person here) drawing: the panel waits for that decision.
    assert panel.explorer.to_move() == 0 and panel.explorer.state.phase == "setup_draw"
    panel.set_seats("planner", "greedy")
    panel.advance()
    after = panel.explorer.state
    assert after.phase == "game_over" or panel.explorer.to_move() == TERMINAL


def test_watch_two_policies_step_by_step() -> None:
    panel = AttackTheTowerPanel("opening")
    panel.new_game("westerners", "easterners")
    panel.explorer.set_seats("random", "random")
    for _ in range(30):
        panel.step()
    assert panel.explorer.session.cursor == 30
    panel.back()
    assert panel.explorer.session.cursor == 29


def test_in_play_abilities_can_be_edited(panel: AttackTheTowerPanel) -> None:
    panel.set_mode("edit")
    panel.editor.player.value = 0
    panel.editor.in_play.value = ("undead.lich",)
    panel.editor.apply_cards()
    assert panel.explorer.state.players[0].in_play == ("undead.lich",)


def test_the_panel_says_it_is_thinking_before_the_search_policy_plays() -> None:
    # The search takes seconds a move: its message reaches the browser before the work, the result after it.
    panel = AttackTheTowerPanel("mid-game-battle")
    shown: list[str] = []
    panel.message.observe(lambda change: shown.append(change["new"]), "value")
    panel.set_seats("search", None)
    panel.advance()
    assert any("thinking" in text for text in shown[:-1]), shown
    assert "thinking" not in panel.message.value and panel.explorer.session.cursor > 0
    shown.clear()
    panel.set_seats("planner", None)
    panel.advance()
    assert not any("thinking" in text for text in shown), "a fast policy plays without the message"


def test_a_long_stretch_of_a_slow_policy_says_each_turn_it_reaches(monkeypatch: pytest.MonkeyPatch) -> None:
    # A whole game between slow policies runs for many seconds: the message tells how far it has got, turn by
    # turn. The planner stands in for a slow policy here, so the game takes a moment, not minutes.
    import explorer.attack_the_tower.panel as panel_module

    monkeypatch.setattr(panel_module, "deliberation", lambda name: "plans" if name == "planner" else None)
    panel = AttackTheTowerPanel("mid-game-battle")
    shown: list[str] = []
    panel.message.observe(lambda change: shown.append(change["new"]), "value")
    panel.set_seats("planner", "planner")
    panel.new_game("undead", "bandits")
    turns = [int(m.group(1)) for text in shown if (m := re.search(r"\(now at turn (\d+)\)", text))]
    final = panel.explorer.state.turn
    assert panel.explorer.to_move() == TERMINAL
    assert turns == list(range(turns[0], final + 1)) and len(turns) >= 2, shown
    assert "now at turn" not in panel.message.value, "the last message is the game's, not the progress"
