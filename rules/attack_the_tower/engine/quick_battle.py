"""A battle played out on plain numbers, for a player looking one battle ahead: both sides pass in the ability
windows and allocate by a choice on plain target descriptions. It gives the board the battle leaves (what the
look-ahead weighs) without building a position per step, and answers None for what it does not model (abilities
acting in combat beyond power and traits, special troops with lasting effects, a battle already under way), where
`battle_played_out` is asked instead (`battle_result` does both)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.attack_the_tower.cards import (
    ArtilleryIgnoresDefenders,
    DamageBonus,
    Effect,
    ExtraRenewalDraws,
    PowerChange,
    PowerSet,
    RaiseChosenTroop,
    Recruit,
    RecruitPerKill,
    SacrificeToDestroyBases,
    SpareFromSacrifice,
    TraitLoss,
)
from rules.attack_the_tower.catalog import ability_card, base_card
from rules.attack_the_tower.engine import combat
from rules.attack_the_tower.engine.battles import battle_played_out
from rules.attack_the_tower.engine.card_effects import without_troops
from rules.attack_the_tower.engine.combat.effects import EffectsKey, _effects_of, _stats
from rules.attack_the_tower.engine.combat.sides import _troop_powers, _troop_type_stats
from rules.attack_the_tower.engine.combat.units import Role
from rules.attack_the_tower.engine.quick_steps import ChooseVector, TargetKey, Unit, fight
from rules.attack_the_tower.model import EMPTY_TERRITORY, Allocation, Base, GameState, Territory
from rules.attack_the_tower.variants import Rules

Territories = tuple[Territory, Territory, Territory]


@dataclass(frozen=True, slots=True)
class BattleResult:
    """The position a battle leaves, as a player weighing the board reads it: the rules, whether the game is
    over and who won, each side's territories and palace, and each hand's size."""

    rules: Rules
    over: bool
    winner: int | None
    territories: tuple[Territories, Territories]
    palaces: tuple[tuple[str, ...], tuple[str, ...]]
    hands: tuple[int, int]


def position_result(state: GameState) -> BattleResult:
    """The `BattleResult` a position reads as (the battle in progress, if any, left where it is)."""
    p0, p1 = state.players
    return BattleResult(
        state.rules,
        state.phase == "game_over",
        state.winner,
        (p0.territories, p1.territories),
        (p0.palace, p1.palace),
        (len(p0.hand), len(p1.hand)),
    )


_MODELLED = (
    PowerChange,
    PowerSet,
    DamageBonus,
    TraitLoss,
    ArtilleryIgnoresDefenders,
    Recruit,
    RecruitPerKill,
    ExtraRenewalDraws,
    RaiseChosenTroop,
    SacrificeToDestroyBases,
    SpareFromSacrifice,
)
"""Effects that act in a battle only through power, toughness and traits, or not at all (they act when played,
in a renewal, or only beside an effect not modelled here)."""


@dataclass(slots=True)
class _Board:
    """Each side's territories and palace as the battles change them."""

    territories: list[Territories]
    palaces: list[tuple[str, ...]]


def quick_result(state: GameState, choose: ChooseVector, most_decisions: int) -> BattleResult | None:
    """`battle_played_out`'s position as a `BattleResult`, both sides allocating as `choose` says; None when the
    battle holds what this does not model (then ask `battle_played_out`)."""
    battle = state.battle
    if state.phase != "battle" or battle is None:
        return position_result(state)
    if battle.damage or battle.dead or battle.leftover != (0, 0) or battle.remaining != (0, 0):
        return None
    if battle.stage == "abilities":
        decisions = 2 - battle.passes
    elif battle.stage == "initiative" and battle.pending == (None, None):
        decisions = 0
    else:
        return None
    p0, p1 = state.players
    board = _Board([p0.territories, p1.territories], [p0.palace, p1.palace])
    in_play = (p0.in_play, p1.in_play)
    specials, at_palace = battle.specials, battle.at_palace
    while True:
        units = _battle_units(
            state.rules, state.attacker, battle.origin, battle.target, at_palace, specials, board, in_play
        )
        if units is None:
            return None
        fought = fight(units, state.rules, choose, decisions, most_decisions)
        if fought is None:
            return None
        dead, decisions = fought
        over = _remove_destroyed(board, state.attacker, units, dead)
        if over:
            return _result(state, board, state.attacker)
        _maintain_specials(board)
        if at_palace:
            return _result(state, board, None)
        specials = _surviving_specials(specials, units[0], dead[0])
        origin_troops = sum(b.troops for b in board.territories[state.attacker][battle.origin] if b is not None)
        defended = board.territories[1 - state.attacker][battle.target]
        if defended != EMPTY_TERRITORY or origin_troops + len(specials) == 0:
            return _result(state, board, None)
        if decisions >= most_decisions:
            return None
        decisions += 2
        at_palace = True


