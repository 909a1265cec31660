"""The subcommands every game's CLI offers for its positions (`example`, `schema` and `validate`), and the
printing of events its own commands share."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable
from typing import Any

from rules.core.codec import Positions
from rules.core.descriptor import Armies, PositionCommands
from rules.core.errors import IllegalAction, RulesError
from rules.core.events import Event
from rules.core.files import escape, read_text_file
from rules.core.jsonio import parse_json_object


def add_position_commands(
    sub: Any, positions: Positions[Any], named: PositionCommands, armies: Armies | None = None
) -> None:
    """Add `example [NAME] [--list]`, `schema` and `validate FILE` for positions read and written by `positions`;
    `named` gives the examples and how `validate` describes a legal position. A game of `armies` validates an army
    file given to `validate` as an army (a designer checks their file before playing it)."""

    def run_example(args: argparse.Namespace) -> int:
        if args.list and args.name:  # the name was not looked at: say so rather than list as if it were not given
            raise IllegalAction(
                f"--list lists every example; give it or a name ({escape(repr(args.name), 60)}), not both"
            )
        if args.list or not args.name:
            for name, (_, about) in named.examples.items():
                print(f"{name:18} {about}")
            return 0
        print(positions.text(named.example(args.name)))
        return 0

    def run_schema(args: argparse.Namespace) -> int:
        print(json.dumps(positions.json_schema(), indent=2))
        return 0

    def run_validate(args: argparse.Namespace) -> int:
        if armies is not None and is_army_file(args.file, armies):
            army = armies.load(args.file)
            print(f"{args.file}: a valid army file (army {getattr(army, 'id', '')!r}; play it with --army-file)")
            return 0
        state = positions.load(args.file)
        print(f"{args.file}: a legal position ({named.describe(state)})")
        return 0

    ex = sub.add_parser("example", help="print a named example position as JSON")
    ex.add_argument("name", nargs="?", help="example name (see --list)")
    ex.add_argument("--list", action="store_true", help="list the example names")
    ex.set_defaults(run=run_example)
    sc = sub.add_parser("schema", help="print the JSON Schema of a position")
    sc.set_defaults(run=run_schema)
    what = "position file (or army file)" if armies is not None else "position file"
    va = sub.add_parser("validate", help=f"check that a {what} is legal (exit 0) or say why not (exit 2)")
    va.add_argument("file")
    va.set_defaults(run=run_validate)


def is_army_file(path: str, armies: Armies) -> bool:
    """Whether a file is meant as an army: TOML (positions are JSON), or a JSON object most of whose fields are an
    army's. A file that cannot be read is left to the position reader to refuse."""
    if path.lower().endswith(".toml"):
        return True
    try:
        data = parse_json_object(read_text_file(path))
    except RulesError:  # refused in words when read as a position
        return False
    return 2 * len(set(data) & set(armies.model.model_fields)) > len(data)


def print_events(events: Iterable[Event], position: dict[str, Any], *, as_json: bool) -> None:
    """Events narrated a line each, or (`as_json`) the events and the position they lead to as JSON."""
    if as_json:
        print(json.dumps({"events": [e.to_json() for e in events], "position": position}, indent=2))
        return
    for event in events:
        print(event.narrate())


def print_played(steps: Iterable[Iterable[Event]], *, as_json: bool, about: dict[str, Any], result: str) -> int:
    """A whole game played out: every step's events narrated, then the `result` line; or (`as_json`) one line of
    JSON, `about` the game and then its events. Returns the exit code, 0."""
    if as_json:
        print(json.dumps({**about, "events": [e.to_json() for step in steps for e in step]}))
        return 0
    for step in steps:
        for event in step:
            print(event.narrate())
    print(result)
    return 0
