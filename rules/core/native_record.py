"""The base of the records compiled to C by `rules.core.native`: equality, hashing, text and pickling by fields.

A record class of `rules.core.records` gets its `__slots__`, `__init__` and `replace` from its metaclass, which
mypyc cannot compile. The compiled build writes those methods out in each record class of the compiled
modules (with `values`, `ANNOTATIONS` and `DEFAULTS`) and puts this class under them; it does for them what
`Record` does for the others, field for field. Run as plain Python, no class derives from it.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final


class Kept:
    """The type of `KEPT`, the default of a compiled record's `replace` parameters: keep the field as it is (the
    `rules.core.records.KEEP` of compiled records, an object of a compiled class, compared by identity)."""


KEPT: Final = Kept()


class NativeRecord:
    """Equality, hashing, text and pickling of an immutable record whose class writes out its own methods."""

    FIELDS: ClassVar[tuple[str, ...]] = ()
    TAG: ClassVar[tuple[str, str] | None] = None
    ANNOTATIONS: ClassVar[dict[str, str]] = {}
    """Each field's annotation as written (a compiled class keeps no `__annotations__`): what schemas are
    written from (`rules.core.codec`)."""
    DEFAULTS: ClassVar[dict[str, Any]] = {}
    """Each field's default, for the same reason."""

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in `FIELDS` order (each compiled class writes its own)."""
        return tuple([getattr(self, name) for name in self.FIELDS])

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, NativeRecord)
        return self.values() == other.values()

    def __hash__(self) -> int:
        return hash(self.values())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.FIELDS)
        return f"{type(self).__name__}({shown})"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return rebuilt, (type(self), self.values())

    def __copy__(self) -> NativeRecord:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> NativeRecord:
        """The record itself, as `Record.__deepcopy__`: it is immutable."""
        return self


def rebuilt(cls: Any, values: tuple[Any, ...]) -> Any:
    """A record, compiled or not, from its class and field values (how a pickled record is read back)."""
    return cls(**dict(zip(cls.FIELDS, values, strict=True)))
