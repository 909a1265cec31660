"""The Tower Defense board widget: the shared board (explorer/static/board.js) with its own style sheet."""

from __future__ import annotations

from explorer.board import STATIC, BoardWidget


class TowerDefenseBoard(BoardWidget):
    _css = STATIC / "td_board.css"
