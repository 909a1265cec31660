"""What a teacher meets in a real browser (JupyterLab 4 + Debian's Chromium): every panel readable in the
Light, Dark and High Contrast themes (axe-core finds no colour-contrast violation), controls that fit a 1000 px window,
the artillery refusal, the hidden allocations shown, an ability played, a person's seat in a whole game,
and Tower Defense stepping through Phase 6 with the policy deciding. Screenshots go to artifacts/."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import time
from typing import Any

import pytest

from explorer.notebook_state import widget_state_found
from explorer.presenter import PREDICT_ON
from tests.e2e.conftest import ARTIFACTS, AXE, ROOT, Lab

pytestmark = pytest.mark.e2e

WALKTHROUGH = "notebooks/attack-the-tower/02-combat-walkthrough.ipynb"
THE_TOWER = "notebooks/the-tower/01-the-tower.ipynb"
TOWER_DEFENSE = "notebooks/tower-defense/01-tower-defense.ipynb"
BOARDS = {WALKTHROUGH: "att-board", THE_TOWER: "tt-board", TOWER_DEFENSE: "td-board"}


def open_notebook(browser: Any, lab: Lab, notebook: str, width: int = 1400, height: int = 1000) -> tuple[Any, Any]:
    """A fresh page with the notebook run; returns (page, the first panel's element)."""
    page = browser.new_page(viewport={"width": width, "height": height})
    page.set_default_timeout(60_000)
    page.goto(lab.at(f"lab/tree/{notebook}", "reset"))
    name = notebook.rsplit("/", 1)[1]
    page.wait_for_function(
        f"window.jupyterapp?.shell.currentWidget?.context?.path?.endsWith('{name}') "
        "&& window.jupyterapp.shell.currentWidget.sessionContext?.session?.kernel"
    )
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    board = page.locator(".att-widget", has=page.locator(f".{BOARDS[notebook]}")).first
    board.wait_for(state="visible", timeout=120_000)
    panel = page.locator(".widget-vbox").filter(has=board).first
    panel.scroll_into_view_if_needed()  # run-all scrolls to the last cell; JupyterLab may not draw far cells
    return page, panel


def set_theme(page: Any, theme: str) -> None:
    page.evaluate(f"window.jupyterapp.commands.execute('apputils:change-theme', {{theme: '{theme}'}})")
    page.wait_for_function(f"document.body.dataset.jpThemeName === '{theme}'")
    page.wait_for_timeout(500)  # the theme's style sheet applies


def contrast_violations(page: Any, element: Any) -> list[str]:
    """axe-core's colour-contrast rule on one element (injected from the npm package; nothing fetched)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    found: list[str] = page.evaluate(
        """async (el) => {
            const result = await axe.run(el, {runOnly: {type: 'rule', values: ['color-contrast']}});
            return result.violations.flatMap(v => v.nodes.map(n => n.target.join(' ') + ' :: ' + n.failureSummary));
        }""",
        element.element_handle(),
    )
    return found


def click_and_redraw(page: Any, panel: Any, target: Any) -> None:
    """Click, then wait until the panel's board is drawn again."""
    board = panel.locator(".att-widget").first
    before = board.get_attribute("data-version")
    target.click()
    page.wait_for_function(
        "([el, v]) => el.dataset.version !== v", arg=[board.element_handle(), before], timeout=30_000
    )


def shot(page: Any, element: Any, name: str) -> None:
    """A screenshot with `element` (the panel's board, say) scrolled into view."""
    element.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / name))


def make_move(page: Any, panel: Any, words: str) -> None:
    """Choose the first move of "your move" starting with `words`, and make it."""
    select = panel.locator(".widget-dropdown", has=page.get_by_text("your move", exact=True)).locator("select")
    options = select.locator("option").all_inner_texts()
    chosen = next((o for o in options if o.replace("\xa0", " ").startswith(words)), None)
    assert chosen is not None, f"no move '{words}' among {options}"
    select.select_option(label=chosen)
    click_and_redraw(page, panel, panel.get_by_role("button", name="make this move"))
    assert "refused" not in panel.inner_text(), panel.inner_text()[-400:]


def mid_lesson(page: Any, panel: Any) -> None:
    """The walkthrough's panel in the middle of a lesson: the initiative resolved (damage flowing, a troop
    struck out, the step card), then the next step hidden behind its question (predict, then reveal)."""
    from playwright.sync_api import expect  # the e2e extra's: make test collects this module without it

    select = panel.locator(".widget-dropdown", has=page.get_by_text("lesson", exact=True)).locator("select")
    board = panel.locator(".att-widget").first
    before = board.get_attribute("data-version")
    select.select_option(label="A first battle: initiative, then regular combat")
    page.wait_for_function("([el, v]) => el.dataset.version !== v", arg=[board.element_handle(), before])
    for _ in range(5):
        click_and_redraw(page, panel, panel.get_by_role("button", name="next ▶"))
    assert board.locator(".hit").count() >= 2 and board.locator(".troop.dead").count() >= 1
    panel.get_by_text("predict, then reveal", exact=True).first.click()
    expect(panel).to_contain_text(PREDICT_ON, timeout=30_000)  # said in words: the next click finds it on
    click_and_redraw(page, panel, panel.get_by_role("button", name="next ▶"))
    assert panel.locator(".lesson-note .question").is_visible()


