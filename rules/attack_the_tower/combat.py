"""Who fights in a battle, with what power, and which allocations of damage the rules allow.

This module holds every combat rule that both the engine and the analysis use, so neither copies it:
the units of a battle (troops, special troops, bases, palace) with their effective power under the
abilities in play; each side's damage pool for a step; the allocation request (targets and caps); the
validation of an allocation; and the canonical enumeration of every distinct allocation.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Literal

from rules.attack_the_tower.armies import ability_card, base_card
from rules.attack_the_tower.cards import (
    TROOP_TYPE_TRAITS,
    ArtilleryIgnoresDefenders,
    DamageBonus,
    Effect,
    PowerChange,
    PowerSet,
    TraitLoss,
    TroopType,
)
from rules.attack_the_tower.model import Allocation, Battle, GameState, Player
from rules.core.errors import IllegalAction
from rules.core.frozen import construct

UnitKind = Literal["troop", "special", "base", "palace"]
Role = Literal["attacking", "defending"]
STAGE_LABEL = {"initiative": "initiative", "regular": "regular", "unmanned": "regular"}


@dataclass(frozen=True, slots=True)
class Unit:
    """One thing that fights in a battle: a troop counter, a special troop, a base or a palace."""

    key: str
    owner: int
    kind: UnitKind
    name: str
    troop_type: TroopType | None
    deals: int
    toughness: int
    traits: frozenset[str]
    damage: int
    dead: bool
    group: str
    """Units of one group with equal damage are interchangeable (two troops of one base)."""

    @property
    def remaining(self) -> int:
        return self.toughness - self.damage

    @property
    def is_structure(self) -> bool:
        return self.kind in ("base", "palace")

    @property
    def has_initiative(self) -> bool:
        """Fires in the initiative step (an artillery troop cannot: initiative does not apply to bases)."""
        return "initiative" in self.traits and "artillery" not in self.traits and not self.is_structure


def troop_key(owner: int, territory: int, slot: int, index: int) -> str:
    return f"p{owner}/t{territory}/s{slot}/{index}"


def base_key(owner: int, territory: int, slot: int) -> str:
    return f"p{owner}/t{territory}/s{slot}"


def special_key(owner: int, index: int) -> str:
    return f"p{owner}/palace/{index}"


def palace_key(owner: int) -> str:
    return f"p{owner}/palace"


# ---- effects in play --------------------------------------------------------------------------------
_last_effects: list[tuple[object, tuple[str, ...], list[tuple[int, Effect]]]] = []


def active_effects(state: GameState, dead: tuple[str, ...] = ()) -> list[tuple[int, Effect]]:
    """(owner, effect) for every ability in play and every living special troop's lasting effect."""
    for players, known_dead, result in _last_effects:
        if players is state.players and known_dead == dead:
            return result
    result = _active_effects(state, dead)
    _last_effects.insert(0, (state.players, dead, result))
    del _last_effects[4:]
    return result


def _active_effects(state: GameState, dead: tuple[str, ...]) -> list[tuple[int, Effect]]:
    out: list[tuple[int, Effect]] = []
    for owner, player in enumerate(state.players):
        for cid in player.in_play:
            out.extend((owner, e) for e in ability_card(cid).effects)
        for i, cid in enumerate(player.palace):
            spec = ability_card(cid).special_troop
            if spec is not None and special_key(owner, i) not in dead:
                out.extend((owner, e) for e in spec.effects)
    return out


def _applies(
    effect_owner: int, who: str, types: tuple[TroopType, ...] | None, owner: int, troop_type: TroopType | None
) -> bool:
    if (who == "allied") != (effect_owner == owner):
        return False
    return types is None or (troop_type is not None and troop_type in types)


