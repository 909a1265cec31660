"""The base every game's rules config (`rules.<game>.variants.Rules`) is built on: a frozen pydantic model
that refuses unknown fields, checks its numbers against the limits of `rules.core.limits` and says how it
differs from another set of rules.

Each game's `Rules` adds only its own fields and readings; what every rules config must do the same way
(what a sweep, an editor, the CLI or a share code relies on) is written here once.
"""

from __future__ import annotations

from typing import Any, Self

from pydantic import BaseModel, ConfigDict, model_validator

from rules.core import limits
from rules.core.jsonio import SettingsModel


class RulesBase(SettingsModel):
    """A frozen set of rule numbers and readings; a game's `Rules` subclasses it with its fields. Made in Python
    with a bad field (`Rules(no_such_field=3)`), it is refused with an IllegalSettings naming each problem."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    def consistency_problems(self) -> list[str]:
        """The ways the fields contradict one another, one line each (none by default); a game whose
        fields constrain one another overrides this. Checked before the number limits."""
        return []

    @model_validator(mode="after")
    def _checked(self) -> Self:
        """Refuse rules whose fields contradict one another, then any number above its limit."""
        for problems in (self.consistency_problems(), limits.number_problems(self)):
            if problems:
                raise ValueError("\n".join(problems))
        return self

    def differences(self, other: Self) -> dict[str, tuple[object, object]]:
        """The fields where two rule sets differ, as (self, other) pairs."""
        mine, theirs = self.model_dump(), other.model_dump()
        return {k: (mine[k], theirs[k]) for k in mine if mine[k] != theirs[k]}


def field_paths(rules: type[BaseModel]) -> list[str]:
    """Every field a command line or a sweep can set: the top-level fields, and `field.sub` for each nested
    model's fields (`field.sub`)."""
    paths = []
    for name, value in rules():
        if isinstance(value, BaseModel):
            paths += [f"{name}.{sub}" for sub in type(value).model_fields]
        else:
            paths.append(name)
    return paths


def rules_data(rules: type[BaseModel], values: dict[str, Any]) -> dict[str, Any]:
    """The default rules as JSON data with each value set at its (dotted) field, for the model to read."""
    data: dict[str, Any] = rules().model_dump(mode="json")
    for path, value in values.items():
        node = data
        *parents, last = path.split(".")
        for part in parents:
            node = node[part]
        node[last] = value
    return data