@pytest.mark.parametrize("notebook", list(BOARDS), ids=lambda n: n.rsplit("/", 1)[1])
def test_every_panel_reads_in_light_dark_and_high_contrast_themes(lab: Lab, browser: Any, notebook: str) -> None:
    page, panel = open_notebook(browser, lab, notebook)
    if notebook == WALKTHROUGH:
        mid_lesson(page, panel)
    elif notebook == TOWER_DEFENSE:
        click_and_redraw(page, panel, panel.get_by_role("button", name="next phase ▶"))
    else:
        click_and_redraw(page, panel, panel.get_by_role("button", name="next ▶"))
    assert panel.locator(".step-card").count() >= 1
    stem = notebook.rsplit("/", 1)[1].removesuffix(".ipynb")
    for theme in ("JupyterLab Light", "JupyterLab Dark", "JupyterLab Dark High Contrast"):
        set_theme(page, theme)
        panel.scroll_into_view_if_needed()
        short = theme.removeprefix("JupyterLab ").replace(" ", "-").lower()
        page.screenshot(path=str(ARTIFACTS / f"theme-{stem}-{short}.png"))
        violations = contrast_violations(page, panel)
        assert violations == [], f"{theme}: {len(violations)} colour-contrast violations: {violations[:5]}"
    set_theme(page, "JupyterLab Light")
    page.close()


CUT_WORDS = """towers => towers.flatMap(t => Array.from(t.querySelectorAll('.tname, .tnum'))).filter(
    e => e.scrollWidth > e.clientWidth + 1).map(e => e.innerText)"""
"""A tower's name and numbers that run past its space (a name cut mid-word, 'Standar I')."""


@pytest.mark.parametrize("width", [1000, 1600])
def test_controls_and_boards_fit_the_window(lab: Lab, browser: Any, width: int) -> None:
    """The file browser open beside the notebook: control rows wrap, the board scales."""
    page, panel = open_notebook(browser, lab, WALKTHROUGH, width=width)
    assert page.locator(".jp-FileBrowser").first.is_visible(), "the file browser is open"
    for name in ("load code", "policy decides", "branch here", "make this move"):
        box = panel.get_by_role("button", name=name).bounding_box()
        assert box is not None and box["x"] + box["width"] <= width, f"'{name}' is cut off at {width} px"
    panel.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / f"layout-walkthrough-{width}.png"))
    page.close()
    page, panel = open_notebook(browser, lab, TOWER_DEFENSE, width=width)
    for column in (8, 11):
        box = panel.locator(f'[data-key="{column},0"]').first.bounding_box()
        assert box is not None and box["x"] + box["width"] <= width, f"column {column} is cut off at {width} px"
    towers = panel.locator(".td-board .grid .tower")
    assert towers.count() >= 3, "the walkthrough's board has towers to read"
    cut = towers.evaluate_all(CUT_WORDS)
    assert cut == [], f"tower words cut off at {width} px: {cut}"
    panel.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / f"layout-tower-defense-{width}.png"))
    page.close()


def test_a_teachers_battle_artillery_hidden_allocations_and_an_ability(lab: Lab, browser: Any) -> None:
    page, panel = open_notebook(browser, lab, WALKTHROUGH)
    board = panel.locator(".att-widget").first
    panel.locator(".widget-dropdown", has=page.get_by_text("to", exact=True)).locator("select").select_option("2")
    click_and_redraw(page, panel, panel.get_by_role("button", name="attack", exact=True))
    click_and_redraw(page, panel, panel.get_by_role("button", name="next ▶"))
    click_and_redraw(page, panel, panel.get_by_role("button", name="next ▶"))
    assert "step 4. regular combat" in board.inner_text()
    # 004 traits: artillery damage hits only bases or palaces: 1 of the Undead's 5 can hit troops.
    assert "0 of 1 damage for troops assigned" in board.inner_text()
    click_and_redraw(page, panel, board.locator('[data-key="p1/t1/s1/1"]'))
    board.locator('[data-key="p1/t1/s2/0"]').click()  # refused: the board stays as it was
    refusal = panel.get_by_text(re.compile("refused: .*artillery damage"))
    refusal.wait_for(state="visible")
    assert board.locator(".draft").count() == 1
    shot(page, board, "battle-artillery-refused.png")

    # 004 battles 3: the Undead's allocation stays hidden until the Bandits have made theirs.
    click_and_redraw(page, panel, panel.get_by_role("button", name="commit allocation"))
    assert board.locator(".shown").count() == 0
    click_and_redraw(page, panel, panel.get_by_text("show both allocations"))
    assert board.locator('[data-key="p1/t1/s1/1"] .shown').count() == 1
    shot(page, board, "battle-both-allocations.png")

    # 004 battles 2: in the ability window the attacker plays an ability card from the hand.
    click_and_redraw(page, panel, panel.get_by_role("button", name="restart"))
    click_and_redraw(page, panel, panel.get_by_role("button", name="attack", exact=True))
    make_move(page, panel, "play Lich")
    assert "Lich" in panel.inner_text()
    shot(page, board, "battle-ability-played.png")
    page.close()


