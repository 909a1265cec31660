"""What a balance plays: the spec (`BalanceSpec`: the game, what it measures, the knobs, the aim and the budget),
and the sweep cells a candidate's measures are made of.

- Attack the Tower: one measure per unordered pair of the armies balanced ("undead v bandits"), two cells (each
  army in each seat); a cell's cards are only the armies of its pair, with only the candidate's edits to them, so
  a candidate changing the Undead replays nothing of the Westerners against the Easterners.
- Tower Defense: one measure per number of players, one cell each, on the scenario chosen.
- The Tower: one measure, the policy's win rate.

A cell's games are seeded from the balance's seed and a stage number (`stage_seed`), never from the candidate,
so every candidate is played on the same deals (common random numbers: two candidates differ by their numbers,
not by their luck), and the final check plays other deals (`VERIFY_STAGE`).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import pandas as pd
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    JsonValue,
    SerializeAsAny,
    ValidationInfo,
    field_validator,
    model_validator,
)

from rules.balance.knobs import (
    Choice,
    Given,
    Knob,
    balance_support,
    card_edits,
    default_knobs,
    parse_tune,
    rules_values,
)
from rules.balance.measure import Tally
from rules.core import limits
from rules.core.card_edits import edits_text
from rules.core.jsonio import SettingsModel
from rules.sweeps.cells import Cell
from rules.sweeps.games import GameName, scenario_names, sweep_game
from rules.sweeps.rules_values import rules_problems
from rules.sweeps.seeding import digest
from rules.sweeps.spec import armies_offered, army_files_read, army_list

DEFAULT_STAGES = (12, 24, 64)
"""Games per cell at each stage of a candidate's measurement (cumulative 12, 36, 100 a cell: an Attack the Tower
matchup's two cells make 24, 72, 200 games)."""
VERIFY_STAGE = 1_000
"""The stage number of the final check's deals: never a search stage."""
MAX_BUDGET = 1_000_000


