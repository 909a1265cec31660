"""The metagame: which armies a field of good players would pick, and how often, from a matchup matrix.

The army-choice game is a symmetric zero-sum game: each player picks an army, and the payoff of army i against
army j is i's share of their games won, less one half (a mirror match is even). Its Nash equilibrium is a mix of
armies no choice beats on average, found by linear programming (scipy's `linprog`): maximise v such that the mix
scores at least v against every army. An army with share 0 is one no good player picks; a balanced game has every
army in the mix. Each share's 90% range comes from solving again on matrices redrawn from the measured win counts
(a parametric bootstrap), so a share that rests on a few games says so.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
from scipy.optimize import linprog

from rules.balance.measure import Tally
from rules.core.percent import percent

if TYPE_CHECKING:
    import pandas as pd

BOOTSTRAP = 200
"""Matrices redrawn for the shares' ranges."""


@dataclass(frozen=True, slots=True)
class Equilibrium:
    """The equilibrium mix of armies (`shares`, summing to 1), its value to a player (0 in a symmetric game, up to
    the solver's precision) and each share's 90% range over redrawn matrices."""

    armies: tuple[str, ...]
    shares: tuple[float, ...]
    value: float
    low: tuple[float, ...]
    high: tuple[float, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            a: {"share": s, "range90": [lo, hi]}
            for a, s, lo, hi in zip(self.armies, self.shares, self.low, self.high, strict=True)
        }

    def text(self) -> str:
        parts = [
            f"{a} {percent(s)} ({percent(lo)}-{percent(hi)})"
            for a, s, lo, hi in zip(self.armies, self.shares, self.low, self.high, strict=True)
        ]
        return "equilibrium mix (90% range): " + ", ".join(parts)


Matrix = Mapping[tuple[str, str], Tally]
"""Each unordered matchup (a, b) as a's tally against b (both seats together)."""


def payoff(armies: Sequence[str], rates: Mapping[tuple[str, str], float]) -> np.ndarray:
    """The payoff matrix: rates[(a, b)] - 1/2 above the diagonal, its negative below, 0 on it."""
    n = len(armies)
    out = np.zeros((n, n))
    for i, j in itertools.combinations(range(n), 2):
        a, b = armies[i], armies[j]
        rate = rates[(a, b)] if (a, b) in rates else 1.0 - rates[(b, a)]
        out[i, j], out[j, i] = rate - 0.5, 0.5 - rate
    return out


def solve(matrix: np.ndarray) -> tuple[np.ndarray, float]:
    """The row player's maximin mix of a zero-sum matrix game and its value (linprog, HiGHS)."""
    n = matrix.shape[0]
    # variables: x_1..x_n, v; minimise -v; for every column j: v - sum_i x_i M[i, j] <= 0; sum x = 1
    cost = np.zeros(n + 1)
    cost[-1] = -1.0
    upper = np.hstack([-matrix.T, np.ones((n, 1))])
    equal = np.hstack([np.ones((1, n)), np.zeros((1, 1))])
    bounds = [(0.0, 1.0)] * n + [(None, None)]
    found = linprog(cost, A_ub=upper, b_ub=np.zeros(n), A_eq=equal, b_eq=[1.0], bounds=bounds, method="highs")
    if not found.success:
        raise ValueError(f"the equilibrium could not be found: {found.message}")
    shares = np.clip(found.x[:n], 0.0, 1.0)
    return shares / shares.sum(), float(found.x[-1])


def equilibrium(armies: Sequence[str], matrix: Matrix, *, seed: int = 0, draws: int = BOOTSTRAP) -> Equilibrium:
    """The army-choice game's equilibrium from each matchup's tally, with each share's 90% range."""
    rates = {pair: t.rate for pair, t in matrix.items()}
    shares, value = solve(payoff(armies, rates))
    rng = np.random.default_rng(seed)
    samples = []
    for _ in range(draws):
        redrawn = {
            pair: float(rng.binomial(t.trials, t.rate)) / t.trials if t.trials else 0.5 for pair, t in matrix.items()
        }
        samples.append(solve(payoff(armies, redrawn))[0])
    drawn = np.array(samples) if samples else shares[None, :]
    low, high = np.quantile(drawn, 0.05, axis=0), np.quantile(drawn, 0.95, axis=0)
    return Equilibrium(
        tuple(armies),
        tuple(round(float(s), 4) + 0.0 for s in shares),
        round(value, 6) + 0.0,
        tuple(round(float(x), 4) + 0.0 for x in low),
        tuple(round(float(x), 4) + 0.0 for x in high),
    )


def matrix_from_summary(summary: pd.DataFrame) -> tuple[list[str], dict[tuple[str, str], Tally]]:
    """The armies and unordered matchups of any Attack the Tower sweep's summary over army pairs (both seats of a
    pair added together when both were played; draws left out of the games that count): `armies, matrix =
    matrix_from_summary(result.summary)`, then `equilibrium(armies, matrix)`. ValueError, in words, for a summary of
    several settings (strengths, rules values, card variants): their games would be added up into one matrix."""
    from rules.sweeps.matchups import setting_columns

    mixed = [
        f"{column}: {', '.join(map(str, summary[column].unique()))}"
        for column in setting_columns(summary)
        if summary[column].nunique() > 1
    ]
    if mixed:
        first = mixed[0].split(":")[0]
        raise ValueError(
            f"the summary holds several settings ({'; '.join(mixed)}), and a matchup matrix is of one: keep the rows "
            f"of one first, e.g. summary[summary[{first!r}] == {summary[first].iloc[0]!r}]"
        )
    armies: list[str] = []
    found: dict[tuple[str, str], Tally] = {}
    for _, row in summary.iterrows():
        a, b = str(row["army_0"]), str(row["army_1"])
        if a == b:
            continue
        armies += [x for x in (a, b) if x not in armies]
        wins_a, wins_b, draws = int(row["wins_0"]), int(row["wins_1"]), int(row.get("draws", 0))
        key, mine = ((a, b), wins_a) if (b, a) not in found else ((b, a), wins_b)
        found[key] = found.get(key, Tally()) + Tally(mine, wins_a + wins_b, draws)
    return armies, found


def matrix_from_tallies(armies: Sequence[str], tallies: Mapping[str, Tally]) -> dict[tuple[str, str], Tally]:
    """A balance's measures ("undead v bandits") as a matchup matrix."""
    pairs = itertools.combinations(armies, 2)
    return {(a, b): tallies[f"{a} v {b}"] for a, b in pairs if f"{a} v {b}" in tallies}


def tally_of(matrix: Matrix, row: str, column: str) -> Tally | None:
    """The row army's tally against the column army, whichever way round the matrix holds their matchup (None
    when it does not)."""
    if (row, column) in matrix:
        return matrix[(row, column)]
    other = matrix.get((column, row))
    return None if other is None else Tally(other.trials - other.successes, other.trials, other.draws)
