"""Running sweeps: the same rows in process, on a real two-worker Dask cluster and however the games are cut
into tasks; a second run reads the cache and plays nothing."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from distributed import Client, LocalCluster, get_task_stream

from rules.attack_the_tower.catalog import army, designed_armies, use_armies
from rules.sweeps import runner
from rules.sweeps.cells import Cell, cells
from rules.sweeps.play import CodeMismatch, GameRecord, play_chunk
from rules.sweeps.runner import SweepProgress, run_sweep
from rules.sweeps.seeding import game_seed
from rules.sweeps.spec import SweepSpec
from tests.sweeps.helpers import GAMES, cavalry_spec


@pytest.fixture(scope="module")
def in_process() -> runner.SweepResult:
    return run_sweep(cavalry_spec(), in_process=True)


def test_one_row_per_game_with_every_parameter(in_process: runner.SweepResult) -> None:
    games = in_process.games
    assert len(games) == 3 * GAMES
    assert list(games["cavalry_power"]) == [2] * GAMES + [3] * GAMES + [4] * GAMES
    assert set(games["override"]) == {"undead.ghost.special_troop.power=3"}
    assert set(games["army_0"]) == {"undead"} and set(games["policy_1"]) == {"planner"}
    for column in ("seed", "returns_0", "returns_1", "winner", "steps", "turns", "termination"):
        assert column in games
    assert (games["returns_0"] + games["returns_1"] == 0).all()
    assert (games["steps"] > 0).all() and (games["turns"] >= 1).all()
    assert set(games["termination"]) <= {"palace destroyed", "turn limit reached"}


def test_seeds_follow_the_cell_and_the_game_index(in_process: runner.SweepResult) -> None:
    expected = [game_seed(c.seed_key, i) for c in cells(cavalry_spec()) for i in range(GAMES)]
    assert list(in_process.games["seed"]) == expected
    assert len(set(expected)) == len(expected)


def test_the_summary_counts_each_cell(in_process: runner.SweepResult) -> None:
    summary = in_process.summary
    assert list(summary["cavalry_power"]) == [2, 3, 4]
    assert (summary["wins_0"] + summary["wins_1"] + summary["draws"] == GAMES).all()
    by_hand = in_process.games.groupby("cell")["winner"].apply(lambda w: int((w == 0).sum()))
    assert list(summary["wins_0"]) == list(by_hand)
    assert ((summary["ci_low_0"] <= summary["win_rate_0"]) & (summary["win_rate_0"] <= summary["ci_high_0"])).all()


def test_the_rows_do_not_depend_on_how_the_games_are_cut(in_process: runner.SweepResult) -> None:
    one_by_one = run_sweep(cavalry_spec(), in_process=True, chunk=1)
    pd.testing.assert_frame_equal(one_by_one.games, in_process.games)


def test_a_two_worker_cluster_gives_the_same_rows(in_process: runner.SweepResult, dask_client: Client) -> None:
    assert len(dask_client.scheduler_info()["workers"]) == 2
    with get_task_stream(dask_client) as stream:
        on_dask = run_sweep(cavalry_spec(), client=dask_client, chunk=1)
    assert len({task["worker"] for task in stream.data}) == 2, "both workers played"
    pd.testing.assert_frame_equal(on_dask.games, in_process.games)
    pd.testing.assert_frame_equal(on_dask.summary, in_process.summary)


def test_a_scheduler_address_gives_the_same_rows(in_process: runner.SweepResult, dask_cluster: LocalCluster) -> None:
    address = dask_cluster.scheduler_address
    assert address.startswith("tcp://127.0.0.1:")
    on_dask = run_sweep(cavalry_spec(), scheduler=address)
    pd.testing.assert_frame_equal(on_dask.games, in_process.games)


def test_a_second_run_reads_the_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[int] = []
    real = play_chunk

    def counting(cell: Cell, start: int, stop: int, code: str | None = None) -> list[GameRecord]:
        played.append(stop - start)
        return real(cell, start, stop, code)

    monkeypatch.setattr(runner, "play_chunk", counting)
    first = run_sweep(cavalry_spec(), in_process=True, cache=tmp_path)
    assert sum(played) == 3 * GAMES and first.played == 3 * GAMES and first.cached == 0
    assert len(list(tmp_path.glob("*.parquet"))) == 3
    again = run_sweep(cavalry_spec(), in_process=True, cache=tmp_path)
    assert sum(played) == 3 * GAMES, "the second run played games"
    assert again.played == 0 and again.cached == 3 * GAMES
    pd.testing.assert_frame_equal(again.games, first.games)
    pd.testing.assert_frame_equal(again.summary, first.summary)


def test_a_grown_grid_plays_only_its_new_cells(tmp_path: Path) -> None:
    run_sweep(cavalry_spec(vary={"cavalry_power": [2, 3]}), in_process=True, cache=tmp_path)
    grown = run_sweep(cavalry_spec(), in_process=True, cache=tmp_path)
    assert grown.cached == 2 * GAMES and grown.played == GAMES
    fresh = run_sweep(cavalry_spec(), in_process=True)
    pd.testing.assert_frame_equal(grown.games, fresh.games)


def test_the_cache_on_dask_matches_the_cache_in_process(tmp_path: Path, dask_client: Client) -> None:
    run_sweep(cavalry_spec(), client=dask_client, cache=tmp_path)
    again = run_sweep(cavalry_spec(), in_process=True, cache=tmp_path)
    assert again.played == 0


def test_progress_is_reported_after_every_chunk() -> None:
    seen: list[SweepProgress] = []
    run_sweep(cavalry_spec(games=2), in_process=True, chunk=1, progress=seen.append)
    assert [p.games_done for p in seen] == [0, 1, 2, 3, 4, 5, 6]
    assert [p.cells_done for p in seen] == [0, 0, 1, 1, 2, 2, 3]
    assert seen[-1].fraction == 1.0 and seen[-1].games_total == 6


def test_a_stopped_run_keeps_its_finished_cells(tmp_path: Path) -> None:
    seen: list[SweepProgress] = []
    stopped = run_sweep(
        cavalry_spec(games=2),
        in_process=True,
        chunk=1,
        cache=tmp_path,
        progress=seen.append,
        stop=lambda: bool(seen) and seen[-1].cells_done >= 1,
    )
    assert not stopped.complete
    assert list(stopped.summary["cavalry_power"]) == [2] and stopped.played == 2
    resumed = run_sweep(cavalry_spec(games=2), in_process=True, cache=tmp_path)
    assert resumed.complete and resumed.cached == 2 and resumed.played == 4


def ghost_power() -> int:
    ghost = next(a for a in army("undead").abilities if a.id == "undead.ghost")
    assert ghost.special_troop is not None
    return ghost.special_troop.power


def test_the_card_override_is_in_use_while_its_games_are_played() -> None:
    before = tuple(designed_armies().values())
    cell = cells(cavalry_spec(games=1, vary={"cavalry_power": [3]}))[0]
    try:
        play_chunk(cell, 0, 0)
        assert ghost_power() == 3
        use_armies(())
        assert ghost_power() == 2
    finally:
        use_armies(before)


def test_an_in_process_run_puts_back_the_armies_in_use() -> None:
    before = dict(designed_armies())
    run_sweep(cavalry_spec(games=1, vary={"cavalry_power": [3]}), in_process=True)
    assert designed_armies() == before


def test_a_worker_running_other_code_refuses_the_work() -> None:
    cell = cells(cavalry_spec(games=1))[0]
    with pytest.raises(CodeMismatch, match="install the same version"):
        play_chunk(cell, 0, 1, code="other code")


def test_a_whole_number_field_with_none_stays_whole_numbers() -> None:
    """The Tower's hand_limit of none, 6 and 8: the frames keep 6 and 8 as whole numbers beside a missing value."""
    spec = SweepSpec(game="the-tower", vary={"hand_limit": [None, 6, 8]}, policies=["random"], games=2, seed=1)
    result = run_sweep(spec, in_process=True)
    for frame in (result.summary, result.games):
        assert str(frame["hand_limit"].dtype) == "Int64"
        assert [None if pd.isna(v) else v for v in frame["hand_limit"].drop_duplicates()] == [None, 6, 8]
