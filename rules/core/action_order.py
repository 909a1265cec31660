"""The id order of a position's legal actions (or chance outcomes): sorted by their canonical text, the order
OpenSpiel's integer ids and recorded lines rely on.

Sorting the texts of every action at every step cost more than the step itself, so the order is remembered as
a permutation of the game's own listing: by the actions themselves (the same short lists come back again and
again), or, for a lazy listing that names what it lists, by that name. Such a listing (a combat's thousands of
allocations) has two methods: `ordering_key()`, equal for two listings whose texts sort the same way, and
`canonical_texts()`, every action's canonical text in listing order, written without building the actions.
Two listings with equal names may differ in their actions' texts (the units they name), never in their order.
An action is then found by id with one lookup.
"""

from __future__ import annotations

import array
import bisect
import functools
import itertools
import json
from collections.abc import Hashable, Sequence
from typing import Any

from pydantic import BaseModel

from rules.core.distribution import Distribution
from rules.core.errors import IllegalAction
from rules.core.memo import memo
from rules.core.native_record import NativeRecord
from rules.core.records import RECORD_CLASSES, Record, compact_json


def canonical_key(value: Any) -> str:
    """The canonical JSON text of an action, a record or a pydantic value: the same on every run and machine
    (fields in their declared order; plain data with sorted keys). Ids follow the order of these texts."""
    if isinstance(value, RECORD_CLASSES):
        return _record_key(value)
    if isinstance(value, BaseModel):
        return value.model_dump_json()
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)


@functools.lru_cache(maxsize=1 << 16)
def _record_key(record: Record | NativeRecord) -> str:
    """A record's canonical text, remembered: the same actions are offered again and again in a game."""
    return compact_json(record)


Sorted = tuple[Sequence[int], tuple[str, ...] | None]
"""A listing's permutation into id order, and the texts in id order (ascending) when they were written."""


class ActionOrder:
    """One position's actions in id order: the game's listing, the permutation that sorts it, and (when asked)
    the actions in that order and each one's id."""

    __slots__ = ("_actions", "_floats", "_ids", "_keys", "distribution", "listed", "permutation")

    def __init__(self, listed: Sequence[Any], distribution: Distribution[Any] | None = None) -> None:
        self.listed = listed
        self.distribution = distribution
        """At a chance node: the distribution whose outcomes are listed, in its own order (`of_chance`)."""
        self._floats: list[float] | None = None
        self.permutation, self._keys = _sorted(listed)
        self._actions: list[Any] | None = None
        self._ids: dict[Any, int] | None = None

    @classmethod
    def of_chance(cls, distribution: Distribution[Any]) -> ActionOrder:
        """A chance node's outcomes in id order: listed as the distribution lists them, so that each outcome's
        share is found by its place (`probabilities`)."""
        return cls(distribution.outcomes(), distribution)

    @property
    def keys(self) -> tuple[str, ...]:
        """Every action's canonical text, in id order (ascending)."""
        if self._keys is None:  # only a named listing's texts are left unwritten
            texts = self.listed.canonical_texts()  # type: ignore[attr-defined]
            self._keys = tuple([texts[i] for i in self.permutation])
        return self._keys

    def __len__(self) -> int:
        return len(self.permutation)

    def action(self, action_id: int) -> Any:
        """The action with this id (a lazy listing builds only this one)."""
        if not 0 <= action_id < len(self.permutation):
            raise IllegalAction(
                f"there is no action {action_id} here: the ids run from 0 to {len(self.permutation) - 1}"
            )
        return self.listed[self.permutation[action_id]]

    def actions(self) -> list[Any]:
        """Every action, in id order."""
        if self._actions is None:
            listed = self.listed if isinstance(self.listed, list | tuple) else list(self.listed)
            self._actions = [listed[i] for i in self.permutation]
        return self._actions

    def probabilities(self) -> list[float]:
        """At a chance node: each outcome's probability as a float, in id order (for OpenSpiel)."""
        if self._floats is None:
            if self.distribution is None:
                raise ValueError("only a chance node's outcomes have probabilities")
            # the listing is the distribution's outcomes in its own order: no outcome is hashed to find its share
            listed = [numerator for _, numerator in self.distribution.numerators()]
            denominator = self.distribution.denominator
            self._floats = [listed[place] / denominator for place in self.permutation]
        return self._floats

    def id_of(self, action: Any) -> int:
        """The id of a legal action; anything else is refused in words."""
        if self._ids is None:
            self._ids = {a: i for i, a in enumerate(self.actions())}
        found = self._ids.get(action)
        # an equal action may hash otherwise (a model built with its fields in another order)
        return self._id_of_text(canonical_key(action)) if found is None else found

    def _inverse(self) -> list[int]:
        """For each place of the listing, its action's id."""
        inverse = [0] * len(self.permutation)
        for action_id, place in enumerate(self.permutation):
            inverse[place] = action_id
        return inverse

    def _id_of_text(self, key: str) -> int:
        """The id of the action with this canonical text; IllegalAction when none has it."""
        found = bisect.bisect_left(self.keys, key)
        if found < len(self.keys) and self.keys[found] == key:
            return found
        raise IllegalAction(f"{key} is not a legal action here, so it has no id")

    def ids_of(self, actions: Sequence[Any]) -> list[int]:
        """The ids of some of the actions, ascending (a named listing's by their texts, without building them)."""
        span = self.listed.span_of(actions) if isinstance(self.listed, ChainedListing) else None
        if span is not None:  # one of the chained parts: its ids are where its places went
            inverse = self._inverse()
            return sorted(inverse[i] for i in range(*span))
        texts = getattr(actions, "canonical_texts", None)
        if texts is None:
            return sorted(self.id_of(a) for a in actions)
        return sorted(self._id_of_text(key) for key in texts())


