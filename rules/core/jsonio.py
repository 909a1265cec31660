"""Saving and loading positions as JSON (and designers' files as JSON or TOML), every value held to the limits
of rules.core.limits and every failure turned into a typed, readable error. Files are read and written by
rules.core.files."""

from __future__ import annotations

import datetime
import json
import math
import re
import tomllib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, TypeVar

from pydantic import BaseModel, TypeAdapter, ValidationError

from rules.core import limits
from rules.core.errors import IllegalPosition, IllegalSettings, MalformedFile, Problem, kind_of
from rules.core.files import decode_text as decode_text  # re-exported: positions are read through jsonio
from rules.core.files import escape as escape
from rules.core.files import read_text_file as read_text_file

M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")


_SHAPES: dict[str, str] = {
    r"^[a-z_]+\.[a-z_]+$": "must be an army's id and a card's name joined by a dot, in small letters and underscores "
    "(e.g. undead.graveyard)",
    r"^[a-z_]+$": "must be small letters and underscores only (e.g. undead)",
    r"^[a-z0-9_.-]+$": "must be small letters, digits, dots, dashes and underscores only (e.g. rank1.a)",
    r"^(standard|boost|charge|combine)\.[123]$": "must be a tower type and its Mark, e.g. standard.1 or combine.3",
    r"^[1-3](/[1-3])*$": "must be wave modifier levels 1 to 3 joined by slashes (e.g. 1/1/2)",
}
"""What an id whose pattern a card file breaks must look like, in words, by the pattern its field declares."""

_WORDS: dict[str, str] = {
    "string_too_short": "must be at least {min_length} character(s) long",
    "string_too_long": "must be at most {max_length} characters long",
    "extra_forbidden": "there is no such field here",
    "missing": "is missing",
    "greater_than_equal": "must be at least {ge}",
    "less_than_equal": "must be at most {le}",
    "greater_than": "must be more than {gt}",
    "less_than": "must be less than {lt}",
    "int_type": "must be a whole number",
    "int_parsing": "must be a whole number",
    "int_from_float": "must be a whole number",
    "string_type": "must be text in quotes",
    "bool_type": "must be true or false",
    "bool_parsing": "must be true or false",
    "tuple_type": "must be a list in square brackets",
    "list_type": "must be a list in square brackets",
    "dict_type": "must be an object in curly brackets",
    "model_type": "must be an object in curly brackets",
    "model_attributes_type": "must be an object in curly brackets",
    "literal_error": "must be one of {expected}",
    "too_short": "must hold at least {min_length} item(s)",
    "too_long": "must hold at most {max_length} item(s)",
    "none_required": "must be null",
    "float_type": "must be a number",
    "json_invalid": "is not valid JSON",
    "union_tag_not_found": "needs the field {discriminator}, which says what kind of thing it is",
    "union_tag_invalid": "{discriminator} {tag!r} is no kind known here; the kinds: {expected_tags}",
}
"""Pydantic's error types in a player's words (the rest keep pydantic's own message)."""


def problems_of(error: ValidationError) -> list[Problem]:
    """One Problem per broken rule, located by its dotted field path; a rule check that lists several
    problems on separate lines gives one Problem each."""
    problems: list[Problem] = []
    for err in error.errors(include_url=False, include_input=False):
        where = escape(".".join(str(part) for part in err["loc"]))
        if err["type"] == "string_pattern_mismatch":
            pattern = str(err.get("ctx", {}).get("pattern", ""))
            problems.append(Problem(where, escape(_SHAPES.get(pattern, f"does not have the shape {pattern}"))))
            continue
        template = _WORDS.get(err["type"])
        if template is not None:
            try:
                message = template.format(**err.get("ctx", {}))
            except (KeyError, IndexError):
                message = err["msg"]
            problems.append(Problem(where, escape(message)))
            continue
        problems += _located(err["msg"].removeprefix("Value error, ").splitlines(), where)
    return shown_problems(problems)


def problems_from_lines(lines: list[str]) -> list[Problem]:
    """Problems from a rule check's lines, each 'field.path: what is wrong' (or a sentence of its own)."""
    return shown_problems(_located(lines, ""))


