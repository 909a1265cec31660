"""Scenario tests of Tower Defense's `Rules` fields that random play does not reach: each builds a position
where the field's rule applies, plays the same actions under the default rules and under the changed value,
and checks the difference the field's description promises."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.tower_defense import catalog, engine, examples
from rules.tower_defense.actions import (
    Attack,
    Boost,
    Build,
    CompleteCondition,
    Convert,
    KillBonus,
    NextPhase,
    Upgrade,
)
from rules.tower_defense.cards import UnitSpec, WaveSpec
from rules.tower_defense.events import Attacked, Boosted, TowerUpgraded, WaveMoved
from rules.tower_defense.model import FieldWave, GameState, Tower
from rules.tower_defense.variants import Rules

FAR_WAVE = FieldWave(id="rank3.a", number=3, space=20)
"""A wave far down track A, so that defeating another one does not end the game."""


def run(state: GameState, *actions: Any) -> tuple[GameState, list[Event]]:
    events: list[Event] = []
    for action in actions:
        state, new = engine.apply(state, action)
        events += new
    return state, events


def sentences(events: list[Event]) -> list[str]:
    return [e.sentence() for e in events]


def attacked(events: list[Event]) -> Attacked:
    (event,) = [e for e in events if isinstance(e, Attacked)]
    return event


def fight(rules: Rules, **fields: Any) -> GameState:
    """Two players in Phase 6; player 1's Mark I Standard tower on (3, 0) reaches A3 (Range 2)."""
    data: dict[str, Any] = {
        "towers": (Tower(card="standard.1", at=(3, 0), owner=0),),
        "waves": (FieldWave(id="rank1.example", number=1, space=3),),
        "phase": "actions",
        "rules": rules,
    }
    data.update(fields)
    return examples.position(**data)


# ---- numbers printed in the rulebook -------------------------------------------------------------------
def test_max_level_refuses_an_upgrade_past_it() -> None:
    # 003 6.A.II: "Level 4 is the maximum Level of all Towers."
    def level_3(rules: Rules) -> GameState:
        towers = (Tower(card="standard.1", at=(3, 0), owner=0, level=3),)
        return fight(rules, towers=towers, stacks={0: {"build": ["boost.1"]}})

    upgrade = Upgrade(player=0, at=(3, 0), payment=("boost.1",))
    upgraded, events = run(level_3(Rules()), upgrade)
    assert [e.level for e in events if isinstance(e, TowerUpgraded)] == [4]
    assert upgraded.tower_at((3, 0)) == Tower(card="standard.1", at=(3, 0), owner=0, level=4, depletion=1)
    capped = level_3(Rules(max_level=3))
    assert upgrade not in engine.legal_actions(capped)
    with pytest.raises(IllegalAction, match="may not be upgraded past level 3"):
        engine.apply(capped, upgrade)


def test_matching_pair_bonus_is_added_to_a_matching_pair() -> None:
    # 003 6.C.II: "If the discarded Credits are of the same Credit Type, and the chosen Tower is of the
    # same type add 1 additional damage to this Boost." - 4 + 1 + 1 + 1 = 7 by default, 4 + 1 + 1 + 3 = 9.
    for bonus, damage in ((1, 7), (3, 9)):
        state = fight(
            Rules(matching_pair_bonus=bonus), stacks={0: {"boost": ["standard.1"]}, 1: {"boost": ["standard.1"]}}
        )
        state, events = run(
            state,
            Boost(player=0, at=(3, 0), card="standard.1"),
            Boost(player=1, at=(3, 0), card="standard.1"),
            Attack(player=0, at=(3, 0), wave="rank1.example"),
        )
        assert [e.damage for e in events if isinstance(e, Boosted)] == [5, damage]
        assert attacked(events).damage == damage


