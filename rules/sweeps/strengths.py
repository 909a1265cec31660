"""A sweep played at several strengths side by side: each combination's win rate at each strength, its game
lengths, and whether the conclusion - which side is favoured, its interval clear of even - is the same at
every strength (`SweepSpec.strengths`)."""

from __future__ import annotations

import pandas as pd

from rules.sweeps.spec import SweepSpec


def favoured(row: pd.Series) -> str:
    """Which side a summary row favours: player 1 when its interval is above 50%, player 2 when player 1's is
    below (a duel), else neither; in a solo or cooperative game, the table ("won") or "lost" the same way."""
    above, below = ("player 1", "player 2") if "wins_1" in row else ("won", "lost")
    if row["ci_low_0"] > 0.5:
        return above
    return below if row["ci_high_0"] < 0.5 else "neither"


def compare_strengths(spec: SweepSpec, summary: pd.DataFrame) -> pd.DataFrame:
    """One row per combination of the grid: what it sets, then for each strength its games, player 1's (or the
    table's) win rate with its interval, its median and mean turns and what it favours; and `agrees`, True when
    every strength favours the same. A combination not finished at every strength is left out."""
    if not spec.strengths or summary.empty:
        return pd.DataFrame()
    strengths = list(spec.strengths)
    keys = [c for c in summary.columns if c in _grid_columns(summary)]
    rows = []
    for values, group in summary.groupby(keys, sort=False, dropna=False):
        found = {str(r["strength"]): r for _, r in group.iterrows()}
        if set(found) != set(strengths):
            continue
        row = dict(zip(keys, values if isinstance(values, tuple) else (values,), strict=True))
        verdicts = []
        for name in strengths:
            r = found[name]
            verdict = favoured(r)
            verdicts.append(verdict)
            row.update(
                {
                    f"{name}_games": int(r["games"]),
                    f"{name}_win_rate": float(r["win_rate_0"]),
                    f"{name}_ci_low": float(r["ci_low_0"]),
                    f"{name}_ci_high": float(r["ci_high_0"]),
                    f"{name}_turns_median": float(r["turns_median"]),
                    f"{name}_mean_turns": float(r["mean_turns"]),
                    f"{name}_favours": verdict,
                }
            )
        row["agrees"] = len(set(verdicts)) == 1
        rows.append(row)
    return pd.DataFrame(rows)


_RESULTS = {"games", "draws", "mean_steps", "mean_turns", "mean_floor_reached", "strength", "cell"}


def _grid_columns(summary: pd.DataFrame) -> list[str]:
    """The summary's columns that say which combination a row is (not its strength, policies or results)."""
    results = ("wins_", "win_rate_", "ci_", "turns_", "policy")
    return [str(c) for c in summary.columns if str(c) not in _RESULTS and not str(c).startswith(results)]
