"""The Tower panel's position editor, rule variants, files and share codes, driven as the browser would
drive the widgets (setting their values, then clicking)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from explorer.the_tower.editor import CLEARED, NO_FIGHT, NOT_DEALT
from explorer.the_tower.panel import TheTowerPanel
from rules.the_tower import cards, examples
from rules.the_tower.game import POSITION
from rules.the_tower.model import FACE_DOWN
from rules.the_tower.variants import Rules


def click(panel: TheTowerPanel, label: str) -> None:
    """Click the panel's button with this label (the editor's apply, revert, the rules' apply, ...)."""
    buttons = [b for b in walk(panel) if getattr(b, "description", None) == label and hasattr(b, "click")]
    assert len(buttons) == 1, f"one button {label!r} expected, found {len(buttons)}"
    buttons[0].click()


def walk(widget: Any) -> list[Any]:
    out = [widget]
    for child in getattr(widget, "children", ()):
        out += walk(child)
    return out


@pytest.fixture
def panel() -> TheTowerPanel:
    return TheTowerPanel("fight-in-progress")


def test_the_editor_shows_which_cards_are_where(panel: TheTowerPanel) -> None:
    editor = panel.editor
    assert editor.hand.value == ["6C", "8D", "7H", "2S"]
    assert [r.value for r in editor.rooms] == [CLEARED, "KS", FACE_DOWN, "QD"]
    assert editor.slain.value == ["JC", "QH", "KD", "JS", "JH"] and editor.attack_waste.value[-1] == "4D"
    assert (editor.hp.value, editor.points.value) == (7, 2)
    assert editor.fight_room.value == 1 and editor.monster_hp.value == 10


def test_any_legal_situation_is_set_up_from_the_controls(panel: TheTowerPanel) -> None:
    # floor 3: two floors cleared, the Ace of Spades face up and about to be fought, two rooms face down
    editor = panel.editor
    editor.hand.value = ["10D", "9C", "3H"]
    editor.slain.value = ["JC", "JD", "JH", "JS", "QC", "QD", "QH", "QS"]
    editor.attack_waste.value = ["2C", "2D"]
    editor.potion_waste.value = ["2H"]
    for room, value in zip(editor.rooms, ["AS", FACE_DOWN, FACE_DOWN, "KH"], strict=True):
        room.value = value
    editor.hp.value, editor.points.value = 11, 1
    editor.fight_room.value = 0
    assert editor.monster_hp.value == 22, "a fight chosen in a face-up room starts at the monster's full HP"
    editor.monster_hp.value = 15
    click(panel, "apply")
    state = panel.explorer.state
    assert "edited" in panel.message.value and panel.explorer.session.cursor == 0
    assert state.floor_number == 3 and state.floor == ("AS", FACE_DOWN, FACE_DOWN, "KH")
    assert state.fight is not None and state.fight.monster_hp == 15 and state.phase == "fight"
    assert state.hand == ("9C", "10D", "3H") and state.hp == 11 and state.action_points == 1
    assert len(state.attack_deck) == 27 - 2 - 2 and len(state.potion_deck) == 9 - 1 - 1
    assert sorted(state.unseen_rooms) == sorted(
        set(cards.ALL_CARDS)
        - {*editor.slain.value, "AS", "KH"}
        - {c for c in cards.ALL_CARDS if cards.kind(c) != "room"}
    )
    assert "Floor 3" in panel.board.html and "Ace of Spades" in panel.board.html
    panel.step()  # the new position plays on
    assert panel.explorer.session.cursor == 1 and "refused" not in panel.message.value


def test_an_illegal_table_is_refused_and_nothing_typed_is_lost(panel: TheTowerPanel) -> None:
    before = panel.explorer.state
    editor = panel.editor
    editor.hand.value = ["6C", "8D", "7H", "2S", "4D"]  # the 4 of Diamonds is also among the used cards
    editor.hp.value = 0
    click(panel, "apply")
    message = panel.message.value
    assert "refused" in message and "the 4 of Diamonds stands 2 times" in message
    assert panel.explorer.state is before
    assert editor.hand.value[-1] == "4D" and editor.hp.value == 0, "the user's table is still in the controls"
    click(panel, "revert")
    assert editor.hand.value == ["6C", "8D", "7H", "2S"] and editor.hp.value == 7


def test_rooms_are_dealt_in_order(panel: TheTowerPanel) -> None:
    editor = panel.editor
    editor.fight_room.value = NO_FIGHT
    editor.rooms[1].value = NOT_DEALT
    click(panel, "apply")
    assert "room 2: rooms are dealt in order" in panel.message.value
    editor.rooms[1].value = "KS"
    editor.rooms[3].value = NOT_DEALT
    click(panel, "apply")
    assert "a floor is dealt 4 rooms while the room deck lasts" in panel.message.value


