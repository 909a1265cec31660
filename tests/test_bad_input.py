"""Bad input never hurts: one test for each way a malformed input used to hurt (a traceback, a hang, memory
run out, a position lost, a wrong input accepted, a security hole). The corpus (test_malformed_corpus.py)
covers many more inputs of each kind."""

from __future__ import annotations

import gzip
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

import pytest

from explorer.attack_the_tower.explorer import Explorer
from explorer.attack_the_tower.panel import AttackTheTowerPanel
from explorer.file_controls import FileControls
from explorer.the_tower.explorer import TheTowerExplorer
from explorer.tower_defense.explorer import TowerDefenseExplorer
from rules.attack_the_tower import editing as att_editing
from rules.attack_the_tower import examples as att_examples
from rules.attack_the_tower.analysis import declare
from rules.attack_the_tower.analysis.odds import allocation_pairs, outcome_distribution
from rules.attack_the_tower.catalog import shipped_army
from rules.attack_the_tower.game import POSITION as ATTACK
from rules.cli import main
from rules.core import limits
from rules.core.errors import CannotWrite, IllegalAction, IllegalPosition, MalformedFile
from rules.core.files import decode_text
from rules.the_tower import editing as tower_editing
from rules.the_tower import examples as tower_examples
from rules.the_tower.game import POSITION as TOWER
from rules.tower_defense import examples as td_examples
from rules.tower_defense.game import POSITION as DEFENSE

ROOT = Path(__file__).resolve().parent.parent


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def position_file(tmp_path: Path, data: object, name: str = "pos.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


def att_data(name: str = "mid-game-battle") -> dict[str, object]:
    data: dict[str, object] = json.loads(ATTACK.text(att_examples.example(name)))
    return data


def battle_awaiting_damage() -> Explorer:
    """An explorer whose battle (territory 1 against 2) waits for the attacker to distribute damage."""
    explorer = Explorer("mid-game-battle")
    explorer.attack(0, 1)
    while explorer.request(0) is None:
        explorer.step()
    assert explorer.state.battle is not None
    return explorer


# ---- tracebacks ------------------------------------------------------------------------------------------
def test_deeply_nested_json_is_refused_in_words_not_a_recursion_error(tmp_path: Path) -> None:
    for text in ("[" * 100_000 + "]" * 100_000, '{"hand": ' + "[" * 5_000 + "]" * 5_000 + "}"):
        path = tmp_path / "deep.json"
        path.write_text(text)
        with pytest.raises(MalformedFile, match=r"nests deeper than 32 levels|must hold a JSON object"):
            TOWER.load(path)
    with pytest.raises(MalformedFile, match=r"nests deeper than 32 levels"):
        TOWER.parse('{"hand": ' + "[" * 5_000 + "]" * 5_000 + "}")


@pytest.mark.parametrize(
    ("encoding", "words"),
    [
        ("utf-16", r"UTF-16"),
        ("utf-16-le", r"UTF-16"),
        ("latin-1", r"not UTF-8 text \(byte \d+ cannot be read\): it looks like Latin-1"),
    ],
)
def test_utf16_and_latin1_files_are_refused_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], encoding: str, words: str
) -> None:
    path = tmp_path / "pos.json"
    path.write_bytes('{"hand": ["8C"], "note": "caf\u00e9"}'.encode(encoding))
    code, _, err = run(capsys, "the-tower", "validate", str(path))
    assert code == 2
    assert err.startswith("error: ") and "Traceback" not in err
    assert __import__("re").search(words, err)


