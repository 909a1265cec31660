"""An allocation drafted one damage at a time (a person clicking targets on the board): whether one more damage
may go on a target, how much of each cap the draft uses, which targets it destroys, and which sides deal
damage in the step. The explorer asks these; it decides none of them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import cast

from rules.attack_the_tower.engine.combat.pools import Pool
from rules.attack_the_tower.engine.combat.requests import AllocationRequest
from rules.attack_the_tower.engine.combat.steps import Refusal, current_pool, refusal, validate_allocation
from rules.attack_the_tower.errors import IllegalAction
from rules.attack_the_tower.model import Allocation, GameState
from rules.attack_the_tower.rule_ids import RuleId

Draft = Mapping[str, int]
"""Damage drafted so far: target key -> amount (every amount at least 1)."""


def adding_refusal(state: GameState, request: AllocationRequest, draft: Draft, key: str) -> Refusal | None:
    """Why one more damage on `key` cannot be part of the allocation `request` asks for, in a player's words
    with its rule; None when it can. Refused: what is not a target now, and whatever no completion of the
    draft could make legal (more than the damage for troops, artillery on troops, more than the damage for
    bases, more than a target can take), by the same check as the allocation handed in."""
    if not any(target.key == key for target in request.targets):
        return refusal(state, request.player, key)
    wanted = {**draft, key: draft.get(key, 0) + 1}
    try:
        validate_allocation(state, request, Allocation(assignments=tuple(wanted.items())))
    except IllegalAction as refused:
        return Refusal(refused.reason, cast(RuleId, refused.rule))
    return None


@dataclass(frozen=True, slots=True)
class DraftTally:
    """How much of each cap of a request a draft uses, and the artillery damage that cannot hit troops."""

    on_troops: int
    on_structures: int
    troop_cap: int
    structure_cap: int
    artillery_held: int
    """Artillery damage of a regular step beyond what may hit bases while troops defend them (004 traits:
    artillery damage can only be assigned to bases or palaces)."""

    def words(self) -> str:
        """'1 of 1 damage for troops assigned; 0 of 4 for bases or the palace assigned; ...'."""
        parts = []
        if self.troop_cap:
            parts.append(f"{self.on_troops} of {self.troop_cap} damage for troops assigned")
        if self.structure_cap:
            parts.append(f"{self.on_structures} of {self.structure_cap} for bases or the palace assigned")
        if self.artillery_held > 0:
            parts.append(f"{self.artillery_held} artillery damage cannot hit troops (only bases or the palace)")
        return "; ".join(parts)


def draft_tally(request: AllocationRequest, draft: Draft) -> DraftTally:
    """The draft counted against the request's caps (damage on bases and palaces apart from damage on troops)."""
    structures = {t.key for t in request.targets if t.is_structure}
    on_structures = sum(amount for key, amount in draft.items() if key in structures)
    held = request.pool.artillery - request.structure_cap if request.stage == "regular" else 0
    return DraftTally(
        on_troops=sum(draft.values()) - on_structures,
        on_structures=on_structures,
        troop_cap=request.troop_cap,
        structure_cap=request.structure_cap,
        artillery_held=held,
    )


def destroyed_by(request: AllocationRequest, draft: Draft) -> frozenset[str]:
    """The targets the draft's damage destroys when it is dealt: each given at least what it has left."""
    return frozenset(t.key for t in request.targets if draft.get(t.key, 0) >= t.remaining > 0)


def in_combat_step(state: GameState) -> bool:
    """A combat step is in progress (initiative, regular combat or unmanned bases): not the ability window, not
    the choice of a Vrykolaka's victims, not outside a battle."""
    return state.battle is not None and state.battle.stage in ("initiative", "regular", "unmanned")


def step_pools(state: GameState) -> tuple[tuple[int, Pool], ...]:
    """(side, its pool) for each side dealing damage in the combat step now, the attacker first: both sides
    in initiative and regular combat, the attacker alone against unmanned bases, nobody outside combat."""
    battle = state.battle
    if battle is None or not in_combat_step(state):
        return ()
    sides = (state.attacker,) if battle.stage == "unmanned" else (state.attacker, state.defender)
    return tuple((side, current_pool(state, side)) for side in sides)


def allocations_in(state: GameState) -> tuple[bool, bool]:
    """Whether each player has handed in this combat step's allocation (hidden until both are in)."""
    battle = state.battle
    if battle is None:
        return False, False
    return battle.pending[0] is not None, battle.pending[1] is not None
