"""The import graph of rules/ and explorer/ has no cycle, and no game package imports a layer above it.

Every import that runs counts, at module level or inside a function (`if TYPE_CHECKING:` blocks aside: they
never run); `from package import name` counts as importing the submodule `package.name` when there is one,
as grimp and import-linter read it."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("rules.attack_the_tower", "rules.the_tower", "rules.tower_defense")
BELOW_A_GAME = ("rules.core",)
"""What a game package may import of this project besides itself."""
KNOWN_CLIMBS = {"rules.attack_the_tower.policies.training -> rules.sweeps.cluster"}
"""Climbs not yet removed, each a deferred import: the offline training script of the learned evaluation plays
its recorded games on a Dask cluster (`--workers`); it belongs with the tools above the games."""


def _modules() -> dict[str, Path]:
    found = {}
    for top in ("rules", "explorer"):
        for path in (ROOT / top).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


MODULES = _modules()


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(node: ast.AST, module: str, package: bool) -> Iterator[str]:
    """Every project module `node` imports when it runs."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _is_type_checking(child):
            for other in child.orelse:
                yield from _imports(other, module, package)
            continue
        if isinstance(child, ast.Import):
            yield from (a.name for a in child.names)
        elif isinstance(child, ast.ImportFrom):
            base = child.module or ""
            if child.level:
                parts = module.split(".") if package else module.split(".")[:-1]
                base = ".".join(parts[: len(parts) - child.level + 1] + ([child.module] if child.module else []))
            yield from (f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in child.names)
        yield from _imports(child, module, package)


def graph() -> dict[str, set[str]]:
    """Each module of rules/ and explorer/ and the modules of the project it imports."""
    out = {}
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found = _imports(tree, name, path.name == "__init__.py")
        out[name] = {m for m in found if m in MODULES and m != name}
    return out


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_rules_and_explorer_have_no_import_cycle() -> None:
    assert cycles(graph()) == []


def test_no_import_climbs_from_a_game_package_to_a_layer_above_it() -> None:
    climbs = []
    for module, imported in graph().items():
        game = next((g for g in GAMES if module == g or module.startswith(f"{g}.")), None)
        if game is None:
            continue
        allowed = (game, *BELOW_A_GAME)
        climbs += [
            f"{module} -> {m}" for m in sorted(imported) if not any(m == a or m.startswith(f"{a}.") for a in allowed)
        ]
    assert sorted(set(climbs) - KNOWN_CLIMBS) == []
    assert set(climbs) >= KNOWN_CLIMBS, "a known climb is gone: remove it from KNOWN_CLIMBS"
