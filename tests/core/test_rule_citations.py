"""Every rule id the code of each game cites, in any form, is registered in that game's rulebook: the ids are
read from the syntax tree - `rule=` keywords and the rule argument of the error helpers, positional or not."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from rules import rulebooks
from rules.attack_the_tower.rulebook import RULEBOOK as ATTACK_THE_TOWER
from rules.core.rulebook import Rulebook
from rules.the_tower.rulebook import RULEBOOK as THE_TOWER
from rules.tower_defense.rulebook import RULEBOOK as TOWER_DEFENSE

RULE_POSITION = {"IllegalAction": 1, "IllegalPosition": 1, "require": 2, "_require": 2}
"""The calls that take a rule id positionally, and where."""


def cited_rule_ids(package: Path) -> dict[str, list[str]]:
    """Each literal rule id cited under `package`, with the places (file:line) that cite it."""
    found: dict[str, list[str]] = {}
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            values = [k.value for k in node.keywords if k.arg == "rule"]
            position = RULE_POSITION.get(name)
            if position is not None and len(node.args) > position:
                values.append(node.args[position])
            for value in values:
                if isinstance(value, ast.Constant) and isinstance(value.value, str):
                    found.setdefault(value.value, []).append(f"{path.name}:{node.lineno}")
    return found


ROOT = Path(__file__).resolve().parents[2]
GAMES: dict[str, Rulebook] = {
    "attack_the_tower": ATTACK_THE_TOWER,
    "the_tower": THE_TOWER,
    "tower_defense": TOWER_DEFENSE,
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_cited_rule_id_is_registered(game: str) -> None:
    registered = GAMES[game].rule_ids()
    cited = cited_rule_ids(ROOT / "rules" / game)
    missing = {
        rule: where for rule, where in cited.items() if rule not in registered and not rule.startswith("variant.")
    }
    assert not missing, missing


def test_the_scan_sees_positional_and_keyword_citations(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text(
        'raise IllegalAction("no", "a.positional")\n'
        '_require(ok, "no", "b.helper")\n'
        'Said(rule="c.keyword", text="x")\n'
        'IllegalAction("no", rule="d.keyword")\n'
    )
    assert sorted(cited_rule_ids(tmp_path)) == ["a.positional", "b.helper", "c.keyword", "d.keyword"]


def test_each_games_rule_id_type_is_up_to_date() -> None:
    for path, text in rulebooks.rule_id_modules().items():
        assert path.read_text("utf-8") == text, f"{path} is out of date: run `make docs`"


def test_mypy_refuses_a_rule_id_that_is_not_registered(tmp_path: Path) -> None:
    from mypy import api

    lines = []
    for game in GAMES:
        lines += [
            f"from rules.{game}.errors import IllegalAction as Refused_{game}",
            f"from rules.{game}.events import Said as Said_{game}",
            f'Said_{game}(rule="no such rule", text="x")',
            f'Refused_{game}("no", "no such rule either")',
        ]
    (tmp_path / "citations.py").write_text("\n".join(lines) + "\n")
    out, _, status = api.run([str(tmp_path / "citations.py"), "--no-incremental", "--follow-imports=silent"])
    assert status == 1
    refused = sorted(int(line.split(":")[1]) for line in out.splitlines() if "[arg-type]" in line)
    assert refused == sorted(4 * i + k for i in range(len(GAMES)) for k in (3, 4)), out
