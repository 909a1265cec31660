"""The answers of a one-argument function remembered by the identity of the object asked about: the memos a game
loop calls several times a step (`rules.core.memo.identity_memo`). They are compiled with the engines
(`rules.core.native_build`), so that asking again costs what a call between compiled functions costs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final


class _Nothing:
    """The type of `NOTHING`: no object asked about yet."""


NOTHING: Final = _Nothing()


class LastAnswer:
    """`compute(key)`, remembered for the last `key` asked about (compared by identity, and held, so that its id
    is never reused while it is remembered): `IdentityMemo` of one without its lists, as a game loop asks about a
    new position at every step."""

    def __init__(self, compute: Callable[[Any], Any]) -> None:
        self.compute = compute
        self.key: object = NOTHING
        self.value: Any = None

    def __call__(self, key: object) -> Any:
        if self.key is key:
            return self.value
        value = self.compute(key)
        self.key = key
        self.value = value
        return value

    def cache_clear(self) -> None:
        """Forget the answer."""
        self.key = NOTHING
        self.value = None

    def __repr__(self) -> str:
        return f"<the last answer of {_name(self.compute)}>"


class IdentityMemo:
    """`compute(key)`, remembered for the last `size` objects asked about (by identity, and held)."""

    def __init__(self, compute: Callable[[Any], Any], size: int) -> None:
        self.compute = compute
        self.size = size
        self.keys: list[object] = []
        self.values: list[Any] = []
        self.last_key: object = NOTHING
        """The object asked about last (most calls ask about it again, so it is checked first) and its answer."""
        self.last_value: Any = None

    def __call__(self, key: object) -> Any:
        if self.last_key is key:
            return self.last_value
        keys = self.keys
        for i in range(len(keys) - 1, -1, -1):
            if keys[i] is key:
                value = self.values[i]
                break
        else:
            value = self.compute(key)
            if len(keys) >= self.size:
                del keys[0]
                del self.values[0]
            keys.append(key)
            self.values.append(value)
        self.last_key = key
        self.last_value = value
        return value

    def cache_clear(self) -> None:
        """Forget every answer."""
        self.keys.clear()
        self.values.clear()
        self.last_key = NOTHING
        self.last_value = None

    def __repr__(self) -> str:
        return f"<the last {self.size} answers of {_name(self.compute)}>"


def _name(function: Callable[[Any], Any]) -> str:
    return repr(getattr(function, "__qualname__", function))
