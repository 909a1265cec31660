"""A troop's power under a game's rules, by the card of its base: asked for every base of every position a
policy weighs, so each rules object's answers are kept in a dict found by identity (comparing two `Rules` by
value on every lookup cost more than the lookups). Compiled with the engine (`compiled.MODULES`)."""

from __future__ import annotations

from rules.attack_the_tower.catalog import base_card
from rules.attack_the_tower.variants import Rules
from rules.core.memo import identity_memo


class CardPowers:
    """The troop power of each base card under one rules object, each worked out the first time it is asked."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.known: dict[str, int] = {}

    def __getitem__(self, card_id: str) -> int:
        power = self.known.get(card_id)
        if power is None:
            power = self.known[card_id] = self.rules.troop_power(base_card(card_id).troop_type)
        return power


@identity_memo(size=4)
def card_powers(rules: Rules) -> CardPowers:
    """The troop powers under these rules (index it by a base card's id)."""
    return CardPowers(rules)


def troop_power(rules: Rules, card_id: str) -> int:
    """The power of one troop of this base card under these rules."""
    powers: CardPowers = card_powers(rules)
    return powers[card_id]
