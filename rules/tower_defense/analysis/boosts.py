"""Boosts (003 6.C): for a tower and the credits on hand, every reachable damage and the cheapest way to it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rules.tower_defense import catalog
from rules.tower_defense.cards import CreditType
from rules.tower_defense.catalog import credit_type, credit_value
from rules.tower_defense.engine import combat, payments
from rules.tower_defense.errors import IllegalAction
from rules.tower_defense.model import Tower
from rules.tower_defense.variants import Rules

# ---- boosts -------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BoostOption:
    """One reachable damage: the cards to discard (the cheapest way) and what they cost."""

    damage: int
    bonus: int
    cards: tuple[str, ...]
    credits: int
    damage_by_type: tuple[tuple[str, int], ...]

    def cost(self) -> tuple[int, int, tuple[str, ...]]:
        """What choosing it costs, least first: credits, then cards, then the cards themselves."""
        return (self.credits, len(self.cards), self.cards)


def credits_of(cards: Iterable[str], rules: Rules) -> tuple[CreditType, ...]:
    return tuple(sorted(t for c in cards for t in (credit_type(c),) * credit_value(c, rules)))


def boost_options(
    tower_card: str,
    level: int,
    hand: Sequence[str],
    rules: Rules | None = None,
    already: Sequence[CreditType] = (),
) -> list[BoostOption]:
    """Every damage the tower can reach this turn by discarding some of `hand` (card ids of a Boost
    stack, or several players' stacks together), each with the cheapest way: fewest credits, then
    fewest cards. `already` are credits discarded on it earlier this turn."""
    rules = rules or Rules()
    spec = catalog.tower(tower_card)
    if not combat.can_boost(spec):
        raise IllegalAction(f"a {spec.name} has a Radius and 'may not be Boosted'", "towers.range")
    if not 1 <= level <= rules.max_level:
        raise IllegalAction(f"towers have levels 1 to {rules.max_level}, not {level}", "towers.levels")
    tower = Tower(card=tower_card, at=(0, 0), owner=0, level=level, boosts=tuple(sorted(already)))
    best: dict[int, BoostOption] = {}
    for cards in (*payments.subsets(tuple(sorted(hand))), ()):
        damage = combat.tower_damage(rules, tower, credits_of(cards, rules))
        total = combat.total(damage)
        option = BoostOption(
            damage=total,
            bonus=total - spec.damage(level),
            cards=cards,
            credits=payments.value(cards, rules),
            damage_by_type=tuple(sorted(damage.items())),
        )
        known = best.get(total)
        if known is None or option.cost() < known.cost():
            best[total] = option
    return [best[d] for d in sorted(best)]
