"""The playing field of Tower Defense as the engine steps it: spaces, the track laid on them and the board.

Immutable records (`rules.core.records`), read from files through `game.POSITION` like the rest of a position.
A board looks its track up by piece and by space on every step, so it builds both tables once, when it is
made (a board changes only when track is destroyed or restored).
"""

from __future__ import annotations

from typing import Annotated, Final

from pydantic import Field

from rules.core.records import KEEP, Kept, Record
from rules.tower_defense.cards import TrackName

Coord = tuple[int, int]
"""A space of the playing field as (column, row), both from 0."""
START_SPACE = 0
REVERSE_START_SPACE = 26


def distance(a: Coord, b: Coord) -> int:
    """Spaces between two spaces counted orthogonally or diagonally in any combination (003 Towers)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


class TrackPiece(Record):
    """A track tile laid on the field: 'A12' at a space. Track 0 is an optional place holder."""

    track: TrackName
    number: Annotated[int, Field(ge=0, le=25)]
    at: Coord

    @property
    def label(self) -> str:
        return f"{self.track}{self.number}"


class Board(Record):
    """The playing field: a grid of spaces, the track laid on it, obstacles and the track discard."""

    __slots__ = ("_locations", "_open", "_spaces", "height", "obstacles", "track", "track_discard", "width")
    FIELDS = ("width", "height", "obstacles", "track", "track_discard")

    def __init__(
        self,
        width: Annotated[int, Field(ge=1, le=60)],
        height: Annotated[int, Field(ge=1, le=60)],
        obstacles: tuple[Coord, ...] = (),
        track: tuple[TrackPiece, ...] = (),
        track_discard: Annotated[
            tuple[str, ...], Field(description="Discarded track pieces, e.g. 'A12', sorted.")
        ] = (),
    ) -> None:
        self.width: Final = width
        self.height: Final = height
        self.obstacles: Final = obstacles
        self.track: Final = track
        self.track_discard: Final = track_discard
        self._locations: Final[dict[tuple[str, int], Coord]] = {(p.track, p.number): p.at for p in track}
        """Where each laid piece lies, by (track, number)."""
        self._spaces: Final = frozenset(p.at for p in track)
        """The spaces the track covers."""
        taken = self._spaces | set(obstacles)
        self._open: Final = tuple([(x, y) for y in range(height) for x in range(width) if (x, y) not in taken])
        """The spaces neither track nor obstacle covers, row by row (where towers may stand)."""

    def replace(  # type: ignore[override]  # the board's size and obstacles never change
        self, *, track: tuple[TrackPiece, ...] | Kept = KEEP, track_discard: tuple[str, ...] | Kept = KEEP
    ) -> Board:
        return Board(
            self.width,
            self.height,
            self.obstacles,
            self.track if track is KEEP else track,
            self.track_discard if track_discard is KEEP else track_discard,
        )

    def on_board(self, at: Coord) -> bool:
        return 0 <= at[0] < self.width and 0 <= at[1] < self.height

    def location(self, track: str, number: int) -> Coord | None:
        """Where a track piece lies, or None (space 0 not laid, or the piece is discarded)."""
        return self._locations.get((track, number))

    def has_piece(self, track: str, number: int) -> bool:
        return (track, number) in self._locations

    def track_spaces(self) -> frozenset[Coord]:
        return self._spaces

    def open_spaces(self) -> tuple[Coord, ...]:
        """The spaces neither track nor obstacle covers, row by row."""
        return self._open
