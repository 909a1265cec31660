"""A whole balance: the search, the answer chosen, and its final check on fresh deals beside the rules as they
are; where the games run (this process, a local Dask cluster, a scheduler) is the sweep runner's choice.

    from rules.balance import BalanceSpec, run_balance

    result = run_balance(BalanceSpec(max_changes=3, budget=12_000), workers=2, cache="sweep-cache")
    print(result.report())
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import JsonValue

from rules.balance.answer import answer_files, sweep_commands, write_answer
from rules.balance.knobs import brought_edits, card_edits, rules_values
from rules.balance.measure import Tally, objectives, tallies_json
from rules.balance.plan import VERIFY_STAGE, BalanceSpec, plan
from rules.balance.search import (
    SCREENED,
    BalanceProgress,
    Candidate,
    ProgressHook,
    Runner,
    StopHook,
    chosen,
    needs_no_change,
    pareto,
    search,
    verify,
)
from rules.sweeps.background import BackgroundRun, start_run
from rules.sweeps.cluster import ClusterError, dask_client
from rules.sweeps.overrides import edits_text

if TYPE_CHECKING:
    import pandas as pd
    from distributed import Client

__all__ = ["BalanceProgress", "BalanceResult", "BalanceRun", "run_balance", "start_balance"]


@dataclass
class BalanceResult:
    """What a balance found: every candidate tried, the Pareto front, the answer, the before and after
    measures on fresh deals (`before`, `after`: each measure's tally), and the games spent."""

    spec: BalanceSpec
    candidates: list[Candidate]
    front: list[Candidate]
    answer: Candidate | None
    before: dict[str, Tally]
    after: dict[str, Tally]
    search_played: int
    search_cached: int
    verify_played: int
    verify_cached: int
    seconds: float
    complete: bool = True
    files: list[str] = field(default_factory=list)
    before_games: pd.DataFrame | None = None
    """The check's games of the rules as they are, one row per game (a sweep's games frame, cards included)."""
    after_games: pd.DataFrame | None = None
    """The check's games of the answer."""

    @property
    def needs_no_change(self) -> bool:
        """Whether the rules as they are were already within the tolerance in the search's games (no answer then)."""
        return needs_no_change(self.spec, self.candidates)

    @property
    def changes(self) -> dict[str, JsonValue]:
        return dict(self.answer.choice) if self.answer is not None else {}

    def changed_rules(self) -> dict[str, JsonValue]:
        return rules_values(self.spec.tuned(), self.changes)

    def armies(self) -> dict[str, Any]:
        """The game's own files of the answer's card changes by name (a game of armies: each army changed, as
        army-file data); empty for a game whose changes are an override line."""
        return dict(answer_files(self.spec.tuned(), self.changes, self.spec.game, self.spec.given()))

    def write(self, folder: str | Path) -> list[str]:
        """Write the answer's army files and rules (see rules.balance.answer) in `folder`."""
        spec = self.spec
        self.files = [str(p) for p in write_answer(folder, spec.tuned(), self.changes, spec.game, spec.given())]
        return self.files

    def play_commands(self) -> list[str]:
        """The sweep commands that play the written answer with the check's settings, on new deals
        (`sweep_commands`); none before the answer is written."""
        if not self.files:
            return []
        overrides = edits_text(card_edits(self.spec.tuned(), self.changes, self.spec.game, self.spec.given()))
        return sweep_commands(self.spec, self.files, self.changed_rules(), overrides)

    def to_json(self) -> dict[str, Any]:
        target = self.spec.target
        return {
            "game": self.spec.game,
            "policy": self.spec.seat_policy(),
            "target": target,
            "tolerance": self.spec.tolerance,
            "max_changes": self.spec.max_changes,
            "army_files": [str(getattr(a, "id", "")) for a in self.spec.army_files],
            "fixed_rules": self.spec.rules,
            "knobs": [{"tune": k.text(), "current": k.current, "kind": k.kind} for k in self.spec.tuned()],
            "answer": self.answer.to_json(target) if self.answer is not None else None,
            "needs_no_change": self.needs_no_change,
            "changes": self.changes,
            "changes_brought": {  # the edits the changes bring with them (a deck kept at its size)
                f"{edit.card}.{edit.field}": {"value": edit.value, "was": was}
                for edit, was in brought_edits(self.spec.tuned(), self.changes, self.spec.game, self.spec.given())
            },
            "rules": self.changed_rules(),
            "overrides": edits_text(card_edits(self.spec.tuned(), self.changes, self.spec.game, self.spec.given())),
            "before": tallies_json(self.before),
            "after": tallies_json(self.after),
            "before_objectives": objectives(self.before, target).to_json() if self.before else None,
            "after_objectives": objectives(self.after, target).to_json() if self.after else None,
            "pareto_front": [c.to_json(target) for c in self.front],
            "candidates": len(self.candidates),
            "candidates_stopped_early": sum(1 for c in self.candidates if c.stopped and c.stopped != SCREENED),
            "candidates_screened": sum(1 for c in self.candidates if c.screened),
            "games": {
                "search_played": self.search_played,
                "search_cached": self.search_cached,
                "verify_played": self.verify_played,
                "verify_cached": self.verify_cached,
                "verify_games_a_cell": self.spec.verify_games,
            },
            "seconds": self.seconds,
            "complete": self.complete,
            "files": self.files,
            "play_the_answer": self.play_commands(),
        }

    def report(self, *, timed: bool = True, named: Mapping[str, str] | None = None) -> str:
        """The result in words: the matrices before and after, the changes, the front and the games spent (and
        the seconds it took, unless `timed` is False: a notebook's output then reads the same on every run);
        `named`: how the reader's door names the budget and the check's games (default the command line's)."""
        from rules.balance.report import OPTIONS, report

        return report(self, timed=timed, named=OPTIONS if named is None else named)


def run_balance(
    spec: BalanceSpec,
    *,
    client: Client | None = None,
    scheduler: str | None = None,
    workers: int | None = None,
    in_process: bool = False,
    cache: str | Path | None = None,
    progress: ProgressHook | None = None,
    stop: StopHook | None = None,
) -> BalanceResult:
    """Search, choose and check: see the module's docstring. `progress` is called with a BalanceProgress as games
    finish; `stop` returning True ends the search early (the result says `complete=False`; the candidates measured
    whole are still compared and the answer checked)."""
    started = time.monotonic()
    if in_process and (client is not None or scheduler is not None or workers is not None):
        raise ClusterError("play in this process, or on a Dask client, scheduler or workers: not both")
    # one Dask client (or none) held from the first game to the last
    with contextlib.nullcontext() if in_process else dask_client(client, scheduler, workers) as dask:
        runner = Runner(client=dask, in_process=in_process, cache=str(cache) if cache is not None else None)
        state = search(spec, runner, progress=progress, stop=stop)
        stopped = stop is not None and stop()
        searched, search_cached = runner.played, runner.cached
        answer = chosen(state)
        runner.stop = None if not stopped else stop
        before: dict[str, Tally] = {}
        after: dict[str, Tally] = {}
        if not stopped:
            if progress is not None:
                checking(spec, runner, state.best(), len(state.candidates), answer, progress)
            before = verify(spec, runner, {})
            after = verify(spec, runner, answer.choice) if answer is not None else dict(before)
    result = BalanceResult(
        spec=spec,
        candidates=state.candidates,
        front=pareto(state),
        answer=answer,
        before=before,
        after=after,
        search_played=searched,
        search_cached=search_cached,
        verify_played=runner.played - searched,
        verify_cached=runner.cached - search_cached,
        seconds=round(time.monotonic() - started, 1),
        complete=not stopped and bool(state.candidates) and state.candidates[0].whole,
    )
    if before:
        result.before_games = checked_games(spec, runner, {})
        result.after_games = checked_games(spec, runner, answer.choice if answer is not None else {})
    return result


def checking(
    spec: BalanceSpec,
    runner: Runner,
    best: float | None,
    candidates: int,
    answer: Candidate | None,
    progress: ProgressHook,
) -> None:
    """Report the final check's progress from here on: its games played of the games it plays (the cells of the
    rules as they are and of the answer not yet in memory), apart from the search's count against the budget."""
    choices = [{}, *([answer.choice] if answer is not None else [])] if spec.verify_games else []
    cells = {p.cell.key: p.cell.games for c in choices for p in plan(spec, c, VERIFY_STAGE, spec.verify_games)}
    to_check = sum(games for key, games in cells.items() if key not in runner.memo)
    searched, cached = runner.played, runner.cached

    def report(played: int) -> None:
        checked = min(played - searched, to_check)
        doing = "checking on fresh deals"
        progress(BalanceProgress(searched, spec.budget, cached, candidates, best, doing, checked, to_check))

    runner.on_chunk = report
    report(searched)


def checked_games(spec: BalanceSpec, runner: Runner, choice: dict[str, JsonValue]) -> pd.DataFrame:
    """The final check's games of a candidate, one row per game, from the runner's memory."""
    from rules.sweeps.frames import games_frame

    planned = plan(spec, choice, VERIFY_STAGE, spec.verify_games)
    return games_frame([p.cell for p in planned], [runner.memo[p.cell.key] for p in planned])


BalanceRun = BackgroundRun[BalanceProgress, BalanceResult]
"""One balance running in its own thread (see `start_balance`); a cancel keeps the candidates measured whole."""


def start_balance(spec: BalanceSpec, **options: Any) -> BalanceRun:
    """Start `run_balance(spec, **options)` in a background thread and return its handle at once, for a caller that
    must stay responsive (the balance lab's balance tab): it polls `progress`, may `cancel`, and takes the
    `result` once `done`."""
    return start_run("balance", run_balance, spec, options)
