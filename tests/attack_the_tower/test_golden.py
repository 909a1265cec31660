"""Golden transcripts: the narrated log of fixed scenarios, diffed as text.

A change of wording or of behaviour shows here as a readable diff. After an intended change, regenerate
with `UPDATE_GOLDEN=1 .venv/bin/pytest tests/attack_the_tower/test_golden.py` and review the diff in git.
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from rules.attack_the_tower import engine, examples, policies
from rules.attack_the_tower.actions import DeclareAttack
from rules.attack_the_tower.game import GAME
from rules.core.chance import ChanceSampler
from rules.core.events import Event
from rules.core.playout import play_out

GOLDEN = Path(__file__).parent / "golden"


def _battle(example: str, origin: int, target: int, specials: tuple[int, ...] = ()) -> list[Event]:
    state = examples.example(example)
    state, events = engine.apply(
        state, DeclareAttack(player=state.attacker, origin=origin, target=target, specials=specials)
    )
    log = list(events)
    greedy, sampler = policies.policy("greedy"), ChanceSampler(0)
    while state.phase == "battle":
        state, events = engine.apply(state, greedy.choose(state, sampler, engine.acting_players(state)[0]))
        log += events
    return log


def _opening_turns() -> list[Event]:
    planner = policies.policy("planner")
    line = play_out(GAME, examples.example("opening"), [planner, planner], ChanceSampler(3), max_steps=150)
    return [e for step in line.events for e in step]


SCENARIOS: dict[str, Callable[[], list[Event]]] = {
    "mid-game-battle": lambda: _battle("mid-game-battle", 0, 1),
    "palace-assault": lambda: _battle("palace-assault", 0, 2, specials=(0,)),
    "largest-battle": lambda: _battle("largest-battle", 0, 0),
    "opening-150-steps": _opening_turns,
}


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_transcript_matches_golden(name: str) -> None:
    text = "\n".join(e.narrate() for e in SCENARIOS[name]()) + "\n"
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), text.splitlines(True), str(path), "now"))
        pytest.fail(f"the {name} transcript changed:\n{diff}")
