"""Building and updating frozen models without validation, on the engines' hot paths.

`model_copy(update=...)` copies private and extra state through `copy.copy`; engine steps only ever
replace declared fields of models without extras or private attributes, so a shallow dict update is
enough. Nothing is validated here: positions are validated where they enter (files, editor, CLI),
and the conformance runs re-validate every position the engines build.

`direct_init` does the like for the frozen dataclasses the engines build many of a step (events,
combat units): the same `__init__`, filling the slots directly.
"""

from __future__ import annotations

import dataclasses
import types
from collections.abc import Callable
from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)

_new = object.__new__

# The four slots every pydantic model has. A frozen model refuses `setattr`, so a new instance is
# filled in through its slots; calling the slot descriptors directly is the cheapest way (attribute
# access on a model goes through pydantic's `__getattr__` hook, and `object.__setattr__` looks each
# name up first).
_get_dict = BaseModel.__dict__["__dict__"].__get__
_set_dict = BaseModel.__dict__["__dict__"].__set__
_get_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__get__
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__


def replace(model: M, **changes: Any) -> M:
    """A copy of `model` with some fields replaced (no validation; fields must exist).

    The fields keep their order (it is the order of the JSON dump)."""
    clone = _new(type(model))
    _set_dict(clone, {**_get_dict(model), **changes})
    _set_fields_set(clone, _get_fields_set(model))
    _set_extra(clone, None)
    _set_private(clone, None)
    return clone


_builders: dict[type[BaseModel], Callable[..., dict[str, Any]]] = {}


def _field_dict_builder(cls: type[BaseModel]) -> Callable[..., dict[str, Any]]:
    """A function taking the model's fields as keywords (defaults filled in) and returning them as a dict in
    their declared order: Python's own keyword matching does the work, so building it costs one call."""
    namespace: dict[str, Any] = {}
    parameters = []
    for i, (name, info) in enumerate(cls.model_fields.items()):
        if info.is_required():
            parameters.append(name)
        else:
            namespace[f"_default_{i}"] = info.default
            parameters.append(f"{name}=_default_{i}")
    body = ", ".join(f"{name!r}: {name}" for name in cls.model_fields)
    exec(f"def build(*, {', '.join(parameters)}):\n    return {{{body}}}\n", namespace)
    builder: Callable[..., dict[str, Any]] = namespace["build"]
    return builder


def construct(cls: type[M], **fields: Any) -> M:
    """A model from values known to be valid (the engine's own legal actions): defaults filled in,
    nothing validated, several times cheaper than `model_construct`.

    The fields are stored in their declared order whatever the order of the keywords, as validation
    stores them, so the JSON of an action is the same however it was built (its integer id depends on it)."""
    builder = _builders.get(cls)
    if builder is None:
        builder = _builders[cls] = _field_dict_builder(cls)
    instance = _new(cls)
    _set_dict(instance, builder(**fields))
    _set_fields_set(instance, set(fields))
    _set_extra(instance, None)
    _set_private(instance, None)
    return instance


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
