"""Tower Defense in words: the one way a space, a track piece, a tower, a card and a wave are written (and a
track piece read back), for the engine's sentences, the planner's and every panel alike."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.tower_defense import catalog
from rules.tower_defense.cards import TrackName
from rules.tower_defense.model import PHASE_NUMBER

if TYPE_CHECKING:
    from rules.tower_defense.model import GameState, Tower
    from rules.tower_defense.places import Coord

ROMAN = {1: "I", 2: "II", 3: "III"}

PHASE_TITLE: dict[str, str] = {
    "tracker": "adjust the Next Wave Tracker",
    "waves": "set new Waves to Space 0",
    "movement": "all Waves move",
    "energize": "energize Towers",
    "income": "collect income",
    "actions": "spend Energy and / or Credits",
}
"""What each phase of a turn does, in the rulebook's words (its title on the board and in the log)."""


def phase_words(state: GameState) -> str:
    """Where the turn stands: 'Turn 7, Phase 3: all Waves move' (or set up, or the game's end and why)."""
    if state.phase in PHASE_TITLE:
        return f"Turn {state.turn}, Phase {PHASE_NUMBER[state.phase]}: {PHASE_TITLE[state.phase]}"
    if state.phase == "game_over":
        return f"Turn {state.turn}, game over ({(state.termination or '').replace('_', ' ')})"
    return f"Turn {state.turn}, set up"


def space_words(at: Coord) -> str:
    """A space of the playing field, (column, row) counted from 0: '(7, 4)', as every sentence writes it."""
    return f"({at[0]}, {at[1]})"


def piece_label(track: str, number: int) -> str:
    return f"{track}{number}"


def parse_piece(label: str) -> tuple[TrackName, int]:
    """'A12' -> ('A', 12); raises ValueError for anything else."""
    if len(label) < 2 or label[0] not in "AB" or not label[1:].isdigit():
        raise ValueError(f"{label!r} is not a track piece (write A1 to A25 or B1 to B25)")
    return ("A" if label[0] == "A" else "B"), int(label[1:])


def tower_label(tower: Tower) -> str:
    return f"the Level {tower.level} {catalog.tower(tower.card).name} on {space_words(tower.at)}"


def card_short(card: str) -> str:
    """A card of a stack in a few words, as the board writes it: 'Boost I' (a Mark I Boost card, tower or credit
    side), or 'Fog (2 Universal)' for a completed game condition."""
    if catalog.is_tower_card(card):
        spec = catalog.tower(card)
        return f"{spec.type.capitalize()} {ROMAN[spec.mark]}"
    return catalog.card_name(card).removeprefix("the completed ").replace(" condition", " condition (Universal)")


def wave_words(wave_id: str) -> str:
    """A wave by its name ('Rank 1 wave B'), never by its card id ('rank1.b')."""
    return catalog.wave(wave_id).name
