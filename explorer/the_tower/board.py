"""The Tower board widget: the shared board (explorer/static/board.js) with its own style sheet."""

from __future__ import annotations

from explorer.board import STATIC, BoardWidget


class TheTowerBoard(BoardWidget):
    """The card table of The Tower, drawn by board.js with tower_board.css."""

    _css = STATIC / "tower_board.css"
