"""Exact analysis of Attack the Tower battles: every allocation of a damage step, what each pair of
allocations leads to, the best play (zero-sum matrix games solved by linear programming, the battle by
backward induction), and the exact odds of the outcome under named policies, with Monte Carlo beside.

- `space`: the allocation space of a step (`allocation_space`), with kills, waste and domination.
- `matrix`: zero-sum matrix games solved exactly (`solve_matrix`).
- `battle`: the battle as a game tree, solved by backward induction.
- `tree`: the tree's nodes, built lazily and memoised by position (`BattleTree`).
- `outcomes`: a battle's outcome (`BattleOutcome`), the objectives and policies, a solved node.
- `steps`: the table of a step (`step_table`), its solution (`solve_step`), the battle's (`solve_battle`).
- `odds`: outcome distributions (`outcome_distribution`), hidden hands, Monte Carlo (`monte_carlo`).

docs/analysis.md explains the model. Every rule comes from the engine (`engine.apply`,
`combat.allocation_request`); nothing here decides what is legal.
"""

from rules.attack_the_tower.analysis.odds import (
    HiddenHand,
    MonteCarloReport,
    Odds,
    OddsRow,
    hidden_hands,
    monte_carlo,
    odds,
    outcome_distribution,
    simulate,
    with_hand,
)
from rules.attack_the_tower.analysis.outcomes import OBJECTIVES, POLICY_NAMES, BattleOutcome
from rules.attack_the_tower.analysis.space import AllocationOption, allocation_space
from rules.attack_the_tower.analysis.steps import (
    BattleSolution,
    Cell,
    PlannedStep,
    StepSolution,
    StepTable,
    best_response_gaps,
    solve_battle,
    solve_step,
    step_table,
)
from rules.attack_the_tower.analysis.tree import clear_cache, declare, tree_for

__all__ = [
    "OBJECTIVES",
    "POLICY_NAMES",
    "AllocationOption",
    "BattleOutcome",
    "BattleSolution",
    "Cell",
    "HiddenHand",
    "MonteCarloReport",
    "Odds",
    "OddsRow",
    "PlannedStep",
    "StepSolution",
    "StepTable",
    "allocation_space",
    "best_response_gaps",
    "clear_cache",
    "declare",
    "hidden_hands",
    "monte_carlo",
    "odds",
    "outcome_distribution",
    "simulate",
    "solve_battle",
    "solve_step",
    "step_table",
    "tree_for",
    "with_hand",
]
