"""The shape rules/README.md describes holds: every game package lists the same modules for the same roles,
no module or function is too long to read, and the explorer asks the rules rather than deciding them."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("attack_the_tower", "the_tower", "tower_defense")
SHAPED: tuple[str, ...] = GAMES
"""The games whose rules package and explorer panels are held to the shape: all of them (a new game joins
when its restructuring lands)."""

ROLES = {
    "__init__.py",
    "model.py",
    "actions.py",
    "events.py",
    "errors.py",
    "variants.py",
    "cards.py",
    "catalog.py",
    "metadata.py",
    "rulebook.py",
    "rule_ids.py",
    "text.py",
    "game.py",
    "descriptor.py",
    "balancing.py",
    "schema.py",
    "legality.py",
    "editing.py",
    "examples.py",
    "conformance.py",
    "cli.py",
    "engine/",
    "analysis/",
    "policies/",
    "data/",
}
"""What every game package holds, by the names rules/README.md gives their roles."""
OPTIONAL = {"observation.py", "places.py", "overrides.py", "compiled.py"}
"""Roles only some games have: what a player sees (the games with hidden information); where things stand on
a board with places of its own (Attack the Tower's units, Tower Defense's playing field); card overrides (the
games whose cards a sweep can change); what runs compiled to C (the games that compile any)."""
MAX_MODULE_LINES = 500
MAX_FUNCTION_LINES = 60
RECORD_METHODS = ("__init__", "replace")
"""A record's `__init__` and `replace` only set or copy each field, a line a field: their length is the record's
number of fields (Tower Defense's GameState has 35), not a tangle of steps, so the limit leaves them aside."""
GENERATED = {"rule_ids.py"}


def _top_level(game: str) -> set[str]:
    package = ROOT / "rules" / game
    names = {p.name for p in package.glob("*.py")}
    names |= {f"{p.name}/" for p in package.iterdir() if p.is_dir() and p.name != "__pycache__"}
    return names


def test_every_game_package_lists_the_same_modules_for_the_same_roles() -> None:
    for game in SHAPED:
        found = _top_level(game)
        assert ROLES - found == set(), f"{game} lacks {sorted(ROLES - found)}"
        extra = found - ROLES - OPTIONAL
        assert extra == set(), f"{game} has modules outside the shape: {sorted(extra)}"


def _python_files(*folders: str) -> list[Path]:
    files: list[Path] = []
    for folder in folders:
        files += sorted((ROOT / folder).rglob("*.py"))
    return [p for p in files if p.name not in GENERATED and "__pycache__" not in p.parts]


def _shaped(path: Path) -> bool:
    """Files under a game package count once that game is shaped; every other file counts now."""
    parts = path.relative_to(ROOT).parts
    return not (len(parts) > 1 and parts[1] in GAMES and parts[1] not in SHAPED)


@pytest.mark.parametrize("limit", [MAX_MODULE_LINES])
def test_no_module_is_longer_than_the_limit(limit: int) -> None:
    long = {
        str(p.relative_to(ROOT)): n
        for p in _python_files("rules", "explorer")
        if _shaped(p) and (n := len(p.read_text("utf-8").splitlines())) > limit
    }
    assert not long, f"modules over {limit} lines: {long}"


def _functions(tree: ast.AST) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    """Every function and method of a module, a record's field-by-field `__init__` and `replace` aside."""
    records = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef) and any(isinstance(b, ast.Name) and b.id == "Record" for b in node.bases)
    ]
    exempt = {id(f) for record in records for f in record.body if getattr(f, "name", "") in RECORD_METHODS}
    return [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and id(n) not in exempt]


def _long_functions(paths: list[Path], root: Path = ROOT) -> dict[str, int]:
    long = {}
    for path in paths:
        for function in _functions(ast.parse(path.read_text("utf-8"))):
            length = (function.end_lineno or function.lineno) - function.lineno + 1
            if length > MAX_FUNCTION_LINES:
                long[f"{path.relative_to(root)}:{function.name}"] = length
    return long


def test_no_function_is_longer_than_the_limit() -> None:
    long = _long_functions([p for p in _python_files("rules", "explorer") if _shaped(p)])
    assert not long, f"functions over {MAX_FUNCTION_LINES} lines: {long}"


