"""The balance tab while a balance runs and once it ends: the progress line never counts past its total and says
how the run ended; a stopped run leaves the last finished answer on screen; re-sorting the card table redraws the
table alone; refusals name the tab's own fields with the command line's ranges."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from distributed import LocalCluster

from explorer.balance_lab import balance_view
from explorer.balance_lab.balance_tab import BalanceTab
from explorer.balance_lab.choices import Refused
from rules.attack_the_tower.catalog import use_shipped_armies
from rules.balance.run import BalanceProgress
from rules.core import limits
from tests.balance.helpers import SMALL
from tests.sweeps.conftest import dask_cluster

__all__ = ["dask_cluster"]  # the sweep tests' real Dask cluster, as a fixture here


def small_tab_choices() -> dict[str, Any]:
    """The tab's choices of the balance tests' small balance (tests/balance/helpers.py)."""
    return {
        "armies": SMALL["armies"],
        "tune": list(SMALL["knobs"]),
        "policy": SMALL["policy"],
        "budget": SMALL["budget"],
        "stages": ",".join(map(str, SMALL["stages"])),
        "verify_games": SMALL["verify_games"],
        "balance_seed": SMALL["seed"],
    }


def small_tab(**changes: Any) -> BalanceTab:
    return BalanceTab("attack-the-tower").choose(**{**small_tab_choices(), **changes})


def counts_within_totals(text: str) -> bool:
    """Every "N of M" in `text` has N at most M."""
    pairs = re.findall(r"([\d,]+) of ([\d,]+)", text)
    return all(int(n.replace(",", "")) <= int(m.replace(",", "")) for n, m in pairs)


@pytest.fixture(scope="module")
def finished() -> Iterator[tuple[BalanceTab, list[tuple[str, int, int]]]]:
    """A small balance run to its end in the tab, with the progress line and bar after every report."""
    tab = small_tab()
    seen: list[tuple[str, int, int]] = []
    shown = tab._progressed

    def recorded(progress: BalanceProgress) -> None:
        shown(progress)
        seen.append((tab.status.value, tab.progress.value, tab.progress.max))

    tab._progressed = recorded  # type: ignore[method-assign]
    tab.run()
    assert tab.wait(300) is not None
    yield tab, seen
    use_shipped_armies()


def test_the_progress_never_counts_past_its_total_and_the_check_counts_apart(
    finished: tuple[BalanceTab, list[tuple[str, int, int]]],
) -> None:
    _, seen = finished
    assert seen and all(counts_within_totals(label) and value <= top for label, value, top in seen)
    checks = [label for label, _, _ in seen if "check games" in label]
    assert checks and re.search(r"\b24 of 24 check games\b", checks[-1])  # 2 cells of 6 games, before and after
    assert all("candidate(s)" not in label for label, _, _ in seen)
    assert re.search(r"\b1 candidate\b", seen[0][0]) or re.search(r"\b0 candidates\b", seen[0][0])


def test_the_progress_line_says_done_when_the_run_ends(
    finished: tuple[BalanceTab, list[tuple[str, int, int]]],
) -> None:
    tab, _ = finished
    result = tab.result
    assert result is not None and result.complete
    assert tab.status.value.startswith("done: ") and "measuring" not in tab.status.value
    assert f"{result.verify_played:,} checked" in tab.status.value and counts_within_totals(tab.status.value)
    assert re.search(rf"\b{len(result.candidates)} candidates\b", tab.status.value)
    assert tab.progress.value == tab.progress.max


def wait_for_games(tab: BalanceTab, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while tab.run_handle is None or tab.run_handle.progress is None or not tab.run_handle.progress.played:
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def test_a_stopped_run_keeps_the_last_finished_answer(
    finished: tuple[BalanceTab, list[tuple[str, int, int]]],
) -> None:
    tab, _ = finished
    answer, report, charts, cards = tab.result, tab.report.value, tab.charts.value, tab.cards.value
    tab.choose(budget=2000, stages="40,80")
    tab.run()
    wait_for_games(tab)
    tab.stop_button.click()
    assert tab.wait(120) is answer
    assert (tab.report.value, tab.charts.value, tab.cards.value) == (report, charts, cards)
    assert "before not measured" not in tab.report.value
    assert "partial results are not shown" in tab.message.value and "previous ones" in tab.message.value
    assert tab.status.value.startswith("stopped: ") and "measuring" not in tab.status.value
    assert counts_within_totals(tab.status.value) and "of 2,000 games searched" in tab.status.value
    tab.choose(budget=SMALL["budget"], stages=",".join(map(str, SMALL["stages"])))


def test_a_run_stopped_before_any_answer_shows_none() -> None:
    tab = small_tab(budget=2000, stages="40,80")
    tab.run()
    wait_for_games(tab)
    tab.cancel()
    assert tab.wait(120) is None
    assert "partial results are not shown; no balance has finished" in tab.message.value
    assert "the answer appears here" in tab.report.value and tab.charts.value == "" and tab.cards.value == ""
    assert tab.status.value.startswith("stopped: ")
    use_shipped_armies()


def test_re_sorting_the_cards_redraws_the_table_alone(
    finished: tuple[BalanceTab, list[tuple[str, int, int]]], monkeypatch: pytest.MonkeyPatch
) -> None:
    tab, _ = finished
    assert tab.result is not None and tab.cards.value
    calls: list[str] = []

    def counting(name: str, real: Any) -> Any:
        def called(*args: Any, **kwargs: Any) -> Any:
            calls.append(name)
            return real(*args, **kwargs)

        return called

    monkeypatch.setattr(tab.result, "report", counting("report", tab.result.report))
    for name in ("card_stats", "equilibrium", "pareto_chart", "matrix_chart"):
        monkeypatch.setattr(balance_view, name, counting(name, getattr(balance_view, name)))
    report, charts = tab.report.value, tab.charts.value
    tab.sort_by.value = "card"
    tab.descending.value = False
    assert calls == []
    assert (tab.report.value, tab.charts.value) == (report, charts)
    cards = list(tab.card_table()["card"])
    assert cards == sorted(cards) and tab.cards.value.index(cards[0]) < tab.cards.value.index(cards[-1])
    tab.sort_by.value, tab.descending.value = "difference", True


@pytest.mark.parametrize(
    ("chosen", "words"),
    [
        ({"tune": "foo=1..3"}, "may change: 'foo=1..3': no rules field of that name"),
        ({"target": 1.5}, "target: a number from {} to {}, not 1.5"),
        ({"target": 0.0}, "target: a number from {} to {}, not 0"),
        ({"tolerance": 0.5}, "tolerance: a number from {} to {}, not 0.5"),
        ({"verify_games": -1}, "check games: must be at least 0"),
        ({"budget": 0}, "budget (games): must be at least 1"),
        ({"max_changes": 0}, "at most changes: must be at least 1"),
        ({"balance_seed": -1}, "balance seed: must be at least 0"),
        ({"policy": "psychic"}, "balance policy: no policy 'psychic'"),
    ],
)
def test_a_refusal_names_the_tabs_fields_with_the_command_lines_ranges(chosen: dict[str, Any], words: str) -> None:
    bounds = limits.BALANCE_TOLERANCE if "tolerance" in chosen else limits.BALANCE_TARGET
    expected = words.format(*(f"{b:g}" for b in bounds))
    tab = BalanceTab("attack-the-tower").choose(**chosen)
    with pytest.raises(Refused) as refusal:
        tab.spec()
    assert str(refusal.value) == expected or str(refusal.value).startswith(expected)
    assert "--" not in str(refusal.value) and "verify_games" not in str(refusal.value)
    tab.run_button.click()
    assert "refused: " + expected.split(":")[0] in tab.message.value and not tab.running


def test_the_tab_and_the_command_line_give_the_same_range(capsys: pytest.CaptureFixture[str]) -> None:
    from rules.cli import main

    assert main(["attack-the-tower", "balance", "--target", "1.5"]) != 0
    said = capsys.readouterr().err
    with pytest.raises(Refused, match=r"target: a number from 0\.01 to 0\.99") as refusal:
        BalanceTab("attack-the-tower").choose(target=1.5).spec()
    span = str(refusal.value).split("from ")[1].split(",")[0]
    assert f"from {span}" in said


def test_the_balance_tab_plays_where_the_labs_run_in_says(dask_cluster: LocalCluster) -> None:
    """The lab has one 'run in' choice (the sweep tab's): a balance used to play in the kernel whatever it said."""
    from explorer.balance_lab import BalanceLabPanel
    from rules.balance.run import run_balance
    from tests.balance.helpers import comparable, small_spec

    lab = BalanceLabPanel("attack-the-tower")
    tab = lab.balance.choose(**small_tab_choices())
    lab.form.where.value = "scheduler"
    tab.run_button.click()
    assert "give the Dask scheduler's address" in tab.message.value and tab.run_handle is None
    lab.form.scheduler.value = dask_cluster.scheduler_address
    tab.run()
    assert f"on the Dask scheduler at {dask_cluster.scheduler_address}" in tab.message.value
    found = tab.wait(300)
    assert found is not None
    assert comparable(found.to_json()) == comparable(run_balance(small_spec(), in_process=True).to_json())
    use_shipped_armies()


def test_a_stopped_search_names_its_best_candidate_so_far(
    finished: tuple[BalanceTab, list[tuple[str, int, int]]],
) -> None:
    """A long search stopped used to say only that its results were not shown: its best candidate was lost."""
    import dataclasses

    from explorer.balance_lab.balance_words import stopped_words

    tab, _ = finished
    assert tab.result is not None and tab.result.answer is not None  # the small seeded balance finds one
    stopped = dataclasses.replace(tab.result, complete=False)
    said = stopped_words(stopped, earlier=True)
    assert "partial results are not shown; the results shown are the previous ones" in said
    assert f"Its best so far, not checked on fresh games: candidate {stopped.answer.number}, " in said  # type: ignore[union-attr]
    assert all(f"{name}=" in said for name in stopped.changes)
    # only the rules as they are measured whole (the status line gives their distance): said so, not nothing
    unchanged = stopped_words(dataclasses.replace(stopped, answer=None), earlier=False)
    assert (
        unchanged.endswith("no candidate measured whole came closer")
        and "Its best so far: the rules as they are (" in unchanged
    )
    assert stopped_words(dataclasses.replace(stopped, answer=None, front=[]), earlier=False).endswith(
        "no balance has finished"
    )
