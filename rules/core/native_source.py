"""The source mypyc compiles, written from the project's own: each record class's methods written out.

`rules.core.records.RecordType` writes a record class's `__slots__`, `__init__` and `replace` when the class
is created; mypyc compiles a class only as written, and refuses a metaclass and `__slots__`. So for the
compiled build (`rules.core.native`) each record class of a compiled module is written out as the metaclass
would make it - its fields and their order, defaults, keyword-only marks and `replace` - over
`NativeRecord`, with the text of its annotations and its defaults for the schemas; and a class's own
`__slots__` is dropped (a compiled class has fixed attributes anyway). Nothing else in a module changes.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass


@dataclass(frozen=True)
class _Field:
    name: str
    annotation: str
    default: str | None
    written: str
    """The annotation as the source writes it (`annotation` is the compiled one)."""


def compiled_source(text: str, *, non_native: frozenset[str] = frozenset()) -> str:
    """A module's source as mypyc compiles it: record classes written out, `__slots__` dropped, fixed-length
    tuples of one type kept as Python tuples, and the classes named in `non_native` (those extending a class of
    a module left as Python) marked to stay Python classes."""
    written = ast.parse(text)
    original = _field_annotations(text, written)
    aliases: dict[str, str] = {}
    if _defines_records(written):  # the other modules' own tuples stay as they are (C structs are fastest there)
        text, aliases = _boxed_tuples(text, written)
    original = {key: _expanded(annotation, aliases) for key, annotation in original.items()}
    tree = ast.parse(text)
    lines = text.splitlines(keepends=True)
    edits: list[tuple[int, int, str]] = []  # (first line, last line, replacement), 1-based, inclusive
    records = 0
    for node in ast.walk(tree):
        if not isinstance(node, ast.ClassDef):
            continue
        for item in node.body:
            if isinstance(item, ast.Assign) and any(_named(t, "__slots__") for t in item.targets):
                edits.append((item.lineno, item.end_lineno or item.lineno, ""))
        if node.name in non_native:
            edits.append((node.lineno, node.lineno - 1, " " * node.col_offset + "@mypyc_attr(native_class=False)\n"))
        if any(_named(base, "Record") for base in node.bases):
            edits += _record_edits(text, node, original)
            records += 1
    for first, last, replacement in sorted(edits, key=lambda edit: (edit[0], edit[1]), reverse=True):
        lines[first - 1 : last] = [replacement]
    out = "".join(lines)
    imports = []
    if records:
        imports.append("from rules.core.native_record import NativeRecord as _NativeRecord\n")
        imports.append("from rules.core.native_record import KEPT as _KEPT, Kept as _Kept\n")
    if non_native:
        imports.append("from mypy_extensions import mypyc_attr\n")
    return _after_future_import(out, "".join(imports))


def _defines_records(tree: ast.Module) -> bool:
    return any(
        isinstance(node, ast.ClassDef) and any(_named(base, "Record") for base in node.bases) for node in ast.walk(tree)
    )


def _named(node: ast.expr, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _boxed_tuples(text: str, tree: ast.Module) -> tuple[str, dict[str, str]]:
    """The source with each `tuple[X, X, ...]` of one type written `tuple[X, ...]`, and the module-level aliases
    that changed, with their definitions as written. mypyc keeps a fixed-length tuple as a C struct and builds a
    new Python tuple each time one is read into Python code (a memo, a dict, a record's field): this keeps one
    object, as the pure-Python engine does, which identity caches rely on."""
    segments = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and _named(node.value, "tuple") and isinstance(node.slice, ast.Tuple):
            items = [ast.get_source_segment(text, item) for item in node.slice.elts]
            if len(items) >= 2 and len(set(items)) == 1 and items[0] != "...":
                segments.add((ast.get_source_segment(text, node) or "", f"tuple[{items[0]}, ...]"))
    aliases = {
        node.targets[0].id: ast.get_source_segment(text, node.value) or ""
        for node in tree.body
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
        if any(written in (ast.get_source_segment(text, node.value) or "") for written, _ in segments)
    }
    for written, boxed in sorted(segments, key=lambda pair: -len(pair[0])):
        text = text.replace(written, boxed)
    return text, aliases


def _field_annotations(text: str, tree: ast.Module) -> dict[tuple[str, str], str]:
    """Each record field's annotation as written, by (class, field)."""
    return {
        (node.name, item.target.id): ast.get_source_segment(text, item.annotation) or ""
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
        for item in node.body
        if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
    }


def _expanded(annotation: str, aliases: dict[str, str]) -> str:
    """An annotation with the aliases whose compiled definitions changed written out as they were defined (the
    schemas are written from these, so they keep each tuple's length)."""
    for _ in range(len(aliases) + 1):
        expanded = annotation
        for name, definition in aliases.items():
            expanded = re.sub(rf"\b{name}\b", definition, expanded)
        if expanded == annotation:
            return expanded
        annotation = expanded
    return annotation


def _record_edits(text: str, node: ast.ClassDef, written: dict[tuple[str, str], str]) -> list[tuple[int, int, str]]:
    """The edits that write one record class out: its base, its fields without defaults, its methods (the
    fields' annotations as `written` in the source, for the schemas)."""
    kw_only = any(k.arg == "kw_only" and isinstance(k.value, ast.Constant) and k.value.value for k in node.keywords)
    fields: list[_Field] = []
    edits: list[tuple[int, int, str]] = []
    for item in node.body:
        if not (isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)):
            continue
        annotation = ast.get_source_segment(text, item.annotation) or ""
        if annotation.startswith("ClassVar"):
            continue
        default = ast.get_source_segment(text, item.value) if item.value is not None else None
        fields.append(_Field(item.target.id, annotation, default, written.get((node.name, item.target.id), annotation)))
        if default is not None:
            line = " " * item.col_offset + f"{item.target.id}: {annotation}\n"
            edits.append((item.lineno, item.end_lineno or item.lineno, line))
    header_end = node.body[0].lineno - 1  # the class line(s), up to its first statement
    header = "".join(text.splitlines(keepends=True)[node.lineno - 1 : header_end])
    header = header.replace("(Record, kw_only=True)", "(_NativeRecord)").replace("(Record)", "(_NativeRecord)")
    edits.append((node.lineno, header_end, header))
    indent = " " * (node.col_offset + 4)
    methods = _methods(node.name, fields, kw_only, indent, has_replace=_defines(node, "replace"))
    last = node.end_lineno or node.lineno
    edits.append((last + 1, last, methods))
    return edits


