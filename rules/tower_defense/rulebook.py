"""The rulebook registry of Tower Defense: every sentence of seed 003 and what the code does of it, read from
data/rulebook.toml (see rules.core.rulebook for the file's shape), with notes listing every number of the
data files, those the rulebook prints and those assumed, generated from the data files themselves.
"""

from __future__ import annotations

from pathlib import Path

from rules.core.rulebook import load_rulebook
from rules.tower_defense import catalog
from rules.tower_defense.variants import Rules


def _notes() -> tuple[str, ...]:
    given, assumed = catalog.provenance()
    return (
        "#### Numbers the rulebook prints\n\n" + "\n".join(f"- {line}" for line in given),
        "#### Numbers assumed (not in the rulebook; each marked `assumed: true` in the data files)\n\n"
        + "\n".join(f"- {line}" for line in assumed),
    )


RULEBOOK = load_rulebook(Path(__file__).with_name("data") / "rulebook.toml", Rules, _notes)
