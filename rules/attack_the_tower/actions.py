"""What a player (or chance) can choose in Attack the Tower: a discriminated union of frozen models."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from rules.attack_the_tower.model import Allocation, PileKind, PlayerIndex


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class DrawCard(_Action):
    """Draw one card from the chosen pile (004 setup: 'from any of his piles'; renewal B)."""

    action: Literal["draw"] = "draw"
    player: PlayerIndex
    pile: PileKind


class RevealCard(_Action):
    """Chance: the card that comes off the pile being drawn from."""

    action: Literal["reveal"] = "reveal"
    card: str


class Burn(_Action):
    """Discard the whole opening hand and draw again (004 setup)."""

    action: Literal["burn"] = "burn"
    player: PlayerIndex


class KeepHand(_Action):
    action: Literal["keep"] = "keep"
    player: PlayerIndex


class Build(_Action):
    """Build a base from the hand on a slot, over any base already there (004 'Building bases')."""

    action: Literal["build"] = "build"
    player: PlayerIndex
    card: str
    territory: int = Field(ge=0, lt=3)
    slot: int = Field(ge=0, lt=3)


class FinishBuilding(_Action):
    action: Literal["finish_building"] = "finish_building"
    player: PlayerIndex


class Discard(_Action):
    """Discard a card from the hand down to the hand limit (004 renewal B)."""

    action: Literal["discard"] = "discard"
    player: PlayerIndex
    card: str


class Renew(_Action):
    """The attacking player's decision at the start of the turn (004 'The game turn' 1)."""

    action: Literal["renew"] = "renew"
    player: PlayerIndex
    renew: bool


class DeclareAttack(_Action):
    """Attack from one of the player's territories to one of the opponent's (004 battles 1)."""

    action: Literal["attack"] = "attack"
    player: PlayerIndex
    origin: int = Field(ge=0, lt=3)
    target: int = Field(ge=0, lt=3)
    specials: tuple[int, ...] = Field((), description="Palace special troops (by palace index) sent along.")


class PlayAbility(_Action):
    """Play an ability card from the hand (004 'The game turn' 2, battles 2)."""

    action: Literal["play"] = "play"
    player: PlayerIndex
    card: str
    targets: tuple[str, ...] = Field(
        (), description="What the card makes its player choose: a troop key (Ninja) or base keys (Kaiju)."
    )


class Pass(_Action):
    """Play no more abilities in this battle's ability window (for now)."""

    action: Literal["pass"] = "pass"
    player: PlayerIndex


class Allocate(_Action):
    """Distribute the damage of the current combat step among targets (004 battles 3 and 4)."""

    action: Literal["allocate"] = "allocate"
    player: PlayerIndex
    allocation: Allocation = Allocation()


class EndTurn(_Action):
    action: Literal["end_turn"] = "end_turn"
    player: PlayerIndex


Action = Annotated[
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
    | EndTurn,
    Field(discriminator="action"),
]

ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)


def allocate(player: PlayerIndex, assignments: dict[str, int] | None = None) -> Allocate:
    """Convenience: an Allocate action from a {target key: amount} dict."""
    return Allocate(player=player, allocation=Allocation(assignments=tuple((assignments or {}).items())))
