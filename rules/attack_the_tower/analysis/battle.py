"""The battle as a game tree: every decision from the current position to the end of the battle (and of
the palace battle that may follow), built lazily, memoised by position, solved by backward induction.

A *node* is a position where somebody decides: an ability window (one player at a time, in the open),
a simultaneous combat step (initiative, regular: both sides allocate, hidden, resolved together), or a
one-sided step (unmanned bases; or a combat step where only one side has a target). Every move is made
through `engine.apply`, so the tree holds no rule of its own; the engine's automatic steps run between
nodes.

Memoisation. Positions are keyed by what can still matter: the board and the rules (interned), the
battle's stage and, for every unit, its damage and whether it is dead, with interchangeable units (the
troops of one base) sorted, so two positions that differ only by which of two twin troops fell are one
node. The move out of a combat step is keyed by the position it resolves to (damage and deaths after
both allocations, and the damage carried on); once nothing later in the battle can use them, partial
damage and unspent damage are left out of that key (after regular combat, they count only if an
unmanned step follows). The engine is asked once per distinct key; the tests check that every key
resolves as the engine does.

Strategy sets. A solver only needs the allocations that no other allocation beats in every
continuation (`space.Space.strategies`); the tests check that the solution over them is a solution over
every allocation.

Values are exact Fractions: a terminal's value is an integer (power) or 0/1 (an event), a step's value
is the value of its matrix game (see `matrix`), a window's the best move of the player in it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal, NamedTuple

from rules.attack_the_tower import engine, policies
from rules.attack_the_tower.actions import Action, Allocate, DeclareAttack, Pass
from rules.attack_the_tower.analysis.matrix import MatrixSolution, solve_matrix
from rules.attack_the_tower.analysis.space import Space, clear_spaces, printed_power, space_of
from rules.attack_the_tower.cards import ArtilleryIgnoresDefenders, DestroyPerFighter, SacrificeUnmannedBases
from rules.attack_the_tower.engine import combat
from rules.attack_the_tower.errors import IllegalAction
from rules.attack_the_tower.events import AbilityDamage, DamageDealt, Destroyed
from rules.attack_the_tower.model import Allocation, GameState
from rules.core.distribution import Distribution
from rules.core.events import Event
from rules.core.unvalidated import construct

Objective = Literal["power_balance", "clear_territory", "destroy_palace"]
PolicyName = Literal["optimal", "uniform", "greedy", "random"]

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
ATTACKER, DEFENDER = 0, 1
"""Roles (not player indices): role 0 is the attacking player, role 1 the defending one."""


# ---- what a battle did ----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class BattleOutcome:
    """What a battle did, from the declaration to its end (through the palace battle when there is one).

    Troops count troop counters and special troops that fought. Power is printed power: the troop
    type's power in the rules config, a special troop's card, a base's or the palace's power; abilities
    that change power for a turn (the Lich, the Militia) change the fight, not what a unit is worth,
    so an ability that weakens the enemy does not make killing it count for less. `*_left` describe the
    last battle fought: after a palace battle, the defender's troops left are its palace's special troops.
    """

    attacker_troops_left: int
    attacker_power_left: int
    defender_troops_left: int
    defender_power_left: int
    bases_destroyed: int
    bases_left: int
    territory_cleared: bool
    palace_destroyed: bool
    attacker_troops_lost: int
    attacker_power_lost: int
    defender_troops_lost: int
    defender_power_lost: int
    structure_power_destroyed: int

    @property
    def power_balance(self) -> int:
        """Power destroyed (troops, bases, palace) minus power lost."""
        return self.defender_power_lost + self.structure_power_destroyed - self.attacker_power_lost

    def then(self, later: BattleOutcome) -> BattleOutcome:
        """This territory battle followed by the palace battle `later`."""
        return BattleOutcome(
            attacker_troops_left=later.attacker_troops_left,
            attacker_power_left=later.attacker_power_left,
            defender_troops_left=later.defender_troops_left,
            defender_power_left=later.defender_power_left,
            bases_destroyed=self.bases_destroyed + later.bases_destroyed,
            bases_left=self.bases_left + later.bases_left,
            territory_cleared=self.territory_cleared,
            palace_destroyed=later.palace_destroyed,
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
        """The outcome as plain JSON values."""
        return {
            "attacker_troops_left": self.attacker_troops_left,
            "attacker_power_left": self.attacker_power_left,
            "attacker_troops_lost": self.attacker_troops_lost,
            "attacker_power_lost": self.attacker_power_lost,
            "defender_troops_left": self.defender_troops_left,
            "defender_power_left": self.defender_power_left,
            "defender_troops_lost": self.defender_troops_lost,
            "defender_power_lost": self.defender_power_lost,
            "bases_destroyed": self.bases_destroyed,
            "bases_left": self.bases_left,
            "structure_power_destroyed": self.structure_power_destroyed,
            "territory_cleared": self.territory_cleared,
            "palace_destroyed": self.palace_destroyed,
            "power_balance": self.power_balance,
        }


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


# ---- vectors between equivalent positions ---------------------------------------------------------
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
    amounts = allocation.as_dict()
    return tuple(amounts.get(t.key, 0) for t in request.targets)


# ---- solutions --------------------------------------------------------------------------------------
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


# ---- nodes ------------------------------------------------------------------------------------------
class Node:
    """One decision of the battle (see the module docstring)."""

    __slots__ = (
        "_canon_base",
        "_dists",
        "_results",
        "_solved",
        "_window_results",
        "actions",
        "actor",
        "fixed",
        "groups",
        "key",
        "kind",
        "requests",
        "segment",
        "spaces",
        "stage",
        "state",
        "tree",
        "unit_damage",
        "unit_dead",
    )

    def __init__(self, tree: BattleTree, state: GameState, key: tuple[Any, ...], segment: tuple[Any, ...]) -> None:
        battle = state.battle
        assert battle is not None
        self.tree = tree
        self.state = state
        self.key = key
        self.segment = segment
        self.stage = battle.stage
        self._solved: dict[str, Solved] = {}
        self._dists: dict[tuple[str, str, str], Distribution[BattleOutcome]] = {}
        self._window_results: dict[int, Result] = {}
        self._results: dict[tuple[Vector, Vector], Result] = {}
        self._canon_base: dict[str, tuple[Any, ...]] = {}
        attackers, defenders = combat.battle_units(state)
        self.unit_damage = {u.key: u.damage for u in attackers + defenders if u.damage}
        self.unit_dead = frozenset(u.key for u in attackers + defenders if u.dead)
        self.groups = tree.groups_of(segment, attackers, defenders)
        self.actions: list[Action] = []
        self.actor = -1
        self.requests: tuple[combat.AllocationRequest | None, combat.AllocationRequest | None] = (None, None)
        self.spaces: tuple[Space | None, Space | None] = (None, None)
        self.fixed: tuple[Vector | None, Vector | None] = (None, None)
        if self.stage == "abilities":
            self.kind = "window"
            actor = engine.current_player(state)
            assert actor is not None and actor >= 0
            self.actor = actor
            if tree.play_abilities:
                self.actions = list(engine.legal_actions(state))
            else:
                self.actions = [construct(Pass, player=actor)]
            return
        self.kind = "combat"
        players = (state.attacker, state.defender)
        requests = tuple(combat.allocation_request(state, p) for p in players)
        spaces: list[Space | None] = [None, None]
        fixed: list[Vector | None] = [None, None]
        for role, (player, request) in enumerate(zip(players, requests, strict=True)):
            pending = battle.pending[player]
            if request is None:
                fixed[role] = ()
            elif pending is not None:
                fixed[role] = vector_of(pending, request)
            else:
                spaces[role] = space_of(state, request)
        self.requests = (requests[0], requests[1])
        self.spaces = (spaces[0], spaces[1])
        self.fixed = (fixed[0], fixed[1])

    # ---- choices --------------------------------------------------------------------------------
    def strategy_vectors(self, role: int, pruned: bool = True) -> list[Vector]:
        """The vectors a solver weighs for one side: its strategy set (or every allocation)."""
        fixed = self.fixed[role]
        if fixed is not None:
            return [fixed]
        space = self.spaces[role]
        assert space is not None
        if pruned and not self._kills_without_damage(role):
            return [space.vectors[v] for v in space.strategies]
        return list(space.vectors)

    def _kills_without_damage(self, role: int) -> bool:
        """Whether this side has an effect that destroys enemy troops its damage did not (the Vrykolaka's
        'Destroy one enemy troop for each vrykolaka that inflicts damage'). The covered-allocation pruning
        (`space`) assumes that only damage kills: with such an effect, damage kept off troops the effect will
        destroy anyway can be worth more than a kill (it may reach the bases), so no allocation is left out."""
        player = self.state.attacker if role == ATTACKER else 1 - self.state.attacker
        return any(
            owner == player and isinstance(effect, DestroyPerFighter)
            for owner, effect in combat.battle_effects(self.state)
        )

    def mix(self, role: int, policy: str, objective: str) -> list[tuple[Vector, Fraction]]:
        """How one side allocates here under a policy: (vector, probability) pairs."""
        fixed = self.fixed[role]
        if fixed is not None:
            return [(fixed, Fraction(1))]
        space = self.spaces[role]
        assert space is not None
        if policy == "optimal":
            solved = self.solve(objective)
            vectors = solved.rows if role == ATTACKER else solved.cols
            assert solved.game is not None
            probs = solved.game.rows if role == ATTACKER else solved.game.cols
            return [(v, p) for v, p in zip(vectors, probs, strict=True) if p]
        if policy == "uniform":
            share = Fraction(1, len(space.undominated))
            return [(space.vectors[v], share) for v in space.undominated]
        if policy == "random":
            share = Fraction(1, len(space.vectors))
            return [(v, share) for v in space.vectors]
        if policy == "greedy":
            return [(policies.greedy_allocation(space.request), Fraction(1))]
        raise IllegalAction(f"unknown policy {policy!r}; policies: {', '.join(POLICY_NAMES)}")

    # ---- moves ----------------------------------------------------------------------------------
    def result(self, attacker: Vector, defender: Vector) -> Result:
        """Where the attacker's and the defender's allocations (vectors over their requests) lead."""
        pair = (attacker, defender)
        found = self._results.get(pair)
        if found is not None:
            return found
        key = self.move_key(attacker, defender)
        tree = self.tree
        found = tree.moves.get(key)
        if found is None:
            found = tree.moves[key] = self._resolve(attacker, defender)
        self._results[pair] = found
        return found

    def window_result(self, index: int) -> Result:
        """Where the window action `actions[index]` leads."""
        found = self._window_results.get(index)
        if found is None:
            post, events = engine.apply(self.state, self.actions[index])
            found = self._window_results[index] = self.tree.result_of(self.state, post, events)
        return found

    def _resolve(self, attacker: Vector, defender: Vector) -> Result:
        state = self.state
        events: list[Event] = []
        post = state
        assert state.battle is not None
        for role, vector in ((ATTACKER, attacker), (DEFENDER, defender)):
            request = self.requests[role]
            player = request.player if request is not None else -1
            if request is None or state.battle.pending[player] is not None:
                continue
            action = construct(Allocate, player=player, allocation=request.allocation(vector))
            post, step_events = engine.apply(post, action)
            events.extend(step_events)
        if post is state:  # neither side had anything to hand in: the engine resolved it already
            raise AssertionError("a combat node always has an allocation to make")
        return self.tree.result_of(state, post, events)

    def move_key(self, attacker: Vector, defender: Vector) -> tuple[Any, ...]:
        """The position a combat move resolves to, keeping only what later steps can use: after
        initiative, every unit's damage and death and the damage each side left unassigned; after regular
        combat, deaths, and if every defending troop fell (an unmanned step may follow) the damage on the
        defending structures and the attacker's damage left; otherwise (the battle ends) deaths only."""
        changes: dict[str, tuple[int, bool]] = {}
        spent = [0, 0]
        troops_spent = 0
        damage = self.unit_damage
        for role, vector in ((ATTACKER, attacker), (DEFENDER, defender)):
            request = self.requests[role]
            if request is None:
                continue
            for t, a in zip(request.targets, vector, strict=True):
                if a:
                    key = t.key
                    changes[key] = (damage.get(key, 0) + a, a == t.remaining)
                    spent[role] += a
                    if role == ATTACKER and not t.is_structure:
                        troops_spent += a
        stage = self.stage
        if stage == "initiative":
            left = (self._pool(ATTACKER).general - spent[0], self._pool(DEFENDER).general - spent[1])
            return (self.segment, 0, self._canon(changes, "all"), left)
        if stage == "regular":
            dead = self.unit_dead
            if all(k in dead or changes.get(k, (0, False))[1] for k in self.groups[1]):
                pool = self._pool(ATTACKER)
                carried = (pool.general - troops_spent, pool.artillery - (spent[0] - troops_spent))
                return (self.segment, 1, self._canon(changes, "structures"), carried)
        return (self.segment, 2, self._canon(changes, "dead"))

    def _canon(self, changes: dict[str, tuple[int, bool]], keep: str) -> tuple[Any, ...]:
        """The units' (damage, dead) by group after `changes`, twins sorted; damage kept for every unit
        ("all"), for the defending structures ("structures") or for none ("dead")."""
        base = self._canon_base.get(keep)
        if base is None:
            base = self._canon_base[keep] = self._canon_groups(range(len(self.groups[0])), {}, keep)
        if not changes:
            return base
        group_of = self.tree.group_index(self.segment)
        touched = sorted({group_of[k] for k in changes})
        out = list(base)
        for gi, entry in zip(touched, self._canon_groups(touched, changes, keep), strict=True):
            out[gi] = entry
        return tuple(out)

    def _canon_groups(self, indices: Any, changes: dict[str, tuple[int, bool]], keep: str) -> tuple[Any, ...]:
        groups, _, structures = self.groups
        damage, dead = self.unit_damage, self.unit_dead
        out = []
        for gi in indices:
            entries = []
            for k in groups[gi]:
                d, gone = changes.get(k) or (damage.get(k, 0), k in dead)
                if keep == "dead" or (keep == "structures" and k not in structures):
                    d = 0
                entries.append((d, gone))
            out.append(tuple(sorted(entries)) if len(entries) > 1 else tuple(entries))
        return tuple(out)

    def _pool(self, role: int) -> combat.Pool:
        request = self.requests[role]
        if request is not None:
            return request.pool
        player = self.state.attacker if role == ATTACKER else self.state.defender
        return combat.current_pool(self.state, player)

    # ---- solving --------------------------------------------------------------------------------
    def value_of(self, result: Result, objective: str) -> Fraction:
        """The value of where a move leads, for the attacker, under an objective."""
        outcome, child = result
        value = Fraction(0)
        if outcome is not None:
            value += objective_value(objective, outcome)
            if objective == "clear_territory":
                return value  # decided when the territory battle ends; the palace battle cannot change it
        if child is not None:
            value += child.solve(objective).value
        return value

    def solve(self, objective: str) -> Solved:
        """Backward induction: this node's value and optimal choices under an objective (memoised)."""
        found = self._solved.get(objective)
        if found is not None:
            return found
        solved = self._solve_window(objective) if self.kind == "window" else self._solve_combat(objective)
        self._solved[objective] = solved
        return solved

    def _solve_window(self, objective: str) -> Solved:
        values = [self.value_of(self.window_result(i), objective) for i in range(len(self.actions))]
        maximise = self.actor == self.state.attacker
        best = max(values) if maximise else min(values)
        tied = [i for i, v in enumerate(values) if v == best]
        tie_break = False
        if len(tied) > 1 and objective != "power_balance":
            tie_break = True
            secondary = {i: self.value_of(self.window_result(i), "power_balance") for i in tied}
            top = max(secondary.values()) if maximise else min(secondary.values())
            tied = [i for i in tied if secondary[i] == top]
        passes = [i for i in tied if isinstance(self.actions[i], Pass)]
        choice = passes[0] if passes else tied[0]  # keep the card when playing it changes nothing
        return Solved(value=best, choice=choice, tie_break=tie_break)

    def _solve_combat(self, objective: str) -> Solved:
        """The matrix game of this step over the strategy sets, then the double-oracle check.

        The strategy sets start from the covered-allocation pruning (`space`), which assumes that a kill
        never hurts the side that makes it. Under power_balance in a territory battle that fails: clearing
        the territory sends the survivors against the palace at once, where they may die. So after
        solving, every allocation with a footprint of its own is tested against the other side's mix; any
        that does better joins its side's set and the game is solved again, until none does. The answer
        is then optimal over every allocation, which the tests check (`steps.best_response_gaps`)."""
        rows = self.strategy_vectors(ATTACKER, self.tree.prune)
        cols = self.strategy_vectors(DEFENDER, self.tree.prune)
        matrix = [[self.value_of(self.result(r, c), objective) for c in cols] for r in rows]
        first = matrix[0][0]
        if objective != "power_balance" and all(v == first for row in matrix for v in row):
            # The objective cannot change any more (e.g. destroy_palace where the territory cannot fall):
            # every strategy is optimal; play the power_balance solution of the same strategy sets.
            balance = [[self.value_of(self.result(r, c), "power_balance") for c in cols] for r in rows]
            tie = solve_matrix(balance)
            game = MatrixSolution(first, tie.rows, tie.cols, first, first, f"{tie.method}; tie-break: power_balance")
            return Solved(first, tuple(rows), tuple(cols), _frozen(matrix), game, tie_break=True)
        check = self.tree.prune and objective == "power_balance" and self._may_clear()
        while True:
            game = solve_matrix(matrix)
            if not check:
                break
            better_rows = self._better(ATTACKER, rows, cols, game.cols, game.col_guarantee, objective)
            better_cols = self._better(DEFENDER, cols, rows, game.rows, game.row_guarantee, objective)
            if not better_rows and not better_cols:
                break
            for r in better_rows:
                rows.append(r)
                matrix.append([self.value_of(self.result(r, c), objective) for c in cols])
            for c in better_cols:
                cols.append(c)
                for r, row in zip(rows, matrix, strict=True):
                    row.append(self.value_of(self.result(r, c), objective))
        return Solved(game.value, tuple(rows), tuple(cols), _frozen(matrix), game)

    def _may_clear(self) -> bool:
        """Could the attacker still clear the territory in this battle (and so be sent to the palace)?

        An upper bound on the damage he has left (before regular combat: the damage of every living
        attacking unit, each fires once; from then on: his pool) against the damage the defending troops
        and structures still need. Structures are left out when a card sacrifices the bases emptied of
        their troops (the Huns: `SacrificeUnmannedBases`), the one effect that destroys a base without
        damage; troops are left out when artillery may hit defended bases (the Catapult:
        `ArtilleryIgnoresDefenders`), since the territory then falls with its bases. When he cannot,
        nothing here can force the palace battle, and a kill never hurts the side that makes it (see
        `_solve_combat`); the tests check it against unpruned solutions."""
        state = self.state
        battle = state.battle
        assert battle is not None
        if battle.at_palace:
            return False
        attackers, defenders = combat.battle_units(state)
        if self.stage == "initiative":
            potential = sum(u.deals for u in attackers if not u.dead)
        else:
            potential = self._pool(ATTACKER).total
        effects = [effect for owner, effect in combat.active_effects(state) if owner == state.attacker]
        sacrifice = any(isinstance(effect, SacrificeUnmannedBases) for effect in effects)
        living = [u for u in defenders if not u.dead]
        structures = sum(u.remaining for u in living if u.is_structure)
        needed = sum(u.remaining for u in living if not u.is_structure) + (0 if sacrifice else structures)
        if any(isinstance(effect, ArtilleryIgnoresDefenders) for effect in effects):
            needed = min(needed, structures)  # the bases fall with their troops still on them
        return potential >= needed

    def _better(
        self,
        role: int,
        mine: list[Vector],
        theirs: list[Vector],
        their_mix: tuple[Fraction, ...],
        bound: Fraction,
        objective: str,
    ) -> list[Vector]:
        """Allocations of `role` (one per footprint) outside `mine` that beat `bound` against the mix."""
        space = self.spaces[role]
        if space is None:
            return []
        present = set(mine)
        support = [(v, p) for v, p in zip(theirs, their_mix, strict=True) if p]
        out = []
        for index in space.representatives():
            vector = space.vectors[index]
            if vector in present:
                continue
            if role == ATTACKER:
                value = sum((p * self.value_of(self.result(vector, v), objective) for v, p in support), Fraction(0))
                if value > bound:
                    out.append(vector)
            else:
                value = sum((p * self.value_of(self.result(v, vector), objective) for v, p in support), Fraction(0))
                if value < bound:
                    out.append(vector)
        return out

    # ---- distributions --------------------------------------------------------------------------
    def distribution(self, attacker: str, defender: str, objective: str) -> Distribution[BattleOutcome]:
        """The exact distribution of the battle's outcome from here when each side follows a policy."""
        memo = (attacker, defender, objective if "optimal" in (attacker, defender) else "")
        found = self._dists.get(memo)
        if found is not None:
            return found
        parts: list[tuple[Fraction, Distribution[BattleOutcome]]] = []
        if self.kind == "window":
            policy = attacker if self.actor == self.state.attacker else defender
            if policy == "optimal":
                choice = self.solve(objective).choice
                assert choice is not None
                parts = [
                    (Fraction(1), self._result_distribution(self.window_result(choice), attacker, defender, objective))
                ]
            elif policy == "greedy":
                passing = next(i for i, a in enumerate(self.actions) if isinstance(a, Pass))
                parts = [
                    (Fraction(1), self._result_distribution(self.window_result(passing), attacker, defender, objective))
                ]
            else:
                share = Fraction(1, len(self.actions))
                parts = [
                    (share, self._result_distribution(self.window_result(i), attacker, defender, objective))
                    for i in range(len(self.actions))
                ]
        else:
            for va, pa in self.mix(ATTACKER, attacker, objective):
                for vd, pd in self.mix(DEFENDER, defender, objective):
                    dist = self._result_distribution(self.result(va, vd), attacker, defender, objective)
                    parts.append((pa * pd, dist))
        found = parts[0][1] if len(parts) == 1 else Distribution.mixture(parts)
        self._dists[memo] = found
        return found

    def _result_distribution(
        self, result: Result, attacker: str, defender: str, objective: str
    ) -> Distribution[BattleOutcome]:
        outcome, child = result
        if child is None:
            assert outcome is not None
            return Distribution.point(outcome)
        later = child.distribution(attacker, defender, objective)
        if outcome is None:
            return later
        return later.map(outcome.then)


