"""The data files (towers, waves, modifiers, conditions, skills, game modes, Difficulties), validated on load,
with lookups by id and the list of which numbers are the rulebook's and which are assumptions; a designer's
changed cards (`use_cards`) stand in for the shipped ones of their ids."""

from __future__ import annotations

import functools
import types
from importlib import resources
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, create_model

from rules.core.errors import UnknownName
from rules.core.jsonio import parse_model
from rules.core.memo import clear_package_caches
from rules.tower_defense.cards import (
    CardSet,
    ConditionSpec,
    CreditType,
    Difficulty,
    GameMode,
    ModifierSpec,
    SkillSpec,
    TowerSpec,
    WaveSpec,
)
from rules.tower_defense.variants import Rules

Card = TowerSpec | WaveSpec | ModifierSpec | ConditionSpec | SkillSpec | GameMode
CardKind = Literal["towers", "waves", "modifiers", "conditions", "skills", "modes"]
CARD_KINDS: tuple[CardKind, ...] = ("towers", "waves", "modifiers", "conditions", "skills", "modes")
_MODELS: tuple[type[BaseModel], ...] = (TowerSpec, WaveSpec, ModifierSpec, ConditionSpec, SkillSpec, GameMode)
_DESIGNED: dict[str, CardSet] = {"in use": CardSet()}
"""The cards a designer changed (`use_cards`), each standing in for the shipped card of its id."""


def _read(kind: str, card: type[BaseModel]) -> tuple[Any, ...]:
    """The cards of one data file, validated: the file holds them as a list under its own name
    (`{"towers": [...]}`) and nothing else."""
    fields: dict[str, Any] = {kind: (types.GenericAlias(tuple, (card, ...)), ...)}
    model = create_model(f"{kind.capitalize()}File", __config__=ConfigDict(frozen=True, extra="forbid"), **fields)
    text = resources.files("rules.tower_defense").joinpath(f"data/{kind}.json").read_text("utf-8")
    cards: tuple[Any, ...] = getattr(parse_model(model, text, source=f"data/{kind}.json"), kind)
    return cards


T = TypeVar("T", TowerSpec, WaveSpec, ModifierSpec, ConditionSpec, SkillSpec, GameMode, Difficulty)


def _index(kind: str, items: tuple[T, ...]) -> dict[str, T]:
    out: dict[str, T] = {}
    for item in items:
        if item.id in out:
            raise ValueError(f"data/{kind}.json lists {item.id!r} twice")
        out[item.id] = item
    return out


@functools.cache
def shipped(kind: CardKind) -> dict[str, Card]:
    """The cards of one data file as shipped, by id (what a designer's change starts from)."""
    return dict(_index(kind, _read(kind, _MODELS[CARD_KINDS.index(kind)])))


def _in_use(kind: CardKind, cls: type[T]) -> dict[str, T]:
    """The cards of one kind now in use: the shipped ones, a designer's changed card in place of its own."""
    changed = {c.id: c for c in getattr(_DESIGNED["in use"], kind)}
    out: dict[str, T] = {}
    for card_id, card in shipped(kind).items():
        chosen = changed.get(card_id, card)
        assert isinstance(chosen, cls)
        out[card_id] = chosen
    return out


@functools.cache
def towers() -> dict[str, TowerSpec]:
    """Every tower by card id ('standard.1' is the Mark I Standard Tower)."""
    return _in_use("towers", TowerSpec)


@functools.cache
def waves() -> dict[str, WaveSpec]:
    return _in_use("waves", WaveSpec)


@functools.cache
def modifiers() -> dict[str, ModifierSpec]:
    return _in_use("modifiers", ModifierSpec)


@functools.cache
def conditions() -> dict[str, ConditionSpec]:
    return _in_use("conditions", ConditionSpec)


@functools.cache
def skills() -> dict[str, SkillSpec]:
    return _in_use("skills", SkillSpec)


@functools.cache
def modes() -> dict[str, GameMode]:
    return _in_use("modes", GameMode)


@functools.cache
def difficulties() -> dict[str, Difficulty]:
    """The Difficulties the rulebook names (003 3.A.V's examples), by id ('1/1/1/1/2/2')."""
    return _index("difficulties", _read("difficulties", Difficulty))


def designed_cards() -> CardSet:
    """The cards a designer changed that are in use in this process now (empty: the cards as shipped)."""
    return _DESIGNED["in use"]


