"""Typed errors whose messages speak to a player, not a programmer (modelled on python-chess)."""

from __future__ import annotations

import numbers
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")


class RulesError(Exception):
    """Base of every error the rules packages raise on purpose."""


class IllegalAction(RulesError):
    """An action that the rules do not allow in this position; the message names the rule."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message if rule is None else f"{message} (rule {rule})")
        self.rule = rule
        self.reason = message


@dataclass(frozen=True, slots=True)
class Problem:
    """One reason a position or file is not legal: where (a field path) and what is wrong."""

    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


class IllegalPosition(RulesError):
    """A position that cannot exist under the rules; carries one problem per broken rule."""

    def __init__(self, problems: list[Problem] | tuple[Problem, ...]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(str(p) for p in self.problems) or "illegal position")


class IllegalSettings(IllegalPosition, ValueError):
    """Settings that cannot be run (a sweep's, a balance's, made in Python); one problem per broken rule, each
    in the words a file or the command line would give. A ValueError too, as pydantic's own error is."""


class MalformedFile(RulesError):
    """A file that is not readable as a position at all (not JSON, wrong shape)."""


class CannotWrite(RulesError):
    """A file that cannot be written (no such folder, a folder of that name, no permission)."""


class GameFailed(RulesError):
    """A game's own code raised an error while it was played (a game being written): said with where."""


def raised_at(exc: BaseException) -> str:
    """An error in words with the innermost line that raised it: 'IndexError: ... (in legal_actions, game.py
    line 40)'."""
    import traceback

    frames = traceback.extract_tb(exc.__traceback__)
    at = f" (in {frames[-1].name}, {frames[-1].filename} line {frames[-1].lineno})" if frames else ""
    return f"{type(exc).__name__}: {exc}{at}"


class UnknownName(RulesError, KeyError):
    """A name that names nothing of its kind (a game, a policy, an example, an army): a KeyError, as a lookup's
    miss is, and a refusal in words, said without the quotes a KeyError puts around its message."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


def look_up(table: Mapping[str, T], name: str, kind: str) -> T:
    """`table[name]`, or UnknownName naming what there is ("unknown policy 'x'; policies: random, greedy")."""
    try:
        return table[name]
    except KeyError:
        raise UnknownName(f"unknown {kind} {name!r}; {plural(kind)}: {', '.join(table)}") from None


def plural(noun: str) -> str:
    """The plural of a one-word noun of this project ("policy" -> "policies", "example" -> "examples")."""
    return noun[:-1] + "ies" if noun.endswith("y") and noun[-2:-1] not in "aeiou" else noun + "s"


def counted(count: int, noun: str) -> str:
    """A count with its noun, singular for one ("1 change", "2 changes", "3 policies")."""
    return f"{count} {noun if count == 1 else plural(noun)}"


def kind_of(value: object, *, json: bool = False) -> str:
    """What sort of value `value` is, in words a message can give ("a list", "a number", "text"), not the Python
    type's name ("list", "NoneType"); `json` names None as JSON writes it (null)."""
    if value is None:
        return "null" if json else "nothing (None)"
    if isinstance(value, bool):
        return "true or false" if json else "a true-or-false value"
    kinds: tuple[tuple[type | tuple[type, ...], str], ...] = (
        (numbers.Real, "a number"),
        (str, "text"),
        ((list, tuple), "a list"),
        (dict, "an object in curly brackets" if json else "a mapping"),
    )
    for kinds_of, words in kinds:
        if isinstance(value, kinds_of):
            return words
    return f"a value of type {type(value).__name__}"
