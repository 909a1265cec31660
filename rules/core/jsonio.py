"""Saving and loading positions as JSON, turning every failure into a typed, readable error."""

from __future__ import annotations

import contextlib
import json
import os
import re
import stat
import tempfile
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, TypeAdapter, ValidationError

from rules.core import limits
from rules.core.errors import CannotWrite, IllegalPosition, MalformedFile, Problem

M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")


_WORDS: dict[str, str] = {
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
}
"""Pydantic's error types in a player's words (the rest keep pydantic's own message)."""


def problems_of(error: ValidationError) -> list[Problem]:
    """One Problem per broken rule, located by its dotted field path; a rule check that lists several
    problems on separate lines gives one Problem each."""
    problems: list[Problem] = []
    for err in error.errors(include_url=False, include_input=False):
        where = escape(".".join(str(part) for part in err["loc"]))
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
    """The first MAX_PROBLEMS_SHOWN problems, and a last line saying how many more there are."""
    if len(problems) <= limits.MAX_PROBLEMS_SHOWN:
        return problems
    more = len(problems) - limits.MAX_PROBLEMS_SHOWN
    return [*problems[: limits.MAX_PROBLEMS_SHOWN], Problem("", f"and {more} more problem(s)")]


def _whole_number(text: str) -> int:
    """A JSON integer, refused when longer than the limit (Python would spend long reading huge ones)."""
    if len(text.lstrip("-")) > limits.MAX_INTEGER_DIGITS:
        raise _Refused(f"a number has more than {limits.MAX_INTEGER_DIGITS} digits ({text[:12]}...)")
    return int(text)


def _no_constant(text: str) -> object:
    raise _Refused(f"{text} is not a number a position can hold")


class _Refused(ValueError):
    """A JSON value refused while reading (its message is the reason)."""


def _depth(data: object) -> int:
    """How deep objects and lists nest in parsed JSON (iteratively: no recursion on hostile input)."""
    deepest, stack = 0, [(data, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, level)
            if level > limits.MAX_JSON_DEPTH:
                break
            stack.extend((child, level + 1) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


def parse_json_object(text: str, *, source: str = "input") -> dict[str, Any]:
    """JSON text as a dict, within the size, depth and number limits; MalformedFile otherwise."""
    if len(text) > limits.MAX_FILE_BYTES:
        raise MalformedFile(f"{source} is larger than {limits.MAX_FILE_BYTES:,} characters, the limit for a position")
    try:
        data = json.loads(text, parse_int=_whole_number, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise MalformedFile(f"{source} is not valid JSON: {exc.msg} at line {exc.lineno}") from None
    except RecursionError:
        raise MalformedFile(f"{source} nests deeper than {limits.MAX_JSON_DEPTH} levels, the limit") from None
    except _Refused as exc:
        raise MalformedFile(f"{source}: {exc}") from None
    if not isinstance(data, dict):
        raise MalformedFile(f"{source} must hold a JSON object, not {type(data).__name__}")
    if _depth(data) > limits.MAX_JSON_DEPTH:
        raise MalformedFile(f"{source} nests deeper than {limits.MAX_JSON_DEPTH} levels, the limit")
    return data


def parse_model(cls: type[M], text: str, *, source: str = "input") -> M:
    """Parse and validate JSON text; MalformedFile if not JSON, IllegalPosition if not legal. Types are
    strict: true is not 1 and 1.0 is not a whole number."""
    data = parse_json_object(text, source=source)
    try:
        return cls.model_validate_json(json.dumps(data), strict=True)
    except ValidationError as exc:
        raise IllegalPosition(problems_of(exc)) from None
    except RecursionError:
        raise MalformedFile(f"{source} is too deeply nested to read") from None


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
    """`validate_model` for any type pydantic can validate (a union of actions, say)."""
    try:
        return adapter.validate_python(data)
    except ValidationError as exc:
        raise IllegalPosition(problems_of(exc)) from None


def decode_text(raw: bytes, source: str) -> str:
    """Bytes of a position file as text: UTF-8 only (a byte-order mark is allowed), refused in words."""
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")) or (len(raw) > 1 and b"\x00" in raw[:4]):
        raise MalformedFile(f"{source} is UTF-16 text; save it as UTF-8")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise MalformedFile(
            f"{source} is not UTF-8 text (byte {exc.start + 1} cannot be read); save it as UTF-8"
        ) from None


def read_text_file(path: str | Path) -> str:
    """A position file's text: a regular file of at most MAX_FILE_BYTES, in UTF-8; MalformedFile otherwise.
    Anything but a regular file (a FIFO, a device, a folder) is refused before it is opened, so reading
    never waits."""
    p = Path(path)
    try:
        info = p.stat()
    except (OSError, ValueError) as exc:
        raise MalformedFile(f"cannot read {escape(str(p))}: {_reason(exc)}") from None
    if not stat.S_ISREG(info.st_mode):
        kind = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file"
        raise MalformedFile(f"cannot read {escape(str(p))}: it is {kind}")
    if info.st_size > limits.MAX_FILE_BYTES:
        raise MalformedFile(
            f"{escape(str(p))} holds {info.st_size:,} bytes; a position file is at most {limits.MAX_FILE_BYTES:,}"
        )
    try:
        with p.open("rb") as handle:
            raw = handle.read(limits.MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise MalformedFile(f"cannot read {escape(str(p))}: {_reason(exc)}") from None
    if len(raw) > limits.MAX_FILE_BYTES:
        raise MalformedFile(f"{escape(str(p))} is larger than {limits.MAX_FILE_BYTES:,} bytes, the limit")
    return decode_text(raw, escape(str(p)))


def _reason(exc: Exception) -> str:
    return (exc.strerror if isinstance(exc, OSError) else None) or str(exc)


def load_model(cls: type[M], path: str | Path) -> M:
    """Read a file and validate it; a missing, unreadable, oversized or non-UTF-8 file is a MalformedFile."""
    return parse_model(cls, read_text_file(path), source=escape(str(path)))


def read_model(cls: type[M], path_or_json: str | Path) -> M:
    """A model from a JSON file, or from JSON text itself (what a panel's load box receives)."""
    text = str(path_or_json)
    if text.lstrip().startswith("{"):
        return parse_model(cls, text)
    return load_model(cls, path_or_json)


def dump_model(model: BaseModel, *, indent: int | None = 2) -> str:
    """The model as JSON text (exactly what `parse_model` reads back)."""
    return model.model_dump_json(indent=indent)


def save_model(model: BaseModel, path: str | Path) -> None:
    """Write the model as JSON (see `save_text`)."""
    save_text(dump_model(model), path)


def save_text(text: str, path: str | Path) -> None:
    """Write JSON text atomically: to a temporary file beside the target, then renamed over it, so a failed
    save never leaves a half-written file (the old one stays whole); CannotWrite on failure."""
    target = Path(path)
    temporary: str | None = None
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        if target.is_dir():
            raise IsADirectoryError(21, "Is a directory")
        os.replace(temporary, target)
        temporary = None
    except (OSError, ValueError) as exc:
        raise CannotWrite(f"cannot write {escape(str(target))}: {_reason(exc)}") from None
    finally:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def escape(text: str, limit: int = 200) -> str:
    """Text from a file or a user, safe to echo to a terminal or a page: control characters (terminal
    escape codes among them) shown as \\x.. codes, and at most `limit` characters."""
    shown = _CONTROL.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)
    return shown if len(shown) <= limit else shown[: limit - 3] + "..."