def _defines(node: ast.ClassDef, name: str) -> bool:
    return any(isinstance(item, ast.FunctionDef) and item.name == name for item in node.body)


def _methods(name: str, fields: list[_Field], kw_only: bool, indent: str, *, has_replace: bool) -> str:
    """`FIELDS`, `ANNOTATIONS`, `DEFAULTS`, `__init__`, `replace` and `values`, as the metaclass makes them."""
    names = "".join(f"{f.name!r}, " for f in fields)
    annotations = ", ".join(f"{f.name!r}: {f.written!r}" for f in fields)
    defaults = ", ".join(f"{f.name!r}: {f.default}" for f in fields if f.default is not None)
    parameters = [f"{f.name}: {f.annotation}" + (f" = {f.default}" if f.default is not None else "") for f in fields]
    if kw_only and parameters:
        parameters.insert(0, "*")
    body = "".join(f"{indent}    self.{f.name} = {f.name}\n" for f in fields) or f"{indent}    pass\n"
    every = "".join(f"self.{f.name}, " for f in fields)
    out = [
        f"\n{indent}FIELDS: ClassVar[tuple[str, ...]] = ({names})\n",
        f"{indent}ANNOTATIONS: ClassVar[dict[str, str]] = {{{annotations}}}\n",
        f"{indent}DEFAULTS: ClassVar[dict[str, Any]] = {{{defaults}}}\n",
        f"\n{indent}def __init__({', '.join(['self', *parameters])}) -> None:\n{body}",
        f"\n{indent}def values(self) -> tuple[Any, ...]:\n{indent}    return ({every})\n",
    ]
    if not has_replace:
        keep = [f"{f.name}: {f.annotation} | _Kept = _KEPT" for f in fields]
        changed = ", ".join(
            (f"{f.name}=" if kw_only else "") + f"self.{f.name} if isinstance({f.name}, _Kept) else {f.name}"
            for f in fields
        )
        signature = ", ".join(["self", *(["*", *keep] if keep else [])])
        body = f"{indent}    return {name}({changed})\n"
        out.append(f"\n{indent}def replace({signature}) -> {name}:\n{body}")
    return "".join(out)


def _after_future_import(text: str, imports: str) -> str:
    """The module with `imports` (and `Any`, `ClassVar`) after its `from __future__` line."""
    if not imports:
        return text
    imports = "from typing import Any as Any, ClassVar as ClassVar\n" + imports
    marker = "from __future__ import annotations\n"
    if marker not in text:
        return imports + text
    return text.replace(marker, marker + imports, 1)
