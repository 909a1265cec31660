"""Starting a session from another position, shared by every game's explorer: an edited position, a JSON
file or JSON text, and saving the position shown. Validation is the rules package's (rules.core.jsonio)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

from rules.core import limits
from rules.core.errors import MalformedFile
from rules.core.jsonio import decode_text
from rules.core.protocol import Game

S = TypeVar("S")


class PositionFiles(Generic[S]):
    """Mixin for explorers of a `game` with a `state` and a `_reset(position)`; positions are read and written
    by the game's own codec (`game.positions`)."""

    game: ClassVar[Game[Any, Any]]

    @property
    def state(self) -> S:
        raise NotImplementedError

    def _reset(self, position: S) -> None:
        raise NotImplementedError

    def edit(self, new_position: S) -> S:
        """Start a new session from `new_position` (already validated by the rules' editing helpers)."""
        self._reset(new_position)
        return new_position

    def load(self, path_or_json: str | Path) -> S:
        """A position from a JSON file or JSON text (validated; refused whole when illegal)."""
        position: S = self.game.positions.read(path_or_json)
        return self.edit(position)

    def load_text(self, text: str | bytes) -> S:
        """A position from JSON text alone (an uploaded file's content): never read as a path on this machine,
        whatever it says; bytes must be UTF-8."""
        if isinstance(text, bytes):
            if len(text) > limits.MAX_FILE_BYTES:
                raise MalformedFile(
                    f"the file is larger than {limits.MAX_FILE_BYTES:,} bytes, the limit for a position"
                )
            text = decode_text(text, "the file")
        position: S = self.game.positions.parse(text, source="the file")
        return self.edit(position)

    def save(self, path: str | Path) -> None:
        """Write the position shown to a JSON file that `load` (and the CLI) reads back, atomically: a failed
        save leaves any old file whole."""
        self.game.positions.save(self.state, path)
