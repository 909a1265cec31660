"""The balance lab's balance tab in a real browser (JupyterLab 4 + Debian's Chromium): the panel of the auto-balance
notebook opens on its balance tab, a small balance runs from its controls (progress, then the answer, the Pareto
front and the matrices as inline SVG, the card table), a malformed knob is refused in words with the last result kept,
and the tab reads without contrast violations. Screenshots go to artifacts/."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.e2e.conftest import ARTIFACTS, Lab
from tests.e2e.test_balance_lab_in_jupyterlab import field, run_cells
from tests.e2e.test_classroom_in_jupyterlab import contrast_violations

pytestmark = pytest.mark.e2e

NOTEBOOK = "notebooks/attack-the-tower/06-auto-balance.ipynb"


def open_tab(browser: Any, lab: Lab) -> tuple[Any, Any]:
    """The notebook with its imports and its panel cell run, on the balance tab; returns (page, the tab)."""
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.set_default_timeout(60_000)
    page.goto(lab.at(f"lab/tree/{NOTEBOOK}", "reset"))
    page.wait_for_function(
        "window.jupyterapp?.shell.currentWidget?.context?.path?.endsWith('06-auto-balance.ipynb') "
        "&& window.jupyterapp.shell.currentWidget.sessionContext?.session?.kernel"
    )
    last = page.evaluate("window.jupyterapp.shell.currentWidget.content.widgets.length - 1")
    run_cells(page, 1, last)
    tab = page.locator(".widget-vbox").filter(has=page.get_by_role("button", name="apply as army files")).last
    tab.wait_for(state="visible", timeout=180_000)
    tab.scroll_into_view_if_needed()
    return page, tab


def test_a_small_balance_from_the_tab_shows_the_answer_the_front_and_the_matrices(lab: Lab, browser: Any) -> None:
    from playwright.sync_api import expect  # the e2e extra's: make test collects this module without it

    page, tab = open_tab(browser, lab)
    tab.get_by_text("Pareto front", exact=False).first.wait_for(state="visible", timeout=180_000)
    field(page, tab, "budget (games)").fill("30")
    field(page, tab, "budget (games)").press("Enter")
    field(page, tab, "balance seed").fill("4")
    field(page, tab, "balance seed").press("Enter")
    field(page, tab, "check games").fill("5")
    field(page, tab, "check games").press("Enter")
    button = tab.get_by_role("button", name="balance", exact=True)
    button.click()
    # This run's done message: 5 games a cell, before and after (the notebook's own run checked 6 a cell).
    expect(tab).to_contain_text(
        re.compile(r"done: [\d,]+ (of [\d,]+ )?games searched( \(the budget of [\d,]+ spent\))?, (10|20) checked"),
        timeout=180_000,
    )
    expect(tab).to_contain_text("finished: ")
    assert "undead v bandits" in tab.inner_text()
    assert tab.locator("svg").count() >= 2
    assert tab.locator("table.balance-cards tr").count() > 3
    assert tab.get_by_role("button", name="balance", exact=True).is_enabled()
    page.screenshot(path=str(ARTIFACTS / "balance-tab-done.png"))

    tab.locator("textarea").fill("cavalry_power=2-4")
    tab.locator("textarea").press("Tab")
    tab.get_by_role("button", name="balance", exact=True).click()
    tab.get_by_text("is one value", exact=False).wait_for(state="visible")
    assert tab.locator("svg").count() >= 2  # the last result stays
    violations = contrast_violations(page, tab)
    assert violations == [], f"{len(violations)} colour-contrast violations: {violations[:5]}"
    page.close()
