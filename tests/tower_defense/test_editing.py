"""Editing Tower Defense positions (rules.tower_defense.editing): every edit is validated from scratch, moves
tower cards between their piles and the table without losing or doubling one, leaves the position it was given
untouched, and refuses what the rules forbid with an IllegalPosition naming the problem (seed 003)."""

from __future__ import annotations

import base64
import json
import random
import zlib
from collections import Counter
from collections.abc import Callable

import pytest

from rules.core.errors import IllegalPosition, MalformedFile
from rules.tower_defense import catalog, editing, examples
from rules.tower_defense.engine import free_spaces
from rules.tower_defense.game import POSITION
from rules.tower_defense.model import STACKS, GameState
from rules.tower_defense.places import Coord
from rules.tower_defense.variants import Rules

BUSY = "busy-board"
MOVEMENT = "movement-example"


# ---- helpers ------------------------------------------------------------------------------------------
def tower_cards(state: GameState) -> Counter[str]:
    """Every tower card of a position, wherever it is: the piles, the revealed credits, the towers built and
    the stacks of every player board (a completed game condition is no tower card and is not counted)."""
    piles = (state.mark1_deck, state.mark1_discard, state.mark2_pile, state.mark3_pile, state.revealed)
    counts: Counter[str] = Counter(card for pile in piles for card in pile)
    counts.update(t.card for t in state.towers)
    for player in state.players:
        counts.update(card for card in player.stacks.all_cards() if not card.startswith("condition."))
    return counts


def every_card(rules: Rules) -> Counter[str]:
    """The tower cards a session holds under `rules` (003 Towers: 'There are 4 Mark I (10 copies of each),
    4 Mark II (4 copies of each), and 4 Mark. III Towers (2 copies of each).')."""
    copies = {1: rules.mark1_copies, 2: rules.mark2_copies, 3: rules.mark3_copies}
    return Counter({card: copies[spec.mark] for card, spec in catalog.towers().items()})


def with_mark1_discard(state: GameState, cards: list[str]) -> GameState:
    """The same position with these Mark I cards moved from the deck to the Mark I discard."""
    deck = list(state.mark1_deck)
    for card in cards:
        deck.remove(card)
    return POSITION.validate(state.replace(mark1_deck=tuple(deck), mark1_discard=tuple(sorted(cards))))


def test_the_examples_hold_every_card_once() -> None:
    # the helper's baseline: each example starts with every card counted exactly once
    for name in examples.EXAMPLES:
        state = examples.example(name)
        assert tower_cards(state) == every_card(state.rules), name


# ---- towers -------------------------------------------------------------------------------------------
def test_a_placed_tower_takes_its_card_from_the_mark_1_deck_then_the_discard() -> None:
    # 003 3.A.II: 'If there are no cards left in the Mark I Tower draw pile, shuffle all cards from the
    # Mark I Tower Discard': a card is found in the deck first, then in the discard.
    state = with_mark1_discard(examples.example(BUSY), ["charge.1"])
    assert state.mark1_deck.count("charge.1") == 1 and state.mark1_discard == ("charge.1",)
    first = editing.place_tower(state, "charge.1", (0, 0), owner=0)
    assert first.mark1_deck.count("charge.1") == 0 and first.mark1_discard == ("charge.1",)
    second = editing.place_tower(first, "charge.1", (1, 0), owner=1, level=2, depletion=1)
    assert second.mark1_discard == ()
    built = second.tower_at((1, 0))
    assert built is not None and (built.card, built.owner, built.level, built.depletion) == ("charge.1", 1, 2, 1)
    assert len(second.towers) == len(state.towers) + 2
    assert tower_cards(second) == every_card(second.rules)
    # all ten Mark I Charge Tower cards are now in use
    with pytest.raises(IllegalPosition, match=r"every Mark I Charge Tower card is already in use"):
        editing.place_tower(second, "charge.1", (2, 0), owner=0)


