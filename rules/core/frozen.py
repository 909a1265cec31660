"""A cheap functional update for frozen pydantic models on the engines' hot paths.

`model_copy(update=...)` copies private and extra state through `copy.copy`; engine steps only ever
replace declared fields of models without extras or private attributes, so a shallow dict update is
enough. Nothing is validated here: positions are validated where they enter (files, editor, CLI),
and the conformance runs re-validate every position the engines build.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)

_new = object.__new__
_set = object.__setattr__


def replace(model: M, **changes: Any) -> M:
    """A copy of `model` with some fields replaced (no validation; fields must exist)."""
    clone = _new(type(model))
    fields = model.__dict__.copy()
    fields.update(changes)
    _set(clone, "__dict__", fields)
    _set(clone, "__pydantic_fields_set__", model.__pydantic_fields_set__)
    _set(clone, "__pydantic_extra__", None)
    _set(clone, "__pydantic_private__", None)
    return clone


_defaults: dict[type[BaseModel], dict[str, Any]] = {}


def construct(cls: type[M], **fields: Any) -> M:
    """A model from values known to be valid (the engine's own legal actions): defaults filled in,
    nothing validated, several times cheaper than `model_construct`."""
    defaults = _defaults.get(cls)
    if defaults is None:
        defaults = {name: info.default for name, info in cls.model_fields.items() if not info.is_required()}
        _defaults[cls] = defaults
    instance = _new(cls)
    values = defaults.copy()
    values.update(fields)
    _set(instance, "__dict__", values)
    _set(instance, "__pydantic_fields_set__", set(fields))
    _set(instance, "__pydantic_extra__", None)
    _set(instance, "__pydantic_private__", None)
    return instance
