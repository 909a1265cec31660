"""The first policies: a random player, a simple one, and a cooperative table that spends
its credits (builds wherever a tower reaches track, boosts what the turn planner can kill).

Every policy chooses among the engine's own legal actions (or the planner's, which the engine
replays), so no policy holds a rule of its own.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rules.core.chance import ChanceSampler
from rules.tower_defense import analysis, catalog, engine
from rules.tower_defense.actions import (
    Attack,
    Build,
    EndActions,
    NextPhase,
    RestoreTrack,
    TakeCredit,
    Upgrade,
)
from rules.tower_defense.catalog import credit_type
from rules.tower_defense.engine import combat
from rules.tower_defense.model import GameState
from rules.tower_defense.places import distance


class RandomPolicy:
    """Uniform over the legal actions, but ends Phase 6 with probability 1/4 whenever it may."""

    name = "random"

    def choose(self, state: GameState, sampler: ChanceSampler, player: int) -> Any:
        actions = engine.legal_actions(state)
        ends = [a for a in actions if isinstance(a, EndActions)]
        if ends and sampler.random() < 0.25:
            return ends[0]
        return sampler.choice(actions)


def planned_attack(state: GameState) -> Any:
    """The first action of this turn's plan of attacks (`analysis.plan_turn`), or None when it makes none."""
    plan = analysis.plan_turn(state)
    return plan.actions[0] if plan.actions else None


def track_cover(state: GameState, at: tuple[int, int], reach: int, watched: set[tuple[int, int]]) -> int:
    """Track pieces within `reach` of a space that no tower watches yet."""
    return sum(1 for p in state.board.track if p.number and p.at not in watched and distance(at, p.at) <= reach)


class SimplePolicy:
    """Takes Boost credits onto the Boost stack and the rest onto Build / Upgrade; in Phase 6 makes
    the planner's attacks first, then attacks units that break the track unless attacked, then builds
    where a tower watches the most track nobody watches yet, then upgrades, then ends the phase."""

    name = "simple"
    reserve = 3
    """Credits on the Build / Upgrade stack before Boost credits go to the Boost stack."""

    def choose(self, state: GameState, sampler: ChanceSampler, player: int) -> Any:
        if state.revealed:
            return self._take(state, player)
        if state.restore_left:
            return next(a for a in engine.legal_actions(state) if isinstance(a, RestoreTrack))
        if state.phase != "actions":
            return NextPhase()
        steps = (planned_attack, self._guard_track, self._build, self._upgrade)
        return next((a for step in steps if (a := step(state)) is not None), EndActions())

    def _upgrade(self, state: GameState) -> Upgrade | None:
        players = range(len(state.players))
        return next((a for p in players for a in engine.phase6_actions(state, p) if isinstance(a, Upgrade)), None)

    def _guard_track(self, state: GameState) -> Attack | None:
        """Attack a unit that breaks the track unless some tower attacks it this turn."""
        for wave in state.waves:
            if wave.attacked or not combat.visible_unit(wave).has("must_be_attacked"):
                continue
            for p in range(len(state.players)):
                for a in engine.phase6_actions(state, p):
                    if isinstance(a, Attack) and a.wave == wave.id and a.target == "unit" and not a.ignore:
                        return a
        return None

    def _take(self, state: GameState, who: int) -> TakeCredit:
        card = state.revealed[-1]
        boost = credit_type(card) == "boost" and len(state.players[who].stacks.build) >= self.reserve
        return TakeCredit(player=who, card=card, stack="boost" if boost else "build")

    def _build(self, state: GameState) -> Build | None:
        best: tuple[int, Build] | None = None
        spaces = engine.free_spaces(state)
        watched = {
            p.at for p in state.board.track for t in state.towers if distance(t.at, p.at) <= combat.tower_range(t)
        }
        for p in range(len(state.players)):
            stacks = state.players[p].stacks
            for card in sorted(set(stacks.build)):
                if card.startswith("condition."):
                    continue
                spec = catalog.tower(card)
                if spec.reach != "range":
                    continue
                options = [a for a in engine.phase6_actions(state, p) if isinstance(a, Build) and a.card == card]
                if not options:
                    continue
                payment = options[0].payment
                for at in spaces:
                    score = track_cover(state, at, spec.reach_at(1), watched)
                    if best is None or score > best[0]:
                        best = (score, Build(player=p, card=card, at=at, payment=payment))
        return None if best is None or best[0] == 0 else best[1]


BUILD_RESERVE = 2
"""Credits kept on the Build / Upgrade stack before Boost credits go to the Boost stack."""


def watchers(state: GameState) -> dict[tuple[int, int], int]:
    """How many towers reach each numbered track piece."""
    return {
        p.at: sum(1 for t in state.towers if distance(t.at, p.at) <= combat.tower_range(t))
        for p in state.board.track
        if p.number
    }


def cover(at: tuple[int, int], reach: int, watched: dict[tuple[int, int], int]) -> Fraction:
    """Track a tower on `at` would reach, each piece counting less the more towers already reach it."""
    return sum((Fraction(1, 1 + n) for piece, n in watched.items() if distance(at, piece) <= reach), Fraction(0))


class CoopPolicy(SimplePolicy):
    """Takes credits onto the Build / Upgrade stack (Boost credits beyond a reserve onto the Boost
    stack); in Phase 6 makes the planner's attacks, guards the track, then builds wherever a tower
    reaches track (least watched track first, weighed by the tower's damage) while any player can pay,
    then upgrades, then ends the phase."""

    name = "coop"
    reserve = BUILD_RESERVE

    def _build(self, state: GameState) -> Build | None:
        watched = watchers(state)
        best: tuple[Fraction, int, Build] | None = None
        for action in self._builds(state):
            spec = catalog.tower(action.card)
            if spec.reach != "range":
                continue
            score = cover(action.at, spec.reach_at(1), watched) * max(1, spec.damage(1))
            key = (score, -len(action.payment))
            if score > 0 and (best is None or key > best[:2]):
                best = (score, -len(action.payment), action)
        return None if best is None else best[2]

    def _builds(self, state: GameState) -> list[Build]:
        """One Build per player, card and space (the first way to pay)."""
        seen: set[tuple[int, str, tuple[int, int]]] = set()
        out = []
        for p in range(len(state.players)):
            for a in engine.phase6_actions(state, p):
                if isinstance(a, Build) and (p, a.card, a.at) not in seen:
                    seen.add((p, a.card, a.at))
                    out.append(a)
        return out
