"""What a battle did and what a solution is: the objectives and policies, a battle's outcome and its value under
each objective, results of a move, allocations carried between equivalent positions, and a solved node."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple

from rules.attack_the_tower.analysis.matrix import MatrixSolution
from rules.attack_the_tower.analysis.space import printed_power
from rules.attack_the_tower.engine import combat
from rules.attack_the_tower.errors import IllegalAction
from rules.attack_the_tower.events import AbilityDamage, DamageDealt, Destroyed
from rules.attack_the_tower.model import Allocation, GameState
from rules.core.events import Event

if TYPE_CHECKING:
    from rules.attack_the_tower.analysis.battle import Node


OBJECTIVES: dict[str, str] = {
    "power_balance": "power destroyed minus power lost (troops, special troops, bases and palace), exact",
    "clear_territory": "probability that every defending troop and base of the territory is destroyed",
    "destroy_palace": "probability that the palace falls (in the palace battle that clearing leads to)",
}


POLICY_NAMES: dict[str, str] = {
    "optimal": "the solved minimax strategy of the chosen objective (possibly mixed); best move in windows",
    "uniform": "uniform over undominated allocations (no other kills a strict superset); uniform in windows",
    "greedy": "the engine's greedy allocation (most power killed); passes in windows, as policies.GreedyPolicy",
    "random": "uniform over every distinct allocation and window action, as policies.RandomPolicy",
}


Vector = tuple[int, ...]


ATTACKER = 0
"""The attacking player's role (roles are not player indices)."""


DEFENDER = 1
"""The defending player's role."""


@dataclass(frozen=True, slots=True)
class BattleOutcome:
    """What a battle did, from the declaration to its end (through the palace battle when there is one).

    Troops count troop counters and special troops that fought. Power is printed power: the troop
    type's power in the rules config, a special troop's card, a base's or the palace's power; abilities
    that change power for a turn (the Lich, the Militia) change the fight, not what a unit is worth,
    so an ability that weakens the enemy does not make killing it count for less. `*_left` describe the
    last battle fought: after a palace battle, the defender's troops left are its palace's special troops.
    """

    # in the order `summary` writes them (the key order of `odds --json`)
    attacker_troops_left: int
    attacker_power_left: int
    attacker_troops_lost: int
    attacker_power_lost: int
    defender_troops_left: int
    defender_power_left: int
    defender_troops_lost: int
    defender_power_lost: int
    bases_destroyed: int
    bases_left: int
    structure_power_destroyed: int
    territory_cleared: bool
    palace_destroyed: bool

    @property
    def power_balance(self) -> int:
        """Power destroyed (troops, bases, palace) minus power lost."""
        return self.defender_power_lost + self.structure_power_destroyed - self.attacker_power_lost

    def then(self, later: BattleOutcome) -> BattleOutcome:
        """This territory battle followed by the palace battle `later`: its survivors and palace, both losses."""
        return replace(
            later,
            bases_destroyed=self.bases_destroyed + later.bases_destroyed,
            bases_left=self.bases_left + later.bases_left,
            territory_cleared=self.territory_cleared,
            attacker_troops_lost=self.attacker_troops_lost + later.attacker_troops_lost,
            attacker_power_lost=self.attacker_power_lost + later.attacker_power_lost,
            defender_troops_lost=self.defender_troops_lost + later.defender_troops_lost,
            defender_power_lost=self.defender_power_lost + later.defender_power_lost,
            structure_power_destroyed=self.structure_power_destroyed + later.structure_power_destroyed,
        )

    def describe(self) -> str:
        """One line in words (every field shows, so two distinct outcomes never read the same)."""
        parts = [
            f"attacker {self.attacker_troops_left} left ({self.attacker_power_left} power), "
            f"{self.attacker_troops_lost} lost ({self.attacker_power_lost})",
            f"defender {self.defender_troops_left} left ({self.defender_power_left} power), "
            f"{self.defender_troops_lost} lost ({self.defender_power_lost})",
            f"bases {self.bases_destroyed} destroyed, {self.bases_left} standing",
        ]
        if self.territory_cleared:
            parts.append("territory cleared")
        if self.palace_destroyed:
            parts.append("PALACE DESTROYED")
        parts.append(f"balance {self.power_balance:+d}")
        return "; ".join(parts)

    def summary(self) -> dict[str, int | bool]:
        """The outcome as plain JSON values: every field in order, then the power balance."""
        return {**asdict(self), "power_balance": self.power_balance}


def objective_value(objective: str, outcome: BattleOutcome) -> int:
    """The value of one battle's outcome for the attacker under an objective."""
    if objective == "power_balance":
        return outcome.power_balance
    if objective == "clear_territory":
        return int(outcome.territory_cleared)
    if objective == "destroy_palace":
        return int(outcome.palace_destroyed)
    raise IllegalAction(f"unknown objective {objective!r}; objectives: {', '.join(OBJECTIVES)}")


