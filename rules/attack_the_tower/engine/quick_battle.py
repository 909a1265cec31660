"""A battle played out on plain numbers, for a player looking one battle ahead: both sides pass in the ability
windows and allocate by a choice on plain target descriptions. It gives the board the battle leaves (what the
look-ahead weighs) without building a position per step, and answers None for what it does not model (an effect
outside `quick_units.MODELLED`, a battle already under way), where `battle_played_out` is asked instead
(`battle_result` does both). Units in `quick_units`, combat steps in `quick_steps`, the end in `quick_end`."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from rules.attack_the_tower.engine import combat
from rules.attack_the_tower.engine.battles import battle_played_out
from rules.attack_the_tower.engine.quick_end import end_battle, fallen_specials, maintain_specials, surviving_specials
from rules.attack_the_tower.engine.quick_steps import ChooseVector, Dead, TargetKey, fight
from rules.attack_the_tower.engine.quick_units import Board, Field, Units, battle_units
from rules.attack_the_tower.model import EMPTY_TERRITORY, Allocation, GameState, Territories
from rules.attack_the_tower.variants import Rules


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


def _decisions_so_far(state: GameState) -> int | None:
    """The passes `battle_played_out` counts before combat, or None for a battle this does not take up: one
    with damage dealt or allocations handed in already."""
    battle = state.battle
    assert battle is not None
    if battle.damage or battle.dead or battle.leftover != (0, 0) or battle.remaining != (0, 0):
        return None
    if battle.stage == "abilities":
        return 2 - battle.passes
    if battle.stage == "initiative" and battle.pending == (None, None):
        return 0
    return None


def quick_result(state: GameState, choose: ChooseVector, most_decisions: int) -> BattleResult | None:
    """`battle_played_out`'s position as a `BattleResult`, both sides allocating as `choose` says; None when the
    battle holds what this does not model (then ask `battle_played_out`)."""
    battle = state.battle
    if state.phase != "battle" or battle is None:
        return position_result(state)
    decisions = _decisions_so_far(state)
    if decisions is None:
        return None
    field = Field(state.rules, state.attacker, battle.origin, battle.target, battle.at_palace, battle.specials)
    return played_out(state, field, decisions, choose, most_decisions)


def played_out(
    state: GameState, field: Field, decisions: int, choose: ChooseVector, most_decisions: int
) -> BattleResult | None:
    """`quick_result` of the battle on `field`, fought from the board of `state` after `decisions` passes."""
    p0, p1 = state.players
    board = Board([p0.territories, p1.territories], [p0.palace, p1.palace], (p0.in_play, p1.in_play))
    attacker = field.attacker
    while True:
        built = battle_units(field, board)
        if built is None:
            return None
        units, effects = built
        rebuild = functools.partial(_rebuilt, field, board, units)
        fought = fight(units, field, effects, choose, (decisions, most_decisions), rebuild)
        if fought is None:
            return None
        dead, decisions = fought
        if dead[0] or dead[1]:
            effects = board.effects(fallen_specials(attacker, units, dead))[1]
        if end_battle(field, board, units, dead, effects):
            return _result(state, board, attacker)
        maintain_specials(board)
        if field.at_palace:
            return _result(state, board, None)
        specials = surviving_specials(field.specials, units[0], dead[0])
        origin_troops = sum(b.troops for b in board.territories[attacker][field.origin] if b is not None)
        if board.territories[1 - attacker][field.target] != EMPTY_TERRITORY or origin_troops + len(specials) == 0:
            return _result(state, board, None)
        if decisions >= most_decisions:
            return None
        decisions += 2
        field = Field(state.rules, attacker, field.origin, field.target, True, specials)


def _rebuilt(field: Field, board: Board, units: Units, dead: Dead) -> Units | None:
    """The units again once special troops have fallen (the effects of theirs that last end)."""
    again = battle_units(field, board, fallen_specials(field.attacker, units, dead))
    return None if again is None else again[0]


def _result(state: GameState, board: Board, winner: int | None) -> BattleResult:
    p0, p1 = state.players
    return BattleResult(
        state.rules,
        winner is not None,
        winner,
        (board.territories[0], board.territories[1]),
        (board.palaces[0], board.palaces[1]),
        (len(p0.hand), len(p1.hand)),
    )


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
