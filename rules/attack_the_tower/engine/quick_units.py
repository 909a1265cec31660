"""Who fights in a battle played on plain numbers (`quick_battle`), with what power, toughness and traits under
the effects in play: the same units, in the same order, as the engine's `_Sides`."""

from __future__ import annotations

from dataclasses import dataclass

from rules.attack_the_tower.cards import (
    ArtilleryIgnoresDefenders,
    CombatStartDamage,
    DamageBonus,
    Effect,
    ExtraRenewalDraws,
    PowerChange,
    PowerSet,
    RaiseChosenTroop,
    Recruit,
    RecruitPerKill,
    SacrificeAfterBattle,
    SacrificeToDestroyBases,
    SacrificeUnmannedBases,
    SpareFromSacrifice,
    TraitLoss,
)
from rules.attack_the_tower.catalog import ability_card, base_card
from rules.attack_the_tower.engine.combat.effects import EffectsKey, effects_of, unit_stats
from rules.attack_the_tower.engine.combat.pools import ignores_defenders
from rules.attack_the_tower.engine.combat.sides import troop_powers, troop_type_stats
from rules.attack_the_tower.engine.combat.units import Role
from rules.attack_the_tower.model import Territories, Territory
from rules.attack_the_tower.variants import Rules

Unit = tuple[str, int, int, object, bool, bool, bool, tuple[int, ...], str | None]
"""kind, power dealt, toughness, group, fires in the initiative step, deals artillery damage, artillery that may
hit defended bases, place ((territory, slot, index) of a troop, (territory, slot) of a base, (index,) of a special
troop, () of a palace), troop type."""

Units = tuple[list[Unit], list[Unit]]
"""(attacking units, defending units)."""

Fallen = tuple[tuple[int, ...], tuple[int, ...]]
"""Per player, the palace indices of its special troops that have fallen in the battle (ascending)."""

MODELLED = (
    PowerChange,
    PowerSet,
    DamageBonus,
    TraitLoss,
    ArtilleryIgnoresDefenders,
    CombatStartDamage,
    SacrificeAfterBattle,
    SpareFromSacrifice,
    SacrificeUnmannedBases,
    Recruit,
    RecruitPerKill,
    ExtraRenewalDraws,
    RaiseChosenTroop,
    SacrificeToDestroyBases,
)
"""The effects a battle on plain numbers models: power, toughness and traits, damage as combat begins (Templar),
sacrifices after the battle (Monk, Samurai, Kyudoka, Huns), and effects that act only outside a battle."""


@dataclass(slots=True)
class Board:
    """Each side's territories and palace as the battles change them, and the abilities in play."""

    territories: list[Territories]
    palaces: list[tuple[str, ...]]
    in_play: tuple[tuple[str, ...], tuple[str, ...]]

    def effects(self, fallen: Fallen = ((), ())) -> tuple[EffectsKey, list[tuple[int, Effect]]]:
        """The effects in play (`active_effects`) and their key, but those of the fallen special troops."""
        key: EffectsKey = (
            (self.in_play[0], self.palaces[0], fallen[0]),
            (self.in_play[1], self.palaces[1], fallen[1]),
        )
        return key, list(effects_of(key))


@dataclass(frozen=True, slots=True)
class Field:
    """Where a battle is fought: who attacks, from and against which territory, the palace or not, and the
    attacker's special troops that joined (palace indices)."""

    rules: Rules
    attacker: int
    origin: int
    target: int
    at_palace: bool
    specials: tuple[int, ...]


def battle_units(
    field: Field, board: Board, fallen: Fallen = ((), ())
) -> tuple[Units, list[tuple[int, Effect]]] | None:
    """(attacking units, defending units) in the engine's order (`_Sides`), with the effects in play; None when
    an effect in play is not modelled."""
    effects_key, effects = board.effects(fallen)
    if not all(isinstance(e, MODELLED) for _, e in effects):
        return None
    if not effects:
        effects_key = ()
    rules, attacker = field.rules, field.attacker
    defender = 1 - attacker
    attackers = _troops(
        rules, attacker, board.territories[attacker][field.origin], field.origin, "attacking", effects_key, effects
    )
    attackers += _specials(rules, attacker, board.palaces[attacker], field.specials, "attacking", effects)
    guarding: tuple[int, ...] = ()
    if field.at_palace or rules.special_troops_defend_territories:
        guarding = tuple(range(len(board.palaces[defender])))
    guards = _specials(rules, defender, board.palaces[defender], guarding, "defending", effects)
    if field.at_palace:
        deals = rules.palace_power if rules.palace_deals_damage else 0
        palace: Unit = ("palace", deals, rules.palace_power, ("palace",), False, False, False, (), None)
        return (attackers, [*guards, palace]), effects
    territory = board.territories[defender][field.target]
    defenders = _troops(rules, defender, territory, field.target, "defending", effects_key, effects) + guards
    power = rules.base_power
    for slot, base in enumerate(territory):
        if base is not None:
            place = (field.target, slot)
            defenders.append(("base", power, power, place, False, False, False, place, None))
    return (attackers, defenders), effects


def _troops(
    rules: Rules,
    owner: int,
    territory: Territory,
    t: int,
    role: Role,
    effects_key: EffectsKey,
    effects: list[tuple[int, Effect]],
) -> list[Unit]:
    """The troops of one territory, base by base (a raised troop a group of its own, as `_troop_group`)."""
    powers, minimum_toughness = troop_powers(rules), rules.minimum_toughness
    units: list[Unit] = []
    for s, base in enumerate(territory):
        if base is None or not base.troops:
            continue
        troop_type = base_card(base.card).troop_type
        deals, tough, traits = troop_type_stats(owner, troop_type, role, effects_key, powers, minimum_toughness)
        initiative, artillery = _fires_first(traits), "artillery" in traits
        free = artillery and ignores_defenders(owner, troop_type, effects)
        raised = base.raised
        group = (t, s)
        for i in range(base.troops):
            if i < len(raised):
                r, place = raised[i], (t, s, i)
                units.append(("troop", deals + r, tough + r, place, initiative, artillery, free, place, troop_type))
            else:
                units.append(("troop", deals, tough, group, initiative, artillery, free, (t, s, i), troop_type))
    return units


def _fires_first(traits: frozenset[str]) -> bool:
    return "initiative" in traits and "artillery" not in traits


def _specials(
    rules: Rules,
    owner: int,
    palace: tuple[str, ...],
    indices: tuple[int, ...],
    role: Role,
    effects: list[tuple[int, Effect]],
) -> list[Unit]:
    """The special troops at these palace indices."""
    units: list[Unit] = []
    for i in indices:
        spec = ability_card(palace[i]).special_troop
        assert spec is not None
        deals, tough, traits = unit_stats(owner, None, spec.power, spec.traits, role, effects, rules.minimum_toughness)
        artillery = "artillery" in traits
        free = artillery and ignores_defenders(owner, None, effects)
        units.append(("special", deals, tough, ("special", i), _fires_first(traits), artillery, free, (i,), None))
    return units
