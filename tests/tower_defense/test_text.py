"""Tower Defense's words for where the turn stands (rules.tower_defense.text), which the panel shows."""

from __future__ import annotations

from rules.tower_defense import engine, examples, text


def test_phase_words_number_and_title_the_phase() -> None:
    assert text.phase_words(examples.example("busy-board")) == "Turn 13, Phase 6: spend Energy and / or Credits"
    assert text.phase_words(examples.example("movement-example")) == "Turn 7, Phase 3: all Waves move"
    assert text.phase_words(examples.new_session()) == "Turn 1, set up"


def test_the_engine_titles_its_phases_with_the_same_words() -> None:
    assert engine.PHASE_TITLE is text.PHASE_TITLE
