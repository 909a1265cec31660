"""The position of Tower Defense as the engine steps it: immutable records (`rules.core.records`).

A position from outside (a file, the editor, the CLI, a share code) is read through `game.POSITION`, which
validates it once - its shape by the schema (`schema.py`), its legality by `legality.position_problems`, so a
tower on a track space, two waves on one space or a track number laid twice never gets in - and builds these
records; the engine's own steps build only legal ones (the conformance run re-checks every position they
build). The playing field (spaces, track, board) is in `places.py`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from rules.core.records import Record
from rules.tower_defense import catalog
from rules.tower_defense.cards import CreditType, TrackName, WaveSpec
from rules.tower_defense.places import REVERSE_START_SPACE, Board, Coord
from rules.tower_defense.variants import Rules

StackName = Literal["build", "boost", "combine", "kill"]
STACKS: tuple[StackName, ...] = ("build", "boost", "combine", "kill")
STACK_LABEL: dict[str, str] = {
    "build": "Build / Upgrade",
    "boost": "Boost",
    "combine": "Combine",
    "kill": "Kill Bonus / Conversion",
}
Phase = Literal["setup", "tracker", "waves", "movement", "energize", "income", "actions", "game_over"]
PHASE_NUMBER: dict[str, int] = {
    phase: n for n, phase in enumerate(("tracker", "waves", "movement", "energize", "income", "actions"), start=1)
}
"""The six phases of a turn, in order, by their number (003)."""
Termination = Literal["victory", "lives_lost", "track_lost", "turn_limit"]
Seat = Annotated[int, Field(ge=0, le=3)]
"""A player: 0 to 3."""


# ---- towers and players -----------------------------------------------------------------------------
class Tower(Record):
    """A built tower: its card, space, owner (Player Marker), level, Depletion and this turn's boosts."""

    card: str
    at: Coord
    owner: Seat
    level: Annotated[
        int, Field(ge=1, description="At most the rules' max_level (checked with the whole position).")
    ] = 1
    depletion: Annotated[int, Field(ge=0)] = 0
    boosts: Annotated[
        tuple[CreditType, ...], Field(description="Credit types discarded to boost it this turn (003 6.C), sorted.")
    ] = ()


class Stacks(Record):
    """The four stacks of a player board: each a sorted multiset of card ids (tower or credit side)."""

    build: tuple[str, ...] = ()
    boost: tuple[str, ...] = ()
    combine: tuple[str, ...] = ()
    kill: tuple[str, ...] = ()

    def get(self, name: str) -> tuple[str, ...]:
        value: tuple[str, ...] = getattr(self, name)
        return value

    def with_stack(self, name: str, cards: tuple[str, ...]) -> Stacks:
        """The stacks with the one named holding `cards` instead."""
        return self.replace(**{name: cards})

    def all_cards(self) -> list[str]:
        return [*self.build, *self.boost, *self.combine, *self.kill]


class Player(Record):
    """One player's board: the four stacks."""

    stacks: Stacks = Stacks()


class SkillMarker(Record):
    """A Skill Marker placed on a slot (it can not be moved: 6.F)."""

    player: Seat
    skill: str
    slot: Annotated[int, Field(ge=0, le=1)]


# ---- waves ------------------------------------------------------------------------------------------
class FieldWave(Record):
    """A wave on the playing field: its number (the call that brought it), space, progress and modifier."""

    id: str
    number: Annotated[int, Field(ge=1, description="The Wave Number: the call that brought it in.")]
    space: Annotated[int, Field(ge=0, le=26, description="Its track space; 0 (26 for a reverse wave) before it moves.")]
    defeated: Annotated[int, Field(ge=0, description="Units defeated; the next one is the visible unit.")] = 0
    modifier: Annotated[str | None, Field(description="Its wave modifier; None is the No Wave Modifier side.")] = None
    attacked: Annotated[bool, Field(description="A tower attacked its visible unit this turn.")] = False

    @property
    def spec(self) -> WaveSpec:
        return catalog.wave(self.id)

    @property
    def track(self) -> TrackName:
        return self.spec.track

    @property
    def progress(self) -> int:
        """How far it has moved along its track ('the Wave that has moved the furthest')."""
        return REVERSE_START_SPACE - self.space if self.spec.reverse else self.space

    @property
    def units_left(self) -> int:
        return len(self.spec.units) - self.defeated


class ActiveCondition(Record):
    """The game condition in play: units defeated toward its requirement, and when it was met."""

    id: str
    progress: Annotated[int, Field(ge=0)] = 0
    met_at: Annotated[
        int | None, Field(description="The Phase 6 action count right after the action that met the requirement.")
    ] = None
    barred: Annotated[
        tuple[Seat, ...],
        Field(
            description="Players who performed an action since the requirement was met (6.H: 'that player may "
            "not discard the Game Requirement until the requirement has been completed again')."
        ),
    ] = ()


