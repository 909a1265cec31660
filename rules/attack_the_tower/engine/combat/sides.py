"""Both sides of a battle, built from the position (troops by territory, special troops, bases) and remembered
while the same position is asked about again; the survivors of damage taken so far."""

from __future__ import annotations

import functools
from collections.abc import Iterable

from rules.attack_the_tower.cards import (
    TROOP_TYPE_TRAITS,
    TROOP_TYPES,
    Effect,
    TroopType,
)
from rules.attack_the_tower.catalog import ability_card, base_card, raised_troop_name
from rules.attack_the_tower.engine.combat.effects import EffectsKey, effects_key_of, effects_of, unit_stats
from rules.attack_the_tower.engine.combat.units import (
    Role,
    Unit,
    UnitKind,
    base_key,
    palace_key,
    special_key,
    troop_key,
)
from rules.attack_the_tower.model import GameState, Player
from rules.attack_the_tower.variants import Rules


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
    powers, minimum_toughness = troop_powers(rules), rules.minimum_toughness
    units: list[Unit] = []
    for slot, base in enumerate(state.players[owner].territories[territory]):
        if base is not None and base.troops:
            bc = base_card(base.card)
            deals, tough, traits = troop_type_stats(owner, bc.troop_type, role, effects_key, powers, minimum_toughness)
            raised_stats: tuple[tuple[int, int], ...] = ()
            raised_name = ""
            if base.raised:
                raised_name = raised_troop_name(state.players[owner].army) or ""
                raised_stats = tuple(
                    troop_type_stats(owner, bc.troop_type, role, effects_key, powers, minimum_toughness, r)[:2]
                    for r in base.raised
                )
            units += _troop_group(
                owner,
                territory,
                slot,
                base.troops,
                bc.troop_name,
                bc.troop_type,
                deals,
                tough,
                traits,
                base.raised,
                raised_stats,
                raised_name,
            )
    return units


@functools.lru_cache(maxsize=16384)
def troop_type_stats(
    owner: int,
    troop_type: TroopType,
    role: Role,
    effects_key: EffectsKey,
    powers: tuple[int, ...],
    minimum_toughness: int,
    raised: int = 0,
) -> tuple[int, int, frozenset[str]]:
    """`unit_stats` of a troop type, cached by everything it depends on: the effects in play by their
    `effects_key_of`, the rules by the troop powers (by troop type) and the minimum toughness (and a troop's own
    raise)."""
    printed_power = powers[TROOP_TYPES.index(troop_type)]
    printed_traits = TROOP_TYPE_TRAITS[troop_type]
    effects = effects_of(effects_key)
    return unit_stats(owner, troop_type, printed_power, printed_traits, role, effects, minimum_toughness, raised)


_recent_powers: list[tuple[Rules, tuple[int, ...]]] = []


def troop_powers(rules: Rules) -> tuple[int, ...]:
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
    raised_stats: tuple[tuple[int, int], ...] = (),
    raised_name: str = "",
) -> tuple[Unit, ...]:
    """The undamaged troops of one base (shared by every battle that fields them, as `_undamaged`).

    A troop that carries its own power raise (`Base.raised`, a Ninja) deals and takes more (`raised_stats`: its
    damage dealt and needed, by `unit_stats`) and is not interchangeable with the others: it is a group of its
    own, called what the raising card makes it (`raised_name`: 'It becomes a Ninja'), or the troop's name with
    its raise when no card names it."""
    group = base_key(owner, territory, slot)
    units = []
    for i in range(count):
        key = troop_key(owner, territory, slot, i)
        if i < len(raised):  # a group of its own
            d, t = raised_stats[i]
            called, own_group = raised_name or f"{name} raised by {raised[i]}", key
        else:
            d, t, called, own_group = deals, toughness, name, group
        units.append(_undamaged(key, owner, "troop", called, troop_type, d, t, traits, own_group))
    return tuple(units)


def _specials(
    state: GameState, owner: int, indices: Iterable[int], role: Role, effects: list[tuple[int, Effect]]
) -> list[Unit]:
    player = state.players[owner]
    minimum_toughness = state.rules.minimum_toughness
    units = []
    for i in indices:
        spec = ability_card(player.palace[i]).special_troop
        assert spec is not None
        deals, tough, traits = unit_stats(owner, None, spec.power, spec.traits, role, effects, minimum_toughness)
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
    effects end; so this is computed once per battle (and again when a special troop dies). See `battle_sides`
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
        effects_key = effects_key_of(state, dead_specials)
        effects = self.effects = list(effects_of(effects_key))
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


recent_sides: list[_Sides] = []


def battle_sides(state: GameState) -> _Sides:
    """The `_Sides` of the battle in progress.

    Cached by the identity of each player and of the rules (every change of the board replaces a player;
    each entry holds them, so an identity cannot be reused while cached) and
    by the battle fields that decide who fights: origin, target, palace, special troops that joined, and
    the special troops that died.
    """
    battle = state.battle
    assert battle is not None
    dead = battle.dead
    dead_specials = special_keys_among(dead) if dead else ()
    key = (state.attacker, battle.sides_key(), dead_specials)
    first, second = state.players
    rules = state.rules
    for sides in recent_sides:  # each player by identity: compiled, the pair itself is rebuilt at each read
        if sides.players[0] is first and sides.players[1] is second and sides.rules is rules and sides.key == key:
            return sides
    sides = _Sides(state, key, dead_specials)
    recent_sides.insert(0, sides)
    del recent_sides[4:]
    return sides


@functools.lru_cache(maxsize=1024)
def special_keys_among(keys: tuple[str, ...]) -> tuple[str, ...]:
    """The special troops' keys among these unit keys (cached: a battle's dead list is asked often)."""
    return tuple(k for k in keys if "/palace/" in k)


def overlay(units: list[Unit], taken: dict[str, int], gone: tuple[str, ...]) -> list[Unit]:
    """The units with the damage taken so far and the dead laid over them (new Units only for those)."""
    out = []
    for u in units:
        key = u.key
        if key in taken or key in gone:
            u = _damaged(u, taken.get(key, 0), key in gone)
        out.append(u)
    return out


def living_units(units: list[Unit], taken: dict[str, int], gone: tuple[str, ...]) -> list[Unit]:
    """The living units of `overlay(units, taken, gone)`: all that pools and requests look at."""
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
