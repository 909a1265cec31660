"""The classroom outside JupyterLab: the walkthrough served by Voila as an app (no code cells, the panel full
width in large type, playable), and an exported battle opened offline in Chromium and stepped through."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, ROOT

pytestmark = pytest.mark.e2e

WALKTHROUGH = "notebooks/attack-the-tower/02-combat-walkthrough.ipynb"


@pytest.fixture
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def voila() -> Iterator[str]:
    """`make present`'s server: Voila on 127.0.0.1 serving the walkthrough with its code stripped."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    command = shutil.which("voila", path=str(Path(sys.executable).parent))
    assert command is not None, "voila is missing (make e2e installs the 'present' extra)"
    server = subprocess.Popen(
        [command, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1", "--strip_sources=True", WALKTHROUGH],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{url}voila/static/voila.js", timeout=2):
                break
        except OSError:
            time.sleep(0.5)
    yield url
    server.terminate()
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        server.kill()


def test_voila_presenter_mode_shows_the_panel_large_without_code(voila: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.set_default_timeout(120_000)
    page.route("http*://**", lambda route: route.continue_() if "127.0.0.1" in route.request.url else route.abort())
    page.goto(voila)
    widget = page.locator(".att-widget").first
    widget.wait_for(state="visible")
    panel = page.locator(".tower-present").first
    panel.wait_for(state="visible")
    assert page.locator(".jp-InputArea-editor:visible").count() == 0, "no code cells in presenter mode"
    board = widget.locator(".att-board").element_handle()
    size = float(page.evaluate("el => parseFloat(getComputedStyle(el).fontSize)", board))
    assert size >= 18, f"presenter type is {size}px"
    box = panel.bounding_box()
    assert box is not None and box["width"] > 1000, "the panel takes the width of the page"
    keys = panel.get_by_text("keys (click the board first)", exact=False)
    assert keys.is_visible()

    before = widget.get_attribute("data-version")
    panel.get_by_role("button", name="attack", exact=True).click()
    page.wait_for_function("([el, v]) => el.dataset.version !== v", arg=[widget.element_handle(), before])
    widget.focus()  # the board takes the keys (what clicking it does): → is step ▶
    before = widget.get_attribute("data-version")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("([el, v]) => el.dataset.version !== v", arg=[widget.element_handle(), before])
    assert "step 3. initiative" in widget.inner_text()
    assert widget.locator(".step-card").is_visible()
    page.screenshot(path=str(ARTIFACTS / "present-voila.png"))
    page.close()


def test_an_exported_battle_steps_through_offline(browser: Any, tmp_path: Path) -> None:
    from explorer.attack_the_tower.explorer import Explorer
    from explorer.attack_the_tower.export import export_battle

    battle = Explorer("mid-game-battle")
    battle.attack(0, 1)
    battle.resolve_battle()
    steps = len(battle.session.line)
    path = export_battle(battle, tmp_path / "battle.html")

    context = browser.new_context(viewport={"width": 1100, "height": 900}, offline=True)
    requested: list[str] = []

    def record(route: Any) -> None:
        requested.append(route.request.url)
        route.continue_()

    context.route("**/*", record)
    page = context.new_page()
    page.goto(path.as_uri())
    where = page.locator("#where")
    assert where.inner_text() == f"step 0 of {steps}"
    assert page.locator(".frame:visible").count() == 1
    page.get_by_role("button", name="next ▶").click()
    assert where.inner_text() == f"step 1 of {steps}"
    assert "against territory 2" in page.locator(".frame:visible").inner_text()
    page.keyboard.press("ArrowRight")
    assert where.inner_text() == f"step 2 of {steps}"
    page.screenshot(path=str(ARTIFACTS / "export-step-2.png"), full_page=True)
    forward = page.get_by_role("button", name="next ▶")
    while forward.is_enabled():
        forward.click()
    assert where.inner_text() == f"step {steps} of {steps}"
    page.get_by_role("button", name="◀ previous").click()
    assert where.inner_text() == f"step {steps - 1} of {steps}"
    assert requested == [path.as_uri()], f"the page fetched {requested[1:]}"
    context.close()
