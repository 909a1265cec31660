"""What the balancer may change: knobs, each one number (or choice) of a game's `Rules` or of one card, with the
values it may take, its current value among them.

    --tune cavalry_power=2..4                       a Rules field, every whole number from 2 to 4
    --tune undead.ghost.special_troop.power=1..4    a card's number (Attack the Tower: ARMY.CARD.FIELD)
    --tune undead.graveyard.copies=6..9             a card's copies: the deck keeps its 25 cards (see below)
    --tune standard.1.damage_by_level.0=5..8        a Tower Defense card's number (CARD.FIELD)
    --tune empty_pile=reshuffle,cannot_draw         any field: the values listed

A knob's values must include its current value (the "no change" every answer starts from), and every value is
checked before a game is played: a `--tune` that names no field, gives no range, or a value the rules cannot
hold is refused in words naming what is wrong.

A change of an Attack the Tower card's `copies` keeps its deck at the 25 cards 004 requires: the difference is
taken from (or given to) the other card of the same deck that holds the most copies (the first listed on a tie).
"""

from __future__ import annotations

import dataclasses
import difflib
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, JsonValue

from rules.core.card_edits import CardEdit, data_at, value_at
from rules.core.descriptor import BalanceSupport
from rules.core.errors import IllegalPosition, Problem, UnknownName, kind_of
from rules.core.jsonio import escape
from rules.sweeps.games import sweep_game
from rules.sweeps.overrides import parse_edit
from rules.sweeps.rules_values import field_paths, parse_value, rules_problems

MAX_VALUES = 41
"""A knob offers at most this many values (a range of 40 steps)."""
FLAG = "--tune"


class Knob(BaseModel):
    """One thing the balancer may change: a `Rules` field (`kind="rules"`, `name` the field, dotted when nested)
    or a card's field (`kind="card"`, `name` the card id and the field's path), its values in order, and its
    current value (one of them)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    kind: Literal["rules", "card"]
    values: tuple[JsonValue, ...]
    current: JsonValue
    card: str | None = None
    field: str | None = None

    @property
    def current_index(self) -> int:
        return [json.dumps(v) for v in self.values].index(json.dumps(self.current))

    def text(self) -> str:
        """The knob as `--tune` writes it."""
        ints = all(isinstance(v, int) and not isinstance(v, bool) for v in self.values)
        if ints and len(self.values) > 2 and list(self.values) == list(range(self.values[0], self.values[-1] + 1)):  # type: ignore[arg-type, operator]
            return f"{self.name}={self.values[0]}..{self.values[-1]}"
        return f"{self.name}={','.join(_said(v) for v in self.values)}"

    def size(self, value: JsonValue) -> float:
        """How big a change to `value` is: its distance from the current value in steps of the knob's values,
        over the largest such distance (0 no change, 1 the knob's farthest value)."""
        said = [json.dumps(v) for v in self.values]
        far = max(self.current_index, len(self.values) - 1 - self.current_index) or 1
        return abs(said.index(json.dumps(value)) - self.current_index) / far


@dataclasses.dataclass(frozen=True)
class Given:
    """What a balance plays beyond the game as shipped: a designer's army files (each stands in for the shipped
    army of its id, or adds an army) and rules fields fixed for every game (`--set`); a knob's current value is
    read from them."""

    files: tuple[BaseModel, ...] = ()
    rules: Mapping[str, JsonValue] = dataclasses.field(default_factory=dict)


SHIPPED = Given()
"""The game as shipped: no army file, no rules field fixed."""


def _said(value: JsonValue) -> str:
    return value if isinstance(value, str) else json.dumps(value)


def _refuse(text: str, message: str) -> IllegalPosition:
    return IllegalPosition([Problem(FLAG, f"{escape(repr(text), 120)}: {message}")])


def tune_example(game: str) -> str:
    """ " (e.g. X)" with the first `--tune` of the game's own fixed set, or nothing for a game whose set depends
    on the armies balanced (an example must name what the game has)."""
    tunes = balance_support(game).default_tunes
    return f" (e.g. {tunes[0]})" if isinstance(tunes, tuple) and tunes else ""


def parse_tune(text: str, game: str, armies: Sequence[str] = (), given: Given = SHIPPED) -> Knob:
    """`NAME=LO..HI` or `NAME=V1,V2,...` as a knob of `game`; IllegalPosition in words when it is malformed,
    names nothing the game has, or offers a value the rules or the cards cannot hold."""
    if not isinstance(text, str):
        raise IllegalPosition([Problem(FLAG, f"takes NAME=LO..HI or NAME=V1,V2,..., not {kind_of(text)}")])
    name, sep, raw = text.partition("=")
    name, raw = name.strip(), raw.strip()
    if not sep or not name or not raw:
        raise _refuse(text, f"takes NAME=LO..HI or NAME=V1,V2,...{tune_example(game)}")
    values = _values(text, raw)
    game_rules = sweep_game(game).rules
    if name in field_paths(game_rules):
        current = _rules_value(game, name, given)
        knob = Knob(name=name, kind="rules", values=values, current=current)
    else:
        card, path, current = _card_field(text, name, game, armies, given)
        knob = Knob(name=name, kind="card", values=values, current=current, card=card, field=path)
    if json.dumps(knob.current) not in [json.dumps(v) for v in values]:
        source = _current_from(knob, given)
        raise _refuse(text, f"the values must include the current value {_said(knob.current)} (no change{source})")
    for value in values:
        problems = knob_problems(knob, value, game, armies, given)
        if problems:
            said = "; ".join(f"{p.where}: {p.message}" if p.where else p.message for p in problems[:3])
            raise _refuse(text, f"the value {_said(value)} cannot be played: {said}")
    return knob


def _current_from(knob: Knob, given: Given) -> str:
    """Where a knob's current value comes from, when not from the game as shipped: '; set by --set', or '; the
    army file's'."""
    if knob.kind == "rules":
        return "; set by --set" if knob.name in given.rules else ""
    army = (knob.card or "").split(".", 1)[0]
    return "; the army file's" if any(getattr(a, "id", None) == army for a in given.files) else ""


def _values(text: str, raw: str) -> tuple[JsonValue, ...]:
    """The values of `LO..HI` (whole numbers) or of a comma-separated list, each read as one JSON value."""
    if ".." in raw:
        low_text, _, high_text = raw.partition("..")
        low, high = (parse_value(t.strip(), source=FLAG) for t in (low_text, high_text))
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (low, high)):
            raise _refuse(text, "a range LO..HI takes two whole numbers (e.g. 2..4)")
        assert isinstance(low, int) and isinstance(high, int)
        if low >= high:
            raise _refuse(text, f"the range {low}..{high} is empty or one value: LO must be below HI")
        if high - low + 1 > MAX_VALUES:
            raise _refuse(text, f"the range has {high - low + 1} values; a knob has at most {MAX_VALUES}")
        return tuple(range(low, high + 1))
    parts = [p.strip() for p in raw.split(",")]
    if any(not p for p in parts):
        raise _refuse(text, "an empty value in the list (V1,V2,...)")
    values = tuple(parse_value(p, source=FLAG) for p in parts)
    if len(values) < 2:
        raise _refuse(text, f"{escape(raw, 40)} is one value: give a range LO..HI (e.g. 2..4) or values V1,V2,...")
    if len(values) > MAX_VALUES:
        raise _refuse(text, f"{len(values)} values; a knob has at most {MAX_VALUES}")
    if len({json.dumps(v) for v in values}) != len(values):
        raise _refuse(text, "lists a value twice")
    return values


