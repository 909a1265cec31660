"""A sweep played at several strengths side by side: each combination's win rate at each strength, its game
lengths, and whether the conclusion - which side is favoured, its interval clear of even - is the same at
every strength (`SweepSpec.strengths`)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import pandas as pd

from rules.core.errors import counted
from rules.core.ladder import wilson
from rules.core.percent import percent
from rules.sweeps.spec import SweepSpec


def decided_share(row: pd.Series | dict[str, Any]) -> tuple[float, float, float, int]:
    """Player 1's share of the games somebody won, with its Wilson 95% interval and how many there were: in a
    duel draws favour nobody, so they are counted apart (a solo or cooperative game: the table's win rate over
    every game)."""
    if "wins_1" not in row:
        return float(row["win_rate_0"]), float(row["ci_low_0"]), float(row["ci_high_0"]), int(row["games"])
    first, decided = int(row["wins_0"]), int(row["wins_0"]) + int(row["wins_1"])
    low, high = wilson(first, decided)
    return (first / decided if decided else float("nan")), low, high, decided


def favoured(row: pd.Series | dict[str, Any]) -> str:
    """Which side a summary row favours: player 1 when its share of the decided games has its interval above
    50%, player 2 when below, else neither; in a solo or cooperative game, the table ("won") or "lost" the same
    way over every game."""
    above, below = ("player 1", "player 2") if "wins_1" in row else ("won", "lost")
    _, low, high, decided = decided_share(row)
    if decided and low > 0.5:
        return above
    return below if decided and high < 0.5 else "neither"


TABLE_VERDICTS = {
    "won": "won more often than lost",
    "lost": "lost more often than won",
    "neither": "neither won nor lost clearly more often",
}
"""A solo or cooperative game's verdicts (`favoured` over every game) in words: nobody is favoured there."""


def favoured_words(verdict: str, row: Mapping[Any, Any]) -> str:
    """A duel's verdict as a designer reads it: the army a seat plays named beside the seat ("player 2
    (bandits)")."""
    seat = {"player 1": "army_0", "player 2": "army_1"}.get(verdict)
    return f"{verdict} ({row[seat]})" if seat is not None and seat in row else verdict


def verdict_words(name: str, row: Mapping[Any, Any]) -> str:
    """One strength's verdict in words: "favours player 2 (bandits)" in a duel, "won more often than lost" at a
    solo or cooperative table (whose rows have no decided games)."""
    verdict = row[f"{name}_favours"]
    if f"{name}_decided" not in row:
        return TABLE_VERDICTS[verdict]
    if verdict == "neither":
        return "no side shown favoured (the interval reaches 50%)"
    return f"favours {favoured_words(verdict, row)}"


def agreement(verdicts: list[str]) -> str:
    """How a combination's verdicts at several strengths (`favoured`) compare: "same" (all alike), "opposite"
    (two strengths favour different sides, or one a win and another a loss) or "unsettled" (some strengths show a
    side, others none: more games may settle it either way)."""
    shown = {v for v in verdicts if v != "neither"}
    if len(set(verdicts)) == 1:
        return "same"
    return "opposite" if len(shown) > 1 else "unsettled"


def agreement_shown(row: Mapping[Any, Any], names: list[str]) -> str:
    """A compared combination's `agreement` as it is told: "none" where every strength agrees only in showing no
    side (nothing to agree on yet), else the agreement itself ("same", "unsettled", "opposite")."""
    kind: str = row["agreement"]
    return "none" if kind == "same" and row[f"{names[0]}_favours"] == "neither" else kind


def agreement_words(row: Mapping[Any, Any], names: list[str]) -> str:
    """A compared combination's `agreement` in words, naming the strengths where it is not the same."""
    kind = agreement_shown(row, names)
    if kind == "none":
        return "the same at every strength: none can tell yet (more games may)"
    if kind == "same":
        return "the same conclusion at every strength"
    unshown = [n for n in names if row[f"{n}_favours"] == "neither"]
    if kind == "unsettled":
        return f"not settled: {' and '.join(unshown)} cannot tell yet (the interval reaches 50%; more games may)"
    return "CONCLUSIONS DIFFER: " + "; ".join(f"{n} {verdict_words(n, row)}" for n in names if n not in unshown)


