"""What a player (or chance) can choose in Attack the Tower: one immutable record per kind of action.

Each writes itself as the JSON `schema.read_action` reads (`{"action": "draw", "player": 0, ...}`), its schema
written from these fields (`rules.core.codec.ActionReader`); that text orders the legal actions and so gives
them their integer ids (`rules.core.protocol`).
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from rules.attack_the_tower.model import Allocation, PileKind
from rules.core.records import Record

Seat = Annotated[int, Field(ge=0, le=1)]
"""A player: 0 or 1."""
Place = Annotated[int, Field(ge=0, lt=3)]
"""A territory, or a slot of a territory: 0, 1 or 2."""


class DrawCard(Record):
    """Draw one card from the chosen pile (004 setup: 'from any of his piles'; renewal B)."""

    player: Seat
    pile: PileKind
    TAG = ("action", "draw")


class RevealCard(Record):
    """Chance: the card that comes off the pile being drawn from."""

    card: str
    TAG = ("action", "reveal")


class Burn(Record):
    """Discard the whole opening hand and draw again (004 setup)."""

    player: Seat
    TAG = ("action", "burn")


class KeepHand(Record):
    """Keep the opening hand (004 setup)."""

    player: Seat
    TAG = ("action", "keep")


class Build(Record):
    """Build a base from the hand on a slot, over any base already there (004 'Building bases')."""

    player: Seat
    card: str
    territory: Place
    slot: Place
    TAG = ("action", "build")


class FinishBuilding(Record):
    """Build nothing more in this building step."""

    player: Seat
    TAG = ("action", "finish_building")


class Discard(Record):
    """Discard a card from the hand down to the hand limit (004 renewal B)."""

    player: Seat
    card: str
    TAG = ("action", "discard")


class Renew(Record):
    """The attacking player's decision at the start of the turn (004 'The game turn' 1)."""

    player: Seat
    renew: bool
    TAG = ("action", "renew")


class DeclareAttack(Record):
    """Attack from one of the player's territories to one of the opponent's (004 battles 1)."""

    player: Seat
    origin: Place
    target: Place
    specials: Annotated[tuple[int, ...], Field(description="Palace special troops (by palace index) sent along.")] = ()
    TAG = ("action", "attack")


class PlayAbility(Record):
    """Play an ability card from the hand (004 'The game turn' 2, battles 2)."""

    player: Seat
    card: str
    targets: Annotated[
        tuple[str, ...],
        Field(description="What the card makes its player choose: a troop key (Ninja) or base keys (Kaiju)."),
    ] = ()
    TAG = ("action", "play")


class Pass(Record):
    """Play no more abilities in this battle's ability window (for now)."""

    player: Seat
    TAG = ("action", "pass")


class Allocate(Record):
    """Distribute the damage of the current combat step among targets (004 battles 3 and 4)."""

    player: Seat
    allocation: Allocation = Allocation()
    TAG = ("action", "allocate")


class ChooseVictim(Record):
    """Destroy one enemy troop a Vrykolaka owes (Rules.vrykolaka_victims='chosen'): its board key."""

    player: Seat
    target: str
    TAG = ("action", "victim")


class EndTurn(Record):
    """End the turn: the opponent becomes the attacking player."""

    player: Seat
    TAG = ("action", "end_turn")


Action = (
    DrawCard
    | RevealCard
    | Burn
    | KeepHand
    | Build
    | FinishBuilding
    | Discard
    | Renew
    | DeclareAttack
    | PlayAbility
    | Pass
    | Allocate
    | ChooseVictim
    | EndTurn
)


def allocate(player: int, assignments: dict[str, int] | None = None) -> Allocate:
    """Convenience: an Allocate action from a {target key: amount} dict."""
    return Allocate(player, Allocation.of((assignments or {}).items()))
