"""Who fights in a battle, with what power, and which allocations of damage the rules allow.

This module holds every combat rule that both the engine and the analysis use, so neither copies it:
the units of a battle (troops, special troops, bases, palace) with their effective power under the
abilities in play; each side's damage pool for a step; the allocation request (targets and caps); the
validation of an allocation; and the canonical enumeration of every distinct allocation.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple, overload

from rules.attack_the_tower.actions import Allocate
from rules.attack_the_tower.armies import ability_card, base_card
from rules.attack_the_tower.cards import (
    TROOP_TYPE_TRAITS,
    TROOP_TYPES,
    ArtilleryIgnoresDefenders,
    DamageBonus,
    Effect,
    PowerChange,
    PowerSet,
    TraitLoss,
    TroopType,
)
from rules.attack_the_tower.errors import IllegalAction
from rules.attack_the_tower.model import Allocation, Battle, GameState, Player
from rules.attack_the_tower.rule_ids import RuleId
from rules.attack_the_tower.variants import Rules
from rules.core.unvalidated import construct, direct_init

UnitKind = Literal["troop", "special", "base", "palace"]
Role = Literal["attacking", "defending"]
STRUCTURE_KINDS = ("base", "palace")
STAGE_LABEL = {"initiative": "initiative", "regular": "regular", "unmanned": "regular"}


@direct_init
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
        return self.kind in STRUCTURE_KINDS

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
    return list(_effects_of(_effects_key(state, dead)))


EffectsKey = tuple[tuple[tuple[str, ...], tuple[str, ...], tuple[int, ...]], ...]
"""What decides the effects in play: per player, the abilities in play, the special troops on the
palace, and which of those have fallen (by palace index). Plain strings and numbers, so cheap to hash."""


def _effects_key(state: GameState, dead: tuple[str, ...]) -> EffectsKey:
    key = []
    for owner, player in enumerate(state.players):
        palace = player.palace
        fallen: tuple[int, ...] = ()
        if dead and palace:
            fallen = tuple(i for i, k in enumerate(_special_keys(owner, len(palace))) if k in dead)
        key.append((player.in_play, palace, fallen))
    return tuple(key)


@functools.lru_cache(maxsize=64)
def _special_keys(owner: int, count: int) -> tuple[str, ...]:
    """The keys of the first `count` special troops on a palace."""
    return tuple(special_key(owner, i) for i in range(count))


@functools.lru_cache(maxsize=4096)
def _effects_of(key: EffectsKey) -> tuple[tuple[int, Effect], ...]:
    """`active_effects` from its `_effects_key`: per player, the abilities in play, then the lasting
    effects of the special troops on the palace except the fallen. Cached by those cards, which change
    far less often than the positions that hold them."""
    out: list[tuple[int, Effect]] = []
    for owner, (in_play, palace, fallen) in enumerate(key):
        for cid in in_play:
            out.extend((owner, e) for e in ability_card(cid).effects)
        for i, cid in enumerate(palace):
            spec = ability_card(cid).special_troop
            if spec is not None and i not in fallen:
                out.extend((owner, e) for e in spec.effects)
    return tuple(out)


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
    return _stats(owner, troop_type, printed_power, printed_traits, role, effects, state.rules.minimum_toughness)


def _stats(
    owner: int,
    troop_type: TroopType | None,
    printed_power: int,
    printed_traits: tuple[str, ...],
    role: Role | None,
    effects: Iterable[tuple[int, Effect]],
    minimum_toughness: int,
) -> tuple[int, int, frozenset[str]]:
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
    return max(0, power + bonus), max(power, minimum_toughness), frozenset(traits)


# ---- the units of a battle --------------------------------------------------------------------------
@functools.lru_cache(maxsize=8192)
def _undamaged(
    key: str,
    owner: int,
    kind: UnitKind,
    name: str,
    troop_type: TroopType | None,
    deals: int,
    toughness: int,
    traits: frozenset[str],
    group: str,
) -> Unit:
    """A unit before any damage. Units are immutable, so every battle that fields the same unit shares
    one object: the cache look-up costs less than building a frozen dataclass."""
    return Unit(key, owner, kind, name, troop_type, deals, toughness, traits, 0, False, group)


def _troops_of_territory(
    state: GameState, owner: int, territory: int, role: Role, effects_key: EffectsKey
) -> list[Unit]:
    rules = state.rules
    powers, minimum_toughness = _troop_powers(rules), rules.minimum_toughness
    units: list[Unit] = []
    for slot, base in enumerate(state.players[owner].territories[territory]):
        if base is not None and base.troops:
            bc = base_card(base.card)
            deals, tough, traits = _troop_type_stats(owner, bc.troop_type, role, effects_key, powers, minimum_toughness)
            units += _troop_group(
                owner, territory, slot, base.troops, bc.troop_name, bc.troop_type, deals, tough, traits, base.raised
            )
    return units


@functools.lru_cache(maxsize=16384)
def _troop_type_stats(
    owner: int,
    troop_type: TroopType,
    role: Role,
    effects_key: EffectsKey,
    powers: tuple[int, ...],
    minimum_toughness: int,
) -> tuple[int, int, frozenset[str]]:
    """`troop_stats` of a troop type, cached by everything it depends on: the effects in play by their
    `_effects_key`, the rules by the troop powers (by troop type) and the minimum toughness."""
    printed_power = powers[TROOP_TYPES.index(troop_type)]
    printed_traits = TROOP_TYPE_TRAITS[troop_type]
    effects = _effects_of(effects_key)
    return _stats(owner, troop_type, printed_power, printed_traits, role, effects, minimum_toughness)


_recent_powers: list[tuple[Rules, tuple[int, ...]]] = []


def _troop_powers(rules: Rules) -> tuple[int, ...]:
    """`rules.troop_power` of every troop type, in TROOP_TYPES order. Cached by the identity of the rules
    (each entry holds its rules object, so the identity stays valid)."""
    for known, powers in _recent_powers:
        if known is rules:
            return powers
    powers = tuple(rules.troop_power(t) for t in TROOP_TYPES)
    _recent_powers.insert(0, (rules, powers))
    del _recent_powers[4:]
    return powers


@functools.lru_cache(maxsize=4096)
def _troop_group(
    owner: int,
    territory: int,
    slot: int,
    count: int,
    name: str,
    troop_type: TroopType,
    deals: int,
    toughness: int,
    traits: frozenset[str],
    raised: tuple[int, ...] = (),
) -> tuple[Unit, ...]:
    """The undamaged troops of one base (shared by every battle that fields them, as `_undamaged`).

    A troop that carries its own power raise (`Base.raised`, a Ninja) deals and takes that much more and is
    not interchangeable with the others: it is a group of its own."""
    group = base_key(owner, territory, slot)
    units = []
    for i in range(count):
        key = troop_key(owner, territory, slot, i)
        if i < len(raised):
            r = raised[i]
            units.append(
                _undamaged(
                    key, owner, "troop", f"{name} raised by {r}", troop_type, deals + r, toughness + r, traits, key
                )
            )
        else:
            units.append(_undamaged(key, owner, "troop", name, troop_type, deals, toughness, traits, group))
    return tuple(units)


def _specials(
    state: GameState, owner: int, indices: Iterable[int], role: Role, effects: list[tuple[int, Effect]]
) -> list[Unit]:
    player = state.players[owner]
    units = []
    for i in indices:
        spec = ability_card(player.palace[i]).special_troop
        assert spec is not None
        deals, tough, traits = troop_stats(state, owner, None, spec.power, spec.traits, role, effects)
        key = special_key(owner, i)
        units.append(_undamaged(key, owner, "special", spec.name, None, deals, tough, traits, key))
    return units


@functools.lru_cache(maxsize=1024)
def _base_unit(owner: int, territory: int, slot: int, card_id: str, power: int) -> Unit:
    key = base_key(owner, territory, slot)
    return _undamaged(key, owner, "base", base_card(card_id).name, None, power, power, frozenset(), key)


class _Sides:
    """Who fights in one battle and with what power, before any damage is laid on them.

    Power, toughness and traits are fixed once combat starts, except that a dead special troop's lasting
    effects end; so this is computed once per battle (and again when a special troop dies). See `_sides`
    for how it is cached.
    """

    __slots__ = ("_by_key", "attackers", "defenders", "effects", "key", "players", "rules")

    def __init__(self, state: GameState, key: tuple[object, ...], dead_specials: tuple[str, ...]) -> None:
        battle = state.battle
        assert battle is not None
        self.players = state.players  # held: the cache compares these by identity
        self.rules = state.rules
        self.key = key
        att, dfn = state.attacker, state.defender
        effects_key = _effects_key(state, dead_specials)
        effects = self.effects = list(_effects_of(effects_key))
        if not effects:
            effects_key = ()  # every position without effects in play shares the cached troop stats
        attackers = _troops_of_territory(state, att, battle.origin, "attacking", effects_key)
        attackers += _specials(state, att, battle.specials, "attacking", effects)
        defender: Player = state.players[dfn]
        rules = state.rules
        if battle.at_palace:
            defenders = _specials(state, dfn, range(len(defender.palace)), "defending", effects)
            key_ = palace_key(dfn)
            deals = rules.palace_power if rules.palace_deals_damage else 0
            defenders.append(
                _undamaged(key_, dfn, "palace", "palace", None, deals, rules.palace_power, frozenset(), key_)
            )
        else:
            defenders = _troops_of_territory(state, dfn, battle.target, "defending", effects_key)
            if rules.special_troops_defend_territories:
                defenders += _specials(state, dfn, range(len(defender.palace)), "defending", effects)
            for slot, base in enumerate(defender.territories[battle.target]):
                if base is None:
                    continue
                defenders.append(_base_unit(dfn, battle.target, slot, base.card, rules.base_power))
        self.attackers = attackers
        self.defenders = defenders
        self._by_key: dict[str, Unit] | None = None

    def by_key(self) -> dict[str, Unit]:
        if self._by_key is None:
            self._by_key = {u.key: u for u in self.attackers + self.defenders}
        return self._by_key


_recent_sides: list[_Sides] = []

# The battle fields that `_sides` and `combat_step` are keyed by, read from the model's `__dict__` in one
# call (each attribute read on a pydantic model goes through its `__getattr__` hook).
_sides_fields = operator.itemgetter("origin", "target", "at_palace", "specials")
_step_fields = operator.itemgetter(
    "origin", "target", "at_palace", "specials", "stage", "damage", "dead", "leftover", "remaining"
)


def _sides(state: GameState) -> _Sides:
    """The `_Sides` of the battle in progress.

    Cached by the identity of the players' tuple and of the rules (every change of the board replaces
    the players' tuple; each entry holds both objects, so an identity cannot be reused while cached) and
    by the battle fields that decide who fights: origin, target, palace, special troops that joined, and
    the special troops that died.
    """
    battle = state.battle
    assert battle is not None
    fields = battle.__dict__
    dead = fields["dead"]
    dead_specials = _special_keys_among(dead) if dead else ()
    key = (state.attacker, _sides_fields(fields), dead_specials)
    players, rules = state.players, state.rules
    for sides in _recent_sides:
        if sides.players is players and sides.rules is rules and sides.key == key:
            return sides
    sides = _Sides(state, key, dead_specials)
    _recent_sides.insert(0, sides)
    del _recent_sides[4:]
    return sides


@functools.lru_cache(maxsize=1024)
def _special_keys_among(keys: tuple[str, ...]) -> tuple[str, ...]:
    """The special troops' keys among these unit keys (cached: a battle's dead list is asked often)."""
    return tuple(k for k in keys if "/palace/" in k)


def _overlay(units: list[Unit], taken: dict[str, int], gone: tuple[str, ...]) -> list[Unit]:
    """The units with the damage taken so far and the dead laid over them (new Units only for those)."""
    out = []
    for u in units:
        key = u.key
        if key in taken or key in gone:
            u = _damaged(u, taken.get(key, 0), key in gone)
        out.append(u)
    return out


def _survivors(units: list[Unit], taken: dict[str, int], gone: tuple[str, ...]) -> list[Unit]:
    """The living units of `_overlay(units, taken, gone)`: all that pools and requests look at."""
    out = []
    for u in units:
        key = u.key
        if key in gone:
            continue
        if key in taken:
            u = _damaged(u, taken[key], False)
        out.append(u)
    return out


def _damaged(u: Unit, damage: int, dead: bool) -> Unit:
    return Unit(u.key, u.owner, u.kind, u.name, u.troop_type, u.deals, u.toughness, u.traits, damage, dead, u.group)


class CombatStep:
    """One combat step of the battle in progress, seen from both sides.

    It holds the units with the damage taken so far laid over them, and each side's pool and allocation
    request, each computed at most once and only when asked for: the engine, the policies and the
    explorer ask for the same pools and requests many times in one step. Pools and requests look only
    at the living units, so the dead are laid over only when `battle_units` asks. See `combat_step` for the
    cache.
    """

    __slots__ = (
        "_living",
        "_pools",
        "_requests",
        "_units",
        "attacker",
        "battle",
        "key",
        "players",
        "rules",
        "sides",
        "state",
    )

    def __init__(self, state: GameState, key: tuple[object, ...]) -> None:
        self.state = state
        self.key = key
        # The cache compares these by identity (they are held here, so the identities stay valid); they
        # are copied out of the state because reading a pydantic model's field costs more.
        self.players = state.players
        self.rules = state.rules
        self.attacker = state.attacker
        self.battle = state.battle
        """The battle object last found to be in this step (held, for the identity fast path)."""
        self.sides = _sides(state)
        self._units: tuple[list[Unit], list[Unit]] | None = None
        self._living: tuple[list[Unit], list[Unit]] | None = None
        self._pools: list[Pool | None] = [None, None]
        self._requests: list[AllocationRequest | bool | None] = [False, False]
        """False: not computed yet (None is a computed answer: nothing to decide)."""

    def units(self) -> tuple[list[Unit], list[Unit]]:
        """(attacking units, defending units), dead ones included and marked."""
        if self._units is None:
            battle = self.state.battle
            assert battle is not None
            sides = self.sides
            if not battle.damage and not battle.dead:
                self._units = sides.attackers, sides.defenders
            else:
                taken = dict(battle.damage)
                self._units = (
                    _overlay(sides.attackers, taken, battle.dead),
                    _overlay(sides.defenders, taken, battle.dead),
                )
        return self._units

    def living(self) -> tuple[list[Unit], list[Unit]]:
        """The living units of `units()`, in the same order."""
        if self._living is None:
            battle = self.state.battle
            assert battle is not None
            sides = self.sides
            if not battle.damage and not battle.dead:
                self._living = sides.attackers, sides.defenders
            else:
                taken = dict(battle.damage)
                self._living = (
                    _survivors(sides.attackers, taken, battle.dead),
                    _survivors(sides.defenders, taken, battle.dead),
                )
        return self._living

    def pool(self, side: int) -> Pool:
        pool = self._pools[side]
        if pool is None:
            pool = self._pools[side] = _current_pool(self, side)
        return pool

    def request(self, side: int) -> AllocationRequest | None:
        request = self._requests[side]
        if request is False:
            request = self._requests[side] = _allocation_request(self, side)
        assert request is not True
        return request


_recent_steps: list[CombatStep] = []
"""The steps asked about lately, the last one first."""


def combat_step(state: GameState) -> CombatStep:
    """The `CombatStep` of the battle in progress: the engine takes it once per automatic step and asks
    it for both sides' pools and requests (`current_pool` and `allocation_request` go through it too).

    Pools and requests depend on the players' tuple, the rules, the attacker and every field of the
    battle except the allocations not yet revealed (and whose turn it is to play abilities); so one
    step survives the hand-in of the first allocation. Cached like `_sides`: by the identity of the
    players' tuple and the rules (held by the step) and by those battle fields; and the step asked for
    last is found first, by the identity of its battle object.
    """
    b = state.battle
    assert b is not None
    # Fast path: the battle object asked about last (held by the step, so still alive).
    if _recent_steps:
        step = _recent_steps[0]
        if step.battle is b and step.players is state.players and step.rules is state.rules:
            return step if step.attacker == state.attacker else _find_step(state, b)
    return _find_step(state, b)


def _find_step(state: GameState, b: Battle) -> CombatStep:
    """`combat_step` past its fast path: a cached step by key, or a new one (either becomes the first)."""
    players, rules = state.players, state.rules
    key = (state.attacker, _step_fields(b.__dict__))
    for i, step in enumerate(_recent_steps):
        if step.players is players and step.rules is rules and step.key == key:
            step.battle = b
            if i:
                del _recent_steps[i]
                _recent_steps.insert(0, step)
            return step
    step = CombatStep(state, key)
    _recent_steps.insert(0, step)
    del _recent_steps[4:]
    return step


def battle_units(state: GameState) -> tuple[list[Unit], list[Unit]]:
    """(attacking units, defending units) of the battle in progress, dead ones included and marked.

    Who fights and with what power is fixed once combat starts, so the units are computed once per
    battle (see `_sides`) and only the damage taken is laid over them at each step (see `combat_step`).
    """
    if state.battle is None:
        return [], []
    return combat_step(state).units()


def fighters(state: GameState) -> tuple[list[Unit], list[Unit]]:
    """(attacking units, defending units) of the battle in progress before any damage is laid over
    them: who fights, with what power and toughness (fixed in a combat step). Cached: see `_sides`."""
    if state.battle is None:
        return [], []
    sides = _sides(state)
    return sides.attackers, sides.defenders


def who_fought(state: GameState) -> tuple[list[Unit], list[Unit]]:
    """The units of `fighters`, for who they are (keys, kinds, troop types, names) and not their power.

    Who fights does not depend on which special troops have died (only the power of the others may), so
    any cached `_Sides` of this battle serves: none is rebuilt when a special troop dies in the last step.
    """
    battle = state.battle
    if battle is None:
        return [], []
    prefix = (state.attacker, _sides_fields(battle.__dict__))
    players, rules = state.players, state.rules
    for sides in _recent_sides:
        if sides.players is players and sides.rules is rules and sides.key[:2] == prefix:
            return sides.attackers, sides.defenders
    return fighters(state)


def battle_effects(state: GameState) -> list[tuple[int, Effect]]:
    """`active_effects(state, battle.dead)` for the battle in progress (from the cached `_Sides` when
    there is one for these dead special troops)."""
    battle = state.battle
    assert battle is not None
    dead = battle.dead
    key = (state.attacker, _sides_fields(battle.__dict__), _special_keys_among(dead) if dead else ())
    players, rules = state.players, state.rules
    for sides in _recent_sides:
        if sides.players is players and sides.rules is rules and sides.key == key:
            return sides.effects
    return active_effects(state, dead)


# ---- damage pools -----------------------------------------------------------------------------------
@direct_init
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
    firing = tuple([u for u in units if not u.dead and u.has_initiative])
    return Pool(sum([u.deals for u in firing]), 0, 0, firing)


def regular_pool(state: GameState, units: list[Unit], leftover: int, effects: list[tuple[int, Effect]]) -> Pool:
    """004 battles 4: every living troop without initiative, plus the defending bases (and palace),
    plus leftover initiative damage when the rules say so (000, 001)."""
    firing = tuple([u for u in units if not u.dead and not u.has_initiative and u.deals > 0])
    general = artillery = free = 0
    for u in firing:
        if "artillery" in u.traits:
            artillery += u.deals
            if effects and any(
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
@direct_init
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
        return _completions(*_signature(self))

    def sample(self, randrange: Callable[[int], int]) -> tuple[int, ...]:
        """One distinct allocation drawn uniformly (exactly: by counting completions, not listing).

        One `randrange` per run of targets, over the number of completions (see `_choices`)."""
        sig, troops, structures = _signature(self)
        out: tuple[int, ...] = ()
        for i in range(len(sig)):
            total, options = _choices(sig[i:], troops, structures)
            ticket = randrange(total)
            for run, troops_left, structures_left, completions in options:
                ticket -= completions
                if ticket < 0:
                    out += run
                    troops, structures = troops_left, structures_left
                    break
        return out

    def allocations(self) -> list[Allocation]:
        return [self.allocation(vec) for vec in self.vectors()]

    def allocation(self, vector: tuple[int, ...]) -> Allocation:
        """The Allocation of one vector (sorted by key, zero amounts left out; valid by construction)."""
        keys = _target_keys(self.targets)
        return construct(Allocation, assignments=tuple([(keys[i], vector[i]) for i in _key_order(keys) if vector[i]]))

    def actions(self) -> AllocateActions:
        """Every distinct allocation as an `Allocate` action, in `vectors` order, each built when looked at."""
        return AllocateActions(self)


def _target_keys(targets: tuple[Unit, ...]) -> tuple[str, ...]:
    return tuple([t.key for t in targets])


@functools.lru_cache(maxsize=4096)
def _key_order(keys: tuple[str, ...]) -> tuple[int, ...]:
    """The target indices in the order of their keys (an Allocation lists its pairs sorted by key)."""
    return tuple(sorted(range(len(keys)), key=keys.__getitem__))


class AllocateActions(Sequence[Allocate]):
    """The legal `Allocate` actions of one request, as a sequence that builds an action only when it is looked
    at: a combat step can offer thousands of allocations, and a playout picks one of them."""

    __slots__ = ("_keys", "_length", "_order", "_player", "_signature")

    def __init__(self, request: AllocationRequest) -> None:
        self._player = request.player
        self._signature = _signature(request)
        self._length = _completions(*self._signature)
        self._keys = _target_keys(request.targets)
        self._order = _key_order(self._keys)

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> Allocate: ...

    @overload
    def __getitem__(self, index: slice) -> list[Allocate]: ...

    def __getitem__(self, index: int | slice) -> Allocate | list[Allocate]:
        if isinstance(index, slice):
            return [self._action(v) for v in _vectors(*self._signature)[index]]
        if not -self._length <= index < self._length:
            raise IndexError("allocation index out of range")
        return self._action(_unrank(*self._signature, index % self._length))

    def __iter__(self) -> Iterator[Allocate]:
        return map(self._action, _vectors(*self._signature))

    def _action(self, vector: tuple[int, ...]) -> Allocate:
        keys = self._keys
        pairs = tuple([(keys[i], vector[i]) for i in self._order if vector[i]])
        return construct(Allocate, player=self._player, allocation=construct(Allocation, assignments=pairs))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, AllocateActions | list | tuple):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(list(self))


def current_pool(state: GameState, side: int) -> Pool:
    """The damage pool of one side in the current combat step (computed once per step: see `combat_step`)."""
    return combat_step(state).pool(side)


def _current_pool(step: CombatStep, side: int) -> Pool:
    state = step.state
    battle = state.battle
    assert battle is not None
    attackers, defenders = step.living()
    own = attackers if side == step.attacker else defenders
    stage = battle.stage
    if stage == "initiative":
        return initiative_pool(own)
    if stage == "regular":
        return regular_pool(state, own, battle.leftover[side], step.sides.effects)
    general, artillery = battle.remaining
    return Pool(general, artillery, artillery, (), "damage not distributed in regular combat")


def allocation_request(state: GameState, side: int) -> AllocationRequest | None:
    """The targets and caps for `side` in the current combat step; None when it has nothing to decide.

    Computed once per step (see `combat_step`)."""
    battle = state.battle
    if battle is None or battle.stage == "abilities":
        return None
    return combat_step(state).request(side)


def _allocation_request(step: CombatStep, side: int) -> AllocationRequest | None:
    battle = step.state.battle
    stage = battle.stage if battle is not None else None
    if stage not in ("initiative", "regular", "unmanned"):
        return None
    if stage == "unmanned" and side != step.attacker:
        return None
    pool = step.pool(side)
    if stage == "initiative":
        damage_to_distribute = pool.general
    elif stage == "regular":
        damage_to_distribute = pool.general + pool.artillery_free
    else:
        damage_to_distribute = pool.general + pool.artillery
    if not damage_to_distribute:
        return None  # a shortcut: both caps below would be 0
    attackers, defenders = step.living()
    living_troops: list[Unit] = []
    structures: list[Unit] = []
    troop_room = structure_room = 0
    for u in defenders if side == step.attacker else attackers:
        # (`u.is_structure` and `u.remaining`, spelt out: this runs for every request)
        if u.kind in STRUCTURE_KINDS:
            structures.append(u)
            structure_room += u.toughness - u.damage
        else:
            living_troops.append(u)
            troop_room += u.toughness - u.damage
    if stage == "initiative":
        targets, troop_cap, structure_cap = tuple(living_troops), pool.general, 0
        structure_room = 0
    elif stage == "regular":
        free = pool.artillery_free if any(u.kind == "base" for u in structures) else 0
        bases = [u for u in structures if u.kind == "base"] if free else []
        targets, troop_cap, structure_cap = (*living_troops, *bases), pool.general, free
        structure_room = sum(u.remaining for u in bases)
    else:
        targets, troop_cap, structure_cap = tuple(structures), 0, pool.total
        troop_room = 0
    total_cap = min(troop_cap, troop_room) + min(structure_cap, structure_room)
    if not targets or total_cap == 0:
        return None
    return AllocationRequest(
        side,
        stage,
        pool,
        targets,
        troop_cap,
        structure_cap,
        troop_cap + structure_cap if stage != "unmanned" else structure_cap,
    )


def explain_refusal(state: GameState, side: int, key: str) -> str:
    """Why a key is not a target for `side` now, in a player's words."""
    return refusal(state, side, key).message