def test_a_person_at_a_seat_draws_renews_and_builds(lab: Lab, browser: Any) -> None:
    page, panel = open_notebook(browser, lab, WALKTHROUGH)
    board = panel.locator(".att-widget").first
    panel.locator(".jupyter-widget-Collapse-header", has_text="whole game").click()
    click_and_redraw(page, panel, panel.get_by_role("button", name="new game"))
    while "drawing the opening hand" in board.inner_text():
        make_move(page, panel, "draw a card from the base pile")
    make_move(page, panel, "keep this hand")
    make_move(page, panel, "build")
    make_move(page, panel, "stop building")
    assert "decides whether to renew" in board.inner_text()
    make_move(page, panel, "renew the hand")
    while "renewal B" in board.inner_text():
        make_move(page, panel, "draw a card" if "drawing" in board.inner_text() else "discard")
    make_move(page, panel, "build")
    shot(page, board, "whole-game-person-built.png")
    make_move(page, panel, "stop building")
    make_move(page, panel, "end the turn")
    assert "Turn 2" in board.inner_text()
    page.close()


def test_tower_defense_next_phase_lets_the_policy_take_phase_six(lab: Lab, browser: Any) -> None:
    page, panel = open_notebook(browser, lab, TOWER_DEFENSE)
    board = panel.locator(".att-widget").first
    assert "Phase 6" in (board.text_content() or "")
    click_and_redraw(page, panel, panel.get_by_role("button", name="next phase ▶"))
    message = panel.get_by_text("Phase 6 decided by the 'simple' policy", exact=False)
    message.wait_for(state="visible")
    assert "attacks" in (panel.text_content() or "")
    shot(page, panel.locator(".att-widget").first, "tower-defense-phase-6-policy.png")
    page.close()


def test_autosave_writes_no_widget_state_and_make_test_still_accepts_the_notebook(lab: Lab, browser: Any) -> None:
    """JupyterLab's save (what autosave does every two minutes) of a notebook run with its live panel: the
    project's settings (binder/jupyter_config) strip the widget state, and the notebook passes make test's check
    and nbval as it is."""
    copy = ARTIFACTS / "autosave" / "02-combat-walkthrough.ipynb"
    copy.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / WALKTHROUGH, copy)
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.set_default_timeout(60_000)
    page.goto(lab.at("lab/tree/artifacts/autosave/02-combat-walkthrough.ipynb", "reset"))
    page.wait_for_function(
        "window.jupyterapp?.shell.currentWidget?.context?.path?.endsWith('02-combat-walkthrough.ipynb') "
        "&& window.jupyterapp.shell.currentWidget.sessionContext?.session?.kernel"
    )
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.locator(".att-widget").first.wait_for(state="visible", timeout=120_000)
    page.wait_for_function(
        "!window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.status.includes('busy')"
    )
    page.wait_for_timeout(2000)
    saved_before = copy.stat().st_mtime
    page.evaluate("window.jupyterapp.commands.execute('docmanager:save')")
    deadline = time.monotonic() + 30
    while copy.stat().st_mtime == saved_before and time.monotonic() < deadline:
        time.sleep(0.2)
    assert copy.stat().st_mtime != saved_before, "the notebook was saved"
    page.close()
    notebook = json.loads(copy.read_text(encoding="utf-8"))
    assert widget_state_found(notebook) == []
    assert any(
        "att-board" in "".join(o.get("data", {}).get("text/html", ""))
        for c in notebook["cells"]
        for o in c.get("outputs", [])
    )
    checked = subprocess.run(
        [sys.executable, "-m", "explorer.notebook_state", "--check", str(copy)], capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stdout
    nbval = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--nbval",
            str(copy),
            "--nbval-sanitize-with",
            str(ROOT / "notebooks" / "sanitize.cfg"),
            "-p",
            "no:randomly",
            "-p",
            "no:cacheprovider",
            "-q",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert nbval.returncode == 0, nbval.stdout[-3000:]