def test_a_binary_file_is_refused_in_words(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "pos.json"
    path.write_bytes(bytes(range(256)) * 8)
    code, _, err = run(capsys, "tower-defense", "validate", str(path))
    assert code == 2 and "UTF" in err and "Traceback" not in err


def test_a_5000_digit_integer_is_refused_before_python_reads_it(tmp_path: Path) -> None:
    path = position_file(tmp_path, {})
    path.write_text('{"hand": ["8C"], "hp": ' + "9" * 5000 + "}")
    with pytest.raises(MalformedFile, match=r"a number has more than 9 digits"):
        TOWER.load(path)


@pytest.mark.parametrize(
    "data",
    [
        {"hand": ["8C"], "floor": 5},
        {"hand": ["8C"], "floor": [{"a": 1}, "?"]},
        {"hand": ["8C"], "room_waste": 3},
        {"hand": ["8C"], "room_waste": {"KC": 1}},
        {"hand": 7},
    ],
)
def test_the_towers_floor_or_room_waste_of_the_wrong_type_is_refused_not_a_type_error(data: object) -> None:
    with pytest.raises(IllegalPosition, match=r"must be"):
        TOWER.parse(json.dumps(data))


def _cli(*argv: str, stdout: IO[bytes] | None = None, close_stdout: bool = False) -> subprocess.CompletedProcess[bytes]:
    prelude = "import os, sys; os.close(1); sys.stdout = None; " if close_stdout else "import sys; "
    return subprocess.run(
        [sys.executable, "-c", prelude + "from rules.cli import main; sys.exit(main(sys.argv[1:]))", *argv],
        stdout=subprocess.PIPE if stdout is None else stdout,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        timeout=120,
        check=False,
    )


def test_stdout_on_a_full_device_is_reported_without_a_traceback() -> None:
    with open("/dev/full", "wb") as full:
        done = _cli("attack-the-tower", "schema", stdout=full)
    err = done.stderr.decode()
    assert done.returncode == 2
    assert "error: cannot write the output: No space left on device" in err
    assert "Traceback" not in err and "Exception ignored" not in err


def test_a_closed_stdout_exits_non_zero_and_says_so() -> None:
    done = _cli("the-tower", "example", "opening", close_stdout=True)
    assert done.returncode == 2
    assert "error: the output is closed" in done.stderr.decode()


# ---- hangs -----------------------------------------------------------------------------------------------
def test_a_fifo_as_the_input_file_is_refused_without_waiting(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "pos.json"
    os.mkfifo(fifo)
    code, _, err = run(capsys, "the-tower", "validate", str(fifo))  # opening it would wait for a writer forever
    assert code == 2 and "it is not a regular file" in err
    code, _, err = run(capsys, "attack-the-tower", "validate", "/dev/zero")  # reading it would never end
    assert code == 2 and "it is not a regular file" in err


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (("the-tower", "simulate", "--games", str(10**12)), r"--games takes a whole number from 1 to 100,000"),
        (("the-tower", "simulate", "--games", "0"), r"--games takes a whole number from 1 to 100,000, not 0"),
        (
            ("attack-the-tower", "odds", "f.json", "--from", "1", "--to", "2", "--samples", str(10**9)),
            r"--samples takes a whole number from 0 to 1,000,000",
        ),
        (("attack-the-tower", "play", "--turn-limit", str(10**8)), r"--turn-limit takes a whole number from 1 to"),
        (("attack-the-tower", "battle", "f.json", "--from", "1", "--to", "2", "--seed", "9" * 5000), r"too long"),
    ],
)
def test_counts_past_their_limits_are_refused_before_any_work(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], words: str
) -> None:
    start = time.perf_counter()
    code, _, err = run(capsys, *argv)
    assert code == 2 and __import__("re").search(words, err)
    assert time.perf_counter() - start < 5


def test_a_base_of_100_troops_is_refused_by_the_rules_limit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = att_data()
    data["rules"] = {"max_troops_per_base": 100}
    path = position_file(tmp_path, data)
    code, _, err = run(capsys, "attack-the-tower", "odds", str(path), "--from", "1", "--to", "2")
    assert code == 2
    assert f"error: {path}, rules.max_troops_per_base: must be at most 12 (the limit for this number), not 100" in err


def test_exact_odds_of_a_battle_too_large_are_refused_with_its_size(capsys: pytest.CaptureFixture[str]) -> None:
    # 004 renewal A: "A base cannot hold more than 2 troops" - under a variant of 12, a battle of 12 troops a
    # base has far too many ways to distribute damage for an exact analysis.
    state = att_examples.example("mid-game-battle")
    data = json.loads(ATTACK.text(state))
    data["rules"]["max_troops_per_base"] = 12
    for player in data["players"]:
        for territory in player["territories"]:
            for base in territory:
                if base:
                    base["troops"] = 12
    big = ATTACK.parse(json.dumps(data))
    battle = declare(big, 0, 1)
    assert allocation_pairs(battle) > limits.MAX_ALLOCATION_PAIRS
    start = time.perf_counter()
    with pytest.raises(IllegalAction, match=r"this battle has about 10\^\d+ allocation pairs in one step; the limit"):
        outcome_distribution(battle)
    assert time.perf_counter() - start < 5
    small = declare(state, 0, 1)
    assert allocation_pairs(small) <= limits.MAX_ALLOCATION_PAIRS


