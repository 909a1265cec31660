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

import difflib
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, JsonValue

from rules.attack_the_tower.overrides import armies_for
from rules.core.card_edits import CardEdit
from rules.core.errors import IllegalPosition, Problem
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


def _said(value: JsonValue) -> str:
    return value if isinstance(value, str) else json.dumps(value)


def _refuse(text: str, message: str) -> IllegalPosition:
    return IllegalPosition([Problem(FLAG, f"{escape(repr(text), 120)}: {message}")])


def parse_tune(text: str, game: str, armies: Sequence[str] = ()) -> Knob:
    """`NAME=LO..HI` or `NAME=V1,V2,...` as a knob of `game`; IllegalPosition in words when it is malformed,
    names nothing the game has, or offers a value the rules or the cards cannot hold."""
    if not isinstance(text, str):
        raise IllegalPosition([Problem(FLAG, f"takes NAME=LO..HI or NAME=V1,V2,..., not {type(text).__name__}")])
    name, sep, raw = text.partition("=")
    name, raw = name.strip(), raw.strip()
    if not sep or not name or not raw:
        raise _refuse(text, "takes NAME=LO..HI or NAME=V1,V2,... (e.g. cavalry_power=2..4)")
    values = _values(text, raw)
    game_rules = sweep_game(game).rules
    if name in field_paths(game_rules):
        current = _rules_value(game, name)
        knob = Knob(name=name, kind="rules", values=values, current=current)
    else:
        card, field, current = _card_field(text, name, game, armies)
        knob = Knob(name=name, kind="card", values=values, current=current, card=card, field=field)
    if json.dumps(knob.current) not in [json.dumps(v) for v in values]:
        raise _refuse(text, f"the values must include the current value {_said(knob.current)} (no change)")
    for value in values:
        problems = knob_problems(knob, value, game, armies)
        if problems:
            said = "; ".join(f"{p.where}: {p.message}" if p.where else p.message for p in problems[:3])
            raise _refuse(text, f"the value {_said(value)} cannot be played: {said}")
    return knob


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


def _rules_value(game: str, name: str) -> JsonValue:
    """The value a balance plays a rules field at unless changed: the sweep's default, else the rules'."""
    spec_game = sweep_game(game)
    if name in spec_game.default_rules:
        value: JsonValue = spec_game.default_rules[name]
        return value
    data: Any = spec_game.rules().model_dump(mode="json")
    for part in name.split("."):
        data = data[part]
    found: JsonValue = data
    return found


def _card_field(text: str, name: str, game: str, armies: Sequence[str]) -> tuple[str, str, JsonValue]:
    """The card, field and current value a card knob names; refused in words when the game has no cards or
    the name is no card's field."""
    if not sweep_game(game).has_cards:
        known = ", ".join(field_paths(sweep_game(game).rules))
        raise _refuse(text, f"{game} has no such rules field and no cards to change; fields: {known}")
    fields = field_paths(sweep_game(game).rules)
    close = difflib.get_close_matches(name, fields, n=1)
    form = "ARMY.CARD.FIELD" if game == "attack-the-tower" else "CARD.FIELD"
    if "." not in name or (game == "attack-the-tower" and name.count(".") < 2):
        hint = f"did you mean {close[0]}? " if close else ""
        raise _refuse(text, f"no rules field of that name ({hint}a card's number is {form})")
    try:
        edit = parse_edit(f"{name}=0", game)
    except IllegalPosition as exc:
        said = "; ".join(p.message for p in exc.problems[:2])
        raise _refuse(text, f"no rules field or card of that name ({escape(said, 300)})") from None
    if game == "attack-the-tower":
        _known_card(text, edit.card, armies)
    current = card_value(game, edit.card, edit.field)
    if current is None:
        raise _refuse(text, f"the card {edit.card} has no field {edit.field}")
    return edit.card, edit.field, current


