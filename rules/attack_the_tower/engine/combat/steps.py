"""The combat step in progress: its units, pools and effects, the allocation each side is asked for, and an
allocation checked against it (refused in words)."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from rules.attack_the_tower.cards import Effect
from rules.attack_the_tower.engine.combat.effects import active_effects
from rules.attack_the_tower.engine.combat.pools import Pool, initiative_pool, regular_pool
from rules.attack_the_tower.engine.combat.requests import AllocationRequest
from rules.attack_the_tower.engine.combat.sides import (
    battle_sides,
    living_units,
    overlay,
    recent_sides,
    special_keys_among,
)
from rules.attack_the_tower.engine.combat.units import STAGE_LABEL, STRUCTURE_KINDS, Unit
from rules.attack_the_tower.errors import IllegalAction
from rules.attack_the_tower.model import Allocation, Battle, GameState
from rules.attack_the_tower.rule_ids import RuleId
from rules.attack_the_tower.text import key_words

UnitsAfterDamage = Callable[[list[Unit], dict[str, int], tuple[str, ...]], list[Unit]]
"""A side's units read with the damage taken and the dead: every unit marked (`overlay`), or the living ones."""


class CombatStep:
    """One combat step of the battle in progress, seen from both sides.

    It holds the units with the damage taken so far laid over them, and each side's pool and allocation
    request, each computed at most once and only when asked for: the engine, the policies and the
    explorer ask for the same pools and requests many times in one step. Pools and requests look only
    at the living units, so the dead are laid over only when `battle_units` asks. See `combat_step` for the
    cache.
    """

    __slots__ = (
        "_living",
        "_pools",
        "_requests",
        "_units",
        "attacker",
        "battle",
        "key",
        "players",
        "rules",
        "sides",
        "state",
    )

    def __init__(self, state: GameState, key: tuple[object, ...]) -> None:
        self.state = state
        self.key = key
        # The cache compares these by identity (they are held here, so the identities stay valid); they
        # are copied out of the state because reading a pydantic model's field costs more.
        self.players = state.players
        self.rules = state.rules
        self.attacker = state.attacker
        self.battle = state.battle
        """The battle object last found to be in this step (held, for the identity fast path)."""
        self.sides = battle_sides(state)
        self._units: tuple[list[Unit], list[Unit]] | None = None
        self._living: tuple[list[Unit], list[Unit]] | None = None
        self._pools: list[Pool | None] = [None, None]
        self._requests: list[AllocationRequest | bool | None] = [False, False]
        """False: not computed yet (None is a computed answer: nothing to decide)."""

    def units(self) -> tuple[list[Unit], list[Unit]]:
        """(attacking units, defending units), dead ones included and marked."""
        if self._units is None:
            self._units = self._both_sides(overlay)
        return self._units

    def living(self) -> tuple[list[Unit], list[Unit]]:
        """The living units of `units()`, in the same order."""
        if self._living is None:
            self._living = self._both_sides(living_units)
        return self._living

    def _both_sides(self, after_damage: UnitsAfterDamage) -> tuple[list[Unit], list[Unit]]:
        """Each side's units as `after_damage` reads them with the battle's damage and dead (the sides as they
        are while nothing has been dealt)."""
        battle = self.state.battle
        assert battle is not None
        sides = self.sides
        if not battle.damage and not battle.dead:
            return sides.attackers, sides.defenders
        taken = dict(battle.damage)
        return after_damage(sides.attackers, taken, battle.dead), after_damage(sides.defenders, taken, battle.dead)

    def pool(self, side: int) -> Pool:
        pool = self._pools[side]
        if pool is None:
            pool = self._pools[side] = _current_pool(self, side)
        return pool

    def request(self, side: int) -> AllocationRequest | None:
        request = self._requests[side]
        if request is False:
            request = self._requests[side] = _allocation_request(self, side)
        assert request is not True
        return request


_recent_steps: list[CombatStep] = []
"""The steps asked about lately, the last one first."""


def combat_step(state: GameState) -> CombatStep:
    """The `CombatStep` of the battle in progress: the engine takes it once per automatic step and asks
    it for both sides' pools and requests (`current_pool` and `allocation_request` go through it too).

    Pools and requests depend on the players' tuple, the rules, the attacker and every field of the
    battle except the allocations not yet revealed (and whose turn it is to play abilities); so one
    step survives the hand-in of the first allocation. Cached like `battle_sides`: by the identity of the
    players' tuple and the rules (held by the step) and by those battle fields; and the step asked for
    last is found first, by the identity of its battle object.
    """
    b = state.battle
    assert b is not None
    # Fast path: the battle object asked about last (held by the step, so still alive).
    if _recent_steps:
        step = _recent_steps[0]
        if step.battle is b and step.players is state.players and step.rules is state.rules:
            return step if step.attacker == state.attacker else _find_step(state, b)
    return _find_step(state, b)


