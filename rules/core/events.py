"""Events: what happened in one step, each naming the rule it applies and reading as a sentence."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from rules.core.records import json_data


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
                data[field.name] = json_data(value)  # records, models and tuples of them alike
        return data


@dataclass(frozen=True, slots=True, kw_only=True)
class Said(Event):
    """A plain statement of what happened, for events that need no detail beyond their sentence."""

    text: str

    def sentence(self) -> str:
        return self.text


class Events:
    """What one step caused, in order, when it is narrated.

    A step that is not narrated (`narrate=False`: a playout, a search, a look-ahead reads only positions)
    records no event, and an engine skips building the ones that cost something to word by asking
    `narrate` first. The position is the same either way."""

    __slots__ = ("happened", "narrate")

    def __init__(self, narrate: bool = True) -> None:
        self.happened: list[Event] = []
        self.narrate = narrate

    def append(self, event: Event) -> None:
        if self.narrate:
            self.happened.append(event)

    def __iter__(self) -> Iterator[Event]:
        return iter(self.happened)

    def __len__(self) -> int:
        return len(self.happened)
