"""The malformed-input corpus: at least 850 inputs that every part of the project must refuse in words.

Position files of the three games (broken JSON, other encodings, hostile sizes, wrong types at every kind
of field, numbers past their limits, inconsistent battle and mode fields), share codes (damaged, oversized,
decompression bombs), command-line arguments, `--variant` values and the explorers' methods, then the doors
added since (tests/malformed_doors.py: army and line files, command-line values, schedulers, cache cells,
saves, panel methods). Each case says
where it goes and which words the refusal must contain (the problem named). `tests/malformed_runner.py`
runs them; `tests/test_malformed_corpus.py` checks the results.
"""

from __future__ import annotations

import base64
import dataclasses
import gzip
import json
import random
import zlib
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.attack_the_tower import examples as att_examples
from rules.attack_the_tower.game import POSITION as ATTACK
from rules.core import limits
from rules.line_export import GAMES as EXPORTED
from rules.the_tower import examples as tower_examples
from rules.tower_defense import examples as td_examples

GAMES = ("attack-the-tower", "the-tower", "tower-defense")
SHARE_PREFIXES = {"attack-the-tower": "ATT1-", "the-tower": "TT1-", "tower-defense": "TD1-"}
EXAMPLES: dict[str, tuple[Callable[[str], Any], tuple[str, ...]]] = {
    "attack-the-tower": (att_examples.example, ("mid-game-battle", "opening", "palace-assault")),
    "the-tower": (tower_examples.example, ("opening", "fight-in-progress", "last-rooms")),
    "tower-defense": (td_examples.example, ("busy-board", "movement-example")),
}
READ_COMMANDS: dict[str, tuple[tuple[str, ...], ...]] = {
    "attack-the-tower": (("validate",), ("battle", "--from", "1", "--to", "2"), ("odds", "--from", "1", "--to", "2")),
    "the-tower": (("validate",), ("fight",), ("odds",)),
    "tower-defense": (("validate",), ("plan",), ("income",), ("move",)),
}
"""The commands that read a position file (the file's path is put after the first word)."""

ANY_WORDS = r"."
"""For refusals whose words are argparse's own (it names the option): any message on stderr."""


@dataclass(frozen=True)
class Case:
    """One malformed input: where it goes (a CLI run or an explorer call) and what the refusal must say."""

    name: str
    category: str
    expect: str
    """A regular expression the refusal's message must match: the problem named."""
    argv: tuple[str, ...] = ()
    """For a CLI case: the arguments of `tower-rules`."""
    call: tuple[Any, ...] = ()
    """For an explorer case: (game, method, *arguments); a panel case has method 'panel.<method>'."""
    own_process: bool = False
    """Run as its own `tower-rules` process (closed or full stdout, reading a FIFO)."""
    watched: tuple[str, ...] = field(default=())
    """Files (or other nodes: FIFOs, devices, links) that must be unchanged after the run (nothing lost)."""
    kwargs: tuple[tuple[str, Any], ...] = ()
    """For an explorer case: keyword arguments of the call."""
    succeeds: bool = False
    """The input is handled, not refused (a cache cell played again): the run must succeed, and its output
    match `expect`."""


# ---- position files ----------------------------------------------------------------------------------
def _example_json(game: str, name: str) -> dict[str, Any]:
    make, _ = EXAMPLES[game]
    return EXPORTED[game].game.positions.data(make(name))


