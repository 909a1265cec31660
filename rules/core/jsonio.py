"""Saving and loading positions as JSON, turning every failure into a typed, readable error."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from rules.core.errors import IllegalPosition, MalformedFile, Problem

M = TypeVar("M", bound=BaseModel)


def problems_of(error: ValidationError) -> list[Problem]:
    """One Problem per pydantic error, located by its dotted field path."""
    problems = []
    for err in error.errors():
        where = ".".join(str(part) for part in err["loc"])
        message = err["msg"].removeprefix("Value error, ")
        problems.append(Problem(where, message))
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
