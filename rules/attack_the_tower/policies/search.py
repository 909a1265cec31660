"""A player that searches: determinised rollouts from each turn-level choice, the planner playing both sides.

At a choice of the turn (renewing or not, attacking, an ability, ending the turn, an ability in a battle's
window; draws, builds, discards and the opening hand too when its settings say so) it deals the opponent's
hidden cards anew from what it sees, a few times, plays each candidate out in every deal with the planner on
both sides for a few turns, and takes the candidate whose games went best. Elsewhere, allocations included,
it plays as the planner (a battle holds no chance: the planner's best kill is played out exactly).

It chooses among the engine's own legal actions and reads only what its player sees: the position is first
reduced to its observation (the opponent's hand and piles as one canonical deal of the same kinds), and each
deal is drawn from that by the protocol's own `sample_determinization`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rules.attack_the_tower import engine
from rules.attack_the_tower.actions import Build, EndTurn, Pass, PlayAbility
from rules.attack_the_tower.model import GameState
from rules.attack_the_tower.observation import hidden_pool, sample_determinization
from rules.attack_the_tower.policies.planner import PlannerPolicy, candidate_attacks, evaluate
from rules.core.chance import ChanceSampler
from rules.core.protocol import CHANCE

TURN_PHASES = frozenset({"renewal_decision", "main", "battle"})
"""Renewing or not, attacking, abilities and ending the turn: where the search wins its games. Searching the
draws, builds, discards and the opening hand as well took three times as long and won no more (87% against
the planner over 60 games, 4 deals each; 90% for these and the opening hand)."""


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """How hard the search looks: deals per choice, how many turns each rollout plays, how sure it must be."""

    deals: int = 2
    """Deals of the opponent's hidden cards per choice; every candidate is played out once in each (4 deals
    won 90% of 60 games against the planner, 2 deals 85% in half the time)."""
    horizon: int = 3
    """Turns a rollout plays before the planner's evaluation scores it (a finished game scores +-1); 2 turns
    won 75-78% of 60 games against the planner, 3 turns 85-90% (games last about five turns)."""
    margin: float = 0.05
    """How much better (in mean score, -1 to 1) a candidate must do than the planner's own choice."""
    scale: float = 30.0
    """Material difference that scores about 0.76 (tanh of 1) in an unfinished rollout."""
    phases: frozenset[str] = TURN_PHASES
    """The phases whose choices are searched; elsewhere the planner chooses alone."""


def as_seen(state: GameState, player: int) -> GameState:
    """The position with the opponent's hand and piles replaced by one canonical deal of what `player` cannot
    see (its hand's kinds in a fixed order, the lowest cards of each kind), so nothing hidden is left in it."""
    other = 1 - player
    hidden = state.players[other]
    base_cards, ability_cards, n_bases, n_abilities = hidden_pool(hidden)
    bases, abilities = sorted(base_cards.elements()), sorted(ability_cards.elements())
    hand = (*bases[:n_bases], *abilities[:n_abilities])
    changed = hidden.replace(hand=hand, base_pile=tuple(bases[n_bases:]), ability_pile=tuple(abilities[n_abilities:]))
    return state.with_player(other, changed)


def _score(state: GameState, me: int, scale: float) -> float:
    """A rollout's end: +1 won, -1 lost, 0 drawn, else the planner's evaluation squashed into (-1, 1)."""
    if state.phase == "game_over":
        return 0.0 if state.winner is None else (1.0 if state.winner == me else -1.0)
    return math.tanh(evaluate(state, me) / scale)


class SearchPolicy:
    """Plays each turn-level candidate out in several deals of the hidden cards, the planner on both sides, and
    takes the best on average (the planner's own choice unless another beats it by the margin)."""

    name = "search"
    deliberation = "plays each choice out a few turns ahead (seconds a move, a whole game a minute)"
    """What the policy does while a player waits: a policy that takes seconds a decision says so."""

    def __init__(self, settings: SearchSettings | None = None) -> None:
        self.settings = settings or SearchSettings()
        self._planner = PlannerPolicy()

    def choose(self, state: GameState, sampler: ChanceSampler, player: int) -> Any:
        seen = as_seen(state, player)
        default = self._planner.choose(seen, sampler, player)
        if seen.phase not in self.settings.phases or engine.allocation_request(seen, player) is not None:
            return default
        candidates = _candidates(seen, player, default)
        if len(candidates) < 2:
            return default
        totals = self._totals(seen, player, candidates, ChanceSampler(sampler.randrange(2**63)))
        best = max(range(len(candidates)), key=lambda i: (totals[i] + (self.settings.margin if i == 0 else 0.0), -i))
        return candidates[best]

    def _totals(self, seen: GameState, me: int, candidates: Sequence[Any], seeds: ChanceSampler) -> list[float]:
        """Each candidate's mean score over the deals (the same deal and the same chance for every candidate)."""
        settings = self.settings
        totals = [0.0] * len(candidates)
        for _ in range(settings.deals):
            seed = seeds.randrange(2**63)
            world = sample_determinization(seen, me, ChanceSampler(seed))
            for i, action in enumerate(candidates):
                end = self._rollout(engine.next_position(world, action), ChanceSampler(seed + 1))
                totals[i] += _score(end, me, settings.scale) / settings.deals
        return totals

    def _rollout(self, state: GameState, sampler: ChanceSampler) -> GameState:
        """The planner on both sides (chance by `sampler`) until the game ends or the horizon's turn starts."""
        stop = state.turn + self.settings.horizon
        return played_on(state, self._planner, sampler, lambda s: s.phase != "game_over" and s.turn < stop)


def played_on(
    state: GameState, planner: PlannerPolicy, sampler: ChanceSampler, going: Callable[[GameState], bool]
) -> GameState:
    """The position once the planner, playing both sides (chance by `sampler`), has played on while `going`."""
    while going(state):
        who = engine.current_player(state)
        if who == CHANCE:
            action = sampler.pick(engine.chance_outcomes(state))
        else:
            player = who if who >= 0 else engine.acting_players(state)[0]
            action = planner.choose(state, sampler, player)
        state = engine.next_position(state, action)
    return state


def _candidates(state: GameState, player: int, default: Any) -> list[Any]:
    """The planner's choice first, then the other legal actions worth playing out (attacks as the planner
    weighs them: with no special troop or with all of them)."""
    actions = list(engine.legal_actions(state, player))
    if state.phase == "main" and player == state.attacker:
        actions = [
            *candidate_attacks(actions),
            *(a for a in actions if isinstance(a, PlayAbility)),
            *(a for a in actions if isinstance(a, EndTurn)),
        ]
    elif state.phase in ("battle", "main"):
        actions = [a for a in actions if isinstance(a, (PlayAbility, Pass))]
    elif state.phase in ("setup_build", "renewal_build"):
        actions = _distinct_builds(state, player, actions)
    return [default, *(a for a in actions if a != default)]


def _distinct_builds(state: GameState, player: int, actions: Sequence[Any]) -> list[Any]:
    """Building on an empty slot once per card and territory (its empty slots differ only by name), and
    finishing; building over a base is left to the planner's choice."""
    territories = state.players[player].territories
    seen: set[tuple[str, int]] = set()
    out: list[Any] = []
    for a in actions:
        if not isinstance(a, Build):
            out.append(a)
        elif territories[a.territory][a.slot] is None and (a.card, a.territory) not in seen:
            seen.add((a.card, a.territory))
            out.append(a)
    return out
