"""Shares written as percentages, rounded half up as a reader rounds: 17 of 40 games is 43%, not the 42% that
formatting the float 0.425 (stored just under it) with '.0%' gives."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction


def signed_percent(difference: float | Fraction, places: int = 0) -> str:
    """A difference of shares with its sign, rounded as `percent` rounds (half away from zero): '+43%', '-8%'."""
    return ("+" if difference >= 0 else "") + percent(difference, places)


def percent(share: float | Fraction, places: int = 0) -> str:
    """`share` (0.425 or Fraction(17, 40)) as '43%' (or '42.5%' at one place); a float is read at its shortest
    decimal spelling, the number it was written as, so that its binary rounding does not move a half down."""
    if isinstance(share, Fraction):
        exact = Decimal(share.numerator) / Decimal(share.denominator)
    else:
        exact = Decimal(repr(float(share)))
    if not exact.is_finite():
        return f"{float(share):.{places}%}"
    rounded = (exact * 100).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    return f"{rounded:.{places}f}%"