class BalanceSpec(SettingsModel):
    """A balance: `knobs` (parsed from `--tune` texts, or the game's default set) are turned, at most
    `max_changes` at once, so that every measure's rate lies within `tolerance` of `target`. A game of armies
    may be balanced from a designer's `army_files` (each stands in for the shipped army of its id, or adds one to
    those `armies` may name); `rules` fixes rules fields for every game (a knob's current value is read from both).

    `budget` caps the games the search uses (played, or read back from the cache: a run again with the same
    cache repeats the same search and plays nothing); each candidate is played in
    `stages` of games per cell and stopped early when its interval already rules it out; the answer chosen is
    then checked on `verify_games` fresh games per cell, beside the rules as they are."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    game: GameName = "attack-the-tower"
    armies: tuple[str, ...] = ("undead", "bandits", "westerners", "easterners")
    players: tuple[int, ...] = (2,)
    scenario: str = "beginner"
    policy: str | None = None
    army_files: tuple[SerializeAsAny[BaseModel], ...] = ()
    rules: dict[str, JsonValue] = Field(default_factory=dict)
    knobs: tuple[Knob, ...] = ()
    max_changes: int = Field(3, ge=1, le=10)
    target: float = 0.5
    """The win rate sought, within `limits.BALANCE_TARGET`."""
    tolerance: float = 0.05
    """How far from the target counts as there, within `limits.BALANCE_TOLERANCE`."""
    budget: int = Field(12_000, ge=1, le=MAX_BUDGET)
    stages: tuple[int, ...] = DEFAULT_STAGES
    verify_games: int = Field(500, ge=0, le=limits.MAX_GAMES)
    max_candidates: int = Field(200, ge=1, le=10_000)
    screen: bool = True
    """Play each knob alone first, and let optuna start from the combinations their effects predict best
    (rules.balance.screen)."""
    screen_step: int | None = Field(None, ge=1, le=2)
    """How far the screen moves each knob, one or two steps either way; None: the game's default (its descriptor's
    `BalanceSupport.screen_step`)."""
    seed: int = Field(0, ge=0, le=limits.MAX_SEED)

    @field_validator("target", "tolerance")
    @classmethod
    def _rate_in_range(cls, value: float, info: ValidationInfo) -> float:
        """A rate within its bounds, refused in the command line's words ("a number from 0.01 to 0.99")."""
        low, high = limits.BALANCE_TARGET if info.field_name == "target" else limits.BALANCE_TOLERANCE
        if not (math.isfinite(value) and low <= value <= high):
            raise ValueError(f"a number from {low:g} to {high:g}, not {value:g}")
        return value

    @field_validator("armies", mode="before")
    @classmethod
    def _army_list(cls, value: object) -> object:
        return army_list(value) if isinstance(value, str) else value

    @field_validator("army_files", mode="before")
    @classmethod
    def _army_files(cls, value: object, info: ValidationInfo) -> object:
        """Each army file (a path, its data or an army) read and validated as the game's army."""
        game = str(info.data.get("game", "attack-the-tower"))
        armies = sweep_game(game).support.armies
        if armies is None:
            raise ValueError(f"{game} has no armies to read from a file")
        return army_files_read(value, armies)

    @field_validator("players", mode="before")
    @classmethod
    def _player_list(cls, value: object) -> object:
        if isinstance(value, int) and not isinstance(value, bool):
            return [value]
        return value

    @field_validator("knobs", mode="before")
    @classmethod
    def _knob_texts(cls, value: object, info: object) -> object:
        items = [value] if isinstance(value, str | Knob) else list(value)  # type: ignore[call-overload]
        data = getattr(info, "data", {})
        game = str(data.get("game", "attack-the-tower"))
        armies = tuple(data.get("armies", ()))
        given = Given(tuple(data.get("army_files", ())), dict(data.get("rules", {})))
        return [parse_tune(k, game, armies, given) if isinstance(k, str) else k for k in items]

    @model_validator(mode="after")
    def _whole(self) -> BalanceSpec:
        problems = spec_problems(self)
        if problems:
            raise ValueError("\n".join(problems))
        return self

    def seat_policy(self) -> str:
        return self.policy or balance_support(self.game).policy

    def screen_reach(self) -> int:
        """How far the screen moves each knob: `screen_step`, else the game's default."""
        return self.screen_step or balance_support(self.game).screen_step

    @property
    def of_armies(self) -> bool:
        """A game of armies (its descriptor's sweep support has them): a measure per matchup of `armies`."""
        return sweep_game(self.game).has_armies

    @property
    def of_tables(self) -> bool:
        """A game of scenarios for a table of players: a measure per number of `players`, on `scenario`."""
        return sweep_game(self.game).has_scenario

    def given(self) -> Given:
        """What the balance plays beyond the game as shipped: the army files and the rules fields fixed."""
        return Given(self.army_files, self.rules)

    def tuned(self) -> tuple[Knob, ...]:
        """The knobs turned: those given, else the game's default set."""
        return self.knobs or default_knobs(self.game, self.armies if self.of_armies else (), self.given())

    def measures(self) -> list[str]:
        """The names of what is measured, in order."""
        if self.of_armies:
            return [f"{a} v {b}" for a, b in itertools.combinations(self.armies, 2)]
        if self.of_tables:
            return [f"{n} player{'s' if n > 1 else ''}" for n in self.players]
        if sweep_game(self.game).two_player:  # a duel without armies: the first seat's share of the decided games
            return [f"player 1 at {self.seat_policy()}"]
        return [self.seat_policy()]


