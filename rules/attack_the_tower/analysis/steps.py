"""What each choice of a step leads to, and the best play: the table of a step, its solution, and the
solution of the whole battle by backward induction.

These are the functions a panel or a notebook calls with the position it shows. They work on the
battle tree of `battle` (memoised, shared between calls) and speak in the position's own options
(`space.allocation_space`), whatever equivalent position the tree met first.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from rules.attack_the_tower import engine
from rules.attack_the_tower.actions import Action, Allocate
from rules.attack_the_tower.analysis.battle import Node
from rules.attack_the_tower.analysis.outcomes import ATTACKER, DEFENDER, BattleOutcome, Vector, canonical, translate
from rules.attack_the_tower.analysis.space import AllocationOption, space_of
from rules.attack_the_tower.analysis.tree import check_objective, tree_for
from rules.attack_the_tower.engine import combat
from rules.attack_the_tower.errors import IllegalAction
from rules.attack_the_tower.model import Allocation, GameState

OptionSet = Literal["strategies", "undominated", "all"]


# ---- a side's options in the caller's position -----------------------------------------------------
def _combat_node(state: GameState, play_abilities: bool) -> Node:
    """The tree node of the caller's position, which must be a combat step."""
    node = tree_for(play_abilities).node(state)
    if node.kind != "combat":
        raise IllegalAction("no damage is being distributed now: this is an ability window", "battles.2 abilities")
    return node


def _no_choice(allocation: Allocation) -> AllocationOption:
    """The one 'option' of a side that does not decide here (nothing to allocate, or already handed in)."""
    return AllocationOption(index=0, vector=(), allocation=allocation, spent=allocation.total())


class _View:
    """The caller's position seen through its tree node: node vectors <-> the caller's options."""

    def __init__(self, state: GameState, play_abilities: bool) -> None:
        self.state = state
        self.node = _combat_node(state, play_abilities)
        self.requests = [combat.allocation_request(state, player) for player in (state.attacker, state.defender)]

    def deciding(self, role: int) -> bool:
        return self.node.fixed[role] is None

    def option(self, role: int, node_vector: Vector) -> AllocationOption:
        """The caller's option for a vector of the node."""
        mine = self.requests[role]
        theirs = self.node.requests[role]
        if mine is None or theirs is None:
            return _no_choice(Allocation())
        if not self.deciding(role):
            player = mine.player
            pending = self.state.battle.pending[player] if self.state.battle else None
            return _no_choice(pending or Allocation())
        vector = translate(node_vector, theirs.targets, mine.targets)
        return space_of(self.state, mine).option_of(canonical(vector, mine.targets))

    def options(self, role: int, which: OptionSet, objective: str) -> list[tuple[AllocationOption, Vector]]:
        """(option, the node's vector for it) for one side."""
        if not self.deciding(role):
            vector = self.node.strategy_vectors(role)[0]
            return [(self.option(role, vector), vector)]
        request, theirs = self.requests[role], self.node.requests[role]
        assert request is not None and theirs is not None
        space = space_of(self.state, request)
        if which == "strategies":
            solved = self.node.solve(objective)
            return [(self.option(role, v), v) for v in (solved.rows if role == ATTACKER else solved.cols)]
        chosen = (
            space.options() if which == "all" else [space.options()[space.order.index(v)] for v in space.undominated]
        )
        return [(o, translate(o.vector, request.targets, theirs.targets)) for o in chosen]


# ---- the table of a step -----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Cell:
    """One pair of allocations: the position they lead to (through `engine.apply`) and its value.

    `outcome` is set when the pair ends the battle (or the territory battle, before the palace's);
    cells with the same `position_index` lead to the same position, up to which of two twin troops fell."""

    attacker: int
    defender: int
    position: GameState
    value: Fraction
    outcome: BattleOutcome | None
    position_index: int


@dataclass(frozen=True, slots=True)
class StepTable:
    """A combat step as a matrix: the attacker's options (rows) against the defender's (columns)."""

    stage: str
    objective: str
    attacker: tuple[AllocationOption, ...]
    defender: tuple[AllocationOption, ...]
    cells: tuple[tuple[Cell, ...], ...]
    positions: int

    def values(self) -> list[list[Fraction]]:
        return [[c.value for c in row] for row in self.cells]


