"""The position of Attack the Tower as the engine steps it: immutable records (`rules.core.records`).

A position from outside (a file, the CLI, a share code, a panel edit) is read through `schema.POSITION`, which
validates it once - its shape by the pydantic schema, its legality by `legality.position_problems` - and
builds these records; the engine's own steps build only legal ones and are never validated again (the
conformance run re-checks every position they build).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field

from rules.attack_the_tower.catalog import ability_card, army
from rules.attack_the_tower.variants import Rules
from rules.core.jsonio import not_a_bool
from rules.core.records import ReadAs, Record

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
BattleStage = Literal["abilities", "initiative", "regular", "victims", "unmanned"]
Termination = Literal["palace_destroyed", "turn_limit"]

TERRITORIES = 3
SLOTS = 3
PlayerIndex = Annotated[int, ReadAs(Literal[0, 1]), BeforeValidator(not_a_bool)]
"""A player, 0 or 1 (a file says which exactly: true is not 1)."""


class Base(Record):
    """A base card built on a slot, with the troop counters it holds."""

    card: str
    troops: Annotated[int, Field(ge=0)] = 0
    raised: Annotated[
        tuple[int, ...],
        Field(
            description=(
                "Power raises carried by single troops (a Ninja's +3), largest first: troop i of the base "
                "carries raised[i]; the other troops carry none."
            )
        ),
    ] = ()

    def raise_of(self, index: int) -> int:
        """The power raise troop `index` carries (0 for a troop that carries none)."""
        return self.raised[index] if index < len(self.raised) else 0


Slot = Base | None
Territory = tuple[Slot, Slot, Slot]
Territories = tuple[Territory, Territory, Territory]
EMPTY_TERRITORY: Territory = (None, None, None)


def as_territories(rows: Sequence[Sequence[Slot]]) -> Territories:
    """Three rows of three slots (lists or tuples) as the board's fixed shape."""
    a, b, c = rows
    return (a[0], a[1], a[2]), (b[0], b[1], b[2]), (c[0], c[1], c[2])


class Allocation(Record):
    """Damage a side distributes: (target key, amount) pairs, sorted by key, each amount at least 1."""

    assignments: tuple[tuple[str, int], ...] = ()

    @staticmethod
    def of(pairs: Collection[tuple[str, int]]) -> Allocation:
        """The allocation of these (key, amount) pairs, in key order."""
        return Allocation(tuple(sorted(pairs)))

    def total(self) -> int:
        return sum(a for _, a in self.assignments)


class Player(Record):
    """One player's side of the table: board, palace, hand, piles, abilities in play."""

    army: str
    territories: Territories = (EMPTY_TERRITORY, EMPTY_TERRITORY, EMPTY_TERRITORY)
    palace: Annotated[
        tuple[str, ...], Field(description="Special ability cards on the palace, one special troop each.")
    ] = ()
    hand: tuple[str, ...] = ()
    base_pile: Annotated[
        tuple[str, ...], Field(description="The base draw pile, as a sorted multiset of card ids.")
    ] = ()
    ability_pile: Annotated[tuple[str, ...], Field(description="The ability draw pile, as a sorted multiset.")] = ()
    base_discard: tuple[str, ...] = ()
    ability_discard: tuple[str, ...] = ()
    in_play: Annotated[tuple[str, ...], Field(description="Abilities played this turn; discarded when it ends.")] = ()
    returning: Annotated[
        tuple[str, ...], Field(description="Special troops defeated this turn that return at its end.")
    ] = ()
    kills_alongside: Annotated[
        tuple[int, int, int, int, int],
        Field(description="Enemy troops killed this turn in battles where allied troops of each type fought."),
    ] = (0, 0, 0, 0, 0)
    burns: Annotated[
        int, Field(ge=0, description="Times this player has burnt the opening hand (004 'Setting up').")
    ] = 0

    def bases(self) -> list[tuple[int, int, Base]]:
        """Every built base as (territory, slot, base)."""
        return [(t, s, b) for t, terr in enumerate(self.territories) for s, b in enumerate(terr) if b is not None]

    def troops_in(self, territory: int) -> int:
        return sum(b.troops for b in self.territories[territory] if b is not None)

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