def _frozen(matrix: list[list[Fraction]]) -> tuple[tuple[Fraction, ...], ...]:
    return tuple(tuple(row) for row in matrix)


def _canon(
    groups: tuple[tuple[str, ...], ...],
    damage: dict[str, int],
    dead: set[str] | frozenset[str],
    keep: frozenset[str] | None,
) -> tuple[tuple[tuple[int, bool], ...], ...]:
    """Units' (damage, dead) by group, twins sorted; damage only for units in `keep` (all when None)."""
    out: list[tuple[tuple[int, bool], ...]] = []
    for members in groups:
        if len(members) == 1:
            k = members[0]
            out.append(((damage.get(k, 0) if keep is None or k in keep else 0, k in dead),))
        else:
            out.append(
                tuple(sorted((damage.get(k, 0) if keep is None or k in keep else 0, k in dead) for k in members))
            )
    return tuple(out)


# ---- the tree ----------------------------------------------------------------------------------------
class BattleTree:
    """Every node reached so far, by key, with the moves between them (shared by every analysis call)."""

    def __init__(self, *, play_abilities: bool = True, prune: bool = True) -> None:
        self.play_abilities = play_abilities
        self.prune = prune
        self.nodes: dict[tuple[Any, ...], Node] = {}
        self.moves: dict[tuple[Any, ...], Result] = {}
        self._boards: dict[tuple[Any, ...], int] = {}
        self._by_identity: dict[int, tuple[object, int]] = {}
        self._groups: dict[tuple[Any, ...], tuple[tuple[tuple[str, ...], ...], frozenset[str], frozenset[str]]] = {}
        self._group_index: dict[tuple[Any, ...], dict[str, int]] = {}

    def clear(self) -> None:
        self.nodes.clear()
        self.moves.clear()
        self._boards.clear()
        self._by_identity.clear()
        self._groups.clear()
        self._group_index.clear()

    def _board_id(self, state: GameState) -> int:
        players = state.players
        held = self._by_identity.get(id(players))
        if held is not None and held[0] is players:
            return held[1]
        value_key = (players, state.rules, state.attacker)
        board = self._boards.setdefault(value_key, len(self._boards))
        self._by_identity[id(players)] = (players, board)
        return board

    def segment_of(self, state: GameState) -> tuple[Any, ...]:
        battle = state.battle
        assert battle is not None
        return (self._board_id(state), battle.origin, battle.target, battle.at_palace, battle.specials)

    def groups_of(
        self, segment: tuple[Any, ...], attackers: list[combat.Unit], defenders: list[combat.Unit]
    ) -> tuple[tuple[tuple[str, ...], ...], frozenset[str], frozenset[str]]:
        """Unit keys by group (twins together), the defending troops' keys, the defending structures' keys."""
        found = self._groups.get(segment)
        if found is None:
            grouped: dict[str, list[str]] = {}
            for u in attackers + defenders:
                grouped.setdefault(u.group, []).append(u.key)
            found = (
                tuple(tuple(keys) for keys in grouped.values()),
                frozenset(u.key for u in defenders if not u.is_structure),
                frozenset(u.key for u in defenders if u.is_structure),
            )
            self._groups[segment] = found
        return found

    def group_index(self, segment: tuple[Any, ...]) -> dict[str, int]:
        """Unit key -> index of its group in `groups_of(segment)` (after `groups_of` was called)."""
        found = self._group_index.get(segment)
        if found is None:
            groups = self._groups[segment][0]
            found = self._group_index[segment] = {k: gi for gi, keys in enumerate(groups) for k in keys}
        return found

    def node(self, state: GameState) -> Node:
        """The node of a position in a battle (created on first sight)."""
        battle = state.battle
        if battle is None or state.phase != "battle":
            raise IllegalAction("no battle is in progress: declare an attack first", "battles.1 declare")
        if len(self.nodes) > 200_000:
            self.clear()
        segment = self.segment_of(state)
        attackers, defenders = combat.battle_units(state)
        groups = self.groups_of(segment, attackers, defenders)[0]
        damage = {u.key: u.damage for u in attackers + defenders if u.damage}
        dead = {u.key for u in attackers + defenders if u.dead}
        key = (
            segment,
            battle.stage,
            battle.actor if battle.stage == "abilities" else 0,
            battle.passes,
            _canon(groups, damage, dead, None),
            battle.leftover if battle.stage == "regular" else (0, 0),
            battle.remaining if battle.stage == "unmanned" else (0, 0),
            battle.pending,
        )
        found = self.nodes.get(key)
        if found is None:
            found = self.nodes[key] = Node(self, state, key, segment)
        return found

    def result_of(self, pre: GameState, post: GameState, events: Sequence[Event]) -> Result:
        """Where `engine.apply` took the battle of `pre`: the next node, and the outcome if a battle ended."""
        if same_battle(pre, post):
            return Result(None, self.node(post))
        outcome = segment_outcome(pre, post, events)
        child = self.node(post) if post.phase == "battle" else None
        return Result(outcome, child)


