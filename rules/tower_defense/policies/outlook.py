"""What the rest of the session holds for a tower: which units will still cross each track piece, how
hard they are to defeat, and so how many defeats a tower of some damage and reach could offer there.

The planner weighs where to build and what to upgrade with these numbers; they read the position
only (the waves on the field and those still to call), so they hold no rule of their own.
"""

from __future__ import annotations

import bisect
import functools
from dataclasses import dataclass

from rules.tower_defense import catalog
from rules.tower_defense.cards import CreditType, UnitSpec
from rules.tower_defense.engine import combat
from rules.tower_defense.model import GameState, Tower
from rules.tower_defense.places import Coord, TrackPiece, distance

UPCOMING_MODIFIER_HIT_POINTS = 1
"""Hit Points a wave not yet called is expected to gain from its wave modifier."""


@dataclass(frozen=True, slots=True)
class Outlook:
    """For every numbered track piece on the field, the sorted Hit Points of the units still to cross it."""

    hit_points: dict[Coord, tuple[int, ...]]

    def defeats(self, at: Coord, reach: int, damage: int, pieces: tuple[TrackPiece, ...]) -> int:
        """Units a tower on `at` could defeat on the pieces within `reach` (one count per unit and piece)."""
        total = 0
        for piece in _within(pieces, at, reach):
            hps = self.hit_points.get(piece)
            if hps:
                total += bisect.bisect_right(hps, damage)
        return total


@functools.lru_cache(maxsize=4096)
def _within(pieces: tuple[TrackPiece, ...], at: Coord, reach: int) -> tuple[Coord, ...]:
    return tuple(p.at for p in pieces if p.number and distance(at, p.at) <= reach)


def unit_hit_points(state: GameState, unit: UnitSpec, modifier_hp: int) -> int:
    """The Hit Points an attack must meet: the unit's, its modifier's, the condition's and an attribute's."""
    hp = unit.hit_points + modifier_hp + combat.attribute_hit_points(state.rules, unit, False)
    if state.condition is not None:
        hp += catalog.condition(state.condition.id).hit_points
    return hp


def outlook(state: GameState) -> Outlook:
    """Which units will still cross each piece: a wave on the field crosses the pieces ahead of it,
    a wave still to call crosses its whole track."""
    ahead: dict[tuple[str, bool, int], list[int]] = {}
    for wave in state.waves:
        mod = catalog.modifier(wave.modifier).hit_points if wave.modifier else 0
        hps = [unit_hit_points(state, u, mod) for u in wave.spec.units[wave.defeated :]]
        ahead.setdefault((wave.track, wave.spec.reverse, wave.progress), []).extend(hps)
    for call in state.upcoming:
        for wave_id in call:
            spec = catalog.wave(wave_id)
            hps = [unit_hit_points(state, u, UPCOMING_MODIFIER_HIT_POINTS) for u in spec.units]
            ahead.setdefault((spec.track, spec.reverse, 0), []).extend(hps)
    out: dict[Coord, tuple[int, ...]] = {}
    length = state.rules.track_length + 1
    for piece in state.board.track:
        if not piece.number:
            continue
        hps = [
            hp
            for (track, reverse, start), group in ahead.items()
            if track == piece.track and start < (length - piece.number if reverse else piece.number)
            for hp in group
        ]
        out[piece.at] = tuple(sorted(hps))
    return Outlook(out)


def effective_damage(state: GameState, card: str, level: int, boost_credits: int) -> int:
    """What a tower of `card` at `level` deals alone, counting for a Boost tower the table's Boost credits
    (up to the matching pair, 6.C.II), since those are what make it strong."""
    spec = catalog.tower(card)
    if spec.reach != "range":
        return 0
    base = spec.damage(level)
    if spec.type != "boost" or boost_credits <= 0:
        return base
    boost: CreditType = "boost"
    credits = (boost,) * min(2, boost_credits)
    bonus: int = sum(combat.boost_bonus(state.rules, spec, level, credits).values())
    return base + bonus


def combine_sites(state: GameState, spaces: list[Coord]) -> dict[Coord, tuple[Tower, ...]]:
    """Where a Combine tower joins (or could join) towers: each Combine tower's space, and each free space
    beside a range tower (a Mark I Combine tower's Radius is 1), with the range towers within reach."""
    ranged = [t for t in state.towers if catalog.tower(t.card).reach == "range"]
    out: dict[Coord, tuple[Tower, ...]] = {}
    for c in state.towers:
        if catalog.tower(c.card).type == "combine":
            out[c.at] = tuple(t for t in ranged if distance(t.at, c.at) <= combat.tower_range(c))
    for at in spaces:
        near = tuple(t for t in ranged if distance(t.at, at) <= 1)
        if near:
            out[at] = near
    return out
