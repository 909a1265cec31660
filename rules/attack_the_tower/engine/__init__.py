"""The Attack the Tower engine: legal actions, one pure step at a time, and the end of the game.

`apply` validates the action (raising IllegalAction with the rule it breaks), performs it, then
advances through every automatic step (recruiting, pools, skipped allocations, resolution, the end of
a battle) until a player or chance must decide. Nothing here calls `random`: drawing a card is a
chance node whose outcomes and exact probabilities `chance_outcomes` gives.

The steps live beside this module: `reading` (who acts, chance, outcomes), `legal` (legal actions), `turn`
(a turn outside battles), `abilities`, `battles`, `automatic` (what nobody decides) and `common`. What a
panel asks of a combat step (its units, pools, the allocation asked for, a draft's refusals, tally and
kills) is named here from `combat`, so nothing above the rules reaches into the engine's modules.
"""

from __future__ import annotations

from rules.attack_the_tower.engine.battles import battle_played_out
from rules.attack_the_tower.engine.combat import (
    AllocationRequest,
    PowerNote,
    Unit,
    adding_refusal,
    allocations_in,
    battle_units,
    destroyed_by,
    draft_tally,
    in_combat_step,
    power_notes,
    standing_power,
    step_pools,
)
from rules.attack_the_tower.engine.combat.requests import TargetKey, target_key
from rules.attack_the_tower.engine.common import label
from rules.attack_the_tower.engine.legal import legal_actions
from rules.attack_the_tower.engine.reading import (
    acting_players,
    allocation_request,
    chance_outcomes,
    current_player,
    is_terminal,
    outcome,
    probability_of,
)
from rules.attack_the_tower.engine.stepping import apply, battle_result, new_game, next_position, step

__all__ = [
    "AllocationRequest",
    "PowerNote",
    "TargetKey",
    "Unit",
    "acting_players",
    "adding_refusal",
    "allocation_request",
    "allocations_in",
    "apply",
    "battle_played_out",
    "battle_result",
    "battle_units",
    "chance_outcomes",
    "current_player",
    "destroyed_by",
    "draft_tally",
    "in_combat_step",
    "is_terminal",
    "label",
    "legal_actions",
    "new_game",
    "next_position",
    "outcome",
    "power_notes",
    "probability_of",
    "standing_power",
    "step",
    "step_pools",
    "target_key",
]
