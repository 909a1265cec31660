"""The registry of games (rules/registry.py): a name or an OpenSpiel name taken twice is refused in words, and an
installed game whose entry point cannot be loaded is said and set aside while every other game keeps working."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from rules import registry
from rules.cli import main
from tests.nim.descriptor import DESCRIPTOR, renamed


@pytest.fixture
def broken_entry_point(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """An installed package's entry point naming an attribute its module does not have (a typo in its
    pyproject.toml)."""
    installed = {"typo-game": "tests.nim.descriptor:DESCRIPTR"}
    monkeypatch.setattr(registry, "_installed", lambda: installed)
    yield "typo-game"
    registry._BROKEN.pop("typo-game", None)


def test_a_broken_installed_game_is_said_and_every_other_game_still_works(
    broken_entry_point: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(registry.GameNotLoaded) as refused:
        registry.descriptor(broken_entry_point)
    words = str(refused.value)
    assert "the game 'typo-game' installed as typo-game = 'tests.nim.descriptor:DESCRIPTR'" in words
    assert "(entry point group tower_rules.games) cannot be loaded: AttributeError" in words and "DESCRIPTR" in words
    assert broken_entry_point not in registry.names()  # set aside once found broken
    assert [d.slug for d in registry.descriptors()] == list(registry.SHIPPED)
    assert main(["the-tower", "example", "--list"]) == 0
    captured = capsys.readouterr()
    assert "warning: the game 'typo-game' installed as" in captured.err and "Traceback" not in captured.err


def test_a_broken_game_found_while_listing_every_game_is_set_aside(broken_entry_point: str) -> None:
    assert broken_entry_point in registry.names()  # not loaded yet: names are read without importing games
    assert broken_entry_point not in [d.slug for d in registry.descriptors()]
    assert "cannot be loaded" in registry.broken()[broken_entry_point]


def test_a_name_taken_twice_is_refused_and_the_same_game_again_is_no_change() -> None:
    with registry.registered(DESCRIPTOR):
        assert registry.register(DESCRIPTOR) is DESCRIPTOR
        assert registry.names().count("dice-nim") == 1
        other = dataclasses.replace(DESCRIPTOR, title="Another Nim")
        with pytest.raises(ValueError, match="'dice-nim' is already registered \\(as Dice Nim\\)"):
            registry.register(other)
    with pytest.raises(ValueError, match="'the-tower' is a shipped game's name"):
        registry.register(dataclasses.replace(DESCRIPTOR, slug="the-tower"))


def test_a_name_an_installed_game_has_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_installed", lambda: {"dice-nim": "nim_package.descriptor:DESCRIPTOR"})
    with pytest.raises(ValueError, match=r"the name of a game installed by nim_package\.descriptor:DESCRIPTOR"):
        registry.register(DESCRIPTOR)


def test_a_short_name_another_game_has_is_refused() -> None:
    """OpenSpiel knows a game by its card's short name: two games with one would be one game there."""
    short = DESCRIPTOR.game.card.short_name
    with registry.registered(DESCRIPTOR):
        with pytest.raises(ValueError, match=f"its card's short name '{short}' is the game 'dice-nim'"):
            registry.register(renamed("nim-again", short))
        with registry.registered(renamed("nim-again", "nim_again")):  # a short name of its own: taken
            assert registry.names()[-2:] == ("dice-nim", "nim-again")
