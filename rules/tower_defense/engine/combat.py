"""The arithmetic of attacks: boosts, a tower's damage by type, Hit Points of units and wave
modifiers, resistance and reach. Pure functions of a position; the engine applies their results.

Damage is kept by type (003 Towers: 'A Tower deals damage with an Energy Type that matches its Tower
type'), because a Resistance reduces one type only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from rules.tower_defense import catalog
from rules.tower_defense.cards import CreditType, TowerSpec, UnitSpec
from rules.tower_defense.model import FieldWave, GameState, Tower
from rules.tower_defense.places import Coord, distance
from rules.tower_defense.variants import Rules

Damage = dict[CreditType, int]


def matching_pair(rules: Rules, tower_type: str, credits: tuple[CreditType, ...]) -> bool:
    """003 6.C.II: exactly 2 credits, of the tower's type both ('Exactly 2 Matching Energy')."""
    if len(credits) != 2:
        return False
    return all(c == tower_type or (rules.universal_credit_matches and c == "universal") for c in credits)


def boost_bonus(rules: Rules, spec: TowerSpec, level: int, credits: Iterable[CreditType]) -> Damage:
    """The extra damage, by type, of the credits discarded on one tower this turn (003 6.C).

    Each credit adds 1 (6.C.I). Exactly two credits of the tower's own type add 1 more (6.C.II), and
    never once 3 or more credits are discarded. On a Boost tower, the boost of Boost credits and that
    matching bonus are multiplied by the tower's multiplier ('3 Damage doubled' at level 1 Mark I).
    """
    credits = tuple(sorted(credits))
    multiplier = spec.multiplier(level) if spec.type == "boost" else 1
    out: Counter[CreditType] = Counter()
    for c in credits:
        out[c] += rules.single_credit_boost * (multiplier if c == "boost" else 1)
    if matching_pair(rules, spec.type, credits):
        out[spec.type] += rules.matching_pair_bonus * multiplier
    return dict(out)


def tower_damage(rules: Rules, tower: Tower, extra_credits: Iterable[CreditType] = ()) -> Damage:
    """A tower's damage this turn by type: base damage of its level plus its boosts."""
    spec = catalog.tower(tower.card)
    out: Counter[CreditType] = Counter({spec.type: spec.damage(tower.level)})
    out.update(boost_bonus(rules, spec, tower.level, (*tower.boosts, *extra_credits)))
    return {k: v for k, v in out.items() if v}


def total(damage: Damage) -> int:
    """The damage of every type added up."""
    return sum(damage.values())


def describe(damage: Damage) -> str:
    """'6 (4 Standard + 2 Boost)' or '4 Standard'."""
    parts = [f"{v} {k.capitalize()}" for k, v in sorted(damage.items()) if v]
    if len(parts) <= 1:
        return parts[0] if parts else "0"
    return f"{total(damage)} ({' + '.join(parts)})"


def after_resistance(damage: Damage, unit: UnitSpec) -> int:
    """003: 'When attacking a Unit with Resistance, reduce the Damage Type total by the amount of the
    Resistance Type.'"""
    left = dict(damage)
    for a in unit.attributes:
        if a.kind == "resistance" and a.damage_type is not None:
            left[a.damage_type] = max(0, left.get(a.damage_type, 0) - a.amount)
    return total(left)


def visible_unit(wave: FieldWave) -> UnitSpec:
    """'Only the visible Unit of a Wave (not covered by the Wave Modifier) may be attacked.'"""
    return wave.spec.units[wave.defeated]


def unit_hit_points(state: GameState, wave: FieldWave) -> int:
    """The visible unit's Hit Points with its wave modifier's and the game condition's effects."""
    hp = visible_unit(wave).hit_points
    if wave.modifier is not None:
        hp += catalog.modifier(wave.modifier).hit_points
    if state.condition is not None:
        hp += catalog.condition(state.condition.id).hit_points
    return hp


def attribute_hit_points(rules: Rules, unit: UnitSpec, ignore: bool) -> int:
    """The 'may be treated as though it had 2 (3) additional Hit Points' of tough and armoured units."""
    if ignore:
        return 0
    return (rules.tough_extra_hit_points if unit.has("tough") else 0) + (
        rules.armoured_extra_hit_points if unit.has("armoured") else 0
    )


def modifier_hit_points(state: GameState, wave: FieldWave) -> int:
    """003 phase 2: 'Wave Modifiers have Hit Points equal to 2 + Wave Modifier Difficulty + Wave Number.'"""
    assert wave.modifier is not None
    level = catalog.modifier(wave.modifier).level
    added = wave.number if state.rules.modifier_hit_points_from == "wave_number" else wave.spec.rank
    return state.rules.modifier_base_hit_points + level + added


def reach_needed(state: GameState, origin: Coord, wave: FieldWave, at_unit: bool) -> int | None:
    """The Range an attack from `origin` needs to hit the wave (None when the wave has no space on
    the field); an elusive unit 'needs 1 additional Range'."""
    where = state.wave_location(wave)
    if where is None:
        return None
    extra = state.rules.elusive_extra_range if at_unit and visible_unit(wave).has("elusive") else 0
    return distance(origin, where) + extra


def tower_range(tower: Tower) -> int:
    """The tower's Range (or Radius) at its level."""
    return catalog.tower(tower.card).reach_at(tower.level)


def reaches(state: GameState, tower: Tower, at: Coord, wave: FieldWave | None = None) -> bool:
    """Whether the tower's Range reaches a space, or the unit of the wave standing there (an elusive unit
    'needs 1 additional Range', as the attack itself checks)."""
    if wave is None:
        return distance(tower.at, at) <= tower_range(tower)
    needed = reach_needed(state, tower.at, wave, at_unit=True)
    return needed is not None and needed <= tower_range(tower)


def can_boost(spec: TowerSpec) -> bool:
    """'Radius indicates that the Tower cannot directly deal damage by attacking, and may not be Boosted.'"""
    return spec.reach == "range"


def can_attack(tower: Tower) -> bool:
    """Whether the tower attacks at all: a tower with a Range does; one with a Radius 'cannot directly deal
    damage by attacking' (6.G), whatever its Depletion or the waves in reach."""
    return can_boost(catalog.tower(tower.card))
