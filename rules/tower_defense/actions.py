"""What a player (or chance) can choose in Tower Defense: one immutable record per kind of action.

Towers are named by their space, waves by their id; a payment is the cards discarded from the stack
the rule names (a Mark II card is worth 2 credits). Each writes itself as the JSON `schema.ACTION_ADAPTER`
reads (`{"action": "sell", "player": 0, "at": [3, 0]}`); that text orders the legal actions and so gives
them their integer ids (`rules.core.protocol`).
"""

from __future__ import annotations

from typing import Final, Literal

from rules.core.records import Record
from rules.tower_defense.model import StackName
from rules.tower_defense.places import Coord

AttackTarget = Literal["unit", "modifier"]
"""What an attack strikes: the visible unit, or the wave modifier."""


# ---- chance -----------------------------------------------------------------------------------------


class ChooseStartingPlayer(Record):
    """Chance: 'Randomly give 1 player the Starting Player Marker' (4.E)."""

    __slots__ = ("player",)
    FIELDS = ("player",)
    TAG = ("action", "starting_player")

    def __init__(self, player: int) -> None:
        self.player: Final = player


class RevealCredit(Record):
    """Chance: the Mark I card that comes off the top of the deck."""

    __slots__ = ("card",)
    FIELDS = ("card",)
    TAG = ("action", "reveal_credit")

    def __init__(self, card: str) -> None:
        self.card: Final = card


class RevealModifier(Record):
    """Chance: the wave modifier on top of the pile (the lowest level left; same levels are shuffled)."""

    __slots__ = ("modifier",)
    FIELDS = ("modifier",)
    TAG = ("action", "reveal_modifier")

    def __init__(self, modifier: str) -> None:
        self.modifier: Final = modifier


class RevealCondition(Record):
    """Chance: the top card of the shuffled Unrevealed Game Conditions."""

    __slots__ = ("condition",)
    FIELDS = ("condition",)
    TAG = ("action", "reveal_condition")

    def __init__(self, condition: str) -> None:
        self.condition: Final = condition


# ---- the table ---------------------------------------------------------------------------------------


class NextPhase(Record):
    """Carry out the next of Phases 1 to 5 (they need no decision)."""

    __slots__ = ()
    FIELDS = ()
    TAG = ("action", "next_phase")


class TakeCredit(Record):
    """Take one revealed credit onto one of your stacks (4.E, phase 5, and the credits of 6.B and 6.E.III)."""

    __slots__ = ("card", "player", "stack")
    FIELDS = ("player", "card", "stack")
    TAG = ("action", "take_credit")

    def __init__(self, player: int, card: str, stack: StackName) -> None:
        self.player: Final = player
        self.card: Final = card
        self.stack: Final = stack


class EndActions(Record):
    """'Phase 6 ends when all players agree they do not want to perform any more actions.'"""

    __slots__ = ()
    FIELDS = ()
    TAG = ("action", "end_actions")


# ---- Phase 6 ----------------------------------------------------------------------------------------


class Build(Record):
    """6.A.I: build a tower card of your Build / Upgrade stack on an unoccupied space."""

    __slots__ = ("at", "card", "payment", "player")
    FIELDS = ("player", "card", "at", "payment")
    TAG = ("action", "build")

    def __init__(self, player: int, card: str, at: Coord, payment: tuple[str, ...]) -> None:
        self.player: Final = player
        self.card: Final = card
        self.at: Final = at
        self.payment: Final = payment


class Upgrade(Record):
    """6.A.II: raise one of your towers with Energy by one Level."""

    __slots__ = ("at", "payment", "player")
    FIELDS = ("player", "at", "payment")
    TAG = ("action", "upgrade")

    def __init__(self, player: int, at: Coord, payment: tuple[str, ...]) -> None:
        self.player: Final = player
        self.at: Final = at
        self.payment: Final = payment


class Sell(Record):
    """6.B: discard a tower without Depletion and draw its Sell Value in Mark I credits."""

    __slots__ = ("at", "player")
    FIELDS = ("player", "at")
    TAG = ("action", "sell")

    def __init__(self, player: int, at: Coord) -> None:
        self.player: Final = player
        self.at: Final = at


