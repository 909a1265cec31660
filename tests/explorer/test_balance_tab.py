"""The balance lab's balance tab: the same result as the balancer in Python, refusals in words, the answer applied
as army files and opened in the explorer, the card table sorted, and the charts drawn."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from explorer import theme
from explorer.balance_lab import BalanceLabPanel
from explorer.balance_lab.balance_tab import BalanceTab
from explorer.balance_lab.choices import Refused
from rules.attack_the_tower.catalog import load_army_file, use_shipped_armies
from rules.balance.run import BalanceResult, run_balance
from rules.core.errors import CannotWrite
from tests.balance.helpers import SMALL, comparable, small_spec

WHEN_DONE: dict[str, str] = {}
"""What the tab said as the module's balance ended: tests that share it may run first, in any order (pytest-xdist
steals work), and apply says where it wrote."""


@pytest.fixture(scope="module")
def ran() -> Iterator[tuple[BalanceTab, BalanceResult]]:
    lab = BalanceLabPanel("attack-the-tower")
    tab = lab.balance
    tab.choose(
        armies=SMALL["armies"],
        tune=list(SMALL["knobs"]),
        policy=SMALL["policy"],
        budget=SMALL["budget"],
        stages=",".join(map(str, SMALL["stages"])),
        verify_games=SMALL["verify_games"],
        balance_seed=SMALL["seed"],
    )
    tab.run()
    found = tab.wait(300)
    assert found is not None
    WHEN_DONE["message"] = tab.message.value
    yield tab, found
    use_shipped_armies()


def test_the_tab_gives_the_result_python_gives(ran: tuple[BalanceTab, BalanceResult]) -> None:
    _, found = ran
    assert comparable(found.to_json()) == comparable(run_balance(small_spec(), in_process=True).to_json())


def test_the_tab_shows_the_report_the_front_and_the_matrices(ran: tuple[BalanceTab, BalanceResult]) -> None:
    tab, found = ran
    assert "Pareto front" in tab.report.value and "games: search" in tab.report.value
    assert tab.charts.value.count("<svg") == (3 if found.answer is not None else 2)
    assert "equilibrium mix" in tab.charts.value
    assert tab.run_button.disabled is False and tab.stop_button.disabled is True
    assert "done: " in tab.status.value and "checked" in tab.status.value  # the counts beside the bar
    answer = f"the answer (candidate {found.answer.number})" if found.answer is not None else "no candidate came"
    said = WHEN_DONE["message"]
    assert "finished" in said and answer in said  # below it, where the answer is
    assert "done" not in said  # said once


def test_an_answer_the_check_does_not_bear_out_is_said_so_in_red_not_as_a_success(
    ran: tuple[BalanceTab, BalanceResult], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tab used to say "finished: the answer ..." in green whatever the check's fresh games said."""
    tab, found = ran
    if found.answer is None:
        pytest.fail("the small balance is expected to find an answer")
    monkeypatch.setattr("explorer.balance_lab.balance_tab.borne_out", lambda result: False)
    tab._ended(found)
    assert "do not bear the answer out" in tab.message.value and theme.ERROR in tab.message.value
    monkeypatch.setattr("explorer.balance_lab.balance_tab.borne_out", lambda result: True)
    tab._ended(found)
    assert "finished: the answer" in tab.message.value and theme.SUCCESS in tab.message.value


def test_the_card_table_sorts_by_the_column_chosen(ran: tuple[BalanceTab, BalanceResult]) -> None:
    tab, _ = ran
    table = tab.card_table("play_rate", descending=True)
    assert not table.empty and list(table["play_rate"]) == sorted(table["play_rate"], reverse=True)
    tab.sort_by.value = "card"
    tab.descending.value = False
    assert "balance-cards" in tab.cards.value
    assert list(tab.card_table()["card"]) == sorted(table["card"])