class Refusal(NamedTuple):
    """Why a target is refused, in a player's words, and the rule that says so."""

    message: str
    rule: RuleId


def refusal(state: GameState, side: int, key: str) -> Refusal:
    """Why a key is not a target for `side` now, and the rule that says so (one decision for both)."""
    battle = state.battle
    assert battle is not None
    stage_rule: RuleId = "battles.3 initiative" if battle.stage == "initiative" else "battles.4 regular"
    attackers, defenders = battle_units(state)
    unit = next((u for u in attackers + defenders if u.key == key), None)
    if unit is None:
        return Refusal(f"{key} is not a unit in this battle", rule="battles")
    if unit.owner == side:
        return Refusal(f"{unit.name} ({key}) is on your own side", rule=stage_rule)
    if unit.dead:
        return Refusal(f"{unit.name} ({key}) is already destroyed", rule=stage_rule)
    if unit.is_structure and battle.stage == "initiative":
        return Refusal(
            "initiative damage cannot be assigned to bases or the palace "
            "(the initiative trait does not apply against bases)",
            rule="traits.initiative",
        )
    if unit.is_structure:
        where = "the palace" if unit.kind == "palace" else "bases"
        return Refusal(
            f"{where} can be damaged only when unmanned, and troops still defend {unit.name}",
            rule="battles.4 unmanned",
        )
    if battle.stage == "unmanned":
        return Refusal("only the unmanned bases (or palace) can take the remaining damage", rule="battles.4 unmanned")
    return Refusal(f"{unit.name} ({key}) cannot be targeted now", rule=stage_rule)


