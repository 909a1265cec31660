"""The generic tools name no game: each reads the game's descriptor from the registry (rules/registry.py, the one
module that lists the games), so a new game is one package and one registration."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GENERIC = (
    "rules/core",
    "rules/sweeps",
    "rules/openspiel",
    "rules/cli.py",
    "rules/conformance.py",
    "rules/line_export.py",
    "rules/rulebooks.py",
)
GAME_NAMES = re.compile(r"attack[ _-]the[ _-]tower|the[ _-]tower\b|tower[ _-]defen[cs]e", re.IGNORECASE)


def naming_lines(root: Path, places: tuple[str, ...]) -> list[str]:
    """Every line of the Python modules under `places` that names one of the three games."""
    found = []
    for place in places:
        where = root / place
        for path in sorted(where.rglob("*.py") if where.is_dir() else [where]):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if GAME_NAMES.search(line):
                    found.append(f"{path.relative_to(root)}:{number}: {line.strip()}")
    return found


def test_no_generic_module_names_a_game() -> None:
    assert naming_lines(ROOT, GENERIC) == []


def test_the_check_sees_each_way_a_game_is_written(tmp_path: Path) -> None:
    (tmp_path / "rules").mkdir()
    written = ["attack-the-tower", "rules.the_tower", "Tower Defense", "the tower", "TOWER_DEFENSE", "Attack the Tower"]
    (tmp_path / "rules" / "tool.py").write_text("\n".join(f"# {w}" for w in [*written, "a tower"]), encoding="utf-8")
    assert len(naming_lines(tmp_path, ("rules",))) == len(written)
