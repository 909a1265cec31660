"""What a sweep is: `SweepSpec`, a grid over one game's `Rules` fields, army pairs and card variants, the
policies, the games per cell and a seed; checked whole on construction and refused in a player's words.

Every value of the grid is validated against the game's own `Rules` model (the same words as a position's
problems) before a single game is played, so a bad value in the last cell of a long sweep is refused at once.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

from pydantic import (
    AliasChoices,
    BaseModel,
    ConfigDict,
    Field,
    JsonValue,
    SerializeAsAny,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

from rules.core import limits
from rules.core.card_edits import CardEdit, edits_text
from rules.core.descriptor import Armies
from rules.core.errors import IllegalPosition, Problem
from rules.core.jsonio import SettingsModel, problems_of
from rules.sweeps.games import GameName, game_names, sweep_game
from rules.sweeps.overrides import parse_edit, parse_edits
from rules.sweeps.rules_values import make_rules, rules_problems

POSSESSIVE = "'s"
NO_PAIR = ("", "")
"""The army pair of a cell of a game without armies."""


class GridPoint(NamedTuple):
    """One cell of a sweep's grid: its army pair, card variant, rules values and scenario."""

    pair: tuple[str, str]
    edits: tuple[CardEdit, ...]
    values: dict[str, JsonValue]
    scenario: str