def troop_stats(
    state: GameState,
    owner: int,
    troop_type: TroopType | None,
    printed_power: int,
    printed_traits: tuple[str, ...],
    role: Role | None,
    effects: list[tuple[int, Effect]],
) -> tuple[int, int, frozenset[str]]:
    """(damage dealt, damage needed to destroy, traits) of one troop under the effects in play."""
    power = printed_power
    for eo, e in effects:
        if isinstance(e, PowerSet) and _applies(eo, e.who, e.troop_types, owner, troop_type):
            power = e.value
    bonus = 0
    traits = set(printed_traits)
    for eo, e in effects:
        if isinstance(e, PowerChange) and _applies(eo, e.who, e.troop_types, owner, troop_type):
            if e.when == "always" or e.when == role:
                power += e.delta
        elif isinstance(e, DamageBonus) and _applies(eo, e.who, e.troop_types, owner, troop_type):
            bonus += e.delta
        elif isinstance(e, TraitLoss) and _applies(eo, e.who, e.troop_types, owner, troop_type):
            traits.discard(e.trait)
    power = max(0, power)
    return max(0, power + bonus), max(power, state.rules.minimum_toughness), frozenset(traits)


# ---- the units of a battle --------------------------------------------------------------------------
def _troops_of_territory(
    state: GameState,
    owner: int,
    territory: int,
    role: Role,
    battle: Battle,
    effects: list[tuple[int, Effect]],
) -> list[Unit]:
    player = state.players[owner]
    damage = dict(battle.damage)
    units = []
    for slot, base in enumerate(player.territories[territory]):
        if base is None or base.troops == 0:
            continue
        bc = base_card(base.card)
        deals, tough, traits = troop_stats(
            state,
            owner,
            bc.troop_type,
            state.rules.troop_power(bc.troop_type),
            TROOP_TYPE_TRAITS[bc.troop_type],
            role,
            effects,
        )
        group = base_key(owner, territory, slot)
        for i in range(base.troops):
            key = troop_key(owner, territory, slot, i)
            units.append(
                Unit(
                    key,
                    owner,
                    "troop",
                    bc.troop_name,
                    bc.troop_type,
                    deals,
                    tough,
                    traits,
                    damage.get(key, 0),
                    key in battle.dead,
                    group,
                )
            )
    return units


def _specials(
    state: GameState,
    owner: int,
    indices: tuple[int, ...],
    role: Role,
    battle: Battle,
    effects: list[tuple[int, Effect]],
) -> list[Unit]:
    player = state.players[owner]
    damage = dict(battle.damage)
    units = []
    for i in indices:
        spec = ability_card(player.palace[i]).special_troop
        assert spec is not None
        deals, tough, traits = troop_stats(state, owner, None, spec.power, spec.traits, role, effects)
        key = special_key(owner, i)
        units.append(
            Unit(
                key,
                owner,
                "special",
                spec.name,
                None,
                deals,
                tough,
                traits,
                damage.get(key, 0),
                key in battle.dead,
                key,
            )
        )
    return units


_last_static: list[tuple[object, object, tuple[list[Unit], list[Unit]]]] = []
_last_units: list[tuple[object, object, tuple[list[Unit], list[Unit]]]] = []


def battle_units(state: GameState) -> tuple[list[Unit], list[Unit]]:
    """(attacking units, defending units) of the battle in progress, dead ones included and marked.

    Who fights and with what power is fixed once combat starts, so the units are computed once per
    battle (keyed by the identity of the players' tuple, which every change of the board replaces) and
    only the damage taken is laid over them at each step.
    """
    battle = state.battle
    if battle is None:
        return [], []
    dead_specials = tuple(k for k in battle.dead if "/palace/" in k) if battle.dead else ()
    key = (state.attacker, battle.origin, battle.target, battle.at_palace, battle.specials, dead_specials)
    for players, known_key, result in _last_units:
        if players is state.players and known_key == (key, battle.damage, battle.dead):
            return result
    static = None
    for players, known_key, result in _last_static:
        if players is state.players and known_key == key:
            static = result
            break
    if static is None:
        static = _battle_units(state)
        _last_static.insert(0, (state.players, key, static))
        del _last_static[4:]
    result = _overlay(static, battle.damage, battle.dead)
    _last_units.insert(0, (state.players, (key, battle.damage, battle.dead), result))
    del _last_units[6:]
    return result


