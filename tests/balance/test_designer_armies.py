"""A balance of a designer's own armies and rules (`--army-file`, `--set`): the knobs start from the file's numbers
and the fixed rules, every cell plays them, and the answer's files and its sweep command play what was balanced."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Any

import pytest

from rules.attack_the_tower.balancing import SUGGESTED, keep_decks_whole
from rules.attack_the_tower.catalog import load_army_file, shipped_army
from rules.balance.knobs import Given, parse_tune
from rules.balance.plan import BalanceSpec, plan
from rules.balance.run import run_balance
from rules.cli import build_parser, main
from rules.core.card_edits import CardEdit
from rules.core.errors import IllegalPosition, MalformedFile
from rules.sweeps.cli import spec_from
from tests.balance.helpers import small_spec


def army_data(army_id: str = "undead", new_id: str | None = None, **changes: Any) -> dict[str, Any]:
    """The shipped army's data with cards changed (`card_id={"field": value}`), under a new id if given."""
    data = shipped_army(army_id).model_dump(mode="json")
    for card in (*data["bases"], *data["abilities"]):
        for field, value in changes.get(card["id"].split(".", 1)[1], {}).items():
            if field == "power":
                card["special_troop"]["power"] = value
            else:
                card[field] = value
    if new_id is not None:
        text = json.dumps(data).replace(f'"{army_id}.', f'"{new_id}.')
        data = json.loads(text.replace(f'"{army_id}"', f'"{new_id}"'))
    return data


@pytest.fixture
def strong_ghost(tmp_path: Path) -> Path:
    """The Undead with a Ghost of power 3 (2 as shipped) and the Workshop at 4 copies, the Graveyard at 5."""
    path = tmp_path / "my-undead.json"
    changed = army_data(ghost={"power": 3}, workshop={"copies": 4}, graveyard={"copies": 5})
    path.write_text(json.dumps(changed))
    return path


def test_a_card_knob_starts_from_the_designers_number(strong_ghost: Path) -> None:
    # knobs.py: "A knob's values must include its current value": the file's Ghost is at 3, the shipped one at 2
    given = Given((load_army_file(strong_ghost),))
    knob = parse_tune("undead.ghost.special_troop.power=1..4", "attack-the-tower", ("undead", "bandits"), given)
    assert knob.current == 3
    with pytest.raises(IllegalPosition, match=r"must include the current value 3 \(no change; the army file's\)"):
        parse_tune("undead.ghost.special_troop.power=1..2", "attack-the-tower", ("undead", "bandits"), given)
    assert parse_tune("undead.ghost.special_troop.power=1..2", "attack-the-tower", ("undead", "bandits")).current == 2


def test_the_default_knobs_and_the_deck_kept_whole_read_the_designers_copies(strong_ghost: Path) -> None:
    spec = small_spec(knobs=[], army_files=[str(strong_ghost)])
    ranges = {k.name: (k.values[0], k.values[-1], k.current) for k in spec.tuned()}
    assert ranges["undead.workshop.copies"] == (2, 6, 4)  # two either way of the file's 4 (shipped: 2)
    assert ranges["undead.ghost.special_troop.power"] == (1, 5, 3)
    # 004: each deck holds 25 cards; the file's fullest base other than the one changed is the Crypt (6)
    edit = CardEdit(card="undead.workshop", field="copies", value=6)
    assert keep_decks_whole([edit], spec.army_files) == (CardEdit(card="undead.crypt", field="copies", value=4),)
    assert keep_decks_whole([edit]) == (CardEdit(card="undead.graveyard", field="copies", value=3),)


def test_every_cell_plays_the_designers_army_and_the_fixed_rules(strong_ghost: Path) -> None:
    spec = small_spec(army_files=[str(strong_ghost)], rules={"turn_limit": 40})
    cells = [p.cell for p in plan(spec, {"undead.ghost.special_troop.power": 4}, 0, 4)]
    assert len(cells) == 2 and all(c.rules["turn_limit"] == 40 for c in cells)
    for cell in cells:
        undead = next(json.loads(json.dumps(a)) for a in cell.cards if a["id"] == "undead")
        by_id = {c["id"]: c for c in (*undead["bases"], *undead["abilities"])}
        assert by_id["undead.ghost"]["special_troop"]["power"] == 4  # the candidate's value
        assert by_id["undead.workshop"]["copies"] == 4  # the file's, untouched by the candidate