class SweepSpec(SettingsModel):
    """A sweep: every combination of `armies` x `overrides` x `scenarios` x the values of each `vary` field
    is a cell of `games` games, seeded from `seed`.

    - `vary`: Rules fields (dotted for nested ones, e.g. `jack.hp`) and the values to try, in
      order; `rules`: fields fixed for the whole sweep (a game's turn limit is set unless given).
    - A game with armies: `armies`, the army pairs (player 1's army first; each `"undead,westerners"` or a
      tuple `("undead", "westerners")`; a tuple alone is one pair, a list is always a list of pairs);
      `army_files`, a designer's armies (an `Army`, its data, or a path to a JSON or TOML file).
    - A game with cards: `overrides`, the variants of the cards, each a list of `CardEdit`
      (or the text `"undead.ghost.special_troop.power=3"`, or `"standard.1.damage_by_level.0=8"`, several
      joined by commas; `"none"` for the cards as they are).
    - A game with scenarios and a number of players: `scenarios` (one name or several, one cell each; the
      game's descriptor lists them; `scenario=` is read too) and `players`.
    - `policies`: one per seat of a two-player game (one name plays both seats), else one for every seat.
    - `strengths`: instead of `policies`, several policies, each playing every seat in a cell of its own: the
      same grid at several strengths of play, to see whether its conclusions depend on how well it is played
      (`strengths.compare_strengths`).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    game: GameName
    vary: dict[str, tuple[JsonValue, ...]] = Field(default_factory=dict)
    rules: dict[str, JsonValue] = Field(default_factory=dict)
    armies: tuple[tuple[str, str], ...] = ()
    army_files: tuple[SerializeAsAny[BaseModel], ...] = ()
    overrides: tuple[tuple[CardEdit, ...], ...] = ((),)
    scenarios: tuple[str, ...] = Field((), validation_alias=AliasChoices("scenarios", "scenario"))
    players: int = Field(2, ge=1, le=4)
    policies: tuple[str, ...] = ()
    strengths: tuple[str, ...] = ()
    games: int = Field(100, ge=1, le=limits.MAX_GAMES)
    seed: int = Field(0, ge=0, le=limits.MAX_SEED)

    @model_validator(mode="before")
    @classmethod
    def _game_defaults(cls, data: Any) -> Any:
        """The game's default army pair and scenario where the game has them and none is given."""
        if not isinstance(data, dict) or data.get("game") not in game_names():
            return data
        support = sweep_game(str(data["game"])).support
        given = set(data)
        if support.armies is not None and "armies" not in given:
            data = {**data, "armies": [support.armies.default_pair]}
        if support.scenarios is not None and not {"scenarios", "scenario"} & given:
            data = {**data, "scenarios": [support.scenarios.default]}
        return data

    @field_validator("game")
    @classmethod
    def _known_game(cls, value: str) -> str:
        if value not in game_names():
            raise ValueError(f"no game {value!r}; games: {', '.join(game_names())}")
        return value

    @field_validator("armies", mode="before")
    @classmethod
    def _army_pairs(cls, value: Any) -> Any:
        if isinstance(value, str) or _is_pair(value):
            value = [value]
        if not isinstance(value, list | tuple):  # pydantic says what it must be
            return value
        return [_pair(v) if isinstance(v, str) else v for v in value]

    @field_validator("army_files", mode="before")
    @classmethod
    def _army_files(cls, value: Any, info: ValidationInfo) -> Any:
        game = info.data.get("game")
        return army_files_read(value, sweep_game(str(game)).support.armies if game in game_names() else None)

    @field_validator("overrides", mode="before")
    @classmethod
    def _variants(cls, value: Any, info: ValidationInfo) -> Any:
        items = [value] if isinstance(value, str | CardEdit) else list(value)
        game = str(info.data.get("game", ""))
        return [_variant(item, game) for item in items] or [()]

    @field_validator("scenarios", mode="before")
    @classmethod
    def _scenario_names(cls, value: Any) -> Any:
        return [value] if isinstance(value, str) else value

    @field_validator("policies", "strengths", mode="before")
    @classmethod
    def _policy_names(cls, value: Any) -> Any:
        return [p.strip() for p in value.split(",")] if isinstance(value, str) else value

    @model_validator(mode="after")
    def _whole_spec(self) -> SweepSpec:
        problems = spec_problems(self)
        if problems:
            raise ValueError("\n".join(str(p) for p in problems))
        return self

    def to_json(self) -> dict[str, Any]:
        """The spec as JSON that reads back as the same spec (`model_validate`): every field but those of what the
        game does not have (armies, scenarios and player counts, card overrides), which a spec may not name."""
        game = sweep_game(self.game)
        absent = {"armies", "army_files"} if not game.has_armies else set()
        absent |= {"scenarios", "players"} if not game.has_scenario else set()
        absent |= {"overrides"} if not game.has_cards else set()
        data: dict[str, Any] = self.model_dump(mode="json", exclude=absent)
        return data

    def seat_policies(self) -> tuple[str, ...]:
        """The policy of each seat (the game's strongest when none is named; the first strength's when the sweep
        is played at several)."""
        return self.strength_seats()[0]

    def strength_seats(self) -> list[tuple[str, ...]]:
        """Each strength's policy of each seat: one strength, `policies` (or the game's strongest), unless
        `strengths` names several."""
        two_player = sweep_game(self.game).two_player
        if self.strengths:
            return [(name, name) if two_player else (name,) for name in self.strengths]
        names = self.policies or sweep_game(self.game).support.default_policies
        return [(names[0], names[-1]) if two_player else names[:1]]

    def size(self) -> int:
        """How many cells the sweep plays: the grid's, at each strength."""
        return self.grid_size() * max(1, len(self.strengths))

    def grid_size(self) -> int:
        """How many combinations the grid has."""
        axes = [max(1, len(self.armies)), len(self.overrides), max(1, len(self.scenarios))]
        return math.prod([*axes, *(len(values) for values in self.vary.values())])

    def grid(self) -> list[GridPoint]:
        """Every cell's army pair, card variant, rules values and scenario, in order (armies, then card
        variants, then scenarios, then each varied field in the order given, the last changing fastest)."""
        names = list(self.vary)
        out = []
        axes = (self.armies or (NO_PAIR,), self.overrides, self.scenarios or ("",))
        for pair, edits, scenario in itertools.product(*axes):
            for values in itertools.product(*(self.vary[n] for n in names)):
                rules = {**self.base_rules(), **dict(zip(names, values, strict=True))}
                out.append(GridPoint(pair, edits, rules, scenario))
        return out

    def point_of(self, cell: int) -> GridPoint:
        """The grid combination cell number `cell` plays (at several strengths, each has a cell per strength)."""
        return self.grid()[cell // max(1, len(self.strengths))]

    def base_rules(self) -> dict[str, JsonValue]:
        """The rules values every cell sets: the game's defaults for a sweep, then `rules`."""
        return {**sweep_game(self.game).default_rules, **self.rules}


def army_files_read(value: Any, armies: Armies | None) -> list[Any]:
    """Army files (one, or several: each a path, its data or an army) read as the game's armies; as they are for a
    game without armies (its spec refuses them in its own words)."""
    items = [value] if isinstance(value, str | Path | BaseModel | dict) else list(value)
    return [armies.load(v) for v in items] if armies is not None else items


def armies_offered(armies: Armies, files: Sequence[BaseModel]) -> tuple[str, ...]:
    """The armies a spec may name: the shipped ones, then those the army files add (a file of a shipped army's id
    stands in for it)."""
    shipped = armies.ids()
    added = [str(getattr(a, "id", "")) for a in files]
    return shipped + tuple(dict.fromkeys(a for a in added if a not in shipped))


def army_list(text: str) -> list[str]:
    """Army ids joined by commas, as typed: "Undead, bandits" is undead and bandits (ids are lower case)."""
    return [a.strip().lower() for a in text.split(",")]


def _pair(text: str) -> tuple[str, ...]:
    """`undead,westerners` as two army ids; ValueError in words when it is not two."""
    pair = tuple(army_list(text))
    if len(pair) != 2 or not all(pair):
        raise ValueError(f"{text!r} is not a pair of armies: two army ids joined by a comma, e.g. undead,westerners")
    return pair


def _is_pair(value: Any) -> bool:
    """Two army ids as a tuple: one pair. A list is always a list of pairs, so that two ids given one by one (two
    `--armies` options, or "undead; bandits" in a panel) are refused as two halves, not read as one pair."""
    return isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, str) and "," not in v for v in value)


