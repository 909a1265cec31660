"""The presenter every panel shares (explorer.presenter): step n of N with back and next (and the keys),
predict then reveal with a lesson's questions, lessons loaded and downloaded, the battle downloaded through the
browser without the live panel's instructions, a log whose entries jump to their step, labels never cut."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w
import pytest

from explorer.attack_the_tower.explorer import Explorer as AttackTheTowerExplorer
from explorer.attack_the_tower.panel import AttackTheTowerPanel
from explorer.markup import PRESENT_CLASS
from explorer.presenter import HIDDEN, PREDICT_ON
from explorer.the_tower.explorer import TheTowerExplorer
from explorer.the_tower.panel import TheTowerPanel
from explorer.tower_defense.explorer import TowerDefenseExplorer
from explorer.tower_defense.panel import TowerDefensePanel
from rules.lesson import read_lesson
from tests.explorer.test_story import LESSONS

FIRST_BATTLE = str(LESSONS / "first-battle.json")


def sent(panel: Any) -> list[dict[str, Any]]:
    """What the panel's board sends the browser (custom messages), recorded instead of sent."""
    messages: list[dict[str, Any]] = []
    panel.board.send = messages.append
    return messages


def counter(panel: Any) -> str:
    return str(panel.step_counter.value)


@pytest.mark.parametrize("make", [AttackTheTowerPanel, TheTowerPanel, TowerDefensePanel], ids=lambda m: m.__name__)
def test_every_panel_has_the_bar_and_steps_back_and_next(make: Any) -> None:
    panel = make()
    assert "step 0 of 0" in counter(panel)
    panel.next()
    assert panel.explorer.session.cursor >= 1 and f"step {panel.explorer.session.cursor} of" in counter(panel)
    before = panel.explorer.session.cursor
    panel.key("step")  # → on the board is next
    after = panel.explorer.session.cursor
    panel.key("back")
    # ← is one step back; The Tower's goes back as far as its next went (a choice and the cards it drew)
    assert panel.explorer.session.cursor == (before if make is TheTowerPanel else after - 1)
    assert panel.presenter_bar in panel.children and panel.log_view in panel.children
    assert "step-card" in panel.board.html


def test_presenter_mode_marks_the_panel_and_lets_the_page_keys_step() -> None:
    panel = AttackTheTowerPanel(present=True)
    assert PRESENT_CLASS in panel._dom_classes and panel.board.page_keys
    assert not AttackTheTowerPanel(present=False).board.page_keys


