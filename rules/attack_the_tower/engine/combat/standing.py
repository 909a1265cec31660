"""A troop as it stands on the board outside a battle: the power of its type under the rules plus its own raise
(a Ninja's +3), which is also the damage that destroys it. In a battle the effects in play may change both
(see `battle_units`)."""

from __future__ import annotations

from rules.attack_the_tower.catalog import base_card
from rules.attack_the_tower.errors import IllegalAction
from rules.attack_the_tower.model import GameState
from rules.attack_the_tower.places import UnitKey


def standing_power(state: GameState, key: UnitKey) -> int:
    """The power of the troop `key` names, on the board outside a battle (IllegalAction when none stands there)."""
    if key.kind != "troop" or key.territory is None or key.slot is None or key.index is None:
        raise IllegalAction(f"{key} is not a troop on a base")
    base = state.players[key.owner].territories[key.territory][key.slot]
    if base is None or key.index >= base.troops:
        raise IllegalAction(f"no troop stands at {key}")
    return state.rules.troop_power(base_card(base.card).troop_type) + base.raise_of(key.index)