def test_the_answer_applies_as_army_files_and_opens_in_the_explorer(
    ran: tuple[BalanceTab, BalanceResult], tmp_path: Path
) -> None:
    tab, found = ran
    if found.answer is None:
        with pytest.raises(Refused, match="no answer"):
            tab.apply(str(tmp_path))
        return
    for blank in ("   ", ""):  # a folder of spaces is all but invisible; no name at all is the notebook's folder
        with pytest.raises(CannotWrite, match="give a folder to write the answer in"):
            tab.apply(blank)
    files = tab.apply(str(tmp_path))
    assert files and all(Path(f).exists() for f in files)
    assert str((tmp_path / "undead.json").resolve()) in tab.message.value  # the full path, whatever the folder given
    assert "play the answer: tower-rules attack-the-tower sweep --policy " in tab.message.value  # rules.json as --set
    with pytest.raises(CannotWrite, match=r"already holds files of the kinds an answer writes \(undead.json"):
        tab.apply(str(tmp_path))  # a second answer is not mixed with the first
    assert load_army_file(tmp_path / "undead.json").id == "undead"
    panel = tab.open_in_explorer("undead", "bandits")
    assert panel.explorer.state.phase != "game_over"
    use_shipped_armies()


@pytest.mark.parametrize(
    ("chosen", "words"),
    [
        ({"tune": "cavalry_power=2-4"}, "is one value"),
        ({"armies": "undead"}, "at least two different armies"),
        ({"stages": "a,b"}, "stages: whole numbers"),
        ({"policy": "psychic"}, "no policy 'psychic'"),
    ],
)
def test_a_bad_choice_is_refused_in_words(chosen: dict[str, str], words: str) -> None:
    tab = BalanceTab("attack-the-tower")
    tab.choose(**chosen)
    with pytest.raises(Refused, match=words):
        tab.spec()
    tab.run_button.click()
    assert "refused:" in tab.message.value and words.split("'")[0] in tab.message.value


def test_a_control_that_does_not_exist_or_a_wrong_type_is_refused() -> None:
    tab = BalanceTab("attack-the-tower")
    with pytest.raises(Refused, match="no control"):
        tab.choose(colour="red")
    with pytest.raises(Refused, match="whole number"):
        tab.choose(budget="many")
    with pytest.raises(Refused, match="True or False"):
        tab.choose(screen="yes")


def test_the_screen_can_be_turned_off_from_the_tab() -> None:
    tab = BalanceTab("attack-the-tower").choose(armies=SMALL["armies"], tune=list(SMALL["knobs"]))
    assert tab.spec().screen
    assert not tab.choose(screen=False).spec().screen


def test_a_check_game_opens_in_the_explorer_at_any_step_as_it_was_played(
    ran: tuple[BalanceTab, BalanceResult],
) -> None:
    tab, _ = ran
    games = tab.games("before")
    row = int(games["winner"].notna().to_numpy().argmax())
    panel = tab.open_game(row, which="before", step=3)
    session = panel.explorer.session
    assert session.cursor == 3 and len(session.line) == int(games["steps"].iloc[row])
    assert session.state_at(len(session.line)).winner == int(games["winner"].iloc[row])
    with pytest.raises(Refused, match="row: a game from 0"):
        tab.open_game(len(games), which="before")
    use_shipped_armies()


def test_a_sweep_game_of_the_lab_opens_in_the_explorer() -> None:
    lab = BalanceLabPanel("attack-the-tower")
    lab.choose(first=("cavalry_power", "3,4"), armies="undead,bandits", games=2, seed=3, policies=("greedy", "greedy"))
    lab.run()
    result = lab.wait(120)
    assert result is not None
    last = len(result.games) - 1
    panel = lab.open_game(last)
    session = panel.explorer.session
    assert session.cursor == len(session.line) == int(result.games["steps"].iloc[last])
    assert session.state.rules.cavalry_power == int(result.games["cavalry_power"].iloc[last])
    use_shipped_armies()
