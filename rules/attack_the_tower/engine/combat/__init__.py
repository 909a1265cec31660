"""Combat: the units of a battle and the effects in play (`units`, `effects`, `sides`), the combat step in
progress and what each side deals (`steps`, `pools`), the allocations it asks for (`requests`,
`enumeration`), an allocation drafted one damage at a time (`drafts`) and a troop's power outside a battle
(`standing`). Everything the engine, the analyses and the panels ask of combat is named here."""

from __future__ import annotations

from rules.attack_the_tower.engine.combat.drafts import (
    Draft,
    DraftTally,
    adding_refusal,
    allocations_in,
    destroyed_by,
    draft_tally,
    in_combat_step,
    step_pools,
)
from rules.attack_the_tower.engine.combat.effects import EffectsKey, PowerNote, active_effects, power_notes
from rules.attack_the_tower.engine.combat.enumeration import Gain, best_vector, enumerate_vectors
from rules.attack_the_tower.engine.combat.pools import Pool, initiative_pool, regular_pool
from rules.attack_the_tower.engine.combat.requests import AllocateActions, AllocationRequest
from rules.attack_the_tower.engine.combat.standing import standing_power
from rules.attack_the_tower.engine.combat.steps import (
    CombatStep,
    Refusal,
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
    STAGE_LABEL,
    STRUCTURE_KINDS,
    Role,
    Unit,
    UnitKind,
    base_key,
    palace_key,
    special_key,
    troop_key,
)

__all__ = [
    "STAGE_LABEL",
    "STRUCTURE_KINDS",
    "AllocateActions",
    "AllocationRequest",
    "CombatStep",
    "Draft",
    "DraftTally",
    "EffectsKey",
    "Gain",
    "Pool",
    "PowerNote",
    "Refusal",
    "Role",
    "Unit",
    "UnitKind",
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
    "initiative_pool",
    "palace_key",
    "power_notes",
    "refusal",
    "regular_pool",
    "special_key",
    "standing_power",
    "step_pools",
    "troop_key",
    "validate_allocation",
    "who_fought",
]