def _result(state: GameState, board: _Board, winner: int | None) -> BattleResult:
    p0, p1 = state.players
    return BattleResult(
        state.rules,
        winner is not None,
        winner,
        (board.territories[0], board.territories[1]),
        (board.palaces[0], board.palaces[1]),
        (len(p0.hand), len(p1.hand)),
    )


def _surviving_specials(specials: tuple[int, ...], attackers: list[Unit], dead: set[int]) -> tuple[int, ...]:
    """The attacker's joined special troops that survived, renumbered past the fallen ones on the palace."""
    fallen = [attackers[i][7][0] for i in dead if attackers[i][0] == "special"]
    return tuple(i - sum(1 for f in fallen if f < i) for i in specials if i not in fallen)


def _effects(
    board: _Board, in_play: tuple[tuple[str, ...], tuple[str, ...]]
) -> tuple[EffectsKey, list[tuple[int, Effect]]]:
    key: EffectsKey = ((in_play[0], board.palaces[0], ()), (in_play[1], board.palaces[1], ()))
    return key, list(_effects_of(key))


def _battle_units(
    rules: Rules,
    attacker: int,
    origin: int,
    target: int,
    at_palace: bool,
    specials: tuple[int, ...],
    board: _Board,
    in_play: tuple[tuple[str, ...], tuple[str, ...]],
) -> tuple[list[Unit], list[Unit]] | None:
    """(attacking units, defending units) in the engine's order (`_Sides`); None when an effect in play is not
    modelled or a special troop with lasting effects fights (its fall would change the others' power)."""
    effects_key, effects = _effects(board, in_play)
    if not all(isinstance(e, _MODELLED) for _, e in effects):
        return None
    if not effects:
        effects_key = ()
    defender = 1 - attacker
    attackers = _troops(rules, attacker, board.territories[attacker][origin], origin, "attacking", effects_key, effects)
    defending_specials: tuple[int, ...] = ()
    if at_palace or rules.special_troops_defend_territories:
        defending_specials = tuple(range(len(board.palaces[defender])))
    joined = _specials(rules, attacker, board.palaces[attacker], specials, "attacking", effects)
    guards = _specials(rules, defender, board.palaces[defender], defending_specials, "defending", effects)
    if joined is None or guards is None:
        return None
    attackers += joined
    if at_palace:
        palace_deals = rules.palace_power if rules.palace_deals_damage else 0
        return attackers, [*guards, ("palace", palace_deals, rules.palace_power, ("palace",), False, False, False, ())]
    territory = board.territories[defender][target]
    defenders = _troops(rules, defender, territory, target, "defending", effects_key, effects) + guards
    for slot, base in enumerate(territory):
        if base is not None:
            power = rules.base_power
            defenders.append(("base", power, power, (target, slot), False, False, False, (target, slot)))
    return attackers, defenders


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
    powers, minimum_toughness = _troop_powers(rules), rules.minimum_toughness
    units: list[Unit] = []
    for s, base in enumerate(territory):
        if base is None or not base.troops:
            continue
        troop_type = base_card(base.card).troop_type
        deals, tough, traits = _troop_type_stats(owner, troop_type, role, effects_key, powers, minimum_toughness)
        initiative, artillery = _fires_first(traits), "artillery" in traits
        free = artillery and _artillery_free(owner, troop_type, effects)
        raised = base.raised
        for i in range(base.troops):
            if i < len(raised):
                r = raised[i]
                units.append(("troop", deals + r, tough + r, (t, s, i), initiative, artillery, free, (t, s, i)))
            else:
                units.append(("troop", deals, tough, (t, s), initiative, artillery, free, (t, s, i)))
    return units


def _fires_first(traits: frozenset[str]) -> bool:
    return "initiative" in traits and "artillery" not in traits


