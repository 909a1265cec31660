"""Finished cells on disk, one Parquet file each, named by the cell's key, with a digest of its content beside
it: a sweep run again (or stopped and started again, or grown by a cell) plays only the cells it does not find.

A file holds the per-game columns of one cell; the parameters come from the cell itself when the results
are read back. Files are written whole under a temporary name and then renamed, the digest last, so a sweep
stopped while writing never leaves half a cell behind. A cell whose file is not a regular file, is too large,
does not match its digest or does not hold the cell's games in the schema of rules.sweeps.frames counts as
missing: it is played again, and the run says so (`replayed`); a cell that cannot be written is noted
(`unsaved`). A sweep never stops for a bad cell.

Trust: a cache folder is trusted like source code. The digest catches a file damaged or edited by hand, not
one planted with its digest by someone who may write to the folder; share a cache only among people who may
change the code too.
"""

from __future__ import annotations

import hashlib
import io
from pathlib import Path

import pandas as pd

from rules.core import limits
from rules.core.errors import CannotWrite, MalformedFile
from rules.core.files import make_folder, read_file_bytes, write_file
from rules.sweeps.cells import Cell
from rules.sweeps.frames import checked_frame


class SweepCache:
    """A folder of finished cells (created when the first cell is saved; CannotWrite when it cannot be).
    `replayed` lists, one line each, the cells whose files were found but did not match, and `unsaved` the
    cells that could not be written (the sweep goes on; their games are in its results)."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)
        self.replayed: list[str] = []
        self.unsaved: list[str] = []

    def path(self, cell: Cell) -> Path:
        return self.folder / f"{cell.game}-{cell.key[:32]}.parquet"

    def digest_path(self, cell: Cell) -> Path:
        return self.path(cell).with_suffix(".sha256")

    def load(self, cell: Cell) -> pd.DataFrame | None:
        """The cell's games when a file holds them whole and as written, else None (to be played again);
        a file found but refused is noted in `replayed`."""
        path = self.path(cell)
        if not path.exists() and not path.is_symlink():
            return None
        try:
            return self._read(cell, path)
        except MalformedFile as exc:
            self.replayed.append(f"{path.name}: {exc}")
            return None

    def _read(self, cell: Cell, path: Path) -> pd.DataFrame:
        raw = read_file_bytes(path, what="a sweep cache cell", limit=limits.MAX_CACHE_CELL_BYTES)
        digest = self.digest_path(cell)
        try:
            written = read_file_bytes(digest, what="a digest", limit=200).decode("ascii", "replace").split()
        except MalformedFile:
            raise MalformedFile("it has no readable digest beside it") from None
        if written[:1] != [hashlib.sha256(raw).hexdigest()]:
            raise MalformedFile("its content differs from the digest written beside it")
        try:
            frame = pd.read_parquet(io.BytesIO(raw))
        except Exception as exc:  # pyarrow's errors have no common base but Exception
            raise MalformedFile(f"it is not a Parquet file ({type(exc).__name__})") from None
        problem, games = checked_frame(frame, cell.players, cell.games)
        if games is None:
            raise MalformedFile(f"{problem}")
        return games

    def save(self, cell: Cell, games: pd.DataFrame) -> None:
        """Write the cell's games and then their digest (each atomically: a temporary file renamed into place;
        a FIFO, a device or a link at either path is refused and left as it is)."""
        buffer = io.BytesIO()
        games.to_parquet(buffer, index=False)
        raw = buffer.getvalue()
        make_folder(self.folder, "the sweep cache")
        try:
            write_file(self.path(cell), raw)
            write_file(self.digest_path(cell), f"{hashlib.sha256(raw).hexdigest()}  {self.path(cell).name}\n")
        except CannotWrite as exc:  # this cell only (a FIFO or a folder in its place, a full disk): noted
            self.unsaved.append(str(exc))
