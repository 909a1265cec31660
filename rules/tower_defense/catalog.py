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
    Figure,
    GameMode,
    ModifierSpec,
    SkillSpec,
    TowerSpec,
    WaveSpec,
)


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
