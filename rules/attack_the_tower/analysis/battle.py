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

The objectives and outcomes are in `outcomes`, the memoised tree in `tree`.

Strategy sets. A solver only needs the allocations that no other allocation beats in every
continuation (`space.Space.strategies`); the tests check that the solution over them is a solution over
every allocation.

Values are exact Fractions: a terminal's value is an integer (power) or 0/1 (an event), a step's value
is the value of its matrix game (see `matrix`), a window's the best move of the player in it.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from rules.attack_the_tower import engine, policies
from rules.attack_the_tower.actions import Action, Allocate, Pass
from rules.attack_the_tower.analysis.matrix import MatrixSolution, solve_matrix
from rules.attack_the_tower.analysis.outcomes import (
    ATTACKER,
    DEFENDER,
    POLICY_NAMES,
    BattleOutcome,
    Result,
    Solved,
    Vector,
    objective_value,
    support,
    vector_of,
)
from rules.attack_the_tower.analysis.space import Space, space_of
from rules.attack_the_tower.cards import ArtilleryIgnoresDefenders, DestroyPerFighter, SacrificeUnmannedBases
from rules.attack_the_tower.engine import combat
from rules.attack_the_tower.errors import IllegalAction
from rules.attack_the_tower.model import GameState
from rules.core.distribution import Distribution
from rules.core.events import Event

if TYPE_CHECKING:
    from rules.attack_the_tower.analysis.tree import BattleTree


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
                self.actions = [Pass(player=actor)]
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
            return self.solve(objective).mix(role)
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
            if request is None or state.battle.pending[request.player] is not None:
                continue
            action = Allocate(player=request.player, allocation=request.allocation(vector))
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
        """`canon` of the groups at `indices`, with `changes` (damage, dead) laid on the living units."""
        groups, _, structures = self.groups
        kept = None if keep == "all" else structures if keep == "structures" else frozenset[str]()
        return canon(tuple(groups[gi] for gi in indices), self.unit_damage, self.unit_dead, kept, changes)

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
            better_rows = self._better(ATTACKER, rows, support(cols, game.cols), game.col_guarantee, objective)
            better_cols = self._better(DEFENDER, cols, support(rows, game.rows), game.row_guarantee, objective)
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
        self, role: int, mine: list[Vector], their_mix: list[tuple[Vector, Fraction]], bound: Fraction, objective: str
    ) -> list[Vector]:
        """Allocations of `role` (one per footprint) outside `mine` that beat `bound` against the mix."""
        space = self.spaces[role]
        if space is None:
            return []
        present = set(mine)
        out = []
        for index in space.representatives():
            vector = space.vectors[index]
            if vector in present:
                continue
            value = self.against(role, vector, their_mix, objective)
            if value > bound if role == ATTACKER else value < bound:
                out.append(vector)
        return out

    def against(self, role: int, vector: Vector, their_mix: list[tuple[Vector, Fraction]], objective: str) -> Fraction:
        """The expected value (for the attacker) of `role` allocating `vector` against the other side's mix."""
        pairs = [((vector, v) if role == ATTACKER else (v, vector), p) for v, p in their_mix]
        return sum((p * self.value_of(self.result(*pair), objective) for pair, p in pairs), Fraction(0))

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
            chosen: Sequence[int | None] = range(len(self.actions))
            if policy == "optimal":
                chosen = [self.solve(objective).choice]
            elif policy == "greedy":
                chosen = [next(i for i, a in enumerate(self.actions) if isinstance(a, Pass))]
            for i in chosen:
                assert i is not None
                dist = self._result_distribution(self.window_result(i), attacker, defender, objective)
                parts.append((Fraction(1, len(chosen)), dist))
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


_NO_CHANGES: Mapping[str, tuple[int, bool]] = {}
"""`canon` with nothing laid over the units."""


def canon(
    groups: tuple[tuple[str, ...], ...],
    damage: dict[str, int],
    dead: set[str] | frozenset[str],
    keep: Collection[str] | None,
    changes: Mapping[str, tuple[int, bool]] = _NO_CHANGES,
) -> tuple[tuple[tuple[int, bool], ...], ...]:
    """Units' (damage, dead) by group, twins sorted, with `changes` laid over `damage` and `dead`; damage only
    for units in `keep` (all when None). Plain loops: the solver calls this for every result it looks at."""
    out: list[tuple[tuple[int, bool], ...]] = []
    for members in groups:
        entries = []
        for k in members:
            d, gone = changes.get(k) or (damage.get(k, 0), k in dead)
            entries.append((d if keep is None or k in keep else 0, gone))
        out.append(tuple(sorted(entries)) if len(entries) > 1 else tuple(entries))
    return tuple(out)
