"""What a player (or chance) can choose in Tower Defense: a discriminated union of frozen models.

Towers are named by their space, waves by their id; a payment is the cards discarded from the stack
the rule names (a Mark II card is worth 2 credits).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from rules.tower_defense.model import Coord, StackName


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


# ---- chance -----------------------------------------------------------------------------------------
class ChooseStartingPlayer(_Action):
    """Chance: 'Randomly give 1 player the Starting Player Marker' (4.E)."""

    action: Literal["starting_player"] = "starting_player"
    player: int = Field(ge=0, le=3)


class RevealCredit(_Action):
    """Chance: the Mark I card that comes off the top of the deck."""

    action: Literal["reveal_credit"] = "reveal_credit"
    card: str


class RevealModifier(_Action):
    """Chance: the wave modifier on top of the pile (the lowest level left; same levels are shuffled)."""

    action: Literal["reveal_modifier"] = "reveal_modifier"
    modifier: str


class RevealCondition(_Action):
    """Chance: the top card of the shuffled Unrevealed Game Conditions."""

    action: Literal["reveal_condition"] = "reveal_condition"
    condition: str


# ---- the table ---------------------------------------------------------------------------------------
class NextPhase(_Action):
    """Carry out the next of Phases 1 to 5 (they need no decision)."""

    action: Literal["next_phase"] = "next_phase"


class TakeCredit(_Action):
    """Take one revealed credit onto one of your stacks (4.E, phase 5, and the credits of 6.B and 6.E.III)."""

    action: Literal["take_credit"] = "take_credit"
    player: int = Field(ge=0, le=3)
    card: str
    stack: StackName


class EndActions(_Action):
    """'Phase 6 ends when all players agree they do not want to perform any more actions.'"""

    action: Literal["end_actions"] = "end_actions"


# ---- Phase 6 ----------------------------------------------------------------------------------------
class Build(_Action):
    """6.A.I: build a tower card of your Build / Upgrade stack on an unoccupied space."""

    action: Literal["build"] = "build"
    player: int = Field(ge=0, le=3)
    card: str
    at: Coord
    payment: tuple[str, ...]


class Upgrade(_Action):
    """6.A.II: raise one of your towers with Energy by one Level."""

    action: Literal["upgrade"] = "upgrade"
    player: int = Field(ge=0, le=3)
    at: Coord
    payment: tuple[str, ...]


class Sell(_Action):
    """6.B: discard a tower without Depletion and draw its Sell Value in Mark I credits."""

    action: Literal["sell"] = "sell"
    player: int = Field(ge=0, le=3)
    at: Coord


class Boost(_Action):
    """6.C: discard one card of your Boost stack to boost any player's tower this turn."""

    action: Literal["boost"] = "boost"
    player: int = Field(ge=0, le=3)
    at: Coord
    card: str


class Attack(_Action):
    """6.G: attack the visible unit, or the wave modifier, of a wave within Range of your tower.

    `ignore` chooses to ignore a tough or armoured unit's extra Hit Points (and take what follows)."""

    action: Literal["attack"] = "attack"
    player: int = Field(ge=0, le=3)
    at: Coord
    wave: str
    target: Literal["unit", "modifier"] = "unit"
    ignore: bool = False


class CombineAttack(_Action):
    """6.D: your Combine tower attacks with the joined damage of two towers within its Radius."""

    action: Literal["combine"] = "combine"
    player: int = Field(ge=0, le=3)
    at: Coord
    towers: tuple[Coord, Coord]
    wave: str
    target: Literal["unit", "modifier"] = "unit"
    ignore: bool = False
    payment: tuple[str, ...]


class KillBonus(_Action):
    """6.E.I and 6.E.II: pay from the Kill Bonus stack to take a Mark II or Mark III tower."""

    action: Literal["kill_bonus"] = "kill_bonus"
    player: int = Field(ge=0, le=3)
    card: str
    stack: StackName
    payment: tuple[str, ...]


class Convert(_Action):
    """6.E.III: after defeating a unit, discard credits of the Kill Bonus stack for as many Mark I credits."""

    action: Literal["convert"] = "convert"
    player: int = Field(ge=0, le=3)
    payment: tuple[str, ...] = Field(min_length=1)


class PlaceSkillMarker(_Action):
    """6.F: place a Skill Marker on an empty slot, paying 1 credit per Universal Energy symbol."""

    action: Literal["skill"] = "skill"
    player: int = Field(ge=0, le=3)
    skill: str
    slot: int = Field(0, ge=0, le=1)
    stack: StackName = "build"
    payment: tuple[str, ...] = ()


class CompleteCondition(_Action):
    """6.H: discard the game condition whose requirement was just met to one of your stacks."""

    action: Literal["complete_condition"] = "complete_condition"
    player: int = Field(ge=0, le=3)
    stack: StackName


class RestoreTrack(_Action):
    """Place a discarded track piece on an unoccupied space (after defeating a restorer unit)."""

    action: Literal["restore_track"] = "restore_track"
    player: int = Field(ge=0, le=3)
    piece: str
    at: Coord


Action = Annotated[
    ChooseStartingPlayer
    | RevealCredit
    | RevealModifier
    | RevealCondition
    | NextPhase
    | TakeCredit
    | EndActions
    | Build
    | Upgrade
    | Sell
    | Boost
    | Attack
    | CombineAttack
    | KillBonus
    | Convert
    | PlaceSkillMarker
    | CompleteCondition
    | RestoreTrack,
    Field(discriminator="action"),
]

ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)

CHANCE_ACTIONS = (ChooseStartingPlayer, RevealCredit, RevealModifier, RevealCondition)
PHASE6_ACTIONS = (
    Build,
    Upgrade,
    Sell,
    Boost,
    Attack,
    CombineAttack,
    KillBonus,
    Convert,
    PlaceSkillMarker,
    CompleteCondition,
)
"""The actions of Phase 6 that count as 'any other action' (they close a kill's opportunity)."""
