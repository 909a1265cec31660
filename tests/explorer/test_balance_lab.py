"""The balance lab panel driven through its plain methods, as a notebook or the browser's clicks would: a
small in-process sweep runs in the background to the chart and the table with the same numbers as
`run_sweep`; cancel stops it; a bad choice is refused in words and the last results stay; exports write
files that read back."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from explorer.balance_lab import BalanceLabPanel
from explorer.balance_lab.form import NONE
from explorer.balance_lab.tables import AGREEMENT_CELLS, strengths_html
from rules.attack_the_tower.cards import Army
from rules.cli import main
from rules.sweeps import SweepSpec, run_sweep
from rules.sweeps.matchups import both_seats, compare_matchup_strengths
from rules.sweeps.strengths import agreement_shown, compare_strengths


@pytest.fixture
def lab() -> BalanceLabPanel:
    panel = BalanceLabPanel("attack-the-tower")
    panel.choose(first=("cavalry_power", "2,3"), policies=("planner", "greedy"), games=6, seed=3)
    return panel


def wait_until(condition: object, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def test_a_sweep_runs_in_the_background_to_the_chart_and_the_table(lab: BalanceLabPanel) -> None:
    assert lab.chart is None and lab.chart_view.value == "" and "choose what to vary" in lab.table.value
    lab.run_button.click()
    assert lab.run_button.disabled and not lab.cancel_button.disabled
    wait_until(lambda: not lab.running)
    assert lab.result is not None and lab.result.complete
    assert "done: 2 cell(s), 12 games played" in lab.message.value
    assert lab.progress.value == lab.progress.max == 12 and "12 of 12 games (2 of 2 cells)" in lab.status.value
    # the chart in the theme's colours (its text is currentColor), never wider than its cell
    assert "<svg" in lab.chart_view.value and "currentColor" in lab.chart_view.value
    assert "max-width:min(640px,100%)" in lab.chart_view.value
    assert 'style="max-width:100%;height:auto;' in lab.chart_view.value
    assert lab.chart_view.value in lab._repr_html_()  # the static view shows the chart too
    assert "win rate by cavalry_power" in lab.chart_note
    assert lab.table.value.count("<tr>") == 3 and "undead win rate" in lab.table.value
    assert not lab.run_button.disabled and lab.cancel_button.disabled
    spec = SweepSpec(
        game="attack-the-tower", vary={"cavalry_power": [2, 3]}, policies=["planner", "greedy"], games=6, seed=3
    )
    expected = run_sweep(spec, in_process=True)
    pd.testing.assert_frame_equal(lab.result.summary, expected.summary)
    for rate in expected.summary["win_rate_0"]:
        assert f"{rate:.1%}" in lab.table.value


def test_two_fields_make_a_heat_map_and_solo_games_ask_one_policy() -> None:
    lab = BalanceLabPanel("tower-defense")
    assert lab.form.policies[1].layout.display == "none" and lab.form.army_row.layout.display == "none"
    assert lab.form.players_row.layout.display is None and "coop" in lab.form.policies[0].options
    lab.choose(second=("modifier_base_hit_points", "0,2"), policies=("random",), games=2, players=1)
    lab.run()
    result = lab.wait(120)
    assert result is not None and len(result.summary) == 6
    assert set(result.summary["players"]) == {1} and set(result.summary["policy"]) == {"random"}
    assert lab.chart_note.startswith("win rate by wave_every and modifier_base_hit_points")
    assert "mean turns" in lab.table.value and lab.summary().startswith("Balance lab: tower-defense, 6 cell(s)")
    assert "mean turns" in lab._repr_html_()


def test_cancel_stops_the_sweep_and_shows_the_cells_finished() -> None:
    lab = BalanceLabPanel("tower-defense")
    lab.choose(first=("wave_every", "2,3,4"), policies=("random",), games=40, players=1)
    lab.run()
    assert lab.running  # run() came back while games are being played
    wait_until(lambda: lab.sweep is not None and lab.sweep.progress is not None and lab.sweep.progress.cells_done)
    lab.cancel_button.click()
    result = lab.wait(60)
    assert result is not None and not result.complete
    assert 1 <= len(result.summary) < 3 and result.played < 120
    assert "cancelled:" in lab.message.value and "<svg" in lab.chart_view.value
    assert not lab.running and not lab.run_button.disabled


def test_a_cancel_before_any_cell_finished_keeps_the_previous_results(lab: BalanceLabPanel) -> None:
    lab.run()
    before = lab.wait(60)
    lab.choose(games=400)
    lab.run()
    lab.cancel()
    assert lab.wait(60) is before
    assert "cancelled before any cell finished" in lab.message.value and lab.table.value.count("<tr>") == 3


def test_a_bad_value_is_refused_in_words_and_the_last_results_stay(lab: BalanceLabPanel) -> None:
    lab.run()
    good = lab.wait(60)
    chart, table = lab.chart_view.value, lab.table.value
    lab.choose(first=("cavalry_power", "2,-1"))
    lab.run_button.click()
    assert "refused:" in lab.message.value and "cavalry_power" in lab.message.value
    assert "(with cavalry_power=-1)" in lab.message.value
    assert lab.result is good and lab.chart_view.value == chart and lab.table.value == table
    assert not lab.running and not lab.run_button.disabled
    lab.choose(first=("cavalry_power", "two"))
    lab.run_button.click()
    assert "refused: cavalry_power:" in lab.message.value and "two" in lab.message.value
    lab.choose(first=("cavalry_power", "2"), armies="undead,dragons")
    lab.run_button.click()
    assert "undead,dragons is not a pair of armies" in lab.message.value
    lab.choose(armies="", games=0)
    lab.run_button.click()
    assert "refused: games a cell: must be at least 1" in lab.message.value
    assert lab.result is good


def test_a_second_run_while_one_runs_is_refused(lab: BalanceLabPanel) -> None:
    lab.choose(games=200)
    lab.run()
    lab._guard(lab.run)
    assert "a sweep is running" in lab.message.value
    lab.cancel()
    lab.wait(60)


def test_exports_write_files_that_read_back(lab: BalanceLabPanel, tmp_path: Path) -> None:
    lab._guard(lambda: lab.export("csv", str(tmp_path / "x")))
    assert "nothing to export yet" in lab.message.value and not list(tmp_path.iterdir())
    lab.run()
    result = lab.wait(60)
    assert result is not None
    lab.file.value = str(tmp_path / "balance.txt.csv")
    written = lab.export("csv")
    assert written == str(tmp_path / "balance.txt.csv")
    assert f"wrote 2 rows as CSV to {written}</span>" in lab.message.value
    from_csv = pd.read_csv(written)
    assert list(from_csv["win_rate_0"]) == pytest.approx(list(result.summary["win_rate_0"]))
    lab.what.value = "games"
    written = lab.export("parquet", str(tmp_path / "games.csv"))
    assert written == str(tmp_path / "games.parquet")
    assert f"as Parquet to {written} (a Parquet file's name ends .parquet, so not games.csv)" in lab.message.value
    pd.testing.assert_frame_equal(pd.read_parquet(written), result.games)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["balance.txt.csv", "games.parquet"]  # no temporaries
    lab.file.value = str(tmp_path / "missing" / "x.csv")
    lab.export_buttons[0].click()
    assert "refused: cannot write" in lab.message.value and f"there is no folder {tmp_path / 'missing'}" in (
        lab.message.value
    )
    before = (tmp_path / "balance.txt.csv").read_bytes()
    lab.what.value = "games"
    lab.file.value = str(tmp_path / "balance.txt.csv")
    lab.export_buttons[0].click()  # the games over the summary written before: refused, the file kept
    assert "something is already there; name a new file (nothing was replaced)" in lab.message.value
    assert (tmp_path / "balance.txt.csv").read_bytes() == before


def test_an_export_to_a_folder_or_another_kind_of_file_is_refused_and_writes_nothing(
    lab: BalanceLabPanel, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lab.run()
    assert lab.wait(60) is not None
    monkeypatch.chdir(tmp_path)
    lab.file.value = str(tmp_path)
    lab.export_buttons[0].click()
    assert f"is a folder: give a file name in it, e.g. {tmp_path / 'balance.csv'}" in lab.message.value
    lab.file.value = "my results.xlsx"
    lab.export_buttons[0].click()
    assert "refused:" in lab.message.value and "name it 'my results.csv'" in lab.message.value
    assert not list(tmp_path.iterdir())  # nothing written, beside the folder or in it
    lab.file.value = "results"
    lab.export_buttons[0].click()
    assert f"to {tmp_path / 'results.csv'}</span>" in lab.message.value
    assert [p.name for p in tmp_path.iterdir()] == ["results.csv"]


def test_changing_the_game_offers_its_fields_and_policies(lab: BalanceLabPanel) -> None:
    form = lab.form
    before = form.choices().policies
    form.game.value = "the-tower"
    assert "starting_hp" in form.fields[0].options and "jack.hp" in form.fields[0].options
    assert form.fields[0].value == "starting_hp" and form.values[0].value == "6,14"
    assert form.fields[1].value == NONE and form.policies[0].value == "expectimax"
    assert form.policies[1].layout.display == "none" and form.army_row.layout.display == "none"
    assert form.players_row.layout.display == "none"
    form.game.value = "attack-the-tower"
    assert form.policies[1].layout.display is None and form.army_row.layout.display is None
    assert form.choices().policies == before  # the game's own choices, given back
    with pytest.raises(KeyError, match="no control"):
        lab.choose(colour="red")


def test_where_the_games_run(lab: BalanceLabPanel) -> None:
    assert lab.form.run_options() == {"in_process": True}
    lab.form.where.value = "local"
    assert lab.form.run_options() == {}
    lab.form.where.value = "scheduler"
    assert lab.form.scheduler.layout.display is None
    lab.run_button.click()
    assert "give the Dask scheduler's address" in lab.message.value
    # an address of the wrong form is refused before a sweep starts, in the box's own name
    lab.form.scheduler.value = "localhost"
    lab.run_button.click()
    assert "the address box takes an address SCHEME://HOST:PORT" in lab.message.value and not lab.running
    lab.form.scheduler.value = "tcp://127.0.0.1:99999"
    lab.run_button.click()
    assert "a port is a number from 1 to 65535, not 99999" in lab.message.value and not lab.running
    lab.form.scheduler.value = "tcp://127.0.0.1:8786"
    assert lab.form.run_options() == {"scheduler": "tcp://127.0.0.1:8786"}


def test_a_lab_with_a_cache_plays_only_what_is_missing(tmp_path: Path) -> None:
    lab = BalanceLabPanel("attack-the-tower", cache=str(tmp_path / "cache"))
    lab.choose(first=("cavalry_power", "2,3"), games=4)
    lab.run()
    first = lab.wait(60)
    lab.choose(first=("cavalry_power", "2,3,4"))
    lab.run()
    second = lab.wait(60)
    assert first is not None and second is not None
    assert "done: 3 cell(s), 4 games played, 8 from the cache" in lab.message.value
    assert "4 of 12 games" not in lab.status.value and "8 from the cache" in lab.status.value
    pd.testing.assert_frame_equal(second.summary.iloc[:2], first.summary)


def test_a_sweep_that_fails_says_why_and_keeps_the_last_results(tmp_path: Path) -> None:
    not_a_folder = tmp_path / "cache"
    not_a_folder.write_text("a file where the cache folder should be")
    lab = BalanceLabPanel("attack-the-tower", cache=str(not_a_folder))
    lab.choose(first=("cavalry_power", "2"), games=2)
    lab.run()
    assert lab.wait(60) is None and lab.result is None
    assert "refused: the sweep stopped: cannot write the sweep cache" in lab.message.value
    assert not lab.running and not lab.run_button.disabled and lab.cancel_button.disabled


def test_the_panel_gives_the_numbers_of_python_and_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    """Three values of one Rules field and one card override, from the panel, from Python and from the CLI."""
    ghost = "undead.ghost.special_troop.power=3"
    lab = BalanceLabPanel("attack-the-tower")
    lab.choose(first=("cavalry_power", "2,3,4"), armies="undead,westerners", overrides=ghost, games=3, seed=5)
    lab.run()
    shown = lab.wait(120)
    assert shown is not None and list(shown.summary["override"]) == [ghost] * 3
    spec = SweepSpec(
        game="attack-the-tower",
        vary={"cavalry_power": [2, 3, 4]},
        armies="undead,westerners",
        overrides=[ghost],
        games=3,
        seed=5,
    )
    pd.testing.assert_frame_equal(shown.summary, run_sweep(spec, in_process=True).summary)
    pd.testing.assert_frame_equal(shown.games, run_sweep(spec, in_process=True).games)
    argv = ["attack-the-tower", "sweep", "--vary", "cavalry_power=2,3,4", "--armies", "undead,westerners"]
    argv += ["--override", ghost, "--games", "3", "--seed", "5", "--in-process", "--json", "--no-progress"]
    assert main(argv) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["summary"] == json.loads(shown.summary.to_json(orient="records"))


def test_a_designers_army_file_is_swept_and_a_malformed_one_refused(tmp_path: Path) -> None:
    shipped = Path(__file__).resolve().parents[2] / "rules" / "attack_the_tower" / "data" / "westerners.json"
    mine = tmp_path / "my-westerners.json"
    mine.write_text(shipped.read_text(encoding="utf-8").replace('"power": 1, "effects"', '"power": 2, "effects"'))
    assert mine.read_text(encoding="utf-8") != shipped.read_text(encoding="utf-8")
    lab = BalanceLabPanel("attack-the-tower")
    lab.choose(first=("cavalry_power", "3"), armies="undead,westerners", army_files=str(mine), games=3)
    lab.run()
    shown = lab.wait(60)
    assert shown is not None and list(shown.summary["army_files"]) == ["westerners"]
    spec = SweepSpec(
        game="attack-the-tower", vary={"cavalry_power": [3]}, armies="undead,westerners", army_files=[mine], games=3
    )
    pd.testing.assert_frame_equal(shown.summary, run_sweep(spec, in_process=True).summary)
    designed = shown.spec.army_files[0]
    assert isinstance(designed, Army)
    blacksmith = next(c for c in designed.abilities if c.id == "westerners.blacksmith")
    assert blacksmith.special_troop is not None and blacksmith.special_troop.power == 2
    broken = tmp_path / "broken.json"
    broken.write_text('{"id": "westerners", "bases": ')
    lab.choose(army_files=f"{mine}; {broken}")
    lab.run_button.click()
    assert "refused:" in lab.message.value and "broken.json is not valid JSON" in lab.message.value
    assert lab.result is shown


def test_tower_defense_card_variants_and_scenarios_from_the_panel_python_and_the_cli(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A Tower Defense card override beside the cards as shipped, over both scenarios (Difficulties): the panel's
    text field, `SweepSpec` and `--override` give the same numbers; a card Tower Defense lacks is refused."""
    strong = "standard.1.damage_by_level.0=50"
    lab = BalanceLabPanel("tower-defense")
    assert lab.form.cards_row.layout.display is None and "standard.1" in lab.form.overrides.placeholder
    lab.choose(first=("wave_every", "3"), overrides=f"none; {strong}", scenarios=("beginner", "eight-waves"))
    lab.choose(policies=("coop",), players=1, games=2, seed=4)
    lab.run()
    shown = lab.wait(180)
    assert shown is not None and list(shown.summary["override"]) == ["none", "none", strong, strong]
    assert list(shown.summary["difficulty"]) == ["1/1/1/1/2/2", "1/1/2/2/2/2/3/3"] * 2
    assert "difficulty" in lab.table.value and strong in lab.table.value
    spec = SweepSpec(
        game="tower-defense",
        vary={"wave_every": [3]},
        overrides=["none", strong],
        scenarios=["beginner", "eight-waves"],
        policies=["coop"],
        players=1,
        games=2,
        seed=4,
    )
    pd.testing.assert_frame_equal(shown.games, run_sweep(spec, in_process=True).games)
    argv = ["tower-defense", "sweep", "--vary", "wave_every=3", "--override", "none", "--override", strong]
    argv += ["--scenario", "beginner", "--scenario", "eight-waves", "--policy", "coop", "--players", "1"]
    argv += ["--games", "2", "--seed", "4", "--in-process", "--json", "--no-progress"]
    assert main(argv) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["summary"] == json.loads(shown.summary.to_json(orient="records"))
    lab.choose(overrides="undead.ghost.special_troop.power=3")
    lab.run_button.click()
    assert "refused:" in lab.message.value and "Tower Defense has no such card" in lab.message.value
    assert lab.result is shown


