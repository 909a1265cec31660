"""Benchmarks of Tower Defense (not collected by pytest): one whole turn, and the turn planner on a
busy board. `figures()` returns (what, time) rows for the project's benchmark report."""

from __future__ import annotations

import time
from collections.abc import Callable

from rules.core.chance import ChanceSampler
from rules.core.protocol import CHANCE
from rules.tower_defense import analysis, engine, examples, policies
from rules.tower_defense.model import GameState


def _per_call(fn: Callable[[], object], repeat: int) -> float:
    fn()
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - start) / repeat


def _whole_turn(start: GameState) -> GameState:
    """Phases 1 to 6 of one turn from the busy board's next turn: chance by a fixed seed, the table
    taking credits and ending Phase 6 after the planner's attacks (the simple policy)."""
    sampler = ChanceSampler(0)
    chooser = policies.SimplePolicy()
    state = start
    turn = state.turn
    while state.turn == turn and not engine.is_terminal(state):
        if engine.current_player(state) == CHANCE:
            action = sampler.pick(engine.chance_outcomes(state))
        else:
            action = chooser.choose(state, sampler, engine.acting_players(state)[0])
        state, _ = engine.apply(state, action)
    return state


def figures() -> list[tuple[str, str]]:
    busy = examples.busy_board()
    next_turn = busy.replace(phase="tracker", turn=busy.turn + 1)
    turn = _per_call(lambda: _whole_turn(next_turn), 5)
    plan = _per_call(lambda: analysis.plan_turn(busy), 5)

    def cold_plan() -> object:
        analysis.clear_caches()
        return analysis.plan_turn(busy)

    cold = _per_call(cold_plan, 5)
    legal = _per_call(lambda: engine.legal_actions(busy), 20)
    return [
        ("one whole turn (busy board, simple policy)", f"{turn * 1000:.1f} ms"),
        ("turn planner (busy board, cold caches)", f"{cold * 1000:.1f} ms"),
        ("turn planner (busy board, warm caches)", f"{plan * 1000:.1f} ms"),
        ("legal actions (busy board, 4 players)", f"{legal * 1000:.2f} ms"),
    ]


if __name__ == "__main__":
    for what, value in figures():
        print(f"{what:60} {value}")