def test_mark_2_and_mark_3_towers_come_from_their_piles() -> None:
    # 003 3.A.III: 'Return all discarded Mark II Towers into this pile.' 3.A.IV: 'Place all discarded
    # Mark III Towers into this pile.'
    state = examples.example(BUSY)
    assert state.mark2_pile.count("charge.2") == 3 and state.mark3_pile.count("standard.3") == 2
    two = editing.place_tower(state, "charge.2", (0, 0), owner=2)
    assert two.mark2_pile.count("charge.2") == 2 and two.mark3_pile == state.mark3_pile
    assert two.mark1_deck == state.mark1_deck
    three = editing.place_tower(two, "standard.3", (1, 0), owner=3)
    three = editing.place_tower(three, "standard.3", (2, 0), owner=3)
    assert "standard.3" not in three.mark3_pile
    with pytest.raises(IllegalPosition, match=r"every Mark III Standard Tower card is already in use"):
        editing.place_tower(three, "standard.3", (4, 0), owner=3)
    back = editing.remove_tower(three, (1, 0))
    assert back.mark3_pile.count("standard.3") == 1 and back.tower_at((1, 0)) is None
    back = editing.remove_tower(back, (0, 0))
    assert back.mark2_pile == state.mark2_pile


def test_a_removed_tower_returns_its_card() -> None:
    state = examples.example(BUSY)
    tower = state.tower_at((3, 0))
    assert tower is not None and tower.card == "standard.1"
    removed = editing.remove_tower(state, (3, 0))
    assert removed.tower_at((3, 0)) is None and len(removed.towers) == len(state.towers) - 1
    # an edit is not a discard: the card goes back to its pile, the Mark I deck (editing._return_card)
    assert removed.mark1_deck.count("standard.1") == state.mark1_deck.count("standard.1") + 1
    assert removed.mark1_discard == state.mark1_discard
    assert tower_cards(removed) == every_card(removed.rules)
    with pytest.raises(IllegalPosition, match=r"there is no tower on \(0, 0\)"):
        editing.remove_tower(state, (0, 0))


def test_replacing_a_tower_returns_the_old_card() -> None:
    state = examples.example(BUSY)
    replaced = editing.place_tower(state, "charge.2", (3, 0), owner=1)
    tower = replaced.tower_at((3, 0))
    assert tower is not None and (tower.card, tower.owner, tower.level) == ("charge.2", 1, 1)
    assert len(replaced.towers) == len(state.towers)
    assert replaced.mark1_deck.count("standard.1") == state.mark1_deck.count("standard.1") + 1
    assert replaced.mark2_pile.count("charge.2") == state.mark2_pile.count("charge.2") - 1
    assert tower_cards(replaced) == every_card(replaced.rules)


def test_a_tower_can_be_replaced_by_its_own_card_when_every_copy_is_in_use() -> None:
    # all ten Mark I Boost Tower cards of the busy board are built or on stacks; replacing the tower on
    # (4, 2) frees its card before taking one
    state = examples.example(BUSY)
    assert "boost.1" not in state.mark1_deck and "boost.1" not in state.mark1_discard
    with pytest.raises(IllegalPosition, match=r"cards: every Mark I Boost Tower card is already in use"):
        editing.place_tower(state, "boost.1", (0, 0), owner=0)
    upgraded = editing.place_tower(state, "boost.1", (4, 2), owner=1, level=3)
    tower = upgraded.tower_at((4, 2))
    assert tower is not None and tower.level == 3
    assert tower_cards(upgraded) == every_card(upgraded.rules)


def test_the_refusal_counts_the_copies_of_the_rules_in_play() -> None:
    # 003 3.A.I: 'Unless specified in the Game Mode, players may always choose any (10) cards of each type
    # for each session.' With 2 copies in play, the refusal must not say the game holds 10.
    state = examples.position(rules=Rules(mark1_copies=2))
    state = editing.place_tower(state, "standard.1", (0, 0), owner=0)
    state = editing.place_tower(state, "standard.1", (1, 0), owner=0)
    assert tower_cards(state)["standard.1"] == 2
    with pytest.raises(IllegalPosition, match=r"already in use \(the game holds 2\)"):
        editing.place_tower(state, "standard.1", (2, 0), owner=0)


