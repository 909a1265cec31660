"""The simple players: uniform over the legal actions, and greedy by the exact advice for the next fight."""

from __future__ import annotations

from typing import Any

from rules.core.chance import ChanceSampler
from rules.the_tower import engine
from rules.the_tower.actions import Flee
from rules.the_tower.analysis import advice
from rules.the_tower.model import GameState


class RandomPolicy:
    """Uniform over the legal actions."""

    name = "random"

    def choose(self, state: GameState, sampler: ChanceSampler, player: int) -> Any:
        return sampler.choice(engine.legal_actions(state))


class GreedyPolicy:
    """Takes the choice with the best outlook for the next fight (`advice.point_advice`): spends a
    point while it improves that fight, then fights the best room; in a fight, plays the best line of
    the exact fight solver. It looks one fight ahead, no further, and leaves a fight (under
    may_leave_fight) only when nothing else is left: a fight left is the same fight later, so leaving
    at will could go round for ever."""

    name = "greedy"

    def choose(self, state: GameState, sampler: ChanceSampler, player: int) -> Any:
        if state.phase == "fight":
            choices = advice.fight_advice(state)
            return next((c.action for c in choices if not isinstance(c.action, Flee)), choices[0].action)
        return advice.point_advice(state, spend_in_fight=False)[0].action
