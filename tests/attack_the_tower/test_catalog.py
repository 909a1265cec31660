"""The army catalog and a designer's own army file: copied from a shipped army, changed, loaded, played; refused
when malformed."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from explorer.attack_the_tower.explorer import Explorer
from rules.attack_the_tower import catalog, engine
from rules.attack_the_tower.cards import PowerChange
from rules.attack_the_tower.catalog import ability_card, army, army_ids, shipped_army
from rules.cli import main
from tests.timings import without_timings

SHIPPED = Path(catalog.__file__).parent / "data"

TOML_ARMY = (Path(__file__).parent / "testers-army.toml").read_text(encoding="utf-8")
"""A new army of two bases and one ability, in TOML."""


@pytest.fixture(autouse=True)
def shipped_armies_after() -> Iterator[None]:
    yield
    catalog.use_shipped_armies()


def undead_copy(tmp_path: Path, change: Any) -> Path:
    """The shipped Undead file, copied and changed by `change` (a function of the parsed JSON)."""
    data = json.loads((SHIPPED / "undead.json").read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / "my-undead.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def more_graveyards(data: dict[str, Any]) -> None:
    # 004 Setting up: "a deck with 25 Ability cards and 25 Base cards" - the total stays 25.
    bases = {b["id"]: b for b in data["bases"]}
    bases["undead.graveyard"]["copies"] += 2
    bases["undead.mansion"]["copies"] -= 2


def stronger_lich(data: dict[str, Any]) -> None:
    lich = next(a for a in data["abilities"] if a["id"] == "undead.lich")
    lich["effects"][0]["delta"] = -2


def test_every_shipped_army_is_an_army_file() -> None:
    for army_id in ("undead", "bandits", "westerners", "easterners"):
        assert catalog.load_army_file(SHIPPED / f"{army_id}.json") == shipped_army(army_id)


def test_a_copied_army_with_changed_copies_stands_in_for_the_shipped_one(tmp_path: Path) -> None:
    path = undead_copy(tmp_path, more_graveyards)
    assert catalog.use_army_files([path]) == ("undead",)
    pile = engine.new_game(("undead", "bandits")).players[0].base_pile
    assert pile.count("undead.graveyard") == shipped_army("undead").bases[0].copies + 2
    catalog.use_shipped_armies()
    assert engine.new_game(("undead", "bandits")).players[0].base_pile.count("undead.graveyard") == 7


def test_an_ability_number_changed_in_the_file_is_the_card_played(tmp_path: Path) -> None:
    catalog.use_army_files([undead_copy(tmp_path, stronger_lich)])
    effect = ability_card("undead.lich").effects[0]
    assert isinstance(effect, PowerChange) and effect.delta == -2


def test_a_new_army_in_toml_joins_the_armies_and_plays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "testers.toml"
    path.write_text(TOML_ARMY, encoding="utf-8")
    code, out, err = run(
        capsys, "attack-the-tower", "play", "--army-file", str(path), "--armies", "testers,undead", "--json"
    )
    assert code == 0, err
    result = json.loads(out)
    assert result["armies"] == ["testers", "undead"]
    assert "testers" in army_ids() and army("testers").name == "Testers"


def test_play_with_a_copied_army_file_from_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = undead_copy(tmp_path, more_graveyards)
    code, out, _ = run(capsys, "attack-the-tower", "play", "--army-file", str(path), "--seed", "2", "--json")
    assert code == 0
    assert json.loads(out)["termination"] == "palace destroyed"


def test_ladder_accepts_army_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = undead_copy(tmp_path, more_graveyards)
    code, out, err = run(
        capsys, "attack-the-tower", "ladder", "--army-file", str(path), "--games", "2", "--policies", "random,greedy"
    )
    assert code in (0, 1), err
    assert "greedy vs random" in out


def test_a_new_army_plays_the_ladder_on_workers_as_in_one_process(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Each worker process puts the army file in use before its first game: an army it did not know.
    path = tmp_path / "testers.toml"
    path.write_text(TOML_ARMY, encoding="utf-8")
    args = ["attack-the-tower", "ladder", "--army-file", str(path), "--armies", "testers,bandits", "--games", "4"]
    args += ["--policies", "random,greedy", "--turn-limit", "20", "--json"]
    here = run(capsys, *args)
    on_workers = run(capsys, *args, "--workers", "2")
    assert here[0] in (0, 1), here[2]
    assert without_timings(json.loads(on_workers[1])) == without_timings(json.loads(here[1]))
    assert json.loads(here[1])["armies"] == "testers,bandits"


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d["bases"][0].update(copies=0), "undead.graveyard.copies: must be at least 1"),
        (lambda d: d["bases"][0].update(copies=8), "the Undead base deck holds 26 cards; the rulebook (004) says 25"),
        (lambda d: d["bases"][0].update(troop_type="dragon"), "undead.graveyard.troop_type: must be one of"),
        (lambda d: d["abilities"][0]["effects"][0].update(effect="teleport"), "undead.zombie.effects.0"),
        (lambda d: d["bases"].append({"copies": "x"}), "bases.5.id: is missing"),  # a card without an id
        (lambda d: d.update(colour="green"), "colour: there is no such field here"),
    ],
)
def test_a_malformed_army_file_is_refused_with_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: Any, words: str
) -> None:
    path = undead_copy(tmp_path, change)
    code, out, err = run(capsys, "attack-the-tower", "play", "--army-file", str(path))
    assert code == 2
    assert words in err and str(path) in err
    assert "Traceback" not in err and out == ""
    assert army("undead") == shipped_army("undead")


def test_unreadable_army_files_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"id": "undead",', encoding="utf-8")
    bad_toml = tmp_path / "broken.toml"
    bad_toml.write_text("id = ", encoding="utf-8")
    for path, words in (
        (broken, "is not valid JSON"),
        (bad_toml, "is not valid TOML"),
        (tmp_path / "none.json", "cannot read"),
    ):
        code, _, err = run(capsys, "attack-the-tower", "play", "--army-file", str(path))
        assert code == 2 and words in err


def test_a_position_given_as_an_army_file_is_named_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A position's fields used to be refused one by one as an army's (16 lines for Attack the Tower's, 21 and
    'and 2 more problem(s)' for The Tower's)."""
    for game, example, title in (
        ("attack-the-tower", "mid-game-battle", "Attack the Tower"),
        ("the-tower", "opening", "The Tower"),
    ):
        code, out, _ = run(capsys, game, "example", example)
        assert code == 0
        position = tmp_path / f"{game}.json"
        position.write_text(out, encoding="utf-8")
        code, out, err = run(capsys, "attack-the-tower", "play", "--army-file", str(position))
        assert code == 2 and out == ""
        assert err.strip().splitlines() == [
            f"error: {position}: this is a position of {title}, not an army file (an army file gives an army's id,"
            " name, bases and abilities)"
        ]
    other = tmp_path / "other.json"
    other.write_text('{"id": "undead", "colour": "green", "size": 3}', encoding="utf-8")
    code, _, err = run(capsys, "attack-the-tower", "play", "--army-file", str(other))
    assert code == 2 and "not an army file (2 of its 3 fields are not an army's: colour, size)" in err


def test_battle_and_odds_take_army_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "attack-the-tower", "example", "mid-game-battle")
    position = tmp_path / "mid.json"
    position.write_text(out)
    path = undead_copy(tmp_path, stronger_lich)
    code, out, err = run(
        capsys, "attack-the-tower", "battle", str(position), "--from", "1", "--to", "2", "--army-file", str(path)
    )
    assert code == 0, err
    code, out, err = run(
        capsys, "attack-the-tower", "odds", str(position), "--from", "1", "--to", "2", "--army-file", str(path)
    )
    assert code == 0, err


def test_the_explorer_takes_an_army_file_as_a_path_or_as_text(tmp_path: Path) -> None:
    explorer = Explorer("mid-game-battle")
    assert explorer.use_army_file(TOML_ARMY) == "testers"
    state = explorer.new_game("testers", "bandits")
    assert state.players[0].army == "testers"
    path = undead_copy(tmp_path, more_graveyards)
    assert explorer.use_army_file(str(path)) == "undead"
    assert explorer.new_game("undead", "bandits").players[0].base_pile.count("undead.graveyard") == 9