def _located(lines: list[str], where: str) -> list[Problem]:
    """One Problem per line, located by the line's own leading field path (under `where`) when it has one."""
    problems = []
    for line in lines:
        if ": " in line and line.split(": ", 1)[0].replace(".", "").replace("_", "").isalnum():
            field, text = line.split(": ", 1)
            problems.append(Problem(escape(f"{where}.{field}" if where else field), escape(text)))
        else:
            problems.append(Problem(where, escape(line)))
    return problems


def shown_problems(problems: list[Problem]) -> list[Problem]:
    """The first MAX_PROBLEMS_SHOWN problems, and a last line saying how many more there are. A list already cut
    (its last line counting the rest) is given back as it is, so that cutting twice keeps the true count."""
    if len(problems) <= limits.MAX_PROBLEMS_SHOWN or (
        len(problems) == limits.MAX_PROBLEMS_SHOWN + 1 and _counts_the_rest(problems[-1])
    ):
        return problems
    more = len(problems) - limits.MAX_PROBLEMS_SHOWN
    return [*problems[: limits.MAX_PROBLEMS_SHOWN], Problem("", f"{_MORE[0]}{more}{_MORE[1]}")]


_MORE = ("and ", " more problem(s)")
"""The words around the count of the problems not shown."""


def _counts_the_rest(problem: Problem) -> bool:
    """Whether a problem is the line `shown_problems` adds ('and N more problem(s)', its place perhaps the file's)."""
    text = problem.message
    count = text.removeprefix(_MORE[0]).removesuffix(_MORE[1])
    return text.startswith(_MORE[0]) and text.endswith(_MORE[1]) and count.isdigit()


def _whole_number(text: str) -> int:
    """A JSON integer, refused when longer than the limit (Python would spend long reading huge ones)."""
    if len(text.lstrip("-")) > limits.MAX_INTEGER_DIGITS:
        raise _Refused(f"a number has more than {limits.MAX_INTEGER_DIGITS} digits ({text[:12]}...)")
    return int(text)


def _finite(text: str) -> float:
    """A JSON or TOML number with a fraction or an exponent, refused when it is too large to be a number."""
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(f"{escape(text[:20])} is too large a number (past the largest a float holds)")
    return value


def _no_constant(text: str) -> object:
    raise _Refused(f"{text} is not a number a position can hold")


class _Refused(ValueError):
    """A JSON value refused while reading (its message is the reason)."""


