"""Stepping past Phase 6 in the Tower Defense panel lets the policy take the actions (as Attack the Tower's
step does) and says so; 'end Phase 6' still ends it taking none."""

from __future__ import annotations

from explorer.tower_defense.panel import TowerDefensePanel


def test_next_phase_in_phase_six_lets_the_policy_act_and_says_so() -> None:
    # 003 6: "Phase 6 ends when all players agree they do not want to perform any more actions."
    panel = TowerDefensePanel("busy-board")
    assert panel.explorer.state.phase == "actions"
    assert panel.explorer.plan().attacks, "the planner finds units to defeat this turn"
    start = panel.explorer.session.cursor
    panel.next_phase()
    played = panel.explorer.session.line[start:]
    assert any(type(action).__name__ == "Attack" for action in played), "the policy attacked"
    assert "Phase 6 decided by the 'simple' policy" in panel.message.value
    assert "lives 5 →" in panel.message.value


def test_end_phase_six_takes_no_action() -> None:
    panel = TowerDefensePanel("busy-board")
    start = panel.explorer.session.cursor
    panel.act(lambda x: x.end_actions())
    played = panel.explorer.session.line[start:]
    assert [type(action).__name__ for action in played] == ["EndActions"]


def test_a_calculator_result_appears_right_under_the_grid_next_to_the_tower_clicked() -> None:
    panel = TowerDefensePanel("busy-board")
    panel.board._message(panel.board, {"event": "click", "key": "4,2", "shift": False}, [])
    html = panel.board.html
    grid_end = html.index('<div class="boxes">')
    assert html.index("Boost options") < grid_end, "the boost table comes before the players' boxes"
    assert panel.children.index(panel.calculators) < panel.children.index(panel.board), "its buttons are above"


def test_the_step_card_says_what_a_phase_did_and_the_heading_names_the_phase_to_come() -> None:
    """A class reads on the card what the step just did (a phase's heading with its first sentence, a Phase 6
    counted by kind), and above the board the phase the next step carries out, marked 'next'."""
    panel = TowerDefensePanel()
    panel.next_phase()  # the example's Phase 6, played by the policy
    card = panel.view()["summary"]
    boosts = sum(type(action).__name__ == "Boost" for action in panel.explorer.session.line)
    assert card.startswith("Phase 6 · All players agree they do not want to perform any more actions (after ")
    assert f"{boosts} boosts" in card and boosts > 0
    panel.next_phase()  # Phase 1
    panel.next_phase()  # Phase 2
    panel.next_phase()  # Phase 3: the waves move
    card = panel.view()["summary"]
    moved = [e.sentence() for e in panel.explorer.session.last_events()]
    assert card.startswith(moved[0].rstrip(".") + ": " + moved[1].rstrip("."))
    assert card.endswith(f"(and {len(moved) - 2} more).") if len(moved) > 2 else card.endswith(".")
    assert "· next: Phase 4: energize Towers ·" in panel.board.html  # the heading: the phase to come
    while panel.explorer.state.phase != "actions":
        panel.next_phase()
    assert "· Phase 6: spend Energy and / or Credits ·" in panel.board.html  # players act in it: no 'next'
