"""The balance tab's words: its progress line while a balance runs and once it has ended, and a refusal of its
choices under the tab's own field labels (not the balancer's field names or the command line's flags)."""

from __future__ import annotations

import json

from rules.balance.measure import points
from rules.balance.run import BalanceProgress, BalanceResult
from rules.core.errors import Problem, counted

LABELS = {
    "--tune": "may change",
    "knobs": "may change",
    "max_changes": "at most changes",
    "budget": "budget (games)",
    "verify_games": "check games",
    "seed": "balance seed",
    "players": "numbers of players",
    "policy": "balance policy",
    "army_files": "army files",
}
"""The tab's label of each of the balancer's fields whose label is not its name (target, tolerance, stages and
armies are called the same)."""
REPORT_NAMES = {name: f"'{LABELS[name]}'" for name in ("verify_games", "budget")}
"""The boxes the balance report's advice speaks of, by the tab's labels (the command line says its options)."""


def labelled(problem: Problem) -> Problem:
    """`problem` located by the tab's label of its field (`--tune` is "may change", `verify_games` "check
    games"); the rest of its path is kept."""
    head, dot, rest = problem.where.partition(".")
    return Problem(LABELS.get(head, head) + dot + rest, problem.message) if head in LABELS else problem


def searched(played: int, budget: int) -> str:
    """The search's games against its budget, never more than the total said (the last candidate may finish
    beyond the budget)."""
    if played <= budget:
        return f"{played:,} of {budget:,} games searched"
    return f"{played:,} games searched (the budget of {budget:,} spent)"


def best_words(best: float | None) -> str:
    return "" if best is None else f"; best worst distance {points(best)} points"


def progress_words(progress: BalanceProgress) -> str:
    """The line beside the bar while a balance runs: the search's games, or the final check's once it checks."""
    candidates = counted(progress.candidates, "candidate")
    if progress.to_check:
        check = f"{progress.checked:,} of {progress.to_check:,} check games"
        return f"{check} ({searched(progress.played, progress.budget)}, {candidates}){best_words(progress.best)}"
    return f"{searched(progress.played, progress.budget)}, {candidates}{best_words(progress.best)}: {progress.doing}"


def ended_words(result: BalanceResult) -> str:
    """The line beside the bar once a balance has ended: done (with the check's games) or stopped."""
    spec = result.spec
    candidates = counted(len(result.candidates), "candidate")
    best = result.front[0].objectives(spec.target).worst if result.front else None
    games = searched(result.search_played, spec.budget)
    if result.complete:
        return f"done: {games}, {result.verify_played:,} checked; {candidates}{best_words(best)}"
    return f"stopped: {games}; {candidates}{best_words(best)}"


def stopped_words(result: BalanceResult, *, earlier: bool) -> str:
    """The message of a balance stopped before its end: its partial results are not drawn (nothing was checked), but
    the best candidate it measured whole is named, so a long search stopped is not lost; `earlier`: a finished
    balance is still shown."""
    shown = "the results shown are the previous ones" if earlier else "no balance has finished"
    said = f"stopped after {result.search_played:,} games searched: its partial results are not shown; {shown}"
    best = result.answer
    if best is None:
        if not result.front:
            return said
        distance = points(result.front[0].objectives(result.spec.target).worst)
        unchanged = f"the rules as they are ({distance} points from the target)"
        return f"{said}. Its best so far: {unchanged}; no candidate measured whole came closer"
    changes = ", ".join(f"{name}={json.dumps(value)}" for name, value in best.choice.items())
    distance = points(best.objectives(result.spec.target).worst)
    named = f"candidate {best.number}, {changes} ({distance} points from the target)"
    return f"{said}. Its best so far, not checked on fresh games: {named}"
