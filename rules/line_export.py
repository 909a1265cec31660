"""A position and a line of play from it, written as a pytest file that replays the line and checks the result.

The file holds the start position, the actions and, as the engine produces them today, the final position
and every event sentence; its tests fail as soon as the engine's behaviour for that line changes. The
source is written in the form `ruff format` gives it, so it passes ruff and mypy as it is.
"""

from __future__ import annotations

import os
import re
import textwrap
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from rules.core.descriptor import GameDescriptor
from rules.core.errors import IllegalAction, IllegalPosition, MalformedFile
from rules.core.files import escape, read_text_file
from rules.core.jsonio import parse_json_value
from rules.core.records import json_data
from rules.lesson import read_lesson
from rules.registry import descriptor, names

LINE_LENGTH = 120


class _Games(Mapping[str, GameDescriptor]):
    """Every registered game, by its command-line name (an exported test imports `GAME` from its `game_module`)."""

    def __getitem__(self, slug: str) -> GameDescriptor:
        return descriptor(slug)

    def __iter__(self) -> Iterator[str]:
        return iter(names())

    def __len__(self) -> int:
        return len(names())


GAMES: Mapping[str, GameDescriptor] = _Games()


def replay(game: GameDescriptor, position: Any, actions: Sequence[Any]) -> tuple[Any, list[str]]:
    """The final position and every event sentence of the line; IllegalAction names the step refused."""
    state: Any = position
    sentences: list[str] = []
    for number, action in enumerate(actions, 1):
        try:
            state, events = game.game.apply(state, action)
        except IllegalAction as exc:
            raise IllegalAction(f"step {number} of the line is refused: {exc.reason}", exc.rule) from None
        sentences += [event.sentence() for event in events]
    return state, sentences


def export_test(game: GameDescriptor, position: Any, actions: Sequence[Any], about: str = "") -> str:
    """The source of a pytest file that replays `actions` from `position` and asserts where they lead."""
    final, sentences = replay(game, position, actions)
    doc = f"{game.title}: a line of {len(actions)} action(s) replayed from a position, kept as a regression test."
    lines = [
        f'"""{doc}',
        "",
        *(_wrap(about) if about else []),
        *([""] if about else []),
        "Exported by `tower-rules ... export-test` (or the explorer's `export_test`): the expected position and",
        "sentences are what the engine produced when the line was exported.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "from typing import Any",
        "",
        f"from {game.game_module} import GAME",
        "",
        f"POSITION: dict[str, Any] = {_literal(game.game.positions.data(position), 0)}",
        "",
        f"ACTIONS: list[dict[str, Any]] = {_literal([json_data(a) for a in actions], 0)}",
        "",
        f"EXPECTED_POSITION: dict[str, Any] = {_literal(game.game.positions.data(final), 0)}",
        "",
        f"EXPECTED_SENTENCES: list[str] = {_literal(sentences, 0)}",
        "",
        "",
        "def replay(position: dict[str, Any], actions: list[dict[str, Any]]) -> tuple[dict[str, Any], list[str]]:",
        '    """The final position (as JSON data) and every event sentence of the line."""',
        "    state = GAME.positions.validate(position)",
        "    sentences: list[str] = []",
        "    for action in actions:",
        "        state, events = GAME.apply(state, GAME.read_action(action))",
        "        sentences += [event.sentence() for event in events]",
        "    return GAME.positions.data(state), sentences",
        "",
        "",
        "def test_the_line_reaches_the_expected_position() -> None:",
        "    position, _ = replay(POSITION, ACTIONS)",
        "    assert position == EXPECTED_POSITION",
        "",
        "",
        "def test_the_line_says_every_expected_sentence() -> None:",
        "    _, sentences = replay(POSITION, ACTIONS)",
        "    assert sentences == EXPECTED_SENTENCES",
        "",
    ]
    return "\n".join(lines)


def _wrap(text: str) -> list[str]:
    """Plain text as lines of at most LINE_LENGTH characters (a word longer than that on a line of its own)."""
    words = " ".join(_docstring_text(text).split())
    return textwrap.wrap(words, LINE_LENGTH, break_long_words=False, break_on_hyphens=False)


def _literal(value: Any, indent: int) -> str:
    """`value` (JSON data) as Python source in `ruff format`'s style: one item a line, trailing commas."""
    pad = " " * (indent + 4)
    if isinstance(value, dict):
        if not value:
            return "{}"
        items = [
            f"{pad}{_string(str(k))}: {_item(v, indent + 4, len(pad) + len(_string(str(k))) + 2)},"
            for k, v in value.items()
        ]
        return "{\n" + "\n".join(items) + "\n" + " " * indent + "}"
    if isinstance(value, list):
        if not value:
            return "[]"
        items = [f"{pad}{_item(v, indent + 4, len(pad))}," for v in value]
        return "[\n" + "\n".join(items) + "\n" + " " * indent + "]"
    return _scalar(value)


