"""The rulebook registries of all three games, read from their data files: every quote stands in its seed,
every rule id the code cites (in any form) is registered, every `where` names code that exists, and the
generated docs/rules.md and rule_ids.py are current."""

from __future__ import annotations

import ast
import itertools
import re
from pathlib import Path

import pytest

from rules import rulebooks
from rules.attack_the_tower.rulebook import RULEBOOK as ATTACK_THE_TOWER
from rules.core.rulebook import Rulebook, RulebookError, load_rulebook
from rules.the_tower.rulebook import RULEBOOK as THE_TOWER
from rules.tower_defense.rulebook import RULEBOOK as TOWER_DEFENSE
from tests.source_documents import SEEDS, require_source_documents

ROOT = Path(__file__).resolve().parents[2]
GAMES: dict[str, Rulebook] = {
    "attack_the_tower": ATTACK_THE_TOWER,
    "the_tower": THE_TOWER,
    "tower_defense": TOWER_DEFENSE,
}
RULE_POSITION = {"IllegalAction": 1, "IllegalPosition": 1, "require": 2, "_require": 2}
"""The calls that take a rule id positionally, and where."""


def _collapsed(text: str) -> str:
    """Text compared as a reader compares it: whitespace runs as one space, case ignored."""
    return re.sub(r"\s+", " ", text).strip().casefold()


def _strings(node: ast.AST) -> set[str]:
    """Every string an expression can give, as far as its literals tell (both arms of a conditional, each
    combination of an f-string's parts; comparisons left out)."""
    if isinstance(node, ast.Constant):
        return {node.value} if isinstance(node.value, str) else set()
    if isinstance(node, ast.IfExp):
        return _strings(node.body) | _strings(node.orelse)
    if isinstance(node, ast.JoinedStr):
        parts = [_strings(v.value) if isinstance(v, ast.FormattedValue) else _strings(v) for v in node.values]
        return {"".join(p) for p in itertools.product(*parts)}
    if isinstance(node, ast.Compare):
        return set()
    return set().union(set(), *(_strings(child) for child in ast.iter_child_nodes(node)))


def _rule_expressions(tree: ast.AST) -> list[ast.expr]:
    """The expressions that give a rule id: `rule=` arguments, the rule argument of the refusal helpers,
    values assigned to a variable `rule`, and what functions named `*_rule` return."""
    found: list[ast.expr] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            found += [k.value for k in node.keywords if k.arg == "rule"]
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            index = RULE_POSITION.get(name)
            if index is not None and len(node.args) > index:
                found.append(node.args[index])
        elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "rule" for t in node.targets):
            found.append(node.value)
        elif isinstance(node, ast.FunctionDef) and node.name.endswith("_rule"):
            found += [r.value for r in ast.walk(node) if isinstance(r, ast.Return) and r.value is not None]
    return found


def cited_rule_ids(package: Path) -> dict[str, list[str]]:
    """Each rule id cited under `package`, with the places (file:line) that cite it."""
    cited: dict[str, list[str]] = {}
    for path in sorted(package.rglob("*.py")):
        if path.name == "rule_ids.py":
            continue
        for expression in _rule_expressions(ast.parse(path.read_text("utf-8"))):
            for rule in _strings(expression):
                cited.setdefault(rule, []).append(f"{path.relative_to(package)}:{expression.lineno}")
    return cited


