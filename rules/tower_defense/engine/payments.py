"""Paying costs with cards: a card is worth its mark in credits, a completed condition 2 Universal.

A payment is the cards discarded from one stack. Under the default reading (`Rules.payment ==
'cover'`) the cards must cover the cost and none of them may be left out (no change is given);
under 'exact' they must be worth the cost exactly.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter

from rules.tower_defense.catalog import card_worth
from rules.tower_defense.errors import IllegalAction
from rules.tower_defense.rule_ids import RuleId
from rules.tower_defense.variants import Rules


def value(cards: tuple[str, ...] | list[str], rules: Rules) -> int:
    """What cards are worth in credits: a tower card its mark, a completed condition `Rules.condition_credits`."""
    return _value(cards, rules.condition_credits)


def _value(cards: tuple[str, ...] | list[str], condition_credits: int) -> int:
    return sum(card_worth(c, condition_credits) for c in cards)


def is_valid(payment: tuple[str, ...], cost: int, rules: Rules) -> bool:
    """Covers the cost with no card to spare (or equals it exactly under the 'exact' reading)."""
    return _pays(payment, cost, rules.payment == "exact", rules.condition_credits)


def _pays(payment: tuple[str, ...], cost: int, exact: bool, condition_credits: int) -> bool:
    """`is_valid` given the two rules it reads."""
    total = _value(payment, condition_credits)
    if exact:
        return total == cost
    return total >= cost and all(total - card_worth(c, condition_credits) < cost for c in payment)


def take(stack: tuple[str, ...], cards: tuple[str, ...] | list[str], what: str, rule: RuleId) -> tuple[str, ...]:
    """The stack without `cards` (a multiset); IllegalAction when a card is not there."""
    left = Counter(stack)
    left.subtract(cards)
    if any(n < 0 for n in left.values()):
        raise IllegalAction(f"those cards are not all on your {what} stack", rule)
    return tuple(sorted(left.elements()))


def check(
    stack: tuple[str, ...], payment: tuple[str, ...], cost: int, rules: Rules, what: str, rule: RuleId
) -> tuple[str, ...]:
    """Validate a payment from a stack; the stack after paying."""
    left = take(stack, payment, what, rule)
    if not is_valid(payment, cost, rules):
        paid = value(payment, rules)
        if paid < cost:
            raise IllegalAction(f"this costs {cost} credit(s) and you offer {paid}", rule)
        if rules.payment == "exact":
            raise IllegalAction(f"pay exactly {cost} credit(s), not {paid}", rule)
        raise IllegalAction(f"this costs {cost} credit(s): leave out the cards you do not need", rule)
    return left


def options(stack: tuple[str, ...], cost: int, rules: Rules) -> tuple[tuple[str, ...], ...]:
    """Every distinct valid payment of `cost` from a stack (sorted multisets of card ids)."""
    return _options(stack, cost, rules.payment == "exact", rules.condition_credits)


@functools.lru_cache(maxsize=4096)
def _options(stack: tuple[str, ...], cost: int, exact: bool, condition_credits: int) -> tuple[tuple[str, ...], ...]:
    """`options`, remembered by the two rules it reads (hashing the whole `Rules` at each of the many calls a
    step makes cost more than the rest of the lookup)."""
    if cost <= 0:
        return ((),)
    return tuple(payment for payment in subsets(stack) if _pays(payment, cost, exact, condition_credits))


@functools.lru_cache(maxsize=4096)
def subsets(stack: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """Every distinct non-empty sub-multiset of a stack (what a conversion may discard)."""
    counts = sorted(Counter(stack).items())
    out = []
    for picks in itertools.product(*(range(n + 1) for _, n in counts)):
        chosen = tuple(c for (c, _), k in zip(counts, picks, strict=True) for _ in range(k))
        if chosen:
            out.append(chosen)
    return tuple(out)


def clear_caches() -> None:
    """Forget the remembered payments (for timing from cold; changed cards are forgotten by the catalog)."""
    _options.cache_clear()
    subsets.cache_clear()
