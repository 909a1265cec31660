"""Whole games played by the greedy policy: a won game, and a game under every variant (the random
conformance run over every variant lives in tests/core/test_conformance.py)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core.chance import ChanceSampler
from rules.core.playout import play_out
from rules.the_tower import catalog, engine, examples
from rules.the_tower.conformance import VARIANTS, cards_hp_and_points
from rules.the_tower.game import GAME
from rules.the_tower.metadata import Termination
from rules.the_tower.model import GameState
from rules.the_tower.policies import GreedyPolicy


def check_step(before: GameState, action: Any, after: GameState, events: tuple[Any, ...]) -> None:
    assert cards_hp_and_points(before, action, after, events) == []


def test_a_won_game_ends_with_every_monster_dead() -> None:
    # 002 end: "If the floor deck is empty and every monster is dead, you won the game !"
    start = examples.last_rooms()
    line = play_out(GAME, start, [GreedyPolicy()], ChanceSampler(3), on_step=check_step)
    outcome = engine.outcome(line.final)
    assert outcome is not None and outcome.won and outcome.returns == (1,)
    assert outcome.termination is Termination.ALL_MONSTERS_SLAIN
    assert line.final.floor_number == 4 and not line.final.unseen_rooms
    assert sorted(line.final.room_waste) == sorted(catalog.ROOM_CARDS)
    assert all(slot is None for slot in line.final.floor)


@pytest.mark.parametrize("index", range(len(VARIANTS)))
def test_a_greedy_game_under_each_variant(index: int) -> None:
    # The greedy policy asks the analysis at every choice: it must find a legal action under every variant.
    start = engine.new_game(VARIANTS[index])
    line = play_out(GAME, start, [GreedyPolicy()], ChanceSampler(7), on_step=check_step)
    assert engine.is_terminal(line.final)