# ---- memory ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("length", [10**6, 10**8])
def test_a_huge_track_length_is_refused_by_its_limit(tmp_path: Path, length: int) -> None:
    data = DEFENSE.data(td_examples.example("busy-board"))
    data["rules"]["track_length"] = length
    with pytest.raises(IllegalPosition) as refused:
        DEFENSE.parse(json.dumps(data))
    assert [str(p) for p in refused.value.problems] == [
        f"rules.track_length: must be at most 100 (the limit for this number), not {length}"
    ]


def test_a_position_lists_at_most_20_problems() -> None:
    data = DEFENSE.data(td_examples.example("busy-board"))
    data["board"]["track"] = []  # every one of the 50 pieces is then neither laid nor discarded
    with pytest.raises(IllegalPosition) as refused:
        DEFENSE.parse(json.dumps(data))
    problems = [str(p) for p in refused.value.problems]
    assert len(problems) == limits.MAX_PROBLEMS_SHOWN + 1
    assert problems[-1].startswith("and ") and problems[-1].endswith("more problem(s)")


def test_the_count_of_problems_not_shown_survives_a_second_cut(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """An army file with 5,000 bad card ids: the loader cuts its list to 20 and 'and 4980 more', and the command
    line cut it again, saying 'and 1 more problem(s)'."""
    shipped = json.loads((ROOT / "rules" / "attack_the_tower" / "data" / "undead.json").read_text("utf-8"))
    base = shipped["bases"][0]
    shipped["bases"] = [{**base, "id": f"undead.{i}"} for i in range(5000)]
    army_file = tmp_path / "many.json"
    army_file.write_text(json.dumps(shipped), "utf-8")
    code = main(["attack-the-tower", "play", "--army-file", str(army_file)])
    err = capsys.readouterr().err
    assert code == 2 and len(err.splitlines()) == limits.MAX_PROBLEMS_SHOWN + 1
    assert err.splitlines()[-1].endswith(f"and {5000 - limits.MAX_PROBLEMS_SHOWN} more problem(s)")


def test_a_share_code_that_inflates_to_a_gigabyte_is_refused_after_a_megabyte() -> None:
    import base64
    import zlib

    bomb = zlib.compress(b" " * 200_000_000, 9)  # about 200 KB of code for 200 MB of text
    code = "TT1-" + base64.urlsafe_b64encode(bomb).decode().rstrip("=")
    with pytest.raises(MalformedFile, match=r"has [\d,]+ characters; a share code is at most 100,000"):
        tower_editing.from_share_code(code)
    small_bomb = zlib.compress(b" " * 20_000_000, 9)
    code = "TT1-" + base64.urlsafe_b64encode(small_bomb).decode().rstrip("=")
    assert len(code) < limits.MAX_SHARE_CODE_CHARS
    with pytest.raises(MalformedFile, match=r"inflates to more than"):
        tower_editing.from_share_code(code)


def test_every_example_still_round_trips_through_files_and_share_codes() -> None:
    for name in tower_examples.EXAMPLES:
        state = tower_examples.example(name)
        assert TOWER.parse(TOWER.text(state)) == state
        assert tower_editing.from_share_code(tower_editing.share_code(state)) == state
    for name in att_examples.EXAMPLES:
        a = att_examples.example(name)
        assert ATTACK.parse(ATTACK.text(a)) == a
        assert att_editing.from_share_code(att_editing.share_code(a)) == a


# ---- lost state ------------------------------------------------------------------------------------------
def test_tower_defense_mode_is_checked_against_its_catalog(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = DEFENSE.data(td_examples.example("busy-board"))
    data["mode"] = "nightmare-99"
    path = position_file(tmp_path, data)
    code, _, err = run(capsys, "tower-defense", "validate", str(path))
    assert code == 2
    assert f"error: {path}, mode: there is no game mode 'nightmare-99'; modes: " in err  # the file named


def test_a_pending_allocation_to_a_unit_that_does_not_exist_is_refused() -> None:
    explorer = battle_awaiting_damage()
    data = json.loads(ATTACK.text(explorer.state))
    assert ATTACK.parse(json.dumps(data)) == explorer.state
    data["battle"]["pending"] = [{"assignments": [["p1/t2/s2/5", 1]]}, None]
    place = r"player 2, territory 3, slot 3, troop 6 \(p1/t2/s2/5\)"
    with pytest.raises(IllegalPosition, match=rf"battle\.pending\.0: no unit of this battle is at {place}"):
        ATTACK.parse(json.dumps(data))


def test_damage_past_a_living_units_toughness_is_refused() -> None:
    # 004 battles 3: "Troops killed in this third step..." - a unit that has taken its toughness is dead.
    explorer = battle_awaiting_damage()
    request = explorer.request(0)
    assert request is not None
    target = request.targets[0]
    data = json.loads(ATTACK.text(explorer.state))
    battle = data["battle"]
    battle["damage"] = [[target.key, 999_999_999]]
    with pytest.raises(IllegalPosition, match=r"battle\.damage: .* has taken 999999999 damage, its toughness is"):
        ATTACK.parse(json.dumps(data))
    battle["damage"] = [["p7/nowhere", 1]]
    with pytest.raises(IllegalPosition, match=r"battle\.damage: 'p7/nowhere' is not a unit in this battle"):
        ATTACK.parse(json.dumps(data))


_LIMITED_SAVE = """
import resource, signal, sys
from explorer.the_tower.explorer import TheTowerExplorer
from rules.core.errors import CannotWrite
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
resource.setrlimit(resource.RLIMIT_FSIZE, (1000, 1000))
try:
    TheTowerExplorer("fight-in-progress").save(sys.argv[1])
except CannotWrite as exc:
    print(exc)
"""


def test_a_failed_save_over_a_good_file_leaves_it_whole(tmp_path: Path) -> None:
    target = tmp_path / "good.json"
    good = TOWER.text(tower_examples.example("opening"))
    target.write_text(good)
    done = subprocess.run(
        [sys.executable, "-c", _LIMITED_SAVE, str(target)], cwd=ROOT, capture_output=True, timeout=120, check=False
    )
    assert "cannot write" in done.stdout.decode(), done.stderr.decode()[-2000:]
    assert target.read_text() == good  # a file size limit of 1,000 bytes stopped the save half-way
    assert [p.name for p in tmp_path.iterdir()] == ["good.json"]  # and no temporary file is left


def test_a_save_into_a_folder_is_refused_and_a_good_save_reads_back(tmp_path: Path) -> None:
    explorer = TheTowerExplorer("fight-in-progress")
    with pytest.raises(CannotWrite, match=r"cannot write"):
        explorer.save(tmp_path)
    explorer.save(tmp_path / "pos.json")
    assert TOWER.load(tmp_path / "pos.json") == explorer.state


def test_the_panel_guard_never_raises_from_its_error_path(monkeypatch: pytest.MonkeyPatch) -> None:
    panel = AttackTheTowerPanel("mid-game-battle")
    before = panel.explorer.state

    def broken_refresh(*, keep_message: bool = False) -> None:
        raise KeyError("the board cannot be drawn")

    monkeypatch.setattr(panel, "refresh", broken_refresh)
    panel.load('{"players": 5}')  # refused; redrawing then fails too
    assert "refused" in panel.message.value and "could not be redrawn" in panel.message.value
    assert panel.explorer.state == before


def test_a_fault_inside_the_explorer_is_said_in_the_panel_keeps_the_position_and_reaches_the_log(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An error that is no refusal (a bug) used to leave the panel silent: the click did nothing visible."""
    panel = AttackTheTowerPanel("mid-game-battle")
    before = panel.explorer.state

    def faulty(*args: object, **kwargs: object) -> None:
        raise TypeError("an engine fault")

    monkeypatch.setattr(panel.explorer, "load", faulty)
    with pytest.raises(TypeError, match="an engine fault"):  # raised again: its traceback goes to the log
        panel.load('{"players": 5}')
    assert "went wrong inside the explorer" in panel.message.value and "TypeError: an engine fault" in (
        panel.message.value
    )
    assert panel.explorer.state == before


# ---- accepted though wrong --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("args", "words"),
    [
        ((-1, 0, 0, None), r"player: must be from 0 to 1, not -1"),
        ((0, -1, 0, None), r"territory: must be from 0 to 2, not -1"),
        ((0, 0, -3, None), r"slot: must be from 0 to 2, not -3"),
        ((True, 0, 0, None), r"player: must be a whole number from 0 to 1, not True"),
    ],
)
def test_negative_indices_are_refused_not_wrapped_around(args: tuple[object, ...], words: str) -> None:
    explorer = Explorer("mid-game-battle")
    before = explorer.state
    with pytest.raises(IllegalPosition, match=words):
        explorer.set_base(*args)  # type: ignore[arg-type]
    assert explorer.state == before


def test_the_towers_explorer_refuses_an_action_it_cannot_read() -> None:
    # a pile, a card or a room that is not one is refused in words before it reaches the engine
    explorer = TheTowerExplorer("opening")
    before = explorer.state
    refused: list[tuple[Callable[[Any], object], object, str]] = [
        (explorer.draw, "gold", "draw.pile: must be one of 'attack' or 'potion'"),
        (explorer.hit, 7, "hit.card: must be text in quotes"),
        (explorer.drink, None, "drink.card: must be text in quotes"),
        (explorer.explore, -1, "explore.room: must be at least 0"),
    ]
    for act, given, words in refused:
        with pytest.raises(IllegalPosition, match=re.escape(words)):
            act(given)
        assert explorer.state is before and explorer.session.cursor == 0


def test_tower_defenses_explorer_refuses_an_action_it_cannot_read() -> None:
    # a target or a stack that is not one is refused in words before it reaches the engine
    explorer = TowerDefenseExplorer("busy-board")
    before = explorer.state
    tower = before.towers[0]
    with pytest.raises(IllegalPosition, match=re.escape("attack.target: must be one of 'unit' or 'modifier'")):
        explorer.attack(tower.at, "rank2.a", target="castle")
    with pytest.raises(IllegalPosition, match=re.escape("complete_condition.stack: must be one of 'build', 'boost'")):
        explorer.complete_condition(0, "pocket")
    assert explorer.state is before and explorer.session.cursor == 0


def test_forward_and_back_refuse_negative_steps() -> None:
    explorer = TheTowerExplorer("fight-in-progress")
    explorer.auto()
    explorer.back()
    for move, steps in ((explorer.forward, -5), (explorer.back, -1), (explorer.forward, True)):
        with pytest.raises(IllegalAction, match=r"steps must be a whole number, at least 0"):
            move(steps)
        assert explorer.session.cursor == 0
    with pytest.raises(IndexError):
        explorer.jump(-1)


@pytest.mark.parametrize(
    ("pair", "words"),
    [
        ("starting_hp=true", r"starting_hp: must be a whole number"),
        ("starting_hp=2.0", r"starting_hp: must be a whole number"),
        ("starting_hp=1001", r"starting_hp: must be at most 1000"),
        ("may_leave_fight=1", r"may_leave_fight: must be true or false"),
    ],
)
def test_a_variant_value_of_the_wrong_type_is_refused(
    capsys: pytest.CaptureFixture[str], pair: str, words: str
) -> None:
    code, out, err = run(capsys, "the-tower", "play", "--variant", pair)
    assert code == 2 and out == ""
    assert __import__("re").search(words, err)


def test_true_and_2_0_are_not_whole_numbers_in_files(tmp_path: Path) -> None:
    for value in (True, 6.0):
        with pytest.raises(IllegalPosition, match=r"hp: must be a whole number"):
            TOWER.parse(json.dumps({"hand": ["8C"], "hp": value}))
    data = att_data()
    data["attacker"] = True  # a choice of 0 or 1 would otherwise take true for 1
    with pytest.raises(IllegalPosition, match=r"attacker: must be a whole number, not true"):
        ATTACK.parse(json.dumps(data))


# ---- security --------------------------------------------------------------------------------------------
def test_an_upload_naming_a_server_file_is_never_read_as_a_path(tmp_path: Path) -> None:
    other = tmp_path / "server-side.json"
    other.write_text(ATTACK.text(att_examples.example("palace-assault")))
    panel = AttackTheTowerPanel("mid-game-battle")
    before = panel.explorer.state
    controls = FileControls(panel)
    controls.uploaded([{"content": str(other).encode()}])
    assert panel.explorer.state == before
    assert "refused" in panel.message.value and "not valid JSON" in panel.message.value
    controls.uploaded([{"content": other.read_bytes()}])  # the same file's content is loaded
    assert panel.explorer.state == att_examples.example("palace-assault")


def test_field_names_and_values_echoed_back_are_escaped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "pos.json"
    path.write_text('{"hand": ["8C"], "\\u001b[31mred\\u001b]0;title\\u0007": 1}')
    code, _, err = run(capsys, "the-tower", "validate", str(path))
    assert code == 2
    assert "\x1b" not in err and "\x07" not in err
    assert "\\x1b[31mred\\x1b]0;title\\x07: there is no such field here" in err
    code, _, err = run(capsys, "the-tower", "play", "--variant", "\x1b[2J=1")
    assert code == 2 and "\x1b" not in err and "\\x1b[2J" in err


def test_share_codes_and_files_are_capped_in_size(tmp_path: Path) -> None:
    with pytest.raises(MalformedFile, match=r"a share code is at most 100,000"):
        tower_editing.from_share_code("TT1-" + "A" * 200_000)
    path = tmp_path / "big.json"
    path.write_text('{"hand": ["8C"]}' + " " * (limits.MAX_FILE_BYTES + 1))
    with pytest.raises(MalformedFile, match=r"a position file is at most 1,000,000"):
        TOWER.load(path)


def test_an_army_file_is_validated_as_an_army_and_named_where_a_position_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    army = tmp_path / "my-undead.json"
    data = shipped_army("undead").model_dump(mode="json")
    army.write_text(json.dumps(data))
    code, out, _ = run(capsys, "attack-the-tower", "validate", str(army))
    assert code == 0 and out == f"{army}: a valid army file (army 'undead'; play it with --army-file)\n"
    code, _, err = run(capsys, "tower-defense", "validate", str(army))  # another game's command reads a position
    assert code == 2 and err.count("\n") == 1, err
    said = "my-undead.json: this is an army file of Attack the Tower (a designer's army, played with --army-file"
    assert said in err and "), not a position of Tower Defense (" in err
    data["bases"][0]["copies"] = 6  # 004: each deck holds 25 cards
    army.write_text(json.dumps(data))
    code, _, err = run(capsys, "attack-the-tower", "validate", str(army))
    assert code == 2 and "the Undead base deck holds 24 cards; the rulebook (004) says 25" in err


def test_another_games_position_is_named_in_one_sentence(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A The Tower file given to Tower Defense: one line saying whose it is, where each of its fields was refused."""
    tower = tmp_path / "tower.json"
    TOWER.save(tower_examples.example("fight-in-progress"), tower)
    code, _, err = run(capsys, "tower-defense", "validate", str(tower))
    assert code == 2 and err.count("\n") == 1, err
    assert "tower.json: this is a position of The Tower, not a position of Tower Defense (15 of its 18 fields" in err
    junk = tmp_path / "junk.json"
    junk.write_text('{"a": 1, "b": 2, "rules": {}}')
    code, _, err = run(capsys, "the-tower", "validate", str(junk))
    assert code == 2 and "junk.json: not a position of The Tower (2 of its 3 fields are not The Tower's: a, b); " in err
    # a position of the game with one field wrong keeps its own problems
    with pytest.raises(IllegalPosition, match="hp: ") as refused:
        TOWER.parse(json.dumps({**TOWER.data(tower_examples.example("fight-in-progress")), "hp": -1}))
    assert "not a position" not in str(refused.value)


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        (gzip.compress(b'{"players": []}', mtime=0), "holds binary data"),  # a zero fourth byte read as UTF-16
        ('{"players": []}'.encode("utf-16-le"), "is UTF-16 text"),
        ('{"players": []}'.encode("utf-16-be"), "is UTF-16 text"),
    ],
    ids=["gzip", "utf-16-le", "utf-16-be"],
)
def test_a_file_is_called_utf16_only_when_it_reads_as_utf16(raw: bytes, words: str) -> None:
    with pytest.raises(MalformedFile, match=words):
        decode_text(raw, "pos.json")


def test_an_empty_file_name_is_said_to_be_missing(capsys: pytest.CaptureFixture[str]) -> None:
    """`--army-file ""` used to say "cannot read .: it is a folder"."""
    assert main(["attack-the-tower", "play", "--army-file", ""]) == 2
    assert "no file named: give the path of an army file" in capsys.readouterr().err
