"""The Attack the Tower rulebook registry: quotes stand in their seeds, cited ids exist, docs are current."""

from __future__ import annotations

import ast
import importlib.util
import itertools
import os
import re
from pathlib import Path

import pytest

from rules import rulebooks
from rules.attack_the_tower.armies import ARMY_IDS, army
from rules.attack_the_tower.rulebook import RULEBOOK

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT.parent / "shared" / "seeds"
PACKAGE = ROOT / "rules" / "attack_the_tower"

RULE_ARGUMENT = {"_require": 2, "IllegalAction": 1}
"""Calls whose positional argument at this index is a rule id (as `_require(ok, message, rule)`)."""


def _collapsed(text: str) -> str:
    """Text compared as a test reads it: whitespace runs as one space, case ignored."""
    return re.sub(r"\s+", " ", text).strip().casefold()


def _strings(node: ast.AST) -> set[str]:
    """Every string an expression can evaluate to, as far as its literals tell (dict keys and tests aside)."""
    if isinstance(node, ast.Constant):
        return {node.value} if isinstance(node.value, str) else set()
    if isinstance(node, ast.IfExp):
        return _strings(node.body) | _strings(node.orelse)
    if isinstance(node, ast.JoinedStr):
        parts = [_strings(v.value) if isinstance(v, ast.FormattedValue) else _strings(v) for v in node.values]
        return {"".join(p) for p in itertools.product(*parts)}
    if isinstance(node, ast.Dict):
        return set().union(*(_strings(v) for v in node.values))
    if isinstance(node, ast.Compare):
        return set()
    return set().union(set(), *(_strings(child) for child in ast.iter_child_nodes(node)))


def _rule_expressions(tree: ast.AST) -> list[ast.expr]:
    """The expressions that give a rule id: `rule=` arguments, the rule argument of `_require` and
    `IllegalAction`, values assigned to a variable `rule`, and what functions named `*_rule` return."""
    found: list[ast.expr] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            found += [k.value for k in node.keywords if k.arg == "rule"]
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            index = RULE_ARGUMENT.get(name)
            if index is not None and len(node.args) > index:
                found.append(node.args[index])
        elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "rule" for t in node.targets):
            found.append(node.value)
        elif isinstance(node, ast.FunctionDef) and node.name.endswith("_rule"):
            found += [r.value for r in ast.walk(node) if isinstance(r, ast.Return) and r.value is not None]
    return found


def cited_rule_ids() -> dict[str, str]:
    """Every rule id the package's code cites, with the file that cites it first."""
    cited: dict[str, str] = {}
    for path in sorted(PACKAGE.glob("*.py")):
        if path.name == "rulebook.py":
            continue
        for expression in _rule_expressions(ast.parse(path.read_text("utf-8"))):
            for rule in _strings(expression):
                cited.setdefault(rule, path.name)
    return cited


def test_every_quote_stands_in_its_seed() -> None:
    # Each quote is read from the seed after collapsing whitespace, case ignored (000 and 001 are capitals).
    if not SEEDS.is_dir():
        # CI always has shared/ beside the clone: there, a missing seed folder is a failure.
        assert not os.environ.get("CI"), f"the source documents are missing ({SEEDS})"
        pytest.skip(f"the source documents are not beside the repository ({SEEDS})")
    seeds = {name: _collapsed((SEEDS / name).read_text("utf-8")) for name in RULEBOOK.sources}
    missing = [
        f"{s.source[:3]} [{s.rule}]: {s.quote!r}"
        for s in RULEBOOK.sentences()
        if s.source not in seeds or _collapsed(s.quote) not in seeds[s.source]
    ]
    assert not missing, "quotes not found in their seed:\n" + "\n".join(missing)


def test_the_scan_finds_rule_ids_in_every_form_the_code_uses() -> None:
    # Guards the scanner: ids cited as rule=, in _require, in IllegalAction, via a variable, via an f-string.
    cited = cited_rule_ids()
    for rule in (
        "battles.3 leftover",  # rule="..."
        "variant.attacks_per_territory",  # _require(..., rule)
        "palace",  # IllegalAction(message, rule)
        "traits.initiative",  # rule = "..." if ... else "..."
        "battles.4 unmanned",  # returned by _stage_rule
        "battles.3 initiative",  # f"battles.{'3 initiative' if ... else '4 regular'}"
    ):
        assert rule in cited, f"the scan misses {rule!r}"
    assert not any(r.startswith("battles.{") or r.endswith(".") for r in cited), sorted(cited)


def test_every_rule_id_the_code_cites_is_registered() -> None:
    registered = RULEBOOK.rule_ids()
    unknown = {rule: where for rule, where in cited_rule_ids().items() if rule not in registered}
    assert not unknown, f"rule ids cited in the code but not in rulebook.RULEBOOK: {unknown}"


def test_docs_rules_md_is_up_to_date() -> None:
    docs = (ROOT / "docs" / "rules.md").read_text("utf-8")
    assert docs == rulebooks.render(), "docs/rules.md is out of date: run `make docs`"


def test_every_section_has_sentences_and_implemented_ones_name_real_modules() -> None:
    for section in RULEBOOK.sections:
        assert section.sentences, f"section {section.title!r} has no sentence"
    for s in RULEBOOK.sentences():
        if s.status == "implemented":
            modules = [m.strip() for m in s.where.split(",") if m.strip()]
            assert modules, f"[{s.rule}] {s.quote!r} is implemented but names no module"
            for module in modules:
                assert importlib.util.find_spec(module) is not None, f"[{s.rule}] names {module}, which is missing"
        elif s.status == "not yet":
            assert s.note, f"[{s.rule}] {s.quote!r} is not implemented yet but gives no reason"


def test_the_army_tables_show_every_card_of_the_data() -> None:
    # The notes are built from the data files: every card appears with its copies and its status.
    lines = RULEBOOK.render_markdown().splitlines()

    def row(start: str) -> str:
        return next((line for line in lines if line.startswith(start)), "")

    for army_id in ARMY_IDS:
        a = army(army_id)
        for b in a.bases:
            copies = f"{b.copies} (assumed)" if b.assumed else str(b.copies)
            assert f"| {copies} |" in row(f"| {b.name} | {b.troop_name} |"), b.id
        for c in a.abilities:
            status = "implemented" if c.not_implemented is None else f"not yet: {c.not_implemented}"
            if c.reading is not None:
                status += f"; read as: {c.reading}"
            copies = f"{c.copies} (assumed)" if c.copies_assumed else str(c.copies)
            ability_row = row(f"| {c.name} |")
            assert f'"{c.text}"' in ability_row and f"| {copies} | {status} |" in ability_row, c.id
