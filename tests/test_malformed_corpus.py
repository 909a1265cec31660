"""The malformed-input corpus (tests/malformed_inputs.py): every input refused in words, in time, within
memory, nothing lost. `make test` runs a sample spread over every category; `make conformance` runs all
of it (`python tests/malformed_runner.py --all`)."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

from tests import malformed_inputs, malformed_runner

SAMPLE = 60
"""Inputs run by `make test`: a fixed sample of the corpus, spread over every category."""


def _sample(cases: list[malformed_inputs.Case]) -> list[int]:
    """A deterministic sample of about SAMPLE inputs, in proportion to each category and at least 4 of
    each, with every input that needs a process of its own."""
    rng = random.Random(14)
    by_category: dict[str, list[int]] = {}
    for i, case in enumerate(cases):
        by_category.setdefault(case.category, []).append(i)
    chosen: list[int] = []
    for indices in by_category.values():
        share = max(4, round(SAMPLE * len(indices) / len(cases)))
        chosen += indices if cases[indices[0]].own_process else rng.sample(indices, min(share, len(indices)))
    return sorted(chosen)


NEW_DOORS = {"army-file": 40, "line-file": 20, "cli-value": 25, "scheduler": 8, "cache": 10, "save": 25, "method": 40}
"""The categories of the doors added after the position files (tests/malformed_doors.py), with the least
number of inputs each holds."""


def test_the_corpus_holds_at_least_850_inputs_over_every_category(tmp_path: Path) -> None:
    cases = malformed_inputs.build(tmp_path)
    counts = Counter(c.category for c in cases)
    assert len(cases) >= 850
    for game in malformed_inputs.GAMES:
        assert counts[f"file:{game}"] >= 100
    for category in ("share-code", "cli", "variant", "explorer", "process"):
        assert counts[category] >= 3
    for category, least in NEW_DOORS.items():
        assert counts[category] >= least, category
    assert sum(counts[c] for c in NEW_DOORS) >= 100
    assert len({c.name for c in cases}) == len(cases), "every input has its own name"


def test_a_sample_of_the_corpus_is_refused_in_words_in_time_within_memory_losing_nothing(tmp_path: Path) -> None:
    cases = malformed_inputs.build(tmp_path)
    results = malformed_runner.run_cases(tmp_path, _sample(cases))
    print(malformed_runner.summary(results))
    failed = [f"{r.name}: {malformed_runner.failures(r)}; {r.message.strip()[-200:]!r}" for r in results if not r.ok]
    assert len(results) >= SAMPLE * 0.9
    assert not failed, "\n".join(failed)


def test_the_judge_catches_each_way_an_input_can_hurt() -> None:
    case = malformed_inputs.Case("a case", "cli", r"must be at least 1", argv=("x",))
    ok = malformed_runner.judge(0, case, 2, True, "error: hp: must be at least 1", False, False, False, False, 0.1, 90)
    assert ok.ok
    judge = malformed_runner.judge
    assert judge(0, case, 0, False, "", False, False, False, False, 0.1, 90).accepted
    assert judge(0, case, 1, True, "Traceback (most recent call last):", False, False, False, False, 0.1, 90).traceback
    assert judge(0, case, 2, True, "error: hp: must be at least 1", False, False, False, False, 6.0, 90).hang
    assert judge(0, case, 2, True, "error: hp: must be at least 1", False, False, False, False, 0.1, 600).out_of_memory
    assert judge(0, case, 2, True, "error: hp: must be at least 1", False, True, False, False, 0.1, 90).state_lost
    assert judge(0, case, 2, True, "error: something else", False, False, False, False, 0.1, 90).unnamed
    assert judge(0, case, 2, True, "error: \x1b[2J must be at least 1", False, False, False, False, 0.1, 90).unnamed
    handled = malformed_inputs.Case("a cell", "cache", r"1 cell replayed", argv=("x",), succeeds=True)
    assert judge(0, handled, 0, False, "1 cell replayed: ...", False, False, False, False, 0.1, 90).ok
    assert judge(0, handled, 0, False, "2 games played", False, False, False, False, 0.1, 90).unnamed
    assert judge(0, handled, 2, True, "error: 1 cell replayed", False, False, False, False, 0.1, 90).unnamed
