"""The card effects in play for a battle, and each troop type's power and toughness under them."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass

from rules.attack_the_tower.cards import (
    DamageBonus,
    Effect,
    PowerChange,
    PowerSet,
    SpareFromSacrifice,
    TraitLoss,
    TroopType,
)
from rules.attack_the_tower.catalog import ability_card
from rules.attack_the_tower.engine.combat.units import Role, special_key
from rules.attack_the_tower.model import GameState

_last_effects: list[tuple[object, tuple[str, ...], list[tuple[int, Effect]]]] = []


def active_effects(state: GameState, dead: tuple[str, ...] = ()) -> list[tuple[int, Effect]]:
    """(owner, effect) for every ability in play and every living special troop's lasting effect."""
    for players, known_dead, result in _last_effects:
        if players is state.players and known_dead == dead:
            return result
    result = list(effects_of(effects_key_of(state, dead)))
    _last_effects.insert(0, (state.players, dead, result))
    del _last_effects[4:]
    return result


EffectsKey = tuple[tuple[tuple[str, ...], tuple[str, ...], tuple[int, ...]], ...]
"""What decides the effects in play: per player, the abilities in play, the special troops on the
palace, and which of those have fallen (by palace index). Plain strings and numbers, so cheap to hash."""


def effects_key_of(state: GameState, dead: tuple[str, ...]) -> EffectsKey:
    """The `EffectsKey` of a position with the units of `dead` fallen: what `effects_of` reads, cheap to hash."""
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
def effects_of(key: EffectsKey) -> tuple[tuple[int, Effect], ...]:
    """`active_effects` from its `effects_key_of`: per player, the abilities in play, then the lasting
    effects of the special troops on the palace except the fallen. Cached by those cards, which change
    far less often than the positions that hold them."""
    return tuple((owner, e) for owner, _card, e in sourced_effects_of(key))


@functools.lru_cache(maxsize=4096)
def sourced_effects_of(key: EffectsKey) -> tuple[tuple[int, str, Effect], ...]:
    """`effects_of` with the card each effect comes from: (owner, card id, effect)."""
    out: list[tuple[int, str, Effect]] = []
    for owner, (in_play, palace, fallen) in enumerate(key):
        for cid in in_play:
            out.extend((owner, cid, e) for e in ability_card(cid).effects)
        for i, cid in enumerate(palace):
            spec = ability_card(cid).special_troop
            if spec is not None and i not in fallen:
                out.extend((owner, cid, e) for e in spec.effects)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class PowerNote:
    """A card in play that changes a unit's power in this battle, and how: ('Lich', 'power -1')."""

    card: str
    change: str


def power_notes(
    state: GameState, owner: int, troop_type: TroopType | None, role: Role | None, dead: tuple[str, ...] = ()
) -> tuple[PowerNote, ...]:
    """The cards in play that change the power of a troop of `owner` and `troop_type` (None: a special troop)
    fighting as `role`, each with its change: what `unit_stats` applies, named after its card (the Lich's
    'The Power of enemy troops drop by one' marks every enemy troop it weakens)."""
    notes = []
    for eo, cid, e in sourced_effects_of(effects_key_of(state, dead)):
        if isinstance(e, PowerSet) and _applies(eo, e, owner, troop_type):
            notes.append(PowerNote(ability_card(cid).name, f"power set to {e.value}"))
        elif isinstance(e, PowerChange) and _applies(eo, e, owner, troop_type) and _in_force(e, role):
            notes.append(PowerNote(ability_card(cid).name, f"power {e.delta:+d}"))
        elif isinstance(e, DamageBonus) and _applies(eo, e, owner, troop_type):
            notes.append(PowerNote(ability_card(cid).name, f"{e.delta:+d} damage dealt"))
    return tuple(notes)


def spare_types(effects: Iterable[tuple[int, Effect]], owner: int) -> set[TroopType]:
    """The troop types whose presence spares `owner`'s troops of their territory from sacrifice (Kyudoka: 'Troops in
    the same territory as allied Kyudokas may be spared from sacrifice, even if other abilities demand it')."""
    return {e.troop_type for o, e in effects if o == owner and isinstance(e, SpareFromSacrifice)}


def _in_force(change: PowerChange, role: Role | None) -> bool:
    """Whether a power change holds for a troop fighting as `role` ('always', or only when attacking or
    defending)."""
    return change.when == "always" or change.when == role


def _applies(
    holder: int, effect: PowerSet | PowerChange | DamageBonus | TraitLoss, owner: int, troop_type: TroopType | None
) -> bool:
    """Whether an effect in play for `holder` reaches a troop of `owner` and `troop_type` (by side and troop type)."""
    if (effect.who == "allied") != (holder == owner):
        return False
    return effect.troop_types is None or (troop_type is not None and troop_type in effect.troop_types)


def unit_stats(
    owner: int,
    troop_type: TroopType | None,
    printed_power: int,
    printed_traits: tuple[str, ...],
    role: Role | None,
    effects: Iterable[tuple[int, Effect]],
    minimum_toughness: int,
    raised: int = 0,
) -> tuple[int, int, frozenset[str]]:
    """(damage dealt, damage needed to destroy, traits) of one troop under the effects in play; `raised` is a
    troop's own raise (a Ninja's +3), added once the effects have set or changed its power and before the
    minimum toughness, which holds only for a power that ends at 0."""
    power = printed_power
    for eo, e in effects:
        if isinstance(e, PowerSet) and _applies(eo, e, owner, troop_type):
            power = e.value
    bonus = 0
    traits = set(printed_traits)
    for eo, e in effects:
        if isinstance(e, PowerChange) and _applies(eo, e, owner, troop_type) and _in_force(e, role):
            power += e.delta
        elif isinstance(e, DamageBonus) and _applies(eo, e, owner, troop_type):
            bonus += e.delta
        elif isinstance(e, TraitLoss) and _applies(eo, e, owner, troop_type):
            traits.discard(e.trait)
    power = max(0, power) + raised
    return max(0, power + bonus), max(power, minimum_toughness), frozenset(traits)
