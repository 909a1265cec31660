"""The Tower Defense panel's Python side: its controls are clicked and its doors (`act`, `edit`) called as a
notebook would; front-end messages are simulated as the browser would send them (anywidget custom messages
and trait changes)."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import pytest

from explorer.tower_defense.explorer import TowerDefenseExplorer
from explorer.tower_defense.panel import TowerDefensePanel
from explorer.tower_defense.viewmodel import ASSUMED_NOTE
from rules.core.errors import IllegalAction, IllegalPosition
from rules.tower_defense import editing, examples
from rules.tower_defense.events import Attacked


def browser_click(panel: TowerDefensePanel, key: str) -> None:
    """What board.js sends when a data-key element is clicked."""
    panel.board._message(panel.board, {"event": "click", "key": key, "shift": False}, [])


def phase(panel: TowerDefensePanel) -> str:
    """The phase now (read afresh: each step changes it)."""
    return panel.explorer.state.phase


@pytest.fixture
def panel() -> TowerDefensePanel:
    return TowerDefensePanel("busy-board")


def test_the_grid_shows_tracks_towers_waves_and_what_is_assumed(panel: TowerDefensePanel) -> None:
    html = panel.board.html
    assert len(re.findall(r'class="cell ', html)) == 12 * 10
    assert ">A1<" in html and ">A25<" in html and ">B13<" in html
    assert html.count('class="cell obstacle"') == 4
    # Towers with type, mark, level, owner and Depletion; the Mark II Standard Tower of player 4.
    assert "Standard II" in html and "P4" in html and 'title="Depletion">●<' in html
    # A space too narrow for a name shows it in three letters (the style sheet picks one), as the legend says.
    assert '<span class="long">Standard II</span><span class="brief">Std II</span>' in html
    assert '<span class="long">dmg </span><span class="brief">d</span>' in html and "Std, Bst, Chg, Cmb" in html
    # Waves with their visible unit and modifier: Wave 4 (Rank 4 wave B) shows unit 1 of 3.
    assert "W4 u1/3" in html and "Hasty" in html
    # Every number the data files mark assumed carries an asterisk, explained in the legend.
    assert 'class="assumed"' in html and ASSUMED_NOTE in html
    assert "Player 1" in html and "★ starting player" in html and "Kill Bonus / Conversion" in html


def test_clicking_a_tower_selects_it_and_shows_its_boost_options(panel: TowerDefensePanel) -> None:
    version = panel.board.version
    browser_click(panel, "4,2")  # the Level 1 Mark I Boost Tower of player 2
    assert panel.selected == "4,2" and panel.board.version > version
    assert "Boost options" in panel.board.html
    assert "in-reach" in panel.board.html  # the spaces within its Range are marked


def test_a_refused_attack_names_the_rule_and_keeps_the_position(panel: TowerDefensePanel) -> None:
    before = panel.explorer.state
    browser_click(panel, "4,2")
    browser_click(panel, "7,1")  # Rank 3 wave A on A8, 3 spaces away
    assert "3 spaces away; the Range is 2" in panel.message.value and "towers.range" in panel.message.value
    assert panel.explorer.state is before and panel.explorer.session.cursor == 0


def test_clicking_a_wave_attacks_it_with_the_selected_tower(panel: TowerDefensePanel) -> None:
    browser_click(panel, "4,2")
    browser_click(panel, "5,3")  # Rank 1 wave B on A20, next to the tower
    # 003 6.G: 'Units may be attacked if the attack would not be sufficient to defeat the Unit.'
    assert "nothing carries over" in panel.message.value
    tower = panel.explorer.state.tower_at((4, 2))
    assert tower is not None and tower.depletion == 1
    # 'Units always have full Hit Points after an attack action.'
    wave = panel.explorer.state.wave("rank1.b")
    assert wave is not None and wave.defeated == 0 and wave.attacked


def test_phase_stepper_back_forward_restart_and_jump(panel: TowerDefensePanel) -> None:
    click_button(panel.actions, "end Phase 6")  # taking no action (next phase ▶ would let the policy act)
    assert panel.explorer.state.turn == 14 and phase(panel) == "tracker"
    panel.next_phase()
    panel.next_phase()
    assert phase(panel) == "movement"
    at = panel.explorer.session.cursor
    panel.back()
    assert panel.explorer.session.cursor == at - 1 and phase(panel) == "waves"
    panel.forward()
    assert panel.explorer.session.cursor == at
    panel.restart()
    assert panel.explorer.session.cursor == 0 and panel.explorer.state.turn == 13
    assert "step 0 of 3" in panel.log_view.html
    panel.next_phase()  # in the middle of the line: replays it to the next phase
    assert panel.explorer.session.cursor == 1
    panel.jump(3)
    assert phase(panel) == "movement"
    panel.jump(9)
    assert "refused" in panel.message.value and panel.explorer.session.cursor == 3


def test_to_phase_6_collects_income_through_chance_and_the_policy(panel: TowerDefensePanel) -> None:
    panel.to_actions()
    state = panel.explorer.state
    # 003 phase 5: 'All credits must be assigned to Stacks before proceeding to Phase 6.'
    assert state.turn == 14 and state.phase == "actions" and not state.revealed and not state.reveal_left
    assert "Phase 6" in panel.log_view.html


def test_branch_from_a_step_and_switch(panel: TowerDefensePanel) -> None:
    click_button(panel.calculators, "play the plan")
    main_line = panel.explorer.session.line
    assert len(main_line) == 9
    panel.jump(2)
    panel.branch("attack the modifier")
    panel.act(lambda x: x.end_actions())
    assert panel.explorer.session.current_branch == "attack the modifier"
    assert "attack the modifier" in panel.branches.options
    panel.branches.value = "main"  # the dropdown, as the browser would change it
    assert panel.explorer.session.line == main_line


def test_phase_6_actions_from_the_controls(panel: TowerDefensePanel) -> None:
    # every choice is filled from the position: player 1 and the cards of their stacks
    assert panel.actions.player.value == 0 and panel.actions.build_card.value == "boost.1"
    assert panel.actions.wave.value == "rank1.b" and panel.editor.modifier.label == "no modifier"
    browser_click(panel, "0,0")
    panel.actions.build_card.value = "boost.1"
    panel.actions.children[1].children[1].click()  # 'build here'
    tower = panel.explorer.state.tower_at((0, 0))
    # 003 6.A.I: 'Put a Depletion Marker on newly built Towers.'
    assert tower is not None and tower.owner == 0 and tower.depletion == 1
    assert "builds a Mark I Boost Tower" in panel.message.value
    browser_click(panel, "3,0")  # player 1's Standard Tower
    panel.actions.boost_card.value = "standard.1"
    panel.actions.children[2].children[1].click()  # 'boost'
    boosted = panel.explorer.state.tower_at((3, 0))
    assert boosted is not None and boosted.boosts == ("standard",)
    before = panel.explorer.state
    click_button(panel.actions, "upgrade")  # the Build / Upgrade stack is empty now
    assert "refused" in panel.message.value and panel.explorer.state is before


def test_the_rulebook_movement_example_in_the_panel() -> None:
    panel = TowerDefensePanel("movement-example")
    panel.next_phase()
    # 003 phase 3: 'If Track A12 and A15 are in the discard pile, the Wave would end its movement on
    # Track A17. If Track A17 is occupied, it would instead end its movement on Track A18.'
    assert "moves 5 from A10 to A18" in panel.log_view.html
    assert "skipping discarded A12, A15; moving on past the occupied A17" in panel.log_view.html
    assert "A18" in panel.board.html and "W1 u1/2" in panel.board.html


def test_taking_a_revealed_credit_from_the_controls() -> None:
    panel = TowerDefensePanel("movement-example")
    panel.next_phase()  # movement
    panel.next_phase()  # energize
    panel.next_phase()  # income: 4 reveals, then 4 credits taken (chance and the policy decide)
    assert panel.explorer.session.cursor == 3 + 4 + 4
    panel.jump(3 + 4)  # every credit is revealed; player 1, the Starting Player, takes first
    assert panel.explorer.state.revealed and panel.explorer.to_move() == 0
    panel.branch("my choice")
    card = panel.actions.revealed.options[0][1]
    panel.actions.revealed.value, panel.actions.stack.value = card, "boost"
    click_button(panel.actions, "take credit")
    assert card in panel.explorer.state.players[0].stacks.boost


def test_editor_refuses_illegal_edits_and_keeps_the_last_good_position(panel: TowerDefensePanel) -> None:
    panel.mode_toggle.value = "edit"
    browser_click(panel, "0,1")  # track A1
    assert "track A1" in panel.editor.target.value
    good = panel.explorer.state
    click_button(panel.editor, "place tower")
    assert "a tower cannot stand on a track space" in panel.message.value and panel.explorer.state is good
    # 003 Enemies: 'Odd Ranked Waves appear on Track A. Even Ranked Waves appear on Track B.'
    panel.editor.wave_id.value = "rank2.c"
    click_button(panel.editor, "place wave")
    assert "'Even Ranked Waves appear on Track B.'" in panel.message.value and panel.explorer.state is good
    panel.editor.wave_id.value = "rank1.c"
    click_button(panel.editor, "place wave")
    assert panel.explorer.state.wave("rank1.c") is not None
    browser_click(panel, "0,0")
    deck = len(panel.explorer.state.mark1_deck)
    panel.editor.tower_card.value = "charge.1"
    panel.editor.owner.value = 1
    panel.editor.level.value = 3
    click_button(panel.editor, "place tower")
    tower = panel.explorer.state.tower_at((0, 0))
    assert tower is not None and (tower.card, tower.owner, tower.level) == ("charge.1", 1, 3)
    assert len(panel.explorer.state.mark1_deck) == deck - 1  # the card came out of the deck
    click_button(panel.editor, "toggle obstacle")  # an obstacle under a tower
    assert "'Players may not place Towers on Obstacles'" in panel.message.value


def test_editor_track_discard_lives_and_credits(panel: TowerDefensePanel) -> None:
    good = panel.explorer.state
    panel.editor.discard.value = ("A20",)  # Rank 1 wave B stands on A20
    click_button(panel.editor, "set track discard")
    assert "track A20 is not on the playing field" in panel.message.value and panel.explorer.state is good
    panel.editor.discard.value = ("A3", "B2")
    click_button(panel.editor, "set track discard")
    assert panel.explorer.state.board.track_discard == ("A3", "B2")
    assert "track discard: A3, B2" in panel.board.html
    panel.editor.discard.value = ()  # the pieces go back to their spaces
    click_button(panel.editor, "set track discard")
    assert panel.explorer.state.board == good.board
    panel.editor.lives.value = 2
    click_button(panel.editor, "set lives")
    assert panel.explorer.state.lives == 2 and panel.editor.lives.value == 2
    panel.editor.credit_player.value = 1
    panel.editor.credit_stack.value = "boost"
    panel.editor.credit_cards.value = "boost.1, boost.1, boost.3"
    panel.editor.apply_credits()
    assert panel.explorer.state.players[1].stacks.boost == ("boost.1", "boost.1", "boost.3")
    before = panel.explorer.state
    panel.edit(lambda x: x.set_credits(0, "build", ["standard.3"] * 3))  # the game holds 2 Mark III Standard cards
    assert "already in use" in panel.message.value and panel.explorer.state == before


def test_boost_calculator_reproduces_the_rulebook_examples() -> None:
    explorer = TowerDefenseExplorer("movement-example")
    explorer.place_tower("boost.1", (7, 4), owner=1)
    explorer.set_credits(1, "boost", ["boost.1", "boost.1"])
    damage = {o.damage: o.cards for o in explorer.boost_options((7, 4))}
    # 003 6.C.I: one Boost credit on a Level 1 Mark I Boost Tower: 3 damage; 6.C.II: two: 7.
    assert damage[3] == ("boost.1",) and damage[7] == ("boost.1", "boost.1")
    explorer.place_tower("boost.1", (7, 4), owner=1, level=3)
    # 'A Level 3 Mark I Boost Tower that is boosted by Exactly 2 Boost Energy will deal ... 11 damage.'
    assert 11 in {o.damage for o in explorer.boost_options((7, 4))}


def test_calculators_are_shown_and_kept_in_the_static_view(panel: TowerDefensePanel) -> None:
    panel.show_plan()
    assert "4 unit(s) defeated" in panel.board.html
    assert "4 unit(s) defeated" in panel._repr_html_()
    panel.show_income()
    odds = panel.explorer.income()
    assert sum((p for _, p in odds.types.items()), Fraction(0)) == 1
    assert "Income odds" in panel.board.html and "P4 takes 1" in panel.board.html
    panel.show_movement()
    assert "Movement preview" in panel.board.html and "moves" in panel.board.html
    panel.selected = None
    panel.show_boost_options()
    assert "click a space of the board first" in panel.message.value


def test_static_representation_shows_the_same_facts(panel: TowerDefensePanel) -> None:
    panel.act(lambda x: x.play_plan())
    bundle = panel._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/plain"].startswith("Tower Defense panel: Turn 13, Phase 6")
    static = bundle["text/html"]
    for fact in ("Rank 1 wave B", "W4 u1/3", "Standard II", ASSUMED_NOTE, "phase.6G attack", "lives: "):
        assert fact in static
    assert panel.board.html in static  # the very board the widget draws


def test_keyboard_commands(panel: TowerDefensePanel) -> None:
    panel.board._message(panel.board, {"event": "key", "command": "step"}, [])
    assert phase(panel) == "tracker"
    panel.board._message(panel.board, {"event": "key", "command": "back"}, [])
    assert phase(panel) == "actions"
    browser_click(panel, "4,2")
    panel.board._message(panel.board, {"event": "key", "command": "clear"}, [])
    assert panel.selected is None and panel.board.selected == ""


def test_examples_and_share_codes(panel: TowerDefensePanel) -> None:
    code = panel.show_share_code()
    panel.example.value = "movement-example"
    assert panel.explorer.state == examples.example("movement-example")
    panel.load_share_code(code)
    assert panel.explorer.state == examples.example("busy-board")
    panel.load_share_code(code[:-8])
    assert "damaged" in panel.message.value and panel.explorer.state == examples.example("busy-board")


def test_explorer_refusals_are_typed() -> None:
    explorer = TowerDefenseExplorer("movement-example")
    with pytest.raises(IllegalAction, match="players act in Phase 6"):
        explorer.end_actions()
    with pytest.raises(IllegalPosition):
        explorer.place_tower("standard.1", (0, 1), owner=0)
    with pytest.raises(IllegalPosition, match="no space to return to"):
        explorer.set_track_discarded([])  # A12 and A15 were never laid in this example
    explorer.lay_track("A12", (0, 0))
    assert explorer.state.board.track_discard == ("A15",)


def test_a_combine_attack_from_the_panel() -> None:
    # player 3's Level 2 Mark I Combine Tower on (3, 4) has a Radius of 1: a second tower beside it
    state = editing.place_tower(examples.example("busy-board"), "standard.1", (3, 5), owner=0)
    panel = TowerDefensePanel(state)
    browser_click(panel, "3,4")
    pairs = [value for _, value in panel.actions.pair.options]
    assert pairs == [((2, 4), (3, 5))]
    panel.actions.pair.value = pairs[0]
    panel.actions.wave.value = "rank1.b"
    panel.actions._combine()
    # 003 6.D: 'Add a Depletion Marker to both combined Towers and the Combine Tower.'
    state = panel.explorer.state
    assert all(t.depletion == 1 for t in state.towers if t.at in ((3, 4), (2, 4), (3, 5)))
    attacks = [e for e in panel.explorer.session.last_events() if isinstance(e, Attacked)]
    assert len(attacks) == 1 and attacks[0].damage == 2 + 4  # Level 3 Boost 2 + Level 1 Standard 4
    assert "Combine damage" in panel.log_view.html


def test_the_plan_outside_phase_6_says_it_cannot_be_played_yet(panel: TowerDefensePanel) -> None:
    panel.act(lambda x: x.end_actions())  # Phase 1 of turn 14
    panel.show_plan()
    assert "players act in Phase 6" in panel.board.html
    at = panel.explorer.session.cursor
    click_button(panel.calculators, "play the plan")
    assert "refused" in panel.message.value and panel.explorer.session.cursor == at


def test_the_calculator_follows_the_position(panel: TowerDefensePanel) -> None:
    browser_click(panel, "4,2")
    before = panel.board.html
    panel.boost("boost.1")  # player 2 boosts the selected tower: one Boost credit fewer on hand
    assert "Boost options" in panel.board.html and panel.board.html != before
    assert "boosted" in panel.board.html


def test_skill_markers_and_the_turn_from_the_editor(panel: TowerDefensePanel) -> None:
    # 6.F: a Skill Marker is placed on an empty slot; 'Empty slots on Skill Boards may contain exactly 1 Skill Marker'
    editor = panel.editor
    left = panel.explorer.state.skill_markers_left(1)
    editor.marker_player.value, editor.skill.value, editor.skill_slot.value = 1, "mat.2", 0
    click_button(editor, "place marker")
    assert "marker on Mat skill 2, slot 1" in panel.message.value
    assert panel.explorer.state.skill_markers_left(1) == left - 1
    assert "markers on Mat skill 2, slot 1" in panel.board.html
    click_button(editor, "place marker")
    assert "exactly 1 Skill Marker" in panel.message.value
    editor.skill_slot.value = 1
    click_button(editor, "place marker")
    assert "Mat skill 2 has 1 slot(s), not a slot 2" in panel.message.value
    editor.skill_slot.value = 0
    click_button(editor, "remove marker")
    assert panel.explorer.state.skill_markers_left(1) == left and "markers on" not in panel.board.html
    editor.turn.value, editor.phase.value = 7, "tracker"
    click_button(editor, "set turn")
    assert (panel.explorer.state.turn, panel.explorer.state.phase) == (7, "tracker")
    assert editor.turn.value == 7 and "turn 7, tracker" in panel.message.value


def click_button(box: Any, label: str) -> None:
    """Click the one button with this label inside a box of controls (as a browser click would)."""
    found: list[Any] = []

    def walk(widget: Any) -> None:
        if getattr(widget, "description", None) == label and hasattr(widget, "click"):
            found.append(widget)
        for child in getattr(widget, "children", ()):
            walk(child)

    walk(box)
    assert len(found) == 1, f"one button {label!r} expected, found {len(found)}"
    found[0].click()


def test_a_refused_edit_keeps_what_was_typed(panel: TowerDefensePanel) -> None:
    editor = panel.editor
    before = panel.explorer.state
    editor.turn.value = 5
    editor.phase.value = "game_over"  # without a termination: refused by the model
    click_button(editor, "set turn")
    assert "refused" in panel.message.value and panel.explorer.state is before
    assert (editor.turn.value, editor.phase.value) == (5, "game_over"), "the controls still hold the user's input"


def test_lives_set_to_none_left_are_said_to_end_the_session_at_the_next_step(panel: TowerDefensePanel) -> None:
    # 003 end: 'If at any point during the game session the last Life Cube is removed ... the session ends in
    # failure' (checked after every step)
    panel.mode_toggle.value = "edit"
    panel.editor.lives.value = 0
    click_button(panel.editor, "set lives")
    assert "lives set to 0: the next step ends the session in failure" in panel.message.value
    panel.mode_toggle.value = "play"
    panel.next_phase()
    assert panel.explorer.state.phase == "game_over" and panel.explorer.state.termination == "lives_lost"