def _item(value: Any, indent: int, used: int) -> str:
    """A value placed after `used` characters of its line; a string too long for it is split in parentheses."""
    if isinstance(value, str):
        text = _string(value)
        if used + len(text) + 1 <= LINE_LENGTH:
            return text
        parts = _split(value, LINE_LENGTH - indent - 4 - 2)
        if len(parts) == 1:
            return text
        inner = " " * (indent + 4)
        return "(\n" + "\n".join(inner + _string(p, value) for p in parts) + "\n" + " " * indent + ")"
    return _literal(value, indent)


def _split(text: str, width: int) -> list[str]:
    """A long string cut after spaces into pieces whose literals fit `width` characters."""
    words = re.split(r"(?<= )", text)
    parts: list[str] = []
    current = ""
    for word in words:
        if current and len(_string(current + word, text)) > width:
            parts.append(current)
            current = word
        else:
            current += word
    if current:
        parts.append(current)
    return parts


def _string(value: str, whole: str | None = None) -> str:
    """A string literal as `ruff format` writes it: double quotes, unless that means escaping more quotes
    (judged on the `whole` string when this is one piece of an implicit concatenation). Any text is safe in
    it: backslashes, the quote and every character that is not printable (control characters, lone
    surrogates, separators) are escaped, so the literal compiles and reads back the same string."""
    judged = value if whole is None else whole
    quote = "'" if '"' in judged and "'" not in judged else '"'
    return quote + "".join(_character(c, quote) for c in value) + quote


_ESCAPES = {"\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}
"""Characters written as their short escape in a literal."""


def _character(char: str, quote: str) -> str:
    """One character as it stands inside a literal quoted with `quote` (printable ones as they are)."""
    if char in _ESCAPES:
        return _ESCAPES[char]
    if char == quote:
        return "\\" + char
    if char.isprintable():
        return char
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def _docstring_text(text: str) -> str:
    """Text safe inside a triple-quoted docstring: backslashes and unprintable characters escaped, and never
    three double quotes in a row."""
    return "".join(_character(c, "") for c in text).replace('"""', "'''")


def _scalar(value: Any) -> str:
    if isinstance(value, str):
        return _string(value)
    if value is None or isinstance(value, int | float):  # None, True, False and numbers as Python writes them
        return repr(value)
    raise TypeError(f"not JSON data: {value!r}")


# ---- the command line ------------------------------------------------------------------------------
def read_line(game: GameDescriptor, text: str | None) -> list[Any]:
    """The actions of `--line`: a JSON list of actions, given as text or as the name of a file holding one
    (read by rules.core.files: a regular file within the limits, in UTF-8). Each action is validated with
    strict types (`2.0` is not a whole number) and a refusal names the action and the field."""
    if not text:
        return []
    source = "--line"
    if text.lstrip().startswith("{"):  # one action, not a list of them
        raise MalformedFile(
            "--line is a JSON list of actions in square brackets, e.g. [{...}, {...}]; this is one object"
        )
    if not text.lstrip().startswith("["):
        source = escape(text)
        if not os.path.lexists(text):
            raise MalformedFile(f"--line is neither a JSON list of actions nor a readable file (no file {source})")
        text = read_text_file(text, what="a line file")
    data = parse_json_value(text, source=source)
    if not isinstance(data, list):
        raise MalformedFile(f"{source}: a line of play is a JSON list of actions")
    actions: list[Any] = []
    for number, item in enumerate(data, 1):
        try:
            actions.append(game.game.read_action(item))
        except IllegalPosition as exc:
            said = "; ".join(str(p) for p in exc.problems[:3])
            raise MalformedFile(f"{source}: action {number} is not an action of {game.title} ({said})") from None
    return actions


def add_export_test_command(sub: Any, slug: str) -> None:
    """Add `export-test FILE [--line ACTIONS]` to a game's subcommands."""
    game = GAMES[slug]

    def run(args: Any) -> int:
        if args.lesson is not None:
            if args.file is not None or args.line is not None:
                raise MalformedFile("--lesson holds the position and the line: give no position file and no --line")
            lesson = read_lesson(args.lesson)
            if lesson.game != slug:
                raise MalformedFile(f"{args.lesson}: the lesson is for {lesson.game}, not {slug}")
            position, line, about = lesson.start(), lesson.line(), f"The lesson '{lesson.title}' ({args.lesson})."
        elif args.file is None:
            raise MalformedFile("export-test needs a position file (or --lesson FILE)")
        else:
            position = game.game.positions.load(args.file)
            line, about = read_line(game, args.line), f"From {args.file}."
        print(export_test(game, position, line, about=about), end="")
        return 0

    ex = sub.add_parser(
        "export-test",
        help="write a pytest file that replays a line of play from a position (or a lesson) and checks where it leads",
    )
    ex.add_argument("file", nargs="?", help="the start position (JSON)")
    ex.add_argument("--line", help="the actions: a JSON list, or a file holding one (default: no action)")
    ex.add_argument("--lesson", help="a teacher's lesson file: its position and its line of play")
    ex.set_defaults(run=run)