def _find_step(state: GameState, b: Battle) -> CombatStep:
    """`combat_step` past its fast path: a cached step by key, or a new one (either becomes the first)."""
    players, rules = state.players, state.rules
    key = (state.attacker, b.step_key())
    for i, step in enumerate(_recent_steps):
        if step.players is players and step.rules is rules and step.key == key:
            step.battle = b
            if i:
                del _recent_steps[i]
                _recent_steps.insert(0, step)
            return step
    step = CombatStep(state, key)
    _recent_steps.insert(0, step)
    del _recent_steps[4:]
    return step


def battle_units(state: GameState) -> tuple[list[Unit], list[Unit]]:
    """(attacking units, defending units) of the battle in progress, dead ones included and marked.

    Who fights and with what power is fixed once combat starts, so the units are computed once per
    battle (see `battle_sides`) and only the damage taken is laid over them at each step (see `combat_step`).
    """
    if state.battle is None:
        return [], []
    return combat_step(state).units()


def fighters(state: GameState) -> tuple[list[Unit], list[Unit]]:
    """(attacking units, defending units) of the battle in progress before any damage is laid over
    them: who fights, with what power and toughness (fixed in a combat step). Cached: see `battle_sides`."""
    if state.battle is None:
        return [], []
    sides = battle_sides(state)
    return sides.attackers, sides.defenders


def who_fought(state: GameState) -> tuple[list[Unit], list[Unit]]:
    """The units of `fighters`, for who they are (keys, kinds, troop types, names) and not their power.

    Who fights does not depend on which special troops have died (only the power of the others may), so
    any cached `_Sides` of this battle serves: none is rebuilt when a special troop dies in the last step.
    """
    battle = state.battle
    if battle is None:
        return [], []
    prefix = (state.attacker, battle.sides_key())
    players, rules = state.players, state.rules
    for sides in recent_sides:
        if sides.players is players and sides.rules is rules and sides.key[:2] == prefix:
            return sides.attackers, sides.defenders
    return fighters(state)


def battle_effects(state: GameState) -> list[tuple[int, Effect]]:
    """`active_effects(state, battle.dead)` for the battle in progress (from the cached `_Sides` when
    there is one for these dead special troops)."""
    battle = state.battle
    assert battle is not None
    dead = battle.dead
    key = (state.attacker, battle.sides_key(), special_keys_among(dead) if dead else ())
    players, rules = state.players, state.rules
    for sides in recent_sides:
        if sides.players is players and sides.rules is rules and sides.key == key:
            return sides.effects
    return active_effects(state, dead)


def current_pool(state: GameState, side: int) -> Pool:
    """The damage pool of one side in the current combat step (computed once per step: see `combat_step`)."""
    return combat_step(state).pool(side)


def _current_pool(step: CombatStep, side: int) -> Pool:
    state = step.state
    battle = state.battle
    assert battle is not None
    attackers, defenders = step.living()
    own = attackers if side == step.attacker else defenders
    stage = battle.stage
    if stage == "initiative":
        return initiative_pool(own)
    if stage == "regular":
        return regular_pool(state, own, battle.leftover[side], step.sides.effects)
    general, artillery = battle.remaining
    return Pool(general, artillery, artillery, (), "damage not distributed in regular combat")


def allocation_request(state: GameState, side: int) -> AllocationRequest | None:
    """The targets and caps for `side` in the current combat step; None when it has nothing to decide.

    Computed once per step (see `combat_step`)."""
    if side not in (0, 1):
        raise IllegalAction(f"there is no side {side!r}: the sides are 0 and 1 (the first and the second player)")
    battle = state.battle
    if battle is None or battle.stage in ("abilities", "victims"):
        return None
    return combat_step(state).request(side)


def _allocation_request(step: CombatStep, side: int) -> AllocationRequest | None:
    battle = step.state.battle
    stage = battle.stage if battle is not None else None
    if stage not in ("initiative", "regular", "unmanned"):
        return None
    if stage == "unmanned" and side != step.attacker:
        return None
    pool = step.pool(side)
    if stage == "initiative":
        damage_to_distribute = pool.general
    elif stage == "regular":
        damage_to_distribute = pool.general + pool.artillery_free
    else:
        damage_to_distribute = pool.general + pool.artillery
    if not damage_to_distribute:
        return None  # a shortcut: both caps below would be 0
    attackers, defenders = step.living()
    living_troops: list[Unit] = []
    structures: list[Unit] = []
    troop_room = structure_room = 0
    for u in defenders if side == step.attacker else attackers:
        # (`u.is_structure` and `u.remaining`, spelt out: this runs for every request)
        if u.kind in STRUCTURE_KINDS:
            structures.append(u)
            structure_room += u.toughness - u.damage
        else:
            living_troops.append(u)
            troop_room += u.toughness - u.damage
    if stage == "initiative":
        targets, troop_cap, structure_cap = tuple(living_troops), pool.general, 0
        structure_room = 0
    elif stage == "regular":
        free = pool.artillery_free if any(u.kind == "base" for u in structures) else 0
        bases = [u for u in structures if u.kind == "base"] if free else []
        targets, troop_cap, structure_cap = (*living_troops, *bases), pool.general, free
        structure_room = sum(u.remaining for u in bases)
    else:
        targets, troop_cap, structure_cap = tuple(structures), 0, pool.total
        troop_room = 0
    total_cap = min(troop_cap, troop_room) + min(structure_cap, structure_room)
    if not targets or total_cap == 0:
        return None
    return AllocationRequest(
        side,
        stage,
        pool,
        targets,
        troop_cap,
        structure_cap,
        troop_cap + structure_cap if stage != "unmanned" else structure_cap,
    )


