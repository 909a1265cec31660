"""A player that looks one battle ahead, as the planner does, and weighs the board it leads to with a model fitted
to the outcomes of recorded games: how likely a position like this one is to be won.

At a choice of the turn it plays each candidate out with the engine (an attack and its battle, an ability,
ending the turn), and takes the one whose resulting position the model rates highest; renewing or not is
weighed by playing the renewal out in a few deals of the cards it cannot see. Draws, builds, discards, the
opening hand and allocations are the planner's. The model (`data/learned_evaluation.json`, a logistic
regression over `features.FEATURES`) reads only what its player sees; how it was fitted is in that file and
in `policies.training`. `TunedPolicy` (`tuned`) is the same player with the model's weights tuned for play
(`policies.tuning`, `data/tuned_evaluation.json`); it also chooses its builds and its allocations by the model,
weighs a renewal over more deals, and looks two plays ahead in its turn: each attack or ability together with the
best one that may follow it.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any, ClassVar

from rules.attack_the_tower import engine
from rules.attack_the_tower.actions import Allocate, EndTurn, PlayAbility, Renew
from rules.attack_the_tower.engine import combat
from rules.attack_the_tower.model import GameState
from rules.attack_the_tower.observation import sample_determinization
from rules.attack_the_tower.policies.features import FEATURES, features
from rules.attack_the_tower.policies.planner import (
    PlannerPolicy,
    best_allocation,
    best_by_look_ahead,
    candidate_attacks,
    outcome_of,
    window_choice,
)
from rules.attack_the_tower.policies.search import as_seen, played_on
from rules.core.chance import ChanceSampler

EVALUATION_FILE = "learned_evaluation.json"


@dataclass(frozen=True)
class Evaluation:
    """A logistic regression over `FEATURES`: the log-odds that the player whose features they are wins."""

    weights: tuple[float, ...]
    intercept: float
    means: tuple[float, ...]
    scales: tuple[float, ...]
    """Each feature is standardised ((x - mean) / scale) before it is weighed, as it was when fitted."""

    def log_odds(self, state: GameState, me: int) -> float:
        """How likely `me` is to win from `state`, as log-odds; a finished game is certain."""
        if state.phase == "game_over":
            return 0.0 if state.winner is None else (math.inf if state.winner == me else -math.inf)
        x = features(state, me)
        return self.intercept + sum(
            [w * (v - m) / s for w, v, m, s in zip(self.weights, x, self.means, self.scales, strict=True)]
        )

    @staticmethod
    def from_json(data: dict[str, Any]) -> Evaluation:
        if tuple(data["features"]) != FEATURES:
            raise ValueError(f"{EVALUATION_FILE} weighs other features than policies.features.FEATURES")
        return Evaluation(
            weights=tuple(float(w) for w in data["weights"]),
            intercept=float(data["intercept"]),
            means=tuple(float(m) for m in data["means"]),
            scales=tuple(float(s) for s in data["scales"]),
        )


TUNED_EVALUATION_FILE = "tuned_evaluation.json"
"""The same model with its weights tuned for play (`policies.tuning`): the `tuned` policy's."""


def data_file(file: str) -> Traversable:
    """A file shipped in the package's `data/` folder (the evaluations are read and written there)."""
    return resources.files("rules.attack_the_tower").joinpath("data", file)


def shipped_evaluation(file: str = EVALUATION_FILE) -> Evaluation:
    """An evaluation shipped with the package (`data/learned_evaluation.json` unless another file is named)."""
    return Evaluation.from_json(json.loads(data_file(file).read_text("utf-8")))


RENEWAL_DEALS = 2
"""Deals of the unseen cards a renewal is played out in, to weigh renewing against not renewing."""

TUNED_RENEWAL_DEALS = 4
"""The tuned player's deals: four weighed a renewal better than two or six against the planner."""

ALLOCATIONS_LISTED_AT_MOST = 512
"""The tuned player lists a request's allocations up to this many to find those that deal the most damage."""

ALLOCATIONS_WEIGHED_AT_MOST = 32
"""It plays out and weighs up to this many of those; past either bound it allocates as the planner does."""