def test_the_limit_finds_a_long_function_and_method_but_not_a_record_s_fields(tmp_path: Path) -> None:
    body = "\n".join(f"        x{i} = {i}" for i in range(MAX_FUNCTION_LINES))
    module = tmp_path / "long.py"
    module.write_text(
        f"def f():\n{body.replace('        ', '    ')}\n\n"
        f"class Panel:\n    def draw(self):\n{body}\n\n"
        f"class Position(Record):\n    def __init__(self):\n{body}\n",
        encoding="utf-8",
    )
    assert sorted(_long_functions([module], tmp_path)) == ["long.py:draw", "long.py:f"]


PUBLIC = {
    "game",
    "places",
    "schema",
    "model",
    "actions",
    "events",
    "errors",
    "variants",
    "cards",
    "catalog",
    "metadata",
    "observation",
    "rulebook",
    "text",
    "editing",
    "examples",
    "engine",
    "analysis",
    "policies",
}
"""The modules of a game package the explorer may import: its public API (not an engine phase's module)."""


def _rules_imports(path: Path) -> list[tuple[str, str]]:
    """(module, name) for every `from rules... import name` and (module, "") for `import rules...`."""
    found: list[tuple[str, str]] = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("rules"):
            found += [(node.module, alias.name) for alias in node.names]
        elif isinstance(node, ast.Import):
            found += [(alias.name, "") for alias in node.names if alias.name.startswith("rules")]
    return found


def test_the_explorer_imports_only_the_public_rules_api() -> None:
    wrong = []
    for path in _python_files("explorer"):
        if not _shaped(path):
            continue
        for module, name in _rules_imports(path):
            parts = module.split(".")
            where = f"{path.relative_to(ROOT)}: from {module} import {name}"
            if name.startswith("_"):
                wrong.append(f"{where} (a private name)")
            elif len(parts) > 1 and parts[1] in SHAPED:
                role = parts[2] if len(parts) > 2 else name
                if role not in PUBLIC or len(parts) > 3:
                    wrong.append(f"{where} (not the game's public API)")
                elif role == "engine" and len(parts) == 3 and name not in _engine_public(parts[1]):
                    wrong.append(f"{where} (not in the engine's __all__)")
    assert not wrong, "\n".join(wrong)


def _engine_public(game: str) -> set[str]:
    """What `game`'s engine names public: its `__all__`, else every name without a leading underscore."""
    module = importlib.import_module(f"rules.{game}.engine")
    return set(getattr(module, "__all__", [n for n in vars(module) if not n.startswith("_")]))


def _engine_attributes(path: Path, game: str) -> set[str]:
    """The names a module reads off `game`'s engine imported as a module (`engine.allocation_request`)."""
    tree = ast.parse(path.read_text("utf-8"))
    aliases = {
        alias.asname or alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module == f"rules.{game}"
        for alias in node.names
        if alias.name == "engine"
    }
    return {
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases
    }


@pytest.mark.parametrize("game", SHAPED)
def test_the_explorer_asks_the_engine_only_what_it_names_public(game: str) -> None:
    """A panel asks the engine's public questions (its `__all__`), never a phase module or a helper behind it."""
    public = _engine_public(game)
    wrong = {
        f"{path.relative_to(ROOT)}: engine.{name}"
        for path in _python_files(f"explorer/{game}")
        for name in _engine_attributes(path, game) - public
    }
    assert not wrong, "\n".join(sorted(wrong))


PANELS = {
    "attack_the_tower": "AttackTheTowerPanel",
    "the_tower": "TheTowerPanel",
    "tower_defense": "TowerDefensePanel",
}


@pytest.mark.parametrize("game", SHAPED)
def test_every_game_panel_is_built_on_the_one_panel_base(game: str) -> None:
    """State, log, share codes, files, branches, keys, layout and the busy state come from SessionPanel, the
    presenter view from Presenting; the game's panel adds only what is particular to it."""
    from explorer.presenter import Presenting
    from explorer.session_panel import SessionPanel

    panel = getattr(importlib.import_module(f"explorer.{game}.panel"), PANELS[game])
    assert issubclass(panel, SessionPanel) and issubclass(panel, Presenting)
    shared = {name for name in vars(SessionPanel) if not name.startswith("__")}
    redefined = shared & set(vars(panel))
    # what the position left leaves behind, how far back goes, a new board's selection cleared, and the game's own
    # words and board
    hooks = {"_moved", "_back_steps", "load_example", "summary", "_repr_html_"}
    assert redefined <= hooks, f"{panel.__name__} writes again {sorted(redefined - hooks)}"