def _variant(item: Any, game: str) -> tuple[CardEdit, ...]:
    if game in game_names() and sweep_game(game).support.cards is None:
        # a game without cards to change: the override is refused whole by _game_problems, in its words
        given = not (isinstance(item, str) and item.strip().lower() in ("none", "")) and bool(item)
        return (CardEdit(card="override", field="given", value=str(item)),) if given else ()
    try:
        if isinstance(item, str):
            return parse_edits(item, game)
        if isinstance(item, CardEdit):
            return (item,)
        return tuple(parse_edit(e, game) if isinstance(e, str) else CardEdit.model_validate(e) for e in item)
    except IllegalPosition as exc:
        raise ValueError("\n".join(str(p) for p in exc.problems)) from None


def spec_problems(spec: SweepSpec) -> list[Problem]:
    """Everything wrong with a sweep, one problem each: sizes first (before any cell is built), then what the
    game does not have, then each cell's rules and armies."""
    size = spec.size()
    if size > limits.MAX_SWEEP_CELLS:
        return [Problem("vary", f"the grid has {size:,} cells; a sweep has at most {limits.MAX_SWEEP_CELLS:,}")]
    if size == 0:
        return [Problem("vary", "every field varied needs at least one value")]
    if size * spec.games > limits.MAX_SWEEP_GAMES:
        total = size * spec.games
        return [Problem("games", f"{total:,} games in all; a sweep plays at most {limits.MAX_SWEEP_GAMES:,}")]
    problems = _game_problems(spec) + _policy_problems(spec)
    if problems:
        return problems
    seen: set[str] = set()
    for values in (point.values for point in spec.grid()):
        for p in rules_problems(sweep_game(spec.game).rules, values, shown=spec.vary):
            if str(p) not in seen:
                seen.add(str(p))
                problems.append(p)
    armies = _army_problems(spec)
    problems += armies or _card_problems(spec)
    return problems + (_start_problems(spec) if not problems else [])


def _start_problems(spec: SweepSpec) -> list[Problem]:
    """Whether each cell's first position can be set up and is legal (a board must fit its
    track, say: the start is validated as a position read from outside is), with the cell's changed cards in
    use; a game whose start depends only on what the other checks cover says so (`check_starts`)."""
    game = sweep_game(spec.game)
    if not game.support.check_starts:
        return []
    cards = game.support.cards
    before = cards.in_use() if cards is not None else None
    try:
        for pair, edits, values, scenario in spec.grid():
            if cards is not None:
                cards.use(cards.carry(pair, spec.army_files, edits))
            try:
                start = game.support.start(
                    make_rules(game.rules, values), armies=pair, scenario=scenario, players=spec.players
                )
                game.game.positions.validate(start)
            except (IllegalPosition, ValidationError) as exc:
                found = exc.problems if isinstance(exc, IllegalPosition) else tuple(problems_of(exc))
                said = [f"{k}={values[k]}" for k in spec.vary] + [edits_text(edits)] * bool(edits)
                cell = ", ".join(said + [scenario] * (len(spec.scenarios) > 1))
                return [Problem("", f"the game cannot start{f' with {cell}' if cell else ''}:"), *found]
    finally:
        if cards is not None and before is not None:
            cards.use(before)
    return []