def _overlay(
    static: tuple[list[Unit], list[Unit]], damage: tuple[tuple[str, int], ...], dead: tuple[str, ...]
) -> tuple[list[Unit], list[Unit]]:
    if not damage and not dead:
        return static
    taken = dict(damage)
    gone = set(dead)

    def lay(units: list[Unit]) -> list[Unit]:
        out = []
        for u in units:
            if u.key in taken or u.key in gone:
                u = Unit(u.key, u.owner, u.kind, u.name, u.troop_type, u.deals, u.toughness, u.traits,
                         taken.get(u.key, 0), u.key in gone, u.group)
            out.append(u)
        return out

    return lay(static[0]), lay(static[1])


def _battle_units(state: GameState) -> tuple[list[Unit], list[Unit]]:
    battle = state.battle
    assert battle is not None
    dead_specials = tuple(k for k in battle.dead if "/palace/" in k) if battle.dead else ()
    battle = Battle.model_construct(**{**battle.__dict__, "damage": (), "dead": ()})
    att, dfn = state.attacker, state.defender
    effects = active_effects(state, dead_specials)
    attackers = _troops_of_territory(state, att, battle.origin, "attacking", battle, effects)
    attackers += _specials(state, att, battle.specials, "attacking", battle, effects)
    damage = dict(battle.damage)
    defender: Player = state.players[dfn]
    if battle.at_palace:
        others = tuple(i for i in range(len(defender.palace)))
        defenders = _specials(state, dfn, others, "defending", battle, effects)
        key = palace_key(dfn)
        deals = state.rules.palace_power if state.rules.palace_deals_damage else 0
        defenders.append(
            Unit(
                key,
                dfn,
                "palace",
                "palace",
                None,
                deals,
                state.rules.palace_power,
                frozenset(),
                damage.get(key, 0),
                key in battle.dead,
                key,
            )
        )
    else:
        defenders = _troops_of_territory(state, dfn, battle.target, "defending", battle, effects)
        if state.rules.special_troops_defend_territories:
            defenders += _specials(
                state, dfn, tuple(range(len(defender.palace))), "defending", battle, effects
            )
        for slot, base in enumerate(defender.territories[battle.target]):
            if base is None:
                continue
            key = base_key(dfn, battle.target, slot)
            defenders.append(
                Unit(
                    key,
                    dfn,
                    "base",
                    base_card(base.card).name,
                    None,
                    state.rules.base_power,
                    state.rules.base_power,
                    frozenset(),
                    damage.get(key, 0),
                    key in battle.dead,
                    key,
                )
            )
    return attackers, defenders


# ---- damage pools -----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Pool:
    """A side's damage for one step: general damage, artillery damage (bases and palaces only), and
    the part of the artillery damage that may hit bases even while troops defend them."""

    general: int
    artillery: int
    artillery_free: int
    firing: tuple[Unit, ...] = ()
    note: str = ""

    @property
    def total(self) -> int:
        return self.general + self.artillery

    @property
    def detail(self) -> str:
        """What the pool is made of, in words (e.g. '2 Zombie dealing 2, plus 1 leftover ...')."""
        return self.describe()

    def describe(self) -> str:
        text = _describe(list(self.firing)) if self.firing or not self.note else ""
        return ", ".join(part for part in (text, self.note) if part)


def _describe(units: list[Unit]) -> str:
    counts: dict[str, list[int]] = {}
    for u in units:
        entry = counts.setdefault(u.name, [0, 0])
        entry[0] += 1
        entry[1] += u.deals
    parts = [f"{n} {name} dealing {d}" if n > 1 else f"{name} dealing {d}" for name, (n, d) in counts.items()]
    return ", ".join(parts) if parts else "nothing fights"


def initiative_pool(units: list[Unit]) -> Pool:
    """004 battles 3: 'add up the Power levels of all his troops with the Initiative Trait'."""
    firing = tuple(u for u in units if not u.dead and u.has_initiative)
    return Pool(sum(u.deals for u in firing), 0, 0, firing)


