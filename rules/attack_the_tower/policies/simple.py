"""The simple players: uniform over the legal actions, and greedy (the kills that are worth the most now).

Every policy chooses among the engine's own legal actions or its own allocation request, so no
policy can hold a rule of its own.
"""

from __future__ import annotations

from typing import Any

from rules.attack_the_tower import engine
from rules.attack_the_tower.actions import (
    Allocate,
    Pass,
)
from rules.attack_the_tower.engine import combat
from rules.attack_the_tower.model import GameState
from rules.core.chance import ChanceSampler


def _allocate(request: combat.AllocationRequest, vector: tuple[int, ...]) -> Allocate:
    return Allocate(player=request.player, allocation=request.allocation(vector))


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
    gains = [_kill_gain(t, a) for t, a in zip(request.targets, vector, strict=True)]
    return sum(g[0] for g in gains), sum(g[1] for g in gains), sum(g[2] for g in gains)


def _kill_gain(target: combat.Unit, amount: int) -> tuple[int, int, int]:
    """One target's part of `kill_value` (which is their sum)."""
    destroyed = target.deals + target.toughness if amount == target.remaining else 0
    return destroyed, amount if target.is_structure else 0, -amount


def greedy_allocation(request: combat.AllocationRequest) -> tuple[int, ...]:
    """The allocation that kills the most power (ties: most damage on structures, then least spent): the
    first of the best by `kill_value` in `vectors` order."""
    return combat.best_vector(request, _kill_gain)


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
        if state.battle is not None and state.battle.stage == "victims":  # the strongest enemy troop
            return engine.legal_actions(state, player)[0]
        return sampler.choice(engine.legal_actions(state, player))
