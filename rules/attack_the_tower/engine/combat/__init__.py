"""Combat: the units of a battle and the effects in play (`units`, `effects`, `sides`), the combat step in
progress and what each side deals (`steps`, `pools`), the allocations it asks for (`requests`,
`enumeration`), an allocation drafted one damage at a time (`drafts`) and a troop's power outside a battle
(`standing`). Everything the engine, the analyses and the panels ask of combat is named here."""

from __future__ import annotations

from rules.attack_the_tower.engine.combat.drafts import (
    adding_refusal,
    allocations_in,
    destroyed_by,
    draft_tally,
    in_combat_step,
    step_pools,
)
from rules.attack_the_tower.engine.combat.effects import PowerNote, active_effects, power_notes, spare_types
from rules.attack_the_tower.engine.combat.enumeration import best_vector, enumerate_vectors
from rules.attack_the_tower.engine.combat.pools import Pool
from rules.attack_the_tower.engine.combat.requests import AllocateActions, AllocationRequest
from rules.attack_the_tower.engine.combat.standing import standing_power
from rules.attack_the_tower.engine.combat.steps import (
    CombatStep,
    allocation_request,
    battle_effects,
    battle_units,
    combat_step,
    current_pool,
    fighters,
    refusal,
    validate_allocation,
    who_fought,
)
from rules.attack_the_tower.engine.combat.units import (
    STRUCTURE_KINDS,
    Unit,
    base_key,
    palace_key,
    special_key,
    troop_key,
)

__all__ = [
    "STRUCTURE_KINDS",
    "AllocateActions",
    "AllocationRequest",
    "CombatStep",
    "Pool",
    "PowerNote",
    "Unit",
    "active_effects",
    "adding_refusal",
    "allocation_request",
    "allocations_in",
    "base_key",
    "battle_effects",
    "battle_units",
    "best_vector",
    "combat_step",
    "current_pool",
    "destroyed_by",
    "draft_tally",
    "enumerate_vectors",
    "fighters",
    "in_combat_step",
    "palace_key",
    "power_notes",
    "refusal",
    "spare_types",
    "special_key",
    "standing_power",
    "step_pools",
    "troop_key",
    "validate_allocation",
    "who_fought",
]
