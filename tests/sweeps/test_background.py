"""start_sweep: a sweep in a background thread that reports progress, can be cancelled and hands over its
result (or its error) to the caller's thread."""

from __future__ import annotations

import time

import pytest
from distributed import Client

from rules.sweeps.background import SweepRun, start_sweep
from rules.sweeps.runner import run_sweep
from tests.sweeps.helpers import cavalry_spec


def test_a_background_run_gives_the_rows_of_a_run_in_the_foreground() -> None:
    run = start_sweep(cavalry_spec(games=2), in_process=True)
    result = run.result(timeout=120)
    assert run.done and result.complete
    assert run.progress is not None and run.progress.games_done == 6
    assert result.games.equals(run_sweep(cavalry_spec(games=2), in_process=True).games)


def _wait_for_games(run: SweepRun, games: int, seconds: float = 120) -> None:
    """Wait until the run has played `games` games, or has ended (its error is raised by `result`)."""
    deadline = time.monotonic() + seconds
    while (run.progress is None or run.progress.games_done < games) and not run.done:
        assert time.monotonic() < deadline, f"the run played fewer than {games} games in {seconds:.0f} s"
        time.sleep(0.01)


def test_a_cancelled_run_stops_early_and_keeps_its_finished_cells() -> None:
    run = start_sweep(cavalry_spec(games=40), in_process=True, chunk=1)
    _wait_for_games(run, 2)
    run.cancel()
    result = run.result(timeout=120)
    assert run.cancelled and not result.complete
    assert result.played < 3 * 40


def test_a_failed_run_raises_its_error_in_the_callers_thread() -> None:
    run = start_sweep(cavalry_spec(games=1), in_process=True, cache="/dev/null/cache")
    with pytest.raises(Exception, match="cannot write the sweep cache"):
        run.result(timeout=120)


def test_a_run_on_dask_can_be_cancelled_from_another_thread(dask_client: Client) -> None:
    run = start_sweep(cavalry_spec(games=40), client=dask_client, chunk=1)
    _wait_for_games(run, 2)
    run.cancel()
    result = run.result(timeout=120)
    assert not result.complete and result.played < 3 * 40
    assert set(result.summary["cell"]) <= {0, 1, 2}
    time.sleep(0.5)
    assert not any(state in ("processing", "waiting") for state in dask_client.processing().values() if state)
