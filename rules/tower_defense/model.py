"""The position of Tower Defense as the engine steps it: immutable records (`rules.core.records`).

A position from outside (a file, the editor, the CLI, a share code) is read through `game.POSITION`, which
validates it once - its shape by the schema (`schema.py`), its legality by `legality.position_problems`, so a
tower on a track space, two waves on one space or a track number laid twice never gets in - and builds these
records; the engine's own steps build only legal ones (the conformance run re-checks every position they
build). The playing field (spaces, track, board) is in `places.py`.
"""

from __future__ import annotations

from typing import Literal

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
    "tracker": 1,
    "waves": 2,
    "movement": 3,
    "energize": 4,
    "income": 5,
    "actions": 6,
}
Termination = Literal["victory", "lives_lost", "track_lost", "turn_limit"]


# ---- towers and players -----------------------------------------------------------------------------
class Tower(Record):
    """A built tower: its card, space, owner (Player Marker), level, Depletion and the credit types discarded
    to boost it this turn (003 6.C), sorted."""

    card: str
    at: Coord
    owner: int
    level: int = 1
    depletion: int = 0
    boosts: tuple[CreditType, ...] = ()


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
        return Stacks(
            cards if name == "build" else self.build,
            cards if name == "boost" else self.boost,
            cards if name == "combine" else self.combine,
            cards if name == "kill" else self.kill,
        )

    def all_cards(self) -> list[str]:
        return [*self.build, *self.boost, *self.combine, *self.kill]


class Player(Record):
    """One player's board: the four stacks."""

    stacks: Stacks = Stacks()


class SkillMarker(Record):
    """A Skill Marker placed on a slot (it can not be moved: 6.F)."""

    player: int
    skill: str
    slot: int


# ---- waves ------------------------------------------------------------------------------------------
class FieldWave(Record):
    """A wave on the playing field: its id, its Wave Number (the call that brought it in), its track space (0,
    26 for a reverse wave, before it moves), the units defeated (the next one is the visible unit), its wave
    modifier (None is the No Wave Modifier side) and whether a tower attacked its visible unit this turn."""

    id: str
    number: int
    space: int
    defeated: int = 0
    modifier: str | None = None
    attacked: bool = False

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
    """The game condition in play: units defeated toward its requirement, and when it was met (the Phase 6
    action count right after the action that met it)."""

    id: str
    progress: int = 0
    met_at: int | None = None


class KillWindow(Record):
    """The opportunity a kill opens (6.E), valid only until any other action is performed: whose, whether the
    kill defeated a whole wave, and the Phase 6 action count right after the kill."""

    player: int
    wave_defeated: bool
    at: int


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
    """A whole position of Tower Defense, including the rules it is played under (each field is described in
    `schema.GameState`, the JSON Schema of a position file). Every field is required (the schema
    fills in what a file leaves out): `replace` passes them by position, the cheapest way a step builds the next
    position."""

    rules: Rules
    mode: str
    players: tuple[Player, ...]
    starting_player: int | None
    board: Board
    towers: tuple[Tower, ...]
    waves: tuple[FieldWave, ...]
    upcoming: tuple[tuple[str, ...], ...]
    waves_called: int
    turn: int
    phase: Phase
    lives: int
    income: int
    track_loss_limit: int
    mark1_deck: tuple[str, ...]
    mark1_discard: tuple[str, ...]
    mark2_pile: tuple[str, ...]
    mark3_pile: tuple[str, ...]
    modifier_pile: tuple[str, ...]
    modifier_discard: tuple[str, ...]
    condition_pile: tuple[str, ...]
    condition: ActiveCondition | None
    conditions_waiting: tuple[str, ...]
    skill_markers: tuple[SkillMarker, ...]
    reveal_left: int
    revealed: tuple[str, ...]
    dividing: int | None
    chooser: int
    conditions_to_reveal: int
    awaiting_modifier: tuple[str, ...]
    restorer: int | None
    restore_left: int
    kill_window: KillWindow | None
    actions_taken: int
    termination: Termination | None

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
