"""Phase 3 of seed 003: the order of movement, discarded track, occupied spaces and the end of the track."""

from __future__ import annotations

from rules.tower_defense import catalog, examples
from rules.tower_defense.engine import movement
from rules.tower_defense.events import WaveEscaped, WaveMoved
from rules.tower_defense.model import FieldWave


def moved(events: tuple[object, ...], wave: str) -> WaveMoved:
    return next(e for e in events if isinstance(e, WaveMoved) and e.wave == wave)


def test_the_rulebook_movement_example() -> None:
    # 003 phase 3: "if a Wave is on Track A10, and has a Movement of 4, +1 Movement from its Wave
    # Modifier, it will move 5 spaces to Track A15. ... If Track A12 and A15 are in the discard pile, the
    # Wave would end its movement on Track A17. If Track A17 is occupied, it would instead end its
    # movement on Track A18."
    state = examples.movement_example()
    assert movement.movement_rate(state, state.waves[0]) == 5
    after, events = movement.move_all(state)
    event = moved(events, "rank1.walker")
    assert (event.start, event.end, event.skipped, event.bumped) == (10, 18, (12, 15), (17,))
    wave = after.wave("rank1.walker")
    assert wave is not None and wave.space == 18


def test_without_the_occupant_it_ends_on_a17() -> None:
    state = examples.movement_example()
    alone = state.replace(waves=state.waves[:3], upcoming=(("rank3.a",), *state.upcoming))
    _, events = movement.move_all(alone)
    assert moved(events, "rank1.walker").end == 17


def test_without_discards_it_ends_on_a15() -> None:
    state = examples.movement_example()
    board = examples.snake_board()
    full = state.replace(board=board)
    _, events = movement.move_all(full)
    assert moved(events, "rank1.walker").end == 15


def test_lowest_number_first_and_the_furthest_of_a_pair_first() -> None:
    # 003 phase 3: "Move the lowest numbered Wave first. If there are two or more Waves on the field with
    # the same Wave number, move the Wave that has moved the furthest first."
    state = examples.movement_example()
    order = [w.id for w in movement.movement_order(state)]
    assert order == ["rank1.walker", "rank2.a", "rank2.b", "rank3.a"]
    swapped = state.replace(waves=(state.waves[0], state.waves[1].replace(space=1), state.waves[2], state.waves[3]))
    assert [w.id for w in movement.movement_order(swapped)][1:3] == ["rank2.b", "rank2.a"]


def test_a_pair_never_ends_on_one_space() -> None:
    # 003 phase 3: "Waves may not occupy the same space. If a Wave would end its movement on another Wave,
    # instead add movement to that Wave this turn until it does not land on another Wave."
    state = examples.position(
        waves=(FieldWave(id="rank2.c", number=1, space=0), FieldWave(id="rank2.b", number=1, space=0)),
        phase="movement",
    )
    rates = {w.id: movement.movement_rate(state, w) for w in state.waves}
    after, _ = movement.move_all(state)
    spaces = sorted(w.space for w in after.waves)
    assert len(set(spaces)) == 2
    if rates["rank2.c"] == rates["rank2.b"]:
        assert spaces[1] == spaces[0] + 1


def test_off_the_end_costs_a_life_per_undefeated_unit() -> None:
    # 003 phase 3: "If a Wave would end its movement on a space beyond the last part of a Track, remove
    # that Wave from the Playing Field. Remove a number of Life Counters equal to the number of undefeated
    # Enemies."
    state = examples.position(
        waves=(FieldWave(id="rank1.walker", number=1, space=23, defeated=1, modifier="swift"),),
        phase="movement",
        lives=6,
    )
    after, events = movement.move_all(state)
    escaped = next(e for e in events if isinstance(e, WaveEscaped))
    assert (escaped.lives_lost, after.lives, after.waves) == (1, 5, ())
    assert after.modifier_discard == ("swift",)


def test_a_reverse_wave_starts_on_26_and_ends_at_0() -> None:
    # 003: "This Wave will begin on Track 26 instead of Track 0. Instead of moving from 0 to 25, it moves
    # in reverse toward Track 0. Track 0 is its ending point."
    reverse = next(w for w in catalog.waves().values() if w.reverse)
    state = examples.position(waves=(FieldWave(id=reverse.id, number=1, space=26),), phase="movement")
    after, events = movement.move_all(state)
    rate = movement.movement_rate(state, state.waves[0])
    assert moved(events, reverse.id).end == 26 - rate
    near_end = state.replace(waves=(FieldWave(id=reverse.id, number=1, space=2),))
    after, events = movement.move_all(near_end)
    assert after.waves == () and any(isinstance(e, WaveEscaped) for e in events)


def test_a_wave_only_counts_its_own_track() -> None:
    # 003 phase 3: "A Wave will only move on its Track and may never change to the other Track."
    state = examples.position(
        waves=(FieldWave(id="rank1.example", number=1, space=4), FieldWave(id="rank2.a", number=2, space=7)),
        phase="movement",
    )
    _after, events = movement.move_all(state)
    assert moved(events, "rank1.example").end == 7
    assert not moved(events, "rank1.example").bumped
