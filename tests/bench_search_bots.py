"""What OpenSpiel's search bots pay for each game through the adapter, beside OpenSpiel's own `python_tic_tac_toe`:
a clone of a state (MCTS copies the state it starts from at every simulation, and again for every random
rollout), and MCTS simulations per second with one random rollout each, in one process."""

from __future__ import annotations

import random
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts
from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers the Python game)

import rules.openspiel  # noqa: F401  (registers our games)

GAMES = ("python_tic_tac_toe", "python_attack_the_tower", "python_the_tower", "python_tower_defense")
SIMULATIONS = 30
"""MCTS simulations a move."""
SECONDS = 2.0
"""Each game's MCTS run plays moves for about this long."""
ROUNDS = 2
"""Each MCTS figure is the best of this many runs, the games taking turns (as in `tests.bench_protocol`)."""
CLONES = 2000


def mid_game(game: pyspiel.Game, moves: int = 40, seed: int = 1) -> pyspiel.State:
    """The state after up to `moves` random actions (chance outcomes taken as they come first)."""
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def clone_microseconds(name: str, clones: int = CLONES) -> float:
    """One clone of a mid-game state, in microseconds."""
    state = mid_game(pyspiel.load_game(name))
    start = time.perf_counter()
    for _ in range(clones):
        state.clone()
    return (time.perf_counter() - start) / clones * 1e6


def mcts_simulations_per_second(name: str, seconds: float = SECONDS) -> float:
    """OpenSpiel's MCTS bot (random rollouts) playing both seats from the start, chance moves drawn at random."""
    game = pyspiel.load_game(name)
    generator = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 2.0, SIMULATIONS, mcts.RandomRolloutEvaluator(1, generator), random_state=generator)
    rng = random.Random(0)
    simulations = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal() and time.perf_counter() - start < seconds:
            if state.is_chance_node():
                state.apply_action(rng.choice([outcome for outcome, _ in state.chance_outcomes()]))
                continue
            state.apply_action(bot.step(state))
            simulations += SIMULATIONS
    return simulations / (time.perf_counter() - start)


def figures() -> list[tuple[str, str]]:
    """Each game's clone cost and MCTS rate, with the ratio to python_tic_tac_toe's."""
    clones = {name: clone_microseconds(name) for name in GAMES}
    rates = dict.fromkeys(GAMES, 0.0)
    for _ in range(ROUNDS):
        for name in GAMES:
            rates[name] = max(rates[name], mcts_simulations_per_second(name))
    baseline_clone, baseline_rate = clones[GAMES[0]], rates[GAMES[0]]
    return [
        (
            f"OpenSpiel {name}",
            f"a clone {clones[name]:6.1f} us ({clones[name] / baseline_clone:4.2f}x python_tic_tac_toe's);"
            f" MCTS {rates[name]:8,.1f} simulations/s ({rates[name] / baseline_rate:6.4f}x python_tic_tac_toe's;"
            f" {SIMULATIONS} a move, one random rollout each)",
        )
        for name in GAMES
    ]


if __name__ == "__main__":
    for label, value in figures():
        print(f"{label}: {value}")