def segment_outcome(pre: GameState, post: GameState, events: Sequence[Event]) -> BattleOutcome:
    """What the battle in progress in `pre` did, once `engine.apply` ended it in `post` with `events`.

    The dead are those the battle had recorded, those the last step destroyed and those removed as it
    ended (troops sacrificed after battle, bases sacrificed to the Huns), all read from the engine."""
    battle = pre.battle
    assert battle is not None
    attackers, defenders = combat.battle_units(pre)
    dead = set(battle.dead)
    for e in events:
        if (isinstance(e, DamageDealt | AbilityDamage) and e.destroyed) or isinstance(e, Destroyed):
            dead.add(e.target)
    power = printed_power(pre)
    att_lost = [u for u in attackers if u.key in dead]
    att_left = [u for u in attackers if u.key not in dead]
    def_troops = [u for u in defenders if not u.is_structure]
    def_lost = [u for u in def_troops if u.key in dead]
    def_left = [u for u in def_troops if u.key not in dead]
    structures_lost = [u for u in defenders if u.is_structure and u.key in dead]
    cleared = False
    if not battle.at_palace:
        cleared = all(b is None for b in post.players[pre.defender].territories[battle.target])
    return BattleOutcome(
        attacker_troops_left=len(att_left),
        attacker_power_left=sum(power(u) for u in att_left),
        defender_troops_left=len(def_left),
        defender_power_left=sum(power(u) for u in def_left),
        bases_destroyed=sum(1 for u in structures_lost if u.kind == "base"),
        bases_left=sum(1 for u in defenders if u.kind == "base" and u.key not in dead),
        territory_cleared=cleared,
        palace_destroyed=post.winner == pre.attacker and post.termination == "palace_destroyed",
        attacker_troops_lost=len(att_lost),
        attacker_power_lost=sum(power(u) for u in att_lost),
        defender_troops_lost=len(def_lost),
        defender_power_lost=sum(power(u) for u in def_lost),
        structure_power_destroyed=sum(power(u) for u in structures_lost),
    )


def same_battle(pre: GameState, post: GameState) -> bool:
    """`post` is still in the battle (territory or palace) that `pre` is in."""
    return (
        post.phase == "battle"
        and post.battle is not None
        and pre.battle is not None
        and post.battle.at_palace == pre.battle.at_palace
    )


class Result(NamedTuple):
    """Where a move leads: the outcome of the battle it ended (if any) and the next decision (if any)."""

    outcome: BattleOutcome | None
    child: Node | None


def translate(vector: Vector, source: Sequence[combat.Unit], target: Sequence[combat.Unit]) -> Vector:
    """An allocation over `source` targets as one over `target` targets of an equivalent position:
    amounts follow (group, remaining); twins (same group and remaining) are interchangeable."""
    if len(source) == len(target) and all(a.key == b.key for a, b in zip(source, target, strict=True)):
        return vector
    pools: dict[tuple[str, int, bool], list[int]] = {}
    for t, a in zip(source, vector, strict=True):
        pools.setdefault((t.group, t.remaining, t.is_structure), []).append(a)
    out = []
    for t in target:
        bucket = pools.get((t.group, t.remaining, t.is_structure))
        if not bucket:
            raise ValueError("the positions are not equivalent")
        out.append(bucket.pop(0))
    return canonical(tuple(out), target)


def canonical(vector: Vector, targets: Sequence[combat.Unit]) -> Vector:
    """The canonical form of an allocation: non-increasing amounts within each run of twins."""
    out = list(vector)
    i = 0
    while i < len(targets):
        j = i
        while (
            j + 1 < len(targets)
            and targets[j + 1].group == targets[i].group
            and targets[j + 1].remaining == targets[i].remaining
            and targets[j + 1].is_structure == targets[i].is_structure
        ):
            j += 1
        out[i : j + 1] = sorted(out[i : j + 1], reverse=True)
        i = j + 1
    return tuple(out)


def vector_of(allocation: Allocation, request: combat.AllocationRequest) -> Vector:
    """An Allocation as amounts over the request's targets."""
    amounts = dict(allocation.assignments)
    return tuple(amounts.get(t.key, 0) for t in request.targets)


@dataclass(frozen=True, slots=True)
class Solved:
    """A node solved under one objective: its value, and the optimal (mixed) choice of each side.

    For a combat node, `rows`/`cols` are the attacker's/defender's strategy vectors and `game` the
    solution of their matrix. For a window, `choice` is the index of the best action of the player in it.
    `tie_break` says the objective could not be changed any more, so the strategies are those of
    power_balance."""

    value: Fraction
    rows: tuple[Vector, ...] = ()
    cols: tuple[Vector, ...] = ()
    matrix: tuple[tuple[Fraction, ...], ...] = ()
    game: MatrixSolution | None = None
    choice: int | None = None
    tie_break: bool = False

    @property
    def exact(self) -> bool:
        return self.game is None or self.game.exact

    def mix(self, role: int) -> list[tuple[Vector, Fraction]]:
        """A combat node's optimal mix for one side: its strategy vectors played with positive probability."""
        assert self.game is not None
        if role == ATTACKER:
            return support(self.rows, self.game.rows)
        return support(self.cols, self.game.cols)


def support(vectors: Sequence[Vector], probabilities: Sequence[Fraction]) -> list[tuple[Vector, Fraction]]:
    """The (vector, probability) pairs of a mixed strategy that are played (probability above 0)."""
    return [(v, p) for v, p in zip(vectors, probabilities, strict=True) if p]
