"""What a game is to every tool, in one object: its protocol card and rules, examples, policies, commands,
sweepable parts, conformance suite, OpenSpiel parameters, rulebook and panel.

Each game package exports one `GameDescriptor` (in its `descriptor.py`) and `rules.registry` lists them; the
command line, the conformance run, the OpenSpiel adapter, the sweeps, line export and the rulebook docs read
it and never name a game (as OpenSpiel registers a game in one line and boardgame.io hands one game object to
every tool). Everything heavy (a game's CLI commands, its conformance suite, its rulebook) is reached through
a function, so a tool that needs one game loads only that game, and only what it asks of it.
"""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, JsonValue

from rules.core.card_edits import CardEdit, Carried
from rules.core.errors import UnknownName
from rules.core.ladder import ChunkRunner, run_here
from rules.core.outcome import Utility
from rules.core.protocol import Game
from rules.core.rulebook import Rulebook


def loaded(module: str, name: str) -> Callable[[], Any]:
    """`module.name`, imported when first asked for (a game's conformance suite or rulebook)."""
    return lambda: getattr(importlib.import_module(module), name)


def called(module: str, name: str) -> Callable[..., Any]:
    """The function `module.name`, imported when first called (a game's CLI commands)."""
    return lambda *args: getattr(importlib.import_module(module), name)(*args)


@dataclass(frozen=True)
class CliTools:
    """What the generic command line lends a game's own commands, so a game package imports no tool above it:
    `ladder_runner(workers)` plays a ladder's chunks here (None) or on a local cluster of that many processes."""

    ladder_runner: Callable[[int | None], contextlib.AbstractContextManager[ChunkRunner]] = lambda workers: (
        contextlib.nullcontext(run_here)
    )


@dataclass(frozen=True)
class PositionCommands:
    """`example`, `schema` and `validate`: the named positions (name -> maker, one-line description), how one
    is made by name, and how a legal position is described after `validate` ('main, turn 5')."""

    examples: Mapping[str, tuple[Any, str]]
    example: Callable[[str], Any]
    describe: Callable[[Any], str]


@dataclass(frozen=True)
class Armies:
    """A game whose two sides each field an army, and whose designers may bring their own army files."""

    ids: Callable[[], tuple[str, ...]]
    """The shipped armies' ids."""
    default_pair: tuple[str, str]
    model: type[BaseModel]
    load: Callable[[Any], BaseModel]
    """An army from a path (JSON or TOML), its data, or the model itself; refused in words."""


@dataclass(frozen=True)
class CardDesigns:
    """A game whose cards a sweep may change, one number of one card at a time (`CARD.FIELD=VALUE`)."""

    form: str
    """The override's form and an example, as the help of `--override` says it."""
    parse_edit: Callable[[str], CardEdit]
    carry: Callable[[Iterable[str], Sequence[BaseModel], Sequence[CardEdit]], Carried]
    """The changed cards of a variant (given the armies named and the designers' files), validated again by
    the cards' models, as data a cell carries to any process; IllegalPosition in words otherwise."""
    use: Callable[[Carried], None]
    """Put carried cards in use in this process (nothing happens when they already are)."""
    in_use: Callable[[], Carried]
    """The cards in use now (to put back after a sweep played here)."""


@dataclass(frozen=True)
class Scenarios:
    """A game that starts from one of several named scenarios for a number of players."""

    names: Callable[[], tuple[str, ...]]
    default: str
    about: Callable[[str], str]
    """What a scenario is, as a row names it (a Difficulty, say: '1/1/1/1/2/2')."""
    help: str
    players: tuple[int, int] = (1, 4)
    default_players: int = 2


@dataclass(frozen=True)
class SweepSupport:
    """How a sweep plays the game: `start(rules, armies=, scenario=, players=)` the first position, `turns` and
    `floors` how far a game got, the default policies (the strongest that plays in milliseconds)."""

    start: Callable[..., Any]
    default_policies: tuple[str, ...]
    turns: Callable[[Any], int | None] = lambda state: None
    floors: Callable[[Any], int | None] | None = None
    armies: Armies | None = None
    cards: CardDesigns | None = None
    scenarios: Scenarios | None = None
    card_played: Callable[[Any, Any], str | None] | None = None
    """A step's card played, as `turn:player:card`, or None: a game whose sweep games record the cards played."""
    check_starts: bool = True
    """Whether every cell's first position is built and validated before any game (off when the start
    depends only on what the other checks cover)."""