def just_killed_a_unit(rules: Rules, kill: list[str]) -> GameState:
    """Player 1 has just defeated the first unit of a two-unit wave, with `kill` on the Kill Bonus stack."""
    state = fight(
        rules,
        waves=(FieldWave(id="rank1.walker", number=1, space=3), FAR_WAVE),
        towers=(Tower(card="standard.1", at=(3, 0), owner=0, level=3),),
        stacks={0: {"kill": kill, "boost": ["charge.1"]}},
    )
    state, events = run(state, Attack(player=0, at=(3, 0), wave="rank1.walker"))
    assert attacked(events).defeated and state.waves[0].defeated == 1
    return state


def test_mark2_bonus_cost_after_kill_is_the_price_right_after_a_kill() -> None:
    # 003 6.E.I: "Decrease this cost to 2 Credits if you have just defeated a Unit."
    bonus = KillBonus(player=0, card="boost.2", stack="boost", payment=("boost.1", "boost.1"))
    state, _ = run(just_killed_a_unit(Rules(), ["boost.1"] * 3), bonus)
    assert "boost.2" in state.players[0].stacks.boost
    dearer = just_killed_a_unit(Rules(mark2_bonus_cost_after_kill=3), ["boost.1"] * 3)
    assert engine.kill_bonus_cost(dearer, 0, 2) == 3
    with pytest.raises(IllegalAction, match="costs 3"):
        engine.apply(dearer, bonus)


def test_mark3_bonus_cost_is_the_price_without_a_kill() -> None:
    # 003 6.E.II: "Spend 5 Credits from this stack to draw one Mk. III Tower."
    bonus = KillBonus(player=0, card="standard.3", stack="build", payment=("boost.1",) * 5)
    state, events = run(fight(Rules(), stacks={0: {"kill": ["boost.1"] * 5}}), bonus)
    assert state.players[0].stacks.build == ("standard.3",)
    assert "Player 1 pays 5 credit(s) for a Mark III Standard Tower and puts it on the Build / Upgrade stack." in (
        sentences(events)
    )
    dearer = fight(Rules(mark3_bonus_cost=6), stacks={0: {"kill": ["boost.1"] * 5}})
    with pytest.raises(IllegalAction, match="costs 6"):
        engine.apply(dearer, bonus)


def test_mark3_bonus_cost_after_kill_is_the_price_right_after_a_wave_falls() -> None:
    # 003 6.E.II: "Decrease this cost to 4 Credits if you have just defeated a Wave."
    def wave_just_defeated(rules: Rules) -> GameState:
        state = fight(
            rules,
            waves=(FieldWave(id="rank1.example", number=1, space=3), FAR_WAVE),
            towers=(Tower(card="standard.1", at=(3, 0), owner=0, level=2),),
            stacks={0: {"kill": ["boost.1"] * 4}},
        )
        state, events = run(state, Attack(player=0, at=(3, 0), wave="rank1.example"))
        assert "WaveDefeated" in [e.kind for e in events]
        return state

    bonus = KillBonus(player=0, card="standard.3", stack="build", payment=("boost.1",) * 4)
    state, _ = run(wave_just_defeated(Rules()), bonus)
    assert state.players[0].stacks.build == ("standard.3",)
    dearer = wave_just_defeated(Rules(mark3_bonus_cost_after_kill=5))
    assert engine.kill_bonus_cost(dearer, 0, 3) == 5
    with pytest.raises(IllegalAction, match="costs 5"):
        engine.apply(dearer, bonus)


