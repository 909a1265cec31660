"""The balance lab's parts without widgets: choices read as the command line reads them and refused in the
sweep spec's words, the axes and charts a grid gets, the table's columns, export names, and the watch that
hands a run over once."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import pandas as pd
import pytest

from explorer.balance_lab.charts import compare_chart, dimensions, win_rate_chart
from explorer.balance_lab.choices import LabChoices, Refused, split_list
from explorer.balance_lab.exports import export_path
from explorer.balance_lab.form import LabForm
from explorer.balance_lab.tables import columns_shown, summary_html
from explorer.balance_lab.watch import SweepWatch
from rules.sweeps import SweepSpec, run_sweep, start_sweep


def test_choices_make_the_spec_the_command_line_would() -> None:
    chosen = LabChoices(
        "attack-the-tower",
        (("cavalry_power", "2, 3"), ("max_burns", "none")),
        policies=("greedy", "planner"),
        armies="undead,westerners; westerners,undead",
        overrides="none; undead.ghost.special_troop.power=3",
        games=4,
        seed=9,
    )
    spec = chosen.spec()
    assert spec.vary == {"cavalry_power": (2, 3), "max_burns": (None,)}
    assert spec.armies == (("undead", "westerners"), ("westerners", "undead"))
    assert len(spec.overrides) == 2 and spec.overrides[0] == () and spec.overrides[1][0].value == 3
    assert spec.seat_policies() == ("greedy", "planner") and spec.games == 4 and spec.seed == 9
    assert split_list(" a ;\n b;; ") == ["a", "b"]


@pytest.mark.parametrize(
    ("chosen", "words"),
    [
        (LabChoices("the-tower", (("starting_hpp", "6"),)), "starting_hpp: the rules have no such field; did you mean"),
        (LabChoices("the-tower", (("starting_hp", "6"), ("starting_hp", "7"))), "starting_hp is chosen twice"),
        (LabChoices("the-tower", (("starting_hp", " , "),)), "give its values separated by commas"),
        (LabChoices("the-tower", (("starting_hp", "6,6"),)), "starting_hp values: lists a value twice"),
        # named by the tab's own labels, not the sweep's fields or the command line's options
        (LabChoices("attack-the-tower", (), overrides="nonsense"), "card variants: takes ARMY.CARD.FIELD=VALUE"),
        (LabChoices("attack-the-tower", (), armies="undead,orcs"), "army pairs: undead,orcs is not a pair"),
        (LabChoices("attack-the-tower", (), armies="undead; bandits"), "army pairs: 'undead' is not a pair of armies"),
        (LabChoices("the-tower", policies=("planner",)), "no policy 'planner'; policies: random, greedy"),
        (LabChoices("tower-defense", players=5), "players: must be at most 4"),
        (LabChoices("attack-the-tower", overrides="undead.ghost=3"), "takes ARMY.CARD.FIELD=VALUE"),
        (LabChoices("tower-defense", overrides="standard.1.build_cost=-2"), "must be a whole number from 0 to 1,000"),
        (LabChoices("tower-defense", scenarios=("beginner", "expert")), "no scenario 'expert'; scenarios: beginner"),
        (LabChoices("chess"), "no game 'chess'"),
    ],
)
def test_bad_choices_are_refused_in_words(chosen: LabChoices, words: str) -> None:
    with pytest.raises(Refused) as refusal:
        chosen.spec()
    assert words in str(refusal.value)
    assert "pydantic" not in str(refusal.value) and "validation error" not in str(refusal.value)


def _summary(spec: SweepSpec) -> pd.DataFrame:
    return run_sweep(spec, in_process=True).summary


def test_armies_and_card_variants_are_axes_and_three_axes_draw_the_first_two() -> None:
    spec = SweepSpec(
        game="attack-the-tower",
        armies=["undead,bandits", "bandits,undead"],
        overrides=["none", "undead.ghost.special_troop.power=3"],
        vary={"cavalry_power": [2, 3]},
        policies=["random"],
        games=1,
    )
    summary = _summary(spec)
    axes = dimensions(spec, summary)
    assert [a.name for a in axes] == ["armies", "card variant", "cavalry_power"]
    assert axes[0].labels[:4] == ["undead v bandits"] * 4 and axes[1].labels[2] == "undead.ghost.special_troop.power=3"
    assert axes[2].numbers == [2.0, 3.0] * 4
    chart, note = win_rate_chart(spec, summary)
    assert chart.svg.startswith("<svg") and "at cavalry_power=2 (the table shows every cell)" in note
    shown = columns_shown(spec, summary)
    assert shown[:4] == ["army_0", "army_1", "override", "cavalry_power"] and "draws" in shown
    assert "player 1 win rate" in summary_html(spec, summary)


def test_a_value_that_is_none_labels_its_axis_and_one_cell_still_draws() -> None:
    spec = SweepSpec(game="the-tower", vary={"hand_limit": [None, 8]}, policies=["random"], games=2)
    summary = _summary(spec)
    (axis,) = dimensions(spec, summary)
    assert axis.labels == ["none", "8"] and axis.numbers is None
    table = summary_html(spec, summary)
    assert ">none</td>" in table and ">8</td>" in table and "8.0" not in table
    one = SweepSpec(game="the-tower", policies=["random"], games=2)
    chart, note = win_rate_chart(one, _summary(one))
    assert chart.svg.startswith("<svg") and note == "win rate with its Wilson 95% interval"
    with pytest.raises(ValueError, match="no cell has finished"):
        win_rate_chart(one, _summary(one).iloc[0:0])


def test_sweeps_put_together_compare_on_one_chart() -> None:
    parts = [
        _summary(SweepSpec(game="tower-defense", players=players, policies=[policy], games=1))
        for players in (1, 2)
        for policy in ("random", "simple")
    ]
    together = pd.concat(parts, ignore_index=True)
    assert compare_chart(together, "players", "policy").svg.startswith("<svg")
    assert compare_chart(together, "players", "policy", y="mean_turns") != compare_chart(together, "players", "policy")
    with pytest.raises(KeyError):
        compare_chart(together, "wave_every", "policy")


def test_export_names_take_the_formats_suffix(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert export_path("results", "csv") == tmp_path / "results.csv"
    assert export_path("results.csv", "parquet") == tmp_path / "results.parquet"
    assert export_path("run.2026", "csv") == tmp_path / "run.2026"
    assert export_path("sub/../my results.CSV", "csv") == tmp_path / "my results.csv"
    with pytest.raises(ValueError, match="give a file name"):
        export_path("  ", "csv")
    with pytest.raises(ValueError, match="exports are csv or parquet"):
        export_path("x", "xlsx")


@pytest.mark.parametrize("name", ["{tmp}", "{tmp}/", ".", "..", "new-folder/"])
def test_a_folder_is_refused_as_an_export_name(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError, match=r"is a folder: give a file name in it, e\.g\. /"):
        export_path(name.format(tmp=tmp_path), "csv")


@pytest.mark.parametrize("name", ["my results.xlsx", "games.json", "notes.TXT"])
def test_the_name_of_another_kind_of_file_is_refused(name: str) -> None:
    with pytest.raises(ValueError, match=r"names a \.\w+ file, but this export writes CSV: name it '"):
        export_path(name, "csv")


class ManualTimer:
    """A timer that fires only when the test says so (the watch's looks, one at a time)."""

    made: ClassVar[list[ManualTimer]] = []

    def __init__(self, _seconds: float, action: Any) -> None:
        self.action = action
        self.daemon = False
        self.cancelled = False
        ManualTimer.made.append(self)

    def start(self) -> None:
        pass

    def cancel(self) -> None:
        self.cancelled = True


def test_the_watch_reports_progress_and_hands_the_run_over_once() -> None:
    spec = SweepSpec(game="the-tower", vary={"starting_hp": [6, 14]}, policies=["random"], games=3)
    run = start_sweep(spec, in_process=True, chunk=1)
    seen: list[int] = []
    ended: list[object] = []
    watch = SweepWatch(run, lambda p: seen.append(p.games_done), ended.append, timer=ManualTimer)
    ManualTimer.made.clear()
    watch.start()
    assert watch.wait(60) and ended == [run] and watch.finished
    for timer in ManualTimer.made:  # a look after the end (from a timer left over, or a poll) hands nothing over
        timer.action()  # again (a run fast enough to end before the first look leaves no timer)
    watch.poll()
    assert ended == [run] and seen[-1] == 6 and seen == sorted(seen)


def test_the_cells_table_gives_a_median_of_turns_as_the_strengths_table_does() -> None:
    # a median of an even number of games may end in .5: "10.5" in both tables (the cells' said "10", by rounding)
    spec = SweepSpec(game="attack-the-tower", policies=["greedy"], games=2)
    summary = pd.DataFrame([{"game": "attack-the-tower", "games": 2, "turns_median": 10.5, "turns_p10": 3.0}])
    summary["turns_p90"] = 15.0
    assert ">10.5 (3 to 15)</td>" in summary_html(spec, summary)


def test_switching_the_game_and_back_gives_back_that_game_s_choices() -> None:
    """A click on the game menu used to empty the army pairs, card variants and strengths, and reset the values."""
    form = LabForm("attack-the-tower")
    form.armies.value = "undead,bandits; bandits,undead"
    form.overrides.value = "undead.ghost.special_troop.power=3"
    form.strengths.value = "planner, tuned"
    form.values[0].value = "2,4"
    chosen = [control.value for control in (form.fields[0], form.policies[0])]
    form.game.value = "the-tower"
    assert form.armies.value == "" and form.strengths.value == ""  # the other game's own (empty) choices
    form.game.value = "attack-the-tower"
    assert (form.armies.value, form.overrides.value) == (
        "undead,bandits; bandits,undead",
        "undead.ghost.special_troop.power=3",
    )
    assert (form.strengths.value, form.values[0].value) == ("planner, tuned", "2,4")
    assert [form.fields[0].value, form.policies[0].value] == chosen
