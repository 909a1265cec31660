"""A cache cell that does not match is played again and reported, never trusted and never a reason to stop:
a file edited after it was written (its digest differs), one with text in a number's column, columns
missing, the wrong number of games, no digest, not Parquet, a FIFO or a folder in its place."""

from __future__ import annotations

import hashlib
import io
import os
import stat
from collections.abc import Callable
from pathlib import Path

import pandas as pd
import pytest

from rules.cli import main
from rules.sweeps.cache import SweepCache
from rules.sweeps.cells import cells
from rules.sweeps.runner import run_sweep
from tests.sweeps.helpers import cavalry_spec

SPEC = cavalry_spec(games=2, vary={"cavalry_power": [3]})


def _rewrite(cache: Path, change: Callable[[pd.DataFrame], pd.DataFrame], *, with_digest: bool = True) -> None:
    """Replace the one cell's file with `change` of its frame; its digest rewritten to match when asked (a
    file planted with a matching digest must still hold the cell's games in the schema)."""
    store = SweepCache(cache)
    cell = cells(SPEC)[0]
    frame = change(pd.read_parquet(store.path(cell)))
    buffer = io.BytesIO()
    frame.to_parquet(buffer, index=False)
    store.path(cell).write_bytes(buffer.getvalue())
    if with_digest:
        store.digest_path(cell).write_text(hashlib.sha256(buffer.getvalue()).hexdigest())


def _text_seed(frame: pd.DataFrame) -> pd.DataFrame:
    return frame.assign(seed=["seven", "eight"])


def _no_winner_columns(frame: pd.DataFrame) -> pd.DataFrame:
    return frame.drop(columns=["winner", "won"])


def _one_game_more(frame: pd.DataFrame) -> pd.DataFrame:
    return pd.concat([frame, frame.iloc[:1]], ignore_index=True)


def _rigged_wins(frame: pd.DataFrame) -> pd.DataFrame:
    return frame.assign(winner=pd.array([0, 0], dtype="Int64"))


@pytest.mark.parametrize(
    ("change", "with_digest", "words"),
    [
        (_rigged_wins, False, r"its content differs from the digest"),
        (_text_seed, True, r"columns seed do not hold the schema's kind of value"),
        (_no_winner_columns, True, r"columns are not the schema's \(missing winner, won\)"),
        (_one_game_more, True, r"holds 3 games, not the cell's 2"),
    ],
)
def test_a_cell_that_does_not_match_is_replayed_and_reported(
    tmp_path: Path, change: Callable[[pd.DataFrame], pd.DataFrame], with_digest: bool, words: str
) -> None:
    first = run_sweep(SPEC, in_process=True, cache=tmp_path)
    _rewrite(tmp_path, change, with_digest=with_digest)
    again = run_sweep(SPEC, in_process=True, cache=tmp_path)
    assert again.played == 2 and again.cached == 0 and len(again.replayed) == 1
    assert __import__("re").search(words, again.replayed[0]), again.replayed
    pd.testing.assert_frame_equal(again.games, first.games)
    healed = run_sweep(SPEC, in_process=True, cache=tmp_path)  # the replayed cell was written again
    assert healed.played == 0 and healed.cached == 2 and healed.replayed == ()


def _no_digest(cache: Path, store: SweepCache) -> None:
    store.digest_path(cells(SPEC)[0]).unlink()


def _not_parquet(cache: Path, store: SweepCache) -> None:
    path = store.path(cells(SPEC)[0])
    path.write_bytes(b"not parquet at all")
    store.digest_path(cells(SPEC)[0]).write_text(hashlib.sha256(b"not parquet at all").hexdigest())


def _a_fifo(cache: Path, store: SweepCache) -> None:
    path = store.path(cells(SPEC)[0])
    path.unlink()
    os.mkfifo(path)


def _a_folder(cache: Path, store: SweepCache) -> None:
    path = store.path(cells(SPEC)[0])
    path.unlink()
    path.mkdir()


@pytest.mark.parametrize(
    ("plant", "words"),
    [
        (_no_digest, r"no readable digest"),
        (_not_parquet, r"not a Parquet file"),
        (_a_fifo, r"FIFO"),
    ],
)
def test_a_cell_file_that_cannot_be_used_is_replayed_without_waiting(
    tmp_path: Path, plant: Callable[[Path, SweepCache], None], words: str
) -> None:
    run_sweep(SPEC, in_process=True, cache=tmp_path)
    plant(tmp_path, SweepCache(tmp_path))
    again = run_sweep(SPEC, in_process=True, cache=tmp_path)
    assert again.played == 2 and len(again.replayed) == 1 and again.complete
    assert __import__("re").search(words, again.replayed[0]), again.replayed
    if plant is _a_fifo:  # the FIFO stays as it was (a save refuses to replace it), and the run says so
        assert stat.S_ISFIFO(os.lstat(SweepCache(tmp_path).path(cells(SPEC)[0])).st_mode)
        assert len(again.unsaved) == 1 and "FIFO" in again.unsaved[0]


def test_the_command_line_says_which_cells_were_replayed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["attack-the-tower", "sweep", "--vary", "cavalry_power=3", "--games", "2", "--in-process"]
    argv += ["--set", "turn_limit=20", "--no-progress", "--cache", str(tmp_path)]
    assert main(argv) == 0
    capsys.readouterr()
    for digest in tmp_path.glob("*.sha256"):
        digest.write_text("0" * 64)
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "2 games played, 0 from the cache" in out
    assert "1 cell replayed: its file did not match (attack-the-tower-" in out
    assert "its content differs from the digest written beside it" in out


def test_a_folder_in_a_cells_place_is_replayed_and_the_sweep_goes_on(tmp_path: Path) -> None:
    first = run_sweep(SPEC, in_process=True, cache=tmp_path)
    _a_folder(tmp_path, SweepCache(tmp_path))
    again = run_sweep(SPEC, in_process=True, cache=tmp_path)
    assert again.complete and "a folder" in again.replayed[0]
    assert again.unsaved and "cannot write" in again.unsaved[0] and "it is a folder" in again.unsaved[0]
    pd.testing.assert_frame_equal(again.games, first.games)
