"""No function in `rules/` or `explorer/` runs over 60 lines: a longer one is split into steps with their own names.

A record's `__init__` and `replace` are the exception: they only set or copy each field, one line a field, so
their length is the record's number of fields (Tower Defense's GameState has 35), not a tangle of steps."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 60
RECORD_METHODS = ("__init__", "replace")


def _record_classes(tree: ast.Module) -> set[str]:
    """The classes of a module that derive from Record (directly: every record does)."""
    return {
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef) and any(isinstance(b, ast.Name) and b.id == "Record" for b in node.bases)
    }


def long_functions(root: Path, folders: tuple[str, ...] = ("rules", "explorer")) -> list[str]:
    """Every function (method, nested function) over LIMIT lines under `folders` of `root`, record fields aside."""
    found = []
    for folder in folders:
        for path in sorted((root / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            records = _record_classes(tree)
            for node in ast.walk(tree):
                exempt: set[int] = set()
                if isinstance(node, ast.ClassDef) and node.name in records:
                    exempt = {id(f) for f in node.body if getattr(f, "name", "") in RECORD_METHODS}
                for child in ast.iter_child_nodes(node):
                    if not isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) or id(child) in exempt:
                        continue
                    assert child.end_lineno is not None
                    length = child.end_lineno - child.lineno + 1
                    if length > LIMIT:
                        found.append(f"{path.relative_to(root)}:{child.lineno} {child.name} ({length} lines)")
    return found


def test_no_function_in_rules_or_explorer_runs_over_60_lines() -> None:
    assert long_functions(ROOT) == []


def test_the_check_finds_a_long_function_and_a_long_method_but_not_a_record_s_fields(tmp_path: Path) -> None:
    body = "\n".join(f"        x{i} = {i}" for i in range(LIMIT))
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "long.py").write_text(
        f"def f():\n{body.replace('        ', '    ')}\n\n"
        f"class Panel:\n    def draw(self):\n{body}\n\n"
        f"class Position(Record):\n    def __init__(self):\n{body}\n",
        encoding="utf-8",
    )
    assert [line.split(" ")[1] for line in long_functions(tmp_path, ("rules",))] == ["f", "draw"]
