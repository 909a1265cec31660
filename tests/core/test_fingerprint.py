"""Seeded whole games of all three games, every policy, play exactly as recorded in tests/fingerprint.json:
a restructuring or a faster engine changes no action, no sentence and no final position."""

from __future__ import annotations

import json

import pytest

from tests.fingerprint import GAMES, STORED, fingerprint


@pytest.mark.parametrize("name", sorted(GAMES))
def test_seeded_games_play_as_recorded(name: str) -> None:
    stored = json.loads(STORED.read_text(encoding="utf-8"))[name]
    found = fingerprint(name)
    assert found == stored, f"{name} plays differently; if that is meant, run python tests/fingerprint.py --write"
