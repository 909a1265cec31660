"""Cell keys and seeds: a cache key changes with everything that decides a cell's results; a game's seed
with its cell and index only (not with the number of games, nor with the code that plays it)."""

from __future__ import annotations

import pytest

from rules.sweeps import cells as cells_module
from rules.sweeps.cells import Cell, cells
from rules.sweeps.seeding import digest, game_seed
from tests.sweeps.helpers import cavalry_spec


def first(**changes: object) -> Cell:
    return cells(cavalry_spec(**changes))[0]


def test_seeds_are_fixed_whole_numbers_below_2_to_the_63() -> None:
    seeds = [game_seed("a" * 64, i) for i in range(1000)]
    assert seeds == [game_seed("a" * 64, i) for i in range(1000)]
    assert len(set(seeds)) == 1000 and all(0 <= s < 2**63 for s in seeds)
    assert game_seed("b" * 64, 0) != seeds[0]


def test_digest_is_canonical_json() -> None:
    assert digest({"a": 1, "b": [2, 3]}) == digest({"b": [2, 3], "a": 1})
    assert digest({"a": 1}) != digest({"a": "1"})


@pytest.mark.parametrize(
    "change",
    [
        {"vary": {"cavalry_power": [5]}},
        {"overrides": ["none"]},
        {"overrides": ["undead.ghost.special_troop.power=4"]},
        {"armies": "undead,bandits"},
        {"policies": ["greedy"]},
        {"seed": 8},
        {"rules": {"turn_limit": 150}},
    ],
)
def test_everything_that_decides_a_cell_changes_its_key_and_its_seeds(change: dict[str, object]) -> None:
    assert first(**change).key != first().key
    assert first(**change).seed_key != first().seed_key


def test_more_games_extend_a_cell_with_the_same_seeds() -> None:
    assert first(games=5).seed_key == first(games=3).seed_key
    assert first(games=5).key != first(games=3).key


def test_other_code_changes_the_cache_key_but_not_the_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    key, seed_key = first().key, first().seed_key
    monkeypatch.setattr(cells_module, "code_fingerprint", lambda package: "other code")
    assert first().key != key and first().seed_key == seed_key
