"""Phase 3, all waves move, and what else moves a wave: destroyed track and the end of the track.

003 phase 3: 'Move the lowest numbered Wave first. If there are two or more Waves on the field with
the same Wave number, move the Wave that has moved the furthest first. Waves may not occupy the same
space.' A wave counts only the track pieces on the field ('move the Wave one additional Track space
for each missing Track'), and one that would end beyond the last piece leaves the field, costing a
life per undefeated unit.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.events import Event, Events
from rules.tower_defense import catalog
from rules.tower_defense.engine.common import set_wave
from rules.tower_defense.events import TrackDestroyed, WaveEscaped, WaveMoved
from rules.tower_defense.model import FieldWave, GameState
from rules.tower_defense.places import Board
from rules.tower_defense.rule_ids import RuleId
from rules.tower_defense.text import piece_label


@dataclass(frozen=True, slots=True)
class Walk:
    """Where a wave ends (None: beyond the end of its track), and the spaces it skipped or passed."""

    end: int | None
    skipped: tuple[int, ...]
    bumped: tuple[int, ...]


def movement_rate(state: GameState, wave: FieldWave) -> int:
    """'A Wave moves at its Movement Rate plus and increased Movement from Wave Modifiers or Game
    Conditions.' The rate is the visible unit's (variant `wave_movement`)."""
    spec = wave.spec
    unit = spec.units[wave.defeated if state.rules.wave_movement == "current_unit" else 0]
    rate = unit.movement
    if wave.modifier is not None:
        rate += catalog.modifier(wave.modifier).movement
    if state.condition is not None:
        rate += catalog.condition(state.condition.id).movement
    return rate


def walk(
    board: Board,
    track: str,
    start: int,
    steps: int,
    *,
    reverse: bool,
    occupied: frozenset[int] | set[int],
    track_length: int,
) -> Walk:
    """Count `steps` track pieces that are on the field from `start`, then go on past occupied spaces."""
    direction = -1 if reverse else 1

    def beyond(space: int) -> bool:
        return space <= 0 if reverse else space > track_length

    pos = start
    counted = 0
    skipped: list[int] = []
    bumped: list[int] = []
    while counted < steps:
        pos += direction
        if beyond(pos):
            return Walk(None, tuple(skipped), tuple(bumped))
        if board.has_piece(track, pos):
            counted += 1
        else:
            skipped.append(pos)
    while pos in occupied:
        bumped.append(pos)
        pos += direction
        while not beyond(pos) and not board.has_piece(track, pos):
            skipped.append(pos)
            pos += direction
        if beyond(pos):
            return Walk(None, tuple(skipped), tuple(bumped))
    return Walk(pos, tuple(skipped), tuple(bumped))


def movement_order(state: GameState) -> list[FieldWave]:
    """Lowest Wave number first; of equal numbers, the one that has moved the furthest first."""
    indexed = list(enumerate(state.waves))
    indexed.sort(key=lambda iw: (iw[1].number, -iw[1].progress, iw[0]))
    return [w for _, w in indexed]


def _occupied(state: GameState, wave: FieldWave) -> set[int]:
    track = wave.track
    return {w.space for w in state.waves if w.space not in (0, 26) and w.id != wave.id and w.track == track}


def escape(state: GameState, wave: FieldWave, events: Events) -> GameState:
    """'If a Wave would end its movement on a space beyond the last part of a Track, remove that Wave
    from the Playing Field. Remove a number of Life Counters equal to the number of undefeated Enemies.'"""
    lost = wave.units_left
    lives = max(0, state.lives - lost)
    discard = state.modifier_discard if wave.modifier is None else (*state.modifier_discard, wave.modifier)
    if events.narrate:
        events.append(
            WaveEscaped(
                rule="phase.3 end of track",
                wave=wave.id,
                wave_name=wave.spec.name,
                number=wave.number,
                lives_lost=lost,
                lives_left=lives,
            )
        )
    return state.replace(
        waves=tuple(w for w in state.waves if w.id != wave.id),
        awaiting_modifier=tuple(a for a in state.awaiting_modifier if a != wave.id),
        lives=lives,
        modifier_discard=tuple(sorted(discard)),
    )


def move_wave(state: GameState, wave: FieldWave, steps: int, rule: RuleId, events: Events) -> GameState:
    """Move one wave `steps` pieces along its track (bumping past waves), or off the end."""
    spec = wave.spec
    result = walk(
        state.board,
        spec.track,
        wave.space,
        steps,
        reverse=spec.reverse,
        occupied=_occupied(state, wave),
        track_length=state.rules.track_length,
    )
    if result.end is None:
        return escape(state, wave, events)
    if events.narrate:
        events.append(
            WaveMoved(
                rule=rule,
                wave=wave.id,
                wave_name=spec.name,
                number=wave.number,
                track=spec.track,
                start=wave.space,
                end=result.end,
                movement=steps,
                skipped=result.skipped,
                bumped=result.bumped,
            )
        )
    return set_wave(state, wave.replace(space=result.end))


def move_all(state: GameState) -> tuple[GameState, tuple[Event, ...]]:
    """Phase 3: every wave moves, in the rulebook's order, one after the other; the events in words."""
    events = Events()
    state = move_waves(state, events)
    return state, tuple(events)


def move_waves(state: GameState, events: Events) -> GameState:
    """Phase 3 as the engine steps it: every wave moves, in the rulebook's order, one after the other."""
    for planned in movement_order(state):
        wave = state.wave(planned.id)
        assert wave is not None
        state = move_wave(state, wave, movement_rate(state, wave), "phase.3 movement", events)
    return state


def destroy_track(state: GameState, track: str, number: int, reason: str, events: Events) -> GameState:
    """Put a laid track piece (1 to 25) on the Discarded Track pile."""
    if number < 1 or not state.board.has_piece(track, number):
        return state
    board = state.board
    label = piece_label(track, number)
    board = board.replace(
        track=tuple(p for p in board.track if (p.track, p.number) != (track, number)),
        track_discard=tuple(sorted((*board.track_discard, label))),
    )
    events.append(
        TrackDestroyed(rule="life.track discard", piece=label, reason=reason, discarded=len(board.track_discard))
    )
    return state.replace(board=board)


def destroy_beneath(state: GameState, wave_id: str, reason: str, events: Events) -> GameState:
    """'Destroy the Track beneath the Wave. The Wave advances to the next available empty Track.'"""
    wave = state.wave(wave_id)
    if wave is None or not state.board.has_piece(wave.track, wave.space) or wave.space == 0:
        return state
    state = destroy_track(state, wave.track, wave.space, reason, events)
    wave = state.wave(wave_id)
    assert wave is not None
    return move_wave(state, wave, 1, "attributes.advance", events)
