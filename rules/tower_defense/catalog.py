"""The data files (towers, waves, modifiers, conditions, skills, game modes), validated on load,
with lookups by id and the list of which numbers are the rulebook's and which are assumptions."""

from __future__ import annotations

import functools
from importlib import resources
from typing import TypeVar

from pydantic import BaseModel, ConfigDict

from rules.core.jsonio import parse_model
from rules.tower_defense.cards import (
    ConditionSpec,
    CreditType,
    Figure,
    GameMode,
    ModifierSpec,
    SkillSpec,
    TowerSpec,
    WaveSpec,
)
from rules.tower_defense.variants import Rules


class _File(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class TowersFile(_File):
    towers: tuple[TowerSpec, ...]


class WavesFile(_File):
    waves: tuple[WaveSpec, ...]


class ModifiersFile(_File):
    modifiers: tuple[ModifierSpec, ...]


class ConditionsFile(_File):
    conditions: tuple[ConditionSpec, ...]


class SkillsFile(_File):
    skills: tuple[SkillSpec, ...]


class ModesFile(_File):
    modes: tuple[GameMode, ...]


def _read(name: str) -> str:
    return resources.files("rules.tower_defense").joinpath(f"data/{name}.json").read_text("utf-8")


T = TypeVar("T", TowerSpec, WaveSpec, ModifierSpec, ConditionSpec, SkillSpec, GameMode)


def _index(kind: str, items: tuple[T, ...]) -> dict[str, T]:
    out: dict[str, T] = {}
    for item in items:
        if item.id in out:
            raise ValueError(f"data/{kind}.json lists {item.id!r} twice")
        out[item.id] = item
    return out


@functools.cache
def towers() -> dict[str, TowerSpec]:
    """Every tower by card id ('standard.1' is the Mark I Standard Tower)."""
    data = parse_model(TowersFile, _read("towers"), source="data/towers.json")
    return _index("towers", data.towers)


@functools.cache
def waves() -> dict[str, WaveSpec]:
    data = parse_model(WavesFile, _read("waves"), source="data/waves.json")
    return _index("waves", data.waves)


@functools.cache
def modifiers() -> dict[str, ModifierSpec]:
    data = parse_model(ModifiersFile, _read("modifiers"), source="data/modifiers.json")
    return _index("modifiers", data.modifiers)


@functools.cache
def conditions() -> dict[str, ConditionSpec]:
    data = parse_model(ConditionsFile, _read("conditions"), source="data/conditions.json")
    return _index("conditions", data.conditions)


@functools.cache
def skills() -> dict[str, SkillSpec]:
    data = parse_model(SkillsFile, _read("skills"), source="data/skills.json")
    return _index("skills", data.skills)


@functools.cache
def modes() -> dict[str, GameMode]:
    data = parse_model(ModesFile, _read("modes"), source="data/modes.json")
    return _index("modes", data.modes)


def _lookup(table: dict[str, T], kind: str, key: str) -> T:
    try:
        return table[key]
    except KeyError:
        raise KeyError(f"unknown {kind} {key!r}; known: {', '.join(sorted(table))}") from None


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
    given: list[str] = []
    assumed: list[str] = []

    def add(what: str, f: Figure) -> None:
        line = f"{what}: {f.value} ({f.source})"
        (assumed if f.assumed else given).append(line)

    for t in towers().values():
        for name, f in t.figures():
            add(f"{t.name}, {name}", f)
    for m in modes().values():
        for name, f in m.figures():
            add(f"{m.name}, {name}", f)
    for w in waves().values():
        line = f"wave {w.name} (rank {w.rank}): " + "; ".join(
            f"unit {i + 1} {u.hit_points} HP, movement {u.movement}" for i, u in enumerate(w.units)
        )
        (assumed if w.assumed else given).append(f"{line} ({w.source})")
    for mod in modifiers().values():
        (assumed if mod.assumed else given).append(f"wave modifier {mod.name}: {mod.text} ({mod.source})")
    for c in conditions().values():
        (assumed if c.assumed else given).append(f"game condition {c.name}: {c.text} ({c.source})")
    for s in skills().values():
        (assumed if s.assumed else given).append(f"skill {s.name}: {s.text} ({s.source})")
    return given, assumed


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
    if card.startswith(CONDITION_PREFIX):
        return rules.condition_credits
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