def test_the_scan_sees_every_form_of_citation(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text(
        'raise IllegalAction("no", "a.positional")\n'
        '_require(ok, "no", "b.helper")\n'
        'Said(rule="c.keyword", text="x")\n'
        'IllegalAction("no", rule="d.keyword")\n'
        'rule = "e.variable" if ok else "f.other arm"\n'
        'def _stage_rule(x):\n    return "g.returned"\n'
        "Said(rule=f\"battles.{'3 initiative' if x else '4 regular'}\", text='x')\n"
    )
    assert sorted(cited_rule_ids(tmp_path)) == [
        "a.positional",
        "b.helper",
        "battles.3 initiative",
        "battles.4 regular",
        "c.keyword",
        "d.keyword",
        "e.variable",
        "f.other arm",
        "g.returned",
    ]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_rule_id_the_code_cites_is_registered(game: str) -> None:
    registered = GAMES[game].rule_ids()
    cited = cited_rule_ids(ROOT / "rules" / game)
    assert len(cited) > 10, "the scan finds the game's citations"
    unknown = {
        rule: where for rule, where in cited.items() if rule not in registered and not rule.startswith("variant.")
    }
    assert not unknown, f"cited in the code but not in data/rulebook.toml: {unknown}"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_quote_stands_in_its_seed(game: str) -> None:
    # Each quote is read from its seed after collapsing whitespace, case ignored (000 and 001 are capitals).
    book = GAMES[game]
    require_source_documents(SEEDS)
    seeds = {name: _collapsed((SEEDS / name).read_text("utf-8")) for name in book.sources}
    missing = [
        f"{s.source[:3]} [{s.rule}]: {s.quote!r}"
        for s in book.sentences()
        if _collapsed(s.quote) not in seeds[s.source]
    ]
    assert not missing, "quotes not found in their seed:\n" + "\n".join(missing)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_sentence_says_where_or_why(game: str) -> None:
    book = GAMES[game]
    for section in book.sections:
        assert section.sentences, f"section {section.title!r} has no sentence"
    for s in book.sentences():
        if s.status == "implemented":
            assert s.where and all(ref.startswith(f"rules.{game}.") or ref.startswith("rules.core.") for ref in s.where)
        elif s.status == "not yet":
            assert s.note, f"[{s.rule}] {s.quote!r} is not implemented yet but gives no reason"
        else:
            assert not s.where


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_rules_field_is_described_and_rendered(game: str) -> None:
    book = GAMES[game]
    assert book.rules_config is not None
    text = book.render_markdown()
    assert f"## {book.game}" in text
    for name, info in book.rules_config.model_fields.items():
        assert info.description, f"{book.game}: Rules.{name} has no description"
        assert f"`{name}`" in text


BOOK = """
game = "A game"
sources = ["002_a9296fe92b3d9afa.txt"]

[[sections]]
title = "Fight"
source = "002_a9296fe92b3d9afa.txt"
status = "implemented"

[[sections.sentences]]
rule = "fight.suit"
quote = "You cannot use the same suit as the room card."
where = ["WHERE"]
"""


def test_a_where_that_names_missing_code_fails_when_the_rulebook_loads(tmp_path: Path) -> None:
    path = tmp_path / "rulebook.toml"
    path.write_text(BOOK.replace("WHERE", "rules.the_tower.engine:legal_actions"))
    assert load_rulebook(path).sentences()[0].where == ("rules.the_tower.engine:legal_actions",)
    path.write_text(BOOK.replace("WHERE", "rules.the_tower.engine:no_such_function"))
    with pytest.raises(RulebookError, match=r"rules\.the_tower\.engine has no no_such_function"):
        load_rulebook(path)
    path.write_text(BOOK.replace("WHERE", "rules.the_tower.no_such_module:apply"))
    with pytest.raises(RulebookError, match=r"no module rules\.the_tower\.no_such_module"):
        load_rulebook(path)


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (('where = ["WHERE"]', 'where = ["the engine"]'), "is not module:symbol"),
        (('where = ["WHERE"]', "where = []"), "implemented, but where is empty"),
        (('status = "implemented"', 'status = "not yet"'), "not yet, with no reason"),
        (('status = "implemented"', 'status = "no rule"'), "no rule, but where names code"),
        (("source = ", "origin = "), "Extra inputs are not permitted"),
        (('source = "002', 'source = "004'), "is not among the rulebook's sources"),
    ],
)
def test_a_malformed_rulebook_file_is_refused_with_the_problem(
    tmp_path: Path, change: tuple[str, str], problem: str
) -> None:
    path = tmp_path / "rulebook.toml"
    path.write_text(BOOK.replace(*change, 1).replace("WHERE", "rules.the_tower.engine:apply"))
    with pytest.raises(RulebookError, match=problem):
        load_rulebook(path)


def test_docs_rules_md_is_up_to_date() -> None:
    docs = (ROOT / "docs" / "rules.md").read_text("utf-8")
    assert docs == rulebooks.render(), "docs/rules.md is out of date: run `make docs`"


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