@pytest.mark.parametrize(
    ("seed", "changed"),
    [(3, "vikings.ghost.special_troop.power"), (2, "bandits.cavalry_base.copies")],
    ids=["the-new-army-changed", "the-new-army-played-unchanged"],
)
def test_a_new_army_is_balanced_and_its_answer_plays_as_measured(tmp_path: Path, seed: int, changed: str) -> None:
    vikings = tmp_path / "vikings.json"
    vikings.write_text(json.dumps(army_data(new_id="vikings", ghost={"power": 3})))
    spec = small_spec(
        armies="vikings,bandits",
        army_files=[str(vikings)],
        knobs=["vikings.ghost.special_troop.power=1..4", "bandits.cavalry_base.copies=3..7"],
        rules={"turn_limit": 40},
        seed=seed,
    )
    result = run_balance(spec, in_process=True)
    assert list(result.changes) == [changed]  # what the small seeded search answers
    text = result.report(timed=False)
    assert "armies read from files: vikings" in text and "rules fixed: turn_limit=40" in text
    written = sorted(Path(p).name for p in result.write(tmp_path / "answer"))
    files = (
        ["rules.json", "vikings.json"]
        if changed.startswith("vikings")
        else ["bandits.json", "rules.json", "vikings.json"]
    )
    assert written == files
    assert json.loads((tmp_path / "answer" / "rules.json").read_text()) == {"turn_limit": 40}  # fixed: kept with it
    ghost = next(a for a in load_army_file(tmp_path / "answer" / "vikings.json").abilities if a.id == "vikings.ghost")
    if changed.startswith("vikings"):  # the designer's file with the changed number, saying what it was
        assert ghost.source.startswith(f"{SUGGESTED}: special_troop.power") and "(was 3)" in ghost.source
    else:  # the designer's army as it was played, so that the folder holds everything the answer plays
        assert ghost.special_troop is not None and ghost.special_troop.power == 3
    [command] = result.play_commands()
    assert "--set turn_limit=40" in command and f"--army-file {tmp_path / 'answer' / 'vikings.json'}" in command
    sweep = spec_from(build_parser().parse_args(shlex.split(command)[1:]))
    assert sweep.rules["turn_limit"] == 40 and sorted(sweep.armies) == [("bandits", "vikings"), ("vikings", "bandits")]
    armies_written = [name.removesuffix(".json") for name in written if name != "rules.json"]
    assert [getattr(a, "id", "") for a in sweep.army_files] == armies_written


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--armies", "bandits,westerners", "--army-file", "FILE"], "--army-file: the file of undead plays no part"),
        (["--army-file", "FILE", "--army-file", "FILE"], "my-undead.json are both files of the undead army; give one"),
        (["--set", "turn_limit=3", "--set", "turn_limit=4"], "--set turn_limit is given twice"),
        (["--set", "turn_limit=-3"], "--set: turn_limit: must be at least 1"),
        (["--set", "turn_limits=3"], "--set: turn_limits: the rules have no such field"),
        (["--army-file", "nosuch.json"], "cannot read nosuch.json"),
    ],
)
def test_bad_army_files_and_rules_are_refused_before_any_game(
    capsys: pytest.CaptureFixture[str], strong_ghost: Path, args: list[str], words: str
) -> None:
    argv = [str(strong_ghost) if a == "FILE" else a for a in args]
    code = main(["attack-the-tower", "balance", "--armies", "undead,bandits", "--in-process", *argv])
    out, err = capsys.readouterr()
    assert code == 2 and words in err and "Traceback" not in err and out == ""


def test_a_sweep_names_both_files_of_one_army(capsys: pytest.CaptureFixture[str], strong_ghost: Path) -> None:
    other = strong_ghost.with_name("other-undead.json")
    other.write_text(strong_ghost.read_text())
    argv = ["attack-the-tower", "sweep", "--army-file", str(strong_ghost), "--army-file", str(other)]
    assert main([*argv, "--games", "1", "--in-process", "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert f"--army-file: {strong_ghost} and {other} are both files of the undead army; give one" in err


def test_a_game_of_tables_plays_its_fixed_rules() -> None:
    spec = BalanceSpec(game="tower-defense", rules={"track_length": 9}, budget=10, stages=(2,), verify_games=0)
    assert all(p.cell.rules["track_length"] == 9 for p in plan(spec, {}, 0, 2))
    with pytest.raises(ValueError, match="tower-defense has no armies to read from a file"):
        BalanceSpec(game="tower-defense", army_files=[{"id": "undead"}])


def test_the_balance_tab_balances_a_designers_new_army_and_opens_it_in_the_explorer(tmp_path: Path) -> None:
    from explorer.balance_lab.balance_tab import BalanceTab
    from explorer.balance_lab.choices import Refused
    from rules.attack_the_tower.catalog import use_shipped_armies

    vikings = tmp_path / "vikings.json"
    vikings.write_text(json.dumps(army_data(new_id="vikings", ghost={"power": 3})))
    tab = BalanceTab("attack-the-tower").choose(
        armies="vikings,bandits",
        army_files=f"{vikings}; ",
        tune=["vikings.ghost.special_troop.power=1..4"],
        policy="greedy",
        budget=40,
        stages="4",
        verify_games=4,
        balance_seed=3,
    )
    assert [getattr(a, "id", "") for a in tab.spec().army_files] == ["vikings"]
    tab.run()
    found = tab.wait(300)
    assert found is not None and found.spec.army_files
    try:
        panel = tab.open_in_explorer("vikings", "bandits")  # the designer's army in use, whatever the answer
        assert panel.explorer.state.players[0].army == "vikings"
    finally:
        use_shipped_armies()
    tab.choose(army_files=str(tmp_path / "nosuch.json"))
    with pytest.raises(MalformedFile, match="cannot read"):
        tab.spec()
    tab.run_button.click()
    assert "cannot read" in tab.message.value and "nosuch.json" in tab.message.value
    tab.choose(army_files=str(vikings), armies="undead,bandits", tune="")
    with pytest.raises(Refused, match="army files: the file of vikings plays no part"):
        tab.spec()
