"""Bad input through the doors added after the first ones (army files, line files, sweep values, ladders,
export-test, saves, panel methods): each example that once hurt, run as written, is refused in one line that
names the problem, nothing is lost and nothing waits. Schedulers: tests/sweeps/test_scheduler.py; cache
cells: tests/sweeps/test_cache.py."""

from __future__ import annotations

import ast
import copy
import importlib.util
import json
import os
import re
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from explorer.attack_the_tower.explorer import Explorer
from explorer.attack_the_tower.panel import AttackTheTowerPanel
from explorer.the_tower.explorer import TheTowerExplorer
from explorer.the_tower.panel import TheTowerPanel
from rules.attack_the_tower.catalog import use_shipped_armies
from rules.attack_the_tower.game import POSITION as ATTACK
from rules.cli import main
from rules.core.errors import CannotWrite, IllegalPosition, MalformedFile
from rules.core.files import write_file
from rules.line_export import GAMES, export_test
from rules.the_tower import examples as tower_examples
from rules.the_tower.game import POSITION as TOWER

ROOT = Path(__file__).resolve().parent.parent
UNDEAD = json.loads((ROOT / "rules/attack_the_tower/data/undead.json").read_text(encoding="utf-8"))


@pytest.fixture(autouse=True)
def _shipped_armies() -> Any:
    yield
    use_shipped_armies()