def step_table(
    state: GameState,
    objective: str = "power_balance",
    options: OptionSet = "strategies",
    *,
    play_abilities: bool = True,
) -> StepTable:
    """The table of the current combat step under an objective.

    `options` chooses the rows and columns: "strategies" (what the solver weighed), "undominated" (no
    other option kills a strict superset) or "all" (every distinct allocation). A side with nothing to
    decide has one row (or column): what it hands in. Each cell's value is the value of the rest of the
    battle from its position, with best play (backward induction)."""
    check_objective(objective)
    view = _View(state, play_abilities)
    node = view.node
    rows = view.options(ATTACKER, options, objective)
    cols = view.options(DEFENDER, options, objective)
    index_of: dict[tuple[Any, ...], int] = {}
    cells = []
    for i, (att_option, att_vector) in enumerate(rows):
        row = []
        for j, (def_option, def_vector) in enumerate(cols):
            result = node.result(att_vector, def_vector)
            key = node.move_key(att_vector, def_vector)
            position = _apply_pair(state, view, att_option, def_option)
            row.append(
                Cell(
                    attacker=i,
                    defender=j,
                    position=position,
                    value=node.value_of(result, objective),
                    outcome=result.outcome,
                    position_index=index_of.setdefault(key, len(index_of)),
                )
            )
        cells.append(tuple(row))
    assert state.battle is not None
    return StepTable(
        stage=state.battle.stage,
        objective=objective,
        attacker=tuple(o for o, _ in rows),
        defender=tuple(o for o, _ in cols),
        cells=tuple(cells),
        positions=len(index_of),
    )


def _apply_pair(state: GameState, view: _View, attacker: AllocationOption, defender: AllocationOption) -> GameState:
    post = state
    for role, option in ((ATTACKER, attacker), (DEFENDER, defender)):
        request = view.requests[role]
        if request is None or not view.deciding(role):
            continue
        post, _ = engine.apply(post, Allocate(player=request.player, allocation=option.allocation))
    return post


# ---- the solution of a step ----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class StepSolution:
    """The current combat step solved as a zero-sum game under an objective (the attacker maximises).

    `attacker`/`defender` are the optimal mixes, as (option, probability) pairs over the position's own
    options (empty for a side that does not decide). Probabilities are exact Fractions: the linear
    programme's answer is made exact and checked (`exact`; otherwise `gap` bounds how far from optimal).
    `strategies` is the size of the matrix actually solved; `allocations` the number of distinct
    allocations of each side."""

    stage: str
    objective: str
    value: Fraction
    attacker: tuple[tuple[AllocationOption, Fraction], ...]
    defender: tuple[tuple[AllocationOption, Fraction], ...]
    exact: bool
    gap: Fraction
    method: str
    strategies: tuple[int, int]
    allocations: tuple[int, int]


def solve_step(state: GameState, objective: str = "power_balance", *, play_abilities: bool = True) -> StepSolution:
    """The value and both optimal (possibly mixed) allocations of the current combat step, the rest of the
    battle played optimally after it."""
    check_objective(objective)
    view = _View(state, play_abilities)
    node = view.node
    solved = node.solve(objective)
    game = solved.game
    assert game is not None
    mixes = [
        tuple((view.option(role, v), p) for v, p in solved.mix(role)) if view.deciding(role) else ()
        for role in (ATTACKER, DEFENDER)
    ]
    counts = []
    for role in (ATTACKER, DEFENDER):
        request = view.requests[role]
        counts.append(len(space_of(state, request).vectors) if request is not None and view.deciding(role) else 0)
    assert state.battle is not None
    return StepSolution(
        stage=state.battle.stage,
        objective=objective,
        value=solved.value,
        attacker=mixes[0],
        defender=mixes[1],
        exact=game.exact,
        gap=game.gap,
        method=game.method,
        strategies=(len(solved.rows), len(solved.cols)),
        allocations=(counts[0], counts[1]),
    )