def _widgets(root: Any) -> list[Any]:
    """Every widget under `root` (its children, and theirs)."""
    found = [root]
    for child in getattr(root, "children", ()):
        found += _widgets(child)
    return found


@pytest.mark.parametrize("game", ["attack-the-tower", "the-tower", "tower-defense"])
def test_no_control_is_wider_than_a_narrow_cell(game: str) -> None:
    """A control with a fixed width shrinks to its cell in a narrow window instead of running past it."""
    fixed = [wd for wd in _widgets(BalanceLabPanel(game)) if str(getattr(wd.layout, "width", "") or "").endswith("px")]
    assert fixed
    assert [wd.description or type(wd).__name__ for wd in fixed if wd.layout.max_width != "100%"] == []


def test_armies_alone_are_compared_with_no_field_varied() -> None:
    lab = BalanceLabPanel("attack-the-tower")
    lab.choose(first=None, armies="undead,bandits; bandits,undead", games=3)
    assert lab.form.fields[0].value == NONE
    lab.run()
    result = lab.wait(120)
    assert result is not None and result.complete and result.spec.vary == {}
    assert list(result.summary["army_0"]) == ["undead", "bandits"]


def test_each_compared_row_is_named_for_its_own_combination_when_an_earlier_one_is_unfinished() -> None:
    # after a cancel on a cluster, cells finish in any order: the first pair lacks its greedy cell, and the
    # rows that remain keep their own names (and the army each verdict favours)
    pairs = ["undead,bandits", "westerners,easterners", "bandits,undead"]
    spec = SweepSpec(game="attack-the-tower", armies=pairs, strengths=["random", "greedy"], games=4, seed=0)
    summary = run_sweep(spec, in_process=True).summary
    table = strengths_html(spec, summary[summary["cell"] != 1])
    rows = table.split("<tr>")[2:]
    assert [row.split("</td>")[0].removeprefix("<td>") for row in rows] == [
        "westerners v easterners",
        "bandits v undead",
    ]
    compared = compare_strengths(spec, summary)
    for row, record in zip(rows, compared.to_dict(orient="records")[1:], strict=True):
        for name in ("random", "greedy"):
            verdict = record[f"{name}_favours"]
            army = {"player 1": record["army_0"], "player 2": record["army_1"]}.get(verdict)
            assert f"favours {verdict} ({army})" in row if army else "no side shown favoured" in row


