"""A sweep's results as pandas DataFrames: one row per game, and a summary per cell with Wilson intervals.

The per-game columns are given fixed dtypes, so a cell read back from the cache and a cell just played make
identical frames.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from typing import Literal

import pandas as pd

from rules.core.files import write_file
from rules.core.ladder import wilson
from rules.sweeps.cells import Cell
from rules.sweeps.games import sweep_game
from rules.sweeps.play import GameRecord

RECORD_DTYPES: dict[str, str] = {
    "game_index": "int64",
    "seed": "int64",
    "winner": "Int64",
    "won": "bool",
    "steps": "int64",
    "turns": "Int64",
    "floor_reached": "Int64",
    "termination": "str",
    "cards": "str",
}
"""The per-game columns (each player's return, `returns_0`..., comes after `seed`)."""


LENGTH_QUANTILES = {"turns_p10": 0.1, "turns_median": 0.5, "turns_p90": 0.9}
"""How a cell's game lengths spread: the turns of its shortest tenth, its middle game and its longest tenth.
The tenths are the lengths of games played (the nearest rank), the median the usual middle value."""


def records_frame(records: Sequence[GameRecord], players: int) -> pd.DataFrame:
    """A cell's games as a frame of the per-game columns, in game order."""
    ordered = sorted(records, key=lambda r: r.index)
    columns: dict[str, list[object]] = {"game_index": [r.index for r in ordered], "seed": [r.seed for r in ordered]}
    for p in range(players):
        columns[f"returns_{p}"] = [r.returns[p] for r in ordered]
    for name in list(RECORD_DTYPES)[2:]:  # the record's own fields, named as the columns are
        columns[name] = [getattr(r, name) for r in ordered]
    return normalized(pd.DataFrame(columns), players)


def record_dtypes(players: int) -> dict[str, str]:
    """The per-game columns of a cell of `players` players, in their order, with their dtypes."""
    dtypes = {"game_index": "int64", "seed": "int64"}
    dtypes.update({f"returns_{p}": "int64" for p in range(players)})
    dtypes.update({k: v for k, v in RECORD_DTYPES.items() if k not in dtypes})
    return dtypes


def normalized(frame: pd.DataFrame, players: int) -> pd.DataFrame:
    """The per-game columns in their order and dtypes (a frame read from Parquet comes back the same)."""
    dtypes = record_dtypes(players)
    return frame[list(dtypes)].astype(dtypes).reset_index(drop=True)


def checked_frame(frame: pd.DataFrame, players: int, games: int) -> tuple[str, pd.DataFrame | None]:
    """('', the games) when a frame read back from a file is what `records_frame` writes for a cell of
    `games` games: the schema's columns and dtypes, games numbered 0 to games - 1, seeds and lengths not
    negative, a winner among the players; else (what is wrong, in words, None)."""
    dtypes = record_dtypes(players)
    missing = [c for c in dtypes if c not in frame.columns]
    unexpected = [str(c) for c in frame.columns if c not in dtypes]
    if missing or unexpected:
        said = [f"missing {', '.join(missing)}"] if missing else []
        said += [f"unexpected {', '.join(unexpected[:5])}"] if unexpected else []
        return f"its columns are not the schema's ({'; '.join(said)})", None
    wrong = [c for c, dtype in dtypes.items() if str(frame[c].dtype) != str(pd.api.types.pandas_dtype(dtype))]
    wrong = [c for c in wrong if not (c in ("termination", "cards") and pd.api.types.is_string_dtype(frame[c]))]
    if wrong:
        return f"its columns {', '.join(wrong)} do not hold the schema's kind of value", None
    if len(frame) != games:
        return f"it holds {len(frame)} games, not the cell's {games}", None
    winner = frame["winner"].dropna()
    if frame["game_index"].tolist() != list(range(games)):
        return "its games are not numbered 0 to the cell's last", None
    if (frame["seed"] < 0).any() or (frame["steps"] < 0).any() or (frame["turns"].dropna() < 0).any():
        return "it holds a negative seed or length", None
    if ((winner < 0) | (winner >= players)).any() or frame["termination"].isna().any() or frame["cards"].isna().any():
        return "it holds a winner who is not a player, or a game with no ending", None
    return "", normalized(frame, players)


def games_frame(cells: Sequence[Cell], outcomes: Sequence[pd.DataFrame]) -> pd.DataFrame:
    """One row per game: each cell's parameters beside its games' columns, cells in grid order."""
    parts = []
    for cell, games in zip(cells, outcomes, strict=True):
        params = pd.DataFrame({k: [v] * len(games) for k, v in cell.params().items()})
        parts.append(pd.concat([params, games.reset_index(drop=True)], axis=1))
    if not parts:
        return pd.DataFrame()
    return whole_numbers(pd.concat(parts, ignore_index=True), cells)


def empty_frames(cell: Cell) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The games and summary frames of a sweep of which no cell is finished: no rows, every column."""
    nothing = records_frame([], cell.players)
    return games_frame([cell], [nothing]), summary_frame([cell], [nothing]).iloc[:0]


def summary_frame(cells: Sequence[Cell], outcomes: Sequence[pd.DataFrame]) -> pd.DataFrame:
    """One row per cell: its parameters, games, each side's wins, win rate and Wilson 95% interval
    (`wins_0`, `win_rate_0`, `ci_low_0`, `ci_high_0`, and `_1` for a duel's second player; a solo or
    cooperative game's side 0 is the table), a duel's draws, the mean length in steps and turns and how the
    turns spread (`LENGTH_QUANTILES`; for a game that counts no turns, the mean floor reached)."""
    rows = []
    for cell, games in zip(cells, outcomes, strict=True):
        row = cell.params()
        n = len(games)
        row["games"] = n
        duel = len(cell.policies) == 2
        wins = [int((games["winner"] == side).sum()) for side in (0, 1)] if duel else [int(games["won"].sum())]
        for side, won in enumerate(wins):
            low, high = wilson(won, n)
            row.update({f"wins_{side}": won, f"win_rate_{side}": won / n if n else 0.0})
            row.update({f"ci_low_{side}": low, f"ci_high_{side}": high})
        if duel:
            row["draws"] = int(games["winner"].isna().sum())
        row["mean_steps"] = float(games["steps"].mean()) if n else float("nan")
        turns = games["turns"].dropna()
        row["mean_turns"] = float(turns.mean()) if len(turns) else float("nan")
        for name, q in LENGTH_QUANTILES.items():
            way: Literal["linear", "nearest"] = "linear" if q == 0.5 else "nearest"
            row[name] = float(turns.quantile(q, interpolation=way)) if len(turns) else float("nan")
        if sweep_game(cell.game).support.floors is not None:
            row["mean_floor_reached"] = float(games["floor_reached"].mean()) if n else float("nan")
        rows.append(row)
    return whole_numbers(pd.DataFrame(rows), cells)


def whole_numbers(frame: pd.DataFrame, cells: Sequence[Cell]) -> pd.DataFrame:
    """Parameter columns of whole numbers stay whole numbers where a cell's value is None (a `hand_limit` of
    none, 6 and 8 reads <NA>, 6, 8 - not NaN, 6.0, 8.0 - in the frame and in every file written from it)."""
    values: dict[str, list[object]] = {}
    for cell in cells:
        for name, value in cell.params().items():
            values.setdefault(name, []).append(value)
    for name, seen in values.items():
        given = [v for v in seen if v is not None]
        if name in frame and given and len(given) < len(seen) and all(type(v) is int for v in given):
            frame[name] = frame[name].astype("Int64")
    return frame


def write_frame(frame: pd.DataFrame, path: Path, fmt: str) -> Path:
    """Write `frame` to `path` as CSV (`fmt` "csv") or Parquet, atomically through rules.core.files (a FIFO, a
    device, a folder or a link there is refused and left as it is; CannotWrite in words when the folder is missing
    or not writable, or the disk is full)."""
    buffer = io.BytesIO()
    if fmt == "csv":
        frame.to_csv(buffer, index=False)
    else:
        frame.to_parquet(buffer, index=False)
    return write_file(path, buffer.getvalue())
