"""`tower-rules <game> sweep`: the same numbers as the Python API, on a real Dask scheduler too; designers'
army files swept and, when malformed, refused; bad input refused in one line with no traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest
from distributed import LocalCluster

from rules.attack_the_tower.catalog import parse_army
from rules.cli import main
from rules.core.errors import IllegalPosition, MalformedFile
from rules.sweeps.runner import run_sweep
from rules.sweeps.spec import SweepSpec
from tests.sweeps.helpers import GAMES, OVERRIDE, cavalry_spec

ROOT = Path(__file__).resolve().parents[2]
UNDEAD = ROOT / "rules" / "attack_the_tower" / "data" / "undead.json"
SWEEP = ["attack-the-tower", "sweep", "--vary", "cavalry_power=2,3,4", "--armies", "undead,westerners"]
SWEEP += ["--override", OVERRIDE, "--games", str(GAMES), "--seed", "7", "--no-progress"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_cli_on_a_scheduler_gives_the_numbers_of_python(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, dask_cluster: LocalCluster
) -> None:
    out_file = tmp_path / "rows.parquet"
    code, out, err = run(
        capsys, *SWEEP, "--scheduler", dask_cluster.scheduler_address, "--out", str(out_file), "--json"
    )
    assert code == 0, err
    printed = json.loads(out)
    python = run_sweep(cavalry_spec(), in_process=True)
    assert printed["summary"] == json.loads(python.summary.to_json(orient="records"))
    assert [row["cavalry_power"] for row in printed["summary"]] == [2, 3, 4]
    pd.testing.assert_frame_equal(pd.read_parquet(out_file), python.games)


def test_the_cli_prints_one_line_per_cell_and_writes_csv(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_file = tmp_path / "rows.csv"
    code, out, _ = run(capsys, *SWEEP, "--in-process", "--out", str(out_file), "--cache", str(tmp_path / "cache"))
    assert code == 0
    lines = out.splitlines()
    assert (
        lines[0]
        == f"attack-the-tower: 3 cells played by planner against planner, {3 * GAMES} games played, 0 from the cache"
    )
    assert lines[1].startswith(f"undead vs westerners, cavalry_power=2, {OVERRIDE}: player 1 ")
    assert "95% CI" in lines[1] and "draws" in lines[1]
    rows = pd.read_csv(out_file)
    assert len(rows) == 3 * GAMES and list(rows["cavalry_power"].unique()) == [2, 3, 4]
    code, out, _ = run(capsys, *SWEEP, "--in-process", "--cache", str(tmp_path / "cache"))
    assert (
        out.splitlines()[0]
        == f"attack-the-tower: 3 cells played by planner against planner, 0 games played, {3 * GAMES} from the cache"
    )


def copied_army(tmp_path: Path, change: dict[str, int], text: str | None = None) -> Path:
    """The shipped Undead copied to a designer's file, with some bases' copies changed."""
    data = json.loads(UNDEAD.read_text("utf-8"))
    for base in data["bases"]:
        base["copies"] = change.get(base["id"], base["copies"])
    path = tmp_path / "my-undead.json"
    path.write_text(text if text is not None else json.dumps(data), "utf-8")
    return path


def test_a_designers_army_file_sweeps_the_same_from_the_cli_and_python(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    army_file = copied_army(tmp_path, {"undead.graveyard": 6, "undead.crypt": 7})
    argv = ["attack-the-tower", "sweep", "--army-file", str(army_file), "--armies", "undead,bandits"]
    code, out, err = run(capsys, *argv, "--games", "2", "--in-process", "--json", "--no-progress")
    assert code == 0, err
    spec = SweepSpec(game="attack-the-tower", army_files=[army_file], armies="undead,bandits", games=2)
    python = run_sweep(spec, in_process=True)
    assert json.loads(out)["summary"] == json.loads(python.summary.to_json(orient="records"))
    assert list(python.summary["army_files"]) == ["undead"]
    shipped = run_sweep(spec.model_copy(update={"army_files": ()}), in_process=True)
    assert list(shipped.games["seed"]) != list(python.games["seed"]), "the cards are part of what seeds a cell"


def test_a_malformed_army_file_is_refused_in_words(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    too_many = copied_army(tmp_path, {"undead.graveyard": 8})
    code, out, err = run(capsys, "attack-the-tower", "sweep", "--army-file", str(too_many), "--in-process")
    assert code == 2 and out == ""
    assert "the Undead base deck holds 26 cards; the rulebook (004) says 25" in err and "Traceback" not in err
    with pytest.raises(IllegalPosition, match="base deck holds 26 cards"):
        SweepSpec(game="attack-the-tower", army_files=[too_many])
    broken = copied_army(tmp_path, {}, text='{"id": "undead", "bases": [')
    code, _, err = run(capsys, "attack-the-tower", "sweep", "--army-file", str(broken), "--in-process")
    assert code == 2 and err.startswith("error: ") and "is not valid JSON" in err
    with pytest.raises(MalformedFile):
        SweepSpec(game="attack-the-tower", army_files=[broken])


def test_an_army_file_may_add_an_army(tmp_path: Path) -> None:
    data = json.loads(UNDEAD.read_text("utf-8").replace('"undead', '"ghouls'))
    army = parse_army(json.dumps(data), source="ghouls")
    spec = SweepSpec(game="attack-the-tower", army_files=[army], armies="ghouls,bandits", games=1)
    result = run_sweep(spec, in_process=True)
    assert list(result.games["army_0"]) == ["ghouls"] and result.complete


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--vary", "cavalry_power"], "--vary takes FIELD=VALUE,VALUE..."),
        (["--vary", "cavalry_power=2", "--vary", "cavalry_power=3"], "--vary cavalry_power is given twice"),
        (["--vary", "cavalry_powr=2"], "did you mean cavalry_power?"),
        (["--vary", "cavalry_power=2,x"], "cavalry_power: must be a whole number"),
        (["--games", "0"], "--games takes a whole number from 1 to 100,000, not 0"),
        (["--games", "10000000000000000"], "that one is too long"),
        (["--workers", "0"], "--workers takes a whole number from 1 to 64"),
        (["--workers", "2", "--scheduler", "tcp://127.0.0.1:1"], "not allowed with argument"),
        (["--out", "rows.txt"], "--out writes .parquet or .csv files, not 'rows.txt'"),
        (["--override", "undead.ghost.special_troop.power=x"], "must be a whole number"),
        # a card number is bounded as a rules number is, and the card is named as the override names it
        (
            ["--override", "undead.ghost.special_troop.power=999999999"],
            "undead.ghost.special_troop.power: must be at most 1000",
        ),
        (["--override", "undead.lich.effects.0.delta=-1001"], "undead.lich.effects.0.delta: must be at least -1000"),
        (["--override", "undead.workshop.copies=0"], "undead.workshop.copies: must be at least 1"),
        (
            ["--override", "undead.ghost.special_troop.power=3,undead.ghost.special_troop.power=4"],
            "sets undead.ghost.special_troop.power twice; give it one value",
        ),
        # each problem named by the option typed, not by the sweep's field
        (["--policy", "planner", "--policy", "planner"], "error: --policy: lists planner twice"),
        (["--policy", "bogus"], "error: --policy: no policy 'bogus'"),
        (["--vary", "cavalry_power=2,2"], "error: --vary cavalry_power: lists a value twice"),
        (["--override", "undead"], "error: --override: takes ARMY.CARD.FIELD=VALUE"),
        (["--armies", "undead"], "'undead' is not a pair of armies: two army ids joined by a comma"),
        # two halves given one by one are two bad pairs, not one pair (a list of two ids was read as a pair)
        (["--armies", "undead", "--armies", "bandits"], "'undead' is not a pair of armies"),
        (["--policy2", "random"], "give --policy for player 1 too"),
    ],
)
def test_bad_input_is_one_line_without_traceback(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    code, out, err = run(capsys, "attack-the-tower", "sweep", "--in-process", "--no-progress", *argv)
    assert code == 2 and out == ""
    assert words in err and "Traceback" not in err


def test_out_is_refused_before_any_game_when_it_would_replace_a_file_or_has_no_folder(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Nothing already written is lost, and no game is played for rows that could not be written."""
    earlier = tmp_path / "rows.csv"
    earlier.write_text("kept\n")
    for out, words in ((earlier, "something is already there"), (tmp_path / "no" / "rows.csv", "there is no folder")):
        cache = tmp_path / "cache"
        code, printed, err = run(capsys, *SWEEP, "--in-process", "--cache", str(cache), "--out", str(out))
        assert code == 2 and printed == "" and "Traceback" not in err
        assert f"cannot write the rows (--out) to {out}: {words}" in err
        assert not cache.exists()  # no cell was played (a played cell is kept in the cache)
    assert earlier.read_text() == "kept\n"