def test_an_unknown_card_or_a_bad_space_is_refused() -> None:
    state = examples.example(BUSY)
    with pytest.raises(IllegalPosition, match=r"card: there is no tower card 'laser\.1' \(cards: standard\.1"):
        editing.place_tower(state, "laser.1", (0, 0), owner=0)
    # a completed game condition is a credit, never a tower
    with pytest.raises(IllegalPosition, match=r"there is no tower card 'condition\.fog'"):
        editing.place_tower(state, "condition.fog", (0, 0), owner=0)
    with pytest.raises(IllegalPosition, match=r"a space is written \(column, row\), not \(1, 2, 3\)"):
        editing.place_tower(state, "standard.1", (1, 2, 3), owner=0)
    with pytest.raises(IllegalPosition, match=r"a space is written \(column, row\)"):
        editing.remove_tower(state, (3,))


def test_a_tower_where_the_rules_forbid_one_is_refused() -> None:
    # 003 set up 2: 'Players may not place Towers on Obstacles.' 6.A.I: an unoccupied space 'does not have
    # a Tower, Track, or Obstacle'. 6.A.II: 'Level 4 is the maximum Level of all Towers.'
    state = examples.example(BUSY)
    with pytest.raises(IllegalPosition, match=r"'Players may not place Towers on Obstacles'"):
        editing.place_tower(state, "standard.1", (5, 4), owner=0)
    with pytest.raises(IllegalPosition, match=r"a tower cannot stand on a track space: \(0, 1\) is track piece A1"):
        editing.place_tower(state, "standard.1", (0, 1), owner=0)
    with pytest.raises(IllegalPosition, match=r"outside the playing field"):
        editing.place_tower(state, "standard.1", (12, 0), owner=0)
    with pytest.raises(IllegalPosition, match=r"towers have at most 4 levels"):
        editing.place_tower(state, "standard.1", (0, 0), owner=0, level=5)
    three_levels = examples.example(MOVEMENT, Rules(max_level=3))
    assert editing.place_tower(three_levels, "standard.1", (0, 0), owner=0, level=3).towers[0].level == 3
    with pytest.raises(IllegalPosition, match=r"towers have at most 3 levels"):
        editing.place_tower(three_levels, "standard.1", (0, 0), owner=0, level=4)
    two_players = examples.example(MOVEMENT)
    with pytest.raises(IllegalPosition, match=r"there is no player 3"):
        editing.place_tower(two_players, "standard.1", (0, 0), owner=2)


def test_edits_leave_the_position_given_untouched() -> None:
    state = examples.example(BUSY)
    before = POSITION.data(state)
    editing.place_tower(state, "charge.2", (3, 0), owner=1)
    editing.remove_tower(state, (4, 2))
    editing.set_credits(state, 0, "build", [])
    editing.place_wave(state, "rank5.a", 3)
    editing.remove_wave(state, "rank3.a")
    editing.lay_track(state, "A1", (0, 0))
    editing.set_obstacle(state, (0, 0))
    editing.set_lives(state, 9)
    with pytest.raises(IllegalPosition):
        editing.place_tower(state, "boost.1", (0, 0), owner=0)
    with pytest.raises(IllegalPosition):
        editing.place_tower(state, "boost.2", (0, 1), owner=0)
    assert POSITION.data(state) == before
    assert state == examples.example(BUSY)


# ---- conservation ------------------------------------------------------------------------------------
CARD_CHOICES = [*catalog.towers(), *catalog.towers(), "laser.1", "condition.fog", "condition.nope"]
STACK_CHOICES = [*STACKS, "bank"]
TRACK_LABELS = ["A1", "A12", "A15", "B7", "B25", "A0", "A26", "C3", "b9"]


def in_piles(state: GameState, card: str) -> int:
    """Copies of a tower card an edit can take: in the Mark I deck and discard, or the Mark II or III pile."""
    return sum(pile.count(card) for pile in (state.mark1_deck, state.mark1_discard, state.mark2_pile, state.mark3_pile))


def tower_is_legal(state: GameState, card: str, at: Coord, owner: int, level: int) -> bool:
    """Whether the rules allow this tower (an oracle written apart from the model's validation)."""
    if card not in catalog.towers() or not 0 <= owner < len(state.players):
        return False
    if not 1 <= level <= state.rules.max_level or not state.board.on_board(at):
        return False
    if at in state.board.track_spaces() or at in state.board.obstacles:
        return False
    old = state.tower_at(at)
    return in_piles(state, card) + (1 if old is not None and old.card == card else 0) >= 1


