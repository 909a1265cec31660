"""Playing the games of a cell, a chunk at a time: the one function a sweep's tasks run, in this process or
on any Dask worker.

Each game starts from the cell's rules (and armies, put in use in this process first), is played out by
the cell's policies with a sampler seeded from the cell's seed key and the game's index, and gives one
record: its seed, result, length, how it ended, and (a game whose descriptor records them) the cards played,
when and by whom.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.core.chance import ChanceSampler
from rules.core.errors import GameFailed, RulesError, raised_at
from rules.core.playout import Playout, play_out
from rules.sweeps.cells import Cell
from rules.sweeps.collection import fewer_collections
from rules.sweeps.games import sweep_game
from rules.sweeps.rules_values import make_rules
from rules.sweeps.seeding import code_fingerprint, game_seed

Line = Playout[Any, Any]


class CodeMismatch(RulesError):
    """A worker runs other code than the process that planned the sweep (its results would not match)."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game of a cell: its index and seed, each player's return, the winner of a duel (None for a draw
    and in solo and cooperative games), whether somebody won, its length (steps; turns, or for a game that
    counts none, the floor reached) and how it ended."""

    index: int
    seed: int
    returns: tuple[int, ...]
    winner: int | None
    won: bool
    steps: int
    turns: int | None
    termination: str
    floor_reached: int | None = None
    cards: str = ""
    """The cards played, in order, as `turn:player:card` joined by `;` (the cards the game's descriptor
    records: bases built, abilities played; empty for the games that record none)."""


def set_up(cell: Cell) -> tuple[Any, list[Any]]:
    """Put the cell's changed cards in use in this process; its rules, and a fresh policy of each name it plays."""
    game = sweep_game(cell.game)
    if game.support.cards is not None:
        game.support.cards.use((cell.cards, cell.card_set))
    return make_rules(game.rules, cell.rules), [game.descriptor.policy(name) for name in cell.policies]


def play_line(
    cell: Cell, index: int, rules: Any, policies: list[Any], on_step: Any = None
) -> tuple[Any, Playout[Any, Any]]:
    """Game `index` of the cell played out by its policies (one a seat of a duel, else one playing every seat):
    its first position and its line."""
    game = sweep_game(cell.game)
    start = game.support.start(rules, armies=cell.armies, scenario=cell.scenario, players=cell.players)
    seats = policies if game.two_player else policies * cell.players
    sampler = ChanceSampler(game_seed(cell.seed_key, index))
    return start, play_out(game.game, start, seats, sampler, narrate=False, on_step=on_step)


def play_game(cell: Cell, index: int, rules: Any, policies: list[Any]) -> GameRecord:
    """Game `index` of the cell, played out."""
    game = sweep_game(cell.game)
    seed = game_seed(cell.seed_key, index)
    played: list[str] = []
    on_step = None
    if game.support.card_played is not None:
        read = game.support.card_played

        def on_step(state: Any, action: Any, _next: Any, _events: Any) -> None:
            found = read(state, action)
            if found is not None:
                played.append(found)

    line = play_line(cell, index, rules, policies, on_step)[1]
    cards = ";".join(played)
    result = game.game.outcome(line.final)
    floors = game.support.floors(line.final) if game.support.floors is not None else None
    turns = game.support.turns(line.final)
    if result is None:
        players = len(policies) if game.two_player else len(policies) * cell.players
        return GameRecord(index, seed, (0,) * players, None, False, line.steps, turns, "unfinished", floors, cards)
    ended = str(result.termination.value)
    return GameRecord(index, seed, result.returns, result.winner, result.won, line.steps, turns, ended, floors, cards)


def play_chunk(cell: Cell, start: int, stop: int, code: str | None = None) -> list[GameRecord]:
    """Games `start` to `stop - 1` of the cell. `code`, when given, is the planner's code fingerprint of
    the game: a worker running other code refuses rather than return results that would not match."""
    if code is not None and code != code_fingerprint(sweep_game(cell.game).descriptor.package):
        raise CodeMismatch(
            f"a worker runs another version of the {cell.game} rules than this sweep; install the same "
            "version of tower-rules-explorer on every worker"
        )
    rules, policies = set_up(cell)
    with fewer_collections():
        return [_played(cell, i, rules, policies) for i in range(start, stop)]


def _played(cell: Cell, index: int, rules: Any, policies: list[Any]) -> GameRecord:
    """`play_game`, an error of the game's own code said in one line with where it was raised (a game being
    written meets words, as its conformance run gives them, not a traceback from a worker)."""
    try:
        return play_game(cell, index, rules, policies)
    except RulesError:
        raise
    except Exception as exc:  # the game's or its policy's mistake
        seed = game_seed(cell.seed_key, index)
        raise GameFailed(
            f"{cell.game}: cell {cell.index}, game {index} (seed {seed}): the game's code raised {raised_at(exc)}; "
            f"its conformance run (python -m rules.conformance --game {cell.game}) checks every step"
        ) from None
