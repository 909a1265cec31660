"""Experience Points earned at the end of a session (003 'Earning Experience Points').

A map's tier lists brackets such as 'Lives Remain: (1-3) (4-5) (6+) = 1 B EXP': completing with at
least a bracket's lowest number of lives earns its points, every lower bracket's too; a point once
earned is not earned again; completing a harder tier also earns the easier tiers' points for the same
end status; a failed session earns nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rules.tower_defense.cards import ExpBracket

BracketKey = tuple[int, int]
"""(tier index, bracket index), both from 0."""


@dataclass(frozen=True, slots=True)
class Earned:
    tier: int
    bracket: int
    points: int
    exp_type: str


def earned(
    tiers: Sequence[Sequence[ExpBracket]],
    tier: int,
    lives: int,
    already: Iterable[BracketKey] = (),
    *,
    failed: bool = False,
) -> list[Earned]:
    """The EXP a completion of tier `tier` (1 = Tier I) with `lives` remaining earns now."""
    if failed or lives <= 0:
        return []
    done = set(already)
    out = []
    for t in range(min(tier, len(tiers))):
        for b, bracket in enumerate(tiers[t]):
            if lives >= bracket.low and (t, b) not in done:
                out.append(Earned(t, b, bracket.points, bracket.exp_type))
    return out


def totals(points: Iterable[Earned]) -> dict[tuple[int, str], int]:
    """Points by (tier, EXP type), e.g. {(0, 'B'): 2, (1, 'U'): 4}."""
    out: dict[tuple[int, str], int] = {}
    for e in points:
        out[(e.tier, e.exp_type)] = out.get((e.tier, e.exp_type), 0) + e.points
    return out