def credits_are_legal(state: GameState, player: int, stack: str, cards: list[str]) -> bool:
    if stack not in STACKS or not 0 <= player < len(state.players):
        return False
    if any(c not in catalog.towers() and c not in ("condition.fog",) for c in cards):
        return False
    old = Counter(state.players[player].stacks.get(stack))
    return all(n <= in_piles(state, card) + old[card] for card, n in Counter(cards).items() if card in catalog.towers())


Edit = Callable[[], GameState]


def random_edit(rng: random.Random, state: GameState) -> tuple[str, bool | None, Edit]:
    """One edit with random, often illegal, arguments: its name, whether the rules allow it (None when this
    test does not judge), and the edit to make."""
    roll = rng.random()
    if state.towers and roll < 0.4:
        at = rng.choice([t.at for t in state.towers])
    elif roll < 0.75:
        at = rng.choice(free_spaces(state))
    elif roll < 0.9:
        at = rng.choice(sorted(state.board.track_spaces()))
    else:
        at = (rng.randint(-1, 12), rng.randint(-1, 10))
    kind = rng.choice(["place_tower", "place_tower", "remove_tower", "set_credits", "set_credits", "other"])
    if kind == "place_tower":
        card = rng.choice(CARD_CHOICES)
        owner, level = rng.randint(0, len(state.players)), rng.randint(1, 5)

        def place() -> GameState:
            edited = editing.place_tower(state, card, at, owner, level=level, depletion=rng.randint(0, 2))
            built = edited.tower_at(at)
            assert built is not None and (built.card, built.owner, built.level) == (card, owner, level)
            return edited

        return kind, tower_is_legal(state, card, at, owner, level), place
    if kind == "remove_tower":

        def remove() -> GameState:
            edited = editing.remove_tower(state, at)
            assert edited.tower_at(at) is None and len(edited.towers) == len(state.towers) - 1
            return edited

        return kind, state.tower_at(at) is not None, remove
    if kind == "set_credits":
        player, stack = rng.randint(-1, len(state.players)), rng.choice(STACK_CHOICES)
        cards = rng.choices(CARD_CHOICES, k=rng.randint(0, 4))

        def credit() -> GameState:
            edited = editing.set_credits(state, player, stack, cards)
            assert edited.players[player].stacks.get(stack) == tuple(sorted(cards))
            return edited

        return kind, credits_are_legal(state, player, stack, cards), credit
    other = rng.choice(["lay_track", "set_obstacle", "place_wave_at", "remove_wave", "set_lives"])
    if other == "lay_track":
        label = rng.choice(TRACK_LABELS)
        return other, None, lambda: editing.lay_track(state, label, at)
    if other == "set_obstacle":
        present = rng.random() < 0.5
        return other, None, lambda: editing.set_obstacle(state, at, present)
    if other == "place_wave_at":
        wave, defeated = rng.choice([*catalog.waves(), "rank11.a"]), rng.randint(0, 4)
        return other, None, lambda: editing.place_wave_at(state, wave, at, defeated=defeated)
    if other == "remove_wave":
        wave = rng.choice([*catalog.waves()])
        return other, None, lambda: editing.remove_wave(state, wave)
    lives = rng.randint(-1, 9)
    return other, lives >= 0, lambda: editing.set_lives(state, lives)


@pytest.mark.parametrize("seed", range(12))
def test_random_edits_are_refused_or_keep_every_card_counted_once(seed: int) -> None:
    # 003 Towers: 'There are 4 Mark I (10 copies of each), 4 Mark II (4 copies of each), and 4 Mark. III
    # Towers (2 copies of each).' Whatever the designer does, no card is lost or doubled; an edit is refused
    # exactly when the rules forbid it, always with an IllegalPosition (any other exception fails this
    # test), and the position edited is left as it was.
    rng = random.Random(seed)
    state = {
        0: with_mark1_discard(examples.example(BUSY), ["charge.1", "combine.1", "combine.1"]),
        1: examples.example(MOVEMENT),
        2: examples.example("new-session"),
    }[seed % 3]
    outcomes: Counter[str] = Counter()
    for _ in range(60):
        given = state
        before = POSITION.data(given)
        kind, legal, edit = random_edit(rng, given)
        try:
            edited = edit()
        except IllegalPosition as refused:
            assert legal is not True, f"{kind} refused: {refused}"
            assert refused.problems and all(p.message for p in refused.problems)
            outcomes["refused"] += 1
        else:
            assert legal is not False, f"{kind} accepted"
            assert tower_cards(edited) == every_card(edited.rules), kind
            outcomes["accepted"] += 1
            state = edited
        assert POSITION.data(given) == before, "the position edited is untouched"
    assert outcomes["accepted"] >= 10 and outcomes["refused"] >= 10, outcomes
    assert tower_cards(state) == every_card(state.rules)