def _known_card(text: str, card: str, armies: Sequence[str]) -> None:
    """Refuse a card of an army not balanced, or that its army does not have, naming the cards there are."""
    from rules.attack_the_tower.catalog import ARMY_IDS, shipped_army

    army = card.split(".", 1)[0]
    if army not in ARMY_IDS or (armies and army not in armies):
        offered = ", ".join(armies or ARMY_IDS)
        raise _refuse(text, f"no army {army!r} among the armies balanced ({offered})")
    ids = shipped_army(army).card_ids()
    if card not in ids:
        raise _refuse(text, f"the {army} have no card {card!r}; their cards: {', '.join(ids)}")


def card_value(game: str, card: str, field: str) -> JsonValue:
    """The current value at `field` of the shipped `card` (a Tower Defense number's value), None if it has none."""
    data = _card_data(game, card)
    node: Any = data
    for part in field.split("."):
        if isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        elif isinstance(node, dict) and part in node:
            node = node[part]
        else:
            return None
    if isinstance(node, dict) and "value" in node and "source" in node:
        node = node["value"]
    if isinstance(node, dict | list):
        return None
    found: JsonValue = node
    return found


def _card_data(game: str, card: str) -> dict[str, Any]:
    if game == "attack-the-tower":
        from rules.attack_the_tower.catalog import shipped_army

        army = shipped_army(card.split(".", 1)[0]).model_dump(mode="json")
        for kind in ("bases", "abilities"):
            for item in army.get(kind, ()):
                if item["id"] == card:
                    found: dict[str, Any] = item
                    return found
        return {}
    from rules.tower_defense import catalog
    from rules.tower_defense.overrides import card_kinds

    kinds = card_kinds()
    data: dict[str, Any] = catalog.shipped(kinds[card])[card].model_dump(mode="json")
    return data


# ---- from a choice of values to what a cell plays --------------------------------------------------------
Choice = Mapping[str, JsonValue]
"""A candidate: each changed knob's name and its new value (knobs at their current value left out)."""


def rules_values(knobs: Iterable[Knob], choice: Choice) -> dict[str, JsonValue]:
    """The rules fields a candidate sets."""
    return {k.name: choice[k.name] for k in knobs if k.kind == "rules" and k.name in choice}


def card_edits(knobs: Iterable[Knob], choice: Choice, game: str) -> tuple[CardEdit, ...]:
    """The card edits a candidate makes; in Attack the Tower, its copies changes with the change that keeps each
    deck whole (see `_keep_decks_whole`)."""
    edits = tuple(
        CardEdit(card=knob.card, field=knob.field, value=choice[knob.name])
        for knob in knobs
        if knob.kind == "card" and knob.name in choice and knob.card is not None and knob.field is not None
    )
    return edits + _keep_decks_whole(edits) if game == "attack-the-tower" else edits


def _keep_decks_whole(edits: Sequence[CardEdit]) -> tuple[CardEdit, ...]:
    """For each deck whose copies the edits change: the edit that gives back (or takes) their summed difference
    from the deck's fullest card the edits leave alone (the first listed on a tie). A deck whose every card is
    changed gets none: the armies' validation then refuses the candidate in the cards' words."""
    from rules.attack_the_tower.catalog import shipped_army

    out: list[CardEdit] = []
    copies = {e.card: e.value for e in edits if e.field == "copies" and isinstance(e.value, int)}
    for army_id in sorted({e.army for e in edits if e.card in copies}):
        army = shipped_army(army_id)
        decks: tuple[Sequence[Any], ...] = (army.bases, army.abilities)
        for deck in decks:
            change = sum(int(copies[c.id]) - c.copies for c in deck if c.id in copies)
            left = [c for c in deck if c.id not in copies]
            if change and left:
                fullest = max(left, key=lambda c: c.copies)
                out.append(CardEdit(card=fullest.id, field="copies", value=fullest.copies - change))
    return tuple(out)