class Boost(Record):
    """6.C: discard one card of your Boost stack to boost any player's tower this turn."""

    __slots__ = ("at", "card", "player")
    FIELDS = ("player", "at", "card")
    TAG = ("action", "boost")

    def __init__(self, player: int, at: Coord, card: str) -> None:
        self.player: Final = player
        self.at: Final = at
        self.card: Final = card


class Attack(Record):
    """6.G: attack the visible unit, or the wave modifier, of a wave within Range of your tower.

    `ignore` chooses to ignore a tough or armoured unit's extra Hit Points (and take what follows)."""

    __slots__ = ("at", "ignore", "player", "target", "wave")
    FIELDS = ("player", "at", "wave", "target", "ignore")
    TAG = ("action", "attack")

    def __init__(self, player: int, at: Coord, wave: str, target: AttackTarget = "unit", ignore: bool = False) -> None:
        self.player: Final = player
        self.at: Final = at
        self.wave: Final = wave
        self.target: Final = target
        self.ignore: Final = ignore


class CombineAttack(Record):
    """6.D: your Combine tower attacks with the joined damage of two towers within its Radius."""

    __slots__ = ("at", "ignore", "payment", "player", "target", "towers", "wave")
    FIELDS = ("player", "at", "towers", "wave", "target", "ignore", "payment")
    TAG = ("action", "combine")

    def __init__(
        self,
        player: int,
        at: Coord,
        towers: tuple[Coord, Coord],
        wave: str,
        target: AttackTarget = "unit",
        ignore: bool = False,
        *,
        payment: tuple[str, ...],
    ) -> None:
        self.player: Final = player
        self.at: Final = at
        self.towers: Final = towers
        self.wave: Final = wave
        self.target: Final = target
        self.ignore: Final = ignore
        self.payment: Final = payment


class KillBonus(Record):
    """6.E.I and 6.E.II: pay from the Kill Bonus stack to take a Mark II or Mark III tower."""

    __slots__ = ("card", "payment", "player", "stack")
    FIELDS = ("player", "card", "stack", "payment")
    TAG = ("action", "kill_bonus")

    def __init__(self, player: int, card: str, stack: StackName, payment: tuple[str, ...]) -> None:
        self.player: Final = player
        self.card: Final = card
        self.stack: Final = stack
        self.payment: Final = payment


class Convert(Record):
    """6.E.III: after defeating a unit, discard credits of the Kill Bonus stack for as many Mark I credits."""

    __slots__ = ("payment", "player")
    FIELDS = ("player", "payment")
    TAG = ("action", "convert")

    def __init__(self, player: int, payment: tuple[str, ...]) -> None:
        self.player: Final = player
        self.payment: Final = payment


class PlaceSkillMarker(Record):
    """6.F: place a Skill Marker on an empty slot, paying 1 credit per Universal Energy symbol."""

    __slots__ = ("payment", "player", "skill", "slot", "stack")
    FIELDS = ("player", "skill", "slot", "stack", "payment")
    TAG = ("action", "skill")

    def __init__(
        self, player: int, skill: str, slot: int = 0, stack: StackName = "build", payment: tuple[str, ...] = ()
    ) -> None:
        self.player: Final = player
        self.skill: Final = skill
        self.slot: Final = slot
        self.stack: Final = stack
        self.payment: Final = payment


class CompleteCondition(Record):
    """6.H: discard the game condition whose requirement was just met to one of your stacks."""

    __slots__ = ("player", "stack")
    FIELDS = ("player", "stack")
    TAG = ("action", "complete_condition")

    def __init__(self, player: int, stack: StackName) -> None:
        self.player: Final = player
        self.stack: Final = stack


class RestoreTrack(Record):
    """Place a discarded track piece on an unoccupied space (after defeating a restorer unit)."""

    __slots__ = ("at", "piece", "player")
    FIELDS = ("player", "piece", "at")
    TAG = ("action", "restore_track")

    def __init__(self, player: int, piece: str, at: Coord) -> None:
        self.player: Final = player
        self.piece: Final = piece
        self.at: Final = at


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
