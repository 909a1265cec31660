"""The allocation space of one damage step: every distinct allocation, what it kills, what it wastes, and
which allocations a solver can leave out.

The allocations themselves come from the engine (`combat.AllocationRequest.vectors`: targets, caps,
artillery, initiative and unmanned rules, interchangeable troops counted once); this module only reads
them. An allocation destroys a target exactly when it assigns the target's `remaining` damage (the
request never lets an amount exceed it).

Two relations are computed, and they are not the same:

- *dominated* (shown to people): another allocation kills a strict superset of the targets. It is the
  plain reading of "kills more", and the "uniform" policy draws among the allocations it leaves.
- *pruned* (the solvers' starting strategy sets): another allocation is at least as good in every
  continuation of the battle, whatever the opponent does. Killing more is not enough for that: two
  initiative damage that kill two shooters can be worth less than the same two damage held back (the
  leftover joins regular damage) or laid on a knight that regular damage then finishes. An allocation
  A covers B when A kills every target B kills, and the damage A keeps for later steps pays for every
  point of lasting partial damage B has and A lacks (see `_covers`). What lasts depends on the step:
  initiative damage on a surviving troop lasts into regular combat; damage on a base lasts only when an
  unmanned step follows; everything else heals when the battle ends. Within that, the argument assumes
  that only damage kills and that a kill never hurts the side that makes it (true of the card effects
  that feed on kills: the Vampire, special troops losing their effects, the enemy's damage lowered), with
  two exceptions: the Vrykolaka destroys troops its side's damage did not, so damage kept off them may
  reach the bases (the solvers then use every allocation of that side: `battle.Node.strategy_vectors`),
  and clearing the territory sends the survivors against the palace at once, which can cost the
  attacker. The solvers therefore check every pruned allocation against their solution wherever
  clearing is still possible (`battle.Node._solve_combat`), and the tests check the solutions against
  unpruned ones and against backward induction through the engine alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from rules.attack_the_tower.catalog import ability_card
from rules.attack_the_tower.engine import combat
from rules.attack_the_tower.model import Allocation, GameState

SideName = Literal["attacker", "defender"]


@dataclass(frozen=True, slots=True)
class StepContext:
    """What decides which damage of an allocation still counts after its step."""

    stage: str
    attacking: bool
    """The allocating side is the attacker."""
    leftover_carries: bool
    """Initiative damage left unassigned joins regular damage (`Rules.leftover_initiative_adds_to_regular`)."""
    structures_standing: bool
    """The enemy still has a base or a palace standing, so killing every troop in regular combat leads to
    an unmanned step where the damage left over is spent."""


@dataclass(frozen=True, slots=True)
class AllocationOption:
    """One distinct allocation of a side's damage in one step, with what it does.

    `kills` and `kills_power` are the targets it destroys and their printed power (see `printed_power`).
    Damage not spent on kills is split four ways: `unassigned` (kept in the pool) of which
    `carried` joins a later step of this battle; `partial` (laid on targets that survive the step) of which
    `partial_lasting` still counts later in this battle. `wasted` is what counts for nothing:
    `unassigned - carried + partial - partial_lasting`.
    """

    index: int
    vector: tuple[int, ...]
    allocation: Allocation
    kills: tuple[str, ...] = ()
    kills_power: int = 0
    spent: int = 0
    unassigned: int = 0
    carried: int = 0
    partial: int = 0
    partial_lasting: int = 0
    wasted: int = 0
    dominated_by: int | None = None
    """Index of an allocation that kills a strict superset of these targets (None: undominated)."""
    pruned_by: int | None = None
    """Index of an allocation that covers this one (at least as good in every continuation, as long as a
    kill never hurts its maker): the solvers start without this one, and take it back only if their
    double-oracle check finds it better (see `battle.Node._solve_combat`). None: in the strategy set."""

    @property
    def dominated(self) -> bool:
        return self.dominated_by is not None

    @property
    def in_strategy_set(self) -> bool:
        return self.pruned_by is None


Footprint = tuple[int, tuple[int, ...], int]
"""(kill bitmask, lasting partial damage per target, damage carried to a later step)."""


def _covers(a: Footprint, b: Footprint) -> bool:
    """A is at least as good as B in every continuation (see the module docstring)."""
    kills_a, partial_a, carried_a = a
    kills_b, partial_b, carried_b = b
    if kills_a & kills_b != kills_b:
        return False
    need = carried_b
    for i, (pa, pb) in enumerate(zip(partial_a, partial_b, strict=True)):
        if pb > pa and not kills_a >> i & 1:
            need += pb - pa
    return carried_a >= need


class Space:
    """Every distinct allocation of one request, analysed once (shared by every request with the same
    targets, caps and context: see `space_of`).

    The solvers need only each allocation's footprint (kills, lasting partial damage, damage carried),
    so that is all that is computed up front; the descriptive fields of `options()` are computed when
    first asked for."""

    __slots__ = (
        "_by_mask",
        "_first_of",
        "_kept",
        "_options",
        "_order",
        "_pruned_by",
        "_stats",
        "_undominated",
        "context",
        "footprints",
        "masks",
        "powers",
        "request",
        "strategies",
        "vectors",
    )

    def __init__(self, request: combat.AllocationRequest, context: StepContext, powers: tuple[int, ...]) -> None:
        self.request = request
        self.context = context
        self.powers = powers
        targets = request.targets
        vectors = request.vectors()
        remaining = tuple(t.remaining for t in targets)
        masks: list[int] = []
        for vec in vectors:  # a plain loop: this runs for every allocation of every request, and is the hot path
            mask = 0
            bit = 1
            for a, r in zip(vec, remaining, strict=True):
                if a == r:  # the request never lets an amount exceed `remaining`, which is at least 1
                    mask |= bit
                bit <<= 1
            masks.append(mask)
        self.vectors = vectors
        self.masks = masks
        self.footprints = self._footprints()
        # pruned (solvers' reading): another allocation is as good in every continuation. Of equal
        # footprints the one spending least is kept (no partial damage that counts for nothing).
        first_of: dict[Footprint, int] = {}
        spent = [sum(vec) for vec in vectors]
        for v, fp in enumerate(self.footprints):
            held = first_of.get(fp)
            if held is None or spent[v] < spent[held]:
                first_of[fp] = v
        by_mask: dict[int, list[Footprint]] = {}
        for fp in first_of:
            by_mask.setdefault(fp[0], []).append(fp)
        for group in by_mask.values():
            group.sort(key=lambda fp: -fp[2])  # the most damage kept for later first: the likeliest to cover
        self._first_of = first_of
        self._by_mask = by_mask
        kept = [fp for fp in first_of if self._coverer(fp) is None]
        self.strategies = [first_of[fp] for fp in kept]
        self._kept = kept
        self._pruned_by: list[int | None] | None = None
        self._stats: list[tuple[int, int, int, int, int, int]] | None = None
        self._order: list[int] | None = None
        self._undominated: list[int] | None = None
        self._options: list[AllocationOption] | None = None

    def _footprints(self) -> list[Footprint]:
        """(kills, lasting partial damage, damage carried) of every vector, under the step's context."""
        context = self.context
        request = self.request
        targets = request.targets
        total = request.pool.total
        zero = (0,) * len(targets)
        if context.stage == "initiative":
            carries = context.leftover_carries
            out: list[Footprint] = []
            for vec, mask in zip(self.vectors, self.masks, strict=True):
                lasting = tuple(0 if mask >> i & 1 else a for i, a in enumerate(vec))
                out.append((mask, lasting, total - sum(vec) if carries else 0))
            return out
        if context.stage == "regular" and context.attacking and context.structures_standing:
            all_troops = sum(1 << i for i, t in enumerate(targets) if not t.is_structure)
            structure = [t.is_structure for t in targets]
            out = []
            for vec, mask in zip(self.vectors, self.masks, strict=True):
                if mask & all_troops == all_troops:  # an unmanned step follows: base damage and the rest count
                    lasting = tuple(a if structure[i] and not mask >> i & 1 else 0 for i, a in enumerate(vec))
                    out.append((mask, lasting, total - sum(vec)))
                else:
                    out.append((mask, zero, 0))
            return out
        return [(mask, zero, 0) for mask in self.masks]

    def _coverer(self, fp: Footprint, among: list[Footprint] | None = None) -> Footprint | None:
        """Another footprint that covers `fp` (from `among`, or from every footprint), or None."""
        mask = fp[0]
        if among is not None:
            return next((o for o in among if o != fp and _covers(o, fp)), None)
        for other_mask, group in self._by_mask.items():  # only footprints that kill every target `fp` kills
            if other_mask & mask != mask:
                continue
            for other in group:
                if other != fp and _covers(other, fp):
                    return other
        return None

    def representatives(self) -> list[int]:
        """One vector index per distinct footprint (the one spending least): allocations with equal
        footprints lead to the same position in everything that can still matter."""
        return list(self._first_of.values())

    # ---- descriptive, computed on demand ----------------------------------------------------------
    @property
    def stats(self) -> list[tuple[int, int, int, int, int, int]]:
        """(power killed, spent, unassigned, carried, partial, lasting partial) of every vector."""
        if self._stats is None:
            total = self.request.pool.total
            out = []
            for vec, (mask, lasting, carried) in zip(self.vectors, self.footprints, strict=True):
                power = spent = partial = 0
                for i, a in enumerate(vec):
                    spent += a
                    if mask >> i & 1:
                        power += self.powers[i]
                    else:
                        partial += a
                out.append((power, spent, total - spent, carried, partial, sum(lasting)))
            self._stats = out
        return self._stats

    @property
    def undominated(self) -> list[int]:
        """Vector indices of the allocations no other beats by killing a strict superset, in `order`."""
        if self._undominated is None:
            maximal = self._maximal_masks()
            self._undominated = [v for v in self.order if self.masks[v] in maximal]
        return self._undominated

    def _maximal_masks(self) -> set[int]:
        distinct = set(self.masks)
        return {m for m in distinct if not any(o != m and o & m == m for o in distinct)}

    @property
    def order(self) -> list[int]:
        """Vector indices, undominated first, then most power killed, least wasted, least spent."""
        if self._order is None:
            maximal = self._maximal_masks()
            stats = self.stats
            masks = self.masks
            self._order = sorted(
                range(len(self.vectors)),
                key=lambda v: (
                    masks[v] not in maximal,
                    -stats[v][0],
                    stats[v][2] - stats[v][3] + stats[v][4] - stats[v][5],
                    stats[v][1],
                    v,
                ),
            )
        return self._order

    @property
    def pruned_by(self) -> list[int | None]:
        """For each vector, the vector index the solvers keep in its place (None: kept itself)."""
        if self._pruned_by is None:
            kept_vectors = set(self.strategies)
            out: list[int | None] = []
            for v in range(len(self.vectors)):
                if v in kept_vectors:
                    out.append(None)
                    continue
                cover = self._first_of[self.footprints[v]]
                if cover in kept_vectors:
                    out.append(cover)
                    continue
                covering = self._coverer(self.footprints[v], self._kept)
                assert covering is not None  # covering is transitive, so a kept footprint covers it
                out.append(self._first_of[covering])
            self._pruned_by = out
        return self._pruned_by

    def options(self) -> list[AllocationOption]:
        """Every allocation as an AllocationOption, undominated first (indices are positions in this list)."""
        if self._options is None:
            order = self.order
            position = {v: i for i, v in enumerate(order)}
            targets = self.request.targets
            maximal = self._maximal_masks()
            undominated = self.undominated
            stats = self.stats
            pruned_by = self.pruned_by
            out = []
            for i, v in enumerate(order):
                vec = self.vectors[v]
                mask = self.masks[v]
                killed_power, spent, unassigned, carried, partial, lasting = stats[v]
                dominated_by = None
                if mask not in maximal:
                    dominated_by = next(
                        position[u] for u in undominated if self.masks[u] & mask == mask and self.masks[u] != mask
                    )
                pruned = pruned_by[v]
                out.append(
                    AllocationOption(
                        index=i,
                        vector=vec,
                        allocation=self.request.allocation(vec),
                        kills=tuple(t.key for j, t in enumerate(targets) if mask >> j & 1),
                        kills_power=killed_power,
                        spent=spent,
                        unassigned=unassigned,
                        carried=carried,
                        partial=partial,
                        partial_lasting=lasting,
                        wasted=unassigned - carried + partial - lasting,
                        dominated_by=dominated_by,
                        pruned_by=None if pruned is None else position[pruned],
                    )
                )
            self._options = out
        return self._options

    def option_of(self, vector: tuple[int, ...]) -> AllocationOption:
        """The option of a (canonical) vector."""
        return self.options()[self.order.index(self.vectors.index(vector))]


