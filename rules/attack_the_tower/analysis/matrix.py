"""Zero-sum matrix games with exact rational answers: the row player maximises, the column player minimises.

Payoffs are Fractions. Small games are solved exactly without floating point (iterated weak dominance,
a pure saddle point, the 2x2 formula). Larger ones go to linear programming (scipy's `linprog` with
HiGHS); the floating-point answer is then made exact: on the supports HiGHS found, the indifference
equations are solved in Fractions, and the result is checked exactly: the row strategy guarantees at
least v against every column, the column strategy concedes at most v against every row. When that
fails (a degenerate game where the supports do not pin one answer), the float strategies are
rationalised with `limit_denominator`, and the exact gap between the two guarantees is reported: the
strategies are then an epsilon-equilibrium with epsilon = gap, and `exact` is False.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

Matrix = Sequence[Sequence[Fraction]]


@dataclass(frozen=True, slots=True)
class MatrixSolution:
    """The solution of a zero-sum game: value, both mixed strategies, and how exact they are.

    `row_guarantee` is the least the row strategy wins against any column; `col_guarantee` the most the
    column strategy concedes against any row; `gap` their difference (0 for an exact equilibrium, where
    both equal `value`)."""

    value: Fraction
    rows: tuple[Fraction, ...]
    cols: tuple[Fraction, ...]
    row_guarantee: Fraction
    col_guarantee: Fraction
    method: str

    @property
    def gap(self) -> Fraction:
        return self.col_guarantee - self.row_guarantee

    @property
    def exact(self) -> bool:
        return self.gap == 0


def _scaled(payoff: Matrix) -> tuple[list[list[int]], int]:
    """The payoffs as integers over one common denominator (exact, fast to compare)."""
    den = math.lcm(*(v.denominator for row in payoff for v in row))
    return [[v.numerator * (den // v.denominator) for v in row] for row in payoff], den


def guarantees(
    ints: list[list[int]], den: int, x: Sequence[Fraction], y: Sequence[Fraction]
) -> tuple[Fraction, Fraction]:
    """(least x wins against any column, most y concedes against any row), exactly."""
    m, n = len(ints), len(ints[0])
    xd = math.lcm(*(f.denominator for f in x))
    xi = [f.numerator * (xd // f.denominator) for f in x]
    yd = math.lcm(*(f.denominator for f in y))
    yi = [f.numerator * (yd // f.denominator) for f in y]
    col_values = [sum(xi[i] * ints[i][j] for i in range(m) if xi[i]) for j in range(n)]
    row_values = [sum(yi[j] * ints[i][j] for j in range(n) if yi[j]) for i in range(m)]
    return Fraction(min(col_values), xd * den), Fraction(max(row_values), yd * den)


def _reduce(ints: list[list[int]]) -> tuple[list[int], list[int]]:
    """Rows and columns left after iterated weak dominance (of two equal ones, the later goes)."""
    a = np.array(ints, dtype=object) if _too_big(ints) else np.array(ints, dtype=np.int64)
    rows = list(range(len(ints)))
    cols = list(range(len(ints[0])))
    changed = True
    while changed and (len(rows) > 1 or len(cols) > 1):
        changed = False
        sub = a[np.ix_(rows, cols)]
        if len(rows) > 1:
            keep = _undominated(sub)
            if len(keep) < len(rows):
                rows = [rows[s] for s in keep]
                changed = True
                sub = a[np.ix_(rows, cols)]
        if len(cols) > 1:
            keep = _undominated(-sub.T)  # the column player minimises: a column is a row of the negated transpose
            if len(keep) < len(cols):
                cols = [cols[d] for d in keep]
                changed = True
    return rows, cols


def _undominated(sub: Any) -> list[int]:
    """The rows of `sub` no other row weakly dominates for the maximiser (of two equal ones, the later goes)."""
    ge = np.all(sub[:, None, :] >= sub[None, :, :], axis=2)  # ge[r, s]: row r >= row s everywhere
    n = len(sub)
    return [s for s in range(n) if not any(ge[r, s] and (not ge[s, r] or r < s) for r in range(n) if r != s)]


def _too_big(ints: list[list[int]]) -> bool:
    return any(abs(v) >= 2**62 for row in ints for v in row)


def _solve_exactly(
    ints: list[list[int]], support: list[int], against: list[int], by_rows: bool
) -> tuple[list[Fraction], Fraction] | None:
    """Solve the indifference equations exactly: the mix on `support` (rows when by_rows) that makes every
    line of `against` pay the same v, and sums to 1. None when they do not pin one answer."""
    k = len(support)
    equations: list[list[Fraction]] = []
    for line in against:
        coeffs = [Fraction(ints[s][line] if by_rows else ints[line][s]) for s in support]
        equations.append([*coeffs, Fraction(-1), Fraction(0)])
    equations.append([Fraction(1)] * k + [Fraction(0), Fraction(1)])
    unknowns = k + 1
    pivot_row = 0
    pivots: list[int] = []
    for col in range(unknowns):
        found = next((r for r in range(pivot_row, len(equations)) if equations[r][col] != 0), None)
        if found is None:
            return None
        equations[pivot_row], equations[found] = equations[found], equations[pivot_row]
        p = equations[pivot_row][col]
        equations[pivot_row] = [v / p for v in equations[pivot_row]]
        for r in range(len(equations)):
            if r != pivot_row and equations[r][col] != 0:
                f = equations[r][col]
                equations[r] = [a - f * b for a, b in zip(equations[r], equations[pivot_row], strict=True)]
        pivots.append(col)
        pivot_row += 1
    if any(row[-1] != 0 for row in equations[pivot_row:]):
        return None
    solution = [equations[i][-1] for i in range(unknowns)]
    mix, value = solution[:k], solution[k]
    if any(p < 0 for p in mix):
        return None
    return mix, value


def _spread(mix: Sequence[Fraction], support: Sequence[int], size: int) -> tuple[Fraction, ...]:
    placed = dict(zip(support, mix, strict=True))
    return tuple(placed.get(i, Fraction(0)) for i in range(size))


def _rationalise(values: Sequence[float], limit: int = 10**6) -> tuple[Fraction, ...]:
    fracs = [max(Fraction(0), Fraction(v).limit_denominator(limit)) for v in values]
    total = sum(fracs, Fraction(0))
    if total == 0:
        return tuple(Fraction(1 if i == 0 else 0) for i in range(len(values)))
    return tuple(f / total for f in fracs)


def solve_matrix(payoff: Matrix) -> MatrixSolution:
    """The value and optimal mixed strategies of a zero-sum game (rows maximise, columns minimise)."""
    m = len(payoff)
    n = len(payoff[0]) if m else 0
    if m == 0 or n == 0:
        raise ValueError("a matrix game needs at least one row and one column")
    ints, den = _scaled(payoff)
    rows, cols = _reduce(ints) if m * n > 1 else ([0], [0])
    # a pure saddle point of the reduced game
    row_mins = {r: min(ints[r][c] for c in cols) for r in rows}
    col_maxs = {c: max(ints[r][c] for r in rows) for c in cols}
    best_row = max(rows, key=lambda r: (row_mins[r], -r))
    best_col = min(cols, key=lambda c: (col_maxs[c], c))
    if row_mins[best_row] == col_maxs[best_col]:
        x = tuple(Fraction(int(i == best_row)) for i in range(m))
        y = tuple(Fraction(int(j == best_col)) for j in range(n))
        return _checked(ints, den, x, y, "pure saddle point")
    if len(rows) == 2 and len(cols) == 2:
        (r1, r2), (c1, c2) = rows, cols
        a, b, c, d = ints[r1][c1], ints[r1][c2], ints[r2][c1], ints[r2][c2]
        denom = a - b - c + d
        p = Fraction(d - c, denom)
        q = Fraction(d - b, denom)
        x = _spread([p, 1 - p], rows, m)
        y = _spread([q, 1 - q], cols, n)
        return _checked(ints, den, x, y, "2x2 closed form")
    return _linear_programme(ints, den, rows, cols, m, n)


def _linear_programme(
    ints: list[list[int]], den: int, rows: list[int], cols: list[int], m: int, n: int
) -> MatrixSolution:
    sub = np.array([[ints[r][c] for c in cols] for r in rows], dtype=float)
    scale = float(np.max(np.abs(sub))) or 1.0
    sub /= scale
    k, l_ = len(rows), len(cols)
    # variables: x (k), v; maximise v subject to v - sum_i x_i a_ij <= 0 for every column j, sum x = 1
    c = np.zeros(k + 1)
    c[-1] = -1.0
    a_ub = np.hstack([-sub.T, np.ones((l_, 1))])
    b_ub = np.zeros(l_)
    a_eq = np.hstack([np.ones((1, k)), np.zeros((1, 1))])
    bounds = [(0.0, None)] * k + [(None, None)]
    from scipy.optimize import linprog  # 0.35 s to import: only a game that needs the LP pays it

    res = linprog(c, A_ub=a_ub, b_ub=b_ub, A_eq=a_eq, b_eq=[1.0], bounds=bounds, method="highs-ds")
    if res.status != 0:  # pragma: no cover - a finite matrix game always has a solution
        raise ArithmeticError(f"the linear programme failed: {res.message}")
    xf = np.clip(res.x[:k], 0.0, None)
    yf = np.clip(-np.asarray(res.ineqlin.marginals), 0.0, None)
    if yf.sum() <= 0:  # pragma: no cover
        yf = np.ones(l_)
    yf = yf / yf.sum()
    vf = float(res.x[-1])
    tol = 1e-7
    x_support = [i for i in range(k) if xf[i] > 1e-9]
    y_support = [j for j in range(l_) if yf[j] > 1e-9]
    col_pay = sub.T @ xf
    row_pay = sub @ yf
    tight_cols = [j for j in range(l_) if col_pay[j] <= vf + tol]
    tight_rows = [i for i in range(k) if row_pay[i] >= vf - tol]
    x_exact = _solve_exactly(ints, [rows[i] for i in x_support], [cols[j] for j in tight_cols], by_rows=True)
    y_exact = _solve_exactly(ints, [cols[j] for j in y_support], [rows[i] for i in tight_rows], by_rows=False)
    if x_exact is not None and y_exact is not None:
        x = _spread(x_exact[0], [rows[i] for i in x_support], m)
        y = _spread(y_exact[0], [cols[j] for j in y_support], n)
        solution = _checked(ints, den, x, y, "linear programming (HiGHS), made exact on its supports")
        if solution.exact:
            return solution
    x = _spread(list(_rationalise(list(xf))), rows, m)
    y = _spread(list(_rationalise(list(yf))), cols, n)
    return _checked(ints, den, x, y, "linear programming (HiGHS), rationalised")


def _checked(
    ints: list[list[int]], den: int, x: tuple[Fraction, ...], y: tuple[Fraction, ...], method: str
) -> MatrixSolution:
    low, high = guarantees(ints, den, x, y)
    value = low if low == high else _expected(ints, den, x, y)
    return MatrixSolution(value, x, y, low, high, method)


def _expected(ints: list[list[int]], den: int, x: Sequence[Fraction], y: Sequence[Fraction]) -> Fraction:
    total = Fraction(0)
    for i, p in enumerate(x):
        if p:
            total += p * sum((q * ints[i][j] for j, q in enumerate(y) if q), Fraction(0))
    return total / den
