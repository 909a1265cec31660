"""Saving and loading positions as JSON, turning every failure into a typed, readable error."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from rules.core.errors import IllegalPosition, MalformedFile, Problem

M = TypeVar("M", bound=BaseModel)


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
}
"""Pydantic's error types in a player's words (the rest keep pydantic's own message)."""


def problems_of(error: ValidationError) -> list[Problem]:
    """One Problem per broken rule, located by its dotted field path; a rule check that lists several
    problems on separate lines gives one Problem each."""
    problems = []
    for err in error.errors():
        where = ".".join(str(part) for part in err["loc"])
        template = _WORDS.get(err["type"])
        if template is not None:
            try:
                message = template.format(**err.get("ctx", {}))
            except (KeyError, IndexError):
                message = err["msg"]
            problems.append(Problem(where, message))
            continue
        for line in err["msg"].removeprefix("Value error, ").splitlines():
            if ": " in line and not where and line.split(": ", 1)[0].replace(".", "").replace("_", "").isalnum():
                field, text = line.split(": ", 1)
                problems.append(Problem(field, text))
            else:
                problems.append(Problem(where, line))
    return problems


def parse_model(cls: type[M], text: str, *, source: str = "input") -> M:
    """Parse and validate JSON text; MalformedFile if not JSON, IllegalPosition if not legal."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise MalformedFile(f"{source} is not valid JSON: {exc.msg} at line {exc.lineno}") from None
    if not isinstance(data, dict):
        raise MalformedFile(f"{source} must hold a JSON object, not {type(data).__name__}")
    return validate_model(cls, data)


def validate_model(cls: type[M], data: object) -> M:
    """Validate already-parsed data, raising IllegalPosition with one problem per broken rule."""
    try:
        return cls.model_validate(data)
    except ValidationError as exc:
        raise IllegalPosition(problems_of(exc)) from None


def load_model(cls: type[M], path: str | Path) -> M:
    """Read a file and validate it; a missing or unreadable file is a MalformedFile."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise MalformedFile(f"cannot read {p}: {exc.strerror or exc}") from None
    return parse_model(cls, text, source=str(p))


def read_model(cls: type[M], path_or_json: str | Path) -> M:
    """A model from a JSON file, or from JSON text itself (what a panel's load box receives)."""
    text = str(path_or_json)
    if text.lstrip().startswith("{"):
        return parse_model(cls, text)
    return load_model(cls, path_or_json)


def dump_model(model: BaseModel, *, indent: int | None = 2) -> str:
    """The model as JSON text (exactly what `parse_model` reads back)."""
    return model.model_dump_json(indent=indent)