def validate_allocation(state: GameState, request: AllocationRequest, allocation: Allocation) -> None:
    """Raise IllegalAction naming the rule when an allocation is not allowed."""
    by_key = {t.key: t for t in request.targets}
    troops = structures = 0
    for key, amount in allocation.assignments:
        unit = by_key.get(key)
        if unit is None:
            message, rule = refusal(state, request.player, key)
            raise IllegalAction(message, rule)
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
    runs: list[tuple[bool, int, int]] = []
    group = None
    troop_room = structure_room = 0
    for t in request.targets:
        # (`t.is_structure` and `t.remaining`, spelt out: this runs for every allocation drawn)
        is_structure, remaining = t.kind in STRUCTURE_KINDS, t.toughness - t.damage
        if is_structure:
            structure_room += remaining
        else:
            troop_room += remaining
        if runs and t.group == group and runs[-1][:2] == (is_structure, remaining):
            runs[-1] = (is_structure, remaining, runs[-1][2] + 1)
        else:
            runs.append((is_structure, remaining, 1))
            group = t.group
    return tuple(runs), min(request.troop_cap, troop_room), min(request.structure_cap, structure_room)


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
def _vectors(sig: tuple[tuple[bool, int, int], ...], troop_cap: int, structure_cap: int) -> tuple[tuple[int, ...], ...]:
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
def _choices(
    runs: tuple[tuple[bool, int, int], ...], troops: int, structures: int
) -> tuple[int, tuple[tuple[tuple[int, ...], int, int, int], ...]]:
    """The choices for the first of these runs of targets with this damage left: the number of
    completions, and per possible run of amounts (amounts, troop damage left, structure damage left,
    completions). Cached by the runs still to fill, not by the whole request, so requests that end
    alike share their tables."""
    is_structure, remaining, length = runs[0]
    rest = runs[1:]
    options = []
    for run in _runs(length, remaining, structures if is_structure else troops):
        spent = sum(run)
        left = (troops, structures - spent) if is_structure else (troops - spent, structures)
        options.append((run, left[0], left[1], _completions(rest, *left)))
    return sum(o[3] for o in options), tuple(options)


