"""Remembered answers, one documented way for every rules package: no module keeps a cache of its own in a
global it rebinds.

Two kinds, both registered so that `clear_all` forgets everything at once (when the data the answers were
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
from typing import Any, Generic, ParamSpec, Protocol, TypeVar

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


class IdentityMemo(Generic[K, V]):
    """The answers of a one-argument function for the last `size` objects asked about, by identity."""

    def __init__(self, compute: Callable[[K], V], size: int) -> None:
        self._compute = compute
        self._size = size
        self._keys: list[K] = []
        self._values: list[V] = []
        self._last: tuple[object, Any] = (_NOTHING, None)
        """The object asked about last and its answer: most calls ask about it again, so it is checked first."""
        functools.update_wrapper(self, compute)

    def __call__(self, key: K) -> V:
        last = self._last
        if last[0] is key:
            value: V = last[1]
            return value
        keys = self._keys
        for i in range(len(keys) - 1, -1, -1):
            if keys[i] is key:
                value = self._values[i]
                break
        else:
            value = self._compute(key)
            if len(keys) >= self._size:
                del keys[0], self._values[0]
            keys.append(key)
            self._values.append(value)
        self._last = (key, value)
        return value

    def cache_clear(self) -> None:
        self._keys.clear()
        self._values.clear()
        self._last = (_NOTHING, None)


_NOTHING = object()
"""No object asked about yet."""


K_contra = TypeVar("K_contra", contravariant=True)
V_co = TypeVar("V_co", covariant=True)


class Remembered(Protocol[K_contra, V_co]):
    """A one-argument function whose answers are remembered, and forgotten by `cache_clear`."""

    def __call__(self, key: K_contra, /) -> V_co: ...

    def cache_clear(self) -> None: ...


def identity_memo(size: int = 1) -> Callable[[Callable[[K], V]], Remembered[K, V]]:
    """Remember a one-argument function's answers for the last `size` objects asked about, by identity."""

    def decorate(function: Callable[[K], V]) -> Remembered[K, V]:
        remembered: Remembered[K, V] = _last_answer(function) if size == 1 else IdentityMemo(function, size)
        _REGISTRY.append(remembered)
        return remembered

    return decorate


def _last_answer(compute: Callable[[K], V]) -> Remembered[K, V]:
    """`IdentityMemo(compute, 1)` as a plain function (a game loop calls some of these several times a step,
    and calling a function costs less than calling an object)."""
    last: list[Any] = [_NOTHING, None]

    def remembered(key: K) -> V:
        if last[0] is key:
            answer: V = last[1]
            return answer
        value = compute(key)
        last[0], last[1] = key, value
        return value

    def cache_clear() -> None:
        last[0], last[1] = _NOTHING, None

    functools.update_wrapper(remembered, compute)
    remembered.cache_clear = cache_clear  # type: ignore[attr-defined]
    return typing.cast(Remembered[K, V], remembered)


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
            if callable(clear) and getattr(value, "__module__", None) == name and value not in keep:
                clear()
