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
from rules.sweeps.strengths import agreement, agreement_shown, grid_columns

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


def compare_matchup_strengths(pairs: pd.DataFrame, strengths: list[str]) -> pd.DataFrame:
    """Each pair of armies over both seats (rows of `both_seats`) at every strength side by side: the settings,
    the pair, the army each strength favours (`{name}_favours`, "neither" where it cannot tell, as
    `compare_strengths` writes it), `agrees` and their `agreement` (`rules.sweeps.strengths.agreement`): the
    designer's question of whether the answer depends on the play, asked of the matchup, not of each seat order.
    A pair not played at every strength is left out."""
    if pairs.empty or "strength" not in pairs.columns or not strengths:
        return pd.DataFrame()
    keys = _pair_keys(pairs)
    rows: list[dict[str, Any]] = []
    for values, group in pairs.groupby(keys, sort=False, dropna=False):
        found = {str(r["strength"]): r for r in group.to_dict(orient="records")}
        if set(found) != set(strengths):
            continue
        row: dict[str, Any] = dict(zip(keys, values if isinstance(values, tuple) else (values,), strict=True))
        # a pair no strength can tell is None in `both_seats` (NaN once grouped by pandas)
        sides = [side if isinstance(side := found[name]["favours"], str) else "neither" for name in strengths]
        row.update({f"{name}_favours": side for name, side in zip(strengths, sides, strict=True)})
        row["agrees"] = len(set(sides)) == 1
        row["agreement"] = agreement(sides)
        rows.append(row)
    return pd.DataFrame(rows)


def _pair_keys(pairs: pd.DataFrame) -> list[str]:
    """What tells one pair of `both_seats` from another but the strength: its settings (the columns `both_seats`
    writes before the armies) and its armies."""
    settings = list(pairs.columns[: pairs.columns.get_loc("army_a")])
    return [c for c in settings if c != "strength"] + ["army_a", "army_b"]


def matchup_agreements(pairs: pd.DataFrame, strengths: list[str]) -> list[str | None]:
    """For each row of `pairs` (`both_seats`), its pair's agreement across `strengths` as `agreement_shown` says it
    ("same", "none", "unsettled", "opposite"); None where the pair was not played at every strength."""
    compared = compare_matchup_strengths(pairs, strengths)
    if compared.empty:
        return [None] * len(pairs)
    keys = _pair_keys(pairs)
    shown = {tuple(str(r[k]) for k in keys): agreement_shown(r, strengths) for r in compared.to_dict(orient="records")}
    return [shown.get(tuple(str(r[k]) for k in keys)) for r in pairs.to_dict(orient="records")]


def matchup_agreement_words(row: Mapping[Any, Any], strengths: list[str]) -> str:
    """A pair's verdicts at every strength and whether they agree, in a line: "undead v bandits, both seats:
    planner favours bandits; tuned cannot tell - not settled (more games may)"."""
    said = []
    for name in strengths:
        side = row[f"{name}_favours"]
        said.append(f"{name} {'cannot tell' if side == 'neither' else 'favours ' + side}")
    told = MATCHUP_AGREEMENT[agreement_shown(row, strengths)]
    return f"{row['army_a']} v {row['army_b']}, both seats: {'; '.join(said)} - {told}"


MATCHUP_AGREEMENT = {
    "same": "the same",
    "none": "none can tell yet (more games may)",
    "unsettled": "not settled (more games may)",
    "opposite": "CONCLUSIONS DIFFER",
}
"""A pair's `agreement_shown` across strengths in the words of its line."""