def _unrank(runs: tuple[tuple[bool, int, int], ...], troops: int, structures: int, index: int) -> tuple[int, ...]:
    """The allocation at this index of `_vectors(runs, troops, structures)`, found from the counts of
    completions without listing the allocations before it (both go through the runs in the same order)."""
    out: tuple[int, ...] = ()
    for i in range(len(runs)):
        for run, troops_left, structures_left, completions in _choices(runs[i:], troops, structures)[1]:
            if index < completions:
                out += run
                troops, structures = troops_left, structures_left
                break
            index -= completions
    return out


@functools.lru_cache(maxsize=65536)
def _completions(runs: tuple[tuple[bool, int, int], ...], troops: int, structures: int) -> int:
    """How many distinct ways there are to fill these runs of targets with this damage left."""
    if not runs:
        return 1
    is_structure, remaining, length = runs[0]
    rest = runs[1:]
    total = 0
    for run in _runs(length, remaining, structures if is_structure else troops):
        spent = sum(run)
        if is_structure:
            total += _completions(rest, troops, structures - spent)
        else:
            total += _completions(rest, troops - spent, structures)
    return total


def enumerate_vectors(request: AllocationRequest) -> list[tuple[int, ...]]:
    """Every distinct allocation, as amounts per target: no target gets more than destroys it, no cap
    is exceeded, and interchangeable troops (one base, equal damage) are not counted twice."""
    return list(_vectors(*_signature(request)))


