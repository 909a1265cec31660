"""The position of Attack the Tower as frozen pydantic models, validated on construction.

A position read from a file, the editor or the CLI is validated in full (`GameState.model_validate`);
the engine's own steps use `model_copy`, which does not re-validate, and the conformance run proves
that those steps never build an illegal position.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator, model_validator

from rules.attack_the_tower.cards import AbilityCard, BaseCard
from rules.attack_the_tower.catalog import ability_card, army, army_ids, base_card, card, is_card, known_army_ids
from rules.attack_the_tower.variants import Rules
from rules.core import limits
from rules.core.errors import IllegalAction
from rules.core.jsonio import not_a_bool

PlayerIndex = Annotated[Literal[0, 1], BeforeValidator(not_a_bool)]
PileKind = Literal["base", "ability"]
Phase = Literal[
    "setup_draw",
    "setup_keep",
    "setup_build",
    "renewal_decision",
    "renewal_draw",
    "renewal_discard",
    "renewal_build",
    "main",
    "battle",
    "game_over",
]
BattleStage = Literal["abilities", "initiative", "regular", "unmanned"]
Termination = Literal["palace_destroyed", "turn_limit"]

TERRITORIES = 3
SLOTS = 3


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Base(_Frozen):
    """A base card built on a slot, with the troop counters it holds."""

    card: str
    troops: int = Field(0, ge=0)
    raised: tuple[int, ...] = Field(
        (),
        description=(
            "Power raises carried by single troops (a Ninja's +3), largest first: troop i of the base "
            "carries raised[i]; the other troops carry none."
        ),
    )

    @model_validator(mode="after")
    def _raises_fit(self) -> Base:
        if len(self.raised) > self.troops:
            raise ValueError(f"{len(self.raised)} raised troops on a base holding {self.troops} troops")
        if any(r < 1 for r in self.raised) or list(self.raised) != sorted(self.raised, reverse=True):
            raise ValueError("raised powers are at least 1 each, listed largest first")
        return self

    def raise_of(self, index: int) -> int:
        """The power raise troop `index` carries (0 for a troop that carries none)."""
        return self.raised[index] if index < len(self.raised) else 0


Slot = Base | None
Territory = tuple[Slot, Slot, Slot]
Territories = tuple[Territory, Territory, Territory]
EMPTY_TERRITORY: Territory = (None, None, None)


class Allocation(_Frozen):
    """Damage a side distributes: (target key, amount) pairs, sorted by key, each amount at least 1."""

    assignments: tuple[tuple[str, int], ...] = ()

    @field_validator("assignments")
    @classmethod
    def _well_formed(cls, value: tuple[tuple[str, int], ...]) -> tuple[tuple[str, int], ...]:
        keys = [k for k, _ in value]
        if len(keys) != len(set(keys)):
            raise ValueError("a target is named twice; give each target its total damage once")
        if any(a < 1 for _, a in value):
            raise ValueError("every amount must be at least 1")
        return tuple(sorted(value))

    def total(self) -> int:
        return sum(a for _, a in self.assignments)

    def as_dict(self) -> dict[str, int]:
        return dict(self.assignments)


class Player(_Frozen):
    """One player's side of the table: board, palace, hand, piles, abilities in play."""

    army: str
    territories: tuple[Territory, Territory, Territory] = (EMPTY_TERRITORY,) * 3
    palace: tuple[str, ...] = Field((), description="Special ability cards on the palace, one special troop each.")
    hand: tuple[str, ...] = ()
    base_pile: tuple[str, ...] = Field((), description="The base draw pile, as a sorted multiset of card ids.")
    ability_pile: tuple[str, ...] = Field((), description="The ability draw pile, as a sorted multiset.")
    base_discard: tuple[str, ...] = ()
    ability_discard: tuple[str, ...] = ()
    in_play: tuple[str, ...] = Field((), description="Abilities played this turn; discarded when it ends.")
    returning: tuple[str, ...] = Field((), description="Special troops defeated this turn that return at its end.")
    kills_alongside: tuple[int, int, int, int, int] = Field(
        (0, 0, 0, 0, 0),
        description="Enemy troops killed this turn in battles where allied troops of each type fought.",
    )
    burns: int = Field(0, ge=0, description="Times this player has burnt the opening hand (004 'Setting up').")

    def base_at(self, territory: int, slot: int) -> Base | None:
        return self.territories[territory][slot]

    def bases(self) -> list[tuple[int, int, Base]]:
        """Every built base as (territory, slot, base)."""
        return [(t, s, b) for t, terr in enumerate(self.territories) for s, b in enumerate(terr) if b is not None]

    def troops_in(self, territory: int) -> int:
        return sum(b.troops for b in self.territories[territory] if b is not None)

    def complete_territories(self) -> int:
        """Territories with a base on all three slots (each maintains one special troop)."""
        return complete_territories(self.territories)

    def all_cards(self) -> list[str]:
        """Every card this player owns, wherever it is (for conservation checks)."""
        board = [b.card for _, _, b in self.bases()]
        return [
            *board,
            *self.palace,
            *self.hand,
            *self.base_pile,
            *self.ability_pile,
            *self.base_discard,
            *self.ability_discard,
            *self.in_play,
            *self.returning,
        ]


