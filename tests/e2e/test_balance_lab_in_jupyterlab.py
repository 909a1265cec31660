"""The balance lab in a real browser (JupyterLab 4 + Debian's Chromium): the panel of the Tower Defense
difficulty notebook runs a small sweep from its controls, the progress bar moving to the end, and shows the
chart and the table; a longer sweep is cancelled while it runs, its finished cells shown; a bad value is
refused in words with the table kept; the panel reads in the Light, Dark and High Contrast themes. Screenshots go
to artifacts/."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import ARTIFACTS, Lab
from tests.e2e.test_classroom_in_jupyterlab import contrast_violations, set_theme

pytestmark = pytest.mark.e2e

NOTEBOOK = "notebooks/tower-defense/02-difficulty.ipynb"


def run_cells(page: Any, *indices: int) -> None:
    """Run these cells of the notebook shown, one after another (the first imports, the last the panel)."""
    for index in indices:
        page.evaluate(
            """async (i) => {
                const panel = window.jupyterapp.shell.currentWidget;
                panel.content.activeCellIndex = i;
                await window.jupyterapp.commands.execute('notebook:run-cell');
            }""",
            index,
        )


def open_lab(browser: Any, lab: Lab) -> tuple[Any, Any]:
    """The notebook with its imports and its balance lab's cell run; returns (page, the panel's element)."""
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.set_default_timeout(60_000)
    page.goto(lab.at(f"lab/tree/{NOTEBOOK}", "reset"))
    page.wait_for_function(
        "window.jupyterapp?.shell.currentWidget?.context?.path?.endsWith('02-difficulty.ipynb') "
        "&& window.jupyterapp.shell.currentWidget.sessionContext?.session?.kernel"
    )
    lab_cell = page.evaluate(
        """() => window.jupyterapp.shell.currentWidget.content.widgets.findIndex(
            (cell) => cell.model.sharedModel.getSource().includes('BalanceLabPanel("tower-defense")'))"""
    )
    assert lab_cell > 1, "the notebook has no cell making the balance lab"
    run_cells(page, 1, lab_cell)
    title = page.get_by_text("Balance lab", exact=True).last
    title.wait_for(state="visible", timeout=120_000)
    panel = page.locator(".widget-vbox").filter(has=page.get_by_role("button", name="export Parquet")).first
    panel.wait_for(state="visible")
    panel.scroll_into_view_if_needed()
    return page, panel


def field(page: Any, panel: Any, label: str, index: int = 0) -> Any:
    """The input of the control labelled `label` (the index-th when several share it)."""
    labelled = page.locator("label.widget-label", has_text=label)
    return panel.locator(".widget-inline-hbox", has=labelled).filter(has_text=label).nth(index).locator("input")


def test_a_small_sweep_from_the_panel_shows_the_chart_and_the_table(lab: Lab, browser: Any) -> None:
    page, panel = open_lab(browser, lab)
    table = panel.locator("table.lab-summary")
    table.wait_for(state="visible")  # the sweep the notebook ran: wave_every 2 and 4
    assert table.locator("tr").count() == 3
    field(page, panel, "values").fill("2,3,4")
    field(page, panel, "values").press("Enter")
    field(page, panel, "games a cell").fill("2")
    field(page, panel, "games a cell").press("Enter")
    panel.get_by_role("button", name="run", exact=True).click()
    message = panel.get_by_text("done: 3 cell(s), 6 games played", exact=False)
    message.wait_for(state="visible", timeout=120_000)
    assert table.locator("tr").count() == 4 and "wave_every" in table.inner_text()
    assert "6 of 6 games (3 of 3 cells)" in panel.inner_text()
    chart = panel.locator(".tower-chart svg").first
    assert chart.is_visible()
    assert chart.evaluate("svg => svg.getBoundingClientRect().width > 300")
    assert panel.get_by_role("button", name="run", exact=True).is_enabled()
    chart.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "balance-lab-sweep-done.png"))
    page.set_viewport_size({"width": 640, "height": 1000})  # a narrow window: the table scrolls within the panel
    page.wait_for_timeout(500)
    scroller = table.locator("xpath=..")
    assert scroller.evaluate("el => el.scrollWidth > el.clientWidth + 1"), "the table is wider than the window"
    right = panel.evaluate("el => el.getBoundingClientRect().right")
    assert scroller.evaluate("el => el.getBoundingClientRect().right") <= right + 1, "the table runs off the panel"
    page.set_viewport_size({"width": 1400, "height": 1000})

    # A long sweep: the kernel answers while it runs (the bar moves, cancel is heard) and keeps the cells done.
    field(page, panel, "games a cell").fill("40")
    field(page, panel, "games a cell").press("Enter")
    panel.get_by_role("button", name="run", exact=True).click()
    page.wait_for_function(
        "el => /[1-9][0-9]* of 120 games \\([1-9] of 3 cells\\)/.test(el.innerText)",
        arg=panel.element_handle(),
        timeout=120_000,
    )
    assert not panel.get_by_role("button", name="run", exact=True).is_enabled()
    page.screenshot(path=str(ARTIFACTS / "balance-lab-running.png"))
    panel.get_by_role("button", name="cancel", exact=True).click()
    panel.get_by_text("cancelled:", exact=False).wait_for(state="visible", timeout=60_000)
    assert table.locator("tr").count() in (2, 3) and "of 120 games" in panel.inner_text()
    assert panel.get_by_role("button", name="run", exact=True).is_enabled()

    field(page, panel, "values").fill("0,3")
    field(page, panel, "values").press("Enter")
    panel.get_by_role("button", name="run", exact=True).click()
    refusal = panel.get_by_text("refused: wave_every: must be at least 1", exact=False)
    refusal.wait_for(state="visible")
    assert table.locator("tr").count() in (2, 3) and chart.is_visible()
    refusal.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "balance-lab-refused.png"))

    for theme in ("JupyterLab Light", "JupyterLab Dark", "JupyterLab Dark High Contrast"):
        set_theme(page, theme)
        table.scroll_into_view_if_needed()
        short = theme.removeprefix("JupyterLab ").replace(" ", "-").lower()
        page.screenshot(path=str(ARTIFACTS / f"balance-lab-{short}.png"))
        violations = contrast_violations(page, panel)
        assert violations == [], f"{theme}: {len(violations)} colour-contrast violations: {violations[:5]}"
    set_theme(page, "JupyterLab Light")
    page.close()


def test_attack_the_tower_in_the_same_panel_a_card_variant_against_a_field_as_a_heat_map(
    lab: Lab, browser: Any
) -> None:
    page, panel = open_lab(browser, lab)
    panel.locator(".widget-dropdown", has=page.locator("label", has_text="game")).first.locator("select").select_option(
        "attack-the-tower"
    )
    page.get_by_text("player 2's policy", exact=True).wait_for(state="visible")
    assert panel.get_by_text("army pairs", exact=True).is_visible()
    assert not panel.get_by_text("players", exact=True).is_visible()
    field(page, panel, "values").fill("2,3")
    field(page, panel, "values").press("Enter")
    field(page, panel, "card variants").fill("none; undead.ghost.special_troop.power=3")
    field(page, panel, "card variants").press("Enter")
    field(page, panel, "games a cell").fill("2")
    field(page, panel, "games a cell").press("Enter")
    panel.get_by_role("button", name="run", exact=True).click()
    panel.get_by_text("done: 4 cell(s), 8 games played", exact=False).wait_for(state="visible", timeout=120_000)
    table = panel.locator("table.lab-summary")
    assert table.locator("tr").count() == 5 and "undead.ghost.special_troop.power=3" in table.inner_text()
    assert "win rate by card variant and cavalry_power" in table.inner_text()
    for box in (panel.get_by_role("button", name="export Parquet").bounding_box(), table.bounding_box()):
        assert box is not None and box["x"] + box["width"] <= 1400
    panel.locator(".tower-chart").first.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "balance-lab-attack-the-tower-heat-map.png"))
    page.close()