def printed_power(state: GameState) -> Callable[[combat.Unit], int]:
    """A unit's printed power: its troop type's power in the rules config, its special troop card's, a
    base's or the palace's. Abilities that change power for a turn change the fight, not what a unit is
    worth, so kills are counted in printed power."""
    rules = state.rules
    specials: dict[str, int] = {}
    for owner, player in enumerate(state.players):
        for i, cid in enumerate(player.palace):
            spec = ability_card(cid).special_troop
            if spec is not None:
                specials[combat.special_key(owner, i)] = spec.power
    structures = {"base": rules.base_power, "palace": rules.palace_power}

    def power(unit: combat.Unit) -> int:
        if unit.kind == "troop" and unit.troop_type is not None:
            return rules.troop_power(unit.troop_type)
        if unit.kind == "special":
            return specials.get(unit.key, unit.toughness)
        return structures.get(unit.kind, unit.toughness)

    return power


def context_of(state: GameState, request: combat.AllocationRequest) -> StepContext:
    """The StepContext of a request in the battle in progress."""
    attacking = request.player == state.attacker
    standing = False
    if request.stage == "regular" and attacking:
        _, defenders = combat.battle_units(state)
        standing = any(u.is_structure and not u.dead for u in defenders)
    return StepContext(
        stage=request.stage,
        attacking=attacking,
        leftover_carries=state.rules.leftover_initiative_adds_to_regular,
        structures_standing=standing,
    )


