"""The calculators: boosts, this turn's plan and income, fast paths checked against brute force."""

from __future__ import annotations

import functools
from collections import Counter, defaultdict
from fractions import Fraction
from typing import Any

import pytest

from rules.core.errors import IllegalAction
from rules.core.protocol import CHANCE
from rules.tower_defense import analysis, engine, examples
from rules.tower_defense.actions import Attack, Boost, CombineAttack, EndActions, NextPhase
from rules.tower_defense.events import Attacked
from rules.tower_defense.game import POSITION
from rules.tower_defense.model import FieldWave, GameState, Player, Tower


def test_boost_options_reproduce_the_rulebook() -> None:
    # 003 6.C.II: two Boost credits on a Level 1 Mark I Boost Tower deal 7; on a Level 3, 11.
    options = {o.damage: o for o in analysis.boost_options("boost.1", 1, ["boost.1", "boost.1", "charge.1"])}
    assert options[7].cards == ("boost.1", "boost.1") and options[7].credits == 2
    assert options[3].cards == ("boost.1",)
    assert options[2].cards == ("charge.1",)
    assert options[1].cards == ()
    # three credits lose the Exactly 2 bonus: 1 + 2 + 2 + 1 = 6 < 7
    assert options[6].cards == ("boost.1", "boost.1", "charge.1")
    level3 = {o.damage for o in analysis.boost_options("boost.1", 3, ["boost.1", "boost.1"])}
    assert 11 in level3


def test_boost_options_pick_the_cheapest_way() -> None:
    # a Mark II Standard card is 2 Standard credits: the Exactly 2 Matching bonus in one card
    options = {o.damage: o for o in analysis.boost_options("standard.1", 1, ["standard.2", "standard.1", "boost.1"])}
    assert options[7].cards in (("standard.2",), ("boost.1", "standard.1")) or options[7].credits == 2
    assert options[5].credits == 1


def test_boost_options_refuse_a_radius_tower() -> None:
    with pytest.raises(IllegalAction, match="may not be Boosted"):
        analysis.boost_options("combine.1", 1, ["boost.1"])


def small_fight() -> GameState:
    towers = (
        Tower(card="standard.1", at=(3, 0), owner=0),
        Tower(card="boost.1", at=(4, 2), owner=1),
        Tower(card="combine.1", at=(5, 2), owner=0),
        Tower(card="charge.1", at=(6, 2), owner=1),
    )
    waves = (FieldWave(id="rank1.walker", number=1, space=4), FieldWave(id="rank3.a", number=3, space=6))
    return examples.position(
        towers=towers,
        waves=waves,
        stacks={0: {"boost": ["boost.1", "standard.1"], "combine": ["charge.1"]}, 1: {"boost": ["boost.1"]}},
        phase="actions",
    )


def defeats(events: tuple[Any, ...]) -> int:
    return sum(1 for e in events if isinstance(e, Attacked) and e.defeated and e.target.startswith("unit"))


def brute_force(state: GameState) -> int:
    """The most units any sequence of boosts and attacks defeats (every legal order, exhaustively)."""

    @functools.cache
    def best(s: GameState) -> int:
        top = 0
        for a in engine.legal_actions(s):
            if not isinstance(a, Boost | Attack | CombineAttack) or getattr(a, "target", "unit") != "unit":
                continue
            if isinstance(a, Attack | CombineAttack) and a.ignore:
                continue
            nxt, events = engine.apply(s, a)
            if nxt.phase == "game_over" or nxt.restore_left:
                top = max(top, defeats(events))
                continue
            top = max(top, defeats(events) + best(nxt))
        return top

    return best(state)


def test_the_plan_matches_brute_force() -> None:
    state = small_fight()
    plan = analysis.plan_turn(state)
    assert plan.defeated == brute_force(state)
    # the plan's actions replay through the engine with the same result
    total = 0
    for action in plan.actions:
        state, events = engine.apply(state, action)
        total += defeats(events)
    assert total == plan.defeated


def test_the_plan_on_the_busy_board_replays() -> None:
    state = examples.busy_board()
    plan = analysis.plan_turn(state)
    assert plan.defeated >= 1 and len(plan.attacks) == plan.defeated
    for action in plan.actions:
        state, _ = engine.apply(state, action)
    assert any(t.alone for t in plan.targets)


def test_the_plan_speaks_the_boards_words() -> None:
    """Cards as the board names them ('Boost I', not 'boost.1'), waves by name ('Rank 1 wave B', not 'rank1.b'),
    spaces as (column, row) like every sentence of the engine."""
    lines = analysis.plan_turn(examples.busy_board()).describe()
    assert lines[1] == (
        "  the tower on (4, 2) (alone) boosted by Boost I, Boost I deals 7 to unit 1 of Rank 1 wave B (6 Hit Points)"
    )
    assert not any(word in "".join(lines) for word in ("boost.1", "standard.1", "rank1.b", "rank2.a", "4,2"))


def chance_tree(state: GameState) -> dict[tuple[str, ...], Fraction]:
    """The revealed credits of the next income, by walking the engine's chance nodes."""
    out: defaultdict[tuple[str, ...], Fraction] = defaultdict(Fraction)

    def walk(s: GameState, p: Fraction) -> None:
        if engine.current_player(s) != CHANCE:
            out[s.revealed] += p
            return
        for outcome, q in engine.chance_outcomes(s).items():
            walk(engine.apply(s, outcome)[0], p * q)

    walk(state, Fraction(1))
    return dict(out)


def test_income_distribution_matches_the_engine() -> None:
    state = examples.position(phase="income", starting_player=0)
    exact = analysis.income_distribution(state)
    assert exact.total() == 1
    assert dict(exact.items()) == chance_tree(engine.apply(state, NextPhase())[0])
    assert exact[("boost.1", "boost.1", "boost.1", "boost.1")] == Fraction(210, 91390)


def test_income_with_a_reshuffle_matches_the_engine() -> None:
    # 003 3.A.II: "If there are no cards left in the Mark I Tower draw pile, shuffle all cards from the
    # Mark I Tower Discard to form a new Mark I Tower Draw pile."
    base = examples.position(phase="income", starting_player=0)
    deck = base.mark1_deck
    spare = Counter(deck[9:])
    # the cards out of play go to a player's kill stack so that every card stays counted
    stacks = base.players[1].stacks.with_stack("kill", tuple(sorted(spare.elements())))
    players = (base.players[0], Player(stacks))
    state = POSITION.validate(base.replace(mark1_deck=deck[:2], mark1_discard=deck[2:9], players=players))
    exact = analysis.income_distribution(state)
    assert dict(exact.items()) == chance_tree(engine.apply(state, NextPhase())[0])


def test_shares_and_first_pick() -> None:
    # 003 phase 5: "Evenly divide these Mark I Credits among all players. Players choose 1 credit beginning
    # with the Starting Player and continuing clockwise."
    assert analysis.shares(3, 1, 4) == (1, 2, 1)
    assert analysis.shares(4, 0, 4) == (1, 1, 1, 1)
    state = examples.position(phase="income")
    first = analysis.first_pick(state)
    assert first["boost"] == 1 - Fraction(30 * 29 * 28 * 27, 40 * 39 * 38 * 37)
    counts = analysis.type_count_distribution(state, "boost")
    assert counts.expectation() == 1


def test_end_actions_is_always_possible_in_phase_6() -> None:
    assert EndActions() in engine.legal_actions(small_fight())