def test_each_line_names_what_sets_its_cell_apart_at_every_strength(capsys: pytest.CaptureFixture[str]) -> None:
    """Two card variants at two strengths: the strengths' section names each variant (it printed two rows under
    one label), as the cells' and the matchups' lines do."""
    argv = ["attack-the-tower", "sweep", "--policy", "planner", "--policy", "greedy", "--armies", "undead,bandits"]
    argv += ["--override", "none", "--override", OVERRIDE, "--games", "1", "--in-process", "--no-progress"]
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    section = out.split("does the conclusion depend on the play?")[1].splitlines()[2:]
    labels = [line.split(":")[0].strip() for line in section]
    assert labels == ["undead vs bandits", f"undead vs bandits, {OVERRIDE}"]
    code, out, err = run(
        capsys, "tower-defense", "sweep", "--policy", "coop", "--policy", "planner", "--scenario", "beginner",
        "--scenario", "eight-waves", "--players", "1", "--set", "turn_limit=2", "--games", "1", "--in-process",
    )  # fmt: skip
    assert code == 0, err
    section = out.split("does the conclusion depend on the play?")[1].splitlines()[2:]
    assert [line.split(" (")[0].strip() for line in section] == ["beginner", "eight-waves"]


def test_a_cell_set_apart_by_nothing_is_named_by_the_rules_it_is_played_under(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["the-tower", "sweep", "--games", "1", "--in-process", "--no-progress"]
    code, out, err = run(capsys, *argv, "--set", "damage_per_floor=3")
    assert code == 0, err
    assert out.splitlines()[1].startswith("damage_per_floor=3: won ")  # it said "default rules"
    code, out, err = run(capsys, *argv)
    assert out.splitlines()[1].startswith("default rules: won ")


def test_the_armies_read_from_files_are_named_and_one_no_cell_plays_is_pointed_out(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = json.loads(UNDEAD.read_text("utf-8"))
    data["id"] = "ghouls"
    for card in data["bases"] + data["abilities"]:
        card["id"] = "ghouls." + card["id"].split(".", 1)[1]
    (tmp_path / "ghouls.json").write_text(json.dumps(data), "utf-8")
    argv = ["attack-the-tower", "sweep", "--army-file", str(tmp_path / "ghouls.json"), "--games", "1"]
    code, out, err = run(capsys, *argv, "--in-process", "--no-progress")
    assert code == 0, err
    assert out.splitlines()[1:3] == [
        "armies read from --army-file: ghouls",
        "  played by no cell: ghouls (--armies names the pairs played)",
    ]
    code, out, err = run(capsys, *argv, "--armies", "ghouls,bandits", "--in-process", "--no-progress")
    assert out.splitlines()[1] == "armies read from --army-file: ghouls" and "played by no cell" not in out


def test_every_game_sweeps_from_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, "the-tower", "sweep", "--vary", "starting_hp=6,14", "--policy", "greedy", "--games", "3", "--in-process"
    )
    assert code == 0, err
    assert out.splitlines()[1].startswith("starting_hp=6: won ") and "a game, mean floor reached " in out
    code, out, err = run(
        capsys, "tower-defense", "sweep", "--players", "1", "--games", "1", "--set", "turn_limit=3", "--in-process"
    )
    assert code == 0, err
    assert out.splitlines()[1].startswith("beginner (1/1/1/1/2/2): won ") and "floor" not in out
    strong = "standard.1.damage_by_level.0=8"
    code, out, err = run(
        capsys,
        "tower-defense",
        "sweep",
        "--players",
        "1",
        "--games",
        "1",
        "--set",
        "turn_limit=3",
        "--override",
        strong,
        "--scenario",
        "eight-waves",
        "--in-process",
    )
    assert code == 0, err
    assert out.splitlines()[1].startswith(f"eight-waves (1/1/2/2/2/2/3/3), {strong}: won ")


def test_rows_that_cannot_be_written_are_refused_after_the_summary_is_printed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full disk once every game was played used to lose the summary too: only the refusal was printed."""

    def full_disk(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("rules.sweeps.frames.write_frame", full_disk)
    argv = ("--games", "4", "--out", str(tmp_path / "rows.csv"))
    code, out, err = run(capsys, "attack-the-tower", "sweep", "--in-process", "--no-progress", *argv)
    assert code == 2 and "No space left on device" in err
    assert "games played" in out  # the summary, printed before the refusal
