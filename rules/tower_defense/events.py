"""What happened in Tower Defense: one event class per kind, each citing its rule and reading as a sentence.

Rule ids (e.g. 'phase.3 movement') are those of `rulebook.RULEBOOK`, which quotes the sentences.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.events import Event, Events
from rules.tower_defense.rule_ids import RuleId


def player_name(player: int) -> str:
    return f"Player {player + 1}"


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
class PhaseBegun(GameEvent):
    turn: int
    phase: int
    title: str

    def sentence(self) -> str:
        return f"Turn {self.turn}, Phase {self.phase}: {self.title}."


@dataclass(frozen=True, slots=True, kw_only=True)
class WaveEvent(GameEvent):
    """Base of the events of one wave: its id, name and Wave Number come first."""

    wave: str
    wave_name: str
    number: int


@dataclass(frozen=True, slots=True, kw_only=True)
class WaveCalled(WaveEvent):
    track: str
    space: int

    def sentence(self) -> str:
        return f"Wave {self.number} ({self.wave_name}) is set on track {self.track}{self.space}."


@dataclass(frozen=True, slots=True, kw_only=True)
class WaveMoved(WaveEvent):
    """A wave's movement: how far, the discarded track it skipped and the waves it would have landed on."""

    track: str
    start: int
    end: int
    movement: int
    skipped: tuple[int, ...] = ()
    bumped: tuple[int, ...] = ()

    def sentence(self) -> str:
        extra = []
        if self.skipped:
            extra.append("skipping discarded " + ", ".join(f"{self.track}{n}" for n in self.skipped))
        if self.bumped:
            extra.append("moving on past the occupied " + ", ".join(f"{self.track}{n}" for n in self.bumped))
        more = f" ({'; '.join(extra)})" if extra else ""
        return (
            f"Wave {self.number} ({self.wave_name}) moves {self.movement} from {self.track}{self.start} "
            f"to {self.track}{self.end}{more}."
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class WaveEscaped(WaveEvent):
    lives_lost: int
    lives_left: int

    def sentence(self) -> str:
        return (
            f"Wave {self.number} ({self.wave_name}) runs off the end of its track: "
            f"{self.lives_lost} li{'fe' if self.lives_lost == 1 else 'ves'} lost, {self.lives_left} left."
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class CreditRevealed(GameEvent):
    card: str
    card_name: str

    def sentence(self) -> str:
        return f"A {self.card_name} is revealed from the Mark I deck."


@dataclass(frozen=True, slots=True, kw_only=True)
class CreditTaken(GameEvent):
    player: int
    card: str
    credit: str
    stack: str

    def sentence(self) -> str:
        return f"{player_name(self.player)} puts {self.credit} on the {self.stack} stack."


@dataclass(frozen=True, slots=True, kw_only=True)
class TowerBuilt(GameEvent):
    player: int
    card: str
    tower_name: str
    at: tuple[int, int]
    paid: int

    def sentence(self) -> str:
        return (
            f"{player_name(self.player)} builds a {self.tower_name} on {self.at} for {self.paid} "
            "credit(s); it is Level 1 and gets a Depletion."
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class TowerUpgraded(GameEvent):
    player: int
    tower_name: str
    at: tuple[int, int]
    level: int
    paid: int

    def sentence(self) -> str:
        return (
            f"{player_name(self.player)} upgrades the {self.tower_name} on {self.at} to Level {self.level} "
            f"for {self.paid} credit(s); it gets a Depletion."
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class TowerSold(GameEvent):
    player: int
    tower_name: str
    at: tuple[int, int]
    value: int

    def sentence(self) -> str:
        return (
            f"{player_name(self.player)} sells the {self.tower_name} on {self.at} "
            f"and draws {self.value} Mark I credit(s)."
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Boosted(GameEvent):
    player: int
    credit: str
    tower_name: str
    at: tuple[int, int]
    damage: int
    damage_text: str

    def sentence(self) -> str:
        return (
            f"{player_name(self.player)} discards {self.credit} to boost the {self.tower_name} on {self.at}: "
            f"it now deals {self.damage_text}."
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Attacked(GameEvent):
    """One attack on a visible unit or a wave modifier, and whether it met the Hit Points."""

    player: int
    attacker: str
    wave: str
    wave_name: str
    target: str
    damage: int
    damage_text: str
    hit_points: int
    defeated: bool

    def sentence(self) -> str:
        verdict = "and defeats it" if self.defeated else "which is not enough: nothing carries over"
        return (
            f"{player_name(self.player)} attacks {self.target} of {self.wave_name} with {self.attacker}: "
            f"{self.damage_text} damage against {self.hit_points} Hit Points, {verdict}."
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class WaveDefeated(WaveEvent):
    def sentence(self) -> str:
        return f"The last unit of Wave {self.number} ({self.wave_name}) falls: the wave is defeated."


@dataclass(frozen=True, slots=True, kw_only=True)
class TrackDestroyed(GameEvent):
    piece: str
    reason: str
    discarded: int

    def sentence(self) -> str:
        return f"Track {self.piece} is destroyed ({self.reason}); {self.discarded} piece(s) are discarded now."


@dataclass(frozen=True, slots=True, kw_only=True)
class GameEnded(GameEvent):
    termination: str
    text: str

    def sentence(self) -> str:
        return self.text