def strength_words(name: str, row: Mapping[Any, Any], to: str = "-") -> tuple[str, str, str]:
    """One strength's figures of a compared combination (a row of `compare_strengths`) in words: what the
    verdict rests on with its interval (a duel: player 1's share of the decided games and the draws), the
    game lengths (in steps where the game counts no turns), and the verdict (`verdict_words`); `to` joins the
    ends of a range."""
    if f"{name}_decided" in row and not row[f"{name}_decided"]:
        share = f"no game decided, {counted(row[f'{name}_draws'], 'draw')}"
    elif f"{name}_decided" in row:
        low, high = row[f"{name}_decided_low"], row[f"{name}_decided_high"]
        share = f"{percent(row[f'{name}_decided_share'], 1)} of {row[f'{name}_decided']} decided "
        share += f"({percent(low, 1)}{to}{percent(high, 1)})"
        share += f", {counted(row[f'{name}_draws'], 'draw')}"
    else:
        low, high = row[f"{name}_ci_low"], row[f"{name}_ci_high"]
        share = f"{percent(row[f'{name}_win_rate'], 1)} ({percent(low, 1)}{to}{percent(high, 1)})"
    median, shortest, longest = (row[f"{name}_turns_{q}"] for q in ("median", "p10", "p90"))
    if math.isnan(median):  # a game that counts no turns: its mean length in steps
        turns = f"{row[f'{name}_mean_steps']:.0f} steps (mean; the game counts no turns)"
    else:
        turns = f"median {median:g} turn{'' if median == 1 else 's'}, the middle 80% {shortest:g}{to}{longest:g}"
    return share, turns, verdict_words(name, row)


def verdicts_rest_on(summary: pd.DataFrame) -> str:
    """What the verdicts of a sweep's summary rest on, in words (`decided_share`: a duel's or a table's)."""
    if "wins_1" in summary:
        return "player 1's share of the games somebody won (draws favour nobody)"
    return "the win rate"


def compare_strengths(spec: SweepSpec, summary: pd.DataFrame) -> pd.DataFrame:
    """One row per combination of the grid: its number in the grid (`combination`) and what it sets, then for
    each strength its games, player 1's (or the table's) win rate over every game with its interval, a duel's
    draws and player 1's share of the decided games with its interval (what the verdict rests on), the median,
    10% and 90% game lengths in turns and the mean, and what it favours; and `agrees`, True when every strength
    favours the same, with `agreement` saying how they differ when they do. A combination not finished at every
    strength is left out."""
    if not spec.strengths or summary.empty:
        return pd.DataFrame()
    strengths = list(spec.strengths)
    keys = [c for c in summary.columns if c in grid_columns(summary)]
    rows = []
    for values, group in summary.groupby(keys, sort=False, dropna=False):
        found = {str(r["strength"]): r for _, r in group.iterrows()}
        if set(found) != set(strengths):
            continue
        row: dict[str, Any] = {"combination": int(group["cell"].min()) // len(strengths)}
        row.update(zip(keys, values if isinstance(values, tuple) else (values,), strict=True))
        verdicts = []
        for name in strengths:
            r = found[name]
            verdicts.append(favoured(r))
            row.update(_at_strength(name, r, verdicts[-1]))
        row["agrees"] = len(set(verdicts)) == 1
        row["agreement"] = agreement(verdicts)
        rows.append(row)
    return pd.DataFrame(rows)


def _at_strength(name: str, r: pd.Series, verdict: str) -> dict[str, Any]:
    """One strength's columns of a combination's row (see `compare_strengths`)."""
    share, low, high, decided = decided_share(r)
    columns: dict[str, Any] = {
        f"{name}_games": int(r["games"]),
        f"{name}_win_rate": float(r["win_rate_0"]),
        f"{name}_ci_low": float(r["ci_low_0"]),
        f"{name}_ci_high": float(r["ci_high_0"]),
    }
    if "draws" in r:
        columns[f"{name}_draws"] = int(r["draws"])
        columns.update({f"{name}_decided": decided, f"{name}_decided_share": share})
        columns.update({f"{name}_decided_low": low, f"{name}_decided_high": high})
    for length in ("turns_median", "turns_p10", "turns_p90", "mean_turns", "mean_steps"):
        columns[f"{name}_{length}"] = float(r[length])
    columns[f"{name}_favours"] = verdict
    return columns


_RESULTS = {"games", "draws", "mean_steps", "mean_turns", "mean_floor_reached", "strength", "cell"}


def grid_columns(summary: pd.DataFrame) -> list[str]:
    """The summary's columns that say which combination a row is (not its strength, policies or results)."""
    results = ("wins_", "win_rate_", "ci_", "turns_", "policy")
    return [str(c) for c in summary.columns if str(c) not in _RESULTS and not str(c).startswith(results)]
