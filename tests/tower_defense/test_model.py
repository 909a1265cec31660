"""An illegal position cannot exist: validation of the field, towers, waves and cards (seed 003 set up)."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from rules.core.errors import IllegalPosition
from rules.core.jsonio import dump_model, parse_model
from rules.tower_defense import examples
from rules.tower_defense.model import Board, FieldWave, GameState, Tower, TrackPiece, distance


def broken(**changes: Any) -> str:
    data = examples.busy_board().model_dump(mode="json")
    data.update(changes)
    with pytest.raises(ValidationError) as info:
        GameState.model_validate(data)
    return str(info.value)


def test_range_counts_orthogonally_or_diagonally() -> None:
    # 003: "Spaces may be counted orthogonally or diagonally, in any combination."
    assert distance((0, 0), (3, 2)) == 3
    assert distance((5, 5), (4, 4)) == 1


def test_two_waves_on_one_space() -> None:
    # 003 phase 3: "Waves may not occupy the same space."
    waves = [
        FieldWave(id="rank2.a", number=2, space=9).model_dump(),
        FieldWave(id="rank2.b", number=2, space=9).model_dump(),
    ]
    assert "Waves may not occupy the same space" in broken(waves=waves)


def test_a_tower_on_a_track_space_or_an_obstacle() -> None:
    # 003 set up 2: "Players may not place Towers on Obstacles." 6.A.I: an unoccupied space has no Track.
    on_track = Tower(card="standard.1", at=(0, 1), owner=0).model_dump()
    assert "cannot stand on a track space" in broken(towers=[on_track])
    on_rock = Tower(card="standard.1", at=(5, 4), owner=0).model_dump()
    assert "Obstacles" in broken(towers=[on_rock])


def test_track_numbers_repeated_or_missing() -> None:
    # 003 set up 2: "All game sessions must use exactly 50 Track pieces."
    board = examples.snake_board()
    twice = board.model_copy(update={"track": (*board.track, TrackPiece(track="A", number=3, at=(0, 0)))})
    with pytest.raises(ValidationError, match="laid 2 times"):
        GameState.model_validate({**examples.busy_board().model_dump(), "board": twice.model_dump()})
    missing = board.model_copy(update={"track": board.track[1:]})
    with pytest.raises(ValidationError, match="A1 is neither laid nor discarded"):
        GameState.model_validate({**examples.busy_board().model_dump(), "board": missing.model_dump()})


def test_track_on_an_obstacle_or_on_track() -> None:
    # 003 set up 2: "Track cannot be placed on Obstacles." and
    # "Track pieces may not be placed on top of other track pieces."
    board = examples.snake_board(obstacles=((0, 1),))
    with pytest.raises(ValidationError, match="on an obstacle"):
        GameState.model_validate({**examples.busy_board().model_dump(), "board": board.model_dump()})
    board = examples.snake_board()
    moved = tuple(p.model_copy(update={"at": (1, 1)}) if p.label == "A1" else p for p in board.track)
    stacked = board.model_copy(update={"track": moved})
    with pytest.raises(ValidationError, match="on top of other track pieces"):
        GameState.model_validate({**examples.busy_board().model_dump(), "board": stacked.model_dump()})


def test_cards_are_counted_exactly() -> None:
    # 003 3.A.I: a 40 card Mark I deck of 10 of each type.
    data = examples.busy_board().model_dump(mode="json")
    data["mark1_deck"] = [*data["mark1_deck"], "standard.1"]
    with pytest.raises(ValidationError, match="holds 10 Mark I Standard Tower cards"):
        GameState.model_validate(data)


def test_a_wave_on_a_discarded_track() -> None:
    state = examples.movement_example()
    data = state.model_dump(mode="json")
    data["waves"][0]["space"] = 12
    with pytest.raises(ValidationError, match="A12 is not on the playing field"):
        GameState.model_validate(data)


def test_pairs_of_even_ranks() -> None:
    # 003: "Even Ranked Waves always appear in pairs."
    assert "in pairs" in broken(upcoming=[["rank6.a"]])


def test_a_saved_position_loads_back_equal() -> None:
    for name in examples.EXAMPLES:
        state = examples.example(name)
        assert parse_model(GameState, dump_model(state)) == state


def test_problems_name_where_they_are() -> None:
    with pytest.raises(IllegalPosition) as info:
        parse_model(GameState, '{"players": [{}], "board": {"width": 2, "height": 2}}')
    assert "neither laid nor discarded" in str(info.value)


def test_board_bounds() -> None:
    with pytest.raises(ValidationError):
        Board(width=0, height=3)