def test_condition_credits_is_what_a_completed_condition_is_worth() -> None:
    # 003 6.H: "The completed Game Condition is worth 2 Universal Credits."
    def condition_met(rules: Rules) -> GameState:
        state = fight(
            rules,
            waves=(FieldWave(id="rank1.walker", number=1, space=3), FAR_WAVE),
            towers=(Tower(card="standard.1", at=(3, 0), owner=0, level=3),),
            condition={"id": "fog", "progress": 1},
            stacks={1: {"build": ["standard.1"]}},
        )
        state, _ = run(state, Attack(player=0, at=(3, 0), wave="rank1.walker"))
        return state

    fog = catalog.condition("fog").name
    build = Build(player=1, card="standard.1", at=(2, 0), payment=("condition.fog",))
    for worth in (2, 1):
        state, events = run(condition_met(Rules(condition_credits=worth)), CompleteCondition(player=1, stack="build"))
        assert (
            f"Player 2 completes {fog}: its effects end, and it is worth {worth} Universal credits on the "
            "Build / Upgrade stack." in sentences(events)
        )
        assert "condition.fog" in state.players[1].stacks.build
        if worth == 2:  # a Mark I Standard Tower costs 2
            state, _ = run(state, build)
            assert state.tower_at((2, 0)) is not None
        else:
            with pytest.raises(IllegalAction, match="costs 2"):
                engine.apply(state, build)


def test_tough_extra_hit_points_are_added_to_a_tough_unit() -> None:
    # Unit attribute 'tough': "This Unit may be treated as though it had 2 additional Hit Points."
    # The tough unit has 6 HP; the Level 4 Standard tower deals 7.
    for extra, defeated in ((2, False), (1, True)):
        state = fight(
            Rules(tough_extra_hit_points=extra),
            waves=(FieldWave(id="rank1.b", number=1, space=3, defeated=1), FAR_WAVE),
            towers=(Tower(card="standard.1", at=(3, 0), owner=0, level=4),),
        )
        _, events = run(state, Attack(player=0, at=(3, 0), wave="rank1.b"))
        event = attacked(events)
        assert (event.damage, event.hit_points, event.defeated) == (7, 6 + extra, defeated)


def test_restored_track_is_how_many_pieces_a_restorer_gives_back() -> None:
    # Unit attribute 'restorer': "After defeating this Unit, choose any 3 Track from the Track Discard."
    for restored in (3, 1):
        state = fight(
            Rules(restored_track=restored),
            board=examples.snake_board(discarded=("A10", "A11", "A12", "A13")),
            waves=(FieldWave(id="rank3.b", number=1, space=3, defeated=1), FAR_WAVE),
            towers=(Tower(card="standard.1", at=(3, 0), owner=0, level=3),),
        )
        state, events = run(state, Attack(player=0, at=(3, 0), wave="rank3.b"))
        assert f"Player 1 may place {restored} discarded track piece(s) back on the field." in sentences(events)
        assert state.restore_left == restored and state.restorer == 0


def test_elusive_extra_range_is_added_to_the_range_needed() -> None:
    # Unit attribute 'elusive': "When attacking this Unit, a Tower needs 1 additional Range to hit this Unit."
    # A2 is 2 spaces from the Standard tower, whose Range is 2: the refusal says 2 spaces (the distance), and
    # puts the additional Range the elusive unit needs in the reason.
    attack = Attack(player=0, at=(3, 0), wave="rank1.c")
    waves = (FieldWave(id="rank1.c", number=1, space=2), FAR_WAVE)
    with pytest.raises(IllegalAction) as refused:
        engine.apply(fight(Rules(), waves=waves), attack)
    assert str(refused.value) == (
        "Rank 1 wave C is 2 spaces away and its elusive unit needs 1 additional Range, so the attack needs "
        "Range 3; the Range is 2 (rule towers.range)"
    )
    with pytest.raises(IllegalAction, match=r"is 2 spaces away and its elusive unit needs 2 additional Range, so"):
        engine.apply(fight(Rules(elusive_extra_range=2), waves=waves), attack)
    _, events = run(fight(Rules(elusive_extra_range=0), waves=waves), attack)
    assert attacked(events).defeated


