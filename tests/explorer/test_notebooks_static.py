"""Every notebook reads without a kernel: no saved widget state (it would win over the HTML board and is most
of a notebook's size), under 100 KiB, and `nbconvert --to html` shows the board of every panel cell."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest

from explorer.notebook_state import WIDGET_VIEW, main, strip_widget_state, widget_state_found

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*/*.ipynb"))
PANEL_TEXT = re.compile(r"^((Attack the Tower|The Tower|Tower Defense) panel|Balance lab):")
BOARD_CLASSES = ("att-board", "tt-board", "td-board", "lab-summary", "balance-report")
MAX_BYTES = 100 * 1024


def _load(path: Path) -> dict[str, Any]:
    return dict(json.loads(path.read_text(encoding="utf-8")))


def _panel_outputs(notebook: dict[str, Any]) -> list[dict[str, Any]]:
    """The display data of every cell that shows a panel (its text form names the panel)."""
    found = []
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            text = "".join(output.get("data", {}).get("text/plain", ""))
            if PANEL_TEXT.match(text):
                found.append(output["data"])
    return found


def test_there_are_notebooks_with_panels() -> None:
    assert len(NOTEBOOKS) >= 6
    assert sum(len(_panel_outputs(_load(p))) for p in NOTEBOOKS) >= 6


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_has_no_saved_widget_state_and_is_small(path: Path) -> None:
    notebook = _load(path)
    assert widget_state_found(notebook) == [], f"{path.name}: run make notebooks-clean"
    size = path.stat().st_size
    assert size < MAX_BYTES, f"{path.name} is {size / 1024:.0f} KiB (at most 100 KiB)"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_static_html_shows_every_panel_board(path: Path) -> None:
    """What nbviewer does: nbconvert's HTML exporter, no kernel; each panel's board is in the page."""
    from nbconvert import HTMLExporter

    notebook = _load(path)
    page, _resources = HTMLExporter().from_filename(str(path))  # type: ignore[no-untyped-call]
    for data in _panel_outputs(notebook):
        board = "".join(data["text/html"])
        assert any(f'class="{name}"' in board for name in BOARD_CLASSES)
        body = html.unescape(board.split("</style>", 1)[-1])
        assert body[:400] in html.unescape(page), f"{path.name}: a panel's board is missing from the static HTML"


def test_strip_keeps_the_html_board_and_drops_the_widget() -> None:
    """A widget output keeps its text/html and text/plain forms; an output with only the widget goes."""
    notebook = {
        "metadata": {"widgets": {"state": {}}},
        "cells": [
            {
                "cell_type": "code",
                "outputs": [
                    {"output_type": "display_data", "data": {WIDGET_VIEW: {"model_id": "x"}}},
                    {
                        "output_type": "execute_result",
                        "data": {WIDGET_VIEW: {"model_id": "y"}, "text/html": "<b>board</b>", "text/plain": "p"},
                    },
                ],
            }
        ],
    }
    assert len(widget_state_found(notebook)) == 3
    clean = strip_widget_state(notebook)
    assert widget_state_found(clean) == []
    assert clean["cells"][0]["outputs"] == [
        {"output_type": "execute_result", "data": {"text/html": "<b>board</b>", "text/plain": "p"}}
    ]
    assert "widgets" in notebook["metadata"], "the original is left as it was"


def test_check_reports_a_notebook_with_widget_state(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "n.ipynb"
    path.write_text(json.dumps({"metadata": {"widgets": {}}, "cells": []}), encoding="utf-8")
    assert main(["--check", str(path)]) == 1
    assert "make notebooks-clean" in capsys.readouterr().out
    assert main([str(path)]) == 0
    assert main(["--check", str(path)]) == 0


def test_the_projects_jupyter_server_saves_notebooks_without_widget_state(tmp_path: Path) -> None:
    """What JupyterLab's autosave does under `make lab`, `make e2e` and Binder: the contents manager configured
    by binder/jupyter_config saves a notebook holding a live panel's output without the widget, its board kept."""
    from jupyter_server.services.contents.filemanager import FileContentsManager
    from traitlets.config.loader import JSONFileConfigLoader

    config = JSONFileConfigLoader("jupyter_server_config.json", str(ROOT / "binder" / "jupyter_config")).load_config()
    manager = FileContentsManager(root_dir=str(tmp_path), config=config)
    notebook = {
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {"widgets": {"application/vnd.jupyter.widget-state+json": {"state": {}}}},
        "cells": [
            {
                "cell_type": "code",
                "id": "panel",
                "execution_count": 1,
                "metadata": {},
                "source": "panel",
                "outputs": [
                    {
                        "output_type": "execute_result",
                        "execution_count": 1,
                        "metadata": {},
                        "data": {WIDGET_VIEW: {"model_id": "m"}, "text/html": "<b>board</b>", "text/plain": "p"},
                    }
                ],
            }
        ],
    }
    manager.save({"type": "notebook", "format": "json", "content": notebook}, "lesson.ipynb")  # type: ignore[no-untyped-call]
    saved = _load(tmp_path / "lesson.ipynb")
    assert widget_state_found(saved) == []
    data = saved["cells"][0]["outputs"][0]["data"]
    assert {mime: "".join(text) for mime, text in data.items()} == {"text/html": "<b>board</b>", "text/plain": "p"}