def one_line_refusal(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run `tower-rules ARGV`, which must exit 2 with one line on stderr and no traceback; that line."""
    code = main(list(argv))
    err = capsys.readouterr().err
    assert code == 2, err
    assert err.count("\n") == 1 and "error: " in err and "Traceback" not in err, err
    assert re.search(r"[\x00-\x08\x0b-\x1f\x7f]", err) is None, "no raw control character reaches the terminal"
    return err


def army_file(tmp_path: Path, data: Any, name: str = "army.json", encoding: str = "utf-8") -> Path:
    path = tmp_path / name
    path.write_bytes(json.dumps(data, ensure_ascii=False).encode(encoding))
    return path


def _ghost(army: dict[str, Any], power: object) -> dict[str, Any]:
    changed = copy.deepcopy(army)
    for card in changed["abilities"]:
        if card.get("special_troop"):
            card["special_troop"]["power"] = power
    return changed


PLAY = ("attack-the-tower", "play", "--turn-limit", "1", "--army-file")


# ---- army files and line files -------------------------------------------------------------------------
def test_an_army_file_in_latin1_names_the_encoding_found(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = army_file(tmp_path, {**UNDEAD, "name": "Undéad"}, encoding="latin-1")
    err = one_line_refusal(capsys, *PLAY, str(path))
    assert "is not UTF-8 text (byte" in err and "it looks like Latin-1" in err


def test_a_5000_digit_number_in_an_army_file_or_a_line_file_is_refused_by_the_digit_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "army.json"
    path.write_text(json.dumps(UNDEAD).replace('"copies": 7', '"copies": ' + "9" * 5000, 1))
    assert "a number has more than 9 digits" in one_line_refusal(capsys, *PLAY, str(path))
    toml = tmp_path / "army.toml"
    toml.write_text(f'id = "undead"\nname = "Undead"\ncopies = {"9" * 5000}\n')
    assert "a number has more than 9 digits" in one_line_refusal(capsys, *PLAY, str(toml))
    line = tmp_path / "line.json"
    line.write_text('[{"action": "attack", "player": 0, "origin": 0, "target": ' + "9" * 5000 + "}]")
    position = tmp_path / "pos.json"
    position.write_text(ATTACK.text(Explorer("mid-game-battle").state))
    err = one_line_refusal(capsys, "attack-the-tower", "export-test", str(position), "--line", str(line))
    assert "line.json: a number has more than 9 digits" in err


@pytest.mark.parametrize("option", ["--army-file", "--line"])
def test_a_fifo_or_a_device_named_as_an_army_or_line_file_is_refused_without_waiting(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], option: str
) -> None:
    fifo = tmp_path / "named.json"
    os.mkfifo(fifo)  # opening it to read would wait for a writer forever
    position = tmp_path / "pos.json"
    position.write_text(ATTACK.text(Explorer("mid-game-battle").state))
    for node, words in ((fifo, "a FIFO"), (Path("/dev/zero"), "a character device")):  # /dev/zero: never ends
        if option == "--army-file":
            err = one_line_refusal(capsys, *PLAY, str(node))
        else:
            err = one_line_refusal(capsys, "attack-the-tower", "export-test", str(position), "--line", str(node))
        assert f"it is not a regular file: {words}" in err


@pytest.mark.parametrize(("power", "shown"), [(True, "true"), (2.0, "2.0")])
def test_true_and_2_0_are_not_whole_numbers_in_an_army_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], power: object, shown: str
) -> None:
    path = army_file(tmp_path, _ghost(UNDEAD, power))
    err = one_line_refusal(capsys, *PLAY, str(path))
    assert re.search(r"undead\.ghost\.special_troop\.power: must be a whole number", err), shown  # named by its card


def test_an_army_named_with_escape_codes_is_refused_and_never_printed_raw(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = army_file(tmp_path, {**UNDEAD, "name": "\x1b[2J\x1b]0;owned\x07Undead"})
    err = one_line_refusal(capsys, *PLAY, str(path))
    assert "name: holds a control character (\\x1b[2J\\x1b]0;owned\\x07Undead)" in err


def test_a_line_action_with_a_float_for_a_whole_number_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    position = tmp_path / "pos.json"
    position.write_text(ATTACK.text(Explorer("mid-game-battle").state))
    line = '[{"action": "attack", "player": 0, "origin": 0, "target": 2.0}]'
    err = one_line_refusal(capsys, "attack-the-tower", "export-test", str(position), "--line", line)
    assert "action 1 is not an action of Attack the Tower (attack.target: must be a whole number)" in err


def test_a_key_holding_a_lone_surrogate_is_named(tmp_path: Path) -> None:
    path = tmp_path / "pos.json"
    path.write_text('{"hand": ["8C"], "\\ud800": 1}')
    with pytest.raises(MalformedFile, match=r"the key '\\ud800' holds a lone surrogate, which is not a character"):
        TOWER.load(path)


# ---- values on the command line ----------------------------------------------------------------------
SWEEP = ("--games", "1", "--in-process", "--no-progress")


def test_a_file_where_a_folder_is_wanted_is_refused_before_any_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the balance's answer folder and the sweep's cache are made first: a file in the way costs no search
    (tmp_path / "taken").write_text("mine\n")
    taken = str(tmp_path / "taken")
    err = one_line_refusal(capsys, "attack-the-tower", "balance", "--in-process", "--no-progress", "--out", taken)
    assert err.endswith(f"error: cannot write the answer in {taken}: it is a file, not a folder\n")
    below = str(tmp_path / "taken" / "answer")
    err = one_line_refusal(capsys, "attack-the-tower", "balance", "--in-process", "--no-progress", "--out", below)
    assert err.endswith(f"cannot write the answer in {below}: a folder above it is a file, not a folder\n")
    err = one_line_refusal(capsys, "the-tower", "sweep", "--games", "1", "--in-process", "--cache", taken)
    assert err.endswith(f"error: cannot write the sweep cache in {taken}: it is a file, not a folder\n")
    assert (tmp_path / "taken").read_text() == "mine\n"


def test_an_unknown_option_is_refused_by_the_command_it_was_given_to(capsys: pytest.CaptureFixture[str]) -> None:
    err = one_line_refusal(capsys, "attack-the-tower", "sweep", "--frobnicate")
    said = "unrecognized arguments: --frobnicate (see tower-rules attack-the-tower sweep --help)"
    assert err == f"tower-rules attack-the-tower sweep: error: {said}\n"
    err = one_line_refusal(capsys, "the-tower", "ladder", "--games", "3", "\x1b[2Jloose")
    assert "tower-rules the-tower ladder: error: unrecognized arguments: " in err and "loose" in err


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (("the-tower", "play", "--variant", 'starting_hp=1, "value": 30'), r"starting_hp: must be a whole number"),
        (
            ("attack-the-tower", "sweep", "--set", 'turn_limit=3, "value": 4', *SWEEP),
            r"turn_limit: must be a whole number",
        ),
        (
            ("attack-the-tower", "sweep", "--override", "undead.ghost.special_troop.power=true", *SWEEP),
            r"special_troop\.power: must be a whole number",
        ),
        (
            ("attack-the-tower", "sweep", "--override", "undead.graveyard.copies=2.0", *SWEEP),
            r"copies: must be a whole number",
        ),
        (
            ("attack-the-tower", "sweep", "--vary", "cavalry_power=1e400", *SWEEP),
            r"--vary cavalry_power: 1e400 is too large a number",
        ),
        (("attack-the-tower", "ladder", "--games", "1000000000000"), r"--games takes a whole number from 2 to 100,000"),
        (("attack-the-tower", "ladder", "--seed", "-5"), r"--seed takes a whole number from 0 to [\d,]+, not -5"),
        (("the-tower", "ladder", "--games", "0"), r"--games takes a whole number from 1 to 100,000, not 0"),
        (("tower-defense", "ladder", "--turn-limit", "99999"), r"--turn-limit takes a whole number from 1 to 10,000"),
        (("tower-defense", "ladder", "--players", "7"), r"--players takes a whole number from 1 to 4"),
    ],
)
def test_a_value_on_the_command_line_is_read_as_one_value_and_range_checked(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], words: str
) -> None:
    assert re.search(words, one_line_refusal(capsys, *argv))


# ---- export-test -----------------------------------------------------------------------------------------
def test_export_test_of_any_path_and_any_text_compiles_and_round_trips(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "C:\\Users\\new" / "\U0001f600 \u2028 \x1b"
    folder.mkdir(parents=True)
    position = folder / "pos.json"
    position.write_text(TOWER.text(tower_examples.example("opening")))
    assert main(["the-tower", "export-test", str(position)]) == 0
    source = capsys.readouterr().out
    module = ast.parse(source)  # a backslash in the path once made a `\U` escape that did not compile
    docstring = ast.get_docstring(module) or ""
    assert f"From {position}." in docstring.replace("\n", " ")
    texts = ["C:\\Users\\x", "\U0001f600 outside the plane", "\ud800 lone", "\x1b[2J", "both ' and \"", "\u2028"]
    state = tower_examples.example("opening")
    for about in texts:
        written = export_test(GAMES["the-tower"], state, [], about=about)
        doc = ast.get_docstring(ast.parse(written)) or ""
        assert about in doc.replace("\n", " ")


def test_an_exported_line_test_file_runs(tmp_path: Path) -> None:
    explorer = TheTowerExplorer("fight-in-progress")
    explorer.auto()
    path = tmp_path / "test_line.py"
    explorer.export_test(path, about="A path C:\\Users\\x and \U0001f600")
    spec = importlib.util.spec_from_file_location("test_line", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.test_the_line_reaches_the_expected_position()
    module.test_the_line_says_every_expected_sentence()


# ---- saves -------------------------------------------------------------------------------------------
def _node(path: Path) -> tuple[int, int, str]:
    """What a node is, without opening it: its type and permissions, its device number, a link's target."""
    info = os.lstat(path)
    return info.st_mode, info.st_rdev, os.readlink(path) if stat.S_ISLNK(info.st_mode) else ""


def _character_device(path: Path) -> None:
    """A character device node of the test's own (the numbers of /dev/null), never the machine's."""
    if os.geteuid() != 0:
        pytest.skip("making a device node needs root (CI runs as root)")
    os.mknod(path, stat.S_IFCHR | 0o600, os.makedev(1, 3))


@pytest.mark.parametrize("kind", ["fifo", "character device", "symlink"])
def test_saving_to_a_fifo_a_device_or_a_symlink_is_refused_leaving_the_node_as_it_was(
    tmp_path: Path, kind: str
) -> None:
    target = tmp_path / "position.json"
    kept = tmp_path / "kept.json"
    kept.write_text("the file the link names")
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "character device":
        _character_device(target)
    else:
        target.symlink_to(kept)
    before = _node(target)
    explorer = TheTowerExplorer("fight-in-progress")
    with pytest.raises(CannotWrite, match=r"cannot write .*position\.json: it is (not a regular file|a symbolic)"):
        explorer.save(target)
    assert _node(target) == before
    assert kept.read_text() == "the file the link names"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.json", "position.json"]  # no temporary file left
    panel = TheTowerPanel("fight-in-progress")
    panel.save(str(target))
    assert "refused: cannot write" in panel.message.value and "saved" not in panel.message.value
    assert _node(target) == before


def test_a_symlink_is_followed_only_when_asked(tmp_path: Path) -> None:
    kept = tmp_path / "kept.json"
    kept.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(kept)
    write_file(link, "new", follow_symlinks=True)
    assert link.is_symlink() and kept.read_text() == "new"


@pytest.mark.parametrize("kind", ["fifo", "symlink"])
def test_export_test_and_the_sweep_output_refuse_a_node_that_is_not_a_regular_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    target = tmp_path / "out.csv"
    if kind == "fifo":
        os.mkfifo(target)
    else:
        target.symlink_to(tmp_path / "elsewhere.csv")
    before = _node(target)
    with pytest.raises(CannotWrite, match=r"out\.csv"):
        Explorer("mid-game-battle").export_test(target)
    err = one_line_refusal(
        capsys, "the-tower", "sweep", "--games", "1", "--in-process", "--no-progress", "--out", str(target)
    )
    assert "cannot write" in err and "out.csv" in err
    assert _node(target) == before


_FULL_DISK = """
import resource, signal, sys
from rules.core.files import write_file
from rules.core.errors import CannotWrite
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
resource.setrlimit(resource.RLIMIT_FSIZE, (1000, 1000))
try:
    write_file(sys.argv[1], "x" * 5000)
except CannotWrite as exc:
    print(exc)
"""


def test_a_write_that_fails_half_way_is_reported_in_words_and_the_old_file_stays_whole(tmp_path: Path) -> None:
    target = tmp_path / "good.json"
    target.write_text("the last good file")
    done = subprocess.run(
        [sys.executable, "-c", _FULL_DISK, str(target)], cwd=ROOT, capture_output=True, timeout=120, check=False
    )
    assert f"cannot write {target}: File too large" in done.stdout.decode(), done.stderr.decode()[-2000:]
    assert target.read_text() == "the last good file"
    assert [p.name for p in tmp_path.iterdir()] == ["good.json"]


# ---- panel and explorer methods ---------------------------------------------------------------------------
def _message(panel: Any) -> str:
    return re.sub(r"<[^>]+>", "", str(panel.message.value))


def test_a_branch_that_is_not_named_by_text_is_refused_in_words() -> None:
    panel = AttackTheTowerPanel("mid-game-battle")
    before = (panel.explorer.state, list(panel.explorer.branches))
    panel.branch(7)  # type: ignore[arg-type]
    assert _message(panel) == "refused: a branch name must be text, not a number: 7"
    assert (panel.explorer.state, list(panel.explorer.branches)) == before


def test_an_unknown_part_of_the_table_is_named() -> None:
    explorer = TheTowerExplorer("fight-in-progress")
    before = explorer.state
    with pytest.raises(IllegalPosition, match=r"nonsense: the table has no such part; parts: hand, floor"):
        explorer.set_table(nonsense=1)
    with pytest.raises(IllegalPosition, match=r"hand: must be a list of cards, not 5"):
        explorer.set_table(hand=5)
    assert explorer.state == before
    panel = TheTowerPanel("fight-in-progress")
    panel.edit(nonsense=1)
    assert _message(panel).startswith("refused: nonsense: the table has no such part")
    assert panel.explorer.state == before


def test_a_click_that_names_no_place_is_refused_in_words() -> None:
    panel = AttackTheTowerPanel("mid-game-battle")
    panel.mode = "edit"
    panel.click("px/ty/sz")
    assert _message(panel).startswith("refused: px/ty/sz is not a place on the board")
    tower = TheTowerPanel("fight-in-progress")
    before = tower.explorer.state
    tower.click("room:abc")
    assert _message(tower) == "refused: room:abc names no room: a room is room:0, room:1, ... counted from 0"
    assert tower.explorer.state == before


def test_advance_refuses_a_negative_limit_and_an_edit_that_is_not_a_function() -> None:
    explorer = Explorer("mid-game-battle")
    with pytest.raises(IllegalPosition, match=r"limit: must be from 1 to 1000000, not -1"):
        explorer.advance(-1)
    panel = AttackTheTowerPanel("mid-game-battle")
    before = panel.explorer.state
    panel.edit(5)
    assert _message(panel).startswith("refused: an edit is a function of the explorer")
    assert panel.explorer.state == before


@pytest.mark.parametrize(
    ("chosen", "words"),
    [
        ({"games": True}, r"games: must be a whole number, not True"),
        ({"games": "lots"}, r"games: must be a whole number, not 'lots'"),
        ({"first": 5}, r"first: a field and its values"),
        ({"policies": ("psychic",)}, r"'psychic' is not a policy for seat 1"),
        ({"first": ("starting_hp", "1e400")}, r"starting_hp: 1e400 is too large a number"),
    ],
)
def test_the_balance_labs_choices_are_checked_in_words(chosen: dict[str, Any], words: str) -> None:
    from explorer.balance_lab import BalanceLabPanel
    from rules.core.errors import RulesError

    lab = BalanceLabPanel("the-tower")
    with pytest.raises(RulesError, match=words):
        lab.choose(**chosen)
        lab.form.choices().spec()