class LearnedPolicy:
    """The planner's look-ahead, with the board weighed by a model of who wins (see the module docstring)."""

    name: ClassVar[str] = "learned"
    evaluation_file: ClassVar[str] = EVALUATION_FILE
    renewal_deals: ClassVar[int] = RENEWAL_DEALS
    """Deals of the unseen cards a renewal is weighed over."""

    def __init__(self, evaluation: Evaluation | None = None) -> None:
        self.evaluation = evaluation or shipped_evaluation(self.evaluation_file)
        self._planner = PlannerPolicy()

    def value(self, state: GameState, me: int) -> float:
        return self.evaluation.log_odds(state, me)

    def choose(self, state: GameState, sampler: ChanceSampler, player: int) -> Any:
        phase = state.phase
        if phase == "main" and engine.allocation_request(state, player) is None:
            return self._main(state, player)
        if phase == "battle" and state.battle is not None and state.battle.stage == "abilities":
            return window_choice(state, player, engine.legal_actions(state, player), self.value)
        if phase == "renewal_decision":
            return Renew(player=player, renew=self._renews(state, player, sampler))
        return self._planner.choose(state, sampler, player)

    def _main(self, state: GameState, me: int) -> Any:
        options = plays(state, me)
        ending = EndTurn(player=me)
        if not options:
            return ending
        choice, value = best_by_look_ahead(state, me, options, self._play_value)
        if value > self.value(engine.next_position(state, ending), me):
            return choice
        return ending

    def _play_value(self, state: GameState, me: int) -> float:
        """How the model rates the position a play (an attack and its battle, or an ability) leads to."""
        return self.value(state, me)

    def _renews(self, state: GameState, me: int, sampler: ChanceSampler) -> bool:
        """Renew when the renewal, played out in a few deals of the unseen cards, leaves a better position than
        going straight to attacks (both sides recruit, draw and build in a renewal)."""
        seen = as_seen(state, me)
        without = self.value(engine.next_position(seen, Renew(player=me, renew=False)), me)
        total = 0.0
        for _ in range(self.renewal_deals):
            world = sample_determinization(seen, me, sampler)
            total += self._squashed_value(self.value(self._renewed(world, sampler), me))
        return total / self.renewal_deals > self._squashed_value(without)

    def _renewed(self, state: GameState, sampler: ChanceSampler) -> GameState:
        """The position once the renewal is over, chance by `sampler` and both sides' choices the planner's."""
        state = engine.next_position(state, Renew(player=state.attacker, renew=True))
        return played_on(state, self._planner, sampler, lambda s: s.phase.startswith("renewal"))

    @staticmethod
    def _squashed_value(log_odds: float) -> float:
        """A probability of winning (deals are averaged as probabilities, not log-odds)."""
        return 1.0 / (1.0 + math.exp(-log_odds))


def plays(state: GameState, me: int) -> list[Any]:
    """The plays of a main phase weighed by look-ahead: the candidate attacks and every ability play."""
    actions = engine.legal_actions(state, me)
    options: list[Any] = candidate_attacks(actions)
    return options + [a for a in actions if isinstance(a, PlayAbility)]


class TunedPolicy(LearnedPolicy):
    """The learned player with the model's weights tuned for wins against the planner (`policies.tuning`):
    the same features, the positions ranked by `data/tuned_evaluation.json`, each build and each allocation
    chosen by the position it leaves, a renewal weighed over four deals (the file says which player its weights
    were tuned with), and each play of its turn weighed with the best play that may follow it."""

    name: ClassVar[str] = "tuned"
    evaluation_file: ClassVar[str] = TUNED_EVALUATION_FILE
    renewal_deals: ClassVar[int] = TUNED_RENEWAL_DEALS

    def choose(self, state: GameState, sampler: ChanceSampler, player: int) -> Any:
        if state.phase in ("setup_build", "renewal_build"):
            return self._build(state, player)
        request = engine.allocation_request(state, player)
        if request is not None:
            return self._allocation(state, player, request)
        return super().choose(state, sampler, player)

    def _play_value(self, state: GameState, me: int) -> float:
        """The position a play leads to, or the best play that may follow it this turn when the model rates that
        higher (one attack opens or spoils the next: a look-ahead of two plays, ending the turn after either)."""
        value = self.value(state, me)
        if state.phase != "main" or state.attacker != me or engine.current_player(state) != me:
            return value
        follow_ups = plays(state, me)
        if not follow_ups:
            return value
        return max(value, best_by_look_ahead(state, me, follow_ups, self.value)[1])

    def _build(self, state: GameState, me: int) -> Any:
        """The build (or finishing building) whose resulting position the model rates highest; a build holds no
        chance, so the engine gives the position itself."""
        actions = engine.legal_actions(state, me)
        return max(actions, key=lambda a: self.value(engine.next_position(state, a), me))

    def _allocation(self, state: GameState, me: int, request: combat.AllocationRequest) -> Allocate:
        """Of the allocations that deal the most damage, the one whose battle, played out, the model rates
        highest (the planner's on a tie); the planner's when there are too many to weigh, or only one."""
        planned = best_allocation(request)
        if request.count() > ALLOCATIONS_LISTED_AT_MOST:
            return planned
        vectors = request.vectors()
        most = max(map(sum, vectors))
        fullest = [v for v in vectors if sum(v) == most]
        if not 1 < len(fullest) <= ALLOCATIONS_WEIGHED_AT_MOST:
            return planned
        options = [Allocate(player=me, allocation=request.allocation(v)) for v in fullest]
        return max(options, key=lambda a: (self.value(outcome_of(state, a), me), a == planned))
