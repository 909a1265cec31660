"""This turn's plan: which units the towers with Energy can defeat with the players' Boost and Combine stacks,
and the order of actions that defeats the most (an exhaustive search, memoised, checked by replaying it)."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.tower_defense import catalog, engine
from rules.tower_defense.actions import Attack, Boost, CombineAttack, RestoreTrack
from rules.tower_defense.analysis.boosts import credits_of
from rules.tower_defense.cards import UnitSpec
from rules.tower_defense.engine import combat, payments
from rules.tower_defense.errors import IllegalAction
from rules.tower_defense.events import Attacked
from rules.tower_defense.model import FieldWave, GameState, Tower
from rules.tower_defense.places import Coord, distance
from rules.tower_defense.text import card_short, space_words, wave_words
from rules.tower_defense.variants import Rules

# ---- this turn's plan ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlannedAttack:
    """One attack of a plan: the attacking tower (and the two it combines), the boosts, the unit."""

    tower: Coord
    combined: tuple[Coord, Coord] | None
    wave: str
    unit: int
    boosts: tuple[str, ...]
    damage: int
    hit_points: int


@dataclass(frozen=True, slots=True)
class Target:
    """A visible unit, and which towers with Energy can reach it, alone or with boosts."""

    wave: str
    wave_name: str
    unit: int
    hit_points: int
    in_range: tuple[Coord, ...]
    alone: tuple[Coord, ...]


@dataclass(frozen=True, slots=True)
class Plan:
    """The most units the table can defeat this turn, the credits it spends, and the actions in order."""

    defeated: int
    credits: int
    attacks: tuple[PlannedAttack, ...]
    actions: tuple[Any, ...]
    targets: tuple[Target, ...]

    def describe(self) -> list[str]:
        """The plan in the words the board uses: spaces as (column, row), cards as 'Boost I', waves by name."""
        lines = [f"{self.defeated} unit(s) can be defeated this turn, spending {self.credits} credit(s)."]
        for a in self.attacks:
            how = f"combining {space_words(a.combined[0])} and {space_words(a.combined[1])}" if a.combined else "alone"
            boost = f" boosted by {', '.join(card_short(c) for c in a.boosts)}" if a.boosts else ""
            lines.append(
                f"  the tower on {space_words(a.tower)} ({how}){boost} deals {a.damage} to unit {a.unit + 1} of "
                f"{wave_words(a.wave)} ({a.hit_points} Hit Points)"
            )
        return lines


@dataclass(frozen=True, slots=True)
class _Unit:
    hit_points: int
    elusive: bool
    unit_index: int


@dataclass(frozen=True, slots=True)
class _Move:
    towers: frozenset[Coord]
    wave: int
    cards: tuple[str, ...]
    credits: int
    attack: PlannedAttack
    combine_payment: tuple[int, tuple[str, ...]] | None


def _units(state: GameState, wave: FieldWave) -> list[_Unit]:
    """Hit Points of every unit still to come, with the wave's modifier and the condition in play."""
    out = []
    for i in range(wave.defeated, len(wave.spec.units)):
        probe = FieldWave(id=wave.id, number=wave.number, space=wave.space, defeated=i, modifier=wave.modifier)
        unit = wave.spec.units[i]
        hp = combat.unit_hit_points(state, probe) + combat.attribute_hit_points(state.rules, unit, False)
        out.append(_Unit(hit_points=hp, elusive=unit.has("elusive"), unit_index=i))
    return out


def _dealt(rules: Rules, towers: tuple[Tower, ...], cards: tuple[str, ...], unit_spec: UnitSpec) -> int:
    """What an attack deals the unit: one tower with these boosts, or two joined by a Combine tower (the
    boosts given to the first)."""
    damage = combat.tower_damage(rules, towers[0], credits_of(cards, rules))
    if len(towers) == 1:
        return combat.after_resistance(damage, unit_spec)
    joined = combat.total(damage) + combat.total(combat.tower_damage(rules, towers[1]))
    return combat.after_resistance({"combine": joined}, unit_spec)


@functools.lru_cache(maxsize=65536)
def _lethal_sets(
    rules: Rules, towers: tuple[Tower, ...], unit_spec: UnitSpec, hp: int, pool: tuple[str, ...]
) -> tuple[tuple[tuple[str, ...], int], ...]:
    """The boost card sets (sub-multisets of the pool, given to the first tower) that make the attack
    meet the Hit Points, keeping only those with no lethal subset, each with the damage it then deals."""
    found: list[tuple[tuple[str, ...], int]] = []
    for cards in sorted((*payments.subsets(pool), ()), key=lambda c: (payments.value(c, rules), len(c), c)):
        if any(not (Counter(f) - Counter(cards)) for f, _ in found):
            continue
        dealt = _dealt(rules, towers, cards, unit_spec)
        if dealt >= hp:
            found.append((cards, dealt))
    return tuple(found)