def knob_problems(knob: Knob, value: JsonValue, game: str, armies: Sequence[str]) -> list[Problem]:
    """What is wrong with playing the knob at `value` (its other knobs unchanged): the rules' or the cards'
    own words."""
    choice = {knob.name: value}
    if knob.kind == "rules":
        base = dict(sweep_game(game).default_rules)
        return rules_problems(sweep_game(game).rules, {**base, **rules_values([knob], choice)})
    try:
        check_cards(game, card_edits([knob], choice, game), armies)
    except IllegalPosition as exc:
        return list(exc.problems)
    return []


def check_cards(game: str, edits: Sequence[CardEdit], armies: Sequence[str]) -> None:
    """Build the cards the edits make (IllegalPosition in the cards' words when they cannot be held)."""
    if game == "attack-the-tower":
        armies_for(set(armies) | {e.army for e in edits}, (), edits)
    else:
        from rules.tower_defense.overrides import cards_for

        cards_for(edits)


def default_knobs(game: str, armies: Sequence[str] = ()) -> tuple[Knob, ...]:
    """The knobs a balance turns when none are named.

    Attack the Tower: each troop type's power one up or down, and in each army balanced, every base's copies
    and every special troop's power (two either way; a base keeps at least one copy). An ability's effect
    numbers are not in the set (`--tune` names them): at the learned policy, the Undead's three ability
    numbers turned together moved Undead v Easterners from 21% to 29%, one base's copies to 40% (the README's
    auto-balance section). Tower Defense: the numbers of the waves' strength and the players'
    means (`TOWER_DEFENSE_KNOBS`). The Tower: the player's starting hit points, potions and action points,
    and the damage a floor adds."""
    texts = list(_default_texts(game, armies))
    return tuple(parse_tune(t, game, armies) for t in texts)


TOWER_DEFENSE_KNOBS = (
    "single_credit_boost=0..3",
    "skill_markers=0..8",
    "wave_every=2..6",
    "modifier_base_hit_points=0..8",
    "tough_extra_hit_points=0..5",
    "armoured_extra_hit_points=0..6",
    "condition_credits=0..4",
)
THE_TOWER_KNOBS = (
    "starting_hp=8..16",
    "starting_potions=0..3",
    "damage_per_floor=0..2",
)
TROOP_POWERS = ("light_infantry_power", "shooter_power", "heavy_infantry_power", "cavalry_power", "siege_weapon_power")


def _default_texts(game: str, armies: Sequence[str]) -> Iterable[str]:
    if game == "tower-defense":
        yield from TOWER_DEFENSE_KNOBS
        return
    if game == "the-tower":
        yield from _around_current(game, THE_TOWER_KNOBS)
        return
    for name in TROOP_POWERS:
        value = _rules_value(game, name)
        assert isinstance(value, int)
        yield f"{name}={max(0, value - 1)}..{value + 1}"
    from rules.attack_the_tower.catalog import shipped_army

    for army_id in armies:
        army = shipped_army(army_id)
        for base in army.bases:
            yield f"{base.id}.copies={max(1, base.copies - 2)}..{base.copies + 2}"
        for card in army.abilities:
            if card.special_troop is not None:
                power = card.special_troop.power
                yield f"{card.id}.special_troop.power={max(0, power - 2)}..{power + 2}"


def _around_current(game: str, texts: Iterable[str]) -> Iterable[str]:
    """Default ranges widened, where needed, to hold the current value."""
    for text in texts:
        name, _, raw = text.partition("=")
        low, high = (int(x) for x in raw.split(".."))
        value = _rules_value(game, name)
        if isinstance(value, int) and not isinstance(value, bool):
            low, high = min(low, value), max(high, value)
        yield f"{name}={low}..{high}"


def knobs_json(knobs: Sequence[Knob]) -> list[dict[str, Any]]:
    """The knobs as JSON data (for `--json` and the panel)."""
    return [{"tune": k.text(), "current": k.current, "kind": k.kind} for k in knobs]
