"""The engines' own values: positions and actions as small immutable records, built for stepping.

A record class lists its fields as annotations, as a dataclass does; `RecordType` gives it `__slots__`,
`FIELDS` (the fields in the order written), an `__init__` that sets each slot once and a `replace` that copies
it with some fields changed (the engines' way to step). mypy reads a record as a frozen dataclass, so it
refuses any later assignment, and checks each `replace` call's fields (`rules.core.records_mypy`). Records
are compared, hashed, pickled (for Dask workers) and written as JSON by their fields, in `FIELDS` order: the
order of the game's pydantic schema, so the JSON is the same text the schema writes and reads
(`rules.core.codec`).

Records carry no validation: a position from outside is validated once by its schema where it enters
(files, the CLI, share codes, panel edits); the engines build only legal ones. The schema is written from the
record (`rules.core.codec.record_schemas`): an `Annotated` field's limits and description are the schema's.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import operator
import types
from collections.abc import Callable
from typing import Any, ClassVar, Final, Literal, Self, TypeVar, dataclass_transform

from pydantic import BaseModel

from rules.core.native_record import NativeRecord, rebuilt


class Keep(enum.Enum):
    """The default of every `replace` parameter: keep the field as it is."""

    KEEP = 0


KEEP: Final = Keep.KEEP
Kept = Literal[Keep.KEEP]
"""The type of `KEEP` (a field's `replace` parameter is `T | Kept`)."""


class RecordType(type):
    """The class of record classes: from a class's annotated fields (not `ClassVar`s) it writes `__slots__`,
    `FIELDS`, an `__init__` that sets each slot, as `dataclasses` writes its `__init__` (with `kw_only=True` in
    the class line, every field is keyword-only), and `replace`. A class that writes its own `__slots__` is left
    as it is written."""

    def __new__(
        mcs, name: str, bases: tuple[type, ...], namespace: dict[str, Any], *, kw_only: bool = False
    ) -> RecordType:
        if "__slots__" in namespace:
            return super().__new__(mcs, name, bases, namespace)
        if any(getattr(base, "FIELDS", ()) for base in bases):
            raise TypeError(
                f"{name}: a record class extends Record itself, not another record (its fields are its own)"
            )
        annotations: dict[str, Any] = namespace.get("__annotations__", {})
        fields = tuple(field for field, kind in annotations.items() if not str(kind).startswith("ClassVar"))
        defaults = {field: namespace.pop(field) for field in fields if field in namespace}
        namespace["__slots__"] = fields
        namespace["FIELDS"] = fields
        namespace["__init__"] = _fields_init(f"{namespace['__qualname__']}.__init__", fields, defaults, kw_only)
        cls = super().__new__(mcs, name, bases, namespace)
        if "replace" not in namespace:
            cls.replace = _fields_replace(cls, fields, kw_only)  # type: ignore[attr-defined]
        return cls


def _fields_init(qualname: str, fields: tuple[str, ...], defaults: dict[str, Any], kw_only: bool) -> Any:
    """An `__init__` taking the fields in order (those with defaults optional) and setting each slot."""
    scope = {f"_default_{field}": value for field, value in defaults.items()}
    parameters = [field + (f"=_default_{field}" if field in defaults else "") for field in fields]
    if kw_only and parameters:
        parameters.insert(0, "*")
    body = "".join(f"\n    self.{field} = {field}" for field in fields) or "\n    pass"
    exec(f"def __init__({', '.join(['self', *parameters])}):{body}\n", scope)
    init = scope["__init__"]
    init.__qualname__ = qualname
    return init


def _fields_replace(cls: type, fields: tuple[str, ...], kw_only: bool) -> Any:
    """A `replace` taking any fields by keyword and building a copy with them changed (mypy checks its calls
    as it checks `dataclasses.replace`, through `rules.core.records_mypy`)."""
    changed = [f"{field}=" * kw_only + f"self.{field} if {field} is KEEP else {field}" for field in fields]
    scope: dict[str, Any] = {"_record_class": cls, "KEEP": KEEP}
    parameters = ", ".join(["self", "*", *(f"{field}=KEEP" for field in fields)]) if fields else "self"
    exec(f"def replace({parameters}):\n    return _record_class({', '.join(changed)})\n", scope)
    method = scope["replace"]
    method.__qualname__ = f"{cls.__qualname__}.replace"
    return method


@dataclass_transform(frozen_default=True)
class Record(metaclass=RecordType):
    """Equality, hashing, pickling and text of an immutable record, from its fields in `FIELDS` order."""

    __slots__ = ()
    FIELDS: ClassVar[tuple[str, ...]] = ()
    TAG: ClassVar[tuple[str, str] | None] = None
    """For a member of a union of records (an action): the field that names its kind, and its value; written
    first in JSON, as the schema's discriminator."""

    _values: ClassVar[Callable[[Any], tuple[Any, ...]]]
    """Reads every field at once, in `FIELDS` order (an `operator.attrgetter`, set for each record class)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        fields = cls.FIELDS
        if len(fields) == 1:
            only = operator.attrgetter(fields[0])
            cls._values = staticmethod(lambda record: (only(record),))
            if "__hash__" not in cls.__dict__:  # equal records have equal fields: the field's hash will do
                cls.__hash__ = lambda record: hash(only(record))  # type: ignore[method-assign,assignment]
        elif fields:
            cls._values = operator.attrgetter(*fields)
        else:
            cls._values = staticmethod(lambda record: ())

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in `FIELDS` order (the positional arguments that rebuild the record)."""
        return type(self)._values(self)

    def replace(self, **changes: Any) -> Self:
        """A copy with the named fields changed; an unknown field is a TypeError. `RecordType` writes a faster
        one for each class of annotated fields, and mypy checks the fields of either
        (`rules.core.records_mypy`)."""
        unknown = set(changes) - set(self.FIELDS)
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {', '.join(sorted(unknown))}")
        values = dict(zip(self.FIELDS, self.values(), strict=True))
        values.update(changes)
        return type(self)(**values)

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Record)
        return type(self)._values(self) == type(other)._values(other)

    def __hash__(self) -> int:
        return hash(type(self)._values(self))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.FIELDS)
        return f"{type(self).__name__}({shown})"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return rebuilt, (type(self), self.values())

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        """The record itself: it is immutable, so copying a state that holds a position (an OpenSpiel state
        cloned for each search simulation) copies no part of the position."""
        return self