class KillWindow(Record):
    """The opportunity a kill opens (6.E), valid only until any other action is performed."""

    player: Seat
    wave_defeated: Annotated[bool, Field(False)]
    at: Annotated[int, Field(ge=0, description="The Phase 6 action count right after the kill.")]


class Scenario(Record, kw_only=True):
    """What a session is set up from: a game mode, the players (1 to 4), the field, the selected waves in
    calling order (even ranks come in pairs, 3.A.X to 3.A.XII), wave modifiers (3.A.V) and game conditions
    (3.A.VII), and the Difficulty (003 3.A.V, e.g. '1/1/1/1/2/2'; '' when not named)."""

    name: str
    description: str = ""
    mode: str = "standard-3"
    difficulty: str = ""
    players: int = 2
    board: Board
    calls: tuple[tuple[str, ...], ...]
    modifiers: tuple[str, ...] = ()
    conditions: tuple[str, ...] = ()


class GameState(Record):
    """A whole position of Tower Defense, including the rules it is played under."""

    # Every field is required, so `replace` passes them by position (the cheapest way a step builds the next
    # position); a `Field`'s default is what a file may leave out (`rules.core.codec.record_schemas`).
    rules: Annotated[Rules, Field(Rules())]
    mode: Annotated[str, Field("standard-3")]
    players: Annotated[tuple[Player, ...], Field(min_length=1, max_length=4)]
    starting_player: Annotated[int | None, Field(0, ge=0, le=3, description="Who holds the Starting Player Marker.")]
    board: Board
    towers: Annotated[tuple[Tower, ...], Field(())]
    waves: Annotated[tuple[FieldWave, ...], Field(())]
    upcoming: Annotated[tuple[tuple[str, ...], ...], Field((), description="Waves still to call, call by call.")]
    waves_called: Annotated[int, Field(0, ge=0)]
    turn: Annotated[int, Field(1, ge=1)]
    phase: Annotated[Phase, Field("actions")]
    lives: Annotated[int, Field(6, ge=0)]
    income: Annotated[int, Field(4, ge=0)]
    track_loss_limit: Annotated[int, Field(5, ge=0)]
    mark1_deck: Annotated[tuple[str, ...], Field((), description="The Mark I draw pile as a sorted multiset.")]
    mark1_discard: Annotated[tuple[str, ...], Field(())]
    mark2_pile: Annotated[tuple[str, ...], Field(())]
    mark3_pile: Annotated[tuple[str, ...], Field(())]
    modifier_pile: Annotated[tuple[str, ...], Field((), description="Unrevealed wave modifiers, sorted.")]
    modifier_discard: Annotated[tuple[str, ...], Field(())]
    condition_pile: Annotated[tuple[str, ...], Field((), description="Unrevealed game conditions, sorted.")]
    condition: Annotated[ActiveCondition | None, Field(None)]
    conditions_waiting: Annotated[tuple[str, ...], Field(())]
    skill_markers: Annotated[tuple[SkillMarker, ...], Field(())]
    reveal_left: Annotated[int, Field(0, ge=0, description="Mark I credits still to reveal (a chance node).")]
    revealed: Annotated[tuple[str, ...], Field((), description="Revealed credits waiting to be taken, sorted.")]
    dividing: Annotated[
        int | None, Field(None, ge=0, le=3, description="The player dividing the revealed credits (sell, conversion).")
    ]
    chooser: Annotated[int, Field(0, ge=0, le=3, description="Who takes the next revealed credit (income, setup).")]
    conditions_to_reveal: Annotated[int, Field(0, ge=0)]
    awaiting_modifier: Annotated[tuple[str, ...], Field((), description="Waves waiting for a wave modifier.")]
    restorer: Annotated[int | None, Field(None, ge=0, le=3, description="Who places restored track.")]
    restore_left: Annotated[int, Field(0, ge=0)]
    kill_window: Annotated[KillWindow | None, Field(None)]
    actions_taken: Annotated[int, Field(0, ge=0, description="Phase 6 actions taken this turn.")]
    termination: Annotated[Termination | None, Field(None)]

    # ---- reading -------------------------------------------------------------------------------
    def tower_at(self, at: Coord) -> Tower | None:
        return next((t for t in self.towers if t.at == at), None)

    def wave(self, wave_id: str) -> FieldWave | None:
        return next((w for w in self.waves if w.id == wave_id), None)

    def wave_location(self, wave: FieldWave) -> Coord | None:
        """The space a wave stands on, or None when it is on a track space 0 that is not laid."""
        return self.board.location(wave.track, wave.space)

    def occupied(self, at: Coord) -> bool:
        """003 6.A.I: an unoccupied space has no Tower, Track, or Obstacle."""
        return at in self.board.track_spaces() or at in self.board.obstacles or self.tower_at(at) is not None

    def skill_markers_left(self, player: int) -> int:
        return self.rules.skill_markers - sum(1 for m in self.skill_markers if m.player == player)
