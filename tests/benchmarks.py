"""`make bench`: speed figures of the engines, each beside a plain-Python baseline run in the same process.

Timings on a shared machine vary by ten percent or more from run to run; the ratios to the baseline
(measured in the same process, just before) are the figures to compare across machines.
"""

from __future__ import annotations

import importlib
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.attack_the_tower import engine, examples, policies
from rules.attack_the_tower.actions import DeclareAttack
from rules.attack_the_tower.cli import LadderStart
from rules.attack_the_tower.game import GAME, POSITION, AttackTheTower
from rules.attack_the_tower.model import GameState
from rules.attack_the_tower.variants import Rules
from rules.core import native
from rules.core.chance import ChanceSampler
from rules.core.events import Event
from rules.core.ladder import head_to_head, ladder
from rules.core.playout import play_out
from rules.core.records import json_data
from rules.sweeps.ladder_runner import LADDER_CHUNK, ladder_runner

TURN_LIMIT = 60
SEARCH_GAMES = 100
"""The search's rung in the bench: a quarter of the ladder's 400 games (each search game takes seconds)."""


def baseline_steps_per_second(steps: int = 100_000, runs: int = 5) -> float:
    """The plainest possible game step: copy a small dict state, change one field, pick a random move.

    The median of several short runs, so one busy moment of the machine does not move the ratios."""
    rates = []
    for run in range(runs):
        rng = random.Random(run)
        state = {f"k{i}": i for i in range(24)}
        moves = list(state)
        start = time.perf_counter()
        for _ in range(steps):
            state = dict(state)
            key = rng.choice(moves)
            state[key] = state[key] + 1
        rates.append(steps / (time.perf_counter() - start))
    return statistics.median(rates)


def whole_games(policy_name: str, games: int, seed: int = 1) -> tuple[float, float, int]:
    """(games per second, steps per second, steps) of whole games between two copies of a policy."""
    sampler = ChanceSampler(seed)
    steps = 0
    start = time.perf_counter()
    for i in range(games):
        armies = [("undead", "westerners"), ("easterners", "bandits")][i % 2]
        state = engine.new_game(armies, Rules(turn_limit=TURN_LIMIT))
        line = play_out(GAME, state, [policies.policy(policy_name)] * 2, sampler)
        steps += line.steps
    elapsed = time.perf_counter() - start
    return games / elapsed, steps / elapsed, steps


SWEEP_CORES = 2
"""The cores of the machine the Balance lab goal is set for (its games and seconds: `bench_sweeps.GOAL_*`)."""


def _validating_apply(state: GameState, action: Any) -> tuple[GameState, tuple[Event, ...]]:
    """`engine.apply`, then the new position validated in full, as a position read from a file is."""
    after, events = _apply(state, action)
    return POSITION.validate(json_data(after)), events


_apply = engine.apply


def planner_games(games: int = 300, validated_games: int = 30) -> tuple[float, str]:
    """Planner-against-planner games per second in one process, and the same first games with every position
    the engine builds (the planner's look-ahead included) validated in full: what validating every internal
    step instead of the input at the boundary would cost. Returns the games per second and the line to print."""
    fast = whole_games("planner", games)
    first = whole_games("planner", validated_games)[0]
    with (
        mock.patch.object(engine, "apply", _validating_apply),
        mock.patch.object(AttackTheTower, "apply", staticmethod(_validating_apply)),
    ):
        validated = whole_games("planner", validated_games)[0]
    return fast[0], (
        f"  planner against planner, one process: {fast[0]:.1f} games/s, {fast[1]:,.0f} steps/s ({games} games);"
        f" {first / validated:.1f}x the same first {validated_games} games with every position validated"
        f" ({first:.1f} against {validated:.1f} games/s)"
    )


def balance_lab(one_process: float) -> list[str]:
    """The Balance lab's speed goal, each figure beside it: planner games in one process, sweeps on one and two
    workers of the default local cluster, and 10,000 games timed or projected (tests/sweeps/bench_sweeps.py)."""
    sweeps = importlib.import_module("tests.sweeps.bench_sweeps")
    needed = sweeps.GOAL_GAMES / sweeps.GOAL_SECONDS / SWEEP_CORES
    lines = [
        f"Balance lab goal: {sweeps.GOAL_GAMES:,} planner-against-planner games in at most"
        f" {sweeps.GOAL_SECONDS:.0f} s on {SWEEP_CORES} cores through the default local cluster"
        f" (load average {_load()}):",
        f"  planner against planner, one process: {one_process:.1f} games/s ({needed:.1f} games/s a core needed)",
    ]
    lines += [f"  {label}: {value}" for label, value in sweeps.goal_rows(one_process)]
    lines.append(f"  (load average after: {_load()})")
    return lines


