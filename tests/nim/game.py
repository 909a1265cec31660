"""Dice Nim as records, schema and engine: a die decides how many stones are added to the pile, then two
players take turns removing 1 to `max_take` stones; whoever takes the last stone wins.

Small on purpose: it has an explicit chance node with exact probabilities, a duel's returns and a length bound,
so every generic tool has something real to check."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.core.codec import Codec, Positions, records_of
from rules.core.distribution import Distribution
from rules.core.errors import IllegalAction
from rules.core.events import Event, Events, Said
from rules.core.jsonio import validate_model
from rules.core.outcome import Outcome, Utility
from rules.core.protocol import CHANCE, TERMINAL, ChanceMode, Dynamics, Game, GameBase, GameCard, Information
from rules.core.records import Record


class Rules(BaseModel):
    """Every number of Dice Nim, a named field with its default."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    start_stones: int = Field(4, ge=0, le=50, description="stones on the pile before the die is rolled")
    die_sides: int = Field(3, ge=1, le=6, description="the die adds 1 to this many stones")
    max_take: int = Field(3, ge=1, le=10, description="the most stones a player may take in one turn")


class Termination(enum.Enum):
    """How a game of Dice Nim ends."""

    LAST_STONE_TAKEN = "the last stone was taken"


class State(Record):
    """The pile (None until the die is rolled), who takes next and who took the last stone."""

    pile: int | None
    to_move: int
    winner: int | None
    rules: Rules


class Roll(Record):
    """Chance: the die shows `pips`, added to the pile."""

    pips: int
    TAG = ("action", "roll")


class Take(Record):
    """Take `stones` stones from the pile."""

    stones: int
    TAG = ("action", "take")


class StateSchema(BaseModel):
    """A position as files write it."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    pile: int | None = Field(None, ge=0, le=60)
    to_move: int = Field(0, ge=0, le=1)
    winner: int | None = Field(None, ge=0, le=1)
    rules: Rules = Rules()


class RollSchema(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)
    action: Literal["roll"]
    pips: int = Field(ge=1, le=6)


class TakeSchema(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)
    action: Literal["take"]
    stones: int = Field(ge=1, le=10)


class ActionSchema(BaseModel):
    """Either action, told apart by its `action` field."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    step: RollSchema | TakeSchema = Field(discriminator="action")


RECORDS: dict[type[BaseModel], type[Record]] = {StateSchema: State, RollSchema: Roll, TakeSchema: Take}


def problems(state: State) -> list[str]:
    """Every rule a position breaks: a winner only once the pile is empty."""
    if state.winner is not None and state.pile != 0:
        return ["winner: a player wins only by taking the last stone"]
    if state.pile == 0 and state.winner is None:
        return ["pile: an empty pile has a winner: the player who took the last stone"]
    return []


POSITION: Codec[State] = Codec(StateSchema, RECORDS, problems)


def new_game(rules: Rules | None = None) -> State:
    """A game before the die is rolled."""
    return State(None, 0, None, rules or Rules())


def current_player(state: State) -> int:
    if state.pile is None:
        return CHANCE
    return TERMINAL if state.winner is not None else state.to_move


def legal_actions(state: State, player: int | None = None) -> Sequence[Record]:
    if state.pile is None:
        return [Roll(p) for p in range(1, state.rules.die_sides + 1)]
    if state.winner is not None or (player is not None and player != state.to_move):
        return []
    return [Take(n) for n in range(1, min(state.rules.max_take, state.pile) + 1)]


def chance_outcomes(state: State) -> Distribution[Record]:
    sides = state.rules.die_sides
    return Distribution.of_probabilities({Roll(p): Fraction(1, sides) for p in range(1, sides + 1)})


def apply(state: State, action: Any, events: Events | None = None) -> tuple[State, tuple[Event, ...]]:
    """The position after the action, and what happened; IllegalAction when it is not allowed."""
    said = events if events is not None else Events()
    if action not in legal_actions(state):
        raise IllegalAction(f"{action!r} is not allowed here")
    if isinstance(action, Roll):
        pile = state.rules.start_stones + action.pips
        said.append(Said(rule="nim.1 roll", text=f"The die shows {action.pips}: the pile holds {pile} stones."))
        return state.replace(pile=pile), tuple(said)
    pile = state.pile - action.stones if state.pile is not None else 0
    won = pile == 0
    words = f"Player {state.to_move + 1} takes {action.stones}, leaving {pile}."
    said.append(Said(rule="nim.2 take", text=words + (" They win." if won else "")))
    after = state.replace(pile=pile, to_move=1 - state.to_move, winner=state.to_move if won else None)
    return after, tuple(said)


def outcome(state: State) -> Outcome | None:
    if state.winner is None:
        return None
    return Outcome.duel(Termination.LAST_STONE_TAKEN, state.winner)


def read_action(data: object) -> Record:
    built: Record = records_of(validate_model(ActionSchema, {"step": data}).step, RECORDS)
    return built


CARD = GameCard(
    short_name="dice_nim",
    long_name="Dice Nim",
    min_players=2,
    max_players=2,
    dynamics=Dynamics.SEQUENTIAL,
    chance=ChanceMode.EXPLICIT_EXACT,
    information=Information.PERFECT,
    utility=Utility.ZERO_SUM,
    min_return=-1,
    max_return=1,
    termination=Termination,
    max_legal_actions=10,
    max_chance_outcomes=6,
    max_game_length=lambda rules: 1 + rules.start_stones + rules.die_sides,
    source="a test game",
)


class DiceNim(GameBase):
    """The engine behind the protocol."""

    card = CARD
    positions: Positions[State] = POSITION

    current_player = staticmethod(current_player)
    legal_actions = staticmethod(legal_actions)
    chance_outcomes = staticmethod(chance_outcomes)
    apply = staticmethod(apply)
    outcome = staticmethod(outcome)
    read_action = staticmethod(read_action)

    def num_players(self, state: State) -> int:
        return 2

    def is_terminal(self, state: State) -> bool:
        return state.winner is not None


GAME: Game[State, Any] = DiceNim()
