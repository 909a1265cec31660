"""The boundary between a game's records and the outside world: read once, validated, written as JSON.

A `Codec` pairs a record type (`rules.core.records`) with its pydantic schema, written from the records
(`record_schemas`). Reading - a file, pasted JSON, a share code, a panel edit - validates the shape with the
schema (strict types, limits, the JSON Schema a file can be checked against), builds the records, and then asks
the game whether the position is legal (`check`, the engine's own reading of the rules). Writing walks the
records' fields, so a position is written without building any model. Every failure is a typed error in a
player's words (`rules.core.errors`).
"""

from __future__ import annotations

import inspect
import json
import os
import sys
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any, Generic, Literal, Protocol, TypeVar, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, create_model

from rules.core import jsonio
from rules.core.errors import IllegalPosition, Problem, RulesError
from rules.core.files import write_file
from rules.core.native_record import NativeRecord
from rules.core.records import RECORD_CLASSES, ReadAs, Record, json_data, json_text

R = TypeVar("R", bound=Record)
S = TypeVar("S")


class Positions(Protocol[S]):
    """What every game offers for its positions at the boundary (its `Codec`, `GAME.positions`)."""

    def validate(self, data: object) -> S: ...
    def parse(self, text: str, *, source: str = "input") -> S: ...
    def load(self, path: str | Path) -> S: ...
    def read(self, path_or_json: str | Path) -> S: ...
    def data(self, state: S) -> dict[str, Any]: ...
    def compact_data(self, state: S) -> dict[str, Any]: ...
    def text(self, state: S, *, indent: int | None = 2) -> str: ...
    def save(self, state: S, path: str | Path) -> None: ...
    def json_schema(self) -> dict[str, Any]: ...
    def holds(self, value: object) -> bool: ...


class Codec(Generic[R]):
    """Reads and writes one record type through its pydantic schema.

    `records` maps each schema class that appears in a validated value to the record class built from it
    (fields are matched by name); any other model (a `Rules` config) is kept as it is. `check` lists the
    rules a built record breaks, each as 'where: what' (empty when legal)."""

    def __init__(
        self,
        schema: type[BaseModel],
        records: Mapping[type[BaseModel], type[Record]],
        check: Callable[[R], list[str]] | None = None,
    ) -> None:
        self.schema = schema
        self.records = dict(records)
        self.check = check

    def holds(self, value: object) -> bool:
        """Whether `value` is a record of the kind this codec reads (a position of its game, not an action or
        another game's position)."""
        return isinstance(value, self.records.get(self.schema, ()))

    # ---- reading ----------------------------------------------------------------------------------
    def from_schema(self, validated: BaseModel) -> R:
        """The records of a validated schema value, checked for legality (IllegalPosition if not legal)."""
        record: R = records_of(validated, self.records)
        if self.check is not None:
            problems = self.check(record)
            if problems:
                raise IllegalPosition(jsonio.problems_from_lines(problems))
        return record

    def validate(self, data: object) -> R:
        """Already-parsed data (a dict from JSON, or built in Python, records in it allowed) as a legal record."""
        return self.from_schema(self._model(json_data(data)))

    def _model(self, plain: object) -> BaseModel:
        """JSON data as the schema, validated as Python data; when that fails, as JSON reads it, which a schema
        with strict types needs (a list stands for a tuple there, as `parse` reads files). The problems said are
        the Python reading's, or the JSON reading's for a schema whose own config is strict."""
        try:
            return self.schema.model_validate(plain)
        except ValidationError as exc:
            first = exc
        try:
            return self.schema.model_validate_json(json.dumps(plain), strict=True)
        except ValidationError as exc:
            said = exc if self.schema.model_config.get("strict") else first
        except (TypeError, ValueError):  # not JSON data (a model the engine holds): the Python reading's words
            said = first
        raise IllegalPosition(jsonio.problems_of(said)) from None

    def parse(self, text: str, *, source: str = "input") -> R:
        """JSON text as a legal record: MalformedFile if not JSON, IllegalPosition if not legal (strict types:
        true is not 1 and 1.0 is not a whole number; another game's position said in one sentence)."""
        try:
            return self.parse_strictly(text, source=source)
        except IllegalPosition:
            foreign = self._foreign(text)
            if foreign:  # one sentence, where each of another game's fields would be refused
                raise IllegalPosition([Problem("", foreign)]) from None
            raise

    def load(self, path: str | Path) -> R:
        """A file's position (see `jsonio.read_text_file` for what is refused before reading); each problem of an
        illegal one is named with the file, as an army file's are (`pos.json, players: is missing`)."""
        shown = jsonio.escape(str(path))
        text = jsonio.read_text_file(path)
        try:
            return self.parse(text, source=shown)
        except IllegalPosition as exc:
            named = [Problem(f"{shown}, {p.where}" if p.where else shown, p.message) for p in exc.problems]
            raise IllegalPosition(named) from None

    def parse_strictly(self, text: str, *, source: str = "input") -> R:
        """`parse` without looking for another game's position in a refused one."""
        return self.from_schema(jsonio.parse_model(self.schema, text, source=source))

    def _foreign(self, text: str) -> str:
        """Why a file is no position of this game, in one sentence, when most of its fields are none of this
        schema's (another game's position or a game's army file, say: named when it reads as one); '' otherwise."""
        try:
            data = jsonio.parse_json_object(text)
        except RulesError:
            return ""
        unknown = jsonio.stray_fields(data, self.schema.model_fields)
        if not unknown:
            return ""
        mine, theirs = _NAMERS[0](self, text) if _NAMERS else ("this game", "")
        fields = jsonio.stray_fields_words(unknown, len(data), f"{mine}'s")
        if theirs:
            return f"this is {theirs}, not a position of {mine} ({fields})"
        return f"not a position of {mine} ({fields}); is it another game's file?"

    def read(self, path_or_json: str | Path) -> R:
        """A position from a JSON file, or from JSON text itself (what a panel's load box receives): text that
        opens as JSON does (an object, or a list, which is refused as not a position) is read as JSON."""
        text = str(path_or_json)
        if isinstance(path_or_json, str) and text.lstrip().startswith(("{", "[")) and not os.path.exists(text):
            return self.parse(text)
        return self.load(path_or_json)

    # ---- writing ----------------------------------------------------------------------------------
    def data(self, record: R) -> dict[str, Any]:
        """The record as JSON data, fields in the schema's order."""
        data: dict[str, Any] = json_data(record)
        return data

    def compact_data(self, record: R) -> dict[str, Any]:
        """The record as JSON data without the fields at their defaults (what share codes hold)."""
        return self._model(json_data(record)).model_dump(mode="json", exclude_defaults=True)

    def text(self, record: R, *, indent: int | None = 2) -> str:
        """The record as JSON text (exactly what `parse` reads back); compact when `indent` is None."""
        return json_text(record, indent=indent)

    def save(self, record: R, path: str | Path) -> None:
        """Write the record as JSON to `path` atomically (`files.write_file`): a failed save never leaves a
        half-written file (the old one stays whole), and a FIFO, a device, a folder or a symbolic link at the path
        is refused, left as it was; CannotWrite on failure."""
        write_file(path, self.text(record))

    def json_schema(self) -> dict[str, Any]:
        """The JSON Schema a file of this record must match."""
        return self.schema.model_json_schema()


