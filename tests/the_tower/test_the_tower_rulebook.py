"""The Tower's rulebook registry: every quote stands in seed 002, every cited rule id is registered."""

from __future__ import annotations

import ast
import importlib.util
import os
import re
from pathlib import Path

import pytest

from rules.the_tower.rulebook import RULEBOOK, SEED
from rules.the_tower.variants import Rules

ROOT = Path(__file__).resolve().parents[2]
SEED_FILE = ROOT.parent / "shared" / "seeds" / SEED
PACKAGE = ROOT / "rules" / "the_tower"
RULE_ARGUMENT = {"_require": 2, "IllegalAction": 1}
"""Calls whose positional argument at this index is a rule id."""


def _collapsed(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().casefold()


def _literal_strings(node: ast.AST) -> set[str]:
    """The plain strings an expression can give (both arms of a conditional; f-strings left out)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.IfExp):
        return _literal_strings(node.body) | _literal_strings(node.orelse)
    return set()


def cited_rule_ids() -> dict[str, str]:
    """Every literal rule id the package cites (rule=..., _require, IllegalAction), with its file."""
    cited: dict[str, str] = {}
    for path in sorted(PACKAGE.glob("*.py")):
        if path.name == "rulebook.py":
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            found = [k.value for k in node.keywords if k.arg == "rule"]
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            index = RULE_ARGUMENT.get(name)
            if index is not None and len(node.args) > index:
                found.append(node.args[index])
            for expression in found:
                for rule in _literal_strings(expression):
                    cited.setdefault(rule, path.name)
    return cited


def test_every_quote_stands_in_the_seed() -> None:
    # Each quote is found in 002 after collapsing whitespace, case ignored.
    if not SEED_FILE.is_file():
        assert not os.environ.get("CI"), f"the source document is missing ({SEED_FILE})"
        pytest.skip(f"the source document is not beside the repository ({SEED_FILE})")
    seed = _collapsed(SEED_FILE.read_text("utf-8"))
    missing = [f"[{s.rule}] {s.quote!r}" for s in RULEBOOK.sentences() if _collapsed(s.quote) not in seed]
    assert not missing, "quotes not found in 002:\n" + "\n".join(missing)


def test_every_sentence_of_the_seed_is_registered() -> None:
    # Every line of prose of 002 (headings and table cells aside) stands in some quote.
    if not SEED_FILE.is_file():
        pytest.skip("the source document is not beside the repository")
    quotes = " | ".join(_collapsed(s.quote) for s in RULEBOOK.sentences())
    for line in SEED_FILE.read_text("utf-8").splitlines():
        text = _collapsed(line.lstrip("- "))
        if len(text.split()) < 4 or "\t" in line:
            continue
        for sentence in re.split(r"(?<=[.!)]) (?=[A-Z“])", line.strip().lstrip("- ")):
            assert _collapsed(sentence).rstrip(".") in quotes, f"not registered: {sentence!r}"


def test_the_scan_sees_each_way_the_code_cites_a_rule() -> None:
    cited = cited_rule_ids()
    for rule in ("fight.suit", "fight.double", "fight.colour", "end.win", "actions.spend", "turn.order"):
        assert rule in cited, f"the scan misses {rule!r}"


def test_every_rule_id_the_code_cites_is_registered() -> None:
    registered = RULEBOOK.rule_ids()
    unknown = {rule: where for rule, where in cited_rule_ids().items() if rule not in registered}
    assert not unknown, f"rule ids cited in the code but not in rulebook.RULEBOOK: {unknown}"


def test_implemented_sentences_name_real_modules() -> None:
    for s in RULEBOOK.sentences():
        if s.status == "implemented":
            modules = [m.strip() for m in s.where.split(",") if m.strip()]
            assert modules, f"[{s.rule}] {s.quote!r} is implemented but names no module"
            for module in modules:
                parts = module.split(".")
                found = any(importlib.util.find_spec(".".join(parts[:n])) is not None for n in range(len(parts), 2, -1))
                assert found, f"[{s.rule}] names {module}, which is missing"


def test_every_rules_field_is_described_and_rendered() -> None:
    text = RULEBOOK.render_markdown()
    for name, info in Rules.model_fields.items():
        assert info.description, f"Rules.{name} has no description"
        assert f"`{name}`" in text
    assert "## The Tower" in text and "Cannot use Clovers against Clovers" in text
