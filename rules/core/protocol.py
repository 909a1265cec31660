"""What every game is, once: a metadata card, who acts, legal actions, results, integer action ids and what a
player sees (after OpenSpiel's game type card and `PlayerId`, boardgame.io's active players and python-chess's
`Outcome`).

A game package provides pure functions over immutable positions and gathers them in one object that
satisfies `Game` (its `GAME`, annotated so mypy checks it). Everything generic - sessions, the conformance
harness, the OpenSpiel adapter, sweeps - is written once against this protocol.

Who acts (`Game.current_player`):
- a player index (0, 1, ...): that player alone chooses the next action;
- `CHANCE`: the next action is an outcome drawn from `chance_outcomes`, each with its exact probability;
- `SIMULTANEOUS`: several players act at this step (`acting_players`); each submits its own action
  (`legal_actions(state, player)`), and the step resolves when all have. How a submission shows is the game's:
  a duel may hold each submission hidden until all are in; a cooperative game may apply each player's
  action at once, in any order, until the table agrees to stop;
- `TERMINAL`: the game is over; `outcome` says why and `returns` gives one number per player.

Integer actions: the id of an action at a position is its rank among the legal actions there, ordered by
the action's canonical JSON (`canonical_key`). Ids are dense (0 to n-1), the same on every run and every
machine (no hashing), and a line of ids replays a game from its initial position; `action_id` and
`action_from_id` convert either way.

What a player sees: `observation(state, player)` is a JSON view of the position as that player knows it
(a hidden hand, say, only counted); `observation_string` is its canonical text. The
positions are Markov - everything that matters is on the table - so the observation is also the player's
information state. `determinize` deals what the player cannot see, consistently with what it saw, with the
exact probability of each deal.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, Self, TypeVar, runtime_checkable

from rules.core.action_order import ActionOrder
from rules.core.action_order import canonical_key as canonical_key  # where the id order is defined; read here too
from rules.core.chance import ChanceSampler
from rules.core.codec import Positions
from rules.core.distribution import Distribution
from rules.core.events import Event
from rules.core.outcome import Outcome, Utility
from rules.core.records import json_data

# The values are OpenSpiel's `pyspiel.PlayerId`, so the adapter passes them through unchanged.
CHANCE = -1
"""`current_player` at a chance node: the next action is an outcome drawn from `chance_outcomes`."""
SIMULTANEOUS = -2
"""`current_player` when several players act at this step: see `acting_players`."""
TERMINAL = -4
"""`current_player` once the game is over."""

S = TypeVar("S")
A = TypeVar("A")
R = TypeVar("R")


class Dynamics(enum.Enum):
    """How turns go: one player at a time, or with steps where several players act at once."""

    SEQUENTIAL = "sequential"
    SIMULTANEOUS_STEPS = "sequential, with simultaneous steps"


class ChanceMode(enum.Enum):
    """Whether the game has chance, and how it is given (explicit nodes with exact probabilities)."""

    DETERMINISTIC = "deterministic"
    EXPLICIT_EXACT = "explicit chance nodes, exact probabilities"


class Information(enum.Enum):
    """Whether every player sees the whole position."""

    PERFECT = "perfect information"
    IMPERFECT = "imperfect information"


class UnboundedGame(ValueError):
    """These rules let a game go on without end, so no bound on its length exists."""


@dataclass(frozen=True, slots=True)
class GameCard:
    """One declarative card per game (after OpenSpiel's GameType and GameInfo)."""

    short_name: str
    long_name: str
    min_players: int
    max_players: int
    dynamics: Dynamics
    chance: ChanceMode
    information: Information
    utility: Utility
    min_return: int
    max_return: int
    termination: type[enum.Enum]
    """The game's own `Termination` enum: every way a game of it can end."""
    max_legal_actions: int
    """A bound on the number of legal actions at any position under default rules (OpenSpiel's
    `num_distinct_actions`); the adapter refuses a position with more."""
    max_chance_outcomes: int
    """A bound on the number of distinct outcomes of one chance node."""
    max_game_length: Callable[[Any], int]
    """A bound on the number of steps of a whole game under the given `Rules` (chance steps included);
    `UnboundedGame` when those rules let a game go on without end."""
    source: str
    """The rulebook(s) the game is read from."""


@runtime_checkable
class Game(Protocol[S, A]):
    """Pure functions over immutable positions: nothing here mutates a state or calls `random`."""

    card: GameCard
    positions: Positions[S]
    """Positions in and out at the boundary: read and validated once, written as JSON."""

    def num_players(self, state: S) -> int:
        """How many players sit at this game."""
        ...

    def read_action(self, data: object) -> A:
        """An action from JSON data (a line file, a request), validated; IllegalPosition names what is wrong."""
        ...

    def current_player(self, state: S) -> int:
        """A player index, CHANCE, SIMULTANEOUS or TERMINAL (see the module docstring)."""
        ...

    def acting_players(self, state: S) -> tuple[int, ...]:
        """The players who may submit an action now: one at a player's node, several at a simultaneous
        step (those who have not yet submitted), none at a chance node or at the end."""
        ...

    def legal_actions(self, state: S, player: int | None = None) -> Sequence[A]:
        """Every action `player` may take now (default: every acting player's); at a chance node, the
        possible outcomes."""
        ...

    def chance_outcomes(self, state: S) -> Distribution[A]:
        """At a chance node, each outcome with its exact probability."""
        ...

    def apply(self, state: S, action: A) -> tuple[S, tuple[Event, ...]]:
        """The position after the action and what happened; raises IllegalAction when not allowed."""
        ...

    def step(self, state: S, action: A) -> S:
        """The position `apply` gives, checked the same way, without wording what happened: what playouts,
        searches and the OpenSpiel adapter ask, many times a second."""
        ...

    def is_terminal(self, state: S) -> bool: ...

    def outcome(self, state: S) -> Outcome | None:
        """Why the game ended and each player's result, or None while it goes on."""
        ...

    def returns(self, state: S) -> tuple[int, ...]:
        """One number per player: the result once the game is over, 0 for everyone before."""
        ...

    def rules_of(self, state: S) -> Any:
        """The `Rules` the position is played under."""
        ...

    def observation(self, state: S, player: int) -> dict[str, Any]:
        """What `player` sees of the position, as JSON data."""
        ...

    def observation_string(self, state: S, player: int) -> str:
        """The observation as one canonical line of text (also the player's information state)."""
        ...

    def determinize(self, state: S, player: int) -> Distribution[S]:
        """Every position `player` cannot tell apart from this one, with its exact probability."""
        ...

    def sample_determinization(self, state: S, player: int, sampler: ChanceSampler) -> S:
        """One position drawn from `determinize` with exactly its probability, without listing them all."""
        ...

    def action_id(self, state: S, action: A) -> int:
        """The integer id of a legal action at this position."""
        ...

    def action_from_id(self, state: S, action_id: int) -> A:
        """The legal action with this id at this position."""
        ...


class GameBase:
    """What every game computes the same way from its own functions: returns from the outcome, integer
    action ids, acting players, observation strings and (for perfect information) determinisation.

    A game package subclasses it, sets `card` and binds its pure functions; it overrides `observation`,
    `determinize` and `sample_determinization` when a player does not see everything."""

    card: GameCard
    positions: Positions[Any]

    # ---- provided by the game (its pure functions, bound as static methods or written as methods) ----------
    num_players: Callable[[Any], int]
    current_player: Callable[[Any], int]
    read_action: Callable[[object], Any]
    legal_actions: Callable[..., Sequence[Any]]
    chance_outcomes: Callable[[Any], Distribution[Any]]
    outcome: Callable[[Any], Outcome | None]
    apply: Callable[[Any, Any], tuple[Any, tuple[Event, ...]]]

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        """The game itself: it is its rules' functions and the answers they remembered, never a position's
        part (an OpenSpiel state that holds it is copied for every search simulation)."""
        return self

    def rules_of(self, state: Any) -> Any:
        return state.rules

    def step(self, state: Any, action: Any) -> Any:
        """`apply`'s position (a game whose steps can skip wording their events overrides this)."""
        return self.apply(state, action)[0]

    # ---- derived ----------------------------------------------------------------------------------
    def acting_players(self, state: Any) -> tuple[int, ...]:
        who = self.current_player(state)
        if who >= 0:
            return (who,)
        if who == SIMULTANEOUS:  # who has yet to submit: a game with such steps overrides `acting_players`
            raise NotImplementedError(f"{self.card.long_name} has no simultaneous steps")
        return ()

    def returns(self, state: Any) -> tuple[int, ...]:
        result = self.outcome(state)
        if result is None:
            return (0,) * self.num_players(state)
        return result.returns

    def observation(self, state: Any, player: int) -> dict[str, Any]:
        """Perfect information: every player sees the whole position."""
        del player
        data: dict[str, Any] = json_data(state)
        return data

    def observation_string(self, state: Any, player: int) -> str:
        return canonical_key(self.observation(state, player))

    def determinize(self, state: Any, player: int) -> Distribution[Any]:
        """Perfect information: the position itself, with certainty."""
        del player
        return Distribution.point(state)

    def sample_determinization(self, state: Any, player: int, sampler: ChanceSampler) -> Any:
        del player, sampler
        return state

    _ordered: tuple[Any, ActionOrder | None] = (None, None)
    """The last position asked about and its actions in id order (ids are usually asked both ways in a row)."""

    def action_order(self, state: Any) -> ActionOrder:
        """The legal actions (or chance outcomes) of a position in id order."""
        known, order = self._ordered
        if known is not state or order is None:
            if self.current_player(state) == CHANCE:
                order = ActionOrder.of_chance(self.chance_outcomes(state))
            else:
                order = ActionOrder(self.legal_actions(state))
            self._ordered = (state, order)
        return order

    def ordered_actions(self, state: Any) -> list[Any]:
        """The legal actions (or chance outcomes) in id order."""
        return self.action_order(state).actions()

    def action_count(self, state: Any) -> int:
        """How many legal actions (or chance outcomes) there are: the ids run from 0 to one less."""
        return len(self.action_order(state))

    def action_id(self, state: Any, action: Any) -> int:
        return self.action_order(state).id_of(action)

    def ids_of(self, state: Any, actions: Sequence[Any]) -> list[int]:
        """The ids of some of the legal actions, ascending (one player's, at a simultaneous step)."""
        return self.action_order(state).ids_of(actions)

    def action_from_id(self, state: Any, action_id: int) -> Any:
        return self.action_order(state).action(action_id)

    def action_ids(self, state: Any) -> dict[str, int]:
        """Every legal action's canonical text with its id (for logs and caches)."""
        return {key: i for i, key in enumerate(self.action_order(state).keys)}


def replay_ids(game: Game[S, A], initial: S, ids: Sequence[int]) -> tuple[S, list[tuple[Event, ...]]]:
    """The position after a line of action ids from `initial`, and the events of each step."""
    state = initial
    events: list[tuple[Event, ...]] = []
    for action_id in ids:
        state, happened = game.apply(state, game.action_from_id(state, action_id))
        events.append(happened)
    return state, events


def hand_deals(unseen: Mapping[str, int], hand_size: int) -> Distribution[tuple[str, ...]]:
    """Every multiset of `hand_size` cards dealt without replacement from `unseen` (card -> copies), as a
    sorted tuple with its exact probability (multivariate hypergeometric)."""
    from math import comb

    cards = sorted(unseen)
    total = sum(unseen.values())
    if hand_size > total:
        raise ValueError(f"cannot deal {hand_size} cards from {total}")
    weights: dict[tuple[str, ...], int] = {}

    def deal(i: int, left: int, chosen: tuple[str, ...], ways: int) -> None:
        if left == 0:
            weights[chosen] = ways
            return
        if i == len(cards):
            return
        card = cards[i]
        for k in range(min(left, unseen[card]), -1, -1):
            deal(i + 1, left - k, chosen + (card,) * k, ways * comb(unseen[card], k))

    deal(0, hand_size, (), 1)
    return Distribution.from_counts(weights)


def sample_hand(unseen: Mapping[str, int], hand_size: int, sampler: ChanceSampler) -> tuple[str, ...]:
    """One hand drawn without replacement from `unseen`, each multiset with exactly its probability."""
    pool = [card for card in sorted(unseen) for _ in range(unseen[card])]
    chosen = []
    for _ in range(hand_size):
        chosen.append(pool.pop(sampler.randrange(len(pool))))
    return tuple(sorted(chosen))
