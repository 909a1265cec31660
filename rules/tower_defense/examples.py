"""Named scenarios and positions: the rulebook's movement example, a busy board, a new session.

Positions are built with `position`, which takes every card it places (stacks, towers) out of the
decks, so that every card of the game is counted exactly once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rules.core.errors import look_up
from rules.tower_defense import catalog, engine
from rules.tower_defense.catalog import sort_modifiers
from rules.tower_defense.game import POSITION
from rules.tower_defense.model import FieldWave, GameState, Player, Scenario, Stacks, Tower
from rules.tower_defense.places import Board, Coord, TrackPiece
from rules.tower_defense.text import parse_piece
from rules.tower_defense.variants import Rules


def snake_board(
    discarded: Sequence[str] = (),
    obstacles: Sequence[Coord] = ((5, 4), (6, 4), (5, 5), (6, 5)),
) -> Board:
    """A 12 x 10 field (120 spaces, a campaign's limit): track A snakes through rows 1 to 3, track B
    through rows 6 to 8; towers fit on rows 0, 2, 4, 5, 7 and 9."""
    track: list[TrackPiece] = []
    for name, top in (("A", 1), ("B", 6)):
        spaces = [(x, top) for x in range(12)] + [(11, top + 1)] + [(x, top + 2) for x in range(11, -1, -1)]
        for number, at in enumerate(spaces, start=1):
            if f"{name}{number}" not in discarded:
                track.append(TrackPiece(track="A" if name == "A" else "B", number=number, at=at))
    for label in discarded:
        parse_piece(label)
    return Board(
        width=12,
        height=10,
        obstacles=tuple(obstacles),
        track=tuple(track),
        track_discard=tuple(sorted(discarded)),
    )


def position(
    *,
    players: int = 2,
    board: Board | None = None,
    stacks: Mapping[int, Mapping[str, Sequence[str]]] | None = None,
    towers: Sequence[Tower] = (),
    waves: Sequence[FieldWave] = (),
    upcoming: Sequence[Sequence[str]] = (),
    waves_called: int | None = None,
    rules: Rules | None = None,
    **fields: Any,
) -> GameState:
    """A validated position whose decks hold every card not placed elsewhere."""
    rules = rules or Rules()
    built = []
    used: Counter[str] = Counter(t.card for t in towers)
    for i in range(players):
        given = (stacks or {}).get(i, {})
        s = Stacks(**{k: tuple(sorted(v)) for k, v in given.items()})
        used.update(c for c in s.all_cards() if not c.startswith("condition."))
        built.append(Player(stacks=s))
    used.update(fields.get("revealed", ()))
    mark1, mark2, mark3 = engine.full_decks(rules)

    def minus(pile: tuple[str, ...]) -> tuple[str, ...]:
        left = Counter(pile)
        left.subtract(used)
        return tuple(sorted(left.elements()))

    called = waves_called if waves_called is not None else max((w.number for w in waves), default=0)
    data: dict[str, Any] = {
        "rules": rules,
        "players": tuple(built),
        "board": board or snake_board(),
        "towers": tuple(towers),
        "waves": tuple(waves),
        "upcoming": tuple(tuple(c) for c in upcoming),
        "waves_called": called,
        "mark1_deck": minus(mark1),
        "mark2_pile": minus(mark2),
        "mark3_pile": minus(mark3),
    }
    data.update(fields)
    return POSITION.validate(data)


def movement_example(rules: Rules | None = None) -> GameState:
    """003 phase 3: a wave on A10 with a Movement of 4 and +1 from its Wave Modifier; A12 and A15 are
    in the Track Discard and A17 is occupied, so it ends on A18. Turn 7, about to move."""
    return position(
        rules=rules,
        board=snake_board(discarded=("A12", "A15")),
        waves=(
            FieldWave(id="rank1.walker", number=1, space=10, modifier="swift"),
            FieldWave(id="rank2.a", number=2, space=4),
            FieldWave(id="rank2.b", number=2, space=2),
            FieldWave(id="rank3.a", number=3, space=17),
        ),
        upcoming=(("rank4.a", "rank4.b"),),
        turn=7,
        phase="movement",
        modifier_pile=sort_modifiers(["hardened", "fortified"]),
    )


def busy_board(rules: Rules | None = None) -> GameState:
    """Four players in Phase 6 with towers of every type along both tracks, five waves (modifiers,
    attributes), a game condition in play and credits on every stack."""
    towers = (
        Tower(card="standard.1", at=(3, 0), owner=0, level=2),
        Tower(card="standard.1", at=(8, 2), owner=0, level=1),
        Tower(card="boost.1", at=(4, 2), owner=1, level=1),
        Tower(card="boost.1", at=(2, 4), owner=1, level=3),
        Tower(card="charge.1", at=(9, 4), owner=2, level=1),
        Tower(card="combine.1", at=(3, 4), owner=2, level=2),
        Tower(card="standard.2", at=(7, 5), owner=3, level=1),
        Tower(card="standard.1", at=(4, 7), owner=3, level=1, depletion=1),
        Tower(card="charge.1", at=(8, 7), owner=1, level=2),
        Tower(card="standard.1", at=(1, 9), owner=2, level=1),
    )
    waves = (
        FieldWave(id="rank1.b", number=1, space=20, defeated=0, modifier="hardened"),
        FieldWave(id="rank2.a", number=2, space=9, modifier="swift"),
        FieldWave(id="rank2.b", number=2, space=5),
        FieldWave(id="rank3.a", number=3, space=8, modifier="fortified"),
        FieldWave(id="rank4.a", number=4, space=16, modifier="hasty"),
        FieldWave(id="rank4.b", number=4, space=21),
    )
    stacks = {
        0: {
            "build": ["standard.1", "charge.1", "boost.1"],
            "boost": ["standard.1", "standard.1"],
            "kill": ["combine.1", "charge.1"],
        },
        1: {"build": ["boost.1"], "boost": ["boost.1", "boost.1", "charge.1"], "combine": ["combine.1"]},
        2: {"build": ["standard.1", "boost.1"], "boost": ["charge.1"], "combine": ["charge.1", "combine.1"]},
        3: {
            "build": ["combine.1", "charge.1", "charge.2"],
            "boost": ["boost.1", "standard.1"],
            "kill": ["combine.1", "boost.1", "boost.1"],
        },
    }
    return position(
        rules=rules,
        players=4,
        towers=towers,
        waves=waves,
        stacks=stacks,
        upcoming=(("rank5.a",), ("rank6.a", "rank6.b")),
        turn=13,
        phase="actions",
        lives=5,
        modifier_pile=sort_modifiers(["omen", "dark_omen", "rushing", "armoured_host"]),
        condition_pile=("siege", "storm"),
        condition={"id": "fog", "progress": 1},
    )


def condition_met(rules: Rules | None = None) -> GameState:
    """Two players in Phase 6 just after Player 1's tower defeated the unit that met Fog's requirement (6.H):
    either player may complete it, until they perform another action; Player 2's Combine Tower stands between
    both players' towers (6.D)."""
    towers = (
        Tower(card="standard.1", at=(3, 0), owner=0, level=2, depletion=1),
        Tower(card="charge.1", at=(3, 2), owner=0),
        Tower(card="combine.1", at=(4, 2), owner=1),
        Tower(card="standard.1", at=(5, 2), owner=1),
    )
    return position(
        rules=rules,
        towers=towers,
        waves=(FieldWave(id="rank1.b", number=1, space=6, defeated=1), FieldWave(id="rank2.a", number=2, space=3)),
        stacks={0: {"combine": ["standard.1"], "boost": ["charge.1"]}, 1: {"combine": ["charge.1"]}},
        upcoming=(("rank3.a",),),
        turn=5,
        phase="actions",
        condition={"id": "fog", "progress": 2, "met_at": 1},
        actions_taken=1,
        kill_window={"player": 0, "wave_defeated": False, "at": 1},
    )


STANDARD_CALLS: tuple[tuple[str, ...], ...] = (
    ("rank1.b",),
    ("rank2.a", "rank2.b"),
    ("rank3.a",),
    ("rank4.a", "rank4.b"),
    ("rank5.a",),
    ("rank6.a", "rank6.b"),
    ("rank7.a",),
    ("rank8.a", "rank8.b"),
    ("rank9.a",),
    ("rank10.a", "rank10.b"),
)
"""The waves called in order, one call a rank (even ranks in pairs); a session of N waves calls the first N."""


def selected(pieces: Sequence[tuple[str, int]], level: int, count: int) -> tuple[str, ...]:
    """`count` pieces of one level, taking the level's pieces in catalog order in turn (the rulebook selects
    them at random, 3.A.V and 3.A.VII; a scenario fixes one selection), grouped as listed."""
    of_level = [piece for piece, lv in pieces if lv == level]
    if not of_level:
        return ()
    picks = Counter(of_level[i % len(of_level)] for i in range(count))
    return tuple(piece for piece in of_level for _ in range(picks[piece]))


def difficulty_scenario(name: str, difficulty_id: str, players: int = 2) -> Scenario:
    """A session on the snake board at a Difficulty: one call per level listed, and the wave modifiers and
    game conditions of each level the Difficulty selects."""
    difficulty = catalog.difficulties()[difficulty_id]
    mods = [(m.id, m.level) for m in catalog.modifiers().values()]
    conds = [(c.id, c.level) for c in catalog.conditions().values()]
    levels = sorted(set(difficulty.levels))
    waves = len(difficulty.levels)

    def selection(pieces: list[tuple[str, int]], per_wave: int) -> tuple[str, ...]:
        return tuple(p for lv in levels for p in selected(pieces, lv, difficulty.count(lv, per_wave)))

    return Scenario(
        name=name,
        description=f"{waves} waves on the snake board at a {difficulty_id} Difficulty.",
        difficulty=difficulty_id,
        players=players,
        board=snake_board(),
        calls=STANDARD_CALLS[:waves],
        modifiers=selection(mods, difficulty.modifiers_per_wave),
        conditions=selection(conds, difficulty.conditions_per_wave),
    )


def beginner_scenario(players: int = 2) -> Scenario:
    """Six waves on the snake board, a 1/1/1/1/2/2 Difficulty (003 3.A.V's example): 8 level 1 and
    4 level 2 wave modifiers, 4 level 1 and 2 level 2 game conditions."""
    return difficulty_scenario("beginner", "1/1/1/1/2/2", players)


def eight_waves_scenario(players: int = 2) -> Scenario:
    """Eight waves on the snake board, a 1/1/2/2/2/2/3/3 Difficulty (003 3.A.V's other example): 4 level 1,
    8 level 2 and 4 level 3 wave modifiers, 2, 4 and 2 game conditions."""
    return difficulty_scenario("eight-waves", "1/1/2/2/2/2/3/3", players)


def new_session(rules: Rules | None = None) -> GameState:
    """The beginner scenario before set up: the starting player is about to be drawn."""
    return engine.new_game(beginner_scenario(), rules)


EXAMPLES: dict[str, tuple[Callable[[Rules | None], GameState], str]] = {
    "movement-example": (
        movement_example,
        "003 phase 3's example: A10, movement 4 + 1, A12 and A15 discarded.",
    ),
    "busy-board": (busy_board, "Four players in Phase 6: every tower type, six waves, a condition in play."),
    "condition-met": (condition_met, "Phase 6 just after a kill met Fog's requirement: who may complete it."),
    "new-session": (new_session, "The beginner scenario before set up."),
}

SCENARIOS: dict[str, Callable[[int], Scenario]] = {"beginner": beginner_scenario, "eight-waves": eight_waves_scenario}
"""The scenarios a session (and a sweep) can start from, one per Difficulty the rulebook names."""


def example(name: str, rules: Rules | None = None) -> GameState:
    """A named example position (see EXAMPLES)."""
    make, _ = look_up(EXAMPLES, name, "example")
    return make(rules)


def scenario(name: str, players: int = 2) -> Scenario:
    return look_up(SCENARIOS, name, "scenario")(players)
