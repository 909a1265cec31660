"""The position of Tower Defense as the engine steps it: immutable records (`rules.core.records`).

A position from outside (a file, the editor, the CLI, a share code) is read through `game.POSITION`, which
validates it once - its shape by the schema (`schema.py`), its legality by `legality.position_problems`, so a
tower on a track space, two waves on one space or a track number laid twice never gets in - and builds these
records; the engine's own steps build only legal ones (the conformance run re-checks every position they
build). The playing field (spaces, track, board) is in `places.py`.
"""

from __future__ import annotations

from typing import Literal

from rules.core.records import KEEP, Kept, Record
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

    def replace(
        self,
        *,
        level: int | Kept = KEEP,
        depletion: int | Kept = KEEP,
        boosts: tuple[CreditType, ...] | Kept = KEEP,
    ) -> Tower:
        return Tower(
            self.card,
            self.at,
            self.owner,
            self.level if level is KEEP else level,
            self.depletion if depletion is KEEP else depletion,
            self.boosts if boosts is KEEP else boosts,
        )


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

    def replace(
        self,
        *,
        space: int | Kept = KEEP,
        defeated: int | Kept = KEEP,
        modifier: str | Kept | None = KEEP,
        attacked: bool | Kept = KEEP,
    ) -> FieldWave:
        return FieldWave(
            self.id,
            self.number,
            self.space if space is KEEP else space,
            self.defeated if defeated is KEEP else defeated,
            self.modifier if modifier is KEEP else modifier,
            self.attacked if attacked is KEEP else attacked,
        )

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

    def replace(
        self,
        *,
        mode: str | Kept = KEEP,
        players: tuple[Player, ...] | Kept = KEEP,
        starting_player: int | Kept | None = KEEP,
        board: Board | Kept = KEEP,
        towers: tuple[Tower, ...] | Kept = KEEP,
        waves: tuple[FieldWave, ...] | Kept = KEEP,
        upcoming: tuple[tuple[str, ...], ...] | Kept = KEEP,
        waves_called: int | Kept = KEEP,
        turn: int | Kept = KEEP,
        phase: Phase | Kept = KEEP,
        lives: int | Kept = KEEP,
        income: int | Kept = KEEP,
        track_loss_limit: int | Kept = KEEP,
        mark1_deck: tuple[str, ...] | Kept = KEEP,
        mark1_discard: tuple[str, ...] | Kept = KEEP,
        mark2_pile: tuple[str, ...] | Kept = KEEP,
        mark3_pile: tuple[str, ...] | Kept = KEEP,
        modifier_pile: tuple[str, ...] | Kept = KEEP,
        modifier_discard: tuple[str, ...] | Kept = KEEP,
        condition_pile: tuple[str, ...] | Kept = KEEP,
        condition: ActiveCondition | Kept | None = KEEP,
        conditions_waiting: tuple[str, ...] | Kept = KEEP,
        skill_markers: tuple[SkillMarker, ...] | Kept = KEEP,
        reveal_left: int | Kept = KEEP,
        revealed: tuple[str, ...] | Kept = KEEP,
        dividing: int | Kept | None = KEEP,
        chooser: int | Kept = KEEP,
        conditions_to_reveal: int | Kept = KEEP,
        awaiting_modifier: tuple[str, ...] | Kept = KEEP,
        restorer: int | Kept | None = KEEP,
        restore_left: int | Kept = KEEP,
        kill_window: KillWindow | Kept | None = KEEP,
        actions_taken: int | Kept = KEEP,
        termination: Termination | Kept | None = KEEP,
    ) -> GameState:
        return GameState(
            self.rules,
            self.mode if mode is KEEP else mode,
            self.players if players is KEEP else players,
            self.starting_player if starting_player is KEEP else starting_player,
            self.board if board is KEEP else board,
            self.towers if towers is KEEP else towers,
            self.waves if waves is KEEP else waves,
            self.upcoming if upcoming is KEEP else upcoming,
            self.waves_called if waves_called is KEEP else waves_called,
            self.turn if turn is KEEP else turn,
            self.phase if phase is KEEP else phase,
            self.lives if lives is KEEP else lives,
            self.income if income is KEEP else income,
            self.track_loss_limit if track_loss_limit is KEEP else track_loss_limit,
            self.mark1_deck if mark1_deck is KEEP else mark1_deck,
            self.mark1_discard if mark1_discard is KEEP else mark1_discard,
            self.mark2_pile if mark2_pile is KEEP else mark2_pile,
            self.mark3_pile if mark3_pile is KEEP else mark3_pile,
            self.modifier_pile if modifier_pile is KEEP else modifier_pile,
            self.modifier_discard if modifier_discard is KEEP else modifier_discard,
            self.condition_pile if condition_pile is KEEP else condition_pile,
            self.condition if condition is KEEP else condition,
            self.conditions_waiting if conditions_waiting is KEEP else conditions_waiting,
            self.skill_markers if skill_markers is KEEP else skill_markers,
            self.reveal_left if reveal_left is KEEP else reveal_left,
            self.revealed if revealed is KEEP else revealed,
            self.dividing if dividing is KEEP else dividing,
            self.chooser if chooser is KEEP else chooser,
            self.conditions_to_reveal if conditions_to_reveal is KEEP else conditions_to_reveal,
            self.awaiting_modifier if awaiting_modifier is KEEP else awaiting_modifier,
            self.restorer if restorer is KEEP else restorer,
            self.restore_left if restore_left is KEEP else restore_left,
            self.kill_window if kill_window is KEEP else kill_window,
            self.actions_taken if actions_taken is KEEP else actions_taken,
            self.termination if termination is KEEP else termination,
        )

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
