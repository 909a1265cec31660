"""An answer as files a designer can open and play: the game's own files for its card changes where its
descriptor writes them (Attack the Tower: each army changed, as the file played - a designer's, else the shipped
one - with the changed numbers, each changed card's `source` saying what it was; and each designer's army the
balance played unchanged, so the folder holds all it needs), else the changes as one `--override` line; and the
rules fields it changes, as a JSON object (`--variant`/`--set` values).

    tower-rules attack-the-tower play --army-file balanced/undead.json
"""

from __future__ import annotations

import itertools
import json
import shlex
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import JsonValue

from rules.balance.knobs import SHIPPED, Choice, Given, Knob, balance_support, card_edits, rules_values
from rules.core.card_edits import CardEdit
from rules.core.errors import CannotWrite
from rules.core.files import escape, make_folder, reason, write_file
from rules.sweeps.games import sweep_game

if TYPE_CHECKING:
    from rules.balance.plan import BalanceSpec


def answer_files(knobs: Sequence[Knob], choice: Choice, game: str, given: Given = SHIPPED) -> Mapping[str, Any]:
    """The game's own files of the choice's card changes, as data by name (empty when it writes none)."""
    return _card_files(card_edits(knobs, choice, game, given), knobs, choice, game, given)


def _card_files(
    edits: Sequence[CardEdit], knobs: Sequence[Knob], choice: Choice, game: str, given: Given
) -> Mapping[str, Any]:
    """The game's own files of these card edits (the cards the choice names itself told apart from the rest)."""
    write = balance_support(game).answer_files
    if write is None or not edits:
        return {}
    named = {k.card for k in knobs if k.kind == "card" and k.name in choice and k.card is not None}
    return write(edits, named, given.files)


def _unchanged_files(given: Given, changed: Mapping[str, Any]) -> dict[str, Any]:
    """The designer's army files the balance played and the answer leaves as they are, as data by id."""
    out: dict[str, Any] = {}
    for army in given.files:
        army_id = str(getattr(army, "id", ""))
        if army_id and army_id not in changed:
            out[army_id] = army.model_dump(mode="json")
    return out


def files_written(game: str) -> str:
    """What `write_answer` writes for this game, in words (for `--out`'s help): decided as it decides."""
    support = balance_support(game)
    if support.answer_files is not None:
        own = "army" if sweep_game(game).has_armies else "card"
        return f"its {own} files and rules.json"
    return "rules.json and its card changes (overrides.txt)" if support.card_data is not None else "rules.json"


OVERRIDES_FILE = "overrides.txt"
RULES_FILE = "rules.json"


def answer_folder(path: str | Path) -> Path:
    """The folder an answer is written in, created when missing. CannotWrite when it already holds an answer's kind
    of file (`*.json`, `overrides.txt`): a designer loading the folder would mix an earlier answer with this one; and
    when its name is blank (a folder of spaces is all but invisible, and no name at all is the current folder)."""
    if not str(path).strip() or not Path(path).name.strip():
        raise CannotWrite(f"give a folder to write the answer in, e.g. balanced (not {escape(repr(str(path)), 60)})")
    folder = make_folder(path, "the answer")
    try:
        earlier = sorted(p.name for p in folder.iterdir() if p.suffix == ".json" or p.name == OVERRIDES_FILE)
    except OSError as exc:
        raise CannotWrite(f"cannot write the answer in {escape(str(folder))}: {reason(exc)}") from None
    if earlier:
        named = ", ".join(escape(name, 60) for name in earlier[:3]) + (", ..." if len(earlier) > 3 else "")
        raise CannotWrite(
            f"cannot write the answer in {escape(str(folder))}: it already holds files of the kinds an answer writes "
            f"({named}), which would be mixed with this answer's; name a new or empty folder"
        )
    return folder


def write_answer(
    folder: str | Path, knobs: Sequence[Knob], choice: Choice, game: str, given: Given = SHIPPED
) -> list[Path]:
    """Write the answer's files in `folder` (created if missing, refused if it holds an earlier answer's: see
    `answer_folder`): the game's own (`<name>.json`, e.g. each army changed, and each of the designer's army files
    played unchanged), else its card changes as `overrides.txt`; and `rules.json` with the rules fields changed and
    those the balance fixed; the paths written. An answer that changes nothing writes nothing."""
    target = answer_folder(folder)
    edits = card_edits(knobs, choice, game, given)
    changed = _card_files(edits, knobs, choice, game, given)
    files = {f"{name}.json": json.dumps(data, indent=2) for name, data in changed.items()}
    if edits and balance_support(game).answer_files is None:
        files[OVERRIDES_FILE] = ",".join(e.text() for e in edits)
    rules = rules_values(knobs, choice)
    if files or rules:  # an answer: with every rules field it was played under, fixed or changed
        rules = {**given.rules, **rules}
        files |= {f"{name}.json": json.dumps(data, indent=2) for name, data in _unchanged_files(given, changed).items()}
    if rules:
        files[RULES_FILE] = json.dumps(rules, indent=2)
    for name, text in files.items():
        write_file(target / name, text + "\n")
    return [target / name for name in files]


def sweep_commands(
    spec: BalanceSpec, files: Sequence[str | Path], rules: Mapping[str, JsonValue], overrides: str
) -> list[str]:
    """The sweep commands that play the answer written in `files` with the settings of the balance's check, on new
    deals: each game file as `--army-file`, the card changes written to `overrides.txt` (`overrides`, their text)
    as `--override`, the balance's fixed rules fields and those changed as `--set` (no command reads `rules.json`
    itself); the balance's policy, each pair of its armies in both seats, and its check's games a cell. A game of
    tables: one command per number of players (a sweep plays one), on the balance's scenario."""
    words = ["tower-rules", spec.game, "sweep", "--policy", spec.seat_policy()]
    for path in map(Path, files):
        if path.name == OVERRIDES_FILE:
            words += ["--override", overrides]
        elif path.name != RULES_FILE:
            words += ["--army-file", str(path)]
    for name, value in {**spec.rules, **rules}.items():
        words += ["--set", f"{name}={value if isinstance(value, str) else json.dumps(value)}"]
    if spec.of_armies:
        for a, b in itertools.combinations(spec.armies, 2):
            words += ["--armies", f"{a},{b}", "--armies", f"{b},{a}"]
    if spec.verify_games:
        words += ["--games", str(spec.verify_games)]
    if spec.of_tables:
        return [shlex.join([*words, "--scenario", spec.scenario, "--players", str(n)]) for n in spec.players]
    return [shlex.join(words)]