class Refusal(NamedTuple):
    """Why a target is refused, in a player's words, and the rule that says so."""

    message: str
    rule: RuleId


def _step_rule(request: AllocationRequest) -> RuleId:
    """The rule of the combat step whose damage is being distributed (initiative or regular)."""
    return "battles.3 initiative" if request.stage == "initiative" else "battles.4 regular"


def _named(unit: Unit) -> str:
    """A unit as a refusal names it: its name and its place in a player's words (not its board key)."""
    return f"{unit.name} ({key_words(unit.key)})"


def refusal(state: GameState, side: int, key: str) -> Refusal:
    """Why a key is not a target for `side` now, and the rule that says so (one decision for both)."""
    battle = state.battle
    assert battle is not None
    stage_rule: RuleId = "battles.3 initiative" if battle.stage == "initiative" else "battles.4 regular"
    attackers, defenders = battle_units(state)
    unit = next((u for u in attackers + defenders if u.key == key), None)
    if unit is None:
        where = key_words(key)
        where = key if where == key else f"{where} ({key})"
        return Refusal(f"no unit of this battle is at {where}", rule="battles")
    if unit.owner == side:
        return Refusal(f"{_named(unit)} is on your own side", rule=stage_rule)
    if unit.dead:
        return Refusal(f"{_named(unit)} is already destroyed", rule=stage_rule)
    if unit.is_structure and battle.stage == "initiative":
        return Refusal(
            "initiative damage cannot be assigned to bases or the palace "
            "(the initiative trait does not apply against bases)",
            rule="traits.initiative",
        )
    if unit.is_structure:
        where = "the palace" if unit.kind == "palace" else "bases"
        return Refusal(
            f"{where} can be damaged only when unmanned, and troops still defend {unit.name}",
            rule="battles.4 unmanned",
        )
    if battle.stage == "unmanned":
        return Refusal("only the unmanned bases (or palace) can take the remaining damage", rule="battles.4 unmanned")
    return Refusal(f"{_named(unit)} cannot be targeted now", rule=stage_rule)


def validate_allocation(state: GameState, request: AllocationRequest, allocation: Allocation) -> None:
    """Raise IllegalAction naming the rule when an allocation is not allowed."""
    by_key = {t.key: t for t in request.targets}
    troops = structures = 0
    named: set[str] = set()
    for key, amount in allocation.assignments:
        unit = by_key.get(key)
        if unit is None:
            message, rule = refusal(state, request.player, key)
            raise IllegalAction(message, rule)
        if key in named:
            raise IllegalAction(
                f"{_named(unit)} is named twice; give each target its total damage once", _step_rule(request)
            )
        named.add(key)
        if type(amount) is not int or amount < 1:
            raise IllegalAction(
                f"the damage assigned to {_named(unit)} must be a whole number of at least 1, not {amount!r}",
                _step_rule(request),
            )
        if amount > unit.remaining:
            raise IllegalAction(
                f"{_named(unit)} is destroyed by {unit.remaining} more damage; "
                f"assign at most that much to it, not {amount}",
                _step_rule(request),
            )
        if unit.is_structure:
            structures += amount
        else:
            troops += amount
    pool = request.pool
    stage = STAGE_LABEL[request.stage]
    if troops > request.troop_cap:
        if request.troop_cap < pool.total and pool.artillery:
            raise IllegalAction(
                f"only {request.troop_cap} of your {pool.total} {stage} damage can hit troops; "
                f"artillery damage ({pool.artillery}) can only be assigned to bases or palaces",
                "traits.artillery",
            )
        raise IllegalAction(
            f"you assigned {troops} damage but have only {request.troop_cap} {stage} damage for troops",
            _step_rule(request),
        )
    if structures > request.structure_cap:
        raise IllegalAction(
            f"you assigned {structures} damage to bases but have only {request.structure_cap} for them",
            "battles.4 unmanned",
        )