# ---- waves -------------------------------------------------------------------------------------------
def test_a_placed_wave_leaves_the_calls_to_come() -> None:
    state = examples.example(BUSY)
    assert state.upcoming == (("rank5.a",), ("rank6.a", "rank6.b")) and state.waves_called == 4
    placed = editing.place_wave(state, "rank5.a", 3, number=5, modifier="omen")
    wave = placed.wave("rank5.a")
    assert wave is not None and (wave.space, wave.number, wave.defeated, wave.modifier) == (3, 5, 0, "omen")
    assert placed.upcoming == (("rank6.a", "rank6.b"),)
    assert placed.waves_called == 5
    assert len(placed.waves) == len(state.waves) + 1


def test_a_wave_on_the_field_is_moved_and_keeps_its_number() -> None:
    state = examples.example(BUSY)
    moved = editing.place_wave(state, "rank3.a", 11)
    wave = moved.wave("rank3.a")
    assert wave is not None and (wave.space, wave.number) == (11, 3)
    assert len(moved.waves) == len(state.waves) and moved.waves_called == 4


def test_an_even_ranked_pair_is_not_split_and_unknown_waves_are_refused() -> None:
    # 003 Enemies: 'Even Ranked Waves always appear in pairs.'
    state = examples.example(BUSY)
    with pytest.raises(IllegalPosition, match=r"upcoming\.1: 'Even Ranked Waves always appear in pairs'"):
        editing.place_wave(state, "rank6.a", 3)
    with pytest.raises(IllegalPosition, match=r"unknown wave 'rank11\.a'"):
        editing.place_wave(state, "rank11.a", 3)
    with pytest.raises(IllegalPosition, match=r"unknown wave 'rank11\.a'"):
        editing.place_wave_at(state, "rank11.a", (0, 1))


def test_a_wave_is_placed_on_a_piece_of_its_own_track() -> None:
    # 003 Enemies: 'Odd Ranked Waves appear on Track A. Even Ranked Waves appear on Track B.'
    state = examples.example(BUSY)
    odd = editing.place_wave_at(state, "rank5.a", (3, 1))  # A4 of the snake board
    wave = odd.wave("rank5.a")
    assert wave is not None and wave.space == 4 and odd.wave_location(wave) == (3, 1)
    even = editing.place_wave_at(state, "rank6.c", (2, 6))  # B3
    wave = even.wave("rank6.c")
    assert wave is not None and wave.space == 3 and even.wave_location(wave) == (2, 6)
    with pytest.raises(IllegalPosition, match=r"not on B1: 'Odd Ranked Waves appear on Track A\.'"):
        editing.place_wave_at(state, "rank5.a", (0, 6))
    with pytest.raises(IllegalPosition, match=r"not on A1: 'Even Ranked Waves appear on Track B\.'"):
        editing.place_wave_at(state, "rank6.c", (0, 1))


def test_a_wave_needs_a_free_track_piece() -> None:
    # 003 phase 3: 'Waves may not occupy the same space.'
    state = examples.example(BUSY)
    with pytest.raises(IllegalPosition, match=r"no track piece lies on \(0, 0\): a wave stands only on its track"):
        editing.place_wave_at(state, "rank5.a", (0, 0))
    with pytest.raises(IllegalPosition, match=r"'Waves may not occupy the same space'"):
        editing.place_wave_at(state, "rank5.a", (7, 1))  # A8, where the Rank 3 wave stands
    # A12 is in the Track Discard of the movement example
    with pytest.raises(IllegalPosition, match=r"track A12 is not on the playing field"):
        editing.place_wave(examples.example(MOVEMENT), "rank5.a", 12)


