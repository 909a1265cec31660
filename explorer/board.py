"""The board widget every game's panel uses: an anywidget whose hand-written ES module
(explorer/static/board.js, with the damage arrows of flows.js joined in front) draws the HTML the kernel renders,
reports clicks and keys, and saves the files the kernel sends through the browser's download."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

from explorer.markup import STATIC, static_text


class BoardWidget(anywidget.AnyWidget):
    """Synced: the rendered board, the selected key and a version counter; clicks arrive as messages.

    A game's board is a subclass that only names its style sheet (`_css`, see `styled_board`)."""

    _esm = static_text("flows.js") + static_text("board.js")
    _css = STATIC / "board.css"
    html = traitlets.Unicode("").tag(sync=True)
    selected = traitlets.Unicode("").tag(sync=True)
    version = traitlets.Int(0).tag(sync=True)
    page_keys = traitlets.Bool(False).tag(sync=True)
    """Presenter mode: the arrow keys step from anywhere on the page (not only once the board is clicked)."""

    def __init__(self, on_click: Callable[[str, bool], None], on_key: Callable[[str], None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_click = on_click
        self._on_key = on_key
        self.on_msg(self._message)

    def _message(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        """A message from the browser: {'event': 'click', 'key': ...} or {'event': 'key', 'command': ...}."""
        if content.get("event") == "click":
            self._on_click(str(content.get("key", "")), bool(content.get("shift", False)))
        elif content.get("event") == "key":
            self._on_key(str(content.get("command", "")))

    def download(self, filename: str, text: str, mime: str = "text/html") -> None:
        """Hand a file to the browser, which saves it as a download (JupyterLab, Voila and Binder alike: nothing
        is written on the server)."""
        self.send({"event": "download", "filename": filename, "text": text, "mime": mime})

    def show(self, board_html: str, selected: str | None) -> None:
        """Send a new board to the browser (one sync of every trait)."""
        with self.hold_sync():
            self.html = board_html
            self.selected = selected or ""
            self.version += 1


def styled_board(name: str, css: str) -> type[BoardWidget]:
    """A game's board class `name`, drawn with the style sheet `css` of explorer/static."""
    return type(name, (BoardWidget,), {"_css": STATIC / css, "__module__": __name__})
