"""Every bound on what a user can set, stated once: file and share-code sizes, numbers in positions and
rules, game counts, samples and search sizes. The models and the CLI enforce these, and each refusal
states the limit it met, so a bad input is refused in words instead of running out of time or memory."""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable, Mapping

from pydantic import BaseModel

from rules.core.errors import IllegalPosition, Problem

# ---- files and share codes ------------------------------------------------------------------------------
MAX_FILE_BYTES = 1_000_000
"""A position file (or pasted JSON text) is read only up to this size; the largest legal one is ~30 KB."""

MAX_JSON_DEPTH = 32
"""Objects and lists nest at most this deep in a position (the deepest legal one nests 6 levels)."""

MAX_INTEGER_DIGITS = 9
"""A whole number in a position or a --variant value has at most this many digits."""

MAX_SHARE_CODE_CHARS = 100_000
"""A share code is at most this long (the longest legal one is a few thousand characters)."""

MAX_INFLATED_BYTES = 1_000_000
"""A share code inflates to at most this many bytes of JSON."""

MAX_INFLATE_RATIO = 200
"""A share code inflates to at most this many times its compressed size (a position compresses ~10x)."""

MAX_PROBLEMS_SHOWN = 20
"""An illegal position lists its first problems only, then how many more there are."""

MAX_BOARD_SIDE = 60
"""A game's board (a grid of spaces) is at most this many spaces wide and high (its model's bound)."""

# ---- numbers in the rules configs ---------------------------------------------------------------------
MAX_RULES_NUMBER = 1_000
"""Every whole number of a rules config (powers, hit points, copies, costs) is at most this."""

RULES_NUMBER_LIMITS: Mapping[str, int] = {
    "max_troops_per_base": 12,
    "track_length": 100,
    "mark1_copies": 40,
    "mark2_copies": 40,
    "mark3_copies": 40,
    "skill_markers": 40,
    "hand_limit": 60,
    "opening_draw": 60,
    "renewal_draws": 60,
    "max_level": 20,
    "starting_action_points": 100,
    "turn_limit": 10_000,
}
"""Tighter bounds for the numbers whose size decides how large a game or a search gets."""

# ---- command-line counts ------------------------------------------------------------------------------
MAX_GAMES = 100_000
"""`simulate --games` plays at most this many games."""

MAX_SAMPLES = 1_000_000
"""`odds --samples` simulates at most this many battles."""

MAX_SEED = 2**63 - 1
"""Seeds run from 0 to this."""

MAX_TURN_LIMIT = RULES_NUMBER_LIMITS["turn_limit"]
"""`play --turn-limit` stops a game after at most this many turns."""

# ---- sweeps -------------------------------------------------------------------------------------------
MAX_SWEEP_CELLS = 1_000
"""A sweep's grid (every combination of the values varied, army pairs and card variants) has at most this
many cells."""

MAX_SWEEP_GAMES = 1_000_000
"""A sweep plays at most this many games in all (cells times games per cell); `--games` per cell is bounded
by MAX_GAMES."""

MAX_SWEEP_WORKERS = 64
"""`sweep --workers` starts at most this many worker processes on this machine."""

MAX_SWEEP_CHUNK = 10_000
"""One task of a sweep plays at most this many games."""

MAX_CACHE_CELL_BYTES = 64_000_000
"""A sweep cache's cell file is read only up to this size (a cell of MAX_GAMES games is a few megabytes)."""

BALANCE_TARGET = (0.01, 0.99)
"""A balance's target win rate lies from the first to the second (the command line's `--target`, the panel's
*target*)."""

BALANCE_TOLERANCE = (0.0, 0.49)
"""A balance's tolerance around its target lies from the first to the second (`--tolerance`, *tolerance*)."""

# ---- exact analyses -----------------------------------------------------------------------------------
MAX_ALLOCATION_PAIRS = 10**6
"""An exact battle analysis considers at most this many (attacker, defender) allocation pairs in one step."""


def rules_number_limit(field: str) -> int:
    """The largest value a whole-number rules field may take."""
    return RULES_NUMBER_LIMITS.get(field, MAX_RULES_NUMBER)


def number_problems(model: BaseModel, prefix: str = "") -> list[str]:
    """Every whole-number field of a rules config (nested ones too) above its limit, one line each."""
    out: list[str] = []
    for name, value in model:
        where = f"{prefix}{name}"
        if isinstance(value, BaseModel):
            out += number_problems(value, f"{where}.")
        elif isinstance(value, int) and not isinstance(value, bool):
            limit = rules_number_limit(name)
            if value > limit:
                out.append(f"{where}: must be at most {limit} (the limit for this number), not {value}")
    return out


def count_argument(flag: str, low: int, high: int, noun: str = "whole number") -> Callable[[str], int]:
    """An argparse `type` for a whole number from `low` to `high`, refusing anything else in words (`noun` says
    what the number is: "a territory number from 1 to 3")."""

    def parse(text: str) -> int:
        digits = text.strip().removeprefix("-").removeprefix("+")
        if not digits.isdigit() or not digits.isascii():
            raise argparse.ArgumentTypeError(f"{flag} takes a {noun} from {low:,} to {high:,}, not {text[:40]!r}")
        if len(digits) > len(str(max(abs(low), abs(high)))) + 1:
            raise argparse.ArgumentTypeError(f"{flag} takes a {noun} from {low:,} to {high:,}; that one is too long")
        value = int(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{flag} takes a {noun} from {low:,} to {high:,}, not {value}")
        return value

    parse.__name__ = noun
    return parse


def number_argument(flag: str, low: float, high: float) -> Callable[[str], float]:
    """An argparse `type` for a number from `low` to `high` (a rate, a spread), refusing anything else in words."""

    def parse(text: str) -> float:
        said = f"{flag} takes a number from {low:g} to {high:g}"
        try:
            value = float(text) if len(text) <= 20 else math.nan
        except ValueError:
            raise argparse.ArgumentTypeError(f"{said}, not {text[:40]!r}") from None
        if not math.isfinite(value) or not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{said}, not {text[:40]!r}")
        return value

    parse.__name__ = "number"
    return parse


def add_seed_option(parser: argparse.ArgumentParser, seeds: str) -> None:
    """`--seed`, 0 to MAX_SEED (default 0), its help saying what it `seeds` ("the game's deal")."""
    parser.add_argument("--seed", type=count_argument("--seed", 0, MAX_SEED), default=0, help=f"{seeds} (default 0)")


def whole_number(where: str, value: object, low: int, high: int) -> int:
    """`value` when it is a whole number from `low` to `high` (true/false and 2.0 are not); otherwise
    IllegalPosition naming `where` and the bounds. For indices and counts given to editing helpers."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalPosition([Problem(where, f"must be a whole number from {low} to {high}, not {value!r}")])
    if not low <= value <= high:
        raise IllegalPosition([Problem(where, f"must be from {low} to {high}, not {value}")])
    return value
