"""What the player (or chance) can choose in The Tower: a discriminated union of frozen models."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from rules.the_tower.cards import Pile


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class DrawCard(_Action):
    """Spend an action point to draw an attack or a potion card (002 actions: 'Draw')."""

    action: Literal["draw"] = "draw"
    pile: Pile


class RevealCard(_Action):
    """Chance: the card that comes off the deck being drawn, or the room card turned face up."""

    action: Literal["reveal"] = "reveal"
    card: str


class Drink(_Action):
    """Spend an action point to drink a potion from the hand (002 actions: 'Drink')."""

    action: Literal["drink"] = "drink"
    card: str


class Explore(_Action):
    """Spend an action point to flip a face-down room up (002 actions: 'Explore')."""

    action: Literal["explore"] = "explore"
    room: int = Field(ge=0, description="The floor slot, 0-based.")


class ChooseRoom(_Action):
    """Name the room of the next fight before spending points (only under room_chosen='before_actions')."""

    action: Literal["choose"] = "choose"
    room: int = Field(ge=0)


class FightRoom(_Action):
    """Choose a room, explored or not, and fight the creature inside (002 'choose a room and fight')."""

    action: Literal["fight"] = "fight"
    room: int = Field(ge=0)


class Hit(_Action):
    """Hit the monster with an attack card, or a potion used as an attack (002 fight)."""

    action: Literal["hit"] = "hit"
    card: str


class Flee(_Action):
    """Leave the fight (only under may_leave_fight)."""

    action: Literal["flee"] = "flee"


Action = Annotated[
    DrawCard | RevealCard | Drink | Explore | ChooseRoom | FightRoom | Hit | Flee,
    Field(discriminator="action"),
]

ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)
