"""A designer's own army file (JSON or TOML, the shape of data/*.json) loaded, validated and put in use.

Copy a shipped army (`rules/attack_the_tower/data/undead.json`), change a base's copies, an ability's
numbers or a special troop's power, and load it: under the shipped army's id it stands in for that army;
under a new id (every card id starting with it) it joins the armies that can be played. The file is
validated by the same pydantic models as the shipped ones, and refused with one line per problem.
"""

from __future__ import annotations

import argparse
import json
import sys
import tomllib
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType

from rules.attack_the_tower import armies
from rules.attack_the_tower.cards import Army
from rules.core.errors import IllegalPosition, MalformedFile, Problem
from rules.core.jsonio import validate_model


def parse_army(text: str, *, source: str, toml: bool = False) -> Army:
    """An army from JSON (or TOML) text; MalformedFile if unreadable, IllegalPosition naming each problem."""
    try:
        data = tomllib.loads(text) if toml else json.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise MalformedFile(f"{source} is not valid TOML: {exc}") from None
    except json.JSONDecodeError as exc:
        raise MalformedFile(f"{source} is not valid JSON: {exc.msg} at line {exc.lineno}") from None
    if not isinstance(data, dict):
        raise MalformedFile(f"{source} must hold an army as a JSON object, not {type(data).__name__}")
    try:
        return validate_model(Army, data)
    except IllegalPosition as exc:
        raise IllegalPosition([Problem(_within(source, p.where), p.message) for p in exc.problems]) from None


def _within(source: str, where: str) -> str:
    return f"{source}, {where}" if where else source


def load_army_file(path: str | Path) -> Army:
    """Read and validate an army file; `.toml` files are TOML, every other file JSON."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise MalformedFile(f"cannot read the army file {p}: {exc.strerror or exc}") from None
    return parse_army(text, source=str(p), toml=p.suffix.lower() == ".toml")


def use_army(army: Army) -> str:
    """Put an army in use (standing in for a shipped army of the same id) and return its id."""
    if armies.designed_armies().get(army.id) != army:
        armies.designed_armies()[army.id] = army
        forget_cards()
    return army.id


def use_army_files(paths: Iterable[str | Path]) -> tuple[str, ...]:
    """Load and put in use every army file given; the ids in use, in order."""
    return tuple(use_army(load_army_file(p)) for p in paths)


def use_shipped_armies() -> None:
    """Put the shipped armies back in use, forgetting every designer's army."""
    if armies.designed_armies():
        armies.designed_armies().clear()
        forget_cards()


def forget_cards() -> None:
    """Clear every memo that was computed from the cards' data, so new card data takes effect."""
    for name, module in list(sys.modules.items()):
        if name.startswith("rules.attack_the_tower.") and module is not None:
            _clear_caches(module)


def _clear_caches(module: ModuleType) -> None:
    for value in vars(module).values():
        clear = getattr(value, "cache_clear", None)
        if callable(clear) and getattr(value, "__module__", None) == module.__name__:
            clear()


def add_army_file_option(parser: argparse.ArgumentParser) -> None:
    """`--army-file FILE` (repeatable): play with a designer's own army files."""
    parser.add_argument(
        "--army-file",
        action="append",
        default=[],
        metavar="FILE",
        help="an army file (JSON or TOML, shaped as rules/attack_the_tower/data/*.json) to play with; under a "
        "shipped army's id it stands in for that army (repeatable)",
    )
