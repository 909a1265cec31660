"""Calculators for Tower Defense: boosts, this turn's plan of attacks, and income.

- `boost_options`: for a tower and the credits on hand, every reachable damage and the cheapest way
  to reach it (003 6.C).
- `plan_turn`: which units the towers with Energy can defeat this turn with the players' Boost and
  Combine stacks, and the order of actions that defeats the most (exhaustive search, memoised).
- `income_distribution`: the exact distribution of the credits Phase 5 reveals (icepool deals from
  the Mark I deck), and `shares`: how many of them each player takes.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import icepool

from rules.core.distribution import Distribution
from rules.core.unvalidated import construct
from rules.tower_defense import catalog, combat, engine, payments
from rules.tower_defense.actions import Attack, Boost, CombineAttack, RestoreTrack
from rules.tower_defense.cards import CreditType, UnitSpec
from rules.tower_defense.errors import IllegalAction
from rules.tower_defense.events import Attacked
from rules.tower_defense.model import Coord, FieldWave, GameState, Tower, credit_type, credit_value, distance
from rules.tower_defense.variants import Rules

# ---- boosts -------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BoostOption:
    """One reachable damage: the cards to discard (the cheapest way) and what they cost."""

    damage: int
    bonus: int
    cards: tuple[str, ...]
    credits: int
    damage_by_type: tuple[tuple[str, int], ...]


def _credits_of(cards: Iterable[str], rules: Rules) -> tuple[CreditType, ...]:
    return tuple(sorted(t for c in cards for t in (credit_type(c),) * credit_value(c, rules)))


def boost_options(
    tower_card: str,
    level: int,
    hand: Sequence[str],
    rules: Rules | None = None,
    already: Sequence[CreditType] = (),
) -> list[BoostOption]:
    """Every damage the tower can reach this turn by discarding some of `hand` (card ids of a Boost
    stack, or several players' stacks together), each with the cheapest way: fewest credits, then
    fewest cards. `already` are credits discarded on it earlier this turn."""
    rules = rules or Rules()
    spec = catalog.tower(tower_card)
    if not combat.can_boost(spec):
        raise IllegalAction(f"a {spec.name} has a Radius and 'may not be Boosted'", "towers.range")
    if not 1 <= level <= rules.max_level:
        raise IllegalAction(f"towers have levels 1 to {rules.max_level}, not {level}", "towers.levels")
    tower = Tower(card=tower_card, at=(0, 0), owner=0, level=level, boosts=tuple(sorted(already)))
    best: dict[int, BoostOption] = {}
    for cards in (*payments.subsets(tuple(sorted(hand))), ()):
        damage = combat.tower_damage(rules, tower, _credits_of(cards, rules))
        total = combat.total(damage)
        option = BoostOption(
            damage=total,
            bonus=total - spec.damage(level),
            cards=cards,
            credits=payments.value(cards, rules),
            damage_by_type=tuple(sorted(damage.items())),
        )
        known = best.get(total)
        if known is None or (option.credits, len(option.cards), option.cards) < (
            known.credits,
            len(known.cards),
            known.cards,
        ):
            best[total] = option
    return [best[d] for d in sorted(best)]


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
        lines = [f"{self.defeated} unit(s) can be defeated this turn, spending {self.credits} credit(s)."]
        for a in self.attacks:
            how = f"combining {a.combined[0]} and {a.combined[1]}" if a.combined else "alone"
            boost = f" boosted by {', '.join(a.boosts)}" if a.boosts else ""
            lines.append(
                f"  the tower on {a.tower} ({how}){boost} deals {a.damage} to unit {a.unit + 1} of {a.wave} "
                f"({a.hit_points} Hit Points)"
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


@functools.lru_cache(maxsize=65536)
def _lethal_sets(
    rules: Rules, towers: tuple[Tower, ...], unit_spec: UnitSpec, hp: int, pool: tuple[str, ...]
) -> tuple[tuple[str, ...], ...]:
    """The boost card sets (sub-multisets of the pool, given to the first tower) that make the attack
    meet the Hit Points, keeping only those with no lethal subset."""
    found: list[tuple[str, ...]] = []
    for cards in sorted((*payments.subsets(pool), ()), key=lambda c: (payments.value(c, rules), len(c), c)):
        if any(not (Counter(f) - Counter(cards)) for f in found):
            continue
        extra = _credits_of(cards, rules)
        if len(towers) == 1:
            dealt = combat.after_resistance(combat.tower_damage(rules, towers[0], extra), unit_spec)
        else:
            joined = combat.total(combat.tower_damage(rules, towers[0], extra)) + combat.total(
                combat.tower_damage(rules, towers[1])
            )
            dealt = combat.after_resistance({"combine": joined}, unit_spec)
        if dealt >= hp:
            found.append(cards)
    return tuple(found)


def plan_turn(state: GameState) -> Plan:
    """The order of boosts and attacks that defeats the most units this turn (ties: fewest credits).

    Every tower with Energy may attack once; boosts come from every player's Boost stack; Combine
    attacks are paid from their owner's Combine stack. A unit falls only to one attack that meets its
    Hit Points, so the plan only makes attacks that defeat. Tough and armoured units are planned with
    their extra Hit Points; wave modifiers are not attacked. The plan is checked by replaying it
    through the engine, and `defeated` counts what that replay defeats.
    """
    rules = state.rules
    ready = [t for t in state.towers if t.depletion == 0]
    waves = [w for w in state.waves if state.wave_location(w) is not None]
    units = [_units(state, w) for w in waves]
    locations = [state.wave_location(w) for w in waves]
    owners: dict[str, list[int]] = {}
    for p, player in enumerate(state.players):
        for c in player.stacks.boost:
            owners.setdefault(c, []).append(p)
    pool0 = tuple(sorted(c for p in state.players for c in p.stacks.boost))
    combine_stacks = tuple(p.stacks.combine for p in state.players)

    def options(
        progress: tuple[int, ...],
        used: frozenset[Coord],
        pool: tuple[str, ...],
        stacks: tuple[tuple[str, ...], ...],
    ) -> list[_Move]:
        moves: list[_Move] = []
        for wi, wave in enumerate(waves):
            k = progress[wi]
            if k >= len(units[wi]):
                continue
            unit = units[wi][k]
            unit_spec = wave.spec.units[unit.unit_index]
            where = locations[wi]
            assert where is not None
            extra = rules.elusive_extra_range if unit.elusive else 0
            for t in ready:
                if t.at in used:
                    continue
                spec = catalog.tower(t.card)
                if spec.reach == "range":
                    if distance(t.at, where) + extra > spec.reach_at(t.level):
                        continue
                    for cards in _lethal_sets(rules, (t,), unit_spec, unit.hit_points, pool):
                        dealt = combat.after_resistance(
                            combat.tower_damage(rules, t, _credits_of(cards, rules)), unit_spec
                        )
                        attack = PlannedAttack(t.at, None, wave.id, unit.unit_index, cards, dealt, unit.hit_points)
                        moves.append(_Move(frozenset({t.at}), wi, cards, payments.value(cards, rules), attack, None))
                    continue
                assert spec.combine_cost is not None
                pay = payments.options(stacks[t.owner], spec.combine_cost.value, rules)
                if not pay:
                    continue
                for a, b in engine.combine_partners(state, t):
                    if {a.at, b.at} & used:
                        continue
                    if distance(t.at, where) + extra > max(combat.tower_range(a), combat.tower_range(b)):
                        continue
                    for first, second in ((a, b), (b, a)):
                        for cards in _lethal_sets(rules, (first, second), unit_spec, unit.hit_points, pool):
                            joined = combat.total(
                                combat.tower_damage(rules, first, _credits_of(cards, rules))
                            ) + combat.total(combat.tower_damage(rules, second))
                            dealt = combat.after_resistance({"combine": joined}, unit_spec)
                            attack = PlannedAttack(
                                t.at,
                                (first.at, second.at),
                                wave.id,
                                unit.unit_index,
                                cards,
                                dealt,
                                unit.hit_points,
                            )
                            cost = payments.value(cards, rules) + payments.value(pay[0], rules)
                            moves.append(
                                _Move(frozenset({t.at, a.at, b.at}), wi, cards, cost, attack, (t.owner, pay[0]))
                            )
        return moves

    @functools.cache
    def best(
        progress: tuple[int, ...],
        used: frozenset[Coord],
        pool: tuple[str, ...],
        stacks: tuple[tuple[str, ...], ...],
    ) -> tuple[int, int, tuple[_Move, ...]]:
        top: tuple[int, int, tuple[_Move, ...]] = (0, 0, ())
        for move in options(progress, used, pool, stacks):
            nxt_progress = tuple(p + 1 if i == move.wave else p for i, p in enumerate(progress))
            nxt_pool = payments.take(pool, move.cards, "Boost", "phase.6C1 boost")
            nxt_stacks = stacks
            if move.combine_payment is not None:
                owner, pay = move.combine_payment
                nxt_stacks = tuple(
                    payments.take(s, pay, "Combine", "phase.6D combine") if i == owner else s
                    for i, s in enumerate(stacks)
                )
            kills, spent, line = best(nxt_progress, used | move.towers, nxt_pool, nxt_stacks)
            candidate = (kills + 1, spent + move.credits, (move, *line))
            if (candidate[0], -candidate[1]) > (top[0], -top[1]):
                top = candidate
        return top

    start = tuple(0 for _ in waves)
    _, credits, moves = best(start, frozenset(), pool0, combine_stacks)
    targets = _targets(state, waves, units, locations, ready)
    actions, defeated = _replay(state, moves, owners)
    return Plan(
        defeated=defeated,
        credits=credits,
        attacks=tuple(m.attack for m in moves),
        actions=actions,
        targets=targets,
    )


def clear_caches() -> None:
    """Forget the memoised boost sets (for timing the planner from cold)."""
    _lethal_sets.cache_clear()
    payments.subsets.cache_clear()
    payments.options.cache_clear()


def _targets(
    state: GameState,
    waves: list[FieldWave],
    units: list[list[_Unit]],
    locations: list[Coord | None],
    ready: list[Tower],
) -> tuple[Target, ...]:
    out = []
    for wave, wave_units, where in zip(waves, units, locations, strict=True):
        unit = wave_units[0]
        assert where is not None
        extra = state.rules.elusive_extra_range if unit.elusive else 0
        spec = wave.spec.units[unit.unit_index]
        reach = [
            t
            for t in ready
            if catalog.tower(t.card).reach == "range" and distance(t.at, where) + extra <= combat.tower_range(t)
        ]
        alone = [
            t.at for t in reach if combat.after_resistance(combat.tower_damage(state.rules, t), spec) >= unit.hit_points
        ]
        out.append(
            Target(
                wave.id,
                wave.spec.name,
                unit.unit_index,
                unit.hit_points,
                tuple(t.at for t in reach),
                tuple(alone),
            )
        )
    return tuple(out)


def _replay(state: GameState, moves: Sequence[_Move], owners: dict[str, list[int]]) -> tuple[tuple[Any, ...], int]:
    """The plan as engine actions, applied one by one; returns them and the units they defeat."""
    actions: list[Any] = []
    defeated = 0
    held = {card: list(players) for card, players in owners.items()}
    for move in moves:
        a = move.attack
        tower = state.tower_at(a.combined[0] if a.combined else a.tower)
        assert tower is not None
        step: list[Any] = []
        for card in a.boosts:
            step.append(construct(Boost, player=held[card].pop(0), at=tower.at, card=card))
        target = state.wave(a.wave)
        if target is None or target.defeated != a.unit:
            break
        if a.combined is None:
            step.append(construct(Attack, player=tower.owner, at=a.tower, wave=a.wave, target="unit", ignore=False))
        else:
            combiner = state.tower_at(a.tower)
            assert combiner is not None and move.combine_payment is not None
            step.append(
                construct(
                    CombineAttack,
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
                    state, _ = engine.apply(state, place)
                    actions.append(place)
        except IllegalAction:
            break
    return tuple(actions), defeated


# ---- income -------------------------------------------------------------------------------------------


def _deal(counts: Counter[str], draws: int) -> Distribution[tuple[str, ...]]:
    if draws <= 0 or not counts:
        return Distribution.point(())
    draws = min(draws, sum(counts.values()))
    die = icepool.Deck(dict(counts)).deal(draws).expand()
    return Distribution({tuple(sorted(outcome)): Fraction(w, die.denominator()) for outcome, w in die.items()})


def reveal_distribution(deck: Sequence[str], discard: Sequence[str], draws: int) -> Distribution[tuple[str, ...]]:
    """The exact distribution of the sorted credits `draws` reveals give: from the deck, and once it
    runs out from the discard shuffled into a new deck (3.A.II)."""
    if len(deck) >= draws:
        return _deal(Counter(deck), draws)
    rest = tuple(sorted(deck))
    return _deal(Counter(discard), draws - len(deck)).map(lambda more: tuple(sorted(rest + more)))


def income_distribution(state: GameState) -> Distribution[tuple[str, ...]]:
    """The credits the next Phase 5 reveals (state.income of them), as sorted card ids."""
    return reveal_distribution(state.mark1_deck, state.mark1_discard, state.income)


def type_count_distribution(state: GameState, kind: CreditType) -> Distribution[int]:
    """How many credits of one type the next income reveals."""
    return income_distribution(state).map(lambda cards: sum(1 for c in cards if credit_type(c) == kind))


def shares(players: int, starting_player: int, credits: int) -> tuple[int, ...]:
    """How many credits each player takes: one each from the Starting Player on, clockwise (4.E)."""
    out = [0] * players
    for i in range(credits):
        out[(starting_player + i) % players] += 1
    return tuple(out)


def first_pick(state: GameState) -> dict[str, Fraction]:
    """For the player who takes first in the next income: the chance each credit type is among the
    revealed credits, so that player can receive it."""
    dist = income_distribution(state)
    kinds = sorted({credit_type(c) for c in (*state.mark1_deck, *state.mark1_discard)})
    out: dict[str, Fraction] = {}
    for k in kinds:
        out[k] = dist.probability(lambda cards, k=k: any(credit_type(c) == k for c in cards))  # type: ignore[misc]
    return out