def test_a_removed_wave_leaves_the_field_and_stops_awaiting_a_modifier() -> None:
    state = examples.example(BUSY)
    removed = editing.remove_wave(state, "rank3.a")
    assert removed.wave("rank3.a") is None and len(removed.waves) == len(state.waves) - 1
    assert removed.upcoming == state.upcoming
    with pytest.raises(IllegalPosition, match=r"wave rank5\.a is not on the playing field"):
        editing.remove_wave(state, "rank5.a")
    waiting = POSITION.validate(state.replace(awaiting_modifier=("rank2.b",)))
    assert editing.remove_wave(waiting, "rank2.b").awaiting_modifier == ()


# ---- the playing field -------------------------------------------------------------------------------
def test_the_track_discard_is_set_and_restored_to_its_homes() -> None:
    # 003 3.C: 'Place any discarded Track onto the Discarded Track pile.'
    state = examples.example(MOVEMENT)
    homes = editing.home_spaces(state)
    assert homes["B7"] == (6, 6)
    discarded = editing.set_track_discarded(state, ["A12", "A15", "b7"])
    assert discarded.board.track_discard == ("A12", "A15", "B7")
    assert not discarded.board.has_piece("B", 7) and len(discarded.board.track) == 47
    restored = editing.set_track_discarded(discarded, ["A12", "A15"], homes)
    assert restored.board.location("B", 7) == (6, 6) and restored.board.track_discard == ("A12", "A15")
    assert restored.board == state.board


def test_a_discarded_piece_needs_a_home_and_no_wave() -> None:
    # 003 set up 2: 'All game sessions must use exactly 50 Track pieces.'
    state = examples.example(MOVEMENT)
    with pytest.raises(IllegalPosition, match=r"track A12 has no space to return to: lay it on a space with lay_track"):
        editing.set_track_discarded(state, [])
    with pytest.raises(IllegalPosition, match=r"track A10 is not on the playing field"):
        editing.set_track_discarded(state, ["A10", "A12", "A15"])  # the Rank 1 walker stands on A10
    with pytest.raises(IllegalPosition, match=r"'C3' is not a track piece"):
        editing.set_track_discarded(state, ["A12", "A15", "C3"])


def test_lay_track_from_the_discard_or_from_the_field() -> None:
    state = examples.example(MOVEMENT)
    laid = editing.lay_track(state, "a12", (0, 0))
    assert laid.board.location("A", 12) == (0, 0) and laid.board.track_discard == ("A15",)
    assert len(laid.board.track) == len(state.board.track) + 1
    moved = editing.lay_track(state, "B1", (0, 5))
    assert moved.board.location("B", 1) == (0, 5) and (0, 6) not in moved.board.track_spaces()
    assert len(moved.board.track) == len(state.board.track)


def test_track_where_the_rules_forbid_it_is_refused() -> None:
    # 003 set up 2: 'Track pieces may not be placed on top of other track pieces.' 'Track cannot be placed
    # on Obstacles.' 6.A.I: a Tower stands on a space without Track.
    state = examples.example(BUSY)
    with pytest.raises(IllegalPosition, match=r"'Track pieces may not be placed on top of other track pieces'"):
        editing.lay_track(state, "B1", (0, 1))
    with pytest.raises(IllegalPosition, match=r"'Track cannot be placed on Obstacles'"):
        editing.lay_track(state, "B1", (5, 4))
    with pytest.raises(IllegalPosition, match=r"a tower cannot stand on a track space: \(3, 0\) is track piece B1"):
        editing.lay_track(state, "B1", (3, 0))
    with pytest.raises(IllegalPosition, match=r"'Z9' is not a track piece"):
        editing.lay_track(state, "Z9", (0, 0))


def test_obstacles_are_added_and_removed_but_never_under_a_tower_or_track() -> None:
    # 003 set up 2: 'Track cannot be placed on Obstacles. Players may not place Towers on Obstacles.'
    state = examples.example(BUSY)
    added = editing.set_obstacle(state, (0, 0))
    assert (0, 0) in added.board.obstacles and len(added.board.obstacles) == len(state.board.obstacles) + 1
    removed = editing.set_obstacle(state, (5, 4), present=False)
    assert (5, 4) not in removed.board.obstacles and len(removed.board.obstacles) == 3
    assert sorted(editing.set_obstacle(state, (5, 4)).board.obstacles) == sorted(state.board.obstacles)
    with pytest.raises(IllegalPosition, match=r"'Players may not place Towers on Obstacles' \(\(3, 0\)\)"):
        editing.set_obstacle(state, (3, 0))
    with pytest.raises(IllegalPosition, match=r"A1 is on an obstacle; 'Track cannot be placed on Obstacles'"):
        editing.set_obstacle(state, (0, 1))
    with pytest.raises(IllegalPosition, match=r"\(12, 0\) is outside the 12x10 playing field"):
        editing.set_obstacle(state, (12, 0))