def _rules_value(game: str, name: str, given: Given) -> JsonValue:
    """The value a balance plays a rules field at unless changed: as fixed, else the sweep's default, else the
    rules'."""
    spec_game = sweep_game(game)
    if name in given.rules:
        return given.rules[name]
    if name in spec_game.default_rules:
        return spec_game.default_rules[name]
    found: JsonValue = data_at(spec_game.rules().model_dump(mode="json"), name)
    return found


def _card_field(text: str, name: str, game: str, armies: Sequence[str], given: Given) -> tuple[str, str, JsonValue]:
    """The card, field and current value a card knob names; refused in words when the game has no cards or
    the name is no card's field."""
    cards = sweep_game(game).support.cards
    fields = field_paths(sweep_game(game).rules)
    if cards is None:
        raise _refuse(text, f"{game} has no such rules field and no cards to change; fields: {', '.join(fields)}")
    close = difflib.get_close_matches(name, fields, n=1)
    form = cards.form.split("=", 1)[0]  # 'ARMY.CARD.FIELD' or 'CARD.FIELD'
    if "." not in name or name.count(".") < form.count("."):
        hint = f"did you mean {close[0]}? " if close else ""
        raise _refuse(text, f"no rules field of that name ({hint}a card's number is {form})")
    try:
        edit = parse_edit(f"{name}=0", game)
    except IllegalPosition as exc:
        said = "; ".join(p.message for p in exc.problems[:2])
        raise _refuse(text, f"no rules field or card of that name ({escape(said, 300)})") from None
    problem = balance_support(game).card_problem(edit.card, armies, given.files)
    if problem is not None:
        raise _refuse(text, problem)
    played = balance_support(game).card_data  # the card as played (a designer's army file's, else as shipped)
    current = value_at(played(edit.card, given.files), edit.field) if played is not None else None
    if current is None:
        raise _refuse(text, f"the card {edit.card} has no field {edit.field}")
    return edit.card, edit.field, current


