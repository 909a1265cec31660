"""Exact win probabilities of small positions, by searching every line the engine allows.

Only end games are small enough (a floor or two left); the search stops with an error past `limit`
positions rather than run for ever.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from rules.core.errors import RulesError
from rules.core.protocol import CHANCE, TERMINAL
from rules.the_tower import engine
from rules.the_tower.model import GameState

Chooser = Literal["best", "random"]


class SearchTooLarge(RulesError, ValueError):
    """The position has too many lines for an exact search."""


def win_probability(state: GameState, chooser: Chooser = "best", *, limit: int = 200_000) -> Fraction:
    """The exact probability of winning from `state` when the player always makes the choice that wins
    most often ("best"), or picks uniformly among the legal actions ("random", as the random policy)."""
    memo: dict[GameState, Fraction] = {}

    def value(s: GameState) -> Fraction:
        known = memo.get(s)
        if known is not None:
            return known
        if len(memo) >= limit:
            raise SearchTooLarge(f"more than {limit} positions; exact odds are for end games")
        who = engine.current_player(s)
        if who == TERMINAL:
            outcome = engine.outcome(s)
            result = Fraction(1 if outcome is not None and outcome.won else 0)
        elif who == CHANCE:
            result = sum((p * value(engine.apply(s, a)[0]) for a, p in engine.chance_outcomes(s).items()), Fraction(0))
        else:
            children = [value(engine.apply(s, a)[0]) for a in engine.legal_actions(s)]
            result = max(children) if chooser == "best" else sum(children, Fraction(0)) / len(children)
        memo[s] = result
        return result

    return value(state)
