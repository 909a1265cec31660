"""The Tower's rulebook covers seed 002 whole: every line of its prose stands in some registered quote (the
checks every registry shares are in tests/core/test_rulebooks.py)."""

from __future__ import annotations

import re

from rules.the_tower.rulebook import RULEBOOK
from tests.source_documents import SEEDS, require_source_documents

SEED_FILE = SEEDS / RULEBOOK.sources[0]


def _collapsed(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().casefold()


def test_every_sentence_of_the_seed_is_registered() -> None:
    # Every line of prose of 002 (headings and table cells aside) stands in some quote.
    require_source_documents(SEED_FILE)
    quotes = " | ".join(_collapsed(s.quote) for s in RULEBOOK.sentences())
    for line in SEED_FILE.read_text("utf-8").splitlines():
        text = _collapsed(line.lstrip("- "))
        if len(text.split()) < 4 or "\t" in line:
            continue
        for sentence in re.split(r"(?<=[.!)]) (?=[A-Z“])", line.strip().lstrip("- ")):
            assert _collapsed(sentence).rstrip(".") in quotes, f"not registered: {sentence!r}"
