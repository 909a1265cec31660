"""The rulebook registry of The Tower: every sentence of seed 002 and what the code does of it, read from
data/rulebook.toml (see rules.core.rulebook for the file's shape)."""

from __future__ import annotations

from pathlib import Path

from rules.core.rulebook import load_rulebook
from rules.the_tower.variants import Rules

RULEBOOK = load_rulebook(Path(__file__).with_name("data") / "rulebook.toml", Rules)
