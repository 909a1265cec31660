"""The classroom outside JupyterLab: each game's walkthrough served by Voila as an app (no code cells, the panel in
presenter mode) on a projector's 1280x720 and 1920x1080; the final step of the palace assault; a lesson played
with predict, then reveal; the battle downloaded through the browser and replayed offline; a whole game played
by clicks; a variant comparison played to the end. Screenshots go to artifacts/."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from explorer.presenter import PREDICT_ON
from tests.e2e.conftest import ARTIFACTS

pytestmark = pytest.mark.e2e

WALKTHROUGH = "attack-the-tower/02-combat-walkthrough.ipynb"
GAMES = {
    "attack-the-tower": (WALKTHROUGH, "att-board", "att-board", "next ▶"),
    "the-tower": ("the-tower/01-the-tower.ipynb", "tt-board", "tt-board", "next ▶"),
    "tower-defense": ("tower-defense/01-tower-defense.ipynb", "td-board", "td-board .grid", "next phase ▶"),
}
"""Each game's walkthrough: its board's class, what of it is the board on a projector (Tower Defense's is the
playing field; the table and the players' stacks follow it), and the next button's words."""
SIZES = [(1280, 720), (1920, 1080)]
SMALLEST_TEXT = """el => Math.min(...Array.from(el.querySelectorAll('*')).filter(
    e => Array.from(e.childNodes).some(n => n.nodeType === 3 && n.textContent.trim()) && e.offsetParent !== null
).map(e => parseFloat(getComputedStyle(e).fontSize)))"""
"""The font size of the smallest words drawn on a board (hidden ones aside)."""
CLIPPED = """el => Array.from(el.querySelectorAll('.tower, .wave')).filter(
    e => e.scrollHeight > e.clientHeight + 1
).map(e => e.innerText.slice(0, 24))"""
"""Tower Defense's towers and waves whose words run past their box."""


def open_app(browser: Any, voila: str, notebook: str, width: int = 1280, height: int = 720) -> tuple[Any, Any]:
    """A fresh page with the notebook's app; returns (page, the first presenter panel)."""
    page = browser.new_page(viewport={"width": width, "height": height})
    page.set_default_timeout(120_000)
    page.route("http*://**", lambda route: route.continue_() if "127.0.0.1" in route.request.url else route.abort())
    page.goto(f"{voila}voila/render/{notebook}")
    panel = page.locator(".tower-present:has(.att-widget)").first  # a panel, not a static board shown as large
    panel.locator(".att-widget").first.wait_for(state="visible")
    return page, panel


def act(page: Any, panel: Any, name: str) -> None:
    """Click the panel's button `name` and wait for its board to be drawn again."""
    board = panel.locator(".att-widget").first
    before = board.get_attribute("data-version")
    panel.get_by_role("button", name=name, exact=True).first.click()
    page.wait_for_function("([el, v]) => el.dataset.version !== v", arg=[board.element_handle(), before])


def choose(page: Any, panel: Any, label: str, option: str) -> None:
    """Choose `option` (by its words) in the panel's dropdown labelled `label`, the board drawn again after."""
    board = panel.locator(".att-widget").first
    before = board.get_attribute("data-version")
    select = panel.locator(".widget-dropdown", has=page.get_by_text(label, exact=True)).locator("select").first
    select.select_option(label=option)
    page.wait_for_function("([el, v]) => el.dataset.version !== v", arg=[board.element_handle(), before])


CARD_CUT = "el => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1"
"""Whether a step card hides part of its sentence (a card of two lines at most, its last words the losses)."""


def inside(page: Any, element: Any, what: str) -> None:
    """The element is entirely inside the window."""
    box = element.bounding_box()
    size = page.viewport_size
    assert box is not None, f"{what} is not shown"
    assert box["x"] >= -0.5 and box["y"] >= -0.5, f"{what} starts off the window: {box}"
    assert box["x"] + box["width"] <= size["width"] + 0.5, f"{what} runs off the right edge: {box}"
    assert box["y"] + box["height"] <= size["height"] + 0.5, f"{what} runs off the bottom: {box}"


def counter(panel: Any) -> str:
    return str(panel.locator(".step-counter").first.inner_text())


def expect_counter(panel: Any, text: str) -> None:
    """The step counter reads `text`, waited for: it is a widget of its own, drawn after the board a click redraws
    (`act` waits for the board only)."""
    from playwright.sync_api import expect  # the e2e extra's: make test collects this module without it

    expect(panel.locator(".step-counter").first).to_have_text(text, timeout=30_000)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", list(GAMES))
def test_the_presenter_fits_a_projector(voila: str, browser: Any, game: str, size: tuple[int, int]) -> None:
    """The board, the step card, 'step n of N' and back / next all inside the window at once, in large type."""
    notebook, board_class, field, next_label = GAMES[game]
    page, panel = open_app(browser, voila, notebook, *size)
    assert page.locator(".jp-InputArea-editor:visible").count() == 0, "no code cells in presenter mode"
    assert "Run the cell below first" not in page.inner_text("body")
    if game == "attack-the-tower":
        panel.locator(".widget-dropdown", has=page.get_by_text("to", exact=True)).locator("select").select_option("2")
        act(page, panel, "attack")
    act(page, panel, next_label)
    card = panel.locator(f".{board_class} .step-card").first
    panel.locator(f".{board_class}").first.evaluate("el => el.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    board = panel.locator(f".{field}").first
    for element, what in (
        (board, "the board"),
        (card, "the step card"),
        (panel.locator(".step-counter").first, "step n of N"),
        (panel.get_by_role("button", name="◀ back", exact=True).first, "back"),
        (panel.get_by_role("button", name=next_label, exact=True).first, "next"),
    ):
        inside(page, element, what)
    assert re.fullmatch(r"step [1-9]\d* of [1-9]\d*", counter(panel)), counter(panel)
    size_px = float(board.evaluate("el => parseFloat(getComputedStyle(el).fontSize)"))
    assert size_px >= 17, f"the board's type is {size_px}px"
    smallest = float(panel.locator(f".{board_class}").first.evaluate(SMALLEST_TEXT))
    assert smallest >= 12, f"the board's smallest words are {smallest}px: too small for the back of a class"
    clipped = panel.locator(f".{board_class}").first.evaluate(CLIPPED)
    assert clipped == [], f"pieces whose words are cut off: {clipped}"
    card_px = float(card.evaluate("el => parseFloat(getComputedStyle(el).fontSize)"))
    card_box = card.bounding_box()
    assert card_px >= 20 and card_box is not None and card_box["height"] < 3 * card_px, "at most two lines"
    page.screenshot(path=str(ARTIFACTS / f"presenter-{game}-{size[0]}x{size[1]}.png"))
    shown = counter(panel)
    page.keyboard.press("ArrowLeft")  # the keys step from anywhere on the page in presenter mode
    step_counter = panel.locator(".step-counter").first.element_handle()
    page.wait_for_function("([el, v]) => el.innerText !== v", arg=[step_counter, shown])
    page.close()


def test_the_static_boards_between_the_cells_are_as_large_as_the_panel(voila: str, browser: Any) -> None:
    # The Tower's notebook shows snapshots of the table between its cells: in the app they are in presenter mode too
    page, _ = open_app(browser, voila, GAMES["the-tower"][0])
    sizes = page.locator(".tt-board").evaluate_all(
        "els => els.filter(e => !e.closest('.att-widget')).map(e => parseFloat(getComputedStyle(e).fontSize))"
    )
    assert len(sizes) >= 2 and min(sizes) >= 17, f"the static boards' type: {sizes}px"
    page.close()


def test_the_arrow_keys_keep_stepping_with_the_board_scrolled_above_and_the_board_stays_put(
    voila: str, browser: Any
) -> None:
    """On a projector's 720 lines, with the page scrolled down to the panel's buttons (the board above, out of the
    window), the right arrow still steps; the board does not creep up the page as the steps draw it again."""
    page, panel = open_app(browser, voila, WALKTHROUGH, 1280, 720)
    act(page, panel, "attack")
    act(page, panel, "next ▶")
    board = panel.locator(".att-board").first
    panel.get_by_role("button", name="attack", exact=True).first.scroll_into_view_if_needed()
    page.mouse.wheel(0, 400)  # further down: the board's bottom above the window's top on some steps
    page.wait_for_timeout(300)
    top = board.bounding_box()["y"]
    for _ in range(3):
        shown = counter(panel)
        page.keyboard.press("ArrowRight")
        step_counter = panel.locator(".step-counter").first.element_handle()
        page.wait_for_function("([el, v]) => el.innerText !== v", arg=[step_counter, shown])
        page.wait_for_timeout(300)
        assert abs(board.bounding_box()["y"] - top) < 2, "the board moved on the page as it was drawn again"
    page.close()


def test_the_final_step_of_the_palace_assault_shows_the_palace_destroyed(voila: str, browser: Any) -> None:
    page, panel = open_app(browser, voila, WALKTHROUGH, 1280, 720)
    choose(page, panel, "lesson", "Palace assault: unmanned bases, then the palace")
    cut = []
    for _ in range(9):
        act(page, panel, "next ▶")
        card = panel.locator(".att-board .step-card").first
        if card.evaluate(CARD_CUT):
            cut.append(card.inner_text())
    assert not cut, f"step cards cut off (the losses come last): {cut}"
    assert counter(panel) == "step 9 of 9"
    board = panel.locator(".att-board").first
    palace = board.locator('.palace.dead[data-key="p1/palace"]')
    assert palace.inner_text().startswith("palace destroyed")
    assert "palace · power 10" not in palace.inner_text()
    assert board.locator(".troop.dead").count() >= 5, "the Undead who fell to the palace stay struck out"
    assert board.locator(".territory.attacking").count() == 1
    assert "palace destroyed: the Undead win" in board.locator(".step-card").inner_text()
    board.locator(".step-card").evaluate("el => el.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(ARTIFACTS / "presenter-palace-destroyed.png"))
    page.close()


def test_a_lesson_plays_with_predict_then_reveal(voila: str, browser: Any) -> None:
    from playwright.sync_api import expect  # the e2e extra's: make test collects this module without it

    page, panel = open_app(browser, voila, WALKTHROUGH, 1280, 720)
    choose(page, panel, "lesson", "A first battle: initiative, then regular combat")
    assert counter(panel) == "step 0 of 7"
    panel.get_by_text("predict, then reveal", exact=True).first.click()
    # the kernel says so in words: only then is the next click sure to find it on (a redraw alone may be the
    # lesson's own, still arriving)
    expect(panel).to_contain_text(PREDICT_ON, timeout=30_000)
    for _ in range(4):  # each step hidden, then revealed: steps 1 and 2
        act(page, panel, "next ▶")
    act(page, panel, "next ▶")  # step 3: the initiative, hidden behind its question
    expect_counter(panel, "step 3 of 7 · result hidden")
    question = panel.locator(".lesson-note .question")
    assert "How much damage does the Bandit archer deal?" in question.inner_text()
    assert "hidden: predict it, then press reveal" in panel.locator(".step-card").inner_text()
    question.evaluate("el => el.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(ARTIFACTS / "presenter-lesson-question.png"))
    act(page, panel, "reveal")
    expect_counter(panel, "step 3 of 7")
    assert "1: its power" in panel.locator(".lesson-note .answer").inner_text()
    card = panel.locator(".step-card").inner_text()
    assert card == "initiative: the Undead have 2 to distribute, the Bandits have 1 to distribute"
    page.screenshot(path=str(ARTIFACTS / "presenter-lesson-revealed.png"))
    page.close()


def test_the_battle_downloads_from_voila_and_replays_offline(voila: str, browser: Any, tmp_path: Path) -> None:
    page, panel = open_app(browser, voila, WALKTHROUGH, 1280, 720)
    choose(page, panel, "lesson", "A first battle: initiative, then regular combat")
    for _ in range(5):
        act(page, panel, "next ▶")
    with page.expect_download() as downloading:
        panel.get_by_role("button", name="download this battle", exact=True).click()
    download = downloading.value
    assert download.suggested_filename == "battle-turn-5.html"
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    page.close()

    context = browser.new_context(viewport={"width": 1280, "height": 900}, offline=True)
    requested: list[str] = []

    def record(route: Any) -> None:
        requested.append(route.request.url)
        route.continue_()

    context.route("**/*", record)
    offline = context.new_page()
    offline.goto(path.as_uri())
    assert "Click a highlighted target" not in offline.content() and "Run the cell" not in offline.content()
    where = offline.locator("#where")
    assert where.inner_text() == "step 0 of 7"
    offline.get_by_role("button", name="next ▶").click()
    assert where.inner_text() == "step 1 of 7 (result hidden)"  # the lesson's question first
    assert "Which Bandit troops will defend territory 2?" in offline.locator(".frame:visible").inner_text()
    offline.keyboard.press("ArrowRight")
    assert (
        where.inner_text() == "step 1 of 7" and "against territory 2" in offline.locator(".frame:visible").inner_text()
    )
    offline.get_by_label("predict, then reveal").uncheck()
    forward = offline.get_by_role("button", name="next ▶")
    while forward.is_enabled():
        forward.click()
    assert where.inner_text() == "step 7 of 7"
    shown = offline.locator(".frame:visible")
    assert "the battle is over" in shown.inner_text() and shown.locator(".troop.dead").count() >= 4
    offline.screenshot(path=str(ARTIFACTS / "export-offline-last-step.png"), full_page=True)
    assert requested == [path.as_uri()], f"the page fetched {requested[1:]}"
    context.close()


def test_a_whole_game_is_played_by_clicks(voila: str, browser: Any) -> None:
    """A person at player 1's seat against the greedy policy, to the end of a game of three turns (the turn
    limit set as a rule variant): the opening hand drawn in one move, bases built by clicking a card then a
    slot, the other decisions made from 'your move' or left to the policy by a click."""
    page, panel = open_app(browser, voila, WALKTHROUGH, 1920, 1080)
    board = panel.locator(".att-widget").first
    panel.locator(".jupyter-widget-Collapse-header", has_text="rule variants").click()
    limit = panel.locator(".widget-inline-hbox", has=page.get_by_text("turn_limit", exact=True)).locator("input")
    limit.fill("3")
    limit.press("Enter")
    act(page, panel, "play under these rules")
    panel.locator(".jupyter-widget-Collapse-header", has_text="whole game").click()
    act(page, panel, "new game")
    select = panel.locator(".widget-dropdown", has=page.get_by_text("your move", exact=True)).locator("select")
    select.select_option(label="draw all 5 cards: 4 from the base pile, 1 from the ability pile")
    act(page, panel, "make this move")
    built = 0
    for _ in range(400):
        if "game over" in board.inner_text():
            break
        options = [o.replace("\xa0", " ") for o in select.locator("option").all_inner_texts()]
        builds = [o for o in options if o.startswith("build ")]
        if builds:  # a base built by clicking the card in hand, then its slot
            chosen = re.match(
                r"build (.+?)(?: over the .+?)? in territory (\d), slot (\d)", builds[0].replace("\xa0", " ")
            )
            assert chosen is not None, builds[0]
            name, territory, slot = chosen.group(1), int(chosen.group(2)), int(chosen.group(3))
            card = board.locator(".hand-card", has_text=re.compile(f"^{re.escape(name)}$")).first
            player = (card.get_attribute("data-key") or "").split(":")[1]  # whoever is to build: 'hand:0:...'
            for target in (card, board.locator(f'[data-key="p{player}/t{territory - 1}/s{slot - 1}"]')):
                before = board.get_attribute("data-version")
                target.click()
                page.wait_for_function("([el, v]) => el.dataset.version !== v", arg=[board.element_handle(), before])
            assert "refused" not in panel.inner_text(), panel.inner_text()[-300:]
            built += 1
            if built % 2 == 0:
                act(page, panel, "policy decides")  # (stop building: the policy's choice)
            continue
        act(page, panel, "policy decides")
    assert "game over" in board.inner_text(), board.inner_text()[:300]
    assert built >= 2, "bases were built by clicking a card, then a slot"
    board.evaluate("el => el.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(ARTIFACTS / "presenter-whole-game-by-clicks.png"))
    page.close()


def test_a_variant_comparison_runs_to_the_end(voila: str, browser: Any) -> None:
    page, panel = open_app(browser, voila, WALKTHROUGH, 1920, 1080)
    choose(page, panel, "lesson", "Palace assault: unmanned bases, then the palace")
    for _ in range(3):
        act(page, panel, "next ▶")
    panel.locator(".jupyter-widget-Collapse-header", has_text="rule variants").click()
    panel.locator(".widget-checkbox", has=page.get_by_text("leftover_initiative_adds_to_regular")).locator(
        "input"
    ).uncheck()
    panel.get_by_role("button", name="compare with the current rules", exact=True).click()
    result = panel.get_by_text("First difference at step", exact=False).first
    result.wait_for(state="visible")
    shown = panel.locator(".widget-html-content", has_text="First difference at step").first
    text = shown.inner_text()
    assert "played on to the end of the battle" in text and "◆ first difference" in text
    assert "current rules: the game is over (palace destroyed)" in text
    assert shown.locator(".att-board").count() == 2
    shown.evaluate("el => el.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(ARTIFACTS / "presenter-variant-compared-to-the-end.png"))
    page.close()
