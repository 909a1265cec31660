"""A whole balance: the same result in one process, on two local workers, on a real Dask scheduler on 127.0.0.1
and from the command line; its check on fresh deals; its answer as army files; a stop heard."""

from __future__ import annotations

import dataclasses
import json
import shlex
from pathlib import Path
from typing import Any

import pytest
from distributed import LocalCluster

from explorer.balance_lab.balance_words import REPORT_NAMES
from rules.attack_the_tower.balancing import SUGGESTED
from rules.attack_the_tower.catalog import load_army_file
from rules.balance.plan import VERIFY_STAGE, BalanceSpec, plan
from rules.balance.report import borne_out
from rules.balance.run import BalanceResult, run_balance
from rules.cli import build_parser, main
from rules.sweeps.cli import spec_from
from tests.balance.helpers import CLI, comparable, small_spec


@pytest.fixture(scope="module")
def balance_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The cache the small balance played in this process wrote (a run again reads every game from it)."""
    return tmp_path_factory.mktemp("balance-cache")


@pytest.fixture(scope="module")
def in_process(balance_cache: Path) -> BalanceResult:
    return run_balance(small_spec(), in_process=True, cache=balance_cache)


def test_the_result_holds_the_check_beside_the_search(in_process: BalanceResult) -> None:
    spec = in_process.spec
    data = in_process.to_json()
    assert set(data["before"]) == {"undead v bandits"}
    before = in_process.before["undead v bandits"]
    assert before.trials + before.draws == 2 * spec.verify_games
    assert in_process.search_played >= 2 * sum(spec.stages)  # the rules as they are, measured whole
    assert len(in_process.candidates) >= 2 and in_process.front
    assert in_process.candidates[0].choice == {} and in_process.candidates[0].whole
    searched = {
        p.cell.key for c in in_process.candidates for s, g in enumerate(spec.stages) for p in plan(spec, c.choice, s, g)
    }
    checked = {p.cell.key for p in plan(spec, {}, VERIFY_STAGE, spec.verify_games)}
    assert not searched & checked  # fresh deals
    assert in_process.before_games is not None and len(in_process.before_games) == 2 * spec.verify_games
    assert "cards" in in_process.before_games


def test_the_report_gives_the_card_table_of_the_army_that_moved_most(in_process: BalanceResult) -> None:
    text = in_process.report(timed=False)
    assert in_process.answer is not None  # the small balance finds one (its cards change the Undead)
    heading = next(line for line in text.splitlines() if "the army that moved most" in line)
    army = heading.split()[2].rstrip(",")
    rows = text.split(heading, 1)[1].splitlines()[2:]
    assert army == "undead" and rows[0].split()[0].startswith("undead.")  # its cards, most played first


def test_the_search_spends_about_its_budget(in_process: BalanceResult) -> None:
    spec = in_process.spec
    one_candidate = 2 * sum(spec.stages)
    assert in_process.search_played <= spec.budget + one_candidate
    assert sum(c.played for c in in_process.candidates) == in_process.search_played


def test_two_local_workers_give_the_same_result(in_process: BalanceResult) -> None:
    assert comparable(run_balance(small_spec(), workers=2).to_json()) == comparable(in_process.to_json())


def test_a_dask_scheduler_gives_the_same_result(in_process: BalanceResult, dask_cluster: LocalCluster) -> None:
    found = run_balance(small_spec(), scheduler=dask_cluster.scheduler_address)
    assert comparable(found.to_json()) == comparable(in_process.to_json())


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_command_line_prints_the_same_result_and_writes_the_answer(
    in_process: BalanceResult,
    balance_cache: Path,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    dask_cluster: LocalCluster,
) -> None:
    code, out, _ = run_cli(
        capsys, *CLI, "--scheduler", dask_cluster.scheduler_address, "--json", "--out", str(tmp_path / "answer")
    )
    assert code == 0
    data: dict[str, Any] = json.loads(out)
    assert comparable(data) == comparable(
        {**in_process.to_json(), "files": data["files"], "play_the_answer": data["play_the_answer"]}
    )
    if in_process.answer is not None:
        army = load_army_file(tmp_path / "answer" / "undead.json")
        changed = [a for a in army.abilities if a.source.startswith(SUGGESTED)]
        assert {f"{a.id}" for a in changed} == {".".join(k.split(".")[:2]) for k in in_process.changes}
    code, out, _ = run_cli(capsys, *CLI, "--in-process", "--cache", str(balance_cache))
    assert code == 0 and "Pareto front" in out and "games: search" in out and "before" in out
    assert "0 played + " in out  # every game read back from the cache the run in this process wrote


def test_a_cache_makes_a_second_run_play_nothing(balance_cache: Path, in_process: BalanceResult) -> None:
    assert in_process.search_played > 0 and in_process.search_cached == 0
    again = run_balance(small_spec(), in_process=True, cache=balance_cache)
    assert again.search_played == 0 and again.verify_played == 0 and again.search_cached > 0
    answers = [r.to_json()["answer"] for r in (again, in_process)]
    for answer in answers:
        if answer is not None:
            answer.pop("games_played")  # the games the search played for it: none the second time
    assert answers[0] == answers[1]
    assert again.to_json()["after"] == in_process.to_json()["after"]


def test_a_stop_ends_the_search_and_checks_nothing() -> None:
    asked = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) > 3

    found = run_balance(small_spec(budget=10_000), in_process=True, stop=stop)
    assert not found.complete and not found.before and found.search_played < 10_000


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--tune", "cavalry_power"], "--tune: 'cavalry_power': takes NAME=LO..HI"),
        (["--tune", "undead.ghost.special_troop.power=9..12"], "must include the current value 2"),
        (["--tune", "cavalri_power=2..4"], "did you mean cavalry_power?"),
        (["--armies", "undead,orcs"], "no army 'orcs'"),
        (["--stages", "4,x"], "--stages takes a whole number"),
        (["--target", "1.5"], "--target takes a number from 0.01 to 0.99"),
    ],
)
def test_bad_options_are_refused_in_words_without_a_traceback(
    capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    code, out, err = run_cli(capsys, "attack-the-tower", "balance", "--in-process", *args)
    assert code == 2 and words in err and "Traceback" not in err and out == ""


def test_a_budget_below_one_whole_measurement_is_exceeded_and_the_report_says_why() -> None:
    spec = BalanceSpec(game="the-tower", policy="random", budget=5, stages=(2, 4), verify_games=0, seed=1)
    result = run_balance(spec, in_process=True)
    assert result.search_played == 6  # the rules as they are, measured whole: 2 + 4 games
    line = result.report(timed=False).splitlines()[-1]
    assert "6 played + 0 from the cache (1 over the --budget of 5: a stage under way is finished" in line
    assert " over 1 candidate (0 single changes screened" in line
    assert "not checked on fresh games (--verify-games is 0)" in result.report(timed=False)
    # the balance tab's report speaks of its own boxes, where the command line's speaks of its options
    in_the_tab = result.report(timed=False, named=REPORT_NAMES)
    assert "(1 over the 'budget (games)' of 5" in in_the_tab and "('check games' is 0)" in in_the_tab
    assert "--" not in in_the_tab


def test_an_out_folder_left_empty_for_want_of_an_answer_is_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # random play never wins The Tower: no change comes closer to 50%, so there is no answer to write
    argv = ["the-tower", "balance", "--policy", "random", "--budget", "6", "--stages", "2,4", "--verify-games", "0"]
    assert main([*argv, "--in-process", "--no-progress", "--out", str(tmp_path / "answer")]) == 0
    out = capsys.readouterr().out
    assert "answer: no candidate measured whole came closer" in out
    assert f"nothing written in {tmp_path / 'answer'}: no change came closer" in out
    assert not (tmp_path / "answer").exists()  # the folder the run made for the answer is not left behind
    (tmp_path / "mine").mkdir()  # a folder the designer made stays
    assert main([*argv, "--in-process", "--no-progress", "--out", str(tmp_path / "mine")]) == 0
    assert (tmp_path / "mine").is_dir() and list((tmp_path / "mine").iterdir()) == []


def test_an_out_folder_holding_an_earlier_answer_is_refused_before_any_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "rules.json").write_text('{"starting_hp": 9}\n')
    argv = ["the-tower", "balance", "--policy", "random", "--budget", "6", "--stages", "2,4", "--in-process"]
    assert main([*argv, "--no-progress", "--out", str(tmp_path)]) == 2
    _, err = capsys.readouterr()
    assert "already holds files of the kinds an answer writes (rules.json)" in err and "Traceback" not in err
    assert (tmp_path / "rules.json").read_text() == '{"starting_hp": 9}\n'


def test_the_report_prints_the_sweep_that_plays_the_written_answer(in_process: BalanceResult, tmp_path: Path) -> None:
    assert in_process.answer is not None  # the small seeded search finds one
    result = dataclasses.replace(in_process, files=[])
    written = result.write(tmp_path)
    line = result.report(timed=False).splitlines()[-1]
    policy = result.spec.seat_policy()
    armies = " ".join(f"--army-file {path}" for path in written if not path.endswith("rules.json"))
    assert line.startswith(f"play the answer: tower-rules attack-the-tower sweep --policy {policy} {armies}")
    assert result.to_json()["play_the_answer"] == [line.removeprefix("play the answer: ")]
    # the command plays what the balance's check measured: its policy, each pair in both seats, its games a cell
    args = build_parser().parse_args(shlex.split(line.removeprefix("play the answer: "))[1:])
    sweep = spec_from(args)
    assert sweep.seat_policies() == (policy, policy) and sweep.games == result.spec.verify_games
    pairs = [p.cell.armies for p in plan(result.spec, {}, VERIFY_STAGE, 1) if p.cell.armies is not None]
    assert sorted(sweep.armies) == sorted(pairs) == [("bandits", "undead"), ("undead", "bandits")]


def test_files_the_check_does_not_bear_out_are_written_with_a_warning(
    in_process: BalanceResult, tmp_path: Path
) -> None:
    assert in_process.answer is not None and borne_out(in_process) is True  # the small seeded search's answer holds
    # the same answer with the check's two sides swapped: its fresh games now point the other way
    doubted = dataclasses.replace(in_process, files=[], before=in_process.after, after=in_process.before)
    assert borne_out(doubted) is False
    doubted.write(tmp_path / "doubted")
    lines = doubted.report(timed=False).splitlines()
    files = next(i for i, line in enumerate(lines) if line.startswith("files: "))
    assert lines[files + 1].startswith("  (written as asked, but the check's fresh games do not bear the answer out")
    held = dataclasses.replace(in_process, files=[])
    held.write(tmp_path / "held")
    assert "do not bear the answer out" not in held.report(timed=False)


def test_an_answer_that_cannot_be_written_is_refused_after_the_report_is_printed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full disk at the end of a long balance used to lose the whole report: only the refusal was printed."""

    def full_disk(self: BalanceResult, folder: str | Path) -> list[Path]:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(BalanceResult, "write", full_disk)
    code, out, err = run_cli(capsys, *CLI, "--in-process", "--out", str(tmp_path / "answer"))
    assert code == 2 and "No space left on device" in err
    assert out.startswith("attack-the-tower balance at greedy") and "candidates" in out  # the report, printed first


def test_rules_already_within_the_tolerance_need_no_change(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The fewest changes within the tolerance is none: a balance used to answer with a change even when the rules as
    they are were already there (random play never wins The Tower: 0% is within 5 points of a 2% target)."""
    spec = BalanceSpec(game="the-tower", policy="random", target=0.02, tolerance=0.05, budget=12, stages=(2, 4))
    result = run_balance(spec.model_copy(update={"verify_games": 0}), in_process=True)
    assert len(result.candidates) > 1 and any(c.whole and c.changes for c in result.candidates)  # changes were tried
    assert result.needs_no_change and result.answer is None and result.to_json()["needs_no_change"] is True
    assert "answer: none needed: the rules as they are are already within the tolerance" in result.report(timed=False)
    argv = ["the-tower", "balance", "--policy", "random", "--target", "0.02", "--budget", "12", "--stages", "2,4"]
    assert main([*argv, "--verify-games", "0", "--in-process", "--no-progress", "--out", str(tmp_path / "a")]) == 0
    assert f"nothing written in {tmp_path / 'a'}: no change is needed" in capsys.readouterr().out
