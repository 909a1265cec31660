"""mypy's view of `Record.replace`: the same check as `dataclasses.replace` gets (each keyword a field of the
record's class, with the field's type), so a record's `replace` method stays checked although `RecordType`
writes it at run time. Named in pyproject.toml's `[tool.mypy] plugins`; nothing else imports it."""

from __future__ import annotations

from collections.abc import Callable

from mypy.plugin import MethodSigContext, Plugin  # first: it loads mypy's modules in the order they need

# isort: split
from mypy.expandtype import expand_type_by_instance
from mypy.plugins.dataclasses import _INTERNAL_REPLACE_SYM_NAME
from mypy.types import CallableType, Instance, get_proper_type

RECORD = "rules.core.records.Record"


class RecordReplace(Plugin):
    """Gives every `replace` method call on a record the record's fields as its keyword parameters."""

    def get_method_signature_hook(self, fullname: str) -> Callable[[MethodSigContext], CallableType] | None:
        return _replace_signature if fullname.endswith(".replace") else None


def _replace_signature(ctx: MethodSigContext) -> CallableType:
    receiver = get_proper_type(ctx.type)
    if not isinstance(receiver, Instance) or not receiver.type.has_base(RECORD):
        return ctx.default_signature
    method = receiver.type.get_method("replace")
    if method is None or method.info.fullname != RECORD:  # a class that writes its own replace is read as written
        return ctx.default_signature
    written = receiver.type.get_method(_INTERNAL_REPLACE_SYM_NAME)
    if written is None or not isinstance(written.type, CallableType):
        return ctx.default_signature
    fields = expand_type_by_instance(written.type, receiver)
    return ctx.default_signature.copy_modified(
        arg_names=fields.arg_names, arg_kinds=fields.arg_kinds, arg_types=fields.arg_types, ret_type=receiver
    )


def plugin(version: str) -> type[Plugin]:
    del version
    return RecordReplace