def _leaves(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every (path, value) of the JSON tree whose value is not a non-empty container."""
    if isinstance(data, dict) and data:
        for k, v in data.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(data, list) and data:
        for i, v in enumerate(data):
            yield from _leaves(v, (*path, i))
    else:
        yield path, data


def _set(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    """A deep copy of `data` with the value at `path` replaced."""
    copy = json.loads(json.dumps(data))
    node = copy
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value
    return copy


def _j(data: Any) -> bytes:
    """JSON text of `data`, as the bytes of a file."""
    return json.dumps(data).encode()


def _wrong_values(value: Any) -> list[tuple[str, Any]]:
    """Values of another JSON type than `value`'s, each wrong for its field under strict types."""
    if isinstance(value, bool):
        return [("number-for-bool", 1), ("text-for-bool", "yes")]
    if isinstance(value, int):
        return [("bool-for-int", True), ("float-for-int", 2.5), ("text-for-int", "seven"), ("list-for-int", [1])]
    if isinstance(value, str):
        return [("number-for-text", 7), ("list-for-text", [value]), ("object-for-text", {"id": value})]
    if isinstance(value, list):
        return [("text-for-list", "x"), ("number-for-list", 3), ("object-for-list", {"0": 1})]
    if isinstance(value, dict):
        return [("list-for-object", []), ("text-for-object", "x")]
    return []


TYPE_WORDS = r"must be|must hold|not a|no such field|is not|there is no|unknown|a list|expected"


def _file_mutations(game: str, rng: random.Random) -> Iterator[tuple[str, bytes, str]]:
    """(name, file content, expected words) for one game's malformed position files."""
    base_name = EXAMPLES[game][1][0]
    base = _example_json(game, base_name)
    good = json.dumps(base)
    # syntax, encoding and size
    yield "truncated", good[: len(good) // 2].encode(), r"not valid JSON"
    yield "empty", b"", r"not valid JSON: it is empty"
    first = next(iter(base))  # a field given twice: the last value was kept without a word
    yield (
        "key-twice",
        good.replace("{", "{" + json.dumps(first) + ": " + json.dumps(base[first]) + ", ", 1).encode(),
        (rf"the field '{first}' is given twice; give it once"),
    )
    yield "trailing-garbage", (good + " }{").encode(), r"not valid JSON"
    yield "a-list", b"[1, 2, 3]", r"must hold a JSON object"
    yield "a-number", b"42", r"must hold a JSON object"
    yield "null", b"null", r"must hold a JSON object"
    yield "utf16-bom", good.encode("utf-16"), r"UTF-16"
    yield "utf16-no-bom", good.encode("utf-16-le"), r"UTF-16"
    yield "utf16-be-no-bom", good.encode("utf-16-be"), r"UTF-16"
    yield "gzip", gzip.compress(good.encode(), mtime=0), r"binary data"  # its fourth byte is zero: not UTF-16 for that
    yield "latin1", good.replace("}", ', "x": "caf\u00e9"}', 1).encode("latin-1"), r"not UTF-8"
    yield "binary", bytes(rng.randrange(256) for _ in range(2000)), r"UTF-8|UTF-16|not valid JSON"
    yield "nul-bytes", b"\x00" * 64, r"UTF-16|UTF-8|not valid JSON"
    yield "deep-list", b"[" * 100_000 + b"]" * 100_000, r"nests deeper|must hold a JSON object"
    yield "deep-object", (b'{"a":' * 50_000 + b"1" + b"}" * 50_000), r"nests deeper"
    yield (
        "deep-in-field",
        _j(
            _set(
                base,
                next(iter(_leaves(base)))[0],
                [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]],
            )
        ),
        r"nests deeper",
    )
    yield "huge-integer", good.replace("{", '{"turn": ' + "9" * 5000 + ",", 1).encode(), r"more than 9 digits"
    yield "nan", good.replace("{", '{"x": NaN,', 1).encode(), r"NaN is not a number"
    yield "infinity", good.replace("{", '{"x": -Infinity,', 1).encode(), r"Infinity is not a number"
    yield "oversized", (good + " " * (limits.MAX_FILE_BYTES + 10)).encode(), r"limit|at most"
    yield "escape-field", good.replace("{", '{"\\u001b[31mred\\u0007": 1,', 1).encode(), r"\\x1b\[31mred\\x07"
    text_leaf = next(path for path, value in _leaves(base) if isinstance(value, str))
    yield "escape-value", _j(_set(base, text_leaf, "\x1b]0;owned\x07")), TYPE_WORDS
    yield "unknown-field", good.replace("{", '{"colour_of_sky": "blue",', 1).encode(), r"no such field"
    # wrong types, sampled over every kind of leaf
    leaves = list(_leaves(base))
    rng.shuffle(leaves)
    chosen = leaves[:40]
    for path, value in chosen:
        for label, wrong in _wrong_values(value)[:2]:
            where = ".".join(str(p) for p in path)
            yield f"{label}@{where}", _j(_set(base, path, wrong)), TYPE_WORDS
    # numbers past their limits: every rules number one above its bound, and below zero
    rules = base.get("rules", {})
    for name, value in sorted(rules.items()):
        if isinstance(value, int) and not isinstance(value, bool):
            over = limits.rules_number_limit(name) + 1
            yield f"rules.{name}-over-limit", _j(_set(base, ("rules", name), over)), r"at most"
            yield f"rules.{name}-true", _j(_set(base, ("rules", name), True)), r"whole number"
            yield f"rules.{name}-negative", _j(_set(base, ("rules", name), -3)), r"at least|at most"
    yield from _game_specific(game, base)


def _game_specific(game: str, base: dict[str, Any]) -> Iterator[tuple[str, bytes, str]]:
    """Inconsistencies only a check of one field against the rest can find."""
    if game == "tower-defense":
        yield "unknown-mode", _j({**base, "mode": "nightmare-99"}), r"no game mode"
        yield "mode-number", _j({**base, "mode": 3}), TYPE_WORDS
        yield "track-length-1e8", _j(_set(base, ("rules", "track_length"), 10**8)), r"at most 100"
        yield "track-length-1e6", _j(_set(base, ("rules", "track_length"), 10**6)), r"at most 100"
        yield "no-players", _j({**base, "players": []}), r"at least"
        yield "negative-lives", _j({**base, "lives": -1}), r"at least"
        yield "starting-player-9", _j({**base, "starting_player": 9}), r"at most"
    if game == "the-tower":
        yield "floor-number", _j({"hand": ["8C"], "floor": 5}), TYPE_WORDS
        yield "floor-text", _j({"hand": ["8C"], "floor": "KC?"}), TYPE_WORDS
        yield "floor-objects", _j({"hand": ["8C"], "floor": [{"a": 1}, "?"]}), TYPE_WORDS
        yield "room-waste-number", _j({"hand": ["8C"], "room_waste": 3}), TYPE_WORDS
        yield "room-waste-object", _j({"hand": ["8C"], "room_waste": {"KC": 1}}), TYPE_WORDS
        yield "hand-number", _j({"hand": 8}), TYPE_WORDS
        yield (
            "fight-room-negative",
            _j({"hand": ["8C"], "floor": ["KC"], "fight": {"room": -1, "monster_hp": 3}}),
            r"at least",
        )
        yield "hp-negative", _j({**base, "hp": -5}), r"at least"
        yield (
            "monster-hp-true",
            _j({"hand": ["8C"], "floor": ["KC"], "fight": {"room": 0, "monster_hp": True}}),
            r"whole number",
        )
    if game == "attack-the-tower":
        battle = _battle_json()
        yield (
            "battle-pending-ghost",
            _j(_set(battle, ("battle", "pending"), [{"assignments": [["p9/t7/s7/0", 1]]}, None])),
            r"pending\.0: no unit of this battle is at p9/t7/s7/0",
        )
        yield (
            "battle-pending-over",
            _j(_set(battle, ("battle", "pending"), [{"assignments": [["p1/t1/s0/0", 99]]}, None])),
            r"pending\.0: ",
        )
        yield (
            "battle-damage-1e9",
            _j(_set(battle, ("battle", "damage"), [["p1/t1/s0/0", 999_999_999]])),
            r"toughness|not a unit",
        )
        yield (
            "battle-damage-ghost",
            _j(_set(battle, ("battle", "damage"), [["p5/nowhere", 1]])),
            r"not a unit",
        )
        yield "battle-dead-ghost", _j(_set(battle, ("battle", "dead"), ["p0/t9/s9/9"])), r"not a unit"
        yield (
            "battle-dead-twice",
            _j(_set(battle, ("battle", "dead"), ["p1/t1/s0/0", "p1/t1/s0/0"])),
            r"twice|not a unit",
        )
        yield "battle-origin-negative", _j(_set(battle, ("battle", "origin"), -1)), r"at least"
        yield "battle-target-3", _j(_set(battle, ("battle", "target"), 3)), r"less than"
        yield "battle-leftover-huge", _j(_set(battle, ("battle", "leftover"), [0, 99_999_999])), r"leftover"
        yield "battle-specials-ghost", _j(_set(battle, ("battle", "specials"), [7])), r"no special troop"
        yield "battle-without-phase", _j({**battle, "phase": "main"}), r"battle"
        yield "attacker-2", _j({**battle, "attacker": 2}), r"must be one of"
        yield "attacker-negative", _j({**battle, "attacker": -1}), r"must be one of"
        yield (
            "troops-over",
            _j(_set(battle, ("players", 0, "territories", 1, 0), {"card": "x", "troops": 10**8})),
            r"more than 9 digits|no card|more than",
        )


def _battle_json() -> dict[str, Any]:
    """A position of Attack the Tower in the middle of a battle, the attacker about to distribute damage."""
    from explorer.attack_the_tower.explorer import Explorer

    explorer = Explorer("mid-game-battle")
    explorer.attack(0, 1)
    while explorer.request(0) is None:
        explorer.step()
    data: dict[str, Any] = json.loads(ATTACK.text(explorer.state))
    return data


def position_files(workdir: Path, rng: random.Random) -> list[Case]:
    """Malformed position files of the three games, each through every command that reads a file."""
    cases: list[Case] = []
    files = workdir / "files"
    files.mkdir(parents=True, exist_ok=True)
    for game in GAMES:
        commands = READ_COMMANDS[game]
        for i, (name, content, expect) in enumerate(_file_mutations(game, rng)):
            path = files / f"{game}-{i:03d}.json"
            path.write_bytes(content)
            command = commands[i % len(commands)]
            argv = (game, command[0], str(path), *command[1:])
            cases.append(
                Case(f"{game} file {name} ({command[0]})", f"file:{game}", expect, argv=argv, watched=(str(path),))
            )
        for command in commands:
            argv = (game, command[0], str(files / "no-such-file.json"), *command[1:])
            cases.append(Case(f"{game} {command[0]} missing file", f"file:{game}", r"No such file", argv=argv))
        cases.append(Case(f"{game} a folder", f"file:{game}", r"a folder", argv=(game, "validate", str(files))))
        cases.append(
            Case(f"{game} /dev/zero", f"file:{game}", r"not a regular file", argv=(game, "validate", "/dev/zero"))
        )
    return cases


# ---- share codes -----------------------------------------------------------------------------------------
def _code(prefix: str, raw: bytes) -> str:
    return prefix + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def _changed(code: str) -> str:
    """The code with one character of its middle replaced (the checksum inside a share code catches it)."""
    middle = len(code) // 2
    return code[:middle] + ("B" if code[middle] != "B" else "C") + code[middle + 1 :]


def share_codes(rng: random.Random) -> list[Case]:
    """Damaged, hostile and illegal share codes, through each explorer's `load_share_code`."""
    cases: list[Case] = []
    for game in GAMES:
        prefix = SHARE_PREFIXES[game]
        other = SHARE_PREFIXES[GAMES[(GAMES.index(game) + 1) % 3]]
        good = _j(_example_json(game, EXAMPLES[game][1][0]))
        codes = [
            ("empty", "", r"starts with"),
            ("other-game", _code(other, good), r"starts with"),
            ("truncated", _code(prefix, good)[:-12], r"damaged"),
            ("not-base64", prefix + "!!!*** not a code ***", r"damaged"),
            ("not-zlib", prefix + base64.urlsafe_b64encode(b"hello, this is plain text").decode(), r"damaged"),
            ("zlib-bomb", _code(prefix, b" " * 5_000_000), r"inflates to more than"),
            ("ratio-bomb", _code(prefix, b"{" + b" " * 400_000 + b"}"), r"inflates to more than"),
            ("oversized", prefix + "A" * (limits.MAX_SHARE_CODE_CHARS + 5), r"at most"),
            ("a-list", _code(prefix, b"[1,2]"), r"JSON object"),
            ("latin1", _code(prefix, '{"x": "caf\u00e9"}'.encode("latin-1")), r"damaged"),
            ("deep", _code(prefix, b"[" * 10_000 + b"]" * 10_000), r"nests deeper|JSON object|inflates to more"),
            ("huge-number", _code(prefix, b'{"turn": ' + b"7" * 4000 + b"}"), r"more than 9 digits"),
            ("escape-field", _code(prefix, good.replace(b"{", b'{"\\u001b[2J": 1,', 1)), r"\\x1b\[2J"),
            ("trailing-data", _code(prefix, good) + base64.urlsafe_b64encode(b"junk").decode(), r"damaged"),
            ("one-character-changed", _changed(_code(prefix, good)), r"damaged"),
        ]
        base = _example_json(game, EXAMPLES[game][1][0])
        leaves = list(_leaves(base))
        rng.shuffle(leaves)
        for path, value in leaves[:6]:
            for label, wrong in _wrong_values(value)[:1]:
                codes.append(
                    (
                        f"{label}@{'.'.join(map(str, path))}",
                        _code(prefix, _j(_set(base, path, wrong))),
                        TYPE_WORDS,
                    )
                )
        for name, code, expect in codes:
            cases.append(Case(f"{game} share code {name}", "share-code", expect, call=(game, "load_share_code", code)))
    return cases


# ---- command-line arguments ----------------------------------------------------------------------------
def cli_arguments(workdir: Path) -> list[Case]:
    """Bad options and values for every command, refused before any work starts."""
    att = workdir / "files" / "att-good.json"
    att.write_text(ATTACK.text(att_examples.example("mid-game-battle")))
    tower = workdir / "files" / "tower-good.json"
    tower.write_text(EXPORTED["the-tower"].game.positions.text(tower_examples.example("opening")))
    a, t = str(att), str(tower)
    huge = "9" * 5000
    bad: list[tuple[tuple[str, ...], str]] = [
        (("attack-the-tower", "battle", a, "--from", "0", "--to", "1"), r"from 1 to 3"),
        (("attack-the-tower", "battle", a, "--from", "4", "--to", "1"), r"from 1 to 3"),
        (("attack-the-tower", "battle", a, "--from", "-1", "--to", "1"), r"from 1 to 3|expected one argument"),
        (
            ("attack-the-tower", "battle", a, "--from", "one", "--to", "2"),
            r"--from takes a territory number from 1 to 3, not .one.",
        ),
        (("attack-the-tower", "battle", a, "--from", huge, "--to", "2"), r"invalid int value"),
        (("attack-the-tower", "battle", a, "--from", "1.5", "--to", "2"), r"invalid int value"),
        (("attack-the-tower", "battle", a, "--from", "1", "--to", "2", "--seed", "-4"), r"from 0"),
        (("attack-the-tower", "battle", a, "--from", "1", "--to", "2", "--seed", huge), r"too long"),
        (("attack-the-tower", "battle", a, "--from", "1", "--to", "2", "--policy", "psychic"), r"invalid choice"),
        (("attack-the-tower", "battle", a, "--to", "2"), r"required"),
        (
            ("attack-the-tower", "odds", a, "--from", "1", "--to", "2", "--samples", "1000000000"),
            r"from 0 to 1,000,000",
        ),
        (
            ("attack-the-tower", "odds", a, "--from", "1", "--to", "2", "--samples", "-1"),
            r"from 0|expected one argument",
        ),
        (("attack-the-tower", "odds", a, "--from", "1", "--to", "2", "--policy", "psychic"), r"psychic|policy"),
        (("attack-the-tower", "odds", a, "--from", "1", "--to", "2", "--objective", "glory"), r"invalid choice"),
        (("attack-the-tower", "play", "--armies", "undead"), r"two armies"),
        (("attack-the-tower", "play", "--armies", "undead,robots"), r"no army 'robots'"),
        (("attack-the-tower", "play", "--turn-limit", "0"), r"from 1 to"),
        (("attack-the-tower", "play", "--turn-limit", "1000000000000"), r"too long|from 1 to"),
        (("attack-the-tower", "play", "--policy", "psychic"), r"psychic|policy"),
        (("attack-the-tower", "example", "\x1b[31mno-such"), r"\\x1b\[31mno-such|unknown|no example"),
        (("attack-the-tower", "example", "nowhere"), r"nowhere"),
        (("attack-the-tower", "teleport"), r"invalid choice"),
        (("chess", "validate", a), r"invalid choice"),
        (("the-tower", "simulate", "--games", "1000000000000"), r"from 1 to 100,000"),
        (("the-tower", "simulate", "--games", "0"), r"from 1 to"),
        (("the-tower", "simulate", "--games", "lots"), r"whole number"),
        (("the-tower", "simulate", "--games", "2.0"), r"whole number"),
        (("the-tower", "simulate", "--policy", "psychic"), r"invalid choice"),
        (("the-tower", "play", "--seed", "-1"), r"from 0"),
        (("the-tower", "play", "--seed", "x"), r"whole number"),
        (("the-tower", "odds", t, "--lookahead", "forever"), r"invalid choice"),
        (("the-tower", "fight"), r"required|the following arguments"),
        (("the-tower", "example", "nowhere"), r"nowhere"),
        (("tower-defense", "play", "--players", "9"), r"from 1 to 4"),
        (("tower-defense", "play", "--players", "0"), r"from 1 to 4"),
        (("tower-defense", "play", "--players", "two"), r"whole number"),
        (("tower-defense", "play", "--scenario", "nowhere"), r"nowhere|scenario"),
        (("tower-defense", "play", "--turn-limit", "99999999999"), r"too long|from 1 to"),
        (("tower-defense", "boost", "--tower", "laser.9"), r"not a tower"),
        (("tower-defense", "boost", "--tower", "standard.1", "--level", "99"), r"from 1 to"),
        (("tower-defense", "boost", "--tower", "standard.1", "--level", "-2"), r"from 1 to|expected one argument"),
        (("tower-defense", "boost", "--tower", "standard.1", "--credits", "gold.1"), r"not a card"),
        (("tower-defense", "boost", "--tower", "standard.1", "--already", "bribes"), r"credit types"),
        (("tower-defense", "example", "nowhere"), r"nowhere"),
        *_sweep_arguments(huge),
        *_balance_arguments(huge),
    ]
    return [Case(f"cli {' '.join(argv)[:60]}", "cli", expect, argv=argv) for argv, expect in bad]


def _sweep_arguments(huge: str) -> list[tuple[tuple[str, ...], str]]:
    """Bad `sweep` options: each refused before a cluster starts or a game is played."""
    many = ",".join(str(i) for i in range(1, 2000))
    return [
        (("attack-the-tower", "sweep", "--games", "0"), r"from 1 to"),
        (("attack-the-tower", "sweep", "--games", huge), r"too long"),
        (("attack-the-tower", "sweep", "--vary", "cavalry_power=true"), r"whole number"),
        (("attack-the-tower", "sweep", "--vary", f"cavalry_power={huge}"), r"digits"),
        (("attack-the-tower", "sweep", "--vary", "gravity=1"), r"no such field"),
        (("attack-the-tower", "sweep", "--vary", "cavalry_power"), r"FIELD=VALUE"),
        (("attack-the-tower", "sweep", "--workers", "0"), r"from 1 to"),
        (("attack-the-tower", "sweep", "--chunk", huge), r"too long"),
        (("attack-the-tower", "sweep", "--armies", "undead,robots"), r"not a pair of armies"),
        (("attack-the-tower", "sweep", "--override", "undead.graveyard.copies=99"), r"26|at most|holds"),
        (("attack-the-tower", "sweep", "--override", "undead.graveyard"), r"ARMY.CARD.FIELD=VALUE"),
        (("attack-the-tower", "sweep", "--out", "rows.xlsx", "--games", "1"), r"parquet or \.csv"),
        (("the-tower", "sweep", "--vary", f"starting_hp={many}"), r"at most 1,000"),
        (("the-tower", "sweep", "--policy", "psychic"), r"psychic"),
        (("tower-defense", "sweep", "--players", "9"), r"from 1 to 4"),
        (("tower-defense", "sweep", "--scenario", "nowhere"), r"nowhere"),
        (("tower-defense", "sweep", "--override", "standrd.1.build_cost=3"), r"no such card.*standard\.1"),
        (("tower-defense", "sweep", "--override", "standard.1.build_cost=1e99"), r"whole number from 0"),
        (("tower-defense", "sweep", "--override", "rank1.b.units.9.hit_points=3"), r"no such field"),
        (("tower-defense", "sweep", "--override", "swift.level=7"), r"at most 3"),
        (("the-tower", "sweep", "--override", "standard.1.build_cost=3"), r"unrecognized arguments"),
    ]


def _balance_arguments(huge: str) -> list[tuple[tuple[str, ...], str]]:
    """Bad `balance` options: each refused before a cluster starts or a game is played."""
    return [
        (("attack-the-tower", "balance", "--tune", "cavalry_power"), r"takes NAME=LO\.\.HI"),
        (("tower-defense", "balance", "--tune", "single_credit_boost"), r"\(e\.g\. single_credit_boost=0\.\.3\)"),
        (("the-tower", "balance", "--tune", "starting_hp"), r"\(e\.g\. starting_hp=2\.\.12\)"),
        (("attack-the-tower", "balance", "--tune", "cavalry_power=4..2"), r"LO must be below HI"),
        (("attack-the-tower", "balance", "--tune", f"cavalry_power=1..{huge}"), r"digits|too long|whole number"),
        (("attack-the-tower", "balance", "--tune", "cavalry_power=true,3"), r"cannot be played|whole number"),
        (("attack-the-tower", "balance", "--tune", "gravity=1..3"), r"no rules field"),
        (("attack-the-tower", "balance", "--tune", "undead.ghost.special_troop.power=7..9"), r"current value 2"),
        (
            ("attack-the-tower", "balance", "--tune", "undead.ghost.special_troop.power=2,3,999999999"),
            r"the value 999999999 cannot be played: undead\.ghost\.special_troop\.power: must be at most 1000",
        ),
        (("attack-the-tower", "balance", "--tune", "\x1b[31m=1..2"), r"\\x1b|no rules field"),
        (("attack-the-tower", "balance", "--armies", "undead,robots"), r"no army 'robots'"),
        (("attack-the-tower", "balance", "--budget", "0"), r"from 1 to"),
        (("attack-the-tower", "balance", "--target", "nan"), r"number from 0.01 to 0.99"),
        (("attack-the-tower", "balance", "--stages", "12,,64"), r"--stages takes a whole number"),
        (("attack-the-tower", "balance", "--max-changes", "0"), r"from 1 to 10"),
        (("tower-defense", "balance", "--players", "5"), r"from 1 to 4"),
        (("tower-defense", "balance", "--tune", "standrd.1.build_cost=1..3"), r"no such card"),
        (("the-tower", "balance", "--tune", "starting_hp=1..3"), r"current value"),
        (("the-tower", "balance", "--policy", "psychic"), r"no policy 'psychic'"),
    ]


def variants() -> list[Case]:
    """Bad `--variant FIELD=VALUE` pairs for The Tower's play and simulate."""
    pairs: list[tuple[str, str]] = [
        ("starting_hp=true", r"whole number"),
        ("starting_hp=false", r"whole number"),
        ("starting_hp=2.5", r"whole number"),
        ("starting_hp=6.0", r"whole number"),
        ("starting_hp=-1", r"at least 1"),
        ("starting_hp=0", r"at least 1"),
        ("starting_hp=1001", r"at most 1000"),
        ("starting_hp=1000000000", r"more than 9 digits"),
        ("starting_hp=" + "9" * 5000, r"more than 9 digits"),
        ("starting_hp=six", r"whole number"),
        ("starting_hp=[6]", r"whole number"),
        ("starting_hp=NaN", r"NaN is not a number"),
        ("starting_hp=Infinity", r"Infinity is not a number"),
        ("starting_hp=", r"whole number"),
        ("starting_action_points=101", r"at most 100"),
        ("starting_action_points=true", r"whole number"),
        ("rooms_per_floor=0", r"at least 1"),
        ("rooms_per_floor=17", r"at most 16"),
        ("rooms_per_floor=4.0", r"whole number"),
        ("starting_attack_cards=28", r"at most 27"),
        ("starting_potions=-2", r"at least 0"),
        ("hand_limit=1", r"cannot hold"),
        ("hand_limit=61", r"at most 60"),
        ("hand_limit=true", r"whole number"),
        ("hp_cap=0", r"at least 1"),
        ("same_colour_multiplier=true", r"whole number"),
        ("opposite_colour_multiplier=5000", r"at most 1000"),
        ("damage_per_floor=1e3", r"whole number"),
        ('jack={"damage": true, "hp": 10, "points": 1}', r"whole number"),
        ('jack={"damage": 1, "hp": 100000, "points": 1}', r"at most 1000"),
        ("jack=[1, 10, 1]", r"object"),
        ("fight_actions=sometimes", r"must be one of"),
        ("fight_actions=1", r"must be one of"),
        ("may_leave_fight=1", r"true or false"),
        ("may_leave_fight=maybe", r"true or false"),
        ("empty_deck=", r"must be one of"),
        ("no_such_field=3", r"no field"),
        ("\x1b[31mred=3", r"\\x1b\[31mred"),
        ("startinghp=6", r"did you mean starting_hp"),
        ("starting_hp", r"FIELD=VALUE"),
        ("=6", r"FIELD=VALUE"),
        ('starting_hp={"a":' * 40 + "1" + "}" * 40, r"nests deeper|whole number|is not valid JSON"),
    ]
    cases = []
    for i, (pair, expect) in enumerate(pairs):
        command = ("play",) if i % 2 == 0 else ("simulate", "--games", "1", "--no-progress")
        argv = ("the-tower", *command, "--variant", pair)
        cases.append(Case(f"variant {pair[:50]!r} ({command[0]})", "variant", expect, argv=argv))
    return cases


# ---- explorer methods -------------------------------------------------------------------------------------
def explorer_calls(workdir: Path) -> list[Case]:
    """Out-of-range, negative and wrongly typed arguments to the explorers' methods, and bad loads; each
    must be refused with the explorer left on its last good position."""
    files = workdir / "files"
    bad_json = files / "explorer-bad.json"
    bad_json.write_text('{"players": [}')
    calls: list[tuple[tuple[Any, ...], str]] = []
    for game in GAMES:
        calls += [
            ((game, "back", -1), r"at least 0"),
            ((game, "forward", -5), r"at least 0"),
            ((game, "forward", True), r"whole number"),
            ((game, "forward", 1.5), r"whole number"),
            ((game, "jump", -1), r"not in this line"),
            ((game, "jump", 10**9), r"not in this line"),
            ((game, "jump", True), r"not in this line"),
            ((game, "switch", "no such branch"), r"no such branch|no branch|branch"),
            ((game, "load", str(bad_json)), r"not valid JSON"),
            ((game, "load", str(files / "missing.json")), r"No such file"),
            ((game, "load", "/dev/zero"), r"not a regular file"),
            ((game, "load", str(files)), r"a folder"),
            ((game, "load", '{"rules": {"x": 1}'), r"not valid JSON"),
            ((game, "load_text", "/etc/passwd"), r"not valid JSON"),
            ((game, "load_text", "../" + bad_json.name), r"not valid JSON"),
            ((game, "load_text", b"\xff\xfe{\x00}\x00"), r"UTF-16"),
            ((game, "load_text", b'{"x": "\xe9"}'), r"not UTF-8"),
            ((game, "load_text", b"[" * 50_000), r"nests deeper|not valid JSON"),
            ((game, "load_text", '{"rules": 5}'), TYPE_WORDS),
            ((game, "load_example", "nowhere"), r"nowhere"),
            ((game, "save", str(files)), r"cannot write"),
            ((game, "save", str(files / "no-such-folder" / "x.json")), r"cannot write"),
            ((game, "panel.load_text", "/etc/hostname"), r"not valid JSON"),
            ((game, "panel.load", str(bad_json)), r"not valid JSON"),
            ((game, "panel.load_share_code", "nonsense"), r"starts with"),
            ((game, "panel.save", str(files)), r"cannot write"),
        ]
    calls += [
        (("attack-the-tower", "set_base", -1, 0, 0, None), r"player: must be from 0 to 1"),
        (("attack-the-tower", "set_base", 0, -1, 0, None), r"territory: must be from 0 to 2"),
        (("attack-the-tower", "set_base", 0, 0, -1, None), r"slot: must be from 0 to 2"),
        (("attack-the-tower", "set_base", 0, 3, 0, None), r"territory: must be from 0 to 2"),
        (("attack-the-tower", "set_base", 2, 0, 0, None), r"player: must be from 0 to 1"),
        (("attack-the-tower", "set_base", True, 0, 0, None), r"whole number"),
        (("attack-the-tower", "set_troops", 0, 1, 0, -1), r"troops|must be"),
        (("attack-the-tower", "set_troops", 0, 1, 0, True), r"whole number"),
        (("attack-the-tower", "set_troops", 0, 1, 0, 1.0), r"whole number"),
        (("attack-the-tower", "set_troops", 0, 1, 0, 10**9), r"must be from 0 to 12"),
        (("attack-the-tower", "set_cards", -1, "hand", []), r"player: must be from 0 to 1"),
        (("attack-the-tower", "set_cards", 0, "pocket", []), r"hand, the palace or in play"),
        (("attack-the-tower", "set_attacker", -1), r"player|battle"),
        (("attack-the-tower", "allocate", {"p9/t9/s9/9": 1}), r"not a unit|no damage|cannot|not"),
        (("attack-the-tower", "attack", -1, 0), r"at least 0|battle|not"),
        (("attack-the-tower", "attack", 0, 7), r"less than 3|battle|not"),
        (("attack-the-tower", "set_armies", "undead", "robots"), r"robots|army"),
        (("the-tower", "set_room", -1, "?"), r"no room"),
        (("the-tower", "set_room", 99, "?"), r"no room"),
        (("the-tower", "set_hp", -5), r"at least 0"),
        (("the-tower", "explore", -1), r"at least 0"),
        (("the-tower", "fight", -2), r"at least 0"),
        (("the-tower", "set_hand", ["ZZ"]), r"no card|not a card|card"),
        (("tower-defense", "set_lives", -1), r"at least 0|lives"),
        (("tower-defense", "place_tower", "standard.1", (-1, 0), 0), r"at.column: must be from 0"),
        (("tower-defense", "place_tower", "standard.1", (0, 999), 0), r"at.row: must be from 0"),
        (("tower-defense", "place_tower", "standard.1", (True, 0), 0), r"whole number"),
        (("tower-defense", "place_tower", "standard.1", (1.5, 0), 0), r"whole number"),
        (("tower-defense", "place_tower", "laser.9", (0, 0), 0), r"laser|tower"),
        (("tower-defense", "set_obstacle", "AB"), r"column, row"),
        (("tower-defense", "set_obstacle", (-3, -3)), r"must be from 0"),
        (("tower-defense", "remove_tower", (0, 0, 0)), r"column, row"),
    ]
    return [Case(f"explorer {' '.join(map(str, c))[:70]!r}", "explorer", expect, call=c) for c, expect in calls]


# ---- processes ---------------------------------------------------------------------------------------------
def own_processes(workdir: Path) -> list[Case]:
    """Inputs that need a process of their own: a FIFO as the input file, stdout closed or full."""
    fifo = workdir / "files" / "a-fifo.json"
    return [
        Case(
            "fifo as the input file",
            "process",
            r"not a regular file",
            argv=("the-tower", "validate", str(fifo)),
            own_process=True,
        ),
        Case(
            "stdout closed",
            "process",
            r"output is closed",
            argv=("the-tower", "example", "opening", "--closed-stdout"),
            own_process=True,
        ),
        Case(
            "stdout on a full device",
            "process",
            r"No space left",
            argv=("attack-the-tower", "schema", "--full-stdout"),
            own_process=True,
        ),
    ]


def build(workdir: Path, seed: int = 14) -> list[Case]:
    """The whole corpus (deterministic for a seed), its files written under `workdir`."""
    rng = random.Random(seed)
    cases = position_files(workdir, rng)
    cases += share_codes(rng)
    cases += cli_arguments(workdir)
    cases += variants()
    cases += explorer_calls(workdir)
    cases += own_processes(workdir)
    from tests import malformed_doors  # the doors added after the position files (it imports Case from here)

    cases += malformed_doors.build(workdir)
    seen: Counter[str] = Counter()
    named = []
    for case in cases:  # names shortened for reading may meet: numbered then
        seen[case.name] += 1
        named.append(
            case if seen[case.name] == 1 else dataclasses.replace(case, name=f"{case.name} #{seen[case.name]}")
        )
    return named