def _load() -> str:
    """The machine's load averages over 1, 5 and 15 minutes (the machine is shared: figures vary with it)."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def battle_resolution_ms(repeats: int = 200) -> float:
    """Median time to resolve the largest example battle with the greedy policy, declaration to end."""
    position = examples.largest_battle()
    greedy = policies.policy("greedy")
    times = []
    for r in range(repeats):
        sampler = ChanceSampler(r)
        start = time.perf_counter()
        state, _ = engine.apply(position, DeclareAttack(player=0, origin=0, target=0))
        while state.phase == "battle":
            state, _ = engine.apply(state, greedy.choose(state, sampler, engine.acting_players(state)[0]))
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def step_and_refresh_ms(repeats: int = 30) -> tuple[float, int]:
    """Median server-side time to apply one step and refresh the panel's board, on the largest battle."""
    from explorer.attack_the_tower.panel import AttackTheTowerPanel

    panel = AttackTheTowerPanel("largest-battle")
    explorer = panel.explorer
    explorer.attack(0, 0)
    explorer.resolve_battle()
    line = explorer.session.line
    start_position = explorer.initial
    times = []
    for _ in range(repeats):
        explorer._reset(start_position)
        for action in line:
            start = time.perf_counter()
            explorer.play(action)
            panel.refresh()
            times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000, len(line)


def other_games() -> list[tuple[str, str]]:
    """Figures the other game packages publish from tests/<game>/bench_<game>.py, and the protocol's."""
    figures: list[tuple[str, str]] = []
    analysis = importlib.import_module("tests.attack_the_tower.bench_analysis")
    figures += [(f"attack the tower analysis: {label}", value) for label, value in analysis.figures()]
    protocol = importlib.import_module("tests.bench_protocol")
    figures += [(f"random whole games: {label}", value) for label, value in protocol.figures()]
    bots = importlib.import_module("tests.bench_search_bots")
    figures += [(f"search bots: {label}", value) for label, value in bots.figures()]
    for game in ("the_tower", "tower_defense"):
        module = importlib.import_module(f"tests.{game}.bench_{game}")
        figure_fn: Callable[[], list[tuple[str, str]]] = module.figures
        figures += [(f"{game.replace('_', ' ')}: {label}", value) for label, value in figure_fn()]
    return figures


def main() -> None:
    base = baseline_steps_per_second()
    engine_runs = "compiled to C (rules.core.native_build)" if native.running_compiled() else "the Python sources"
    print(f"Attack the Tower's engine: {engine_runs}")
    print(f"baseline (plain dict copy + random choice): {base:,.0f} steps/s")
    print(f"Attack the Tower, whole games to a palace or turn {TURN_LIMIT}, one core:")
    for name, games in (("random", 150), ("greedy", 150), ("planner", 150), ("learned", 40), ("tuned", 40)):
        gps, sps, steps = whole_games(name, games)
        print(
            f"  {name:8} {gps:7.1f} games/s  {sps:9,.0f} steps/s  ({steps} steps; {base / sps:5.1f}x the baseline step)"
        )
    planner_rate, line = planner_games()
    print(line)
    print(f"  one battle, largest example, greedy, declaration to end: {battle_resolution_ms():.2f} ms (median)")
    refresh, steps = step_and_refresh_ms()
    print(
        f"  explorer: apply one step and refresh the board, largest battle: {refresh:.2f} ms"
        f" (median of {steps} steps x 30)"
    )
    for label, value in other_games():
        print(f"{label}: {value}")
    print("\n".join(balance_lab(planner_rate)))
    print("Attack the Tower ladder, Undead against Bandits, 400 games a pair, half in each seat:")
    chosen = [policies.policy(n) for n in ("random", "greedy", "planner", "learned", "tuned")]
    rules = Rules(turn_limit=200)
    for rung in ladder(GAME, lambda: engine.new_game(rules=rules), chosen, 400):
        print(f"  {rung.describe()}")
    # the planner's rung's games (rung 2: the same seeds as learned against the planner above)
    tuned = head_to_head(GAME, lambda: engine.new_game(rules=rules), chosen[4], chosen[2], 400, rung=2)
    print(f"  {tuned.describe()} (the learned player's games against the planner, on the same seeds)")
    print(search_rung())


def search_rung(games: int = SEARCH_GAMES, workers: int = 2) -> str:
    """The search against the tuned player, the rung below it, over fewer games on a local cluster (the
    400-game rung: the CLI)."""
    start = LadderStart(("undead", "bandits"), Rules(turn_limit=200))
    begun = time.perf_counter()
    with ladder_runner(workers) as runner:
        rung = head_to_head(
            GAME,
            start,
            policies.policy("search"),
            policies.policy("tuned"),
            games,
            runner=runner,
            chunk=LADDER_CHUNK,
        )
    seconds = time.perf_counter() - begun
    return (
        f"  {rung.describe()}\n  ({games} games, not 400, on {workers} workers in {seconds:.0f} s; the 400-game rung: "
        "tower-rules attack-the-tower ladder --policies tuned,search --workers 2)"
    )


if __name__ == "__main__":
    main()