class Battle(_Frozen):
    """A battle in progress: where, which step, damage taken so far and allocations not yet revealed."""

    origin: int = Field(ge=0, lt=TERRITORIES, description="The attacking territory.")
    target: int = Field(ge=0, lt=TERRITORIES, description="The defending territory.")
    at_palace: bool = Field(False, description="True once the survivors attack the palace.")
    stage: BattleStage = "abilities"
    specials: tuple[int, ...] = Field((), description="Attacker's palace troops (palace indices) that joined.")
    actor: PlayerIndex = 0
    passes: int = Field(0, ge=0, le=1)
    damage: tuple[tuple[str, int], ...] = Field((), description="Damage taken so far this battle, by unit key.")
    dead: tuple[str, ...] = Field((), description="Units destroyed so far this battle, by unit key.")
    pending: tuple[Allocation | None, Allocation | None] = Field(
        (None, None),
        description="Allocations made in the current simultaneous step, hidden until both are in.",
    )
    leftover: tuple[int, int] = Field((0, 0), description="Initiative damage not distributed, per player.")
    remaining: tuple[int, int] = Field(
        (0, 0), description="The attacker's regular damage left for unmanned bases: (general, artillery)."
    )


class GameState(_Frozen):
    """A whole position of Attack the Tower, including the rules it is played under."""

    rules: Rules = Rules()
    players: tuple[Player, Player]
    attacker: PlayerIndex = Field(0, description="The player whose turn it is.")
    turn: int = Field(1, ge=1)
    phase: Phase = "main"
    actor: PlayerIndex = Field(0, description="Who decides in setup and renewal steps.")
    draws_left: int = Field(0, ge=0)
    drawing: PileKind | None = Field(None, description="A card of this pile is being revealed (a chance node).")
    attacks: tuple[int, ...] = Field((), description="Territories that have attacked this turn.")
    battle: Battle | None = None
    winner: PlayerIndex | None = None
    termination: Termination | None = None

    @property
    def defender(self) -> PlayerIndex:
        return 1 - self.attacker  # type: ignore[return-value]

    @model_validator(mode="after")
    def _legal(self) -> GameState:
        problems = position_problems(self)
        if problems:
            raise ValueError("\n".join(problems))
        return self


def _check_kind(where: str, ids: tuple[str, ...], want: type[BaseCard | AbilityCard], army_id: str) -> list[str]:
    out = []
    for cid in ids:
        if not is_card(cid):
            out.append(f"{where}: there is no card {cid!r}")
        elif not cid.startswith(army_id + "."):
            out.append(f"{where}: {card(cid).name} is not a card of the {army(army_id).name} army")
        elif not isinstance(card(cid), want):
            kind = "base" if want is BaseCard else "ability"
            out.append(f"{where}: {card(cid).name} is not a{'n' if kind == 'ability' else ''} {kind} card")
    return out


def _is_loyal(card_id: str) -> bool:
    spec = ability_card(card_id).special_troop
    return spec is not None and "loyal" in spec.traits


