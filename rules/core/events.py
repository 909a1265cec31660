"""Events: what happened in one step, each naming the rule it applies and reading as a sentence."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """Base of every game's events. Subclasses add fields and say what happened in `sentence`."""

    rule: str

    def sentence(self) -> str:
        """The event as a sentence a player would say at the table."""
        raise NotImplementedError

    @property
    def kind(self) -> str:
        return type(self).__name__

    def narrate(self) -> str:
        """The sentence followed by the rule it applies, as shown in logs."""
        return f"{self.sentence()}  [{self.rule}]"

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: the kind, the rule, the sentence and every field."""
        data: dict[str, Any] = {"kind": self.kind, "rule": self.rule, "text": self.sentence()}
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            if field.name != "rule" and not callable(value):
                data[field.name] = _jsonable(value)
        return data


@dataclass(frozen=True, slots=True, kw_only=True)
class Said(Event):
    """A plain statement of what happened, for events that need no detail beyond their sentence."""

    text: str

    def sentence(self) -> str:
        return self.text


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    return value
