"""The games as OpenSpiel games: OpenSpiel's own consistency test, its bots playing whole games, game
parameters from `Rules`, and the exact chance and the results passed through."""

from __future__ import annotations

import dataclasses
import pickle
from fractions import Fraction

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import rules.openspiel
from rules.attack_the_tower import engine as attack_the_tower
from rules.attack_the_tower import game as attack_the_tower_game
from rules.attack_the_tower.variants import Rules as AttackTheTowerRules
from rules.core.errors import IllegalPosition
from rules.core.protocol import SIMULTANEOUS
from rules.openspiel import ismcts_resampler
from rules.openspiel.adapter import ProtocolState, register
from tests.nim.descriptor import renamed

GAMES = ("python_attack_the_tower(turn_limit=4)", "python_the_tower", "python_tower_defense(turn_limit=4)")


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_random_simulation_test_passes(name: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=4, serialize=False, verbose=False)


@pytest.mark.parametrize("name", GAMES)
def test_a_state_pickles_and_clones_to_the_same_position(name: str) -> None:
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    rng = np.random.RandomState(1)
    for _ in range(30):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    clone = state.clone()
    assert isinstance(clone, ProtocolState) and clone.position == state.position
    assert clone.history() == state.history()
    again = pickle.loads(pickle.dumps(state.position))
    assert again == state.position


@pytest.mark.parametrize("name", GAMES)
def test_a_clone_shares_the_immutable_position_and_goes_its_own_way(name: str) -> None:
    # MCTS clones the state it starts from at every simulation: the position is immutable, so a clone holds the
    # same object (copying it cost 35-200 times a tic-tac-toe clone), and stepping the clone leaves the original
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    rng = np.random.RandomState(2)
    while state.is_chance_node() or len(state.history()) < 5:
        state.apply_action(int(rng.choice(state.legal_actions())))
    before, history, player = state.position, state.history(), state.current_player()
    clone = state.clone()
    assert clone.position is before and clone.get_game() is not None
    clone.apply_action(clone.legal_actions()[0])
    assert state.position is before and state.history() == history and state.current_player() == player
    assert clone.history() == [*history, clone.history()[-1]] and clone.position != before


def test_rules_fields_are_game_parameters() -> None:
    game = pyspiel.load_game(
        "python_attack_the_tower(turn_limit=7,cavalry_power=5,first_army=westerners,second_army=undead)"
    )
    assert isinstance(game, rules.openspiel.ProtocolGame)
    assert game.rules == AttackTheTowerRules(turn_limit=7, cavalry_power=5, max_burns=2)
    assert [p.army for p in game.initial.players] == ["westerners", "undead"]
    assert game.max_game_length() == attack_the_tower_game.GAME.card.max_game_length(game.rules)
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM


def test_parameters_that_make_an_illegal_start_are_refused_in_words() -> None:
    # 003 set up 2: "All game sessions must use exactly 50 Track pieces": the beginner board lays 25 a track,
    # so tracks of 20 pieces leave pieces on the field that the rules do not have
    with pytest.raises(IllegalPosition, match=r"board\.track: there is no piece A21 \(tracks run 0 to 20\)"):
        pyspiel.load_game("python_tower_defense(track_length=20)")


def test_chance_outcomes_are_the_exact_ones_as_floats() -> None:
    game = pyspiel.load_game("python_attack_the_tower")
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])  # the first player draws from a pile: a chance node
    assert state.is_chance_node()
    exact = attack_the_tower.chance_outcomes(state.position)
    floats = dict(state.chance_outcomes())
    assert sum(floats.values()) == pytest.approx(1.0)
    for card, p in exact.items():
        assert floats[attack_the_tower_game.GAME.action_id(state.position, card)] == float(p)
    assert sum(exact[c] for c in exact.outcomes()) == Fraction(1)


def test_the_simultaneous_allocation_is_turn_based_with_the_first_choice_hidden() -> None:
    from rules.attack_the_tower import examples
    from rules.attack_the_tower.actions import DeclareAttack, Pass

    position = examples.example("mid-game-battle")
    for action in (DeclareAttack(player=0, origin=0, target=1), Pass(player=0), Pass(player=1)):
        position, _ = attack_the_tower.apply(position, action)
    game = pyspiel.load_game("python_attack_the_tower")
    assert isinstance(game, rules.openspiel.ProtocolGame)
    state = game.state_from(position)
    assert attack_the_tower.current_player(position) == SIMULTANEOUS
    first = state.current_player()
    state.apply_action(state.legal_actions()[-1])
    assert state.current_player() == 1 - first
    seen = attack_the_tower_game.GAME.observation(state.position, 1 - first)
    assert seen["battle"]["pending"][first] == "handed in, hidden"  # made, but not seen
    assert attack_the_tower_game.GAME.observation(state.position, first)["battle"]["pending"][first] is not None


def _play(game: pyspiel.Game, bots: list[object], seed: int) -> pyspiel.State:
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return state


def test_mcts_plays_whole_games_of_the_perfect_information_games() -> None:
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    tower = pyspiel.load_game("python_the_tower")
    end = _play(tower, [mcts.MCTSBot(tower, 2.0, 8, evaluator, random_state=rng)], 0)
    assert end.returns() in ([0.0], [1.0])
    defense = pyspiel.load_game("python_tower_defense(turn_limit=2,players=2)")
    bot = mcts.MCTSBot(defense, 2.0, 4, evaluator, random_state=rng)
    end = _play(defense, [bot, bot], 0)
    assert end.returns()[0] == end.returns()[1]


def test_ismcts_plays_whole_games_of_attack_the_tower() -> None:
    rng = np.random.RandomState(0)
    game = pyspiel.load_game("python_attack_the_tower(turn_limit=2)")
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    bots = []
    for seat in range(2):
        bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 6, random_state=rng)
        bot.set_resampler(ismcts_resampler(seat))
        bots.append(bot)
    for seed in range(2):
        end = _play(game, bots, seed)
        assert sum(end.returns()) == 0


def test_a_game_whose_openspiel_name_is_taken_is_refused_in_words() -> None:
    """OpenSpiel knows a game by `python_<short name>`: a second game of that name would silently be the first."""
    from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers OpenSpiel's python_tic_tac_toe)

    tower = rules.openspiel.REGISTRATIONS["the-tower"]
    assert register(tower) is register(tower)  # the same game again: its one class
    with pytest.raises(
        ValueError, match="'tower-copy' cannot be OpenSpiel's python_the_tower: the game 'the-tower' is"
    ):
        register(dataclasses.replace(tower, slug="tower-copy"))
    with pytest.raises(ValueError, match="OpenSpiel's python_tic_tac_toe: OpenSpiel has a game of that name"):
        register(renamed("my-tic-tac-toe", "tic_tac_toe"))
