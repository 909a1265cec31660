"""The combat steps of one battle on plain numbers (initiative, regular, unmanned bases or palace), each side's
allocation chosen from its targets as `battle_played_out` asks for it: the units each side destroys."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Literal

from rules.attack_the_tower.cards import CombatStartDamage, Effect
from rules.attack_the_tower.engine.quick_units import Field, Unit, Units
from rules.core.memo import memo

TargetKey = tuple[tuple[str, int, int, int, int], ...]
"""A request's targets as plain numbers: each target's kind, power, toughness and damage taken, and its group as
the number of distinct groups before it (only which targets share a group matters)."""

ChooseVector = Callable[[TargetKey, int, int, int], tuple[int, ...]]
"""An allocation chosen from a request's targets and its troop, structure and total caps: amounts per target
(a function of these alone: `fight` remembers the fights it chose in)."""

Dead = tuple[set[int], set[int]]
"""(dead attackers, dead defenders) by index."""

Terms = tuple[bool, bool, tuple[tuple[int, CombatStartDamage], ...]]
"""What a fight reads of its field and effects: Templar damage per Templar (`Rules.templar_damage`), leftover
initiative added to the regular step (`Rules.leftover_initiative_adds_to_regular`), and the distinct damages
as combat begins with the side (0 attacking, 1 defending) whose troops deal them."""

Fought = tuple[tuple[tuple[int, ...], tuple[int, ...]], int, int] | Literal["rebuild"]
"""A remembered fight, fought from no decisions counted and with no guard: its dead (by index, ascending), the
decisions it counted and the count at the guard's last check (`fight` applies the guard to them), or "rebuild"
when special troops fell in the initiative step (the units rebuilt depend on the board, so such fights are
fought again, not remembered)."""

PlainSide = tuple[object, ...]
"""A side's units as a fight reads them, flat: eight values a unit (`Unit` without its place), groups
numbered in order of appearance. Flat plain values, so a remembered fight adds few objects to collect."""

_PLAIN_WIDTH = 8

_STRUCTURES = ("base", "palace")


class _Fight:
    """Both sides' units, the damage they have taken and the dead (by index), and the decisions counted."""

    __slots__ = ("_living", "choose", "damage", "dead", "decisions", "units")

    def __init__(self, units: Units, choose: ChooseVector, decisions: int) -> None:
        self.units = units
        self.damage = ([0] * len(units[0]), [0] * len(units[1]))
        self.dead: Dead = (set(), set())
        self.choose = choose
        self.decisions = decisions
        self._living: list[list[int] | None] = [list(range(len(units[0]))), list(range(len(units[1])))]

    def living(self, side: int) -> list[int]:
        """The indices of the side's living units (kept until one of them dies)."""
        living = self._living[side]
        if living is None:
            dead = self.dead[side]
            living = self._living[side] = [i for i in range(len(self.units[side])) if i not in dead]
        return living

    def allocate(
        self, side: int, targets: list[int], troop_cap: int, structure_cap: int, total: int, room: tuple[int, int]
    ) -> list[tuple[int, int]]:
        """The (target index, amount) pairs `side` hands in against the other side's `targets`; none when the
        request would be None (no target, or no damage that can land)."""
        if not targets or min(troop_cap, room[0]) + min(structure_cap, room[1]) == 0:
            return []
        enemy, damage = self.units[1 - side], self.damage[1 - side]
        groups: dict[object, int] = {}
        key = tuple(
            [(u[0], u[1], u[2], damage[i], groups.setdefault(u[3], len(groups))) for i in targets for u in (enemy[i],)]
        )
        self.decisions += 1
        vector = self.choose(key, troop_cap, structure_cap, total)
        return [(i, a) for i, a in zip(targets, vector, strict=True) if a]

    def deal(self, side: int, pairs: list[tuple[int, int]]) -> None:
        """`side`'s damage laid on the other side's units (dealt at once with the other side's)."""
        enemy, damage, dead = self.units[1 - side], self.damage[1 - side], self.dead[1 - side]
        for i, amount in pairs:
            total = damage[i] + amount
            damage[i] = total
            if total >= enemy[i][2]:
                dead.add(i)
                self._living[1 - side] = None

    def room(self, side: int, targets: list[int]) -> int:
        units, damage = self.units[side], self.damage[side]
        return sum([units[i][2] - damage[i] for i in targets])


