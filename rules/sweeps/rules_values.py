"""A game's `Rules` from the values a sweep sets (field names, dotted for nested ones), validated by the
game's own model with its player-worded errors and held to the limits of rules/core/limits.py."""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable
from typing import TypeVar

from pydantic import BaseModel, JsonValue

from rules.core import limits
from rules.core.errors import IllegalPosition, MalformedFile, Problem
from rules.core.jsonio import escape, parse_model, parse_value_text
from rules.core.rules_base import field_paths as field_paths  # re-exported: a sweep's fields
from rules.core.rules_base import rules_data

R = TypeVar("R", bound=BaseModel)


def _unknown(rules: type[BaseModel], name: str) -> Problem:
    known = field_paths(rules)
    close = difflib.get_close_matches(name, known, n=1)
    hint = f"did you mean {close[0]}?" if close else f"fields: {', '.join(known)}"
    return Problem(escape(name), f"the rules have no such field; {hint}")


def _with_values(problem: Problem, names: list[str], values: dict[str, JsonValue]) -> str:
    """A refusal with the values that tell its cell apart: only the field's own value when the refused field is
    one of them (the same refusal in every cell of a grid then reads the same, and is said once), else them all."""
    own = [k for k in names if k == problem.where]
    cell = ", ".join(f"{k}={json.dumps(values[k])}" for k in own or names)
    return f"{problem.message} (with {escape(cell)})" if cell else problem.message


def rules_problems(
    rules: type[BaseModel], values: dict[str, JsonValue], shown: Iterable[str] | None = None
) -> list[Problem]:
    """What is wrong with these values as `rules`: unknown fields, values the model refuses (strictly:
    true is not 1, and 2.0 is not a whole number) and numbers above their limit. A refusal names the values
    of the fields in `shown` (default all), which tell one cell of a grid from another."""
    known = set(field_paths(rules))
    unknown = [_unknown(rules, name) for name in values if name not in known]
    if unknown:
        return unknown
    try:
        made = parse_model(rules, json.dumps(rules_data(rules, values)), source="the rules")
    except IllegalPosition as exc:
        names = list(values) if shown is None else [k for k in shown if k in values]
        return [Problem(p.where, _with_values(p, names, values)) for p in exc.problems]
    except MalformedFile as exc:
        return [Problem("rules", str(exc))]
    return [Problem("", line) for line in limits.number_problems(made)]


def make_rules(rules: type[R], values: dict[str, JsonValue]) -> R:
    """The rules with these values set; IllegalPosition naming each problem."""
    problems = rules_problems(rules, values)
    if problems:
        raise IllegalPosition(problems)
    return parse_model(rules, json.dumps(rules_data(rules, values)), source="the rules")


def parse_value(text: str, source: str = "--vary") -> JsonValue:
    """One value as the command line writes it: one JSON value when it reads as one (`3`, `true`, `null`),
    `none` for no value, anything else as text (`reshuffle`); a number past the limits is refused naming
    `source` (the option and field)."""
    if text.strip().lower() == "none":
        return None
    value: JsonValue = parse_value_text(text, source=source)
    return value
