"""Finished cells on disk, one Parquet file each, named by the cell's key: a sweep run again (or stopped and
started again, or grown by a cell) plays only the cells it does not find.

A file holds the per-game columns of one cell; the parameters come from the cell itself when the results
are read back. Files are written whole under a temporary name and then renamed, so a sweep stopped while
writing never leaves half a cell behind.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

import pandas as pd

from rules.core.errors import CannotWrite
from rules.sweeps.cells import Cell
from rules.sweeps.frames import normalized


class SweepCache:
    """A folder of finished cells (created when the first cell is saved)."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)

    def path(self, cell: Cell) -> Path:
        return self.folder / f"{cell.game}-{cell.key[:32]}.parquet"

    def load(self, cell: Cell) -> pd.DataFrame | None:
        """The cell's games when they were saved whole, else None (an unreadable file counts as missing)."""
        path = self.path(cell)
        if not path.is_file():
            return None
        try:
            frame = pd.read_parquet(path)
        except (OSError, ValueError):
            return None
        if len(frame) != cell.games:
            return None
        return normalized(frame, cell.players)

    def save(self, cell: Cell, games: pd.DataFrame) -> None:
        """Write the cell's games (atomically: a temporary file renamed into place)."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.folder, prefix=".cell-", suffix=".parquet")
        except OSError as exc:
            raise CannotWrite(f"cannot write the sweep cache in {self.folder}: {exc.strerror or exc}") from None
        os.close(fd)
        try:
            games.to_parquet(tmp, index=False)
            os.replace(tmp, self.path(cell))
        except OSError as exc:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise CannotWrite(f"cannot write the sweep cache in {self.folder}: {exc.strerror or exc}") from None
