"""A matchup over both seat orders: a sweep that plays A against B and B against A says who is favoured in the
matchup itself, the first player's edge evened out (what a designer asks of a pair of armies)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import pandas as pd

from rules.core.errors import counted
from rules.core.ladder import wilson
from rules.core.percent import percent
from rules.sweeps.strengths import grid_columns

SEATS = ("army_0", "army_1")


def setting_columns(summary: pd.DataFrame) -> list[str]:
    """The columns that say at which setting a row was played: the grid's, but the seats, and the strength."""
    return [c for c in grid_columns(summary) if c not in SEATS] + ["strength"] * ("strength" in summary)


def both_seats(summary: pd.DataFrame) -> pd.DataFrame:
    """One row per pair of armies the summary plays in both seat orders (at the same settings and strength): the
    games of the two cells, each army's wins over both (`wins_a` as player 1 in one cell and player 2 in the
    other), the draws, and the first army's share of the decided games with its Wilson 95% interval. Empty for
    a game without armies."""
    if summary.empty or not set(SEATS) <= set(summary.columns):
        return pd.DataFrame()
    keys = setting_columns(summary)
    cells = {(tuple(r[k] for k in keys), r["army_0"], r["army_1"]): r for r in summary.to_dict(orient="records")}
    rows: list[dict[str, Any]] = []
    done: set[tuple[tuple[Any, ...], frozenset[str]]] = set()
    for (setting, a, b), first in cells.items():
        second = cells.get((setting, b, a))
        if a == b or second is None or (setting, frozenset((a, b))) in done:
            continue
        done.add((setting, frozenset((a, b))))
        rows.append({**dict(zip(keys, setting, strict=True)), **_together(a, b, first, second)})
    return pd.DataFrame(rows)


def _together(a: str, b: str, first: Mapping[Any, Any], second: Mapping[Any, Any]) -> dict[str, Any]:
    """The two cells of a pair added up: `a` is player 1 in `first` and player 2 in `second`."""
    wins_a = int(first["wins_0"]) + int(second["wins_1"])
    wins_b = int(first["wins_1"]) + int(second["wins_0"])
    decided = wins_a + wins_b
    low, high = wilson(wins_a, decided)
    return {
        "army_a": a,
        "army_b": b,
        "games": int(first["games"]) + int(second["games"]),
        "wins_a": wins_a,
        "wins_b": wins_b,
        "draws": int(first["draws"]) + int(second["draws"]),
        "share_a": wins_a / decided if decided else math.nan,
        "low_a": low,
        "high_a": high,
        "favours": favoured(a, b, low, high) if decided else None,
    }


def favoured(a: str, b: str, low: float, high: float) -> str | None:
    """The army favoured by the first army's share of the decided games (its interval clear of 50%), else None."""
    if low > 0.5:
        return a
    return b if high < 0.5 else None


def matchup_words(row: Mapping[Any, Any]) -> str:
    """A pair over both seats in a line: the first army's share of the decided games with its interval, the
    draws, and the army favoured (its interval clear of 50%) or that neither is shown favoured yet."""
    a, b = row["army_a"], row["army_b"]
    decided = row["wins_a"] + row["wins_b"]
    if not decided:
        return f"{a} v {b}, both seats: no game decided, {counted(row['draws'], 'draw')}"
    side = favoured(a, b, row["low_a"], row["high_a"])
    verdict = f"favours {side}" if side else "no army shown favoured (the interval reaches 50%)"
    return (
        f"{a} v {b}, both seats: {a} won {percent(row['share_a'], 1)} of {decided:,} decided "
        f"({percent(row['low_a'], 1)}-{percent(row['high_a'], 1)}), {counted(row['draws'], 'draw')} - {verdict}"
    )
