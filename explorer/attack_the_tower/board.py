"""The Attack the Tower board widget (the shared board with its own style sheet)."""

from __future__ import annotations

from explorer.board import STATIC, BoardWidget


class AttackTheTowerBoard(BoardWidget):
    _css = STATIC / "board.css"
