"""The position of Tower Defense as the outside world writes it: pydantic schemas, strict (the actions' schema is
written from their records: `read_action`).

Files, the CLI, share codes and panel edits pass through `game.POSITION` (a `rules.core.codec.Codec`): these
schemas validate the shape, `legality.position_problems` checks the rules, and the engine's records
(`rules.tower_defense.model` and `places`) are built once. The classes keep the records' names, so
the JSON Schema (`tower-rules tower-defense schema`) names them as a player knows them.
"""

from __future__ import annotations

import typing

from pydantic import BaseModel, ConfigDict, Field

from rules.core.codec import ActionReader
from rules.core.records import Record
from rules.tower_defense import actions, model, places
from rules.tower_defense.cards import CreditType, TrackName
from rules.tower_defense.model import Phase, Termination
from rules.tower_defense.places import Coord
from rules.tower_defense.variants import Rules


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class TrackPiece(_Frozen):
    """A track tile laid on the field: 'A12' at a space. Track 0 is an optional place holder."""

    track: TrackName
    number: int = Field(ge=0, le=25)
    at: Coord


class Board(_Frozen):
    """The playing field: a grid of spaces, the track laid on it, obstacles and the track discard."""

    width: int = Field(ge=1, le=60)
    height: int = Field(ge=1, le=60)
    obstacles: tuple[Coord, ...] = ()
    track: tuple[TrackPiece, ...] = ()
    track_discard: tuple[str, ...] = Field((), description="Discarded track pieces, e.g. 'A12', sorted.")


class Tower(_Frozen):
    """A built tower: its card, space, owner (Player Marker), level, Depletion and this turn's boosts."""

    card: str
    at: Coord
    owner: int = Field(ge=0, le=3)
    level: int = Field(1, ge=1, description="At most the rules' max_level (checked with the whole position).")
    depletion: int = Field(0, ge=0)
    boosts: tuple[CreditType, ...] = Field(
        (), description="Credit types discarded to boost it this turn (003 6.C), sorted."
    )


class Stacks(_Frozen):
    """The four stacks of a player board: each a sorted multiset of card ids (tower or credit side)."""

    build: tuple[str, ...] = ()
    boost: tuple[str, ...] = ()
    combine: tuple[str, ...] = ()
    kill: tuple[str, ...] = ()


class Player(_Frozen):
    """One player's board: the four stacks."""

    stacks: Stacks = Stacks()


class SkillMarker(_Frozen):
    """A Skill Marker placed on a slot (it can not be moved: 6.F)."""

    player: int = Field(ge=0, le=3)
    skill: str
    slot: int = Field(ge=0, le=1)


class FieldWave(_Frozen):
    """A wave on the playing field: its number (the call that brought it), space, progress and modifier."""

    id: str
    number: int = Field(ge=1, description="The Wave Number: the call that brought it in.")
    space: int = Field(ge=0, le=26, description="Its track space; 0 (26 for a reverse wave) before it moves.")
    defeated: int = Field(0, ge=0, description="Units defeated; the next one is the visible unit.")
    modifier: str | None = Field(None, description="Its wave modifier; None is the No Wave Modifier side.")
    attacked: bool = Field(False, description="A tower attacked its visible unit this turn.")


class ActiveCondition(_Frozen):
    """The game condition in play: units defeated toward its requirement, and when it was met."""

    id: str
    progress: int = Field(0, ge=0)
    met_at: int | None = Field(
        None, description="The Phase 6 action count right after the action that met the requirement."
    )


class KillWindow(_Frozen):
    """The opportunity a kill opens (6.E), valid only until any other action is performed."""

    player: int = Field(ge=0, le=3)
    wave_defeated: bool = False
    at: int = Field(ge=0, description="The Phase 6 action count right after the kill.")


class GameState(_Frozen):
    """A whole position of Tower Defense, including the rules it is played under."""

    rules: Rules = Rules()
    mode: str = "standard-3"
    players: tuple[Player, ...] = Field(min_length=1, max_length=4)
    starting_player: int | None = Field(0, ge=0, le=3, description="Who holds the Starting Player Marker.")
    board: Board
    towers: tuple[Tower, ...] = ()
    waves: tuple[FieldWave, ...] = ()
    upcoming: tuple[tuple[str, ...], ...] = Field((), description="Waves still to call, call by call.")
    waves_called: int = Field(0, ge=0)
    turn: int = Field(1, ge=1)
    phase: Phase = "actions"
    lives: int = Field(6, ge=0)
    income: int = Field(4, ge=0)
    track_loss_limit: int = Field(5, ge=0)
    mark1_deck: tuple[str, ...] = Field((), description="The Mark I draw pile as a sorted multiset.")
    mark1_discard: tuple[str, ...] = ()
    mark2_pile: tuple[str, ...] = ()
    mark3_pile: tuple[str, ...] = ()
    modifier_pile: tuple[str, ...] = Field((), description="Unrevealed wave modifiers, sorted.")
    modifier_discard: tuple[str, ...] = ()
    condition_pile: tuple[str, ...] = Field((), description="Unrevealed game conditions, sorted.")
    condition: ActiveCondition | None = None
    conditions_waiting: tuple[str, ...] = ()
    skill_markers: tuple[SkillMarker, ...] = ()
    reveal_left: int = Field(0, ge=0, description="Mark I credits still to reveal (a chance node).")
    revealed: tuple[str, ...] = Field((), description="Revealed credits waiting to be taken, sorted.")
    dividing: int | None = Field(
        None, ge=0, le=3, description="The player dividing the revealed credits (sell, conversion)."
    )
    chooser: int = Field(0, ge=0, le=3, description="Who takes the next revealed credit (income, setup).")
    conditions_to_reveal: int = Field(0, ge=0)
    awaiting_modifier: tuple[str, ...] = Field((), description="Waves waiting for a wave modifier.")
    restorer: int | None = Field(None, ge=0, le=3, description="Who places restored track.")
    restore_left: int = Field(0, ge=0)
    kill_window: KillWindow | None = None
    actions_taken: int = Field(0, ge=0, description="Phase 6 actions taken this turn.")
    termination: Termination | None = None


RECORDS: dict[type[BaseModel], type[Record]] = {
    Tower: model.Tower,
    Stacks: model.Stacks,
    Player: model.Player,
    SkillMarker: model.SkillMarker,
    FieldWave: model.FieldWave,
    ActiveCondition: model.ActiveCondition,
    KillWindow: model.KillWindow,
    GameState: model.GameState,
    TrackPiece: places.TrackPiece,
    Board: places.Board,
}
"""Each schema class and the engine record it is read into."""


read_action = ActionReader(typing.get_args(actions.Action), RECORDS)
"""An action from JSON data (a line file, the protocol), validated; IllegalPosition names what is wrong."""