def fight(
    units: Units,
    field: Field,
    effects: list[tuple[int, Effect]],
    choose: ChooseVector,
    decisions: tuple[int, int],
    rebuild: Callable[[Dead], Units | None],
) -> tuple[Dead, int] | None:
    """(dead attackers, dead defenders) by index once the battle's combat is over, with the decisions counted
    (`decisions`: so far, and the most `battle_played_out` takes); None when that guard would stop it first.
    `rebuild` gives the units again once special troops have fallen (their lasting effects end). Fights
    repeat across look-aheads (the same troops on other boards), so their results are remembered."""
    rules, attacker = field.rules, field.attacker
    starting = [(0 if o == attacker else 1, e) for o, e in effects if isinstance(e, CombatStartDamage)]
    terms: Terms = (
        rules.templar_damage == "per_templar",
        rules.leftover_initiative_adds_to_regular,
        tuple(dict.fromkeys(starting)),
    )
    fought = _remembered_fight(_plain(units[0]), _plain(units[1]), terms, choose)
    if fought == "rebuild":
        again = _fight(units, terms, choose, decisions, rebuild)
        assert again != "rebuild"
        return None if again is None else (again[0], again[1])
    dead, counted, checked = fought
    start, most = decisions
    if start + checked >= most:
        return None
    return (set(dead[0]), set(dead[1])), start + counted


def _plain(units: list[Unit]) -> PlainSide:
    """A side's units as a `PlainSide` (a fight only asks which units share a group, never where they stand)."""
    groups: dict[object, int] = {}
    flat: list[object] = []
    for u in units:
        flat += (u[0], u[1], u[2], groups.setdefault(u[3], len(groups)), u[4], u[5], u[6], u[8])
    return tuple(flat)


def _units(side: PlainSide) -> list[Unit]:
    """The units of a `PlainSide` (with no places)."""
    w = _PLAIN_WIDTH
    return [(*side[k : k + 7], (), side[k + 7]) for k in range(0, len(side), w)]  # type: ignore[misc]


_UNGUARDED = (0, sys.maxsize)
"""No decisions counted yet, and a guard that never stops a fight."""


@memo(maxsize=1 << 16)
def _remembered_fight(attackers: PlainSide, defenders: PlainSide, terms: Terms, choose: ChooseVector) -> Fought:
    """`fight` on plain units, unguarded (see `Fought`), remembered.

    The guard is applied by `fight`: counts only grow, so a fight from `start` decisions stops exactly when
    `start` plus the count at the last check reaches the most (no earlier check can stop it otherwise)."""
    fought = _fight((_units(attackers), _units(defenders)), terms, choose, _UNGUARDED, None)
    if fought == "rebuild":
        return fought
    assert fought is not None
    dead, counted, checked = fought
    return (tuple(sorted(dead[0])), tuple(sorted(dead[1]))), counted, checked


def _fight(
    units: Units,
    terms: Terms,
    choose: ChooseVector,
    decisions: tuple[int, int],
    rebuild: Callable[[Dead], Units | None] | None,
) -> tuple[Dead, int, int] | Literal["rebuild"] | None:
    """`fight` on `units`, with the count at the guard's last check; with no `rebuild`, "rebuild" when special
    troops fall in the initiative step."""
    f = _Fight(units, choose, decisions[0])
    most = decisions[1]
    _combat_start(f, terms)
    if f.decisions >= most:
        return None
    leftover = _initiative(f)
    if any(f.units[side][i][0] == "special" for side in (0, 1) for i in f.dead[side]):
        if rebuild is None:
            return "rebuild"
        rebuilt = rebuild(f.dead)
        if rebuilt is None:
            return None
        f.units = rebuilt
    if f.decisions >= most:
        return None
    checked = f.decisions
    remaining = _regular(f, terms[1], leftover)
    if remaining is None:
        return f.dead, f.decisions, checked
    if f.decisions >= most:
        return None
    checked = f.decisions
    structures = [i for i in f.living(1) if f.units[1][i][0] in _STRUCTURES]
    cap = remaining[0] + remaining[1]
    f.deal(0, f.allocate(0, structures, 0, cap, cap, (0, f.room(1, structures))))
    return f.dead, f.decisions, checked