def regular_pool(
    state: GameState, units: list[Unit], leftover: int, effects: list[tuple[int, Effect]]
) -> Pool:
    """004 battles 4: every living troop without initiative, plus the defending bases (and palace),
    plus leftover initiative damage when the rules say so (000, 001)."""
    firing = tuple(u for u in units if not u.dead and not u.has_initiative and u.deals > 0)
    general = artillery = free = 0
    for u in firing:
        if "artillery" in u.traits:
            artillery += u.deals
            if any(
                isinstance(e, ArtilleryIgnoresDefenders)
                and eo == u.owner
                and (e.troop_types is None or u.troop_type in e.troop_types)
                for eo, e in effects
            ):
                free += u.deals
        else:
            general += u.deals
    note = ""
    if leftover and state.rules.leftover_initiative_adds_to_regular:
        general += leftover
        note = f"plus {leftover} leftover initiative damage"
    return Pool(general, artillery, free, firing, note)


# ---- allocation requests ----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class AllocationRequest:
    """What one side may do with its damage in the current step: the targets and three caps."""

    player: int
    stage: str
    pool: Pool
    targets: tuple[Unit, ...]
    troop_cap: int
    structure_cap: int
    total_cap: int

    def vectors(self) -> list[tuple[int, ...]]:
        """Every distinct allocation as amounts per target (in `targets` order); see `enumerate_vectors`."""
        return enumerate_vectors(self)

    def count(self) -> int:
        """How many distinct allocations there are (without listing them)."""
        sig, troops, structures = _signature(self)
        return _count(sig, 0, troops, structures)

    def sample(self, randrange: Callable[[int], int]) -> tuple[int, ...]:
        """One distinct allocation drawn uniformly (exactly: by counting completions, not listing)."""
        sig, troops, structures = _signature(self)
        out: tuple[int, ...] = ()
        for i, (is_structure, remaining, length) in enumerate(sig):
            budget = structures if is_structure else troops
            options = []
            for run in _runs(length, remaining, budget):
                spent = sum(run)
                left = (troops, structures - spent) if is_structure else (troops - spent, structures)
                options.append((run, left, _count(sig, i + 1, *left)))
            ticket = randrange(sum(c for _, _, c in options))
            for run, left, c in options:
                ticket -= c
                if ticket < 0:
                    out += run
                    troops, structures = left
                    break
        return out

    def allocations(self) -> list[Allocation]:
        return [self.allocation(vec) for vec in self.vectors()]

    def allocation(self, vector: tuple[int, ...]) -> Allocation:
        """The Allocation of one vector (sorted by key, zero amounts left out; valid by construction)."""
        pairs = sorted((t.key, a) for t, a in zip(self.targets, vector, strict=True) if a)
        return construct(Allocation, assignments=tuple(pairs))


def _step_key(state: GameState, side: int) -> tuple[object, ...]:
    """Everything a pool or request depends on besides the players' tuple (allocations not yet
    revealed do not change either)."""
    b = state.battle
    assert b is not None
    return (
        side,
        state.attacker,
        b.origin,
        b.target,
        b.at_palace,
        b.specials,
        b.stage,
        b.damage,
        b.dead,
        b.leftover,
        b.remaining,
    )


_last_pools: list[tuple[object, tuple[object, ...], Pool]] = []


def current_pool(state: GameState, side: int) -> Pool:
    """The damage pool of one side in the current combat step."""
    key = _step_key(state, side)
    for players, known, result in _last_pools:
        if players is state.players and known == key:
            return result
    result = _current_pool(state, side)
    _last_pools.insert(0, (state.players, key, result))
    del _last_pools[6:]
    return result


def _current_pool(state: GameState, side: int) -> Pool:
    battle = state.battle
    assert battle is not None
    attackers, defenders = battle_units(state)
    own = attackers if side == state.attacker else defenders
    if battle.stage == "initiative":
        return initiative_pool(own)
    if battle.stage == "regular":
        effects = active_effects(state, battle.dead)
        return regular_pool(state, own, battle.leftover[side], effects)
    general, artillery = battle.remaining
    return Pool(general, artillery, artillery, (), "damage not distributed in regular combat")


