"""The rulebook registry: every quote stands in seed 003, every rule the code cites is registered."""

from __future__ import annotations

import re
from pathlib import Path

from rules.tower_defense.rulebook import RULEBOOK, SOURCE

ROOT = Path(__file__).resolve().parents[2]


def _seed_text() -> str:
    for base in (ROOT.parent / "shared" / "seeds", ROOT / "shared" / "seeds", Path("/work/shared/seeds")):
        if (base / SOURCE).exists():
            return (base / SOURCE).read_text(encoding="utf-8")
    raise FileNotFoundError(SOURCE)


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().lower()


def test_every_quote_is_in_the_seed() -> None:
    seed = _norm(_seed_text())
    missing = [s.quote for s in RULEBOOK.sentences() if _norm(s.quote) not in seed]
    assert not missing


def test_every_status_has_its_reason() -> None:
    for s in RULEBOOK.sentences():
        if s.status == "implemented":
            assert s.where, s.quote
        if s.status == "not yet":
            assert s.note, s.quote


def test_every_cited_rule_is_registered() -> None:
    ids = RULEBOOK.rule_ids()
    source = "\n".join(p.read_text() for p in (ROOT / "rules" / "tower_defense").glob("*.py"))
    cited = set(re.findall(r'rule="([^"{]+)"', source)) | set(re.findall(r'"(phase\.[0-9A-H]+ [a-z ]+)"', source))
    cited |= {f"phase.{n} {name}" for n, name in enumerate(("tracker", "waves", "movement", "energize", "income"), 1)}
    missing = {r for r in cited if r not in ids and not r.startswith("variant.")}
    assert not missing


def test_the_registry_renders_with_its_notes() -> None:
    text = RULEBOOK.render_markdown()
    assert "## Tower Defense" in text and "Numbers the rulebook prints" in text and "Numbers assumed" in text
    assert "`wave_movement`" in text