# ---- the table ---------------------------------------------------------------------------------------
def test_lives() -> None:
    # 003 3.C: 'Players may gain Life Cubes beyond the starting amount.'
    state = examples.example(BUSY)
    assert editing.set_lives(state, 9).lives == 9
    with pytest.raises(IllegalPosition, match=r"lives: must be at least 0"):
        editing.set_lives(state, -1)


def test_credits_move_between_a_stack_and_the_piles() -> None:
    # 003 Towers: 'Towers are also Credits on the flip side.' 6.H: 'The completed Game Condition is worth
    # 2 Universal Credits.'
    state = examples.example(BUSY)
    assert state.players[1].stacks.boost == ("boost.1", "boost.1", "charge.1")
    emptied = editing.set_credits(state, 1, "boost", [])
    assert emptied.players[1].stacks.boost == ()
    assert emptied.mark1_deck.count("boost.1") == 2 and emptied.mark1_deck.count("charge.1") == 3
    assert emptied.players[1].stacks.build == state.players[1].stacks.build
    filled = editing.set_credits(state, 0, "combine", ["standard.2", "condition.fog", "charge.1"])
    assert filled.players[0].stacks.combine == ("charge.1", "condition.fog", "standard.2")
    assert filled.mark1_deck.count("charge.1") == state.mark1_deck.count("charge.1") - 1
    assert filled.mark2_pile.count("standard.2") == state.mark2_pile.count("standard.2") - 1
    for edited in (emptied, filled):
        assert tower_cards(edited) == every_card(edited.rules)
    with pytest.raises(IllegalPosition, match=r"every Mark I Boost Tower card is already in use"):
        editing.set_credits(state, 0, "combine", ["boost.1"])
    with pytest.raises(IllegalPosition, match=r"there is no tower card 'condition\.nope'"):
        editing.set_credits(state, 0, "combine", ["condition.nope"])


def test_a_bad_stack_or_player_is_refused() -> None:
    state = examples.example(BUSY)
    with pytest.raises(
        IllegalPosition, match=r"stack: there is no stack 'bank' \(stacks: build, boost, combine, kill\)"
    ):
        editing.set_credits(state, 0, "bank", [])
    with pytest.raises(IllegalPosition, match=r"player: there is no player 5"):
        editing.set_credits(state, 4, "build", [])
    with pytest.raises(IllegalPosition, match=r"player: there is no player 0"):
        editing.set_credits(state, -1, "build", [])


def test_turn_and_phase() -> None:
    state = examples.example(BUSY)
    later = editing.set_turn(state, 14, "tracker")
    assert (later.turn, later.phase) == (14, "tracker")
    assert editing.set_turn(state, 20).phase == "actions"
    with pytest.raises(IllegalPosition, match=r"turn: must be at least 1"):
        editing.set_turn(state, 0)
    with pytest.raises(IllegalPosition, match=r"termination: the game is over exactly when it says why"):
        editing.set_turn(state, 13, "game_over")
    with pytest.raises(IllegalPosition, match=r"phase"):
        editing.set_turn(state, 13, "lunch")


def test_revealed_credits_must_fit_the_phase() -> None:
    # 003 phase 5: 'Reveal the top (4) Mark I Credits'; 'All credits must be assigned to Stacks before
    # proceeding to Phase 6.'
    busy = examples.example(BUSY)
    deck = list(busy.mark1_deck)
    deck.remove("standard.1")
    income = POSITION.validate(busy.replace(mark1_deck=tuple(deck), revealed=("standard.1",), phase="income"))
    assert editing.set_turn(income, 13, "actions").revealed == ("standard.1",)
    with pytest.raises(IllegalPosition, match=r"credits are revealed only at set up, in Phase 5 and in Phase 6"):
        editing.set_turn(income, 13, "movement")


