"""The armies: the shipped data files loaded and validated, a designer's own army files (JSON or TOML, the shape of
data/*.json) loaded, validated and put in use beside them, and a fast card lookup by id.

Copy a shipped army (`rules/attack_the_tower/data/undead.json`), change a base's copies, an ability's numbers or a
special troop's power, and load it: under the shipped army's id it stands in for that army; under a new id (every
card id starting with it) it joins the armies that can be played. The file is validated by the same pydantic models
as the shipped ones, and refused with one line per problem.
"""

from __future__ import annotations

import argparse
import functools
from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import Any

from rules.attack_the_tower.cards import AbilityCard, Army, BaseCard, RaiseChosenTroop
from rules.core.card_edits import within
from rules.core.codec import what_text_is
from rules.core.errors import IllegalPosition, Problem, UnknownName
from rules.core.files import escape, read_text_file
from rules.core.jsonio import (
    control_text_problem,
    parse_json_object,
    parse_model,
    parse_toml_object,
    stray_fields,
    stray_fields_words,
    validate_strict,
)
from rules.core.memo import clear_package_caches

ARMY_IDS: tuple[str, ...] = ("undead", "bandits", "westerners", "easterners")
"""The real armies, offered by the command line and the panels."""
TEST_ARMY_IDS: tuple[str, ...] = ("trait_test",)
"""Armies made up for tests (cards carrying traits no known card has); valid in positions, never offered."""
KNOWN_ARMY_IDS: tuple[str, ...] = ARMY_IDS + TEST_ARMY_IDS

_DESIGNED: dict[str, Army] = {}
"""Armies a designer loaded from their own files (see `armyfile.use_army`), by id; one with a shipped
army's id stands in for it."""


def army_ids() -> tuple[str, ...]:
    """The shipped armies' ids, then those of the designers' own armies (the armies offered)."""
    return ARMY_IDS + tuple(a for a in _DESIGNED if a not in ARMY_IDS)


def known_army_ids() -> tuple[str, ...]:
    """Every army a position may name: the shipped and test armies, then the designers' own."""
    return KNOWN_ARMY_IDS + tuple(a for a in _DESIGNED if a not in KNOWN_ARMY_IDS)


def army(army_id: str) -> Army:
    """The army with this id: a designer's own army loaded under it, else `data/<id>.json`."""
    designed = _DESIGNED.get(army_id)
    return designed if designed is not None else shipped_army(army_id)


@functools.cache
def shipped_army(army_id: str) -> Army:
    """The shipped army with this id, read from `data/<id>.json` and validated."""
    if army_id not in KNOWN_ARMY_IDS:
        raise UnknownName(f"unknown army {army_id!r}; armies: {', '.join(army_ids())}")
    text = resources.files("rules.attack_the_tower").joinpath(f"data/{army_id}.json").read_text("utf-8")
    return parse_model(Army, text, source=f"data/{army_id}.json")


@functools.cache
def _card_index() -> dict[str, BaseCard | AbilityCard]:
    index: dict[str, BaseCard | AbilityCard] = {}
    for a in known_army_ids():
        index.update((b.id, b) for b in army(a).bases)
        index.update((c.id, c) for c in army(a).abilities)
    return index


def designed_armies() -> dict[str, Army]:
    """The designers' own armies now in use, by id (changed only through `use_army`)."""
    return _DESIGNED


@functools.cache
def card(card_id: str) -> BaseCard | AbilityCard:
    """Any card of any army by its id (e.g. 'undead.graveyard'). The engine asks several times a step, so the
    answers are remembered (forgotten with every other card memo when a designer's army is loaded)."""
    try:
        return _card_index()[card_id]
    except KeyError:
        raise KeyError(f"no card {card_id!r}") from None


@functools.cache
def base_card(card_id: str) -> BaseCard:
    """The base card with this id (remembered, as `card`); KeyError for an ability card."""
    c = card(card_id)
    if not isinstance(c, BaseCard):
        raise KeyError(f"{card_id!r} is an ability card, not a base")
    return c


@functools.cache
def ability_card(card_id: str) -> AbilityCard:
    """The ability card with this id (remembered, as `card`); KeyError for a base card."""
    c = card(card_id)
    if not isinstance(c, AbilityCard):
        raise KeyError(f"{card_id!r} is a base card, not an ability")
    return c


def is_card(card_id: str) -> bool:
    return card_id in _card_index()


def is_base_card(card_id: str) -> bool:
    """Whether a card is a base card (a hand holds both kinds)."""
    return isinstance(card(card_id), BaseCard)


def raised_troop_name(army_id: str) -> str | None:
    """What a troop of this army that carries its own power raise is called: the name the army's raising
    ability gives it (Ninja: 'It becomes a Ninja and its power is raised by 3'); None when no ability of
    the army raises one troop."""
    effects = (effect for ability in army(army_id).abilities for effect in ability.effects)
    return next((effect.becomes for effect in effects if isinstance(effect, RaiseChosenTroop)), None)