@dataclass(frozen=True)
class OpenSpielSupport:
    """How the game becomes an OpenSpiel game: its start from rules and the parameters that are not `Rules`
    fields (with their defaults), and whether a simultaneous step is a team acting in any order."""

    new_state: Callable[[BaseModel, dict[str, Any]], Any]
    extra_parameters: Mapping[str, Any] = field(default_factory=dict)
    rules_defaults: Mapping[str, Any] = field(default_factory=dict)
    """`Rules` values OpenSpiel's search bots play under unless given (documented in each descriptor)."""
    open_simultaneous: bool = False


TunesOf = Callable[[Sequence[str], Callable[[str], Any], Sequence[BaseModel]], Iterable[str]]
"""The `--tune` texts for some armies, given a rules field's current value by name and the army files played."""


@dataclass(frozen=True)
class BalanceSupport:
    """What the balancer (rules.balance) brings to a target win rate for a game, and its defaults for it (the
    knobs it may turn and the measures it reads are rules/balance/knobs.py's and measure.py's)."""

    aim: str
    """What is brought to the target, in words ('every matchup of the armies (both seats together)')."""
    policy: str
    """The policy a balance's games are played by unless the balance names one."""
    screen_step: int = 1
    """How far the screen moves each knob either way: the smallest step whose effect stands above the noise of
    the first stage's games."""
    default_tunes: tuple[str, ...] | TunesOf = ()
    """The `--tune` texts of the set turned when a balance names none: fixed, or for the armies balanced given the
    current value of a rules field by its name and the designer's own army files played."""
    card_data: Callable[[str, Sequence[BaseModel]], Mapping[str, Any]] | None = None
    """A card's data by its id, as a balance plays it (a designer's army file of its army, else as shipped), whose
    numbers card knobs turn (None: a game without cards)."""
    card_problem: Callable[[str, Sequence[str], Sequence[BaseModel]], str | None] = lambda card, armies, files: None
    """Why a balance of these armies (with these army files) cannot turn this card, in words (None: it can)."""
    complete_edits: Callable[[Sequence[CardEdit], Sequence[BaseModel]], tuple[CardEdit, ...]] = lambda edits, files: ()
    """The edits a change of cards brings with it (e.g. the one that keeps a deck at its size), given the army
    files played."""
    completed_because: str = ""
    """Why `complete_edits` makes its edits, in words an answer prints beside them ('to keep the deck at 25
    cards')."""
    answer_files: Callable[[Sequence[CardEdit], set[str], Sequence[BaseModel]], Mapping[str, Any]] | None = None
    """An answer's card changes as files a designer opens and plays (`NAME.json` data by name), given its edits,
    the cards it names itself and the army files played; None: they are written as one `--override` line
    (`overrides.txt`)."""


Commands = Callable[[Any, CliTools], None]
"""Adds a game's own subcommands (beyond the generic ones) to its subparsers."""


@dataclass(frozen=True)
class GameDescriptor:
    """One game, as every tool reads it. `slug` is its name on the command line and in sweeps
    (`dice-nim`); `package` the Python package whose code a sweep's cache key digests; `game_module`
    the module whose `GAME` an exported test imports. `play_rules` are the `Rules` values every whole game
    played by policies is played under unless set (a turn limit, so that every game ends): sweeps read them,
    and so do the shipped games' own `play` and `ladder` commands (a game's ladder is its own command)."""

    slug: str
    title: str
    package: str
    game_module: str
    game: Game[Any, Any]
    rules: type[BaseModel]
    policies: Mapping[str, Callable[[], Any]]
    help: str
    description: str
    positions: PositionCommands
    commands: Commands | None = None
    play_rules: Mapping[str, JsonValue] = field(default_factory=dict)
    conformance: Callable[[], Any] | None = None
    """The game's conformance `Suite`, loaded when asked."""
    sweep: SweepSupport | None = None
    openspiel: OpenSpielSupport | None = None
    balance: BalanceSupport | None = None
    """Set for a game the balancer tunes (a game only swept leaves it None)."""
    rulebook: Callable[[], Rulebook] | None = None
    rule_ids_path: str | None = None
    """Where `make docs` writes the game's `RuleId` module (a path relative to the repository root)."""
    panel: str | None = None
    """The explorer's panel for the game, as `module:Class` (rules import no UI module)."""

    @property
    def two_player(self) -> bool:
        """A duel (zero-sum, two seats), as the game's protocol card says."""
        return self.game.card.utility is Utility.ZERO_SUM

    def policy(self, name: str) -> Any:
        """A fresh policy by name; KeyError naming the game's policies otherwise."""
        try:
            return self.policies[name]()
        except KeyError:
            raise UnknownName(f"{self.slug} has no policy {name!r}; policies: {', '.join(self.policies)}") from None