def _combat_start(f: _Fight, terms: Terms) -> None:
    """Templar (`card_effects.combat_start`): as combat begins, each side's troops of a type deal damage to the
    other side's troops of some types, once or once per such troop (`Rules.templar_damage`)."""
    per_templar = terms[0]
    for side, e in terms[2]:
        own, own_dead = f.units[side], f.dead[side]
        count = sum(1 for i, u in enumerate(own) if u[0] == "troop" and u[8] == e.troop_type and i not in own_dead)
        if not count:
            continue
        amount = e.amount * (count if per_templar else 1)
        enemy = f.units[1 - side]
        hit = [(i, amount) for i, u in enumerate(enemy) if u[0] == "troop" and u[8] in e.target_types]
        f.deal(side, [(i, a) for i, a in hit if i not in f.dead[1 - side]])


def _initiative(f: _Fight) -> tuple[int, int]:
    """The initiative step (004 battles 3): each side's initiative damage on the other's troops; the leftover."""
    pools = []
    pairs = []
    for side in (0, 1):
        own = f.units[side]
        pool = sum([own[i][1] for i in f.living(side) if own[i][4] and own[i][0] not in _STRUCTURES])
        pools.append(pool)
        enemy = f.units[1 - side]
        troops = [i for i in f.living(1 - side) if enemy[i][0] not in _STRUCTURES] if pool else []
        pairs.append(f.allocate(side, troops, pool, 0, pool, (f.room(1 - side, troops), 0)) if pool else [])
    for side in (0, 1):
        f.deal(side, pairs[side])
    return pools[0] - sum(a for _, a in pairs[0]), pools[1] - sum(a for _, a in pairs[1])


def _regular_pool(f: _Fight, side: int, leftover: int, adds_leftover: bool) -> tuple[int, int, int]:
    """(general, artillery, artillery free to hit defended bases) of a side in the regular step."""
    general = artillery = free = 0
    own = f.units[side]
    for i in f.living(side):
        u = own[i]
        if u[1] <= 0 or u[4]:
            continue
        if u[5]:
            artillery += u[1]
            if u[6]:
                free += u[1]
        else:
            general += u[1]
    if leftover and adds_leftover:
        general += leftover
    return general, artillery, free


def _regular(f: _Fight, adds_leftover: bool, leftover: tuple[int, int]) -> tuple[int, int] | None:
    """The regular step (004 battles 4): the attacker's damage left for unmanned bases (general, artillery), or
    None when the battle ends with it."""
    pools = [_regular_pool(f, side, leftover[side], adds_leftover) for side in (0, 1)]
    pairs: list[list[tuple[int, int]]] = []
    for side in (0, 1):
        general, _, free = pools[side]
        if not general + free:
            pairs.append([])
            continue
        enemy = f.units[1 - side]
        living = f.living(1 - side)
        troops = [i for i in living if enemy[i][0] not in _STRUCTURES]
        if not any(enemy[i][0] == "base" for i in living):
            free = 0
        bases = [i for i in living if enemy[i][0] == "base"] if free else []
        room = (f.room(1 - side, troops), f.room(1 - side, bases))
        pairs.append(f.allocate(side, troops + bases, general, free, general + free, room))
    for side in (0, 1):
        f.deal(side, pairs[side])
    defenders = f.units[1]
    to_structures = sum(a for i, a in pairs[0] if defenders[i][0] in _STRUCTURES)
    to_troops = sum(a for _, a in pairs[0]) - to_structures
    remaining = (pools[0][0] - to_troops, pools[0][1] - to_structures)
    living = [defenders[i][0] in _STRUCTURES for i in f.living(1)]
    if living and all(living) and sum(remaining) > 0:
        return remaining
    return None
