"""The planner: a cooperative table that plays to win.

Phase 6, one action at a time: take a kill's opportunity (complete the game condition, or a Mark II /
Mark III tower for the Kill Bonus stack), make the attacks that defeat the most units this turn
(`analysis.plan_turn`, boosts from every Boost stack, Combine attacks), attack a unit that breaks the
track unless attacked, defeat a tough or armoured unit by ignoring its extra Hit Points when the plan
cannot (an armoured one only while the track can spare a piece), sell a tower no unit will pass, then
spend the Build / Upgrade stacks where they add the most defeats still to come (`appraisal`: towers
alone or joined in pairs by Combine towers), and with the towers left strike wave modifiers that make
units harder or faster. Every action it returns is one the engine lists as legal, or one the
engine's own planner replays.
"""

from __future__ import annotations

from typing import Any

from rules.core.chance import ChanceSampler
from rules.tower_defense import catalog, engine
from rules.tower_defense.actions import (
    Attack,
    CompleteCondition,
    EndActions,
    KillBonus,
    NextPhase,
    RestoreTrack,
    Sell,
)
from rules.tower_defense.engine import combat
from rules.tower_defense.model import GameState, Tower
from rules.tower_defense.places import distance
from rules.tower_defense.policies import outlook as look
from rules.tower_defense.policies.appraisal import Appraisal, pay
from rules.tower_defense.policies.basic import planned_attack
from rules.tower_defense.policies.credits import take_credit

TRACK_MARGIN = 2
"""Track pieces the planner keeps in hand below the loss limit before it ignores an armoured unit's Hit Points."""