def _sorted(listed: Sequence[Any]) -> Sorted:
    name = getattr(listed, "ordering_key", None)
    if name is not None:
        return _sorted_by_name(_Named(name(), listed))
    actions = tuple(listed)
    identity = tuple(map(id, actions))
    known = _BY_IDENTITY.get(identity)
    if known is not None:
        return known[1]
    try:
        found = _sorted_actions(actions)
    except TypeError:  # an unhashable action: its texts are written every time
        return _sort([canonical_key(a) for a in actions])
    if len(_BY_IDENTITY) >= _BY_IDENTITY_KEPT:
        _BY_IDENTITY.clear()
    _BY_IDENTITY[identity] = (actions, found)
    return found


_BY_IDENTITY: dict[tuple[int, ...], tuple[tuple[Any, ...], Sorted]] = {}
"""Orders by the identities of the listed objects (games build many actions once and offer the same objects
again): looked up before the actions are hashed. Each entry holds its actions, so their ids are not reused
while it is kept."""
_BY_IDENTITY_KEPT = 1 << 14


def _sort(texts: Sequence[str]) -> Sorted:
    permutation = tuple(sorted(range(len(texts)), key=texts.__getitem__))
    return permutation, tuple([texts[i] for i in permutation])


@memo(maxsize=1 << 14)
def _sorted_actions(actions: tuple[Any, ...]) -> Sorted:
    return _sort([canonical_key(a) for a in actions])


class _Named:
    """A named listing as a memo key: equal by its name alone. The memo keeps the key of each name, so the listing
    is let go once its order is found (it holds a position's units: thousands of names' worth of memory)."""

    __slots__ = ("listed", "name")

    def __init__(self, name: Hashable, listed: Any) -> None:
        self.name = name
        self.listed = listed

    def __hash__(self) -> int:
        return hash(self.name)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Named) and self.name == other.name


@memo(maxsize=1 << 15)
def _sorted_by_name(named: _Named) -> Sorted:
    """The permutation only: listings of one name share it but not their texts. A random game of combats brings
    about 150 names, most of them new, so the memo keeps a few hundred games' worth (about 20 MB)."""
    listed, named.listed = named.listed, None
    separate = listed.separate_permutation() if isinstance(listed, ChainedListing) else None
    permutation = separate if separate is not None else _sort(listed.canonical_texts())[0]
    return array.array("I", permutation), None  # 4 bytes a place, where a tuple of ints takes 8 to 36


def _part_permutation(part: Any) -> Sequence[int]:
    """One named listing's permutation (remembered by its own name, which comes back far more often than the
    names of the chains it is part of)."""
    return _sorted_by_name(_Named(part.ordering_key(), part))[0]


class ChainedListing(Sequence[Any]):
    """Named listings one after another (every acting player's actions at a simultaneous step), itself a named
    listing: built actions only when looked at."""

    __slots__ = ("_parts", "_starts")

    def __init__(self, parts: Sequence[Sequence[Any]]) -> None:
        self._parts = tuple(parts)
        self._starts = (0, *itertools.accumulate(map(len, self._parts)))

    def __len__(self) -> int:
        return self._starts[-1]

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if not -len(self) <= index < len(self):
            raise IndexError("listing index out of range")
        index %= len(self)
        part = bisect.bisect_right(self._starts, index) - 1
        return self._parts[part][index - self._starts[part]]

    def span_of(self, part: Sequence[Any]) -> tuple[int, int] | None:
        """The places (start, stop) of one of the parts, found by identity; None for any other sequence."""
        for i, mine in enumerate(self._parts):
            if mine is part:
                return self._starts[i], self._starts[i + 1]
        return None

    def ordering_key(self) -> Hashable:
        return tuple(part.ordering_key() for part in self._parts)  # type: ignore[attr-defined]

    def canonical_texts(self) -> tuple[str, ...]:
        return tuple(text for part in self._parts for text in part.canonical_texts())  # type: ignore[attr-defined]

    def separate_permutation(self) -> tuple[int, ...] | None:
        """The chain's permutation from its parts' own, without writing every text, when the parts' texts do not
        interleave (each player's actions name the player first): the parts ordered by their smallest texts, each
        part's largest text before the next part's smallest. None when they interleave."""
        spans = []
        for start, part in zip(self._starts, self._parts, strict=False):
            if not len(part):
                continue
            order = _part_permutation(part)
            first, last = canonical_key(part[order[0]]), canonical_key(part[order[-1]])
            spans.append((first, last, start, order))
        spans.sort()
        for (_, last, _, _), (first, _, _, _) in itertools.pairwise(spans):
            if not last < first:
                return None
        return tuple(start + place for _, _, start, order in spans for place in order)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(list(self))


def chained(parts: Sequence[Sequence[Any]]) -> Sequence[Any]:
    """The parts one after another: lazily when every part is a named listing, else as one list."""
    if len(parts) == 1:
        return parts[0]
    if all(hasattr(part, "ordering_key") for part in parts):
        return ChainedListing(parts)
    return [action for part in parts for action in part]
