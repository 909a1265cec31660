"""The malformed-input corpus of the doors added after the position files: army files (JSON and TOML), line
files, values on the command line (`--variant`, `--set`, `--vary`, `--override`, ladder counts), scheduler
addresses, sweep cache cells, saves to nodes that are not regular files, export-test, and the panels' and
explorers' methods given the wrong arguments. `tests/malformed_inputs.build` adds them to the corpus.

A cache case is handled, not refused: the sweep must succeed and say which cell it replayed (`succeeds`).
"""

from __future__ import annotations

import copy
import hashlib
import io
import json
import os
import stat
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pandas as pd

from rules.attack_the_tower import examples as att_examples
from rules.attack_the_tower.game import POSITION as ATTACK
from rules.core import limits
from tests.malformed_inputs import GAMES, Case

SILENT = "@SILENT@"
"""Stands in an argument for the address of a port that accepts connections and never answers (the runner
opens one on loopback in each worker)."""

ROOT = Path(__file__).resolve().parent.parent
UNDEAD: dict[str, Any] = json.loads((ROOT / "rules/attack_the_tower/data/undead.json").read_text(encoding="utf-8"))


def _fifo(path: Path) -> Path:
    if not path.exists():
        os.mkfifo(path)
    return path


def _changed(change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    army = copy.deepcopy(UNDEAD)
    change(army)
    return army


def _ghost_power(value: object) -> dict[str, Any]:
    def change(army: dict[str, Any]) -> None:
        for card in army["abilities"]:
            if card.get("special_troop"):
                card["special_troop"]["power"] = value

    return _changed(change)


def _base(index: int, field: str, value: object) -> dict[str, Any]:
    def change(army: dict[str, Any]) -> None:
        army["bases"][index][field] = value

    return _changed(change)


def _army_contents() -> Iterator[tuple[str, str, bytes, str]]:
    """(name, file suffix, content, expected words) of malformed army files."""
    good = json.dumps(UNDEAD)
    yield "latin1", "json", json.dumps({**UNDEAD, "name": "Undéad"}, ensure_ascii=False).encode("latin-1"), r"Latin-1"
    yield "utf16", "json", good.encode("utf-16"), r"UTF-16"
    yield "utf32", "json", good.encode("utf-32"), r"UTF-32"
    yield "binary", "json", bytes(range(256)) * 4, r"binary data|UTF-16"
    yield "empty", "json", b"", r"not valid JSON: it is empty"
    yield "key-twice", "json", good.replace("{", '{"name": "Twice", ', 1).encode(), r"the field .name. is given twice"
    yield "truncated", "json", good[: len(good) // 2].encode(), r"not valid JSON"
    yield "a-list", "json", b"[1, 2]", r"must hold a JSON object in curly brackets, not a list$"
    yield "null", "json", b"null", r"must hold a JSON object in curly brackets, not null$"
    yield (
        "5000-digits",
        "json",
        good.replace('"copies": 7', '"copies": ' + "9" * 5000, 1).encode(),
        r"more than 9 digits",
    )
    yield "10-digits", "json", good.replace('"copies": 7', '"copies": 1234567890', 1).encode(), r"more than 9 digits"
    yield "1e400", "json", good.replace('"copies": 7', '"copies": 1e400', 1).encode(), r"too large a number"
    yield "nan", "json", good.replace('"copies": 7', '"copies": NaN', 1).encode(), r"NaN is not a number"
    yield "deep", "json", (b'{"a":' * 5_000 + b"1" + b"}" * 5_000), r"nests deeper"
    yield "deep-list", "json", b"[" * 100_000 + b"]" * 100_000, r"nests deeper|must hold a JSON object"
    yield "oversized", "json", (good + " " * (limits.MAX_FILE_BYTES + 10)).encode(), r"limit"
    yield "lone-surrogate-key", "json", good.replace("{", '{"\\udc00": 1,', 1).encode(), r"lone surrogate"
    yield "lone-surrogate-name", "json", good.replace('"Undead"', '"\\ud83d"', 1).encode(), r"lone surrogate"
    yield "power-true", "json", json.dumps(_ghost_power(True)).encode(), r"power: must be a whole number"
    yield "power-2.0", "json", json.dumps(_ghost_power(2.0)).encode(), r"power: must be a whole number"
    yield "power-text", "json", json.dumps(_ghost_power("two")).encode(), r"power: must be a whole number"
    yield "power-negative", "json", json.dumps(_ghost_power(-1)).encode(), r"power: must be at least 0"
    yield "copies-true", "json", json.dumps(_base(0, "copies", True)).encode(), r"copies: must be a whole number"
    yield "copies-2.0", "json", json.dumps(_base(0, "copies", 7.0)).encode(), r"copies: must be a whole number"
    yield "copies-list", "json", json.dumps(_base(1, "copies", [7])).encode(), r"copies: must be a whole number"
    yield "name-escape", "json", json.dumps({**UNDEAD, "name": "\x1b[2J\x1b[31mUndead"}).encode(), r"control character"
    yield "troop-bell", "json", json.dumps(_base(2, "troop_name", "Zombie\x07")).encode(), r"control character"
    yield "card-csi", "json", json.dumps(_base(3, "name", "\x9b31m")).encode(), r"control character"
    yield "unknown-field", "json", json.dumps({**UNDEAD, "colour": "grey"}).encode(), r"no such field"
    yield "bad-id", "json", json.dumps({**UNDEAD, "id": "Un Dead"}).encode(), r"id"
    yield "deck-26", "json", json.dumps(_base(0, "copies", 8)).encode(), r"26 cards"
    yield "toml-broken", "toml", b'id = "undead"\nname = ', r"not valid TOML"
    yield "toml-5000-digits", "toml", f'id = "undead"\ncopies = {"9" * 5000}\n'.encode(), r"more than 9 digits"
    yield "toml-10-digits", "toml", b'id = "undead"\ncopies = 1_234_567_890\n', r"more than 9 digits"
    yield "toml-inf", "toml", b'id = "undead"\ncopies = inf\n', r"too large a number"
    yield "toml-nan", "toml", b'id = "undead"\ncopies = nan\n', r"too large a number"
    yield "toml-date", "toml", b'id = "undead"\nborn = 1979-05-27\n', r"date or a time"
    yield "toml-deep", "toml", b"a = " + b"[" * 5_000 + b"]" * 5_000, r"nests deeper"
    yield "toml-latin1", "toml", 'name = "Undéad"\n'.encode("latin-1"), r"Latin-1"
    yield "toml-escape", "toml", b'id = "undead"\nname = "\\u001b[2J"\n', r"control character|no such field|missing"


ARMY_COMMANDS: tuple[tuple[str, ...], ...] = (
    ("attack-the-tower", "play", "--turn-limit", "1"),
    ("attack-the-tower", "sweep", "--games", "1", "--in-process", "--no-progress"),
    ("attack-the-tower", "ladder", "--games", "2", "--policies", "random,greedy"),
)


def army_files(workdir: Path) -> list[Case]:
    """Malformed army files through each command that takes `--army-file`, and through the explorer."""
    folder = workdir / "doors"
    folder.mkdir(parents=True, exist_ok=True)
    cases = []
    for i, (name, suffix, content, expect) in enumerate(_army_contents()):
        path = folder / f"army-{i:02d}.{suffix}"
        path.write_bytes(content)
        command = ARMY_COMMANDS[i % len(ARMY_COMMANDS)]
        argv = (*command, "--army-file", str(path))
        cases.append(Case(f"army file {name} ({command[1]})", "army-file", expect, argv=argv, watched=(str(path),)))
    nodes = [
        ("a FIFO", str(_fifo(folder / "army-fifo.json")), r"a FIFO"),
        ("/dev/zero", "/dev/zero", r"a character device"),
        ("a folder", str(folder), r"a folder"),
        ("missing", str(folder / "no-such-army.json"), r"No such file"),
    ]
    for label, path_text, expect in nodes:
        for command in ARMY_COMMANDS[:2]:
            argv = (*command, "--army-file", path_text)
            cases.append(Case(f"army file {label} ({command[1]})", "army-file", expect, argv=argv))
        cases.append(
            Case(
                f"explorer army file {label}",
                "army-file",
                expect,
                call=("attack-the-tower", "use_army_file", path_text),
            )
        )
    texts = [
        ("power true", json.dumps(_ghost_power(True)), r"power: must be a whole number"),
        ("power 2.0", json.dumps(_ghost_power(2.0)), r"power: must be a whole number"),
        ("escape name", json.dumps({**UNDEAD, "name": "\x1b]0;owned\x07"}), r"control character"),
        ("huge number", json.dumps(UNDEAD).replace('"copies": 7', '"copies": ' + "7" * 4400, 1), r"9 digits"),
        ("toml date", 'id = "undead"\nwhen = 07:32:00\n', r"date or a time"),
    ]
    for label, text, expect in texts:
        cases.append(
            Case(f"explorer army text {label}", "army-file", expect, call=("attack-the-tower", "use_army_file", text))
        )
    return cases


# ---- line files ------------------------------------------------------------------------------------------
def _line_contents() -> Iterator[tuple[str, str, str]]:
    """(name, line text, expected words) of malformed lines of play for Attack the Tower."""
    attack = {"action": "attack", "player": 0, "origin": 0, "target": 1}
    yield "target-2.0", json.dumps([{**attack, "target": 2.0}]), r"target: must be a whole number"
    yield "target-true", json.dumps([{**attack, "target": True}]), r"target: must be a whole number"
    yield "target-text", json.dumps([{**attack, "target": "two"}]), r"target: must be a whole number"
    yield "player-2.5", json.dumps([{**attack, "player": 2.5}]), r"player"
    yield (
        "target-5000-digits",
        '[{"action": "attack", "player": 0, "origin": 0, "target": ' + "9" * 5000 + "}]",
        r"9 digits",
    )
    yield "target-1e400", '[{"action": "attack", "player": 0, "origin": 0, "target": 1e400}]', r"too large a number"
    yield "target-nan", '[{"action": "attack", "player": 0, "origin": 0, "target": NaN}]', r"NaN is not a number"
    yield "unknown-action", json.dumps([{"action": "teleport"}]), r"not an action of Attack the Tower"
    yield "not-a-list", json.dumps({"action": "end_turn", "player": 0}), r"a line of play is a JSON list"
    yield "list-of-numbers", "[1, 2, 3]", r"not an action of Attack the Tower"
    yield "deep", "[" * 5_000 + "]" * 5_000, r"nests deeper"
    yield "surrogate", '[{"action": "\\ud800"}]', r"lone surrogate"
    yield "broken", '[{"action": ', r"not valid JSON"
    yield "extra-field", json.dumps([{**attack, "colour": "red"}]), r"no such field"


def line_files(workdir: Path) -> list[Case]:
    """Malformed `--line` values and files through `export-test`."""
    folder = workdir / "doors"
    folder.mkdir(parents=True, exist_ok=True)
    position = folder / "att-position.json"
    position.write_text(ATTACK.text(att_examples.example("mid-game-battle")))
    cases = []
    for i, (name, text, expect) in enumerate(_line_contents()):
        path = folder / f"line-{i:02d}.json"
        path.write_text(text)
        base = ("attack-the-tower", "export-test", str(position), "--line")
        cases.append(Case(f"line file {name}", "line-file", expect, argv=(*base, str(path)), watched=(str(path),)))
        if text.startswith("[") and len(text) < 2000:
            cases.append(Case(f"line text {name}", "line-file", expect, argv=(*base, text)))
    latin = folder / "line-latin1.json"
    latin.write_bytes('[{"action": "café"}]'.encode("latin-1"))
    nodes = [
        ("latin1", str(latin), r"Latin-1"),
        ("a FIFO", str(_fifo(folder / "line-fifo.json")), r"a FIFO"),
        ("/dev/zero", "/dev/zero", r"a character device"),
        ("/dev/stdin", "/dev/stdin", r"not a regular file|No such"),
        ("a folder", str(folder), r"a folder"),
        ("missing", str(folder / "no-such-line.json"), r"neither a JSON list of actions nor a readable file"),
    ]
    for label, path_text, expect in nodes:
        argv = ("attack-the-tower", "export-test", str(position), "--line", path_text)
        cases.append(Case(f"line file {label}", "line-file", expect, argv=argv))
    return cases


# ---- values on the command line -------------------------------------------------------------------------
def command_values() -> list[Case]:
    """Values of `--variant`, `--set`, `--vary` and `--override` that are not one value of their field, and
    ladder counts past their limits: each refused before a game is played."""
    sweep = ("--games", "1", "--in-process", "--no-progress")
    att, tower, td = "attack-the-tower", "the-tower", "tower-defense"
    values: list[tuple[tuple[str, ...], str]] = [
        ((tower, "play", "--variant", 'starting_hp=1, "value": 30'), r"starting_hp: must be a whole number"),
        ((tower, "play", "--variant", 'starting_hp=6}, "x": {"y": 1'), r"starting_hp"),
        ((tower, "play", "--variant", "starting_hp=[6"), r"not valid JSON"),
        ((tower, "play", "--variant", "starting_hp=1e400"), r"too large a number"),
        ((tower, "play", "--variant", 'starting_hp="\\udfff"'), r"lone surrogate"),
        ((tower, "simulate", "--games", "1", "--no-progress", "--variant", "hp_cap=-1e400"), r"too large a number"),
        ((att, "sweep", "--set", 'turn_limit=3, "value": 4', *sweep), r"turn_limit: must be a whole number"),
        ((att, "sweep", "--set", "turn_limit=3.0", *sweep), r"turn_limit: must be a whole number"),
        ((att, "sweep", "--set", "turn_limit=true", *sweep), r"turn_limit: must be a whole number"),
        ((att, "sweep", "--set", "turn_limit=" + "9" * 5000, *sweep), r"--set turn_limit: a number has more than 9"),
        ((att, "sweep", "--set", "turn_limit=1e999", *sweep), r"--set turn_limit: 1e999 is too large a number"),
        ((att, "sweep", "--vary", "cavalry_power=1e400", *sweep), r"--vary cavalry_power: 1e400 is too large"),
        ((att, "sweep", "--vary", "cavalry_power=2,-1e400", *sweep), r"--vary cavalry_power: -1e400 is too large"),
        ((att, "sweep", "--vary", "cavalry_power=NaN", *sweep), r"NaN is not a number"),
        ((att, "sweep", "--vary", 'cavalry_power=2, "value": 4', *sweep), r"cavalry_power"),
        (
            (
                att,
                "sweep",
                "--vary",
                "cavalry_power=" + "[" * 40 + "1" + "]" * 40,
                *sweep,
            ),
            r"nests deeper",
        ),
        (
            (att, "sweep", "--override", "undead.ghost.special_troop.power=true", *sweep),
            r"power: must be a whole number",
        ),
        (
            (att, "sweep", "--override", "undead.ghost.special_troop.power=2.0", *sweep),
            r"power: must be a whole number",
        ),
        ((att, "sweep", "--override", "undead.graveyard.copies=2.0", *sweep), r"copies: must be a whole number"),
        ((att, "sweep", "--override", "undead.graveyard.copies=1e400", *sweep), r"too large a number"),
        ((att, "sweep", "--override", "undead.graveyard.copies=" + "7" * 5000, *sweep), r"more than 9 digits"),
        ((att, "sweep", "--override", 'undead.graveyard.name="\\ud800"', *sweep), r"lone surrogate"),
        ((att, "sweep", "--override", "undead.graveyard.name=\x1b[2J", *sweep), r"name: holds a control character"),
        ((td, "sweep", "--override", "swift.name=\x07bell", *sweep), r"control character|no such field"),
        ((td, "sweep", "--override", "standard.1.build_cost=2.0", *sweep), r"whole number"),
        ((td, "sweep", "--override", "standard.1.build_cost=true", *sweep), r"whole number"),
        ((td, "sweep", "--override", "standard.1.build_cost=1e400", *sweep), r"too large a number"),
        ((att, "ladder", "--games", "1000000000000"), r"--games takes a whole number from 2 to 100,000"),
        ((att, "ladder", "--games", "0"), r"--games takes a whole number from 2 to 100,000, not 0"),
        ((att, "ladder", "--seed", "-5"), r"--seed takes a whole number from 0"),
        ((att, "ladder", "--seed", "9" * 5000), r"too long"),
        ((att, "ladder", "--turn-limit", "0"), r"--turn-limit takes a whole number from 1"),
        ((att, "ladder", "--turn-limit", "2.5"), r"--turn-limit takes a whole number"),
        ((tower, "ladder", "--games", "-3"), r"--games takes a whole number|expected one argument"),
        ((tower, "ladder", "--seed", "true"), r"--seed takes a whole number"),
        ((td, "ladder", "--players", "0"), r"--players takes a whole number from 1 to 4"),
        ((td, "ladder", "--games", "1e9"), r"--games takes a whole number"),
        ((td, "ladder", "--turn-limit", "99999"), r"--turn-limit takes a whole number from 1 to 10,000"),
    ]
    return [Case(f"value {' '.join(argv)[:70]!r}", "cli-value", expect, argv=argv) for argv, expect in values]


# ---- schedulers ------------------------------------------------------------------------------------------
def schedulers() -> list[Case]:
    """Scheduler addresses the installed Dask cannot use, and one that accepts and never answers."""
    sweep = ("the-tower", "sweep", "--games", "1", "--no-progress", "--scheduler")
    addresses = [
        ("ucx://127.0.0.1:8786", r"'ucx' not with the packages installed here"),
        ("inproc://127.0.0.1/1/2", r"SCHEME://HOST:PORT"),
        ("gopher://127.0.0.1:70", r"Dask has no 'gopher' connections"),
        ("http://127.0.0.1:8786", r"Dask has no 'http' connections"),
        ("tcp://127.0.0.1", r"SCHEME://HOST:PORT"),
        ("tcp://127.0.0.1:abc", r"SCHEME://HOST:PORT"),
        ("tcp://127.0.0.1:70000", r"a port is a number from 1 to 65535"),
        ("tcp://127.0.0.1:0", r"a port is a number from 1 to 65535"),
        ("tls://127.0.0.1:1", r"needs Dask's TLS configuration"),
        ("wss://127.0.0.1:1", r"needs Dask's TLS configuration"),
        ("", r"SCHEME://HOST:PORT"),
        ("\x1b[2J://x:1", r"\\x1b\[2J|SCHEME://HOST:PORT|no .* connections"),
        (SILENT, r"no answer within 10 s"),
    ]
    return [Case(f"scheduler {text[:40]!r}", "scheduler", expect, argv=(*sweep, text)) for text, expect in addresses]


# ---- the sweep cache -------------------------------------------------------------------------------------
CACHE_SWEEP = ("the-tower", "sweep", "--vary", "starting_hp=6", "--games", "2", "--in-process", "--no-progress")


def _cell_path(folder: Path) -> Path:
    """Where the cache case's one cell is kept in `folder` (the spec the command line builds)."""
    from rules.cli import build_parser
    from rules.sweeps.cache import SweepCache
    from rules.sweeps.cells import cells
    from rules.sweeps.cli import spec_from

    spec = spec_from(build_parser().parse_args([*CACHE_SWEEP, "--cache", str(folder)]))
    return SweepCache(folder).path(cells(spec)[0])


def _good_cell() -> pd.DataFrame:
    from rules.sweeps.frames import normalized

    columns: dict[str, list[Any]] = {"game_index": [0, 1], "seed": [11, 12], "returns_0": [1, 0]}
    columns.update(winner=[None, None], won=[True, False], steps=[30, 40], turns=[None, None])
    columns.update(floor_reached=[4, 2], termination=["won", "died"], cards=["", ""])
    return normalized(pd.DataFrame(columns), 1)


def _parquet(frame: pd.DataFrame) -> bytes:
    buffer = io.BytesIO()
    frame.to_parquet(buffer, index=False)
    return buffer.getvalue()


def _plant(path: Path, content: bytes, *, digest: bytes | None = None) -> None:
    path.write_bytes(content)
    written = hashlib.sha256(content if digest is None else digest).hexdigest()
    path.with_suffix(".sha256").write_text(f"{written}  {path.name}\n")


def _sparse(path: Path) -> None:
    """A file larger than a cell may be, taking no room on the disk (a hole)."""
    with path.open("wb") as handle:
        handle.truncate(limits.MAX_CACHE_CELL_BYTES + 1)


def _cache_plants(folder: Path, path: Path) -> Iterator[tuple[str, str]]:
    """Bad cells planted in cache folders, one per case: (name, words the run must print)."""
    good = _good_cell()
    plants: list[tuple[str, Callable[[Path], object], str]] = [
        (
            "edited",
            lambda p: _plant(p, _parquet(good.assign(won=[True, True])), digest=b"x"),
            r"differs from the digest",
        ),
        ("text-seed", lambda p: _plant(p, _parquet(good.assign(seed=["a", "b"]))), r"columns seed do not hold"),
        (
            "missing-columns",
            lambda p: _plant(p, _parquet(good.drop(columns=["winner", "won"]))),
            r"missing winner, won",
        ),
        ("extra-column", lambda p: _plant(p, _parquet(good.assign(bribe=[1, 2]))), r"unexpected bribe"),
        ("one-game", lambda p: _plant(p, _parquet(good.iloc[:1])), r"holds 1 games, not the cell's 2"),
        ("negative-steps", lambda p: _plant(p, _parquet(good.assign(steps=[-1, 3]))), r"negative seed or length"),
        (
            "winner-9",
            lambda p: _plant(p, _parquet(good.assign(winner=pd.array([9, 9], dtype="Int64")))),
            r"not a player",
        ),
        ("renumbered", lambda p: _plant(p, _parquet(good.assign(game_index=[5, 6]))), r"not numbered"),
        ("not-parquet", lambda p: _plant(p, b"PAR1 but not really"), r"not a Parquet file"),
        ("empty", lambda p: _plant(p, b""), r"not a Parquet file"),
        ("no-digest", lambda p: p.write_bytes(_parquet(good)), r"no readable digest"),
        ("fifo", lambda p: os.mkfifo(p), r"a FIFO"),
        ("folder", lambda p: p.mkdir(), r"a folder"),
        ("link-to-dev-zero", lambda p: p.symlink_to("/dev/zero"), r"a character device"),
        ("huge-sparse", _sparse, r"64,000,000"),
    ]
    for name, plant, words in plants:
        cell_folder = folder / f"cache-{name}"
        cell_folder.mkdir(parents=True, exist_ok=True)
        cell = cell_folder / path.name
        if not cell.exists() and not cell.is_symlink():
            plant(cell)
        yield name, words


def cache_cells(workdir: Path) -> list[Case]:
    """A sweep over a cache holding one bad cell: the run succeeds, plays the cell again and says why."""
    folder = workdir / "doors"
    folder.mkdir(parents=True, exist_ok=True)
    name_only = _cell_path(folder / "probe")
    cases = []
    for name, words in _cache_plants(folder, name_only):
        argv = (*CACHE_SWEEP, "--cache", str(folder / f"cache-{name}"))
        expect = rf"1 cell replayed: its file did not match \(.*{words}"
        cases.append(Case(f"cache cell {name}", "cache", expect, argv=argv, succeeds=True))
    return cases


# ---- saves and exports ----------------------------------------------------------------------------------
def _nodes(folder: Path, suffix: str) -> list[tuple[str, Path]]:
    """Nodes a save must refuse and leave as they are, made here with names ending in `suffix`: a FIFO, a
    character device (as root), a symbolic link to a file, one to a FIFO and one to nowhere."""
    folder.mkdir(parents=True, exist_ok=True)
    kept = folder / "kept.json"
    kept.write_text("the file a link names")
    fifo = _fifo(folder / f"save-fifo{suffix}")
    nodes = [("a FIFO", fifo)]
    device = folder / f"save-device{suffix}"
    if os.geteuid() == 0:
        if not device.exists():
            os.mknod(device, stat.S_IFCHR | 0o600, os.makedev(1, 3))
        nodes.append(("a character device", device))
    for label, target in (("a link to a file", kept), ("a link to a FIFO", fifo), ("a link to nowhere", None)):
        link = folder / f"save-{label.replace(' ', '-')}{suffix}"
        if not link.is_symlink():
            link.symlink_to(target or folder / "nowhere.json")
        nodes.append((label, link))
    return nodes


def saves(workdir: Path) -> list[Case]:
    """Saving a position, exporting a line test and writing a sweep's rows to nodes that are not regular
    files: refused in words, each node left as it was (watched)."""
    folder = workdir / "doors" / "saves"
    words = r"cannot write .*: it is (not a regular file|a symbolic link)"
    cases = []
    for label, node in _nodes(folder, ".json"):
        watched = (str(node), str(folder / "kept.json"))
        for game in GAMES:
            cases.append(
                Case(f"{game} save to {label}", "save", words, call=(game, "save", str(node)), watched=watched)
            )
            cases.append(
                Case(
                    f"{game} panel save to {label}",
                    "save",
                    words,
                    call=(game, "panel.save", str(node)),
                    watched=watched,
                )
            )
        cases.append(
            Case(
                f"export test to {label}", "save", words, call=("the-tower", "export_test", str(node)), watched=watched
            )
        )
    for label, node in _nodes(folder, ".csv"):
        argv = ("the-tower", "sweep", "--games", "1", "--in-process", "--no-progress", "--out", str(node))
        cases.append(Case(f"sweep rows to {label}", "save", words, argv=argv, watched=(str(node),)))
    return cases


# ---- panel and explorer methods ---------------------------------------------------------------------------
def methods() -> list[Case]:
    """Panel and explorer methods given arguments of the wrong kind, unknown fields, negative counts and
    malformed keys: refused in words, the position kept."""
    calls: list[tuple[tuple[Any, ...], str, tuple[tuple[str, Any], ...]]] = []
    for game in GAMES:
        calls += [
            ((game, "branch", 7), r"a branch name must be text, not a number: 7", ()),
            ((game, "branch", ""), r"is not a branch name", ()),
            ((game, "branch", "x" * 5000), r"is not a branch name: 1 to 100 printable characters", ()),
            ((game, "branch", "\x1b[2J"), r"\\x1b\[2J' is not a branch name", ()),
            ((game, "switch", 7), r"a branch name must be text", ()),
            ((game, "switch", None), r"a branch name must be text, not nothing \(None\)$", ()),
            ((game, "panel.branch", 7), r"a branch name must be text, not a number: 7", ()),
            ((game, "panel.switch", ["main"]), r"a branch name must be text", ()),
            ((game, "panel.click", None), r"must be text, not nothing \(None\)$", ()),
            ((game, "panel.click", 7), r"must be text, not a number: 7", ()),
            ((game, "panel.click", "k" * 5000), r"1 to 100 printable characters", ()),
            ((game, "export_test", None, -1), r"start must be|start: must be", ()),
            ((game, "export_test", None, True), r"start: must be a whole number", ()),
            ((game, "export_test", None, 10**9), r"start must be|start: must be", ()),
        ]
    calls += [
        (("attack-the-tower", "panel.click", "px/ty/sz"), r"px/ty/sz is not a place on the board", ()),
        (("attack-the-tower", "panel.click", "p0/t1"), r"is not a place on the board", ()),
        (("attack-the-tower", "panel.edit", 5), r"an edit is a function of the explorer", ()),
        (("attack-the-tower", "panel.edit", "set_hp"), r"an edit is a function of the explorer", ()),
        (("attack-the-tower", "advance", -1), r"limit: must be from 1 to", ()),
        (("attack-the-tower", "advance", True), r"limit: must be a whole number", ()),
        (("attack-the-tower", "advance", 2.5), r"limit: must be a whole number", ()),
        (("attack-the-tower", "advance", 10**12), r"limit: must be from 1 to 1000000", ()),
        (("the-tower", "set_table"), r"nonsense: the table has no such part", (("nonsense", 1),)),
        (("the-tower", "set_table"), r"hand: must be a list of cards", (("hand", 5),)),
        (("the-tower", "set_table"), r"hp: must be a whole number", (("hp", True),)),
        (("the-tower", "set_table"), r"hp: must be from 0 to 1000", (("hp", -4),)),
        (("the-tower", "set_table"), r"action_points: must be a whole number", (("action_points", 1.5),)),
        (("the-tower", "set_table"), r"fight: must be a fight", (("fight", "now"),)),
        (("the-tower", "set_table"), r"rules: must be the rules", (("rules", {"starting_hp": 3}),)),
        (("the-tower", "panel.edit"), r"nonsense: the table has no such part", (("nonsense", 1),)),
        (("the-tower", "panel.click", "room:abc"), r"room:abc names no room", ()),
        (("the-tower", "panel.click", "room:-1"), r"names no room", ()),
        (("the-tower", "panel.click", "room:" + "9" * 5000), r"printable characters|names no room", ()),
        (("the-tower", "panel.click", "sword:1"), r"nothing to do with", ()),
        (("tower-defense", "panel.edit", None), r"an edit is a function of the explorer", ()),
        (("tower-defense", "panel.click", "9" * 5000), r"1 to 100 printable characters", ()),
    ]
    return [
        Case(f"method {' '.join(map(str, c))[:60]!r} {dict(kw)!r}"[:110], "method", expect, call=c, kwargs=kw)
        for c, expect, kw in calls
    ]


def build(workdir: Path) -> list[Case]:
    """Every case of the new doors, their files written under `workdir`."""
    return [
        *army_files(workdir),
        *line_files(workdir),
        *command_values(),
        *schedulers(),
        *cache_cells(workdir),
        *saves(workdir),
        *methods(),
    ]
