"""Allocation requests: the targets, caps and kinds of damage a side distributes in a combat step, and its
legal allocations as a sequence that builds each Allocate action only when it is looked at."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, overload

from rules.attack_the_tower.actions import Allocate
from rules.attack_the_tower.engine.combat.enumeration import (
    allocation_vectors,
    count_completions,
    enumerate_vectors,
    run_choices,
    signature,
    unrank,
)
from rules.attack_the_tower.engine.combat.pools import Pool
from rules.attack_the_tower.engine.combat.units import Unit
from rules.attack_the_tower.model import Allocation
from rules.core.records import compact_json, direct_init


@direct_init
@dataclass(frozen=True, slots=True)
class AllocationRequest:
    """What one side may do with its damage in the current step: the targets and three caps."""

    player: int
    stage: str
    pool: Pool
    targets: tuple[Unit, ...]
    troop_cap: int
    structure_cap: int
    total_cap: int

    def vectors(self) -> list[tuple[int, ...]]:
        """Every distinct allocation as amounts per target (in `targets` order); see `enumerate_vectors`."""
        return enumerate_vectors(self)

    def count(self) -> int:
        """How many distinct allocations there are (without listing them)."""
        return count_completions(*signature(self))

    def sample(self, randrange: Callable[[int], int]) -> tuple[int, ...]:
        """One distinct allocation drawn uniformly (exactly: by counting completions, not listing).

        One `randrange` per run of targets, over the number of completions (see `run_choices`)."""
        sig, troops, structures = signature(self)
        out: tuple[int, ...] = ()
        for i in range(len(sig)):
            total, options = run_choices(sig[i:], troops, structures)
            ticket = randrange(total)
            for run, troops_left, structures_left, completions in options:
                ticket -= completions
                if ticket < 0:
                    out += run
                    troops, structures = troops_left, structures_left
                    break
        return out

    def allocations(self) -> list[Allocation]:
        return [self.allocation(vec) for vec in self.vectors()]

    def allocation(self, vector: tuple[int, ...]) -> Allocation:
        """The Allocation of one vector (sorted by key, zero amounts left out; valid by construction)."""
        keys = _target_keys(self.targets)
        return Allocation(assignments=tuple([(keys[i], vector[i]) for i in _key_order(keys) if vector[i]]))

    def actions(self) -> AllocateActions:
        """Every distinct allocation as an `Allocate` action, in `vectors` order, each built when looked at."""
        return AllocateActions(self.player, signature(self), _target_keys(self.targets))


def _target_keys(targets: tuple[Unit, ...]) -> tuple[str, ...]:
    return tuple([t.key for t in targets])


@functools.lru_cache(maxsize=4096)
def _key_order(keys: tuple[str, ...]) -> tuple[int, ...]:
    """The target indices in the order of their keys (an Allocation lists its pairs sorted by key)."""
    return tuple(sorted(range(len(keys)), key=keys.__getitem__))


class AllocateActions(Sequence[Allocate]):
    """The legal `Allocate` actions of one request, as a sequence that builds an action only when it is looked
    at: a combat step can offer thousands of allocations, and a playout picks one of them."""

    __slots__ = ("_keys", "_length", "_order", "_player", "_signature")

    def __init__(
        self, player: int, sig: tuple[tuple[tuple[bool, int, int], ...], int, int], keys: tuple[str, ...]
    ) -> None:
        """The allocations of a request with this `signature` whose targets have these keys (in its order)."""
        self._player = player
        self._signature = sig
        self._length = count_completions(*sig)
        self._keys = keys
        self._order = _key_order(keys)

    def __reduce__(self) -> tuple[type[AllocateActions], tuple[Any, ...]]:
        return AllocateActions, (self._player, self._signature, self._keys)

    def __len__(self) -> int:
        return self._length

    def canonical_texts(self) -> tuple[str, ...]:
        """Every action's canonical JSON text, in listing order, written from the vectors without building the
        actions (what orders the integer ids; each equals `compact_json` of the action)."""
        return _allocation_texts(self._player, self._signature, self._keys, self._order)

    def ordering_key(self) -> tuple[int, tuple[tuple[tuple[bool, int, int], ...], int, int], tuple[int, ...]]:
        """What decides the order of the actions' texts: the player, the request's shape and the order of its
        targets' keys (not the keys themselves: a key is written between quotes and holds no character that
        sorts before a quote, so two texts compare as their keys' ranks and their amounts do)."""
        return self._player, self._signature, self._order

    @overload
    def __getitem__(self, index: int) -> Allocate: ...

    @overload
    def __getitem__(self, index: slice) -> list[Allocate]: ...

    def __getitem__(self, index: int | slice) -> Allocate | list[Allocate]:
        if isinstance(index, slice):
            return [self._action(v) for v in allocation_vectors(*self._signature)[index]]
        if not -self._length <= index < self._length:
            raise IndexError("allocation index out of range")
        return self._action(unrank(*self._signature, index % self._length))

    def __iter__(self) -> Iterator[Allocate]:
        return map(self._action, allocation_vectors(*self._signature))

    def _action(self, vector: tuple[int, ...]) -> Allocate:
        keys = self._keys
        pairs = tuple([(keys[i], vector[i]) for i in self._order if vector[i]])
        return Allocate(player=self._player, allocation=Allocation(assignments=pairs))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, AllocateActions | list | tuple):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(list(self))


TargetKey = tuple[tuple[str, int, int, int, int], ...]
"""A request's targets as plain numbers: each target's kind, power, toughness and damage taken, and its group as
the number of distinct groups before it (only which targets share a group matters). Requests that read the
same as plain numbers are decided the same way, so a policy can remember its choices by it."""


def target_key(request: AllocationRequest) -> TargetKey:
    """A request's targets as plain numbers (`TargetKey`)."""
    groups: dict[str, int] = {}
    return tuple(
        [(t.kind, t.deals, t.toughness, t.damage, groups.setdefault(t.group, len(groups))) for t in request.targets]
    )


@functools.lru_cache(maxsize=256)
def _allocation_texts(
    player: int,
    sig: tuple[tuple[tuple[bool, int, int], ...], int, int],
    keys: tuple[str, ...],
    order: tuple[int, ...],
) -> tuple[str, ...]:
    """The canonical texts of a request's allocations (see `AllocateActions.canonical_texts`): the empty
    allocation's text around the pairs, each pair written once."""
    empty = compact_json(Allocate(player=player, allocation=Allocation()))
    cut = empty.rindex("[]") + 1
    head, tail = empty[:cut], empty[cut:]
    pair_texts: dict[tuple[int, int], str] = {}
    texts: list[str] = []
    for vector in allocation_vectors(*sig):
        parts: list[str] = []
        for i in order:
            amount = vector[i]
            if amount:
                text = pair_texts.get((i, amount))
                if text is None:
                    text = pair_texts[(i, amount)] = compact_json(((keys[i], amount),))[1:-1]
                parts.append(text)
        texts.append(head + ",".join(parts) + tail)
    return tuple(texts)