RECORD_CLASSES: Final = (Record, NativeRecord)
"""What a record is an instance of: a `Record`, or a record compiled to C (`rules.core.native`)."""


def json_data(value: object) -> Any:
    """A record (or a tuple, a dict or a pydantic model, nested in any way) as JSON data: records and models as
    objects with their fields in order, tuples as lists."""
    if isinstance(value, RECORD_CLASSES):
        data = {name: json_data(getattr(value, name)) for name in value.FIELDS}
        tag = value.TAG
        return data if tag is None else {tag[0]: tag[1], **data}
    if isinstance(value, tuple | list):
        return [json_data(item) for item in value]
    if isinstance(value, dict):
        return {key: json_data(item) for key, item in value.items()}
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, enum.Enum):
        return value.value
    return value


def json_text(value: object, *, indent: int | None = None) -> str:
    """`json_data` as JSON text: compact (the canonical text actions are ordered by) unless `indent`."""
    if indent is None:
        return compact_json(value)
    return json.dumps(json_data(value), separators=(",", ": "), ensure_ascii=False, indent=indent)


def compact_json(value: object) -> str:
    """`json.dumps(json_data(value), separators=(",", ":"), ensure_ascii=False)`, written directly: the text
    that orders a position's legal actions, asked for every action of every step by the integer ids."""
    kind = type(value)
    if kind is str:
        return _string(value)  # type: ignore[arg-type]
    if kind is int:
        return str(value)
    if kind is bool:
        return "true" if value else "false"
    if value is None:
        return "null"
    if kind is tuple or kind is list:
        return "[" + ",".join([compact_json(item) for item in value]) + "]"  # type: ignore[attr-defined]
    if isinstance(value, RECORD_CLASSES):
        prefixes = _FIELD_PREFIXES.get(kind)
        if prefixes is None:
            prefixes = _FIELD_PREFIXES[kind] = _field_prefixes(value)
        head, fields = prefixes
        return head + ",".join([prefix + compact_json(getattr(value, name)) for prefix, name in fields]) + "}"
    return json.dumps(json_data(value), separators=(",", ":"), ensure_ascii=False)


_FIELD_PREFIXES: dict[type, tuple[str, tuple[tuple[str, str], ...]]] = {}
"""For each record class: the text opening its object (with its tag, if any) and each field's `"name":`."""


def _field_prefixes(record: Record | NativeRecord) -> tuple[str, tuple[tuple[str, str], ...]]:
    fields = tuple((json.dumps(name) + ":", name) for name in record.FIELDS)
    tag = record.TAG
    if tag is None:
        return "{", fields
    opening = "{" + json.dumps(tag[0]) + ":" + json.dumps(tag[1], ensure_ascii=False)
    return (opening + "," if fields else opening), fields


def _string(text: str) -> str:
    """A JSON string: quoted as it is when nothing in it needs escaping (card ids, keys, names)."""
    if text.isascii() and text.isprintable() and '"' not in text and "\\" not in text:
        return '"' + text + '"'
    return json.dumps(text, ensure_ascii=False)


T = TypeVar("T")


def direct_init(cls: type[T]) -> type[T]:
    """Give a frozen, slotted dataclass an `__init__` that fills its slots directly (a class decorator,
    applied above `@dataclass`).

    The `__init__` a frozen dataclass generates sets each field through `object.__setattr__`, which
    looks the name up on every call; the engines build several events, units and pools a step, so for
    those classes this writes the same `__init__` (same parameters, defaults and keyword-only marks)
    over the slots' own setters, the way `dataclasses` writes its own. Equality, hashing, `repr` and
    immutability stay the dataclass's.
    """
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    if not all(f.init for f in fields) or hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: direct_init supports only plain fields, all set by __init__")
    if any(f.default_factory is not dataclasses.MISSING for f in fields):
        raise TypeError(f"{cls.__name__}: direct_init supports plain defaults, not default factories")
    namespace: dict[str, Any] = {}
    positional: list[str] = []
    keyword: list[str] = []
    for f in fields:
        slot = getattr(cls, f.name, None)
        if not isinstance(slot, types.MemberDescriptorType):
            raise TypeError(f"{cls.__name__}: direct_init needs a slotted dataclass (slots=True)")
        namespace[f"_set_{f.name}"] = slot.__set__
        parameter = f.name
        if f.default is not dataclasses.MISSING:
            namespace[f"_default_{f.name}"] = f.default
            parameter += f"=_default_{f.name}"
        (keyword if f.kw_only else positional).append(parameter)
    parameters = ", ".join(["self", *positional, *(["*", *keyword] if keyword else [])])
    body = "\n".join(f"    _set_{f.name}(self, {f.name})" for f in fields)
    exec(f"def __init__({parameters}):\n{body}\n", namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[method-assign]
    return cls


@dataclasses.dataclass(frozen=True, slots=True)
class ReadAs:
    """In a record field's `Annotated` metadata: the narrower type a file's value is read as (`rules.core.codec`),
    where the engine computes with the wider one (a seat read as `Literal[0, 1]`, added to as an `int`)."""

    type: Any
