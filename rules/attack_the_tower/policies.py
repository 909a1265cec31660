"""Who chooses when nobody clicks: random, greedy and a simple full-game player.

Every policy chooses among the engine's own legal actions or its own allocation request, so no
policy can hold a rule of its own.
"""

from __future__ import annotations

from typing import Any

from rules.attack_the_tower import combat, engine
from rules.attack_the_tower.actions import (
    Allocate,
    Build,
    Burn,
    DeclareAttack,
    Discard,
    DrawCard,
    EndTurn,
    FinishBuilding,
    KeepHand,
    Pass,
    PlayAbility,
    Renew,
)
from rules.attack_the_tower.armies import base_card, card
from rules.attack_the_tower.cards import AbilityCard, BaseCard
from rules.attack_the_tower.model import GameState
from rules.core.chance import ChanceSampler
from rules.core.frozen import construct


def _allocate(request: combat.AllocationRequest, vector: tuple[int, ...]) -> Allocate:
    return construct(Allocate, player=request.player, allocation=request.allocation(vector))


class RandomPolicy:
    """Uniform over the legal actions (at an allocation: over the distinct allocations)."""

    name = "random"

    def choose(self, state: GameState, sampler: ChanceSampler, player: int) -> Any:
        request = engine.allocation_request(state, player)
        if request is not None:
            return _allocate(request, request.sample(sampler.randrange))
        return sampler.choice(engine.legal_actions(state, player))


def kill_value(request: combat.AllocationRequest, vector: tuple[int, ...]) -> tuple[int, int, int]:
    """How good an allocation is for the greedy policy: power destroyed, then partial damage on
    structures (bases and palaces carry damage through the step), then the least damage spent."""
    destroyed = sum(t.toughness if a == t.remaining else 0 for t, a in zip(request.targets, vector, strict=True))
    destroyed_power = sum(t.deals if a == t.remaining else 0 for t, a in zip(request.targets, vector, strict=True))
    spent = sum(vector)
    return (
        destroyed_power + destroyed,
        sum(vector[i] for i, t in enumerate(request.targets) if t.is_structure),
        -spent,
    )


def greedy_allocation(request: combat.AllocationRequest) -> tuple[int, ...]:
    """The allocation that kills the most power (ties: most damage on structures, then least spent)."""
    return max(request.vectors(), key=lambda v: kill_value(request, v))


class GreedyPolicy:
    """Kills the most power it can with every allocation and plays no ability in a battle's window;
    otherwise as the random policy."""

    name = "greedy"

    def choose(self, state: GameState, sampler: ChanceSampler, player: int) -> Any:
        request = engine.allocation_request(state, player)
        if request is not None:
            return _allocate(request, greedy_allocation(request))
        if state.battle is not None and state.battle.stage == "abilities":
            return Pass(player=player)
        return sampler.choice(engine.legal_actions(state, player))


def territory_strength(state: GameState, player: int, territory: int) -> int:
    """Printed power of the troops on a territory plus its bases' power (a rough measure)."""
    p = state.players[player]
    total = 0
    for b in p.territories[territory]:
        if b is not None:
            total += state.rules.base_power + b.troops * state.rules.troop_power(base_card(b.card).troop_type)
    return total


def attack_strength(state: GameState, player: int, territory: int) -> int:
    p = state.players[player]
    return sum(
        b.troops * state.rules.troop_power(base_card(b.card).troop_type)
        for b in p.territories[territory]
        if b is not None
    )


class PlannerPolicy:
    """A simple full-game player: renews when it lacks troops, fills empty slots, attacks where its
    troops outweigh the defence, plays abilities before its attacks, and allocates greedily."""

    name = "planner"

    def choose(self, state: GameState, sampler: ChanceSampler, player: int) -> Any:
        request = engine.allocation_request(state, player)
        if request is not None:
            return _allocate(request, greedy_allocation(request))
        actions = engine.legal_actions(state, player)
        me = player
        p = state.players[me]
        kinds = {type(a) for a in actions}
        if KeepHand in kinds:
            bases = sum(isinstance(card(c), BaseCard) for c in p.hand)
            return KeepHand(player=me) if bases >= 2 or sampler.random() < 0.5 else Burn(player=me)
        if DrawCard in kinds:
            empty = sum(b is None for terr in p.territories for b in terr)
            bases_in_hand = sum(isinstance(card(c), BaseCard) for c in p.hand)
            want = "base" if empty > bases_in_hand else "ability"
            options = [a for a in actions if isinstance(a, DrawCard)]
            return next((a for a in options if a.pile == want), options[0])
        if Renew in kinds:
            troops = sum(p.troops_in(t) for t in range(3))
            empty = sum(b is None for terr in p.territories for b in terr)
            return Renew(player=me, renew=troops < 6 or empty > 2)
        if Discard in kinds:
            return min((a for a in actions if isinstance(a, Discard)), key=lambda a: _keep_value(state, me, a.card))
        if FinishBuilding in kinds:
            builds = [a for a in actions if isinstance(a, Build) and p.base_at(a.territory, a.slot) is None]
            if builds:
                return max(builds, key=lambda a: sum(b is not None for b in p.territories[a.territory]))
            return FinishBuilding(player=me)
        if Pass in kinds:
            plays = [a for a in actions if isinstance(a, PlayAbility)]
            if plays and me == state.attacker and sampler.random() < 0.5:
                return sampler.choice(plays)
            return Pass(player=me)
        if EndTurn in kinds:
            attacks = [a for a in actions if isinstance(a, DeclareAttack) and not a.specials]
            best = max(
                attacks,
                default=None,
                key=lambda a: attack_strength(state, me, a.origin) - territory_strength(state, 1 - me, a.target),
            )
            if best is not None and (
                attack_strength(state, me, best.origin) > territory_strength(state, 1 - me, best.target)
            ):
                return best
            return EndTurn(player=me)
        return sampler.choice(actions)


def _keep_value(state: GameState, me: int, cid: str) -> int:
    c = card(cid)
    if isinstance(c, AbilityCard):
        return 3 if c.not_implemented is None else 0
    return 2


POLICIES: dict[str, type[RandomPolicy] | type[GreedyPolicy] | type[PlannerPolicy]] = {
    "random": RandomPolicy,
    "greedy": GreedyPolicy,
    "planner": PlannerPolicy,
}


def policy(name: str) -> RandomPolicy | GreedyPolicy | PlannerPolicy:
    """A policy by name (random, greedy, planner)."""
    try:
        return POLICIES[name]()
    except KeyError:
        raise KeyError(f"unknown policy {name!r}; policies: {', '.join(POLICIES)}") from None
