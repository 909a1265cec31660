"""What happened in Attack the Tower: one event class per kind, each citing its rule and reading as a sentence.

Rule ids (e.g. "battles.3 initiative") are registered in `rulebook.RULEBOOK`, which quotes the sentences.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rules.attack_the_tower.rule_ids import RuleId
from rules.core.events import Event
from rules.core.records import direct_init


def possessive(name: str) -> str:
    """'Undead' -> "Undead's", 'Bandits' -> "Bandits'", 'Undead (player 1)' -> "Undead (player 1)'s"."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


@direct_init
@dataclass(frozen=True, slots=True, kw_only=True)
class GameEvent(Event):
    """Base of this game's events: `rule` is a registered id of its rulebook (mypy checks it)."""

    rule: RuleId


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerEvent(GameEvent):
    """An event about one player: its seat and its name as the sentence says it (fields first in JSON)."""

    player: int
    who: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Said(GameEvent):
    """A plain statement of what happened, for events that need no detail beyond their sentence."""

    text: str

    def sentence(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True, kw_only=True)
class CardDrawn(PlayerEvent):
    pile: str
    card: str
    card_name: str

    def sentence(self) -> str:
        return f"{self.who} draw {self.card_name} from the {self.pile} pile."


@direct_init
@dataclass(frozen=True, slots=True, kw_only=True)
class BaseBuilt(PlayerEvent):
    card: str
    card_name: str
    territory: int
    slot: int
    replaced: str | None = None
    replaced_troops: int = 0

    def sentence(self) -> str:
        where = f"territory {self.territory + 1}, slot {self.slot + 1}"
        if self.replaced is None:
            return f"{self.who} build a {self.card_name} on {where}."
        lost = f" and its {self.replaced_troops} troop(s)" if self.replaced_troops else ""
        return f"{self.who} build a {self.card_name} over the {self.replaced} on {where}, destroying it{lost}."


@direct_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Recruited(PlayerEvent):
    territory: int
    slot: int
    troop_name: str
    count: int
    now: int

    def sentence(self) -> str:
        return (
            f"{self.who} recruit {self.count} {self.troop_name} on territory {self.territory + 1}, "
            f"slot {self.slot + 1} ({self.now} there now)."
        )


@direct_init
@dataclass(frozen=True, slots=True, kw_only=True)
class DamagePool(PlayerEvent):
    """A side's damage for a combat step (initiative, regular, unmanned), with what it is made of."""

    stage: str
    amount: int
    artillery: int
    made_of: Callable[[], str] = field(compare=False, repr=False)
    """Says what the damage is made of; called only when the event is read (it costs string work)."""

    @property
    def detail(self) -> str:
        return self.made_of()

    def sentence(self) -> str:
        art = f", of which {self.artillery} is artillery damage" if self.artillery else ""
        what = "remaining regular" if self.stage == "unmanned" else self.stage
        return f"{possessive(self.who)} {what} damage is {self.amount}{art} ({self.detail})."

    def to_json(self) -> dict[str, Any]:
        data = {k: v for k, v in Event.to_json(self).items() if k != "made_of"}
        data["detail"] = self.detail
        return data


@direct_init
@dataclass(frozen=True, slots=True, kw_only=True)
class DamageDealt(PlayerEvent):
    """Damage one side assigned to one target in a combat step, and whether it destroyed it."""

    stage: str
    target: str
    target_name: str
    amount: int
    total: int
    toughness: int
    destroyed: bool

    def sentence(self) -> str:
        end = ", destroying it" if self.destroyed else f" ({self.total} of the {self.toughness} needed to destroy it)"
        what = "regular" if self.stage == "unmanned" else self.stage
        return f"{self.who} deal {self.amount} {what} damage to {self.target_name}{end}."


@direct_init
@dataclass(frozen=True, slots=True, kw_only=True)
class AbilityDamage(PlayerEvent):
    """Damage an ability causes outside the damage pools (Templar), and whether it destroyed its target."""

    source: str
    target: str
    target_name: str
    amount: int
    total: int
    toughness: int
    destroyed: bool

    def sentence(self) -> str:
        end = ", destroying it" if self.destroyed else f" ({self.total} of the {self.toughness} needed to destroy it)"
        return f"{possessive(self.who)} {self.source} cause {self.amount} damage to {self.target_name}{end}."


@direct_init
@dataclass(frozen=True, slots=True, kw_only=True)
class Destroyed(PlayerEvent):
    """A unit removed from the table (troop counter, base, special troop or palace)."""

    target: str
    target_name: str
    reason: str

    def sentence(self) -> str:
        return f"{possessive(self.who)} {self.target_name} is removed: {self.reason}."


@direct_init
@dataclass(frozen=True, slots=True, kw_only=True)
class GameWon(PlayerEvent):
    def sentence(self) -> str:
        return f"{self.who} have destroyed the enemy palace and win the game."
