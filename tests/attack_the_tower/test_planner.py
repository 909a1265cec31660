"""The planner plays to win: its games end with a destroyed palace, and it beats the greedy policy."""

from __future__ import annotations

from rules.attack_the_tower import engine, examples, policies
from rules.attack_the_tower.actions import EndTurn
from rules.attack_the_tower.game import GAME
from rules.attack_the_tower.metadata import Termination
from rules.attack_the_tower.policies import planner
from rules.attack_the_tower.variants import Rules
from rules.core.chance import ChanceSampler
from rules.core.playout import play_out

ARMY_PAIRS = [("undead", "bandits"), ("bandits", "westerners"), ("easterners", "undead"), ("westerners", "easterners")]


def test_planner_games_end_with_a_destroyed_palace_before_turn_60() -> None:
    # 004 Overview: "Your object in Attack the Tower is to destroy the opponent's palace."
    ended = 0
    for seed in range(16):
        state = engine.new_game(ARMY_PAIRS[seed % 4], Rules(turn_limit=60))
        chooser = policies.policy("planner")
        line = play_out(GAME, state, [chooser, chooser], ChanceSampler(seed))
        result = engine.outcome(line.final)
        assert result is not None
        ended += result.termination is Termination.PALACE_DESTROYED
    assert ended == 16


def test_planner_attacks_when_the_battle_leaves_it_better_off() -> None:
    # 004 Attacking the palace: "If the attacking Troops have destroyed all defending Troops and Bases,
    # the survivors will then start another Battle, this time against the opponent's Palace."
    state = examples.example("palace-assault")
    action = policies.policy("planner").choose(state, ChanceSampler(0), state.attacker)
    assert not isinstance(action, EndTurn)
    after = planner.outcome_of(state, action)
    assert planner.evaluate(after, state.attacker) > planner.evaluate(state, state.attacker)


def test_planner_beats_greedy_in_both_seats() -> None:
    wins = 0
    for seed in range(8):
        seats = [policies.policy("planner"), policies.policy("greedy")]
        if seed % 2:
            seats.reverse()
        line = play_out(GAME, engine.new_game(ARMY_PAIRS[seed % 4], Rules(turn_limit=60)), seats, ChanceSampler(seed))
        result = engine.outcome(line.final)
        assert result is not None
        wins += result.winner is not None and seats[result.winner].name == "planner"
    assert wins >= 6
