"""The Tower's words for where the game stands (rules.the_tower.text.phase_words), which the panel shows."""

from __future__ import annotations

from rules.the_tower import examples, text


def test_phase_words_name_the_floor_and_what_the_player_is_doing() -> None:
    assert text.phase_words(examples.example("opening")) == "Floor 1, spending action points or choosing a room"
    assert text.phase_words(examples.example("fight-in-progress")) == "Floor 2, fighting the King of Spades in room 2"


def test_phase_words_say_why_the_game_ended() -> None:
    over = examples.example("opening").replace(phase="game_over", termination="player_died")
    assert text.phase_words(over) == "Floor 1, game over (player died)"