def test_the_lab_compares_strengths_of_play_and_says_where_their_conclusions_differ() -> None:
    lab = BalanceLabPanel("attack-the-tower")
    lab.choose(first=("cavalry_power", "3"), armies="undead,bandits; bandits,undead", games=6, seed=2)
    assert not any(dropdown.disabled for dropdown in lab.form.policies)
    lab.choose(strengths="random, greedy")
    assert all(dropdown.disabled for dropdown in lab.form.policies)  # the strengths play every seat
    lab.run()
    result = lab.wait(120)
    assert result is not None and result.complete and list(result.spec.strengths) == ["random", "greedy"]
    assert len(result.summary) == 4 and set(result.summary["strength"]) == {"random", "greedy"}
    assert "share of the games somebody won (draws favour nobody) at each strength" in lab.chart_note
    assert "<svg" in lab.chart_view.value
    table = lab.table.value
    assert "does the conclusion depend on how well the game is played?" in table
    assert "undead v bandits" in table and "bandits v undead" in table
    # the pair over both seats, at each strength (its two cells added up)
    assert "each pair of armies over both seats" in table
    assert table.count("undead v bandits, both seats: undead won") == 2
    # and whether the pair's answer is the same at both strengths, beside each of its rows
    matchups = table.split("each pair of armies over both seats")[1].split("</table>")[0]
    (pair,) = compare_matchup_strengths(both_seats(result.summary), ["random", "greedy"]).to_dict(orient="records")
    # these seeded games: random play cannot tell a side, greedy play favours the bandits
    assert (pair["random_favours"], pair["greedy_favours"], pair["agreement"]) == ("neither", "bandits", "unsettled")
    assert "the same at every strength?" in matchups and matchups.count(">not settled<") == 2
    for record in compare_strengths(result.spec, result.summary).to_dict(orient="records"):
        assert f"<b>{AGREEMENT_CELLS[agreement_shown(record, list(result.spec.strengths))]}</b>" in table
    assert "turns: median (10% to 90%)" in table
    # the cells' table counts every game, draws too: not the chart's share of the decided games
    assert "one row a cell at each strength: wins and the win rate over all its games" in table
    assert "share of the games somebody won" not in table.split("each pair of armies over both seats")[1]
    spec = SweepSpec(
        game="attack-the-tower",
        vary={"cavalry_power": [3]},
        armies=["undead,bandits", "bandits,undead"],
        strengths=["random", "greedy"],
        games=6,
        seed=2,
    )
    pd.testing.assert_frame_equal(result.summary, run_sweep(spec, in_process=True).summary)


def test_strengths_that_agree_only_in_showing_no_side_are_not_a_green_yes() -> None:
    # every game a draw at a turn limit of 1: no strength shows a side, so there is no conclusion to agree on
    spec = SweepSpec(game="attack-the-tower", strengths=["random", "greedy"], rules={"turn_limit": 1}, games=2, seed=0)
    summary = run_sweep(spec, in_process=True).summary
    assert (summary["draws"] == summary["games"]).all()
    table = strengths_html(spec, summary)
    assert "<b>none can tell yet</b>" in table and "<b>yes</b>" not in table