class _TurnPlanner:
    """The search behind `plan_turn`: each unit in reach, each way to defeat it (a tower alone with boosts, or
    a Combine pair), and the best line of such moves, memoised by what is left."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.rules = state.rules
        self.ready = [t for t in state.towers if t.depletion == 0]
        self.waves = [w for w in state.waves if state.wave_location(w) is not None]
        self.units = [_units(state, w) for w in self.waves]
        self.locations = [state.wave_location(w) for w in self.waves]
        self.memo: dict[tuple[object, ...], tuple[int, int, tuple[_Move, ...]]] = {}

    def options(
        self,
        progress: tuple[int, ...],
        used: frozenset[Coord],
        pool: tuple[str, ...],
        stacks: tuple[tuple[str, ...], ...],
    ) -> list[_Move]:
        """Every move that defeats the next unit of a wave, with towers not used yet."""
        moves: list[_Move] = []
        for wi, _wave in enumerate(self.waves):
            k = progress[wi]
            if k >= len(self.units[wi]):
                continue
            unit = self.units[wi][k]
            where = self.locations[wi]
            assert where is not None
            extra = self.rules.elusive_extra_range if unit.elusive else 0
            for t in self.ready:
                if t.at in used:
                    continue
                if catalog.tower(t.card).reach == "range":
                    moves += self._alone(t, wi, unit, where, extra, pool)
                else:
                    moves += self._combined(t, wi, unit, where, extra, used, pool, stacks)
        return moves

    def _alone(self, t: Tower, wi: int, unit: _Unit, where: Coord, extra: int, pool: tuple[str, ...]) -> list[_Move]:
        """A ranged tower's attack, with each set of boosts that makes it lethal."""
        rules, wave = self.rules, self.waves[wi]
        if distance(t.at, where) + extra > catalog.tower(t.card).reach_at(t.level):
            return []
        unit_spec = wave.spec.units[unit.unit_index]
        moves = []
        for cards, dealt in _lethal_sets(rules, (t,), unit_spec, unit.hit_points, pool):
            attack = PlannedAttack(t.at, None, wave.id, unit.unit_index, cards, dealt, unit.hit_points)
            moves.append(_Move(frozenset({t.at}), wi, cards, payments.value(cards, rules), attack, None))
        return moves

    def _combined(
        self,
        t: Tower,
        wi: int,
        unit: _Unit,
        where: Coord,
        extra: int,
        used: frozenset[Coord],
        pool: tuple[str, ...],
        stacks: tuple[tuple[str, ...], ...],
    ) -> list[_Move]:
        """A Combine tower's attack with each pair of partners in reach, paid from its owner's Combine stack."""
        rules, wave = self.rules, self.waves[wi]
        spec = catalog.tower(t.card)
        assert spec.combine_cost is not None
        pay = payments.options(stacks[t.owner], spec.combine_cost.value, rules)
        if not pay:
            return []
        unit_spec = wave.spec.units[unit.unit_index]
        moves = []
        for a, b in engine.combine_partners(self.state, t):
            if {a.at, b.at} & used:
                continue
            if distance(t.at, where) + extra > max(combat.tower_range(a), combat.tower_range(b)):
                continue
            for first, second in ((a, b), (b, a)):
                for cards, dealt in _lethal_sets(rules, (first, second), unit_spec, unit.hit_points, pool):
                    attack = PlannedAttack(
                        t.at, (first.at, second.at), wave.id, unit.unit_index, cards, dealt, unit.hit_points
                    )
                    cost = payments.value(cards, rules) + payments.value(pay[0], rules)
                    moves.append(_Move(frozenset({t.at, a.at, b.at}), wi, cards, cost, attack, (t.owner, pay[0])))
        return moves

    def targets(self) -> tuple[Target, ...]:
        """The next unit of each wave in reach, and the ready range towers that reach it, alone or boosted."""
        out = []
        for wave, units, where in zip(self.waves, self.units, self.locations, strict=True):
            unit, spec = units[0], wave.spec.units[units[0].unit_index]
            assert where is not None
            extra = self.rules.elusive_extra_range if unit.elusive else 0
            reach = [
                t
                for t in self.ready
                if catalog.tower(t.card).reach == "range" and distance(t.at, where) + extra <= combat.tower_range(t)
            ]
            alone = tuple(t.at for t in reach if _dealt(self.rules, (t,), (), spec) >= unit.hit_points)
            at = tuple(t.at for t in reach)
            out.append(Target(wave.id, wave.spec.name, unit.unit_index, unit.hit_points, at, alone))
        return tuple(out)

    def best(
        self,
        progress: tuple[int, ...],
        used: frozenset[Coord],
        pool: tuple[str, ...],
        stacks: tuple[tuple[str, ...], ...],
    ) -> tuple[int, int, tuple[_Move, ...]]:
        """(units defeated, credits spent, moves) of the best line from here: most defeated, then fewest credits."""
        key = (progress, used, pool, stacks)
        known = self.memo.get(key)
        if known is not None:
            return known
        top: tuple[int, int, tuple[_Move, ...]] = (0, 0, ())
        for move in self.options(progress, used, pool, stacks):
            nxt_progress = tuple(p + 1 if i == move.wave else p for i, p in enumerate(progress))
            nxt_pool = payments.take(pool, move.cards, "Boost", "phase.6C1 boost")
            nxt_stacks = stacks
            if move.combine_payment is not None:
                owner, pay = move.combine_payment
                nxt_stacks = tuple(
                    payments.take(s, pay, "Combine", "phase.6D combine") if i == owner else s
                    for i, s in enumerate(stacks)
                )
            kills, spent, line = self.best(nxt_progress, used | move.towers, nxt_pool, nxt_stacks)
            candidate = (kills + 1, spent + move.credits, (move, *line))
            if (candidate[0], -candidate[1]) > (top[0], -top[1]):
                top = candidate
        self.memo[key] = top
        return top


