"""What a player (or chance) can choose in Tower Defense: one immutable record per kind of action.

Towers are named by their space, waves by their id; a payment is the cards discarded from the stack
the rule names (a Mark II card is worth 2 credits). Each writes itself as the JSON `schema.read_action`
reads (`{"action": "sell", "player": 0, "at": [3, 0]}`), its schema written from these fields
(`rules.core.codec.ActionReader`); that text orders the legal actions and so gives them their integer ids
(`rules.core.protocol`).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from rules.core.records import Record
from rules.tower_defense.model import Seat, StackName
from rules.tower_defense.places import Coord

AttackTarget = Literal["unit", "modifier"]
"""What an attack strikes: the visible unit, or the wave modifier."""


# ---- chance -----------------------------------------------------------------------------------------


class ChooseStartingPlayer(Record):
    """Chance: 'Randomly give 1 player the Starting Player Marker' (4.E)."""

    player: Seat
    TAG = ("action", "starting_player")


class RevealCredit(Record):
    """Chance: the Mark I card that comes off the top of the deck."""

    card: str
    TAG = ("action", "reveal_credit")


class RevealModifier(Record):
    """Chance: the wave modifier on top of the pile (the lowest level left; same levels are shuffled)."""

    modifier: str
    TAG = ("action", "reveal_modifier")


class RevealCondition(Record):
    """Chance: the top card of the shuffled Unrevealed Game Conditions."""

    condition: str
    TAG = ("action", "reveal_condition")


# ---- the table ---------------------------------------------------------------------------------------


class NextPhase(Record):
    """Carry out the next of Phases 1 to 5 (they need no decision)."""

    TAG = ("action", "next_phase")


class TakeCredit(Record):
    """Take one revealed credit onto one of your stacks (4.E, phase 5, and the credits of 6.B and 6.E.III)."""

    player: Seat
    card: str
    stack: StackName
    TAG = ("action", "take_credit")


class EndActions(Record):
    """'Phase 6 ends when all players agree they do not want to perform any more actions.'"""

    TAG = ("action", "end_actions")


# ---- Phase 6 ----------------------------------------------------------------------------------------


class Build(Record):
    """6.A.I: build a tower card of your Build / Upgrade stack on an unoccupied space."""

    player: Seat
    card: str
    at: Coord
    payment: tuple[str, ...]
    TAG = ("action", "build")


class Upgrade(Record):
    """6.A.II: raise one of your towers with Energy by one Level."""

    player: Seat
    at: Coord
    payment: tuple[str, ...]
    TAG = ("action", "upgrade")


class Sell(Record):
    """6.B: discard a tower without Depletion and draw its Sell Value in Mark I credits."""

    player: Seat
    at: Coord
    TAG = ("action", "sell")


class Boost(Record):
    """6.C: discard one card of your Boost stack to boost any player's tower this turn."""

    player: Seat
    at: Coord
    card: str
    TAG = ("action", "boost")


class Attack(Record):
    """6.G: attack the visible unit, or the wave modifier, of a wave within Range of your tower.

    `ignore` chooses to ignore a tough or armoured unit's extra Hit Points (and take what follows)."""

    player: Seat
    at: Coord
    wave: str
    target: AttackTarget = "unit"
    ignore: bool = False
    TAG = ("action", "attack")


class CombineAttack(Record, kw_only=True):
    """6.D: your Combine tower attacks with the joined damage of two towers within its Radius."""

    player: Seat
    at: Coord
    towers: tuple[Coord, Coord]
    wave: str
    target: AttackTarget = "unit"
    ignore: bool = False
    payment: tuple[str, ...]
    TAG = ("action", "combine")


class KillBonus(Record):
    """6.E.I and 6.E.II: pay from the Kill Bonus stack to take a Mark II or Mark III tower."""

    player: Seat
    card: str
    stack: StackName
    payment: tuple[str, ...]
    TAG = ("action", "kill_bonus")


class Convert(Record):
    """6.E.III: after defeating a unit, discard credits of the Kill Bonus stack for as many Mark I credits."""

    player: Seat
    payment: Annotated[tuple[str, ...], Field(min_length=1)]
    TAG = ("action", "convert")


class PlaceSkillMarker(Record):
    """6.F: place a Skill Marker on an empty slot, paying 1 credit per Universal Energy symbol."""

    player: Seat
    skill: str
    slot: Annotated[int, Field(ge=0, le=1)] = 0
    stack: StackName = "build"
    payment: tuple[str, ...] = ()
    TAG = ("action", "skill")


class CompleteCondition(Record):
    """6.H: discard the game condition whose requirement was just met to one of your stacks."""

    player: Seat
    stack: StackName
    TAG = ("action", "complete_condition")


class RestoreTrack(Record):
    """Place a discarded track piece on an unoccupied space (after defeating a restorer unit)."""

    player: Seat
    piece: str
    at: Coord
    TAG = ("action", "restore_track")


Action = (
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
    | RestoreTrack
)

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
