"""Dice Nim as every tool reads it: one `DESCRIPTOR`, registered with one call (`rules.registry.register`)."""

from __future__ import annotations

import argparse
import dataclasses
from typing import Any

from pydantic import BaseModel

from rules.core.chance import ChanceSampler
from rules.core.conformance import Suite
from rules.core.descriptor import CliTools, GameDescriptor, OpenSpielSupport, PositionCommands, SweepSupport
from tests.nim.game import GAME, Rules, State, Take, legal_actions, new_game, problems


class RandomPolicy:
    """Any legal number of stones, uniformly."""

    name = "random"

    def choose(self, state: State, sampler: ChanceSampler, player: int) -> Any:
        return sampler.choice(list(legal_actions(state, player)))


class PerfectPolicy:
    """Leave a multiple of `max_take + 1` stones when it can (the winning line), else take one."""

    name = "perfect"

    def choose(self, state: State, sampler: ChanceSampler, player: int) -> Any:
        pile = state.pile or 0
        take = pile % (state.rules.max_take + 1)
        return Take(take) if take else Take(1)


EXAMPLES: dict[str, tuple[Any, str]] = {
    "start": (new_game, "before the die is rolled"),
    "five-left": (lambda: State(5, 0, None, Rules()), "five stones, player 1 to take"),
}


def _example(name: str) -> State:
    try:
        made: State = EXAMPLES[name][0]()
    except KeyError:
        raise KeyError(f"no example {name!r}; examples: {', '.join(EXAMPLES)}") from None
    return made


def _commands(sub: Any, tools: CliTools) -> None:
    """`winning-take FILE`: how many stones to take to win from a position, if any."""
    del tools

    def run(args: argparse.Namespace) -> int:
        state = GAME.positions.load(args.file)
        take = PerfectPolicy().choose(state, ChanceSampler(0), state.to_move).stones
        winning = (state.pile or 0) % (state.rules.max_take + 1) != 0
        print(f"take {take}" if winning else "no winning take: every take loses against perfect play")
        return 0

    wt = sub.add_parser("winning-take", help="the take that wins against any reply, if there is one")
    wt.add_argument("file")
    wt.set_defaults(run=run)


def _start(rules: BaseModel, **_: Any) -> State:
    assert isinstance(rules, Rules)
    return new_game(rules)


def _start_of_game(index: int) -> State:
    """Game number `index` of a conformance run: from 0 to 6 stones before the roll."""
    return new_game(Rules(start_stones=index % 7))


def _after_is_legal(before: State, action: Any, after: State, events: Any) -> list[str]:
    """Every position a step makes keeps the game's own rules (`problems`)."""
    return problems(after)


def _suite() -> Suite[State]:
    """The conformance run's suite: its functions at the top level, so `--workers 2` can send it to processes."""
    return Suite(game=GAME, start=_start_of_game, invariants=(_after_is_legal,))


def _openspiel_start(rules: BaseModel, extra: dict[str, Any]) -> State:
    del extra
    return _start(rules)


DESCRIPTOR = GameDescriptor(
    slug="dice-nim",
    title="Dice Nim",
    package="tests.nim",
    game_module="tests.nim.game",
    game=GAME,
    rules=Rules,
    policies={"perfect": PerfectPolicy, "random": RandomPolicy},
    help="a die fills the pile, then take 1 to 3 stones; the last stone wins",
    description="Dice Nim: a test game.",
    positions=PositionCommands(EXAMPLES, _example, lambda s: f"{s.pile} stones, player {s.to_move + 1} to take"),
    commands=_commands,
    conformance=_suite,
    sweep=SweepSupport(start=_start, default_policies=("perfect", "perfect")),
    openspiel=OpenSpielSupport(new_state=_openspiel_start),
    panel="explorer.game_panel:GamePanel",
)


def renamed(slug: str, short_name: str) -> GameDescriptor:
    """Dice Nim under another command-line name and card short name (for tests of names taken twice)."""
    card = dataclasses.replace(GAME.card, short_name=short_name)
    return dataclasses.replace(DESCRIPTOR, slug=slug, game=type("RenamedNim", (type(GAME),), {"card": card})())
