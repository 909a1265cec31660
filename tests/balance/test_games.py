"""The balancer on the other two games: Tower Defense's win rate at each number of players, The Tower's at a
policy; what is measured and what an answer may change."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from rules.balance.answer import answer_folder, sweep_commands, write_answer
from rules.balance.plan import BalanceSpec, plan
from rules.balance.run import run_balance
from rules.cli import main
from rules.core.errors import CannotWrite


def test_tower_defense_is_measured_at_each_number_of_players() -> None:
    spec = BalanceSpec(
        game="tower-defense",
        players=[1, 2],
        knobs=["wave_every=2..6"],
        policy="coop",
        budget=8,
        stages=(2,),
        verify_games=2,
        seed=5,
    )
    assert spec.measures() == ["1 player", "2 players"]
    planned = plan(spec, {"wave_every": 6}, 0, 2)
    assert [p.cell.players for p in planned] == [1, 2] and all(p.cell.rules["wave_every"] == 6 for p in planned)
    found = run_balance(spec, in_process=True)
    assert set(found.before) == {"1 player", "2 players"}
    assert all(t.trials == 2 for t in found.before.values())
    for candidate in found.candidates:
        assert set(candidate.choice) <= {"wave_every"} and candidate.choice.get("wave_every", 3) in range(2, 7)


def test_a_tower_defense_answer_is_written_as_rules_and_card_overrides(tmp_path: Path) -> None:
    spec = BalanceSpec(game="tower-defense", knobs=["wave_every=2..6", "standard.1.damage_by_level.0=1..9"])
    knobs = spec.tuned()
    written = write_answer(tmp_path, knobs, {"wave_every": 4, knobs[1].name: 9}, "tower-defense")
    assert sorted(p.name for p in written) == ["overrides.txt", "rules.json"]
    assert (tmp_path / "overrides.txt").read_text().strip() == "standard.1.damage_by_level.0=9"


def test_the_tower_is_measured_at_its_policy() -> None:
    spec = BalanceSpec(
        game="the-tower", policy="greedy", knobs=["starting_hp=6..10"], budget=4, stages=(2,), verify_games=2, seed=2
    )
    assert spec.measures() == ["greedy"]
    found = run_balance(spec, in_process=True)
    assert found.before["greedy"].trials == 2 and found.candidates[0].choice == {}


def test_an_answer_is_not_written_over_an_earlier_one(tmp_path: Path) -> None:
    # loading a folder of two answers' files would mix them: the second answer is refused, the first kept whole
    spec = BalanceSpec(game="tower-defense", knobs=["wave_every=2..6", "standard.1.damage_by_level.0=1..9"])
    knobs = spec.tuned()
    write_answer(tmp_path, knobs, {"wave_every": 4, knobs[1].name: 9}, "tower-defense")
    before = {p.name: p.read_text() for p in tmp_path.iterdir()}
    with pytest.raises(
        CannotWrite, match=r"already holds files of the kinds an answer writes \(overrides.txt, rules.json\)"
    ):
        write_answer(tmp_path, knobs, {"wave_every": 5}, "tower-defense")
    assert {p.name: p.read_text() for p in tmp_path.iterdir()} == before
    (tmp_path / "empty").mkdir()
    assert [p.name for p in write_answer(tmp_path / "empty", knobs, {"wave_every": 5}, "tower-defense")] == [
        "rules.json"
    ]


def test_the_printed_sweep_commands_play_the_written_answer_at_each_table_size(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # no command reads rules.json: the report prints the sweeps that play the answer, its rules fields as --set,
    # one a number of players (a sweep plays one), on the balance's scenario and at its policy
    spec = BalanceSpec(
        game="tower-defense", knobs=["wave_every=2..6", "standard.1.damage_by_level.0=1..9"], players=(1, 2)
    )
    knobs = spec.tuned()
    written = write_answer(tmp_path, knobs, {"wave_every": 4, knobs[1].name: 9}, "tower-defense")
    commands = sweep_commands(spec, written, {"wave_every": 4}, "standard.1.damage_by_level.0=9")
    assert len(commands) == 2
    for players, command in zip((1, 2), commands, strict=True):
        words = shlex.split(command)
        assert words[:5] == ["tower-rules", "tower-defense", "sweep", "--policy", spec.seat_policy()]
        assert words[-4:] == ["--scenario", spec.scenario, "--players", str(players)]
        assert words[words.index("--games") + 1] == str(spec.verify_games)
        words[words.index("--games") + 1] = "1"
        assert main([*words[1:], "--in-process", "--json", "--no-progress"]) == 0
        cell = json.loads(capsys.readouterr().out)["summary"][0]
        assert cell["wave_every"] == 4 and cell["override"] == "standard.1.damage_by_level.0=9"
        assert cell["players"] == players


def test_an_answer_folder_that_cannot_be_read_is_refused_in_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def unreadable(self: Path) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "iterdir", unreadable)
    with pytest.raises(CannotWrite, match=r"cannot write the answer in .*: Permission denied"):
        answer_folder(tmp_path)