def complete_territories(territories: Territories) -> int:
    """Territories with a base on all three slots (each maintains one special troop)."""
    return sum(all(b is not None for b in terr) for terr in territories)


def unmaintained_specials(palace: tuple[str, ...], territories: Territories) -> list[int]:
    """000: each special troop needs a complete territory of three bases (loyal ones need none): the palace
    indices of those left without one, the last needy ones first (the order they are destroyed in)."""
    needy = [i for i, c in enumerate(palace) if not _is_loyal(c)]
    excess = len(needy) - complete_territories(territories)
    return list(reversed(needy[-excess:])) if excess > 0 else []


def renumbered_specials(specials: tuple[int, ...], fallen: Collection[int]) -> tuple[int, ...]:
    """Joined special troops (palace indices) once the `fallen` palace indices have left the palace: the rest,
    renumbered past them."""
    return tuple(i - sum(1 for f in fallen if f < i) for i in specials if i not in fallen)


def player_problems(state: GameState, index: int) -> list[str]:
    """Every rule a player's side breaks, each as a sentence beginning with where it is."""
    p = state.players[index]
    rules = state.rules
    who = f"players.{index}"
    if p.army not in known_army_ids():
        return [f"{who}.army: unknown army {p.army!r} (armies: {', '.join(army_ids())})"]
    out: list[str] = []
    for t, terr in enumerate(p.territories):
        for s, b in enumerate(terr):
            if b is None:
                continue
            where = f"{who}.territories.{t}.{s}"
            kind_errors = _check_kind(where, (b.card,), BaseCard, p.army)
            out += kind_errors
            if not kind_errors and b.troops > rules.max_troops_per_base:
                out.append(
                    f"{where}: a base cannot hold more than {rules.max_troops_per_base} troops (it has {b.troops})"
                )
    out += _check_kind(f"{who}.base_pile", p.base_pile, BaseCard, p.army)
    out += _check_kind(f"{who}.base_discard", p.base_discard, BaseCard, p.army)
    out += _check_kind(f"{who}.ability_pile", p.ability_pile, AbilityCard, p.army)
    out += _check_kind(f"{who}.ability_discard", p.ability_discard, AbilityCard, p.army)
    out += _check_kind(f"{who}.in_play", p.in_play, AbilityCard, p.army)
    out += _check_kind(f"{who}.palace", p.palace, AbilityCard, p.army)
    out += _check_kind(f"{who}.returning", p.returning, AbilityCard, p.army)
    out += _check_kind(f"{who}.hand", p.hand, BaseCard | AbilityCard, p.army)  # type: ignore[arg-type]
    if out:
        return out
    for cid in p.palace + p.returning:
        if ability_card(cid).special_troop is None:
            out.append(f"{who}.palace: {card(cid).name} is not a special ability, so it recruits no palace troop")
    for cid in p.in_play:
        if ability_card(cid).special_troop is not None:
            out.append(f"{who}.in_play: {card(cid).name} is a special ability; it stays on the palace instead")
    counts = Counter(p.all_cards())
    for cid, n in counts.items():
        copies = card(cid).copies
        if n > copies:
            out.append(f"{who}: the {army(p.army).name} deck holds {copies} {card(cid).name}, not {n}")
    needy = sum(1 for cid in p.palace if not _is_loyal(cid))
    if needy > p.complete_territories():
        out.append(
            f"{who}.palace: {needy} special troops need {needy} complete territories of three bases, "
            f"but there are {p.complete_territories()}"
        )
    over_limit_allowed = state.phase in ("renewal_draw", "renewal_discard") and state.actor == index
    if len(p.hand) > rules.hand_limit and not over_limit_allowed:
        out.append(f"{who}.hand: a hand holds at most {rules.hand_limit} cards (it has {len(p.hand)})")
    if list(p.base_pile) != sorted(p.base_pile) or list(p.ability_pile) != sorted(p.ability_pile):
        out.append(f"{who}: draw piles are stored sorted (they are shuffled: only their contents matter)")
    return out


