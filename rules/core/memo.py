"""Remembered answers: no module keeps a cache of its own in a global it rebinds. A plain `functools` cache of a
module-level function is fine too: `clear_package_caches` finds it with the memos below.

Two kinds of memo, both registered so that `clear_all` forgets everything at once (when the data the answers were
computed from changes, as when a designer loads an army file):
- `memo(maxsize)`: by value, `functools.lru_cache` (arguments must be hashable);
- `identity_memo(size)`: by identity of the first argument, for pure functions of immutable positions that a
  game loop asks several times about the same object (who acts now, this step's fighters). It keeps a
  strong reference to each object it remembers, so an id is never reused while remembered.

Positions are immutable, so a remembered answer never goes stale while the data files stay the same.
"""

from __future__ import annotations

import functools
import sys
import typing
from collections.abc import Callable, Collection, Hashable
from typing import Any, ParamSpec, Protocol, TypeVar

from rules.core.remembered import IdentityMemo, LastAnswer

P = ParamSpec("P")
K = TypeVar("K")
V = TypeVar("V")
F = TypeVar("F", bound=Callable[..., Any])


class _Clearable(Protocol):
    def cache_clear(self) -> None: ...


_REGISTRY: list[_Clearable] = []


def memo(maxsize: int) -> Callable[[F], F]:
    """`functools.lru_cache(maxsize)`, registered with `clear_all`."""

    def decorate(function: F) -> F:
        cached = functools.lru_cache(maxsize=maxsize)(function)
        _REGISTRY.append(cached)
        return cached  # type: ignore[return-value]

    return decorate


K_contra = TypeVar("K_contra", contravariant=True)
V_co = TypeVar("V_co", covariant=True)


class Remembered(Protocol[K_contra, V_co]):
    """A one-argument function whose answers are remembered, and forgotten by `cache_clear`."""

    def __call__(self, key: K_contra, /) -> V_co: ...

    def cache_clear(self) -> None: ...


def identity_memo(size: int = 1) -> Callable[[Callable[[K], V]], Remembered[K, V]]:
    """Remember a one-argument function's answers for the last `size` objects asked about, by identity."""

    def decorate(function: Callable[[K], V]) -> Remembered[K, V]:
        # compiled objects where the engines are compiled: calling one costs less than calling a Python function
        remembered = typing.cast(Remembered[K, V], LastAnswer(function) if size == 1 else IdentityMemo(function, size))
        _REGISTRY.append(remembered)
        return remembered

    return decorate


@memo(maxsize=1 << 12)
def built_once(kind: Callable[[Any], V], value: Hashable) -> V:
    """`kind(value)`, built once and given again: a game offers the same immutable action (a record of one field)
    as the same object, so listings of them come back as the same objects (the OpenSpiel adapter finds their id
    order by identity) and nothing is built twice."""
    return kind(value)


def clear_all() -> None:
    """Forget every remembered answer of every rules package."""
    for remembered in _REGISTRY:
        remembered.cache_clear()


def clear_package_caches(package: str, keep: Collection[object] = ()) -> None:
    """Forget the answers of every cache defined in the loaded modules of `package` (any function or object
    with `cache_clear` that a module of it defines: registered memos and plain `functools` caches alike),
    except those in `keep`: what a game's catalog calls when a designer's cards change its data."""
    prefix = f"{package}."
    for name, module in list(sys.modules.items()):
        if not name.startswith(prefix) or module is None:
            continue
        for value in vars(module).values():
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and _defined_in(value) == name and value not in keep:
                clear()


def _defined_in(value: object) -> str | None:
    """The module that defines a cache: a plain function's own, or an identity memo's function's (the memo is an
    object of `rules.core.remembered`)."""
    if isinstance(value, LastAnswer | IdentityMemo):
        value = value.compute
    return getattr(value, "__module__", None)