def _artillery_free(owner: int, troop_type: object, effects: list[tuple[int, Effect]]) -> bool:
    return any(
        isinstance(e, ArtilleryIgnoresDefenders)
        and eo == owner
        and (e.troop_types is None or troop_type in e.troop_types)
        for eo, e in effects
    )


def _specials(
    rules: Rules,
    owner: int,
    palace: tuple[str, ...],
    indices: tuple[int, ...],
    role: Role,
    effects: list[tuple[int, Effect]],
) -> list[Unit] | None:
    """The special troops at these palace indices; None when one has lasting effects."""
    units: list[Unit] = []
    for i in indices:
        spec = ability_card(palace[i]).special_troop
        assert spec is not None
        if spec.effects:
            return None
        deals, tough, traits = _stats(owner, None, spec.power, spec.traits, role, effects, rules.minimum_toughness)
        artillery = "artillery" in traits
        free = artillery and _artillery_free(owner, None, effects)
        units.append(("special", deals, tough, ("special", i), _fires_first(traits), artillery, free, (i,)))
    return units


def _remove_destroyed(
    board: _Board, attacker: int, units: tuple[list[Unit], list[Unit]], dead: tuple[set[int], set[int]]
) -> bool:
    """004 battles 5: the destroyed troops, bases and special troops removed from the board (as
    `_without_destroyed`); whether the palace fell."""
    palace_fell = False
    for side, owner in ((0, attacker), (1, 1 - attacker)):
        if not dead[side]:
            continue
        own = units[side]
        territories = [list(terr) for terr in board.territories[owner]]
        losses: dict[tuple[int, int], list[int]] = {}
        destroyed: set[tuple[int, int]] = set()
        fallen: list[int] = []
        for i in dead[side]:
            kind, place = own[i][0], own[i][7]
            if kind == "troop":
                losses.setdefault((place[0], place[1]), []).append(place[2])
            elif kind == "base":
                destroyed.add((place[0], place[1]))
                territories[place[0]][place[1]] = None
            elif kind == "palace":
                palace_fell = True
            else:
                fallen.append(place[0])
        for (t, s), indices in losses.items():
            base = territories[t][s]
            if base is not None and (t, s) not in destroyed:
                territories[t][s] = without_troops(base, indices)
        board.territories[owner] = _as_territories(territories)
        palace = board.palaces[owner]
        for i in sorted(fallen, reverse=True):
            palace = palace[:i] + palace[i + 1 :]
        board.palaces[owner] = palace
    return palace_fell


def _as_territories(territories: list[list[Base | None]]) -> Territories:
    t0, t1, t2 = ((t[0], t[1], t[2]) for t in territories)
    return t0, t1, t2


def _maintain_specials(board: _Board) -> None:
    """000: a special troop needs a complete territory of three bases; the last needy ones go first."""
    for index in (0, 1):
        palace = board.palaces[index]
        if not palace:
            continue
        needy = [i for i, c in enumerate(palace) if "loyal" not in ability_card(c).special_troop.traits]  # type: ignore[union-attr]
        complete = sum(all(b is not None for b in terr) for terr in board.territories[index])
        excess = len(needy) - complete
        if excess <= 0:
            continue
        for i in reversed(needy[-excess:]):
            palace = palace[:i] + palace[i + 1 :]
        board.palaces[index] = palace


def target_key(request: combat.AllocationRequest) -> TargetKey:
    """A request's targets as plain numbers (`TargetKey`), as `quick_result` hands them to its choice."""
    groups: dict[str, int] = {}
    return tuple(
        [(t.kind, t.deals, t.toughness, t.damage, groups.setdefault(t.group, len(groups))) for t in request.targets]
    )


def battle_result(state: GameState, choose: ChooseVector, most_decisions: int) -> BattleResult:
    """The position once the battle in progress is over, as a `BattleResult`, both sides passing in the ability
    windows and allocating as `choose` says: on plain numbers when `quick_result` models the battle, else
    through `battle_played_out` (the same result either way)."""
    quick = quick_result(state, choose, most_decisions)
    if quick is not None:
        return quick

    def allocate(request: combat.AllocationRequest) -> Allocation:
        vector = choose(target_key(request), request.troop_cap, request.structure_cap, request.total_cap)
        return request.allocation(vector)

    return position_result(battle_played_out(state, allocate, most_decisions))