GameNamer = Callable[["Codec[Any] | None", str], tuple[str, str]]
"""A codec's game's title ('this game' without a codec), and what else a text reads as ('a position of GAME', 'an
army file of GAME ...'; '' if nothing)."""
_NAMERS: list[GameNamer] = []


def name_games_with(namer: GameNamer) -> None:
    """How a position refused as another game's names the two games (`rules.registry` gives this: a codec knows
    no game; without it the words say 'this game')."""
    _NAMERS[:] = [namer]


def what_text_is(text: str) -> str:
    """What `text` reads as among the games' files ('a position of GAME'), '' if nothing: for a file refused
    as another kind of file (a position given as an army file)."""
    return _NAMERS[0](None, text)[1] if _NAMERS else ""


def records_of(value: Any, records: Mapping[type[BaseModel], type[Record]]) -> Any:
    """A validated schema value with every model of a class in `records` built into its record (fields
    matched by name, tuples kept as tuples); other values, and models of other classes, as they are."""
    if isinstance(value, BaseModel):
        record_type = records.get(type(value))
        if record_type is None:
            return value
        return record_type(**{name: records_of(getattr(value, name), records) for name in record_type.FIELDS})
    if isinstance(value, tuple):
        return tuple([records_of(item, records) for item in value])
    return value


class ActionReader:
    """A game's actions read from JSON data, declared once, as their records: each record class becomes a strict
    pydantic model (`record_schemas`) with its tag as the discriminator. `nested` names the schema of each
    position record an action holds (an allocation)."""

    def __init__(
        self, records: Sequence[type[Record]], nested: Mapping[type[BaseModel], type[Record]] | None = None
    ) -> None:
        self.records = record_schemas(records, nested)
        schemas = {record: schema for schema, record in self.records.items()}
        tag = records[0].TAG
        assert tag is not None, "an action record names its kind (TAG)"
        union: Any = Union[tuple(schemas[record] for record in records)]  # noqa: UP007  (known only at run time)
        self.adapter: TypeAdapter[Any] = TypeAdapter(Annotated[union, Field(discriminator=tag[0])])

    def __call__(self, data: object) -> Any:
        """An action from JSON data, validated; IllegalPosition names what is wrong."""
        return records_of(jsonio.validate_value(self.adapter, data), self.records)


