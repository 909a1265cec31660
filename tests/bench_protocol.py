"""Random whole games of every game through the protocol and through the OpenSpiel adapter, beside
OpenSpiel's own Python games `python_tic_tac_toe` and `python_kuhn_poker` driven the same way, in one
process (so the adapter's overhead and the games' relative speed are visible)."""

from __future__ import annotations

import random
import time
from typing import Any

import pyspiel
from open_spiel.python.games import kuhn_poker, tic_tac_toe  # noqa: F401  (registers the Python games)

import rules.openspiel  # noqa: F401  (registers our games)
from rules.attack_the_tower import engine as attack_the_tower
from rules.attack_the_tower import game as attack_the_tower_game
from rules.attack_the_tower.variants import Rules as AttackTheTowerRules
from rules.core.chance import ChanceSampler
from rules.core.protocol import CHANCE, Game
from rules.the_tower import engine as the_tower
from rules.the_tower import game as the_tower_game
from rules.tower_defense import engine as tower_defense
from rules.tower_defense import examples as tower_defense_examples
from rules.tower_defense import game as tower_defense_game
from rules.tower_defense.variants import Rules as TowerDefenseRules

SECONDS = 4.0
"""Each figure plays whole games for about this long."""


def protocol_rate(
    game: Game[Any, Any], start: Any, seconds: float = SECONDS, *, narrate: bool = False
) -> tuple[float, int]:
    """(steps per second, games) of uniformly random whole games through the protocol: each step by
    `Game.step` (the position only, as playouts and searches take it), or by `Game.apply` with its events
    worded when `narrate`."""
    sampler = ChanceSampler(0)
    steps = games = 0
    begin = time.perf_counter()
    while time.perf_counter() - begin < seconds:
        state = start
        while not game.is_terminal(state):
            if game.current_player(state) == CHANCE:
                action = sampler.pick(game.chance_outcomes(state))
            else:
                action = sampler.choice(game.legal_actions(state, game.acting_players(state)[0]))
            state = game.apply(state, action)[0] if narrate else game.step(state, action)
            steps += 1
        games += 1
    return steps / (time.perf_counter() - begin), games


def openspiel_rate(name: str, seconds: float = SECONDS) -> tuple[float, int]:
    """(steps per second, games) of uniformly random whole games through pyspiel's state API."""
    game = pyspiel.load_game(name)
    rng = random.Random(0)
    steps = games = 0
    begin = time.perf_counter()
    while time.perf_counter() - begin < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                pick, acc = rng.random(), 0.0
                action = outcomes[-1][0]
                for outcome, p in outcomes:
                    acc += p
                    if pick < acc:
                        action = outcome
                        break
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            steps += 1
        games += 1
    return steps / (time.perf_counter() - begin), games


def figures() -> list[tuple[str, str]]:
    """Each game's random whole-game steps/s, with the ratio to OpenSpiel's python_tic_tac_toe."""
    tic_tac_toe_rate, tic_tac_toe_games = openspiel_rate("python_tic_tac_toe")
    rows: list[tuple[str, float, int]] = [
        ("OpenSpiel python_tic_tac_toe", tic_tac_toe_rate, tic_tac_toe_games),
        ("OpenSpiel python_kuhn_poker", *openspiel_rate("python_kuhn_poker")),
    ]
    ours: list[tuple[str, Game[Any, Any], Any, str]] = [
        (
            "Attack the Tower (turn limit 60)",
            attack_the_tower_game.GAME,
            attack_the_tower.new_game(rules=AttackTheTowerRules(turn_limit=60, max_burns=2)),
            "python_attack_the_tower",
        ),
        ("The Tower", the_tower_game.GAME, the_tower.new_game(), "python_the_tower"),
        (
            "Tower Defense (2 players, turn limit 30)",
            tower_defense_game.GAME,
            tower_defense.new_game(tower_defense_examples.beginner_scenario(2), TowerDefenseRules(turn_limit=30)),
            "python_tower_defense",
        ),
    ]
    for label, game, start, name in ours:
        rows.append((f"{label}, through the protocol", *protocol_rate(game, start)))
        rows.append((f"{label}, through the protocol, events worded", *protocol_rate(game, start, narrate=True)))
        rows.append((f"{label}, through the OpenSpiel adapter", *openspiel_rate(name)))
    return [
        (label, f"{rate:10,.0f} steps/s  ({rate / tic_tac_toe_rate:5.2f}x python_tic_tac_toe; {games} games)")
        for label, rate, games in rows
    ]


if __name__ == "__main__":
    for label, value in figures():
        print(f"{label}: {value}")