class Battle(Record):
    """A battle in progress: where, which step, damage taken so far and allocations not yet revealed."""

    origin: Annotated[int, Field(ge=0, lt=TERRITORIES, description="The attacking territory.")]
    target: Annotated[int, Field(ge=0, lt=TERRITORIES, description="The defending territory.")]
    at_palace: Annotated[bool, Field(description="True once the survivors attack the palace.")] = False
    stage: BattleStage = "abilities"
    specials: Annotated[
        tuple[int, ...], Field(description="Attacker's palace troops (palace indices) that joined.")
    ] = ()
    actor: PlayerIndex = 0
    passes: Annotated[int, Field(ge=0, le=1)] = 0
    damage: Annotated[
        tuple[tuple[str, int], ...], Field(description="Damage taken so far this battle, by unit key.")
    ] = ()
    dead: Annotated[tuple[str, ...], Field(description="Units destroyed so far this battle, by unit key.")] = ()
    pending: Annotated[
        tuple[Allocation | None, Allocation | None],
        Field(description="Allocations made in the current simultaneous step, hidden until both are in."),
    ] = (None, None)
    leftover: Annotated[tuple[int, int], Field(description="Initiative damage not distributed, per player.")] = (0, 0)
    remaining: Annotated[
        tuple[int, int],
        Field(description="The attacker's regular damage left for unmanned bases: (general, artillery)."),
    ] = (0, 0)
    owed: Annotated[
        tuple[int, int],
        Field(description="Enemy troops each player still chooses to destroy (Rules.vrykolaka_victims='chosen')."),
    ] = (0, 0)

    def sides_key(self) -> tuple[int, int, bool, tuple[int, ...]]:
        """What decides who fights (the combat engine's caches are keyed by it, with the dead special troops)."""
        return self.origin, self.target, self.at_palace, self.specials

    def step_key(self) -> tuple[object, ...]:
        """What decides a combat step's pools and requests: who fights, the stage, the damage taken and what
        is left over (not the allocations still hidden, nor whose turn it is to play abilities)."""
        return (*self.sides_key(), self.stage, self.damage, self.dead, self.leftover, self.remaining)


class GameState(Record, kw_only=True):
    """A whole position of Attack the Tower, including the rules it is played under."""

    rules: Rules = Rules()
    players: tuple[Player, Player]
    attacker: Annotated[PlayerIndex, Field(description="The player whose turn it is.")] = 0
    turn: Annotated[int, Field(ge=1)] = 1
    phase: Phase = "main"
    actor: Annotated[PlayerIndex, Field(description="Who decides in setup and renewal steps.")] = 0
    draws_left: Annotated[int, Field(ge=0)] = 0
    drawing: Annotated[PileKind | None, Field(description="A card of this pile is being revealed (a chance node).")] = (
        None
    )
    attacks: Annotated[tuple[int, ...], Field(description="Territories that have attacked this turn.")] = ()
    battle: Battle | None = None
    winner: PlayerIndex | None = None
    termination: Termination | None = None

    @property
    def defender(self) -> int:
        return 1 - self.attacker

    def with_player(self, index: int, player: Player, **changes: Any) -> GameState:
        """The position with one player replaced and, in the same copy, any other `changes`."""
        players = (player, self.players[1]) if index == 0 else (self.players[0], player)
        return self.replace(players=players, **changes)


def is_loyal(card_id: str) -> bool:
    """A loyal special troop needs no complete territory to maintain it (004 'Loyal')."""
    spec = ability_card(card_id).special_troop
    return spec is not None and "loyal" in spec.traits


def complete_territories(territories: Territories) -> int:
    """Territories with a base on all three slots (each maintains one special troop)."""
    return sum(all(b is not None for b in terr) for terr in territories)


def unmaintained_specials(palace: tuple[str, ...], territories: Territories) -> list[int]:
    """000: each special troop needs a complete territory of three bases (loyal ones need none): the palace
    indices of those left without one, the last needy ones first (the order they are destroyed in)."""
    needy = [i for i, c in enumerate(palace) if not is_loyal(c)]
    excess = len(needy) - complete_territories(territories)
    return list(reversed(needy[-excess:])) if excess > 0 else []


def renumbered_specials(specials: tuple[int, ...], fallen: Collection[int]) -> tuple[int, ...]:
    """Joined special troops (palace indices) once the `fallen` palace indices have left the palace: the rest,
    renumbered past them."""
    return tuple(i - sum(1 for f in fallen if f < i) for i in specials if i not in fallen)


def new_player(army_id: str) -> Player:
    """A player before setup: both draw piles full, nothing on the board."""
    a = army(army_id)
    bases = sorted(b.id for b in a.bases for _ in range(b.copies))
    abilities = sorted(c.id for c in a.abilities for _ in range(c.copies))
    return Player(army_id, base_pile=tuple(bases), ability_pile=tuple(abilities))