def position_problems(state: GameState) -> list[str]:
    """Every rule the whole position breaks; empty when the position is legal."""
    out = player_problems(state, 0) + player_problems(state, 1)
    if out:
        return out
    if (state.phase == "battle") != (state.battle is not None):
        out.append("battle: a battle is described exactly when the phase is 'battle'")
    if (state.phase == "game_over") != (state.termination is not None):
        out.append("termination: the game is over exactly when it says why")
    if state.termination == "palace_destroyed" and state.winner is None:
        out.append("winner: a destroyed palace means somebody won")
    if state.drawing is not None:
        if state.phase not in ("setup_draw", "renewal_draw"):
            out.append("drawing: cards are revealed only while drawing")
        pile = (
            state.players[state.actor].base_pile if state.drawing == "base" else state.players[state.actor].ability_pile
        )
        if not pile:
            out.append(f"drawing: the {state.drawing} pile is empty")
    if len(set(state.attacks)) != len(state.attacks) and state.rules.attacks_per_territory_per_turn == 1:
        out.append("attacks: a territory may attack once a turn")
    if any(not 0 <= t < TERRITORIES for t in state.attacks):
        out.append("attacks: territories are numbered 0 to 2")
    if state.battle is not None:
        out += battle_problems(state, state.battle)
    return out


def battle_problems(state: GameState, battle: Battle) -> list[str]:
    """Rules a battle in progress breaks (references to units that do not exist, bad specials)."""
    out = []
    att = state.players[state.attacker]
    for i in battle.specials:
        if not 0 <= i < len(att.palace):
            out.append(f"battle.specials: the attacker's palace has no special troop number {i}")
    if battle.specials and not state.rules.special_troops_join_attacks:
        out.append("battle.specials: under these rules special troops do not join attacks")
    if battle.at_palace:
        defending = state.players[state.defender].territories[battle.target]
        if any(b is not None for b in defending):
            out.append("battle.at_palace: the palace is attacked only after every base of the territory falls")
    if any(a < 1 for _, a in battle.damage):
        out.append("battle.damage: damage amounts are at least 1")
    if any(not 0 <= i < TERRITORIES for i in (battle.origin, battle.target)):
        return out
    if not out:
        out += _battle_units_problems(state, battle)
    return out


def _battle_units_problems(state: GameState, battle: Battle) -> list[str]:
    """The battle's damage, dead and hidden allocations checked against the units on the board: each names
    a unit of this battle, no living unit has taken its toughness, every allocation is one the rules allow."""
    from rules.attack_the_tower.engine import combat  # combat reads these models: imported when first needed

    by_key = combat.combat_step(state).sides.by_key()  # cached per battle: cheap on the engine's own steps
    out = [
        f"battle.{field}: {key!r} is not a unit in this battle"
        for field, keys in (("damage", [k for k, _ in battle.damage]), ("dead", battle.dead))
        for key in keys
        if key not in by_key
    ]
    if len(set(battle.dead)) != len(battle.dead):
        out.append("battle.dead: a unit is listed as destroyed twice")
    if out:
        return out
    for key, amount in battle.damage:
        unit = by_key[key]
        if key not in battle.dead and amount >= unit.toughness:
            out.append(
                f"battle.damage: {unit.name} ({key}) has taken {amount} damage, its toughness is {unit.toughness}, "
                "yet it is not among the dead"
            )
    for side, allocation in enumerate(battle.pending):
        if allocation is None or not allocation.assignments:
            continue
        if battle.stage not in ("initiative", "regular", "unmanned"):
            out.append(f"battle.pending.{side}: no damage is distributed in the {battle.stage} step")
            continue
        request = combat.allocation_request(state, side)
        if request is None:
            out.append(f"battle.pending.{side}: this side has no damage to distribute in this step")
            continue
        try:
            combat.validate_allocation(state, request, allocation)
        except IllegalAction as exc:
            out.append(f"battle.pending.{side}: {exc.reason}")
    for field, values in (("leftover", battle.leftover), ("remaining", battle.remaining)):
        if any(not 0 <= v <= limits.MAX_RULES_NUMBER for v in values):
            out.append(f"battle.{field}: amounts run from 0 to {limits.MAX_RULES_NUMBER}")
    return out