def record_schemas(
    records: Sequence[type[Record]],
    known: Mapping[type[BaseModel], type[Record]] | None = None,
    validators: Mapping[type[Record], Mapping[str, Any]] | None = None,
) -> dict[type[BaseModel], type[Record]]:
    """Each record class (and every record its fields hold) as a strict pydantic model of the same name and
    docstring, mapped to the record it is read into (the `records` of a `Codec`). A field's type, limits and
    description are its annotation's (an `Annotated` field's `Field` and `ReadAs`), its default the record's, or
    the `Field`'s when the record has none (what a file may leave out of a record the engine builds whole); a
    tagged record's tag comes first. `known` records keep the schema given; `validators` adds pydantic
    validators (by name) to a record's model."""
    writer = _SchemaWriter({record: schema for schema, record in (known or {}).items()}, validators or {})
    for record in records:
        writer.model(record)
    return {schema: record for record, schema in writer.schemas.items()}


def _hints_and_defaults(record: type[Record | NativeRecord]) -> tuple[dict[str, Any], dict[str, Any]]:
    """A record class's field types (with their `Annotated` extras) and defaults: from its annotations and
    `__init__`, or, for a record compiled to C (which keeps neither), from the text of its annotations and the
    defaults it lists (`rules.core.native_record`)."""
    if issubclass(record, NativeRecord):

        def annotated() -> None: ...

        annotated.__annotations__ = dict(record.ANNOTATIONS)
        names = vars(sys.modules[record.__module__])
        return typing.get_type_hints(annotated, globalns=names, include_extras=True), dict(record.DEFAULTS)
    written = record if vars(record).get("__annotations__") else record.__init__  # hand-written: its __init__
    parameters = inspect.signature(record).parameters
    defaults = {name: p.default for name, p in parameters.items() if p.default is not inspect.Parameter.empty}
    return typing.get_type_hints(written, include_extras=True), defaults


class _SchemaWriter:
    """Writes the models of `record_schemas`, each record's once, those its fields hold first."""

    def __init__(
        self, schemas: dict[type[Record], type[BaseModel]], validators: Mapping[type[Record], Mapping[str, Any]]
    ) -> None:
        self.schemas = schemas
        self.validators = validators

    def model(self, record: type[Record]) -> type[BaseModel]:
        """The strict model of one record class (in the compiled build, a `NativeRecord` class for some: typed as
        the `Record` it is written as)."""
        if record in self.schemas:
            return self.schemas[record]
        hints, defaults = _hints_and_defaults(record)
        fields: dict[str, Any] = {}
        if record.TAG is not None:
            kind, name = record.TAG
            fields[kind] = (Literal[name], name)
        for field in record.FIELDS:
            default = defaults.get(field, inspect.Parameter.empty)
            if isinstance(default, RECORD_CLASSES):
                default = self.model(typing.cast(type[Record], type(default))).model_validate(json_data(default))
            read = self.type_of(hints[field])
            fields[field] = read if default is inspect.Parameter.empty else (read, default)
        self.schemas[record] = create_model(
            record.__name__,
            __config__=ConfigDict(frozen=True, extra="forbid"),
            __doc__=record.__doc__,
            __module__=record.__module__,
            __validators__=dict(self.validators.get(record, {})),
            **fields,
        )
        return self.schemas[record]

    def type_of(self, hint: Any) -> Any:
        """A field's type as a file is read: each record in it as its model, a `ReadAs` type in place of the
        type it annotates."""
        if isinstance(hint, type) and issubclass(hint, RECORD_CLASSES):
            return self.model(typing.cast(type[Record], hint))
        origin, args = typing.get_origin(hint), typing.get_args(hint)
        if origin is Annotated:
            metadata = [m for m in hint.__metadata__ if not isinstance(m, ReadAs)]
            inner = self.type_of(next((m.type for m in hint.__metadata__ if isinstance(m, ReadAs)), args[0]))
            return Annotated[(inner, *metadata)] if metadata else inner
        read = tuple(arg if arg is Ellipsis else self.type_of(arg) for arg in args)
        if read == args:
            return hint
        if origin in (Union, types.UnionType):
            return Union[read]  # noqa: UP007
        assert origin is tuple, f"a record field of type {hint} holds records"
        return tuple[read]  # type: ignore[valid-type]
