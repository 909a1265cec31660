"""`tower-rules ... --help` explains every option: a designer at the command line reads what an option does and
its default there, not in the source."""

from __future__ import annotations

import argparse
from collections.abc import Iterator

from rules.cli import build_parser


def _commands(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """Every command path of the CLI, with the parser that reads it."""
    yield path
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _commands(sub, (*path, name))


def _parser(path: tuple[str, ...]) -> argparse.ArgumentParser:
    parser = build_parser()
    for name in path:
        parser = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices[name]
    return parser


def test_every_option_of_every_command_says_what_it_does() -> None:
    silent = [
        f"{' '.join(path)} {action.option_strings[0]}"
        for path in _commands(build_parser())
        for action in _parser(path)._actions
        if action.option_strings and action.help is None
    ]
    assert silent == []


def test_every_command_has_a_one_line_summary() -> None:
    unexplained = []
    for path in _commands(build_parser()):
        for action in _parser(path)._actions:
            if isinstance(action, argparse._SubParsersAction):
                summaries = {choice.dest: choice.help for choice in action._choices_actions}
                unexplained += [f"{' '.join(path)} {name}" for name in action.choices if not summaries.get(name)]
    assert unexplained == []