def test_rules_can_be_changed_or_make_the_position_illegal() -> None:
    # 003 6.A.II: 'Level 4 is the maximum Level of all Towers.'; 3.A.IV: 'Place (2) copies of Mark III'
    state = examples.example(BUSY)
    exact = editing.set_rules(state, Rules(payment="exact"))
    assert exact.rules.payment == "exact" and exact.rules.differences(state.rules) == {"payment": ("exact", "cover")}
    assert exact.towers == state.towers and exact.players == state.players
    with pytest.raises(IllegalPosition, match=r"towers have at most 2 levels"):
        editing.set_rules(state, Rules(max_level=2))  # the tower on (2, 4) is Level 3
    with pytest.raises(IllegalPosition, match=r"the game holds 1 Mark III Standard Tower cards, but 2 are placed"):
        editing.set_rules(state, Rules(mark3_copies=1))


# ---- sharing -----------------------------------------------------------------------------------------
def test_share_codes_round_trip_every_example() -> None:
    for name in examples.EXAMPLES:
        for rules in (None, Rules(payment="exact", turn_limit=30)):
            state = examples.example(name, rules)
            code = editing.share_code(state)
            assert code.startswith("TD1-"), name
            assert editing.from_share_code(code) == state, name
            assert editing.from_share_code(f"  {code}\n") == state, name
    edited = editing.place_tower(examples.example(BUSY), "combine.3", (0, 0), owner=2, level=4, depletion=2)
    assert editing.from_share_code(editing.share_code(edited)) == edited


def test_damaged_or_foreign_share_codes_are_malformed() -> None:
    code = editing.share_code(examples.example(BUSY))
    with pytest.raises(MalformedFile, match=r"this share code is damaged \(was it copied whole\?\)"):
        editing.from_share_code(code[:-8])
    with pytest.raises(MalformedFile, match=r"damaged"):
        editing.from_share_code("TD1-!!!!")
    with pytest.raises(MalformedFile, match=r"a share code of Tower Defense starts with 'TD1-'"):
        editing.from_share_code("TT1-" + code[4:])
    with pytest.raises(MalformedFile, match=r"a share code of Tower Defense starts with 'TD1-'"):
        editing.from_share_code("ATT1-" + code[4:])


def test_a_share_code_of_something_else_is_refused_with_a_typed_error() -> None:
    def encode(value: object) -> str:
        raw = zlib.compress(json.dumps(value).encode(), 9)
        return "TD1-" + base64.urlsafe_b64encode(raw).decode().rstrip("=")

    with pytest.raises(MalformedFile, match=r"the share code must hold a JSON object in curly brackets, not a list"):
        editing.from_share_code(encode([1, 2]))
    data = POSITION.data(examples.example(BUSY))
    data["lives"] = -3
    with pytest.raises(IllegalPosition, match=r"lives"):
        editing.from_share_code(encode(data))


def test_skill_markers_are_placed_and_removed() -> None:
    # 6.F: 'Empty slots on Skill Boards may contain exactly 1 Skill Marker'; each player has the rules' markers
    state = examples.example(BUSY)
    placed = editing.place_skill_marker(state, 0, "mat.1", 0)
    assert placed.skill_markers_left(0) == state.skill_markers_left(0) - 1
    assert editing.place_skill_marker(placed, 1, "mat.1", 0).skill_markers_left(1) == state.skill_markers_left(1) - 1
    with pytest.raises(IllegalPosition, match="exactly 1 Skill Marker"):
        editing.place_skill_marker(placed, 0, "mat.1", 0)
    with pytest.raises(IllegalPosition, match=r"there is no skill 'mat\.99'"):
        editing.place_skill_marker(state, 0, "mat.99", 0)
    with pytest.raises(IllegalPosition, match="there is no player 9"):
        editing.place_skill_marker(state, 8, "mat.1", 0)
    assert editing.remove_skill_marker(placed, 0, "mat.1", 0) == state
    with pytest.raises(IllegalPosition, match="player 2 has no marker on slot 1"):
        editing.remove_skill_marker(placed, 1, "mat.1", 0)
    full = state
    for number in range(1, state.rules.skill_markers + 1):
        full = editing.place_skill_marker(full, 0, f"mat.{number}", 0)
    with pytest.raises(IllegalPosition, match=f"more than {state.rules.skill_markers} markers"):
        editing.place_skill_marker(full, 0, f"mat.{state.rules.skill_markers + 1}", 0)
