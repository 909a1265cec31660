"""Write the exported scenario tests of this folder again: `.venv/bin/python tests/scenarios/export_scenarios.py`.

Each starts from a position the notebooks show and follows the line that always takes the first legal action
(or chance outcome), exported by rules.line_export as `tower-rules <game> export-test` would. Run it when a
deliberate change of the engine alters one of these lines, and review the difference.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from rules.line_export import GAMES, export_test  # noqa: E402

SCENARIOS = (
    ("attack-the-tower", "mid-game-battle", 12, "notebooks/attack-the-tower/02-combat-walkthrough.ipynb"),
    ("attack-the-tower", "palace-assault", 12, "notebooks/attack-the-tower/02-combat-walkthrough.ipynb"),
    ("the-tower", "pictured-fight", 10, "notebooks/the-tower/01-the-tower.ipynb"),
    ("tower-defense", "movement-example", 10, "notebooks/tower-defense/01-tower-defense.ipynb"),
)


def first_line(slug: str, example: str, count: int) -> tuple[Any, list[Any]]:
    """The example position and up to `count` actions, each the first legal one."""
    exported = GAMES[slug]
    game = exported.game
    package = exported.game_module.rsplit(".", 1)[0]
    position = importlib.import_module(f"{package}.examples").example(example)
    state, line = position, []
    for _ in range(count):
        if game.is_terminal(state):
            break
        action = game.legal_actions(state)[0]
        state, _ = game.apply(state, action)
        line.append(action)
    return position, line


def main(argv: list[str] | None = None) -> None:
    """Write every scenario file again (the command takes no option: `--help` says so and writes nothing)."""
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args(argv)
    for slug, example, count, notebook in SCENARIOS:
        position, line = first_line(slug, example, count)
        about = (
            f"The {example!r} example (shown in {notebook}), then the first legal action at each of "
            f"{len(line)} steps. Written by tests/scenarios/export_scenarios.py."
        )
        name = f"test_scenario_{slug.replace('-', '_')}_{example.replace('-', '_')}.py"
        (Path(__file__).parent / name).write_text(export_test(GAMES[slug], position, line, about=about))
        print(name)


if __name__ == "__main__":
    main()