def _each_key_once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are all different: a key given twice would keep its last value without a word
    (`"turn": 5, "turn": 6` read as turn 6), so it is refused."""
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Refused(f"the field {escape(repr(key))} is given twice; give it once")
            seen.add(key)
    return data


def _walk(data: object) -> Iterator[tuple[object, str, int]]:
    """Every value in parsed data with its dotted path and how deep it sits (1 for the top), depth first and
    iteratively: no recursion on hostile input."""
    stack: list[tuple[object, str, int]] = [(data, "", 1)]
    while stack:
        item, where, level = stack.pop()
        yield item, where, level
        if isinstance(item, dict):
            stack.extend((child, f"{where}.{key}" if where else key, level + 1) for key, child in item.items())
        elif isinstance(item, list):
            stack.extend((child, f"{where}.{i}" if where else str(i), level + 1) for i, child in enumerate(item))


_SURROGATE = re.compile(r"[\ud800-\udfff]")
_LARGEST = 10**limits.MAX_INTEGER_DIGITS


def _refuse_values(data: object, source: str) -> None:
    """MalformedFile naming `source` for the first thing parsed data holds that no file of this project may:
    nesting past the limit, a whole number past its digits, a lone surrogate (half of a UTF-16 pair, not a
    character) in a key or text, or a TOML date or time. Walked iteratively, never recursing."""
    if any(level > limits.MAX_JSON_DEPTH and isinstance(item, dict | list) for item, _, level in _walk(data)):
        raise MalformedFile(f"{source} nests deeper than {limits.MAX_JSON_DEPTH} levels, the limit")
    for item, where, _ in _walk(data):
        at = f" at {escape(where)}" if where else ""
        problem = None
        if isinstance(item, dict):
            key = next((key for key in item if _SURROGATE.search(key)), None)
            if key is not None:
                problem = f"the key {escape(repr(key))}{at} holds a lone surrogate, which is not a character"
        elif isinstance(item, str) and _SURROGATE.search(item):
            problem = f"the text{at} holds a lone surrogate ({escape(item, 40)}), which is not a character"
        elif isinstance(item, int) and not isinstance(item, bool) and abs(item) >= _LARGEST:
            problem = f"a number{at} has more than {limits.MAX_INTEGER_DIGITS} digits"
        elif isinstance(item, datetime.date | datetime.time):
            problem = f"{where or 'a value'} is a date or a time, which no field here holds"
        if problem is not None:
            raise MalformedFile(f"{source}: {problem}")


_CONTROL_TEXT = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def control_text_problem(data: object) -> Problem | None:
    """The first text (or key) in parsed data holding a control character other than a tab or a new line
    (a terminal's escape codes among them), located by its path; None when there is none. A designer's
    file names armies and cards that are printed to terminals and pages, so such text is refused."""
    for item, where, _ in _walk(data):
        texts = [item] if isinstance(item, str) else list(item) if isinstance(item, dict) else []
        for text in texts:
            if _CONTROL_TEXT.search(text):
                return Problem(escape(where), f"holds a control character ({escape(text, 60)}); text is printable only")
    return None


def parse_json_value(text: str, *, source: str = "input") -> Any:
    """One JSON value (of any kind) within the size, depth, number and text limits; MalformedFile otherwise.
    The command line's values are read by this too, as one value and never spliced into other JSON text."""
    if len(text) > limits.MAX_FILE_BYTES:
        raise MalformedFile(f"{source} is larger than {limits.MAX_FILE_BYTES:,} characters, the limit for a position")
    try:
        data = json.loads(
            text,
            parse_int=_whole_number,
            parse_float=_finite,
            parse_constant=_no_constant,
            object_pairs_hook=_each_key_once,
        )
    except json.JSONDecodeError as exc:
        if not text.strip():
            raise MalformedFile(f"{source} is not valid JSON: it is empty") from None
        raise MalformedFile(
            f"{source} is not valid JSON: {exc.msg.removesuffix(' at')} at line {exc.lineno}, column {exc.colno}"
        ) from None
    except RecursionError:
        raise MalformedFile(f"{source} nests deeper than {limits.MAX_JSON_DEPTH} levels, the limit") from None
    except _Refused as exc:
        raise MalformedFile(f"{source}: {exc}") from None
    _refuse_values(data, source)
    return data


def parse_value_text(text: str, *, source: str) -> Any:
    """A value from the command line (`--variant`, `--set`, `--vary`, `--override`): the text read as one
    JSON value when it is one, else the text itself (`reshuffle`); never spliced into other JSON text. A
    value that is JSON but breaks a limit (a number too long or too large, nesting) is refused naming
    `source`."""
    try:
        return parse_json_value(text, source=source)
    except MalformedFile as exc:
        if f"{source} is not valid JSON" not in str(exc):
            raise
    stripped = text.strip()
    if stripped[:1] in ("[", "{", '"'):
        raise MalformedFile(f"{source}: {escape(stripped, 60)} is not valid JSON") from None
    return stripped


def parse_json_object(text: str, *, source: str = "input") -> dict[str, Any]:
    """JSON text as a dict, within the size, depth and number limits; MalformedFile otherwise."""
    data = parse_json_value(text, source=source)
    if not isinstance(data, dict):
        raise MalformedFile(f"{source} must hold a JSON object in curly brackets, not {kind_of(data, json=True)}")
    return data


def parse_toml_object(text: str, *, source: str = "input") -> dict[str, Any]:
    """TOML text as a dict, held to the same limits as JSON (digits, nesting, no infinity, no dates)."""
    if len(text) > limits.MAX_FILE_BYTES:
        raise MalformedFile(f"{source} is larger than {limits.MAX_FILE_BYTES:,} characters, the limit")
    try:
        data = tomllib.loads(text, parse_float=_finite)
    except RecursionError:
        raise MalformedFile(f"{source} nests deeper than {limits.MAX_JSON_DEPTH} levels, the limit") from None
    except _Refused as exc:
        raise MalformedFile(f"{source}: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise MalformedFile(f"{source} is not valid TOML: {escape(str(exc))}") from None
    except ValueError:  # tomllib reads whole numbers with int(), which refuses thousands of digits
        raise MalformedFile(f"{source}: a number has more than {limits.MAX_INTEGER_DIGITS} digits") from None
    _refuse_values(data, source)
    return data


def validate_strict(cls: type[M], data: object, *, source: str = "input") -> M:
    """Validate parsed data as `cls` with strict types (true is not 1 and 2.0 is not a whole number), as
    JSON reads it (a list stands for a tuple); IllegalPosition naming each problem."""
    try:
        return cls.model_validate_json(json.dumps(data), strict=True)
    except ValidationError as exc:
        raise IllegalPosition(problems_of(exc)) from None
    except RecursionError:
        raise MalformedFile(f"{source} is too deeply nested to read") from None


def parse_model(cls: type[M], text: str, *, source: str = "input") -> M:
    """Parse and validate JSON text; MalformedFile if not JSON, IllegalPosition if not legal. Types are
    strict: true is not 1 and 1.0 is not a whole number."""
    return validate_strict(cls, parse_json_object(text, source=source), source=source)


def not_a_bool(value: object) -> object:
    """For a whole-number choice (a pydantic `BeforeValidator`): `true` and `false` are refused, since a
    Literal of numbers would take true for 1."""
    if isinstance(value, bool):
        raise ValueError(f"must be a whole number, not {str(value).lower()}")
    return value


def validate_model(cls: type[M], data: object) -> M:
    """Validate already-parsed data, raising IllegalPosition with one problem per broken rule."""
    try:
        return cls.model_validate(data)
    except ValidationError as exc:
        raise IllegalPosition(problems_of(exc)) from None


def validate_value(adapter: TypeAdapter[T], data: object) -> T:
    """JSON data validated as any type pydantic can validate (a union of actions, say), with strict types as
    JSON reads them (true is not 1 and 2.0 is not a whole number); IllegalPosition naming each problem."""
    try:
        return adapter.validate_json(json.dumps(data), strict=True)
    except ValidationError as exc:
        raise IllegalPosition(problems_of(exc)) from None
    except (TypeError, ValueError):  # not JSON data: validated as the Python objects it holds
        try:
            return adapter.validate_python(data, strict=True)
        except ValidationError as exc:
            raise IllegalPosition(problems_of(exc)) from None


def stray_fields(data: Mapping[str, Any], known: Iterable[str]) -> list[str]:
    """The fields of `data` that are none of `known` when they are most of its fields (a file of another kind: a
    position given as an army file, another game's position), else []."""
    fields = set(known)
    unknown = [key for key in data if key not in fields]
    return unknown if data and 2 * len(unknown) > len(data) else []


def stray_fields_words(unknown: Sequence[str], total: int, whose: str) -> str:
    """'2 of its 3 fields are not an army's: colour, size' (at most four named)."""
    listed = ", ".join(escape(key, 40) for key in unknown[:4]) + (", ..." if len(unknown) > 4 else "")
    return f"{len(unknown)} of its {total} fields are not {whose}: {listed}"


class SettingsModel(BaseModel):
    """Settings a designer writes in Python (`SweepSpec(game=..., games=-1)`): bad fields are refused with an
    `IllegalSettings` naming each problem in words, as a file or the command line refuses them, not with
    pydantic's ValidationError dump. `model_validate` (the command line's and the panels' path, which name each
    problem by their own option or label) still raises ValidationError."""

    def __init__(self, /, **data: Any) -> None:
        try:
            super().__init__(**data)
        except ValidationError as exc:
            raise IllegalSettings(problems_of(exc)) from None

    # Only the words change, so pydantic may validate without calling this __init__ (as it does for RootModel's):
    # otherwise `model_validate` would call it and wrap its IllegalSettings in a ValidationError without locations.
    __init__.__pydantic_base_init__ = True  # type: ignore[attr-defined]
