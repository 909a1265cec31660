"""The subcommands every game's CLI offers for its positions: `example`, `schema` and `validate`."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Mapping
from typing import Any

from rules.core.codec import Positions


def add_position_commands(
    sub: Any,
    *,
    positions: Positions[Any],
    examples: Mapping[str, tuple[Any, str]],
    example: Callable[[str], Any],
    describe: Callable[[Any], str],
) -> None:
    """Add `example [NAME] [--list]`, `schema` and `validate FILE` for positions read and written by `positions`.

    `examples` maps each name to (maker, one-line description); `describe` says where a legal position
    stands (e.g. 'main, turn 5'), printed after a successful validation."""

    def run_example(args: argparse.Namespace) -> int:
        if args.list or not args.name:
            for name, (_, about) in examples.items():
                print(f"{name:18} {about}")
            return 0
        print(positions.text(example(args.name)))
        return 0

    def run_schema(args: argparse.Namespace) -> int:
        print(json.dumps(positions.json_schema(), indent=2))
        return 0

    def run_validate(args: argparse.Namespace) -> int:
        state = positions.load(args.file)
        print(f"{args.file}: a legal position ({describe(state)})")
        return 0

    ex = sub.add_parser("example", help="print a named example position as JSON")
    ex.add_argument("name", nargs="?", help="example name (see --list)")
    ex.add_argument("--list", action="store_true", help="list the example names")
    ex.set_defaults(run=run_example)
    sc = sub.add_parser("schema", help="print the JSON Schema of a position")
    sc.set_defaults(run=run_schema)
    va = sub.add_parser("validate", help="check that a position file is legal (exit 0) or say why not (exit 2)")
    va.add_argument("file")
    va.set_defaults(run=run_validate)
