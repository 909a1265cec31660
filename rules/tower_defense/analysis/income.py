"""Income: the exact distribution of the credits Phase 5 reveals (icepool deals from the Mark I deck), and how
many of them each player takes."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

import icepool

from rules.core.distribution import Distribution
from rules.tower_defense.cards import CreditType
from rules.tower_defense.catalog import credit_type
from rules.tower_defense.model import GameState

# ---- income -------------------------------------------------------------------------------------------


def _deal(counts: Counter[str], draws: int) -> Distribution[tuple[str, ...]]:
    if draws <= 0 or not counts:
        return Distribution.point(())
    draws = min(draws, sum(counts.values()))
    die = icepool.Deck(dict(counts)).deal(draws).expand()
    return Distribution({tuple(sorted(outcome)): Fraction(w, die.denominator()) for outcome, w in die.items()})


def reveal_distribution(deck: Sequence[str], discard: Sequence[str], draws: int) -> Distribution[tuple[str, ...]]:
    """The exact distribution of the sorted credits `draws` reveals give: from the deck, and once it
    runs out from the discard shuffled into a new deck (3.A.II)."""
    if len(deck) >= draws:
        return _deal(Counter(deck), draws)
    rest = tuple(sorted(deck))
    return _deal(Counter(discard), draws - len(deck)).map(lambda more: tuple(sorted(rest + more)))


def income_distribution(state: GameState) -> Distribution[tuple[str, ...]]:
    """The credits the next Phase 5 reveals (state.income of them), as sorted card ids."""
    return reveal_distribution(state.mark1_deck, state.mark1_discard, state.income)


def type_count_distribution(state: GameState, kind: CreditType) -> Distribution[int]:
    """How many credits of one type the next income reveals."""
    return income_distribution(state).map(lambda cards: sum(1 for c in cards if credit_type(c) == kind))


def shares(players: int, starting_player: int, credits: int) -> tuple[int, ...]:
    """How many credits each player takes: one each from the Starting Player on, clockwise (4.E)."""
    out = [0] * players
    for i in range(credits):
        out[(starting_player + i) % players] += 1
    return tuple(out)


def first_pick(state: GameState) -> dict[str, Fraction]:
    """For the player who takes first in the next income: the chance each credit type is among the
    revealed credits, so that player can receive it."""
    dist = income_distribution(state)
    kinds = sorted({credit_type(c) for c in (*state.mark1_deck, *state.mark1_discard)})
    return {k: dist.probability(lambda cards, k=k: any(credit_type(c) == k for c in cards)) for k in kinds}  # type: ignore[misc]
