"""Random whole games of every game through the protocol and through the OpenSpiel adapter, beside
OpenSpiel's own Python games `python_tic_tac_toe` and `python_kuhn_poker` driven the same way, in one
process (so the adapter's overhead and the games' relative speed are visible)."""

from __future__ import annotations

import functools
import importlib.util
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

import pyspiel
from open_spiel.python.games import kuhn_poker, tic_tac_toe  # noqa: F401  (registers the Python games)

import rules.openspiel  # noqa: F401  (registers our games)
from rules.attack_the_tower import engine as attack_the_tower
from rules.attack_the_tower import game as attack_the_tower_game
from rules.attack_the_tower.variants import Rules as AttackTheTowerRules
from rules.core import native
from rules.core.chance import ChanceSampler
from rules.core.protocol import CHANCE, Game
from rules.the_tower import engine as the_tower
from rules.the_tower import game as the_tower_game
from rules.tower_defense import engine as tower_defense
from rules.tower_defense import examples as tower_defense_examples
from rules.tower_defense import game as tower_defense_game
from rules.tower_defense.variants import Rules as TowerDefenseRules

SECONDS = 6.0
"""Each figure plays whole games for about this long, in all."""


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


class _NullWalk(pyspiel.Game):  # type: ignore[misc]
    """A Python game that does nothing: 40 moves of three choices each. Its steps/s through pyspiel is what
    OpenSpiel itself costs a Python game a step, the floor under every adapter."""

    TYPE = pyspiel.GameType(
        short_name="python_null_walk",
        long_name="Python null walk (a step that does nothing)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification={},
    )
    INFO = pyspiel.GameInfo(
        num_distinct_actions=3,
        max_chance_outcomes=0,
        num_players=2,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=40,
    )

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(self.TYPE, self.INFO, params or {})

    def new_initial_state(self) -> _NullWalkState:
        return _NullWalkState(self)


class _NullWalkState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: _NullWalk) -> None:
        super().__init__(game)
        self.moves = 0

    def current_player(self) -> int:
        return int(pyspiel.PlayerId.TERMINAL) if self.moves >= 40 else self.moves % 2

    def _legal_actions(self, player: int) -> list[int]:
        return [0, 1, 2]

    def _apply_action(self, action: int) -> None:
        self.moves += 1

    def is_terminal(self) -> bool:
        return self.moves >= 40

    def returns(self) -> list[float]:
        return [0.0, 0.0]

    def __str__(self) -> str:
        return str(self.moves)


if "python_null_walk" not in pyspiel.registered_names():
    pyspiel.register_game(_NullWalk.TYPE, _NullWalk)


ROUNDS = 3
"""Each figure is the best of this many runs, the runs of every figure taking turns, so that a slow spell of
the machine lowers one run of each figure rather than every run of one."""


def figures() -> list[tuple[str, str]]:
    """Each game's random whole-game steps/s, with the ratio to OpenSpiel's python_tic_tac_toe."""
    measures: list[tuple[str, Callable[[], tuple[float, int]]]] = [
        ("OpenSpiel python_tic_tac_toe", lambda: openspiel_rate("python_tic_tac_toe", SECONDS / ROUNDS)),
        ("OpenSpiel python_kuhn_poker", lambda: openspiel_rate("python_kuhn_poker", SECONDS / ROUNDS)),
        (NULL_WALK, lambda: openspiel_rate("python_null_walk", SECONDS / ROUNDS)),
    ]
    for label, game, start, name in _our_games():
        measures += [
            (label + PROTOCOL, functools.partial(protocol_rate, game, start, SECONDS / ROUNDS)),
            (
                label + PROTOCOL + ", events worded",
                functools.partial(protocol_rate, game, start, SECONDS / ROUNDS, narrate=True),
            ),
            (label + ADAPTER, functools.partial(openspiel_rate, name, SECONDS / ROUNDS)),
        ]
    best: dict[str, tuple[float, int]] = {}
    for _ in range(ROUNDS):
        for label, measure in measures:
            rate, games = measure()
            if rate > best.get(label, (0.0, 0))[0]:
                best[label] = (rate, games)
    baseline = best["OpenSpiel python_tic_tac_toe"][0]
    rows = []
    for label, (rate, games) in best.items():
        text = f"{rate:10,.0f} steps/s  ({rate / baseline:5.2f}x python_tic_tac_toe; {games} games)"
        if label.endswith(ADAPTER):
            protocol = best[label.removesuffix(ADAPTER) + PROTOCOL][0]
            ceiling = 1 / (1 + protocol / best[NULL_WALK][0])
            text += (
                f"  {rate / protocol:4.2f}x the protocol's own rate (at most {ceiling:4.2f}x over OpenSpiel's floor)"
            )
        rows.append((label, text))
    if native.running_compiled():
        for index, (label, game, _, _) in enumerate(_our_games()):
            if _compiled(game):
                rows.append((label + PROTOCOL + ", from the Python sources", _sources_figure(index)))
    return rows


def _compiled(game: Game[Any, Any]) -> bool:
    """Whether `make install` compiles the game's modules: its package says so in a `compiled` module."""
    package = type(game).__module__.rpartition(".")[0]
    return importlib.util.find_spec(f"{package}.compiled") is not None


def sources_rates(index: int, seconds: float = SECONDS / ROUNDS) -> tuple[float, float]:
    """(game `index`'s protocol steps/s, python_tic_tac_toe's), best of `ROUNDS` turns, in this process."""
    _, game, start, _ = _our_games()[index]
    best = (0.0, 0.0)
    for _ in range(ROUNDS):
        rates = (protocol_rate(game, start, seconds)[0], openspiel_rate("python_tic_tac_toe", seconds)[0])
        best = (max(best[0], rates[0]), max(best[1], rates[1]))
    return best


def _sources_figure(index: int) -> str:
    """Game `index` through the protocol where the compiled modules are not used: in a process of its own
    (`TOWER_RULES_PURE=1`), beside python_tic_tac_toe measured there."""
    script = f"from tests.bench_protocol import sources_rates\nprint(*sources_rates({index}))\n"
    env = {**os.environ, native.PURE: "1"}
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
    rate, baseline = map(float, done.stdout.split())
    return f"{rate:10,.0f} steps/s  ({rate / baseline:5.2f}x python_tic_tac_toe measured in that process)"


NULL_WALK = "OpenSpiel python_null_walk (OpenSpiel's own cost a step: the floor)"
PROTOCOL = ", through the protocol"
ADAPTER = ", through the OpenSpiel adapter"


def _our_games() -> list[tuple[str, Game[Any, Any], Any, str]]:
    """Each game's label, protocol game, start (the OpenSpiel adapter's default parameters) and OpenSpiel name."""
    return [
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


if __name__ == "__main__":
    for label, value in figures():
        print(f"{label}: {value}")
