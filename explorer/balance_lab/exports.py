"""The balance lab's exports: a frame written as CSV or Parquet to the file named, atomically (a temporary file
beside the target, renamed over it) so a failed export never leaves a half-written file. The name says what is
written: a folder, or a name of another kind of file (a spreadsheet, JSON), is refused in words, and the path
written is absolute."""

from __future__ import annotations

import os
from pathlib import Path

import pandas as pd

from rules.core.files import check_new_file
from rules.sweeps.frames import write_frame

FORMATS = {"csv": ".csv", "parquet": ".parquet"}
"""Each format the lab writes and the suffix its files take."""
FORMAT_NAMES = {"csv": "CSV", "parquet": "Parquet"}
OTHER_KINDS = frozenset(
    [
        ".xlsx",
        ".xls",
        ".ods",
        ".json",
        ".jsonl",
        ".tsv",
        ".txt",
        ".feather",
        ".arrow",
        ".pkl",
        ".pickle",
        ".h5",
        ".hdf5",
        ".html",
        ".xml",
        ".zip",
        ".gz",
        ".ipynb",
        ".py",
        ".toml",
        ".yaml",
        ".yml",
    ]
)
"""Suffixes of files of another kind: a name ending so is refused rather than written as CSV or Parquet under it."""


def export_path(name: str, fmt: str) -> Path:
    """The absolute path an export writes: the name given, with the format's suffix when it has none or has the
    other format's (`results` -> `results.csv`, `games.csv` -> `games.parquet` for Parquet); ValueError in words
    for no name, a folder, or the name of another kind of file (`results.xlsx`)."""
    if fmt not in FORMATS:
        raise ValueError(f"exports are {' or '.join(FORMATS)}, not {fmt!r}")
    suffix, kind = FORMATS[fmt], FORMAT_NAMES[fmt]
    given = name.strip()
    if not given:
        raise ValueError(f"give a file name to export to, e.g. balance{suffix}")
    path = Path(os.path.abspath(Path(given).expanduser()))
    if given.endswith(("/", os.sep)) or path.is_dir() or path.name in ("", ".", ".."):
        raise ValueError(f"{given!r} is a folder: give a file name in it, e.g. {path / ('balance' + suffix)}")
    if path.suffix.lower() in OTHER_KINDS:
        raise ValueError(
            f"{path.name!r} names a {path.suffix} file, but this export writes {kind}: "
            f"name it {path.with_suffix(suffix).name!r}"
        )
    return path.with_suffix(suffix) if path.suffix.lower() in ("", *FORMATS.values()) else path


def export(frame: pd.DataFrame, name: str, fmt: str) -> Path:
    """Write `frame` as CSV or Parquet to `export_path(name, fmt)` as rules.sweeps.frames.write_frame does:
    atomically, a FIFO, a device, a folder or a link there refused; CannotWrite in words when the folder is
    missing or not writable, or the disk is full; and a file already there, as a sweep's --out does (nothing is
    replaced). Returns the absolute path written."""
    target = check_new_file(export_path(name, fmt), f"the {FORMAT_NAMES[fmt]} export")
    return write_frame(frame, target, fmt)


def exported_words(rows: int, name: str, written: Path, fmt: str) -> str:
    """What an export did: the rows, the format and the absolute path written, and why its suffix differs from the
    one given when it does."""
    said = f"wrote {rows} rows as {FORMAT_NAMES[fmt]} to {written}"
    given = Path(name.strip()).expanduser().name
    if Path(given).suffix and written.name != given:
        said += f" (a {FORMAT_NAMES[fmt]} file's name ends {FORMATS[fmt]}, so not {given})"
    return said
