"""A troop's power under a game's rules, by the card of its base: asked for every base of every position a
policy weighs, so each rules object's answers are kept in a dict found by identity (comparing two `Rules` by
value on every lookup cost more than the lookups)."""

from __future__ import annotations

from rules.attack_the_tower.catalog import base_card
from rules.attack_the_tower.variants import Rules
from rules.core.memo import identity_memo


@identity_memo(size=4)
def card_powers(rules: Rules) -> dict[str, int]:
    """The troop power of each base card under these rules, filled in as `troop_power` asks."""
    return {}


def troop_power(rules: Rules, card_id: str) -> int:
    """The power of one troop of this base card under these rules."""
    powers = card_powers(rules)
    power = powers.get(card_id)
    if power is None:
        power = powers[card_id] = rules.troop_power(base_card(card_id).troop_type)
    return power