def test_rule_variants_are_applied_or_refused(panel: TheTowerPanel) -> None:
    form = panel.rules_form
    form.controls["opposite_colour_multiplier"].value = 3
    form.controls["king"].children[1].value = 5  # the King's damage on the first floor
    click(panel, "play under these rules")
    rules = panel.explorer.rules
    assert rules.opposite_colour_multiplier == 3 and rules.king.damage == 5
    assert "opposite_colour_multiplier 3" in panel.message.value
    assert "strikes 6" in panel.board.html, "floor 2: the King strikes its 5 plus one"
    form.controls["hand_limit"].value = "2"
    click(panel, "play under these rules")
    assert "refused: hand_limit: a hand limit of 2 cannot hold the 6 opening cards" in panel.message.value
    assert panel.explorer.rules == rules and form.controls["hand_limit"].value == "2"
    form.controls["hp_cap"].value = "lots"
    click(panel, "play under these rules")
    assert "hp_cap: write a whole number" in panel.message.value


def test_share_codes_files_and_uploads(panel: TheTowerPanel, tmp_path: Path) -> None:
    code = panel.show_share_code()
    other = TheTowerPanel("opening")
    other.load_share_code(code)
    assert other.explorer.state == examples.fight_in_progress()
    other.load_share_code(code[:-8])
    assert "refused" in other.message.value and "damaged" in other.message.value
    path = tmp_path / "table.json"
    panel.save(str(path))
    other.load_example("opening")
    other.load(str(path))
    assert other.explorer.state == panel.explorer.state
    files = [w for w in walk(other) if type(w).__name__ == "FileControls"]
    assert len(files) == 1
    short = {"hand": ["9D", "6S", "8C"], "floor": ["KC", "?", "?", "?"], "fight": {"room": 0, "monster_hp": 18}}
    files[0].uploaded([{"name": "mine.json", "content": json.dumps(short).encode()}])
    assert other.explorer.state == examples.pictured_fight() and "loaded" in other.message.value
    files[0].uploaded([{"name": "broken.json", "content": b"{hand: 9D"}])
    assert "refused" in other.message.value and "not valid JSON" in other.message.value
    assert other.explorer.state == examples.pictured_fight()
    other.load(str(tmp_path / "missing.json"))
    assert "cannot read" in other.message.value
    other.save(str(tmp_path / "no-such-folder" / "x.json"))
    assert "refused: cannot write" in other.message.value and "No such file or directory" in other.message.value
    other.save(str(tmp_path))
    assert "refused: cannot write" in other.message.value


def test_a_saved_file_is_what_the_cli_reads(panel: TheTowerPanel, tmp_path: Path) -> None:
    path = tmp_path / "saved.json"
    panel.save(str(path))
    assert path.read_text(encoding="utf-8") == POSITION.text(panel.explorer.state)


def test_the_advice_can_look_ahead_over_every_point_left() -> None:
    waste = [c for c in cards.ALL_CARDS if cards.kind(c) == "room" and c != "AS"]
    table = {"rules": {"rooms_per_floor": 5}, "hand": ["8C", "6S", "9D"], "floor": ["AS"], "room_waste": waste}
    panel = TheTowerPanel()
    panel.load(json.dumps({**table, "action_points": 2}))
    assert "valued by the next fight fought right after it" in panel.advice_view.value
    assert "<b>fight room 1</b>: slays 0.0%" in panel.advice_view.value
    panel.look_ahead.value = True
    assert "valued by the best way to spend the points left" in panel.advice_view.value
    assert "<b>draw a potion card</b>: slays 100.0%" in panel.advice_view.value
    panel.load_example("opening")  # 4 points, 4 rooms face down: too large a search, said so
    assert panel.explorer.rules == Rules(), "the opening cannot stand under 5 rooms a floor"
    assert "more than 5,000 positions" in panel.advice_view.value and "<b>" in panel.advice_view.value
    assert "more choices</summary>" in panel.advice_view.value, "choices past the sixth are folded, not dropped"


def test_a_new_game_under_a_variant_and_the_ends_of_the_line() -> None:
    panel = TheTowerPanel()
    panel.back()
    assert panel.message.value.endswith(">already at the start of this line</span>")
    panel.set_rules(Rules(starting_hp=14))
    assert panel.explorer.state.hp == 6 and "starting_hp count from a new game" in panel.message.value
    click(panel, "new game")
    state = panel.explorer.state
    assert state.hp == 14 and state.phase == "actions" and len(state.hand) == 6 and state.floor == ("?",) * 4
    assert panel.explorer.session.cursor == 6, "five attack cards and a potion drawn, one step each"
    panel.forward()
    assert "already at the end of this line" in panel.message.value


def test_a_variant_the_table_cannot_take_is_dealt_as_a_new_game() -> None:
    panel = TheTowerPanel()
    panel.rules_form.controls["rooms_per_floor"].value = 5
    click(panel, "play under these rules")
    assert "a floor is dealt 5 rooms while the room deck lasts" in panel.message.value
    assert "'new game' deals a game under these rules instead" in panel.message.value
    click(panel, "new game")
    state = panel.explorer.state
    assert state.rules.rooms_per_floor == 5 and state.floor == ("?",) * 5 and len(panel.editor.rooms) == 5