def use_cards(cards: CardSet) -> None:
    """Put these changed cards (and no other designer's change) in use in this process; each must have a
    shipped card's id. Nothing happens when they already are, so memos are cleared only when cards change."""
    if cards == _DESIGNED["in use"]:
        return
    for kind in CARD_KINDS:
        unknown = [c.id for c in getattr(cards, kind) if c.id not in shipped(kind)]
        if unknown:
            raise UnknownName(f"no {kind[:-1]} {unknown[0]!r} to change; {kind}: {', '.join(shipped(kind))}")
    _DESIGNED["in use"] = cards
    forget_cards()


def forget_cards() -> None:
    """Clear every memo computed from the cards' data (the shipped files aside), so changed cards take effect."""
    clear_package_caches("rules.tower_defense", keep=(shipped,))


def _lookup(table: dict[str, T], kind: str, key: str) -> T:
    try:
        return table[key]
    except KeyError:
        raise UnknownName(f"unknown {kind} {key!r}; known: {', '.join(sorted(table))}") from None


def tower(card: str) -> TowerSpec:
    """The tower printed on a card id ('standard.1'); a condition credit is no tower."""
    return _lookup(towers(), "tower", card)


def wave(wave_id: str) -> WaveSpec:
    return _lookup(waves(), "wave", wave_id)


def modifier(modifier_id: str) -> ModifierSpec:
    return _lookup(modifiers(), "wave modifier", modifier_id)


def condition(condition_id: str) -> ConditionSpec:
    return _lookup(conditions(), "game condition", condition_id)


def skill(skill_id: str) -> SkillSpec:
    return _lookup(skills(), "skill", skill_id)


def mode(mode_id: str) -> GameMode:
    return _lookup(modes(), "game mode", mode_id)


def provenance() -> tuple[list[str], list[str]]:
    """Every number of the data files as a line: those the rulebook prints, and the assumptions."""
    numbered: list[TowerSpec | GameMode] = [*towers().values(), *modes().values()]
    lines = [(f.assumed, f"{c.name}, {name}: {f.value} ({f.source})") for c in numbered for name, f in c.figures()]
    for w in waves().values():
        units = "; ".join(f"unit {i + 1} {u.hit_points} HP, movement {u.movement}" for i, u in enumerate(w.units))
        lines.append((w.assumed, f"wave {w.name} (rank {w.rank}): {units} ({w.source})"))
    lines += [(m.assumed, f"wave modifier {m.name}: {m.text} ({m.source})") for m in modifiers().values()]
    lines += [(c.assumed, f"game condition {c.name}: {c.text} ({c.source})") for c in conditions().values()]
    lines += [(s.assumed, f"skill {s.name}: {s.text} ({s.source})") for s in skills().values()]
    return [line for assumed, line in lines if not assumed], [line for assumed, line in lines if assumed]


CONDITION_PREFIX = "condition."
"""A completed game condition kept as a credit card: its id after this prefix."""


# ---- cards as credits --------------------------------------------------------------------------------
def is_tower_card(card: str) -> bool:
    return card in towers()


def is_condition_card(card: str) -> bool:
    return card.startswith(CONDITION_PREFIX) and card[len(CONDITION_PREFIX) :] in conditions()


def credit_type(card: str) -> CreditType:
    """The credit type on a card's back: its tower type, or Universal for a completed game condition."""
    if card.startswith(CONDITION_PREFIX):
        return "universal"
    return tower(card).type


def credit_value(card: str, rules: Rules) -> int:
    """Credits a card is worth: its mark (003: 'a Mark III Charge Tower is worth 3 Charge Credits'),
    or 2 Universal credits for a completed game condition (6.H)."""
    return card_worth(card, rules.condition_credits)


def card_worth(card: str, condition_credits: int) -> int:
    """`credit_value` given the one rule it reads (what a completed game condition is worth)."""
    if card.startswith(CONDITION_PREFIX):
        return condition_credits
    return tower(card).mark


def card_name(card: str) -> str:
    if card.startswith(CONDITION_PREFIX):
        return f"the completed {condition(card[len(CONDITION_PREFIX) :]).name} condition"
    return tower(card).name


def credit_name(card: str, rules: Rules) -> str:
    """'1 Standard credit', '3 Charge credits', '2 Universal credits (Fog)'."""
    n = credit_value(card, rules)
    kind = credit_type(card).capitalize()
    return f"{n} {kind} credit{'s' if n != 1 else ''}"


# ---- modifier piles ------------------------------------------------------------------------------------
def modifier_order(modifier_id: str) -> tuple[int, str]:
    if modifier_id not in modifiers():
        return (0, modifier_id)
    return (modifier(modifier_id).level, modifier_id)


def sort_modifiers(ids: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """A modifier pile in order: lowest level on top (3.A.V)."""
    return tuple(sorted(ids, key=modifier_order))