def spec_problems(spec: BalanceSpec) -> list[str]:
    """What is wrong with a balance, one line each (before any game is played)."""
    problems = []
    game = sweep_game(spec.game)
    if game.support.armies is not None:
        files = [str(getattr(a, "id", "")) for a in spec.army_files]
        known = armies_offered(game.support.armies, spec.army_files)
        unknown = [a for a in spec.armies if a not in known]
        if unknown:
            problems.append(
                f"armies: no army {unknown[0]!r}; armies: {', '.join(known)} (a new army comes from its army file)"
            )
        problems += [f"army_files: lists {a} twice" for a in sorted({a for a in files if files.count(a) > 1})]
        balanced = ", ".join(spec.armies)
        problems += [
            f"army_files: the file of {a} plays no part: it is not among the armies balanced ({balanced})"
            for a in files
            if a not in spec.armies
        ]
        if len(spec.armies) < 2 or len(set(spec.armies)) != len(spec.armies):
            problems.append("armies: a balance takes at least two different armies")
    if game.support.scenarios is not None:
        (fewest, most), players = game.support.scenarios.players, spec.players
        if not players or any(not fewest <= n <= most for n in players) or len(set(players)) != len(players):
            problems.append(f"players: one or more different numbers of players from {fewest} to {most}")
        if spec.scenario not in scenario_names(spec.game):
            problems.append(
                f"scenario: no scenario {spec.scenario!r}; scenarios: {', '.join(scenario_names(spec.game))}"
            )
    fixed = rules_problems(game.rules, {**game.default_rules, **spec.rules})
    problems += [f"rules: {p.where}: {p.message}" if p.where else f"rules: {p.message}" for p in fixed]
    if spec.seat_policy() not in game.policies:
        problems.append(f"policy: no policy {spec.seat_policy()!r}; policies: {', '.join(game.policies)}")
    if not spec.stages or any(not 1 <= s <= limits.MAX_GAMES for s in spec.stages):
        problems.append(f"stages: one or more numbers of games per cell from 1 to {limits.MAX_GAMES:,}")
    names = [k.name for k in spec.knobs]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        problems.append(f"knobs: {twice[0]} is tuned twice")
    return problems


@dataclass(frozen=True, slots=True)
class Planned:
    """One cell of a candidate's measurement: the measure it counts towards and the seat of the measure's
    first side (None: the table's win counts)."""

    measure: str
    cell: Cell
    seat: int | None


def stage_seed(seed: int, stage: int) -> int:
    """The seed of the cells of one stage (the same for every candidate)."""
    return int(digest({"balance_seed": seed, "stage": stage})[:15], 16)


def plan(spec: BalanceSpec, choice: Choice, stage: int, games: int, first_index: int = 0) -> list[Planned]:
    """The cells a candidate plays at one stage (`games` a cell), numbered from `first_index`."""
    knobs = spec.tuned()
    rules: dict[str, JsonValue] = {**sweep_game(spec.game).default_rules, **spec.rules, **rules_values(knobs, choice)}
    edits = card_edits(knobs, choice, spec.game, spec.given())
    duel = sweep_game(spec.game).two_player
    out: list[Planned] = []

    def add(measure: str, seat: int | None, pair: tuple[str, str] | None, players: int) -> None:
        """One cell: a duel of `pair` (carrying only the edits to its two armies), or a table of `players`."""
        mine = tuple(e for e in edits if e.army in pair) if pair is not None else edits
        cards = sweep_game(spec.game).support.cards
        carried = cards.carry(pair or (), spec.army_files, mine) if cards is not None else ((), {})
        cell = Cell(
            game=spec.game,
            index=first_index + len(out),
            rules=rules,
            varied=(),
            armies=pair,
            cards=carried[0],
            card_set=carried[1],
            override=edits_text(mine),
            scenario=spec.scenario if spec.of_tables else None,
            players=players,
            policies=(spec.seat_policy(),) * (2 if duel else 1),
            games=games,
            seed=stage_seed(spec.seed, stage),
        )
        out.append(Planned(measure, cell, seat))

    if spec.of_armies:
        for a, b in itertools.combinations(spec.armies, 2):
            for seat, pair in ((0, (a, b)), (1, (b, a))):
                add(f"{a} v {b}", seat, pair, 2)
        return out
    if duel:
        add(spec.measures()[0], 0, None, 2)
        return out
    for name, players in zip(spec.measures(), spec.players if spec.of_tables else (1,), strict=False):
        add(name, None, None, players)
    return out


def tally(planned: Planned, games: pd.DataFrame) -> Tally:
    """A cell's games as a tally of its measure: the first side's wins among the games won (a duel), or the
    games won (the table)."""
    if planned.seat is None:
        return Tally(int(games["won"].sum()), len(games), 0)
    winner = games["winner"]
    decided = winner.notna()
    wins = int((winner[decided] == planned.seat).sum())
    return Tally(wins, int(decided.sum()), int((~decided).sum()))
