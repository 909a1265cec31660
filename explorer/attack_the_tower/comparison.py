"""Two readings of the rules played to the end: the explorer's line replayed under the current rules and under a
variant, the first step where they differ marked, then both lines played on by the same seeded policy to the end
of the battle (or of the game), so the variant's ending is seen beside the current one's.

The engine plays every step; nothing here decides a rule."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from rules.attack_the_tower import editing, engine
from rules.attack_the_tower.game import GAME
from rules.attack_the_tower.model import GameState
from rules.attack_the_tower.policies import policy
from rules.attack_the_tower.variants import Rules
from rules.core.chance import ChanceSampler
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.playout import random_action

Until = Literal["battle", "game"]
STEP_LIMIT = 20_000
"""The most steps a line is played on (a game without a turn limit ends long before)."""


@dataclass(frozen=True)
class Divergence:
    """Where the same line of play first differs under two rule variants."""

    step: int | None
    """1-based step of the line, or None when the whole line plays the same."""
    left: tuple[str, ...]
    right: tuple[str, ...]
    reason: str


@dataclass(frozen=True)
class Line:
    """One reading's line: where it started, every step played (action and events) and where it ended."""

    start: GameState
    steps: tuple[tuple[Any, tuple[Event, ...]], ...]
    end: GameState

    def state_at(self, number: int) -> GameState:
        """The position after `number` steps (replayed: positions are not kept)."""
        state = self.start
        for action, _events in self.steps[:number]:
            state, _ = engine.apply(state, action)
        return state

    def ending(self) -> str:
        """How the line ended, in words."""
        end = self.end
        if end.termination is not None:
            winner = f": {engine.label(end, end.winner)} win" if end.winner is not None else ""
            return f"the game is over ({end.termination.replace('_', ' ')}){winner}"
        if end.battle is not None:
            return f"still in battle after {len(self.steps)} steps"
        return f"turn {end.turn}, {end.phase.replace('_', ' ')}"


@dataclass(frozen=True)
class Comparison:
    """The line under the current rules and under the variant, each played to the end asked for."""

    divergence: Divergence
    until: Until
    played: int
    """Steps of the explorer's line replayed under both readings (then each plays on by itself)."""
    current: Line
    variant: Line


def _sentences(events: Sequence[Event]) -> tuple[str, ...]:
    return tuple(e.sentence() for e in events)


def _over(state: GameState, until: Until) -> bool:
    return engine.is_terminal(state) or (until == "battle" and state.phase != "battle")


def _play_on(
    start: GameState,
    steps: list[tuple[Any, tuple[Event, ...]]],
    state: GameState,
    until: Until,
    policy_name: str,
    seed: int,
) -> Line:
    """The line so far (from `start` to `state`), played on by the seeded policy (and chance) until `until`."""
    chooser, sampler = policy(policy_name), ChanceSampler(seed)
    for _ in range(STEP_LIMIT):
        if _over(state, until):
            break
        action = random_action(GAME, state, sampler, [chooser, chooser])
        state, events = engine.apply(state, action)
        steps.append((action, events))
    return Line(start, tuple(steps), state)


def compare(
    initial: GameState, line: Sequence[Any], other: Rules, until: Until | None, policy_name: str, seed: int = 0
) -> Comparison:
    """Replay `line` from `initial` under its rules and under `other`, marking the first step that differs; then,
    unless `until` is None, play each on with the seeded policy to the end of the battle (or of the game).

    An action the variant refuses ends the variant's share of the line there: it plays on by itself."""
    left_state = initial
    left: list[tuple[Any, tuple[Event, ...]]] = []
    for action in line:
        left_state, events = engine.apply(left_state, action)
        left.append((action, events))
    variant_start = right_state = editing.set_rules(initial, other)
    right: list[tuple[Any, tuple[Event, ...]]] = []
    divergence: Divergence | None = None
    for number, (action, left_events) in enumerate(left, start=1):
        try:
            right_state, right_events = engine.apply(right_state, action)
        except IllegalAction as refusal:
            reason = "the same action is not legal under the other rules"
            divergence = divergence or Divergence(number, _sentences(left_events), (f"refused: {refusal}",), reason)
            break
        right.append((action, right_events))
        if divergence is None and _sentences(left_events) != _sentences(right_events):
            reason = "the same action has different effects"
            divergence = Divergence(number, _sentences(left_events), _sentences(right_events), reason)
    played = len(right)
    if until is None:
        found = divergence or Divergence(None, (), (), "the whole line plays the same under both rules")
        current, variant = Line(initial, tuple(left), left_state), Line(variant_start, tuple(right), right_state)
        return Comparison(found, "battle", played, current, variant)
    current = _play_on(initial, left, left_state, until, policy_name, seed)
    variant = _play_on(variant_start, right, right_state, until, policy_name, seed)
    if divergence is None:
        divergence = _first_difference(current, variant)
    return Comparison(divergence, until, played, current, variant)


def _first_difference(current: Line, variant: Line) -> Divergence:
    """The first step where the two lines, played on, differ (the explorer's line showed no difference)."""
    for number, ((a, left), (b, right)) in enumerate(zip(current.steps, variant.steps, strict=False), start=1):
        if a != b or _sentences(left) != _sentences(right):
            reason = "played on, the lines part" if a != b else "played on, the same action has different effects"
            return Divergence(number, _sentences(left), _sentences(right), reason)
    if len(current.steps) != len(variant.steps):
        return Divergence(min(len(current.steps), len(variant.steps)) + 1, (), (), "one line ends before the other")
    return Divergence(None, (), (), "both lines play the same to the end")