_SPACES: dict[tuple[object, ...], Space] = {}
_SPACES_LIMIT = 20_000


def clear_spaces() -> None:
    """Forget every analysed allocation space."""
    _SPACES.clear()


def signature_of(request: combat.AllocationRequest, context: StepContext) -> tuple[object, ...]:
    """Everything a Space depends on: requests with equal signatures have the same allocations."""
    pool = request.pool
    return (
        context,
        request.player,
        request.troop_cap,
        request.structure_cap,
        request.total_cap,
        pool.general,
        pool.artillery,
        tuple((t.key, t.name, t.kind, t.troop_type, t.group, t.remaining, t.is_structure) for t in request.targets),
    )


def space_of(state: GameState, request: combat.AllocationRequest) -> Space:
    """The (cached) Space of a request of the battle in progress."""
    context = context_of(state, request)
    signature = signature_of(request, context)
    space = _SPACES.get(signature)
    if space is None:
        if len(_SPACES) >= _SPACES_LIMIT:
            _SPACES.clear()
        power = printed_power(state)
        space = _SPACES[signature] = Space(request, context, tuple(power(u) for u in request.targets))
    return space


def side_index(state: GameState, side: int | SideName) -> int:
    """A player index from 0, 1, 'attacker' or 'defender'."""
    if side == "attacker":
        return state.attacker
    if side == "defender":
        return state.defender
    if side in (0, 1):
        return int(side)
    raise ValueError(f"a side is 0, 1, 'attacker' or 'defender', not {side!r}")


def allocation_space(state: GameState, side: int | SideName) -> list[AllocationOption]:
    """Every distinct way `side` may distribute its damage in the current step, undominated first.

    Empty when the side has nothing to decide (no battle, the ability window, no target, no damage).
    Each option says what it kills, what it wastes, whether another option kills a strict superset
    (`dominated_by`) and whether the solvers keep it (`pruned_by`).
    """
    if state.battle is None:
        return []
    request = combat.allocation_request(state, side_index(state, side))
    if request is None:
        return []
    return space_of(state, request).options()
