"""Position to test: the line of play an explorer holds, from its start (or any step) to the cursor, written
as a pytest file that replays it and checks the final position and every sentence (rules.line_export)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from rules.core import limits
from rules.core.files import write_file
from rules.core.limits import whole_number
from rules.core.session import Session
from rules.line_export import GAMES, export_test


class LineTests:
    """Mixin for explorers holding `self.session`; `game_slug` names the game as the command line does."""

    session: Session[Any, Any]
    game_slug: ClassVar[str]

    def export_test(self, path: str | Path | None = None, start: int = 0, about: str = "") -> str:
        """The source of a pytest file replaying this line from step `start` (0: the session's start) to
        the cursor; also written to `path` when one is given."""
        cursor = self.session.cursor
        whole_number("start", start, 0, limits.MAX_SEED)
        if not 0 <= start <= cursor:
            raise ValueError(f"start must be a step from 0 to the cursor ({cursor}), not {start}")
        position = self.session.state_at(start)
        line = self.session.line[start:cursor]
        branch = self.session.current_branch
        note = (
            about or f"Exported from the explorer: {cursor - start} step(s) after step {start} of the {branch!r} line."
        )
        source = export_test(GAMES[self.game_slug], position, line, about=note)
        if path is not None:
            write_file(path, source)
        return source