Gain = Callable[[Unit, int], tuple[int, ...]]
"""What `amount` damage on one target is worth to a policy, as a tuple compared item by item."""

_GAIN_BASE = 1 << 40
"""Gains are added up as one integer, each item a digit in this base (item sums stay far below half of it)."""


_LISTED_AT_MOST = 256
"""Up to this many allocations, listing them all and scoring each is faster than the search by budgets."""


def best_vector(request: AllocationRequest, gain: Gain) -> tuple[int, ...]:
    """`max(request.vectors(), key=...)` for a value that is the item-by-item sum of `gain` over the targets:
    the same vector (the first of the largest, in `vectors` order), found run by run from the best value of
    each rest of the targets with each budget left, without listing the allocations."""
    runs, troops, structures = _signature(request)
    gains = _gain_table(request.targets, gain)
    if _completions(runs, troops, structures) <= _LISTED_AT_MOST:
        return max(_vectors(runs, troops, structures), key=lambda v: sum([g[a] for g, a in zip(gains, v, strict=True)]))
    starts = [0]
    for _, _, length in runs:
        starts.append(starts[-1] + length)
    best: dict[tuple[int, int, int], int] = {}

    def options(i: int, troops_left: int, structures_left: int) -> Iterator[tuple[tuple[int, ...], int, int, int]]:
        is_structure, remaining, length = runs[i]
        row = gains[starts[i] : starts[i + 1]]
        for run in _runs(length, remaining, structures_left if is_structure else troops_left):
            spent = sum(run)
            left = (troops_left, structures_left - spent) if is_structure else (troops_left - spent, structures_left)
            yield run, left[0], left[1], sum([g[a] for g, a in zip(row, run, strict=True)])

    def value(i: int, troops_left: int, structures_left: int) -> int:
        if i == len(runs):
            return 0
        key = (i, troops_left, structures_left)
        found = best.get(key)
        if found is None:
            found = best[key] = max(v + value(i + 1, t, s) for _, t, s, v in options(i, troops_left, structures_left))
        return found

    out: tuple[int, ...] = ()
    for i in range(len(runs)):
        target = value(i, troops, structures)
        for run, t, s, v in options(i, troops, structures):
            if v + value(i + 1, t, s) == target:
                out += run
                troops, structures = t, s
                break
    return out


def _gain_table(targets: tuple[Unit, ...], gain: Gain) -> list[list[int]]:
    """Per target, the gain of each amount from 0 to what destroys it, as one integer (see `_GAIN_BASE`)."""
    table = []
    for t in targets:
        row = []
        for amount in range(t.toughness - t.damage + 1):
            number = 0
            for item in gain(t, amount):
                assert abs(item) < _GAIN_BASE >> 12, "a gain too large to add up exactly"
                number = number * _GAIN_BASE + item
            row.append(number)
        table.append(row)
    return table