_TREES: dict[tuple[bool, bool], BattleTree] = {}


def tree_for(play_abilities: bool = True, prune: bool = True) -> BattleTree:
    """The shared tree for a setting (analyses of one battle reuse each other's work)."""
    tree = _TREES.get((play_abilities, prune))
    if tree is None:
        tree = _TREES[(play_abilities, prune)] = BattleTree(play_abilities=play_abilities, prune=prune)
    return tree


def clear_cache() -> None:
    """Forget every memoised node, move and allocation space (the next analysis starts cold)."""
    for tree in _TREES.values():
        tree.clear()
    clear_spaces()


def declare(state: GameState, origin: int, target: int, specials: tuple[int, ...] = ()) -> GameState:
    """The position right after the attacking player declares an attack (0-based territories)."""
    if state.phase != "main":
        raise IllegalAction(
            f"a battle is declared in the second phase of a turn; this position is in {state.phase!r}",
            "battles.1 declare",
        )
    post, _ = engine.apply(state, DeclareAttack(player=state.attacker, origin=origin, target=target, specials=specials))
    return post


def check_objective(objective: str) -> None:
    if objective not in OBJECTIVES:
        raise IllegalAction(f"unknown objective {objective!r}; objectives: {', '.join(OBJECTIVES)}")


def check_policy(policy: str) -> None:
    if policy not in POLICY_NAMES:
        raise IllegalAction(f"unknown policy {policy!r}; policies: {', '.join(POLICY_NAMES)}")