def new_player(army_id: str) -> Player:
    """A player before setup: both draw piles full, nothing on the board."""
    a = army(army_id)
    bases = sorted(b.id for b in a.bases for _ in range(b.copies))
    abilities = sorted(c.id for c in a.abilities for _ in range(c.copies))
    return Player(army=army_id, base_pile=tuple(bases), ability_pile=tuple(abilities))


def base_name(card_id: str) -> str:
    return base_card(card_id).name


UnitKind = Literal["troop", "special", "base", "palace"]
"""What a unit of a battle is: a troop counter on a base, a special troop in a palace, a base or a palace."""

_INDEX = r"(0|[1-9][0-9]{0,2})"
_KEY = re.compile(
    rf"p([01])/(?:t([0-{TERRITORIES - 1}])/s([0-{SLOTS - 1}])(?:/{_INDEX})?|palace(?:/{_INDEX})?)",
)


@dataclass(frozen=True, slots=True)
class UnitKey:
    """Where a unit stands, typed: the board key 'p1/t0/s2/1' (player 2's troop 2 on territory 1, slot 3)
    read once into its parts. `str` writes the key back; `parse` reads a key a person or a file gives."""

    owner: int
    kind: UnitKind
    territory: int | None = None
    slot: int | None = None
    index: int | None = None
    """The troop's place on its base, or the special troop's place in its palace."""

    @classmethod
    def troop(cls, owner: int, territory: int, slot: int, index: int) -> UnitKey:
        return cls(owner, "troop", territory, slot, index)

    @classmethod
    def base(cls, owner: int, territory: int, slot: int) -> UnitKey:
        return cls(owner, "base", territory, slot)

    @classmethod
    def special(cls, owner: int, index: int) -> UnitKey:
        return cls(owner, "special", index=index)

    @classmethod
    def palace(cls, owner: int) -> UnitKey:
        return cls(owner, "palace")

    @staticmethod
    def parse(text: str) -> UnitKey:
        """The key `text` names; IllegalAction in a player's words when it names no place on the board."""
        key = _parse_key(text)
        if key is None:
            raise IllegalAction(
                f"{text!r} names no place on the board (a key reads like 'p0/t1/s2/0': player, territory, "
                "slot, troop; 'p0/t1/s2' a base, 'p1/palace' a palace, 'p1/palace/0' a palace troop)"
            )
        return key

    @staticmethod
    def read(text: str) -> UnitKey | None:
        """The key `text` names, or None when it names no place on the board."""
        return _parse_key(text)

    @property
    def on_a_slot(self) -> bool:
        """A base or a troop on one (it has a territory and a slot)."""
        return self.kind in ("troop", "base")

    def slot_place(self) -> tuple[int, int]:
        """(territory, slot) of a base or of a troop on one."""
        assert self.territory is not None and self.slot is not None, f"{self} stands on no slot"
        return self.territory, self.slot

    def troop_place(self) -> tuple[int, int, int]:
        """(territory, slot, index on the base) of a troop."""
        assert self.index is not None and self.kind == "troop", f"{self} is not a troop"
        return (*self.slot_place(), self.index)

    def __str__(self) -> str:
        if self.kind == "troop":
            return f"p{self.owner}/t{self.territory}/s{self.slot}/{self.index}"
        if self.kind == "base":
            return f"p{self.owner}/t{self.territory}/s{self.slot}"
        if self.kind == "special":
            return f"p{self.owner}/palace/{self.index}"
        return f"p{self.owner}/palace"


@functools.lru_cache(maxsize=4096)
def _parse_key(text: str) -> UnitKey | None:
    """`UnitKey.parse` without the error (cached: the engine names the same few units at every step)."""
    found = _KEY.fullmatch(text) if isinstance(text, str) else None
    if found is None:
        return None
    owner, territory, slot, troop, special = found.groups()
    if territory is None:
        return UnitKey.palace(int(owner)) if special is None else UnitKey.special(int(owner), int(special))
    if troop is None:
        return UnitKey.base(int(owner), int(territory), int(slot))
    return UnitKey.troop(int(owner), int(territory), int(slot), int(troop))
