"""What happened in The Tower: one event class per kind, each citing its rule and reading as a sentence.

Rule ids (e.g. 'fight.retaliate') are the ids of `rulebook.RULEBOOK`, which quotes the sentence.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.events import Event, Events
from rules.the_tower.rule_ids import RuleId


def _points(n: int) -> str:
    return f"{n} action point{'' if n == 1 else 's'}"


def room_label(room: int) -> str:
    """Floor slots are shown 1-based: slot 0 is 'room 1'."""
    return f"room {room + 1}"


@dataclass(frozen=True, slots=True, kw_only=True)
class GameEvent(Event):
    """Base of this game's events: `rule` is a registered id of its rulebook (mypy checks it)."""

    rule: RuleId


@dataclass(frozen=True, slots=True, kw_only=True)
class Said(GameEvent):
    """A plain statement of what happened, for events that need no detail beyond their sentence."""

    text: str

    def sentence(self) -> str:
        return self.text


def say(events: Events, rule: RuleId, text: str) -> None:
    """Record a plain statement under `rule` (a `Said`, the event most steps word), when the step is narrated."""
    if events.narrate:
        events.append(Said(rule=rule, text=text))


@dataclass(frozen=True, slots=True, kw_only=True)
class PointSpent(GameEvent):
    """An action point spent on one of the four actions."""

    what: str
    points_left: int

    def sentence(self) -> str:
        return f"The player spends an action point to {self.what} ({_points(self.points_left)} left)."


@dataclass(frozen=True, slots=True, kw_only=True)
class CardDrawn(GameEvent):
    pile: str
    card: str
    card_name: str

    def sentence(self) -> str:
        return f"The player draws the {self.card_name} from the {self.pile} deck."


@dataclass(frozen=True, slots=True, kw_only=True)
class PotionDrunk(GameEvent):
    card: str
    card_name: str
    healed: int
    hp: int

    def sentence(self) -> str:
        return f"The player drinks the {self.card_name}: +{self.healed} HP ({self.hp} HP now)."


@dataclass(frozen=True, slots=True, kw_only=True)
class FloorDealt(GameEvent):
    floor_number: int
    rooms: int

    def sentence(self) -> str:
        cards = "1 room card is" if self.rooms == 1 else f"{self.rooms} room cards are"
        return f"Floor {self.floor_number}: {cards} dealt face down."


@dataclass(frozen=True, slots=True, kw_only=True)
class RoomRevealed(GameEvent):
    """A face-down room flipped up by exploring it."""

    room: int
    card: str
    card_name: str

    def sentence(self) -> str:
        return f"{room_label(self.room).capitalize()} is turned face up: the {self.card_name} lies there."


@dataclass(frozen=True, slots=True, kw_only=True)
class FightBegins(GameEvent):
    room: int
    card: str
    card_name: str
    monster_hp: int
    damage: int

    def sentence(self) -> str:
        return (
            f"The player fights the {self.card_name} in {room_label(self.room)} "
            f"({self.monster_hp} HP, {self.damage} damage a strike on this floor)."
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class HitDealt(GameEvent):
    """One hit of the player: the card, why it deals what it deals, and the monster's HP left."""

    card: str
    card_name: str
    monster: str
    monster_name: str
    damage: int
    doubled: bool
    monster_hp: int

    def sentence(self) -> str:
        how = "opposite colours, double damage" if self.doubled else "same colour"
        left = "it falls" if self.monster_hp <= 0 else f"{self.monster_hp} HP left"
        return (
            f"The player hits the {self.monster_name} with the {self.card_name} ({how}): {self.damage} damage, {left}."
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Retaliation(GameEvent):
    """The monster still stands after a hit, so the player takes its damage (never doubled)."""

    monster: str
    monster_name: str
    damage: int
    hp: int

    def sentence(self) -> str:
        return f"The {self.monster_name} still stands and strikes: -{self.damage} HP ({self.hp} HP left)."


@dataclass(frozen=True, slots=True, kw_only=True)
class MonsterSlain(GameEvent):
    monster: str
    monster_name: str
    points_won: int
    points: int

    def sentence(self) -> str:
        return f"The {self.monster_name} is slain and put aside: +{_points(self.points_won)} ({self.points} now)."


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerDied(GameEvent):
    monster_name: str

    def sentence(self) -> str:
        return f"The player dies fighting the {self.monster_name}: the game is lost."


@dataclass(frozen=True, slots=True, kw_only=True)
class GameWon(GameEvent):
    def sentence(self) -> str:
        return "The room deck is empty and every monster is dead: the player wins the game."
