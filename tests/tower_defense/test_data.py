"""The data files: every entry validated, with its source; the rulebook's numbers are not assumed."""

from __future__ import annotations

from typing import Any

from rules.tower_defense import catalog


def test_every_entry_has_a_source() -> None:
    entries: list[Any] = [
        *catalog.towers().values(),
        *catalog.waves().values(),
        *catalog.modifiers().values(),
        *catalog.conditions().values(),
        *catalog.skills().values(),
        *catalog.modes().values(),
    ]
    assert all(e.source for e in entries)


def test_twelve_starting_towers_in_three_marks() -> None:
    # 003: "There are 12 Starting Towers ... 4 Mark I (10 copies of each), 4 Mark II (4 copies of each),
    # and 4 Mark. III Towers (2 copies of each)."
    towers = catalog.towers()
    assert len(towers) == 12
    assert {t.mark: t.copies.value for t in towers.values()} == {1: 10, 2: 4, 3: 2}
    assert not any(t.copies.assumed for t in towers.values())


def test_the_example_wave_is_not_assumed() -> None:
    # 003: "Level 1 Wave. Moves along Track A. Unit 1 has 5 HP and moves 3 Track per turn."
    wave = catalog.wave("rank1.example")
    assert (wave.rank, wave.track, wave.units[0].hit_points, wave.units[0].movement, wave.assumed) == (
        1,
        "A",
        5,
        3,
        False,
    )


def test_waves_have_one_to_four_units_and_odd_ranks_on_a() -> None:
    for w in catalog.waves().values():
        assert 1 <= len(w.units) <= 4
        assert w.track == ("A" if w.rank % 2 else "B")


def test_every_unit_attribute_is_in_some_wave() -> None:
    kinds = {a.kind for w in catalog.waves().values() for u in w.units for a in u.attributes}
    assert kinds == {
        "tough",
        "armoured",
        "track_breaker",
        "restorer",
        "resistance",
        "upgrade_tax",
        "build_tax",
        "elusive",
        "must_be_attacked",
    }
    assert any(w.reverse for w in catalog.waves().values())


def test_standard_game_mode_3() -> None:
    # 003: "Standard Game Mode 3 Starting Credits: 8. Income Per Turn: 4."
    mode = catalog.mode("standard-3")
    assert (mode.starting_credits.value, mode.income.value) == (8, 4)
    assert not mode.starting_credits.assumed and not mode.income.assumed and mode.lives.assumed


def test_provenance_splits_given_and_assumed() -> None:
    given, assumed = catalog.provenance()
    assert any("damage at level 1: 4" in g for g in given)
    assert any("sell value" in a for a in assumed)
    assert not any("sell value" in g for g in given)
