"""Exact search over a whole game through the protocol: the probability that one deciding player wins from a
position, taking the best choice (or a uniformly random one) at each decision and weighing chance exactly.

Only small positions (end games) can be searched this way; the search stops with SearchTooLarge past a
limit on the positions it keeps rather than run for ever.
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from typing import Any, Literal

from rules.core.errors import RulesError
from rules.core.protocol import CHANCE, TERMINAL, Game

Chooser = Literal["best", "random"]
"""How the player decides: the choice that wins most often, or uniformly among the legal actions."""


class SearchTooLarge(RulesError, ValueError):
    """The position has too many lines for an exact search."""


def win_probability(
    game: Game[Any, Any], state: Hashable, chooser: Chooser = "best", *, limit: int = 200_000
) -> Fraction:
    """The exact probability that the game ends won (its Outcome says so) from `state`, when every decision
    is made by `chooser`; positions met twice are searched once."""
    memo: dict[Hashable, Fraction] = {}

    def value(s: Hashable) -> Fraction:
        known = memo.get(s)
        if known is not None:
            return known
        if len(memo) >= limit:
            raise SearchTooLarge(f"more than {limit} positions; exact odds are for end games")
        who = game.current_player(s)
        if who == TERMINAL:
            outcome = game.outcome(s)
            result = Fraction(1 if outcome is not None and outcome.won else 0)
        elif who == CHANCE:
            result = sum((p * value(game.apply(s, a)[0]) for a, p in game.chance_outcomes(s).items()), Fraction(0))
        else:
            children = [value(game.apply(s, a)[0]) for a in game.legal_actions(s)]
            result = max(children) if chooser == "best" else sum(children, Fraction(0)) / len(children)
        memo[s] = result
        return result

    return value(state)