class PlannerPolicy:
    """Kill opportunities, the turn's best attacks, track guards, then investment where it adds the
    most future defeats, then modifier strikes; ends Phase 6 when nothing is worth doing."""

    name = "planner"

    def choose(self, state: GameState, sampler: ChanceSampler, player: int) -> Any:
        if state.revealed:
            return take_credit(state, engine.current_player(state))
        if state.restore_left:
            return self._restore(state)
        if state.phase != "actions":
            return NextPhase()
        steps = (
            self._opportunity,
            planned_attack,
            self._guard,
            self._tough,
            self._bonus,
            self._sell,
            self._invest,
            self._modifier,
        )
        return next((a for step in steps if (a := step(state)) is not None), EndActions())

    # ---- a kill's opportunity -----------------------------------------------------------------------
    def _opportunity(self, state: GameState) -> Any:
        """Complete the condition (2 Universal credits) or take a Mark III / II tower right after a kill."""
        ready = [p for p in range(len(state.players)) if engine.condition_ready(state, p)]
        if ready:
            who = min(ready, key=lambda p: len(state.players[p].stacks.build))
            return CompleteCondition(player=who, stack="build")
        window = state.kill_window
        if window is None or engine.open_kill_window(state, window.player) is None:
            return None
        return self._tower_bonus(state, window.player)

    def _bonus(self, state: GameState) -> KillBonus | None:
        """A Mark III or II tower at full price, from a Kill Bonus stack that holds enough."""
        players = range(len(state.players))
        return next((a for p in players if (a := self._tower_bonus(state, p)) is not None), None)

    def _tower_bonus(self, state: GameState, player: int) -> KillBonus | None:
        kill = state.players[player].stacks.kill
        for mark, pile in ((3, state.mark3_pile), (2, state.mark2_pile)):
            card = f"standard.{mark}"
            if card not in pile:
                continue
            payment = pay(kill, engine.kill_bonus_cost(state, player, mark), state)
            if payment is not None:
                return KillBonus(player=player, card=card, stack="build", payment=payment)
        return None

    # ---- attacks ------------------------------------------------------------------------------------
    def _guard(self, state: GameState) -> Attack | None:
        """Attack a unit that breaks the track unless a tower attacks it this turn (with the weakest tower)."""
        for wave in state.waves:
            if wave.attacked or not combat.visible_unit(wave).has("must_be_attacked"):
                continue
            options = self._strikes(state, wave.id, "unit")
            if options:
                tower = min(options, key=lambda t: combat.total(combat.tower_damage(state.rules, t)))
                return Attack(player=tower.owner, at=tower.at, wave=wave.id, target="unit", ignore=False)
        return None

    def _tough(self, state: GameState) -> Attack | None:
        """Defeat a tough unit by ignoring its 2 extra Hit Points (the tower rests a turn longer), or an
        armoured one by ignoring its 3 (a track piece is lost) while the track can spare it."""
        spare = state.track_loss_limit - len(state.board.track_discard) > TRACK_MARGIN
        for wave in state.waves:
            unit = combat.visible_unit(wave)
            if (unit.has("armoured") and not spare) or not (unit.has("tough") or unit.has("armoured")):
                continue
            hp = combat.unit_hit_points(state, wave)
            for tower in self._strikes(state, wave.id, "unit"):
                if combat.after_resistance(combat.tower_damage(state.rules, tower), unit) >= hp:
                    return Attack(player=tower.owner, at=tower.at, wave=wave.id, target="unit", ignore=True)
        return None

    def _modifier(self, state: GameState) -> Attack | None:
        """Strike a wave modifier that adds Hit Points or Movement, with a tower that defeats it."""
        for wave in sorted(state.waves, key=lambda w: -w.progress):
            if wave.modifier is None:
                continue
            spec = catalog.modifier(wave.modifier)
            if not (spec.hit_points or spec.movement) or wave.units_left < 1:
                continue
            hp = combat.modifier_hit_points(state, wave)
            for tower in self._strikes(state, wave.id, "modifier"):
                if combat.total(combat.tower_damage(state.rules, tower)) >= hp:
                    return Attack(player=tower.owner, at=tower.at, wave=wave.id, target="modifier", ignore=False)
        return None

    def _strikes(self, state: GameState, wave_id: str, target: str) -> list[Tower]:
        """Ready range towers that reach the wave's visible unit (or its modifier)."""
        wave = state.wave(wave_id)
        assert wave is not None
        out = []
        for t in state.towers:
            if t.depletion or catalog.tower(t.card).reach != "range":
                continue
            needed = combat.reach_needed(state, t.at, wave, at_unit=target == "unit")
            if needed is not None and needed <= combat.tower_range(t):
                out.append(t)
        return out

    # ---- spending the Build / Upgrade stacks -------------------------------------------------------
    def _invest(self, state: GameState) -> Any:
        return Appraisal(state).best()

    def _sell(self, state: GameState) -> Sell | None:
        """Sell a tower that no unit still to come will pass within its top level's Range, and that no
        Combine tower joins (6.B), for credits to spend where units will pass."""
        if not state.upcoming and not state.waves:
            return None
        view = look.outlook(state)
        top, track = state.rules.max_level, state.board.track
        ranged = [t for t in state.towers if catalog.tower(t.card).reach == "range"]
        useful = {t.at for t in ranged if view.defeats(t.at, catalog.tower(t.card).reach_at(top), 99, track) > 0}
        combiners = [t for t in state.towers if catalog.tower(t.card).reach != "range"]
        for t in state.towers:
            if t.depletion:
                continue
            if t in combiners:
                idle = not any(distance(t.at, u) <= combat.tower_range(t) for u in useful)
            else:
                joined = any(distance(t.at, c.at) <= combat.tower_range(c) for c in combiners)
                idle = t.at not in useful and not joined
            if idle:
                return Sell(player=t.owner, at=t.at)
        return None

    # ---- restored track -----------------------------------------------------------------------------
    def _restore(self, state: GameState) -> RestoreTrack:
        """Lay a restored piece where the most towers reach it."""
        assert state.restorer is not None
        piece = sorted(set(state.board.track_discard))[0]
        ranged = [t for t in state.towers if catalog.tower(t.card).reach == "range"]
        at = max(
            engine.free_spaces(state),
            key=lambda s: sum(1 for t in ranged if distance(s, t.at) <= combat.tower_range(t)),
        )
        return RestoreTrack(player=state.restorer, piece=piece, at=at)
