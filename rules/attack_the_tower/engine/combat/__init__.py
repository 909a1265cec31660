"""Combat: the units of a battle and the effects in play (`units`, `effects`, `sides`), the combat step in
progress and what each side deals (`steps`, `pools`), and the allocations it asks for (`requests`,
`enumeration`). Everything the engine, the analyses and the panels ask of combat is named here."""

from __future__ import annotations

from rules.attack_the_tower.engine.combat.effects import EffectsKey, active_effects, troop_stats
from rules.attack_the_tower.engine.combat.enumeration import Gain, best_vector, enumerate_vectors
from rules.attack_the_tower.engine.combat.pools import Pool, initiative_pool, regular_pool
from rules.attack_the_tower.engine.combat.requests import AllocateActions, AllocationRequest
from rules.attack_the_tower.engine.combat.steps import (
    CombatStep,
    Refusal,
    allocation_request,
    battle_effects,
    battle_units,
    combat_step,
    current_pool,
    explain_refusal,
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
    "EffectsKey",
    "Gain",
    "Pool",
    "Refusal",
    "Role",
    "Unit",
    "UnitKind",
    "active_effects",
    "allocation_request",
    "base_key",
    "battle_effects",
    "battle_units",
    "best_vector",
    "combat_step",
    "current_pool",
    "enumerate_vectors",
    "explain_refusal",
    "fighters",
    "initiative_pool",
    "palace_key",
    "refusal",
    "regular_pool",
    "special_key",
    "troop_key",
    "troop_stats",
    "validate_allocation",
    "who_fought",
]
