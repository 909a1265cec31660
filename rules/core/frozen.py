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


_defaults: dict[type[BaseModel], dict[str, Any]] = {}


def construct(cls: type[M], **fields: Any) -> M:
    """A model from values known to be valid (the engine's own legal actions): defaults filled in,
    nothing validated, several times cheaper than `model_construct`."""
    defaults = _defaults.get(cls)
    if defaults is None:
        defaults = {name: info.default for name, info in cls.model_fields.items() if not info.is_required()}
        _defaults[cls] = defaults
    instance = _new(cls)
    _set_dict(instance, {**defaults, **fields})
    _set_fields_set(instance, set(fields))
    _set_extra(instance, None)
    _set_private(instance, None)
    return instance
