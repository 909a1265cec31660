"""Playing a game out: policies choose, a seeded sampler resolves chance, every step is reported."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, Protocol, TypeVar

from rules.core.chance import ChanceSampler
from rules.core.events import Event
from rules.core.protocol import CHANCE, Game

S = TypeVar("S")
A = TypeVar("A")
S_contra = TypeVar("S_contra", contravariant=True)


class Policy(Protocol[S_contra]):
    """Who chooses when nobody clicks: given a position, a sampler and the player it plays for, an action."""

    @property
    def name(self) -> str:
        """The policy's name (in ladders, sweeps and logs)."""

    def choose(self, state: S_contra, sampler: ChanceSampler, player: int) -> Any: ...


class Playout(Generic[S, A]):
    """The line of play of one game: actions, events per step and the final position."""

    def __init__(self, initial: S) -> None:
        self.initial = initial
        self.final = initial
        self.actions: list[A] = []
        self.events: list[tuple[Event, ...]] = []

    @property
    def steps(self) -> int:
        return len(self.actions)


def random_action(
    game: Game[S, Any], state: S, sampler: ChanceSampler, policies: Sequence[Policy[S]] | None = None
) -> Any:
    """Chance by its exact probabilities; else the first acting player's policy, or a uniform legal action
    of that player when no policies are given."""
    who = game.current_player(state)
    if who == CHANCE:
        return sampler.pick(game.chance_outcomes(state))
    player = who if who >= 0 else game.acting_players(state)[0]
    if policies is None:
        return sampler.choice(list(game.legal_actions(state, player)))
    return policies[player].choose(state, sampler, player)


def play_out(
    game: Game[S, A],
    state: S,
    policies: Sequence[Policy[S]],
    sampler: ChanceSampler,
    *,
    max_steps: int | None = None,
    on_step: Callable[[S, A, S, tuple[Event, ...]], None] | None = None,
    narrate: bool = True,
) -> Playout[S, A]:
    """Play until the game ends (or `max_steps`): chance by `sampler`, player i by `policies[i]`.

    At a simultaneous step the acting players submit one at a time, in the order `acting_players` gives
    (each policy sees only what its player may: the games keep a submission hidden where the rules do).
    With `narrate=False` the steps are taken with `Game.step` and record no events (sweeps and ladders read
    only the results); the games played are the same."""
    line: Playout[S, A] = Playout(state)
    while not game.is_terminal(state) and (max_steps is None or line.steps < max_steps):
        action = random_action(game, state, sampler, policies)
        if narrate:
            nxt, events = game.apply(state, action)
        else:
            nxt, events = game.step(state, action), ()
        if on_step is not None:
            on_step(state, action, nxt, events)
        line.actions.append(action)
        line.events.append(events)
        state = nxt
    line.final = state
    return line