def balance_support(game: str) -> BalanceSupport:
    """How the balancer tunes `game` and its defaults there, from its descriptor (KeyError when it does not)."""
    support = sweep_game(game).descriptor.balance
    if support is None:
        raise UnknownName(f"the balancer does not tune {game!r}")
    return support


# ---- from a choice of values to what a cell plays --------------------------------------------------------
Choice = Mapping[str, JsonValue]
"""A candidate: each changed knob's name and its new value (knobs at their current value left out)."""


def rules_values(knobs: Iterable[Knob], choice: Choice) -> dict[str, JsonValue]:
    """The rules fields a candidate sets."""
    return {k.name: choice[k.name] for k in knobs if k.kind == "rules" and k.name in choice}


def card_edits(knobs: Iterable[Knob], choice: Choice, game: str, given: Given = SHIPPED) -> tuple[CardEdit, ...]:
    """The card edits a candidate makes; in Attack the Tower, its copies changes with the change that keeps each
    deck whole (see `_keep_decks_whole`)."""
    edits = tuple(
        CardEdit(card=knob.card, field=knob.field, value=choice[knob.name])
        for knob in knobs
        if knob.kind == "card" and knob.name in choice and knob.card is not None and knob.field is not None
    )
    return edits + balance_support(game).complete_edits(edits, given.files)


def brought_edits(
    knobs: Iterable[Knob], choice: Choice, game: str, given: Given = SHIPPED
) -> tuple[tuple[CardEdit, JsonValue], ...]:
    """The card edits a candidate brings with it beyond the knobs it turns (`BalanceSupport.complete_edits`),
    each with the value it changes."""
    knobs = tuple(knobs)
    named = {(k.card, k.field) for k in knobs if k.kind == "card" and k.name in choice}
    data = balance_support(game).card_data
    return tuple(
        (edit, value_at(data(edit.card, given.files), edit.field) if data is not None else None)
        for edit in card_edits(knobs, choice, game, given)
        if (edit.card, edit.field) not in named
    )


def knob_problems(
    knob: Knob, value: JsonValue, game: str, armies: Sequence[str], given: Given = SHIPPED
) -> list[Problem]:
    """What is wrong with playing the knob at `value` (its other knobs unchanged): the rules' or the cards'
    own words."""
    choice = {knob.name: value}
    if knob.kind == "rules":
        base = {**sweep_game(game).default_rules, **given.rules}
        return rules_problems(sweep_game(game).rules, {**base, **rules_values([knob], choice)})
    cards = sweep_game(game).support.cards
    try:
        if cards is not None:  # the cards the edits make (refused in the cards' words when they cannot be held)
            cards.carry(armies, given.files, card_edits([knob], choice, game, given))
    except IllegalPosition as exc:
        return [_with_why(problem, knob, choice, game, given) for problem in exc.problems]
    return []


def _with_why(problem: Problem, knob: Knob, choice: Choice, game: str, given: Given) -> Problem:
    """A problem of a card the knob does not name (a deck kept whole takes copies from another card) says that the
    knob's change brought it, and why: the card named alone would puzzle a designer who never asked to change it."""
    because = balance_support(game).completed_because
    for edit, was in brought_edits([knob], choice, game, given):
        if problem.where == f"{edit.card}.{edit.field}":
            brought = (
                f"{knob.name}={_said(choice[knob.name])} takes it from {json.dumps(was)} to {json.dumps(edit.value)}"
            )
            return Problem(problem.where, f"{problem.message} ({' '.join(filter(None, (brought, because)))})")
    return problem


def default_knobs(game: str, armies: Sequence[str] = (), given: Given = SHIPPED) -> tuple[Knob, ...]:
    """The knobs a balance turns when none are named: the game's own set (its descriptor's
    `BalanceSupport.default_tunes`, e.g. rules/attack_the_tower/balancing.py), a rules field's range widened
    where needed to hold the value it is played at."""
    tunes = balance_support(game).default_tunes
    if isinstance(tunes, tuple):
        texts: Iterable[str] = tunes
    else:
        texts = tunes(armies, lambda name: _rules_value(game, name, given), given.files)
    return tuple(parse_tune(_holding_current(t, game, given), game, armies, given) for t in texts)


def _holding_current(text: str, game: str, given: Given) -> str:
    """A rules field's whole-number range `NAME=LO..HI` widened to hold the field's current value; any other
    tune as it is."""
    name, _, raw = text.partition("=")
    low, dots, high = raw.partition("..")
    if "." in name or not dots:
        return text
    value = _rules_value(game, name, given)
    if not isinstance(value, int) or isinstance(value, bool):
        return text
    return f"{name}={min(int(low), value)}..{max(int(high), value)}"
