"""An illegal position cannot be read (`game.POSITION`): validation of the field, towers, waves and cards
(seed 003 set up)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core.errors import IllegalAction, IllegalPosition
from rules.core.records import json_data
from rules.tower_defense import engine, examples
from rules.tower_defense.game import POSITION
from rules.tower_defense.model import FieldWave, Tower
from rules.tower_defense.places import TrackPiece, distance


def broken(data: object = None, **changes: Any) -> str:
    """The problems of the busy board with some fields changed (or of `data`), as IllegalPosition words them."""
    if data is None:
        data = {**POSITION.data(examples.busy_board()), **changes}
    with pytest.raises(IllegalPosition) as info:
        POSITION.validate(data)
    return str(info.value)


def test_range_counts_orthogonally_or_diagonally() -> None:
    # 003: "Spaces may be counted orthogonally or diagonally, in any combination."
    assert distance((0, 0), (3, 2)) == 3
    assert distance((5, 5), (4, 4)) == 1


def test_two_waves_on_one_space() -> None:
    # 003 phase 3: "Waves may not occupy the same space."
    waves = json_data((FieldWave(id="rank2.a", number=2, space=9), FieldWave(id="rank2.b", number=2, space=9)))
    assert "Waves may not occupy the same space" in broken(waves=waves)


def test_a_tower_on_a_track_space_or_an_obstacle() -> None:
    # 003 set up 2: "Players may not place Towers on Obstacles." 6.A.I: an unoccupied space has no Track.
    on_track = json_data(Tower(card="standard.1", at=(0, 1), owner=0))
    assert "cannot stand on a track space" in broken(towers=[on_track])
    on_rock = json_data(Tower(card="standard.1", at=(5, 4), owner=0))
    assert "Obstacles" in broken(towers=[on_rock])


def test_track_numbers_repeated_or_missing() -> None:
    # 003 set up 2: "All game sessions must use exactly 50 Track pieces."
    board = examples.snake_board()
    busy = examples.busy_board()
    twice = board.replace(track=(*board.track, TrackPiece(track="A", number=3, at=(0, 0))))
    assert "laid 2 times" in broken(busy.replace(board=twice))
    missing = board.replace(track=board.track[1:])
    assert "A1 is neither laid nor discarded" in broken(busy.replace(board=missing))


def test_track_on_an_obstacle_or_on_track() -> None:
    # 003 set up 2: "Track cannot be placed on Obstacles." and
    # "Track pieces may not be placed on top of other track pieces."
    busy = examples.busy_board()
    assert "on an obstacle" in broken(busy.replace(board=examples.snake_board(obstacles=((0, 1),))))
    board = examples.snake_board()
    moved = tuple(p.replace(at=(1, 1)) if p.label == "A1" else p for p in board.track)
    assert "on top of other track pieces" in broken(busy.replace(board=board.replace(track=moved)))


def test_cards_are_counted_exactly() -> None:
    # 003 3.A.I: a 40 card Mark I deck of 10 of each type.
    data = POSITION.data(examples.busy_board())
    data["mark1_deck"] = [*data["mark1_deck"], "standard.1"]
    assert "holds 10 Mark I Standard Tower cards" in broken(data)


def test_a_wave_on_a_discarded_track() -> None:
    data = POSITION.data(examples.movement_example())
    data["waves"][0]["space"] = 12
    assert "A12 is not on the playing field" in broken(data)


def test_pairs_of_even_ranks() -> None:
    # 003: "Even Ranked Waves always appear in pairs."
    assert "in pairs" in broken(upcoming=[["rank6.a"]])


def test_a_saved_position_loads_back_equal() -> None:
    for name in examples.EXAMPLES:
        state = examples.example(name)
        assert POSITION.parse(POSITION.text(state)) == state


def test_problems_name_where_they_are() -> None:
    with pytest.raises(IllegalPosition) as info:
        POSITION.parse('{"players": [{}], "board": {"width": 2, "height": 2}}')
    assert "neither laid nor discarded" in str(info.value)


def test_board_bounds() -> None:
    data = POSITION.data(examples.busy_board())
    data["board"]["width"] = 0
    assert "board.width: must be at least 1" in broken(data)


def test_waves_to_be_called_lie_in_rank_order() -> None:
    # 003 3.A.XII: "Put all selected unrevealed Waves face down, in numerical, sequential order with the lowest
    # number on top." A position and a new session's scenario alike.
    assert "a Rank 2 wave comes after a Rank 5 wave" in broken(upcoming=[["rank5.a"], ["rank2.a", "rank2.b"]])
    scenario = examples.beginner_scenario()
    shuffled = scenario.replace(calls=(("rank5.a",), ("rank2.a", "rank2.b"), ("rank1.b",)))
    with pytest.raises(IllegalAction, match="a Rank 2 wave comes after a Rank 5 wave"):
        engine.new_game(shuffled)
    engine.new_game(scenario)  # the shipped scenario lies in order


def test_a_session_starts_with_every_track_piece_laid() -> None:
    # 003 set up 2: "All game sessions must use exactly 50 Track pieces." A discarded piece is one a session lost.
    scenario = examples.beginner_scenario()
    lost = scenario.replace(board=examples.snake_board(discarded=("A5", "A6")))
    with pytest.raises(IllegalAction, match="A5, A6 discarded before the session starts"):
        engine.new_game(lost)