# ---- interpretations -------------------------------------------------------------------------------------
def test_wave_movement_reads_the_visible_unit_or_unit_1(monkeypatch: pytest.MonkeyPatch) -> None:
    # 003: "Each enemy Unit of a Wave has Movement. Movement is the quantity of Track spaces that a Wave
    # travels each turn." No printed wave's units differ in Movement, so a designer's wave shows it:
    # unit 1 moves 3, unit 2 moves 5, and unit 1 is defeated.
    printed = catalog.waves()
    designed = WaveSpec(
        id="rank1.mixed",
        name="Mixed wave",
        rank=1,
        units=(UnitSpec(hit_points=5, movement=3), UnitSpec(hit_points=6, movement=5)),
        source="a designer's wave for this test",
        assumed=True,
    )
    monkeypatch.setattr(catalog, "waves", lambda: {**printed, designed.id: designed})
    for reading, end in (("current_unit", 7), ("first_unit", 5)):
        state = examples.position(
            rules=Rules(wave_movement=reading),
            waves=(FieldWave(id="rank1.mixed", number=1, space=2, defeated=1),),
            upcoming=(("rank1.b",),),
            turn=2,
            phase="movement",
        )
        _, events = run(state, NextPhase())
        (moved,) = [e for e in events if isinstance(e, WaveMoved)]
        assert (moved.start, moved.end, moved.movement) == (2, end, end - 2), reading


def test_modifier_hit_points_from_the_wave_number_or_the_rank() -> None:
    # 003 phase 2: "Wave Modifiers have Hit Points equal to 2 + Wave Modifier Difficulty + Wave Number."
    # 6.G: "a flat amount plus the Rank of the Wave it is modifying" - a Rank 3 wave called first, with a
    # Difficulty 3 modifier: 2 + 3 + 1 = 6, or 2 + 3 + 3 = 8, against 7 damage.
    for reading, hit_points in (("wave_number", 6), ("rank", 8)):
        state = fight(
            Rules(modifier_hit_points_from=reading),
            waves=(FieldWave(id="rank3.a", number=1, space=3, modifier="rushing"),),
            towers=(Tower(card="standard.1", at=(3, 0), owner=0, level=4),),
        )
        state, events = run(state, Attack(player=0, at=(3, 0), wave="rank3.a", target="modifier"))
        event = attacked(events)
        assert (event.damage, event.hit_points, event.defeated) == (7, hit_points, hit_points <= 7), reading
        assert (state.waves[0].modifier is None) == (hit_points <= 7)


def test_universal_credit_matches_gives_a_universal_pair_the_matching_bonus() -> None:
    # 003 6.C.II: "If the discarded Credits are of the same Credit Type, and the chosen Tower is of the same
    # type add 1 additional damage" - a completed condition is 2 Universal credits: 4 + 2 = 6 by default,
    # 4 + 2 + 1 = 7 when a Universal credit counts as the tower's type.
    for matches, damage in ((False, 6), (True, 7)):
        state = fight(Rules(universal_credit_matches=matches), stacks={0: {"boost": ["condition.fog"]}})
        state, events = run(
            state,
            Boost(player=0, at=(3, 0), card="condition.fog"),
            Attack(player=0, at=(3, 0), wave="rank1.example"),
        )
        assert [e.damage for e in events if isinstance(e, Boosted)] == [damage]
        assert attacked(events).damage == damage


def test_one_opportunity_per_kill_closes_it_after_a_kill_bonus() -> None:
    # 003 6.E: "If any player performs any other action after the Unit is killed, this Kill Bonus
    # opportunity may not be taken for this killed Unit."
    bonus = KillBonus(player=0, card="boost.2", stack="boost", payment=("boost.1", "boost.1"))
    convert = Convert(player=0, payment=("boost.1",))
    state, _ = run(just_killed_a_unit(Rules(), ["boost.1"] * 3), bonus)
    with pytest.raises(IllegalAction, match="convert credits only right after you defeat a Unit"):
        engine.apply(state, convert)
    state, _ = run(just_killed_a_unit(Rules(one_opportunity_per_kill=False), ["boost.1"] * 3), bonus)
    state, events = run(state, convert)
    assert "Player 1 discards 1 credit(s) and draws 1 Mark I credit(s)." in sentences(events)
    assert state.reveal_left == 1 and state.dividing == 0