def best_response_gaps(
    state: GameState, objective: str = "power_balance", *, play_abilities: bool = True
) -> tuple[Fraction, Fraction]:
    """How much better than the value any allocation does against the other side's optimal mix, checked
    over every distinct allocation (not only the strategy sets): (best attacker allocation's expected
    value minus the value, the value minus the best defender allocation's). Both are at most 0 exactly
    when the solved strategies are best responses to each other."""
    check_objective(objective)
    node = _combat_node(state, play_abilities)
    solved = node.solve(objective)
    x, y = solved.mix(ATTACKER), solved.mix(DEFENDER)
    attacker_best = max(node.against(ATTACKER, r, y, objective) for r in node.strategy_vectors(ATTACKER, pruned=False))
    defender_best = min(node.against(DEFENDER, c, x, objective) for c in node.strategy_vectors(DEFENDER, pruned=False))
    return attacker_best - solved.value, solved.value - defender_best


# ---- the whole battle ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PlannedStep:
    """One decision that optimal play reaches with probability `reach`: the position, the value of the
    battle from it, and what each side does there (window: the player's action; combat: each side's
    mix of allocations, empty for a side that does not decide)."""

    stage: str
    at_palace: bool
    reach: Fraction
    value: Fraction
    exact: bool
    attacker: tuple[tuple[Allocation | Action, Fraction], ...]
    defender: tuple[tuple[Allocation | Action, Fraction], ...]
    state: GameState


@dataclass(frozen=True, slots=True)
class BattleSolution:
    """The battle solved by backward induction from the current position under an objective.

    `steps[0]` is the current decision; the others follow in the order of the battle, each with the
    probability that optimal play reaches it."""

    objective: str
    value: Fraction
    exact: bool
    steps: tuple[PlannedStep, ...]


def solve_battle(state: GameState, objective: str = "power_balance", *, play_abilities: bool = True) -> BattleSolution:
    """The value of the battle and the optimal (possibly mixed) play at every step optimal play reaches."""
    check_objective(objective)
    root = tree_for(play_abilities).node(state)
    value = root.solve(objective).value
    order: list[Node] = []
    seen: set[int] = set()

    def successors(node: Node) -> list[tuple[Node, Fraction]]:
        solved = node.solve(objective)
        out: list[tuple[Node, Fraction]] = []
        if node.kind == "window":
            assert solved.choice is not None
            child = node.window_result(solved.choice).child
            return [] if child is None else [(child, Fraction(1))]
        for r, p in solved.mix(ATTACKER):
            for c, q in solved.mix(DEFENDER):
                child = node.result(r, c).child
                if child is not None:
                    out.append((child, p * q))
        return out

    def visit(node: Node) -> None:  # depth-first, to order the DAG
        seen.add(id(node))
        for child, _ in successors(node):
            if id(child) not in seen:
                visit(child)
        order.append(node)

    visit(root)
    order.reverse()  # a topological order: every node before the nodes it leads to
    reach: dict[int, Fraction] = {id(root): Fraction(1)}
    steps = []
    for node in order:
        here = reach.get(id(node), Fraction(0))
        for child, p in successors(node):
            reach[id(child)] = reach.get(id(child), Fraction(0)) + here * p
        steps.append(_planned(node, here, objective))
    return BattleSolution(objective=objective, value=value, exact=all(s.exact for s in steps), steps=tuple(steps))


def _planned(node: Node, reach: Fraction, objective: str) -> PlannedStep:
    solved = node.solve(objective)
    battle = node.state.battle
    assert battle is not None
    return PlannedStep(
        stage=battle.stage,
        at_palace=battle.at_palace,
        reach=reach,
        value=solved.value,
        exact=solved.exact,
        attacker=_moves(node, ATTACKER, objective),
        defender=_moves(node, DEFENDER, objective),
        state=node.state,
    )


def _moves(node: Node, role: int, objective: str) -> tuple[tuple[Allocation | Action, Fraction], ...]:
    """One side's optimal play at a node: its window action or its mix of allocations (empty if it does not decide)."""
    solved = node.solve(objective)
    if node.kind == "window":
        assert solved.choice is not None
        acting = node.actor == (node.state.attacker if role == ATTACKER else node.state.defender)
        return ((node.actions[solved.choice], Fraction(1)),) if acting else ()
    request = node.requests[role]
    if request is None or node.fixed[role] is not None:
        return ()
    return tuple((request.allocation(v), p) for v, p in solved.mix(role))