def _game_problems(spec: SweepSpec) -> list[Problem]:
    game = sweep_game(spec.game)
    problems = []
    if not game.has_armies and ("armies" in spec.model_fields_set or spec.army_files):
        problems.append(Problem("armies", f"{spec.game} has no armies; they are {_owners('armies', POSSESSIVE)}"))
    if not game.has_cards and any(spec.overrides):
        said = f"card overrides change {_owners('cards', POSSESSIVE)} cards; {spec.game} has none"
        problems.append(Problem("overrides", said))
    if not game.has_scenario and {"scenarios", "players"} & spec.model_fields_set:
        said = f"{spec.game} has no scenarios or player counts; {_owners('scenarios')} has"
        problems.append(Problem("scenario", said))
    known = game.support.scenarios.names() if game.support.scenarios is not None else ()
    for name in spec.scenarios if game.has_scenario else ():
        if name not in known:
            problems.append(Problem("scenario", f"no scenario {name!r}; scenarios: {', '.join(known)}"))
    problems += _twice("scenarios", list(spec.scenarios))
    for name, values in spec.vary.items():
        if len(set(map(repr, values))) != len(values):
            problems.append(Problem(f"vary.{name}", "lists a value twice"))
        if name in spec.rules:
            problems.append(Problem(f"vary.{name}", "is also fixed (rules, --set); vary it or fix it, not both"))
    return problems


def _policy_problems(spec: SweepSpec) -> list[Problem]:
    game = sweep_game(spec.game)
    seats = 2 if game.two_player else 1
    if len(spec.policies) > seats:
        return [Problem("policies", f"{spec.game} takes at most {seats} polic{'ies' if seats > 1 else 'y'}")]
    if spec.policies and spec.strengths:
        return [Problem("strengths", "give either the policies of the seats or several strengths, not both")]
    for where, names in (("policies", spec.policies), ("strengths", spec.strengths)):
        unknown = [p for p in names if p not in game.policies]
        if unknown:
            return [Problem(where, f"no policy {unknown[0]!r}; policies: {', '.join(game.policies)}")]
    if len(spec.strengths) == 1:
        return [
            Problem("strengths", f"compare two or more; {spec.strengths[0]} alone is one policy (give it as policies)")
        ]
    return _twice("strengths", list(spec.strengths))


def _owners(part: str, suffix: str = "") -> str:
    """The games a sweep can play that have this part (`armies`, `cards`, `scenarios`), by title, each
    followed by `suffix` ("'s")."""
    titles = [f"{sweep_game(n).descriptor.title}{suffix}" for n in game_names() if getattr(sweep_game(n).support, part)]
    return " and ".join([", ".join(titles[:-1]), titles[-1]] if len(titles) > 1 else titles) or "no game"


def _army_problems(spec: SweepSpec) -> list[Problem]:
    armies = sweep_game(spec.game).support.armies
    if armies is None:
        return []
    offered = armies_offered(armies, spec.army_files)
    problems = _twice("armies", [",".join(p) for p in spec.armies])
    problems += _twice("army_files", [str(getattr(a, "id", "")) for a in spec.army_files])
    problems += _twice("overrides", [edits_text(e) for e in spec.overrides])
    for pair in spec.armies:
        if any(a not in offered for a in pair):
            said = f"{','.join(pair)} is not a pair of armies from: {', '.join(offered)}"
            problems.append(Problem("armies", f"{said} (a new army comes from its army file)"))
    return problems


def _twice(where: str, items: list[str]) -> list[Problem]:
    """A problem for each item listed more than once (two cells of the same games, or two armies of one id)."""
    return [Problem(where, f"lists {item} twice") for item in sorted({i for i in items if items.count(i) > 1})]


def _card_problems(spec: SweepSpec) -> list[Problem]:
    """Each card variant, checked by the cards' models (with every army of the sweep, for a game of armies): what
    its cards cannot hold, named by variant."""
    game = sweep_game(spec.game)
    cards = game.support.cards
    if cards is None:
        return []
    names = {a for pair in spec.armies for a in pair}
    problems = [] if game.has_armies else _twice("overrides", [edits_text(e) for e in spec.overrides])
    for edits in spec.overrides:
        fields = [f"{e.card}.{e.field}" for e in edits]
        twice = sorted({f for f in fields if fields.count(f) > 1})
        if twice:  # the later value would win unseen
            problems += [Problem(f"override {edits_text(edits)}", f"sets {f} twice; give it one value") for f in twice]
            continue
        try:
            cards.carry(names, spec.army_files, edits)
        except IllegalPosition as exc:
            where = f"override {edits_text(edits)}"
            problems += [Problem(where, f"{p.where}: {p.message}" if p.where else p.message) for p in exc.problems]
    return problems