@pytest.mark.parametrize("make", [AttackTheTowerExplorer, TheTowerExplorer, TowerDefenseExplorer])
def test_a_static_board_is_in_presenter_mode_under_voila_only(make: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # the snapshots a notebook shows (GitHub, nbviewer, JupyterLab) keep their size; Voila's app shows them as large
    # as the live panels (Voila sets SERVER_SOFTWARE in its kernels)
    explorer = make()
    notebook = explorer._repr_html_()
    assert PRESENT_CLASS not in notebook
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5.8")
    app = explorer._repr_html_()
    assert app.endswith(f"{notebook}</div>") and f'<div class="{PRESENT_CLASS}">' in app
    assert ".tower-present .tt-board" in app  # the presenter's style sheet comes with it


def test_a_lesson_plays_with_predict_then_reveal() -> None:
    panel = AttackTheTowerPanel()
    panel.load_lesson(FIRST_BATTLE)
    assert "step 0 of 7" in counter(panel) and "A first battle" in panel.lesson_note.value
    panel.set_predict(True)
    assert html.escape(PREDICT_ON, quote=False) in panel.message.value  # the toggle is answered in words
    panel.next()  # the attack: its result is hidden, the lesson's question asked
    assert "step 1 of 7 · result hidden" in counter(panel)
    assert "Which Bandit troops will defend territory 2?" in panel.lesson_note.value
    assert HIDDEN in panel.board.html and "battle from territory" not in panel.board.html
    assert "Which Bandit troops" not in panel.board.html  # asked once, above the board
    assert not panel.reveal_button.disabled
    panel.reveal()
    assert "result hidden" not in counter(panel) and "battle from territory 1 against territory 2" in panel.board.html
    assert "Answer:" in panel.lesson_note.value
    panel.next()  # step 2 has no question: hidden all the same, with the general one
    assert "What happens next?" in panel.lesson_note.value and "step 2 of 7 · result hidden" in counter(panel)
    panel.next()  # next while hidden reveals first
    assert "result hidden" not in counter(panel) and "step 2 of 7" in counter(panel)
    panel.next()
    panel.back()  # back while hidden: the step is undone, the position shown stays
    assert "step 2 of 7" in counter(panel) and "result hidden" not in counter(panel)
    panel.next()
    panel.reveal()
    panel.set_predict(False)
    for _ in range(4):
        panel.next()
    assert "step 7 of 7" in counter(panel) and "None: the Zombies" in panel.lesson_note.value


def test_the_log_entries_jump_to_their_step() -> None:
    panel = AttackTheTowerPanel()
    panel.load_lesson(FIRST_BATTLE)
    panel.explorer.session.forward(7)
    panel.refresh()
    assert 'data-key="step:5"' in panel.log_view.html
    panel.log_view._message(panel.log_view, {"event": "click", "key": "step:3", "shift": False}, [])
    assert panel.explorer.session.cursor == 3 and 'class="current"' in panel.log_view.html


def test_the_battle_downloads_through_the_browser_without_the_live_panels_words() -> None:
    panel = AttackTheTowerPanel()
    panel.load_lesson(FIRST_BATTLE)
    panel.explorer.session.forward(3)
    messages = sent(panel)
    page = panel.download_battle()
    assert messages == [{"event": "download", "filename": "battle-turn-5.html", "text": page, "mime": "text/html"}]
    assert "Click a highlighted target" not in page and "Run the cell" not in page
    assert "A first battle" in page and "How much damage does the Bandit archer deal?" in page
    assert 'id="predict" type="checkbox" checked' in page
    assert page.count('class="frame"') == 8  # the position and the 7 steps of the lesson, not only those played


def test_a_line_downloads_as_a_lesson_that_plays_back() -> None:
    panel = AttackTheTowerPanel()
    panel.attack(0, 1)
    panel.next()
    messages = sent(panel)
    text = panel.download_lesson()
    assert messages[0]["filename"] == "attack-the-tower-lesson.json"
    lesson = read_lesson(text)
    assert len(lesson.line()) == panel.explorer.session.cursor
    other = AttackTheTowerPanel()
    other.load_lesson(text)
    assert f"step 0 of {len(lesson.steps)}" in counter(other)


def test_a_lesson_for_another_game_is_refused_in_words() -> None:
    panel = TheTowerPanel()
    panel.load_lesson(FIRST_BATTLE)
    assert "refused: this lesson is for attack-the-tower" in panel.message.value


def labelled(widget: Any) -> list[Any]:
    found = (
        [widget]
        if getattr(widget, "description", "") and hasattr(getattr(widget, "style", None), "description_width")
        else []
    )
    for child in getattr(widget, "children", ()):
        found += labelled(child)
    return found


@pytest.mark.parametrize("make", [AttackTheTowerPanel, TheTowerPanel, TowerDefensePanel], ids=lambda m: m.__name__)
def test_no_label_or_button_is_cut(make: Any) -> None:
    """Labels take the width of their words ('from', 'your move'), buttons of theirs ('solve the step and...')."""
    panel = make()
    controls = labelled(panel)
    assert controls and all(c.style.description_width for c in controls), "none left at the cutting default"
    assert sum(c.style.description_width == "initial" for c in controls) >= 10

    def buttons(widget: Any) -> list[Any]:
        own = [widget] if isinstance(widget, w.Button) else []
        return own + [b for child in getattr(widget, "children", ()) for b in buttons(child)]

    assert all(b.layout.width not in (None, "") for b in buttons(panel))