_last_requests: list[tuple[object, tuple[object, ...], AllocationRequest | None]] = []


def allocation_request(state: GameState, side: int) -> AllocationRequest | None:
    """The targets and caps for `side` in the current combat step; None when it has nothing to decide."""
    if state.battle is None or state.battle.stage == "abilities":
        return None
    key = _step_key(state, side)
    for players, known, result in _last_requests:
        if players is state.players and known == key:
            return result
    result = _allocation_request(state, side)
    _last_requests.insert(0, (state.players, key, result))
    del _last_requests[6:]
    return result


def _allocation_request(state: GameState, side: int) -> AllocationRequest | None:
    battle = state.battle
    if battle is None or battle.stage not in ("initiative", "regular", "unmanned"):
        return None
    if battle.stage == "unmanned" and side != state.attacker:
        return None
    pool = current_pool(state, side)
    attackers, defenders = battle_units(state)
    enemies = defenders if side == state.attacker else attackers
    living_troops = tuple(u for u in enemies if not u.dead and not u.is_structure)
    structures = tuple(u for u in enemies if not u.dead and u.is_structure)
    if battle.stage == "initiative":
        targets, troop_cap, structure_cap = living_troops, pool.general, 0
    elif battle.stage == "regular":
        free = pool.artillery_free if structures and any(u.kind == "base" for u in structures) else 0
        bases = tuple(u for u in structures if u.kind == "base") if free else ()
        targets, troop_cap, structure_cap = living_troops + bases, pool.general, free
    else:
        targets, troop_cap, structure_cap = structures, 0, pool.total
    total_cap = min(troop_cap, sum(t.remaining for t in targets if not t.is_structure)) + min(
        structure_cap, sum(t.remaining for t in targets if t.is_structure)
    )
    if not targets or total_cap == 0:
        return None
    return AllocationRequest(
        side,
        battle.stage,
        pool,
        targets,
        troop_cap,
        structure_cap,
        troop_cap + structure_cap if battle.stage != "unmanned" else structure_cap,
    )


def explain_refusal(state: GameState, side: int, key: str) -> str:
    """Why a key is not a target for `side` now, in a player's words."""
    battle = state.battle
    assert battle is not None
    attackers, defenders = battle_units(state)
    unit = next((u for u in attackers + defenders if u.key == key), None)
    if unit is None:
        return f"{key} is not a unit in this battle"
    if unit.owner == side:
        return f"{unit.name} ({key}) is on your own side"
    if unit.dead:
        return f"{unit.name} ({key}) is already destroyed"
    if unit.is_structure and battle.stage == "initiative":
        return "initiative damage cannot be assigned to bases or the palace (the initiative trait does not apply against bases)"
    if unit.is_structure:
        where = "the palace" if unit.kind == "palace" else "bases"
        return f"{where} can be damaged only when unmanned, and troops still defend {unit.name}"
    if battle.stage == "unmanned":
        return "only the unmanned bases (or palace) can take the remaining damage"
    return f"{unit.name} ({key}) cannot be targeted now"


def validate_allocation(state: GameState, request: AllocationRequest, allocation: Allocation) -> None:
    """Raise IllegalAction naming the rule when an allocation is not allowed."""
    by_key = {t.key: t for t in request.targets}
    troops = structures = 0
    for key, amount in allocation.assignments:
        unit = by_key.get(key)
        if unit is None:
            rule = "traits.initiative" if request.stage == "initiative" else "battles.4 unmanned"
            raise IllegalAction(explain_refusal(state, request.player, key), rule)
        if amount > unit.remaining:
            raise IllegalAction(
                f"{unit.name} ({key}) is destroyed by {unit.remaining} more damage; "
                f"assign at most that much to it, not {amount}",
                "battles.4 regular",
            )
        if unit.is_structure:
            structures += amount
        else:
            troops += amount
    pool = request.pool
    stage = STAGE_LABEL[request.stage]
    if troops > request.troop_cap:
        if request.troop_cap < pool.total and pool.artillery:
            raise IllegalAction(
                f"only {request.troop_cap} of your {pool.total} {stage} damage can hit troops; "
                f"artillery damage ({pool.artillery}) can only be assigned to bases or palaces",
                "traits.artillery",
            )
        raise IllegalAction(
            f"you assigned {troops} damage but have only {request.troop_cap} {stage} damage for troops",
            "battles.3 initiative" if request.stage == "initiative" else "battles.4 regular",
        )
    if structures > request.structure_cap:
        raise IllegalAction(
            f"you assigned {structures} damage to bases but have only {request.structure_cap} for them",
            "battles.4 unmanned",
        )