def plan_turn(state: GameState) -> Plan:
    """The order of boosts and attacks that defeats the most units this turn (ties: fewest credits).

    Every tower with Energy may attack once; boosts come from every player's Boost stack; Combine
    attacks are paid from their owner's Combine stack. A unit falls only to one attack that meets its
    Hit Points, so the plan only makes attacks that defeat. Tough and armoured units are planned with
    their extra Hit Points; wave modifiers are not attacked. The plan is checked by replaying it
    through the engine, and `defeated` counts what that replay defeats.
    """
    planner = _TurnPlanner(state)
    pool = tuple(sorted(c for p in state.players for c in p.stacks.boost))
    combine_stacks = tuple(p.stacks.combine for p in state.players)
    _, credits, moves = planner.best(tuple(0 for _ in planner.waves), frozenset(), pool, combine_stacks)
    actions, defeated = _replay(state, moves)
    return Plan(defeated, credits, tuple(m.attack for m in moves), actions, planner.targets())


def clear_caches() -> None:
    """Forget the memoised boost sets (for timing the planner from cold)."""
    _lethal_sets.cache_clear()
    payments.clear_caches()


def _replay(state: GameState, moves: Sequence[_Move]) -> tuple[tuple[Any, ...], int]:
    """The plan as engine actions, applied one by one (each boost card from a player who holds it);
    returns them and the units they defeat."""
    actions: list[Any] = []
    defeated = 0
    held: dict[str, list[int]] = {}
    for p, player in enumerate(state.players):
        for c in player.stacks.boost:
            held.setdefault(c, []).append(p)
    for move in moves:
        a = move.attack
        tower = state.tower_at(a.combined[0] if a.combined else a.tower)
        assert tower is not None
        step: list[Any] = []
        for card in a.boosts:
            step.append(Boost(player=held[card].pop(0), at=tower.at, card=card))
        target = state.wave(a.wave)
        if target is None or target.defeated != a.unit:
            break
        if a.combined is None:
            step.append(Attack(player=tower.owner, at=a.tower, wave=a.wave, target="unit", ignore=False))
        else:
            combiner = state.tower_at(a.tower)
            assert combiner is not None and move.combine_payment is not None
            step.append(
                CombineAttack(
                    player=combiner.owner,
                    at=a.tower,
                    towers=a.combined,
                    wave=a.wave,
                    target="unit",
                    ignore=False,
                    payment=move.combine_payment[1],
                )
            )
        try:
            for action in step:
                state, events = engine.apply(state, action)
                actions.append(action)
                defeated += sum(
                    1 for e in events if isinstance(e, Attacked) and e.defeated and e.target.startswith("unit")
                )
                while state.restore_left and state.restorer is not None:
                    place = engine.legal_actions(state)[0]
                    assert isinstance(place, RestoreTrack)
                    state = engine.step(state, place)
                    actions.append(place)
        except IllegalAction:
            break
    return tuple(actions), defeated