def parse_army(text: str, *, source: str, toml: bool = False) -> Army:
    """An army from JSON (or TOML) text, held to the limits of a position file and to strict types (`true`
    and `2.0` are not whole numbers), its text free of control characters; MalformedFile if unreadable,
    IllegalPosition naming each problem."""
    data = parse_toml_object(text, source=source) if toml else parse_json_object(text, source=source)
    problem = control_text_problem(data)
    if problem is not None:
        raise IllegalPosition([Problem(_within(source, problem.where), problem.message)])
    try:
        return validate_strict(Army, data, source=source)
    except IllegalPosition as exc:
        foreign = _not_an_army(data, text)
        if foreign:
            raise IllegalPosition([Problem(source, foreign)]) from None
        named = [Problem(_within(source, _named_in_file(data, p.where)), p.message) for p in exc.problems]
        raise IllegalPosition(named) from None


def _not_an_army(data: dict[str, Any], text: str) -> str:
    """Why a file is no army file, in one sentence, when most of its fields are none of an army's (a position, say:
    named when it reads as one, instead of a problem for each of its fields); '' otherwise."""
    unknown = stray_fields(data, Army.model_fields)
    if not unknown:
        return ""
    theirs = what_text_is(text)
    if theirs:
        return f"this is {theirs}, not an army file (an army file gives an army's id, name, bases and abilities)"
    fields = stray_fields_words(unknown, len(data), "an army's")
    return f"not an army file ({fields})"


def _within(source: str, where: str) -> str:
    return f"{source}, {where}" if where else source


def card_named(army_id: str, army: dict[str, Any], where: str) -> str:
    """A problem's place in an army's data named as an override names it, from the card: `bases.4.copies` becomes
    `undead.workshop.copies` and `abilities.6.effects.0.power_change.delta` (with the model's tag of the effect's
    kind) `undead.lich.effects.0.delta`; a place outside any card is named from the army (`undead.name`)."""
    parts = where.split(".")
    kind, index = [*parts, "", ""][:2]
    cards = army.get(kind, []) if kind in ("bases", "abilities") and index.isdigit() else []
    node: Any = cards[int(index)] if cards and int(index) < len(cards) else None
    if not isinstance(node, dict) or not isinstance(node.get("id"), str):
        return within(army_id, where)
    named = [node["id"]]
    for part in parts[2:]:
        if isinstance(node, dict) and part not in node and node.get("effect") == part:
            continue  # the effect's kind, which the model names and the data does not
        named.append(part)
        if isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        elif isinstance(node, dict):
            node = node.get(part)
    return ".".join(named)


def _named_in_file(data: dict[str, Any], where: str) -> str:
    """A problem's place in an army file named by its card (`undead.workshop.copies`, not `bases.4.copies`), as
    overrides name them; a place outside any card as it is (`name`)."""
    army_id = data.get("id") if isinstance(data.get("id"), str) else ""
    named = card_named(str(army_id), data, where)
    return where if named == within(str(army_id), where) else named


def load_army_file(path: str | Path) -> Army:
    """Read and validate an army file (through rules.core.files: a regular file of at most
    MAX_FILE_BYTES in UTF-8); `.toml` files are TOML, every other file JSON."""
    text = read_text_file(path, what="an army file")
    return parse_army(text, source=escape(str(path)), toml=Path(path).suffix.lower() == ".toml")


def use_army(army: Army) -> str:
    """Put an army in use (standing in for a shipped army of the same id) and return its id."""
    if designed_armies().get(army.id) != army:
        designed_armies()[army.id] = army
        forget_cards()
    return army.id


def use_armies(armies: Iterable[Army]) -> None:
    """Make these armies (and no other designer's army) the ones in use in this process; nothing happens when
    they already are, so the cards' memos are cleared only when the cards change (a sweep's worker or a
    ladder's game puts the same armies in use again and again)."""
    wanted = {a.id: a for a in armies}
    if designed_armies() == wanted:
        return
    designed_armies().clear()
    designed_armies().update(wanted)
    forget_cards()


def armies_in_use() -> tuple[Army, ...]:
    """The designers' armies in use in this process now (to put back after a sweep played here)."""
    return tuple(designed_armies().values())


def use_army_files(paths: Iterable[str | Path]) -> tuple[str, ...]:
    """Load every army file given and put them in use; the ids in use, in order. Two files of one army are refused
    (as a sweep refuses them) before any is put in use: the later one would silently stand in for the first."""
    loaded = [(path, load_army_file(path)) for path in paths]
    first_file: dict[str, str | Path] = {}
    for path, army_read in loaded:
        if army_read.id in first_file:
            both = f"{escape(str(first_file[army_read.id]))} and {escape(str(path))}"
            raise IllegalPosition([Problem("--army-file", f"lists {army_read.id} twice ({both})")])
        first_file[army_read.id] = path
    return tuple(use_army(army_read) for _, army_read in loaded)


def use_shipped_armies() -> None:
    """Put the shipped armies back in use, forgetting every designer's army."""
    use_armies(())


def forget_cards() -> None:
    """Clear every memo that was computed from the cards' data, so new card data takes effect."""
    clear_package_caches("rules.attack_the_tower")


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