# ---- canonical enumeration --------------------------------------------------------------------------
def _signature(request: AllocationRequest) -> tuple[tuple[tuple[bool, int, int], ...], int, int]:
    """Targets as runs of (is structure, remaining, run length) in order; runs of one group are
    interchangeable, so only non-increasing amounts within a run are distinct allocations."""
    runs: list[list[int | bool | str]] = []
    for t in request.targets:
        if runs and runs[-1][3] == t.group and runs[-1][1] == t.remaining and runs[-1][0] == t.is_structure:
            runs[-1][2] = int(runs[-1][2]) + 1
        else:
            runs.append([t.is_structure, t.remaining, 1, t.group])
    sig = tuple((bool(r[0]), int(r[1]), int(r[2])) for r in runs)
    troop_room = sum(t.remaining for t in request.targets if not t.is_structure)
    structure_room = sum(t.remaining for t in request.targets if t.is_structure)
    return sig, min(request.troop_cap, troop_room), min(request.structure_cap, structure_room)


@functools.lru_cache(maxsize=8192)
def _runs(length: int, top: int, budget: int) -> tuple[tuple[int, ...], ...]:
    """Every non-increasing run of `length` amounts, each at most `top`, summing to at most `budget`."""
    return tuple(_non_increasing(length, top, budget))


def _non_increasing(length: int, top: int, budget: int) -> Iterator[tuple[int, ...]]:
    if length == 0:
        yield ()
        return
    for first in range(min(top, budget), -1, -1):
        for rest in _non_increasing(length - 1, first, budget - first):
            yield (first, *rest)


@functools.lru_cache(maxsize=65536)
def _vectors(
    sig: tuple[tuple[bool, int, int], ...], troop_cap: int, structure_cap: int
) -> tuple[tuple[int, ...], ...]:
    out: list[tuple[int, ...]] = []

    def walk(i: int, troops_left: int, structures_left: int, acc: tuple[int, ...]) -> None:
        if i == len(sig):
            out.append(acc)
            return
        is_structure, remaining, length = sig[i]
        budget = structures_left if is_structure else troops_left
        for run in _runs(length, remaining, budget):
            spent = sum(run)
            if is_structure:
                walk(i + 1, troops_left, structures_left - spent, acc + run)
            else:
                walk(i + 1, troops_left - spent, structures_left, acc + run)

    walk(0, troop_cap, structure_cap, ())
    return tuple(out)


@functools.lru_cache(maxsize=65536)
def _count(sig: tuple[tuple[bool, int, int], ...], i: int, troops: int, structures: int) -> int:
    if i == len(sig):
        return 1
    is_structure, remaining, length = sig[i]
    total = 0
    for run in _runs(length, remaining, structures if is_structure else troops):
        spent = sum(run)
        if is_structure:
            total += _count(sig, i + 1, troops, structures - spent)
        else:
            total += _count(sig, i + 1, troops - spent, structures)
    return total


def enumerate_vectors(request: AllocationRequest) -> list[tuple[int, ...]]:
    """Every distinct allocation, as amounts per target: no target gets more than destroys it, no cap
    is exceeded, and interchangeable troops (one base, equal damage) are not counted twice."""
    return list(_vectors(*_signature(request)))
