"""Scenario tests of the Tower Defense engine, each citing the sentence of seed 003 it checks."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from rules.core.errors import IllegalAction
from rules.core.protocol import CHANCE
from rules.tower_defense import catalog, engine, examples
from rules.tower_defense.actions import (
    Attack,
    Boost,
    Build,
    ChooseStartingPlayer,
    CombineAttack,
    CompleteCondition,
    Convert,
    EndActions,
    KillBonus,
    NextPhase,
    PlaceSkillMarker,
    RevealCondition,
    RevealCredit,
    RevealModifier,
    Sell,
    TakeCredit,
    Upgrade,
)
from rules.tower_defense.events import Attacked, WaveCalled
from rules.tower_defense.metadata import Termination
from rules.tower_defense.model import ActiveCondition, FieldWave, GameState, Tower
from rules.tower_defense.variants import Rules


def run(state: GameState, *actions: Any) -> tuple[GameState, list[Any]]:
    events: list[Any] = []
    for a in actions:
        state, evs = engine.apply(state, a)
        events += evs
    return state, events


def resolve_chance(state: GameState) -> GameState:
    """Take the first outcome of every chance node, and the first credit to the build stack."""
    while engine.current_player(state) == CHANCE or state.revealed:
        if engine.current_player(state) == CHANCE:
            state, _ = engine.apply(state, engine.chance_outcomes(state).outcomes()[0])
        else:
            who = engine.current_player(state)
            assert who is not None
            state, _ = engine.apply(state, TakeCredit(player=who, card=state.revealed[0], stack="build"))
    return state


def fight(**fields: Any) -> GameState:
    """Two players in Phase 6 with a Mark I Standard tower of player 1 on (3, 0), next to A3 and A4."""
    data: dict[str, Any] = {
        "towers": (Tower(card="standard.1", at=(3, 0), owner=0),),
        "waves": (FieldWave(id="rank1.example", number=1, space=3),),
        "phase": "actions",
    }
    data.update(fields)
    return examples.position(**data)


# ---- set up and the turn tracker ----------------------------------------------------------------------
def test_set_up_draws_the_starting_player_then_eight_credits() -> None:
    # 003 4.E: "Randomly give 1 player the Starting Player Marker. Reveal the top (X) Mark I Credits ...
    # Players choose 1 credit beginning with the Starting Player and continuing clockwise."
    state = examples.new_session()
    assert engine.current_player(state) == CHANCE
    assert engine.chance_outcomes(state)[ChooseStartingPlayer(player=1)] == Fraction(1, 2)
    state, _ = engine.apply(state, ChooseStartingPlayer(player=1))
    assert state.reveal_left == 8
    assert engine.chance_outcomes(state)[RevealCredit(card="boost.1")] == Fraction(1, 4)
    for _ in range(8):
        state, _ = engine.apply(state, RevealCredit(card=state.mark1_deck[0]))
    takers = []
    while state.revealed:
        who = engine.current_player(state)
        takers.append(who)
        with pytest.raises(IllegalAction):
            engine.apply(state, TakeCredit(player=1 - who, card=state.revealed[0], stack="build"))
        state, _ = engine.apply(state, TakeCredit(player=who, card=state.revealed[0], stack="build"))
    assert takers == [1, 0, 1, 0, 1, 0, 1, 0]
    # "Place the Starting Player Marker in front of the player that would next receive a credit"
    assert state.starting_player == 1
    assert state.phase == "tracker" and state.turn == 1


def test_waves_are_called_on_turns_1_4_7() -> None:
    # 003 3.A.IX: "Call in Wave 1 During Turn 1. Call in a new Wave every 3 turns (1, 4, 7, 10, 13, ...)."
    rules = Rules()
    assert [t for t in range(1, 30) if engine.calls_wave(rules, t)] == [1, 4, 7, 10, 13, 16, 19, 22, 25, 28]
    # "Set it to Position 2 for Turn 1 ... Position 3 during Turn 2 ... Position 4 during Turn 3 ... back
    # to Position 2 during Turn 4 ... never putting the L-Hex in Position 1."
    assert [engine.tracker_position(rules, t) for t in range(1, 8)] == [2, 3, 4, 2, 3, 4, 2]
    state = resolve_chance(engine.apply(examples.new_session(), ChooseStartingPlayer(player=0))[0])
    called: dict[int, list[str]] = {}
    while state.turn <= 7:
        turn = state.turn
        state, events = engine.apply(state, NextPhase() if state.phase != "actions" else EndActions())
        called.setdefault(turn, []).extend(e.wave for e in events if isinstance(e, WaveCalled))
        state = resolve_chance(state)
        if state.phase == "game_over":
            break
    assert {t: w for t, w in called.items() if w} == {
        1: ["rank1.b"],
        4: ["rank2.a", "rank2.b"],
        7: ["rank3.a"],
    }


def test_even_waves_come_in_pairs_on_b0_with_a_modifier_each() -> None:
    # 003 phase 2: "Even numbered Waves are called in pairs at the same time. Place both Waves on Track
    # Space 0." and "Place a Wave Modifier on each Wave."
    state = examples.position(
        upcoming=(("rank2.a", "rank2.b"),),
        waves_called=1,
        turn=4,
        phase="waves",
        modifier_pile=("hardened", "swift", "fortified"),
    )
    state, _events = engine.apply(state, NextPhase())
    assert [(w.id, w.track, w.space, w.number) for w in state.waves] == [
        ("rank2.a", "B", 0, 2),
        ("rank2.b", "B", 0, 2),
    ]
    assert engine.current_player(state) == CHANCE
    # the lowest level is on top: only the two level 1 modifiers can come first
    assert set(engine.chance_outcomes(state).outcomes()) == {
        RevealModifier(modifier="hardened"),
        RevealModifier(modifier="swift"),
    }
    state, _ = run(state, RevealModifier(modifier="swift"), RevealModifier(modifier="hardened"))
    assert [w.modifier for w in state.waves] == ["swift", "hardened"]


def test_a_condition_modifier_reveals_a_condition_and_is_replaced() -> None:
    # 003 phase 2: "If a "Draw 1 Game Condition" Wave modifier is revealed, draw 1 Game Condition, then
    # draw a new Wave Condition for that Wave. Discard that Wave Modifier and place a new Wave Modifier."
    state = examples.position(
        upcoming=(("rank1.c",),),
        turn=1,
        phase="waves",
        modifier_pile=("hardened", "omen"),
        condition_pile=("fog",),
    )
    state, _ = run(state, NextPhase(), RevealModifier(modifier="omen"))
    assert engine.chance_outcomes(state).outcomes() == (RevealCondition(condition="fog"),)
    state, _ = run(state, RevealCondition(condition="fog"), RevealModifier(modifier="hardened"))
    assert state.condition == ActiveCondition(id="fog")
    assert state.modifier_discard == ("omen",) and state.waves[0].modifier == "hardened"


def test_an_empty_modifier_pile_gives_no_modifier_and_a_condition() -> None:
    # 003 3.A.V: "If this pile is depleted and a Wave Modifier is required, instead place a No Wave
    # Modifier on that Wave and reveal a Game Condition."
    state = examples.position(upcoming=(("rank1.c",),), turn=1, phase="waves", condition_pile=("storm",))
    state, _ = run(state, NextPhase())
    assert state.waves[0].modifier is None
    assert engine.chance_outcomes(state).outcomes() == (RevealCondition(condition="storm"),)


def test_energize_removes_one_depletion() -> None:
    # 003 phase 4: "Remove one Depletion Marker from each Tower. If a Tower has 2+ Depletion Markers, only
    # remove 1 Depletion Marker."
    state = fight(
        phase="energize",
        towers=(
            Tower(card="standard.1", at=(3, 0), owner=0, depletion=2),
            Tower(card="standard.1", at=(4, 0), owner=1, depletion=1),
        ),
    )
    state, _ = run(state, NextPhase())
    assert [t.depletion for t in state.towers] == [1, 0]


def test_income_reveals_four_credits_taken_in_turn() -> None:
    # 003 phase 5: "Reveal the top (4) Mark I Credits ... Players choose 1 credit beginning with the
    # Starting Player and continuing clockwise." 3 players: 2 for the Starting Player, 1 each for the others.
    state = examples.position(players=3, phase="income", starting_player=1)
    state, _ = run(state, NextPhase())
    assert state.reveal_left == 4 and engine.current_player(state) == CHANCE
    state = resolve_chance(state)
    assert [len(p.stacks.build) for p in state.players] == [1, 2, 1]
    assert state.starting_player == 2
    # "All credits must be assigned to Stacks before proceeding to Phase 6." (checked while waiting)
    waiting = examples.position(players=2, phase="actions", revealed=("boost.1",), chooser=0)
    with pytest.raises(IllegalAction, match="assigned to Stacks"):
        engine.apply(waiting, EndActions())


# ---- Phase 6 ------------------------------------------------------------------------------------------
def test_build_on_an_unoccupied_space_with_a_depletion() -> None:
    # 003 6.A.I: "Discard a number of Credits from the Build / Upgrade Stack equal to the Tower's Build
    # cost. Place the Built Tower in any unoccupied space ... Put a Depletion Marker on newly built Towers."
    state = fight(stacks={0: {"build": ["standard.1", "boost.1", "charge.1"]}})
    with pytest.raises(IllegalAction, match="occupied"):
        engine.apply(state, Build(player=0, card="standard.1", at=(2, 1), payment=("boost.1", "charge.1")))
    with pytest.raises(IllegalAction, match="costs 2"):
        engine.apply(state, Build(player=0, card="standard.1", at=(2, 0), payment=("boost.1",)))
    state, _ = run(state, Build(player=0, card="standard.1", at=(2, 0), payment=("boost.1", "charge.1")))
    assert state.tower_at((2, 0)) == Tower(card="standard.1", at=(2, 0), owner=0, level=1, depletion=1)
    assert state.players[0].stacks.build == () and state.mark1_discard == ("boost.1", "charge.1")


def test_upgrade_only_your_own_tower_with_energy_up_to_level_4() -> None:
    # 003 6.A.II: "Choose a Tower with Energy. ... Level 4 is the maximum Level of all Towers. ... a player
    # may not upgrade another player's Tower."
    state = fight(stacks={0: {"build": ["boost.1", "boost.1"]}, 1: {"build": ["boost.1"]}})
    with pytest.raises(IllegalAction, match="another player's Tower"):
        engine.apply(state, Upgrade(player=1, at=(3, 0), payment=("boost.1",)))
    state, _ = run(state, Upgrade(player=0, at=(3, 0), payment=("boost.1",)))
    assert state.tower_at((3, 0)) == Tower(card="standard.1", at=(3, 0), owner=0, level=2, depletion=1)
    with pytest.raises(IllegalAction, match="Depletion"):
        engine.apply(state, Upgrade(player=0, at=(3, 0), payment=("boost.1",)))
    top = fight(towers=(Tower(card="standard.1", at=(3, 0), owner=0, level=4),), stacks={0: {"build": ["boost.1"]}})
    with pytest.raises(IllegalAction, match="level 4"):
        engine.apply(top, Upgrade(player=0, at=(3, 0), payment=("boost.1",)))


def test_sell_draws_the_sell_value_in_mark_i_credits() -> None:
    # 003 6.B: "Choose a Tower without Depletion. ... Discard the Tower and draw a number of Mk. I Credits
    # equal to that Tower's Sell Value. Divide those Credits among any of your Stacks."
    state = fight(towers=(Tower(card="standard.1", at=(3, 0), owner=0, level=3),))
    state, _ = run(state, Sell(player=0, at=(3, 0)))
    assert state.towers == () and state.reveal_left == 1 and state.dividing == 0
    state, _ = run(state, RevealCredit(card="charge.1"), TakeCredit(player=0, card="charge.1", stack="kill"))
    assert state.players[0].stacks.kill == ("charge.1",) and state.mark1_discard == ("standard.1",)


def test_boost_a_radius_tower_is_illegal() -> None:
    state = fight(towers=(Tower(card="combine.1", at=(3, 0), owner=0),), stacks={0: {"boost": ["boost.1"]}})
    with pytest.raises(IllegalAction, match="may not be Boosted"):
        engine.apply(state, Boost(player=0, at=(3, 0), card="boost.1"))


def test_a_single_attack_must_meet_the_hit_points_and_nothing_carries_over() -> None:
    # 003 6.G: "To defeat a Unit in a Wave, the Tower must match or exceed the Unit's Hit Points (HP) in a
    # single attack." "Two or more attacks from Towers, one action after another, cannot be used to deal
    # combined damage to defeat a Unit."
    towers = (Tower(card="boost.1", at=(3, 0), owner=0), Tower(card="charge.1", at=(3, 2), owner=1))
    state = fight(towers=towers)  # the example unit has 5 HP; 1 and 3 damage
    state, events = run(
        state,
        Attack(player=0, at=(3, 0), wave="rank1.example"),
        Attack(player=1, at=(3, 2), wave="rank1.example"),
    )
    assert [e.defeated for e in events if isinstance(e, Attacked)] == [False, False]
    assert state.wave("rank1.example") is not None and state.wave("rank1.example").defeated == 0  # type: ignore[union-attr]
    assert [t.depletion for t in state.towers] == [1, 1]


def test_defeating_the_last_unit_defeats_the_wave_and_wins() -> None:
    # 003 6.G: "After the last Unit of a Wave is defeated, the Wave is considered defeated and is removed
    # from the Playing Field." Victory: "after all Waves have been called, and all Waves are either
    # destroyed or have reached the end of the Track."
    strong = fight(towers=(Tower(card="standard.1", at=(3, 0), owner=0, level=2),))
    state, _events = run(strong, Attack(player=0, at=(3, 0), wave="rank1.example"))
    assert state.waves == () and state.phase == "game_over"
    assert engine.outcome(state).termination == Termination.VICTORY  # type: ignore[union-attr]


def test_attack_needs_range_and_your_own_tower() -> None:
    # 003 6.G: "Choose a Tower with your Player Marker that has Energy. Choose an enemy Wave within Range"
    state = fight(waves=(FieldWave(id="rank1.example", number=1, space=9),))
    with pytest.raises(IllegalAction, match="Range is 2"):
        engine.apply(state, Attack(player=0, at=(3, 0), wave="rank1.example"))
    with pytest.raises(IllegalAction, match="Player Marker"):
        engine.apply(fight(), Attack(player=1, at=(3, 0), wave="rank1.example"))


def test_attack_the_wave_modifier() -> None:
    # 003 6.G: "Wave Modifiers may also be attacked. ... When a Wave Modifier is defeated, flip the Wave
    # Modifier to the No Wave Modifier side, and the Wave loses all abilities granted by the Wave Modifier."
    state = fight(
        waves=(FieldWave(id="rank1.walker", number=1, space=3, modifier="hardened"),),
        towers=(Tower(card="standard.1", at=(3, 0), owner=0, level=2),),
    )
    state, events = run(state, Attack(player=0, at=(3, 0), wave="rank1.walker", target="modifier"))
    attacked = next(e for e in events if isinstance(e, Attacked))
    assert (attacked.damage, attacked.hit_points, attacked.defeated) == (5, 4, True)
    assert state.waves[0].modifier is None and state.modifier_discard == ("hardened",)


def test_combine_attack() -> None:
    # 003 6.D: "Find the greatest range of those two Towers ... dealing damage equal to the combined damage
    # of the two towers. ... Add a Depletion Marker to both combined Towers and the Combine Tower."
    towers = (
        Tower(card="combine.1", at=(4, 0), owner=0),
        Tower(card="boost.1", at=(5, 0), owner=1),
        Tower(card="charge.1", at=(3, 0), owner=0),
    )
    state = fight(towers=towers, stacks={0: {"combine": ["standard.1"]}})
    action = CombineAttack(player=0, at=(4, 0), towers=((5, 0), (3, 0)), wave="rank1.example", payment=("standard.1",))
    assert action in engine.legal_actions(state)
    state, events = run(state, action)
    attacked = next(e for e in events if isinstance(e, Attacked))
    assert (attacked.damage, attacked.defeated) == (4, False)
    assert [t.depletion for t in state.towers] == [1, 1, 1]


def test_a_combine_attack_is_made_by_the_combine_towers_owner() -> None:
    # 003 6.G: "Choose a Tower with your Player Marker" read for the Combine Tower too (Rules.combine_own_tower_only);
    # 6.D names no owner ("choose a Combine Tower"): the other reading lets any player make its Combine Attack.
    towers = (
        Tower(card="combine.1", at=(4, 0), owner=1),
        Tower(card="boost.1", at=(5, 0), owner=1),
        Tower(card="charge.1", at=(3, 0), owner=0),
    )
    action = CombineAttack(player=0, at=(4, 0), towers=((5, 0), (3, 0)), wave="rank1.example", payment=("standard.1",))
    state = fight(towers=towers, stacks={0: {"combine": ["standard.1"]}})
    assert action not in engine.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="Choose a Tower with your Player Marker"):
        engine.apply(state, action)
    anyone = fight(towers=towers, stacks={0: {"combine": ["standard.1"]}}, rules=Rules(combine_own_tower_only=False))
    assert action in engine.legal_actions(anyone, 0)
    after, _ = run(anyone, action)
    assert [t.depletion for t in after.towers] == [1, 1, 1]


def test_kill_bonus_is_cheaper_right_after_a_kill() -> None:
    # 003 6.E.I: "Spend 3 Credits from this stack to draw one Mk. II Tower. ... Decrease this cost to 2
    # Credits if you have just defeated a Unit. If any player performs any other action after the Unit
    # is killed, this Kill Bonus opportunity may not be taken for this killed Unit."
    waves = (FieldWave(id="rank1.walker", number=1, space=3), FieldWave(id="rank3.a", number=3, space=20))
    state = fight(
        waves=waves,
        towers=(Tower(card="standard.1", at=(3, 0), owner=0, level=3),),
        stacks={0: {"kill": ["boost.1", "boost.1", "boost.1"], "boost": ["charge.1"]}},
    )
    assert engine.kill_bonus_cost(state, 0, 2) == 3
    after, _ = run(state, Attack(player=0, at=(3, 0), wave="rank1.walker"))
    assert engine.kill_bonus_cost(after, 0, 2) == 2 and engine.kill_bonus_cost(after, 1, 2) == 3
    taken, _ = run(after, KillBonus(player=0, card="boost.2", stack="boost", payment=("boost.1", "boost.1")))
    assert "boost.2" in taken.players[0].stacks.boost
    late = after.replace(actions_taken=after.actions_taken + 1)
    with pytest.raises(IllegalAction, match="costs 3"):
        engine.apply(late, KillBonus(player=0, card="boost.2", stack="boost", payment=("boost.1", "boost.1")))
    with pytest.raises(IllegalAction, match="right after"):
        engine.apply(late, Convert(player=0, payment=("boost.1",)))


def test_conversion_after_a_kill() -> None:
    # 003 6.E.III: "Discard any number of Credits from this stack if you have just defeated a Unit. Draw
    # Mk. I Credits equal to the quantity of discarded Credits."
    waves = (FieldWave(id="rank1.walker", number=1, space=3), FieldWave(id="rank3.a", number=3, space=20))
    state = fight(
        waves=waves,
        towers=(Tower(card="standard.1", at=(3, 0), owner=0, level=3),),
        stacks={0: {"kill": ["boost.1", "charge.2"]}},
    )
    state, _ = run(state, Attack(player=0, at=(3, 0), wave="rank1.walker"), Convert(player=0, payment=("charge.2",)))
    assert state.reveal_left == 2 and state.dividing == 0 and "charge.2" in state.mark2_pile


def test_skill_markers_are_paid_and_limited_to_four() -> None:
    # 003 6.F: "Each player starts with 4 Player Skill Markers." Skills: "a player must pay 1 credit of any
    # type for each Universal Energy symbol before placing their Skill Marker on that slot."
    state = fight(stacks={0: {"build": ["boost.1"]}})
    with pytest.raises(IllegalAction, match="costs 1"):
        engine.apply(state, PlaceSkillMarker(player=0, skill="mat.3"))
    state, _ = run(
        state,
        PlaceSkillMarker(player=0, skill="mat.3", payment=("boost.1",)),
        PlaceSkillMarker(player=0, skill="mat.1"),
        PlaceSkillMarker(player=0, skill="mat.2"),
        PlaceSkillMarker(player=1, skill="mat.1"),
    )
    assert state.skill_markers_left(0) == 1 and state.skill_markers_left(1) == 3
    with pytest.raises(IllegalAction, match="not empty"):
        engine.apply(state, PlaceSkillMarker(player=0, skill="mat.1"))


def test_complete_a_game_condition_right_after_meeting_it() -> None:
    # 003 6.H: "Players may choose to discard the Game Condition at any point during Phase 6 as an action, if
    # the Game Condition requirement has been met." and "The completed Game Condition is worth 2 Universal
    # Credits."
    waves = (FieldWave(id="rank1.walker", number=1, space=3), FieldWave(id="rank3.a", number=3, space=20))
    state = fight(
        waves=waves,
        towers=(Tower(card="standard.1", at=(3, 0), owner=0, level=3),),
        condition={"id": "fog", "progress": 1},
        conditions_waiting=("storm",),
    )
    state, _ = run(state, Attack(player=0, at=(3, 0), wave="rank1.walker"))
    assert engine.condition_ready(state, 0) and engine.condition_ready(state, 1)
    done, _ = run(state, CompleteCondition(player=1, stack="build"))
    assert done.players[1].stacks.build == ("condition.fog",) and done.condition == ActiveCondition(id="storm")


def _condition_met_then_player_2_boosts(rules: Rules) -> GameState:
    """Player 1's tower defeats the unit that meets Fog's requirement; then Player 2 boosts their own tower."""
    state = fight(
        towers=(
            Tower(card="standard.1", at=(3, 0), owner=0, level=2),
            Tower(card="standard.1", at=(5, 0), owner=1),
        ),
        waves=(FieldWave(id="rank1.example", number=1, space=4), FieldWave(id="rank3.c", number=3, space=6)),
        condition={"id": "fog", "progress": 1},
        stacks={1: {"boost": ["charge.1"]}},
        rules=rules,
    )
    state, _ = run(state, Attack(player=0, at=(3, 0), wave="rank1.example"))
    assert state.condition is not None and state.condition.met_at == state.actions_taken
    state, _ = run(state, Boost(player=1, at=(5, 0), card="charge.1"))
    return state


def test_an_action_after_the_requirement_is_met_bars_only_the_player_who_acted() -> None:
    # 003 6.H: "If a player chooses to perform any action after the Game Condition requirement is complete,
    # that player may not discard the Game Requirement until the requirement has been completed again"
    state = _condition_met_then_player_2_boosts(Rules())
    assert state.condition is not None and state.condition.barred == (1,)
    with pytest.raises(IllegalAction, match="Player 2 performed an action after the requirement of Fog was met"):
        engine.apply(state, CompleteCondition(player=1, stack="build"))
    assert CompleteCondition(player=0, stack="build") in engine.legal_actions(state, 0)
    assert not any(isinstance(a, CompleteCondition) for a in engine.legal_actions(state, 1))
    done, _ = run(state, CompleteCondition(player=0, stack="kill"))
    assert done.players[0].stacks.kill == ("condition.fog",) and done.condition is None


def test_the_requirement_met_again_opens_the_completion_to_every_player() -> None:
    # 003 6.H: "... until the requirement has been completed again": Fog needs 2 units; once it is met, two more
    # defeated units complete it again, and Player 2 (barred by an action since) may complete it then.
    state = fight(
        towers=(
            Tower(card="standard.1", at=(3, 0), owner=1, level=2),
            Tower(card="standard.1", at=(5, 0), owner=1, level=2),
        ),
        waves=(FieldWave(id="rank1.example", number=1, space=4), FieldWave(id="rank1.c", number=3, space=6)),
        upcoming=(("rank5.a",),),
        condition={"id": "fog", "progress": 2, "met_at": 1, "barred": [1]},
        actions_taken=2,
    )
    state, _ = run(state, Attack(player=1, at=(3, 0), wave="rank1.example"))
    assert state.condition == ActiveCondition(id="fog", progress=1, met_at=1, barred=(1,))
    assert engine.condition_ready(state, 0) and not engine.condition_ready(state, 1)
    state, _ = run(state, Attack(player=1, at=(5, 0), wave="rank1.c"))
    assert state.condition == ActiveCondition(id="fog", progress=2, met_at=4)
    assert engine.condition_ready(state, 0) and engine.condition_ready(state, 1)


def test_the_other_reading_closes_the_completion_after_any_action() -> None:
    # Rules.condition_closes='after_any_action': the next action, by anyone, closes it for everyone.
    state = _condition_met_then_player_2_boosts(Rules(condition_closes="after_any_action"))
    for player in (0, 1):
        assert not engine.condition_ready(state, player)
        with pytest.raises(IllegalAction, match="closes its completion for every player"):
            engine.apply(state, CompleteCondition(player=player, stack="build"))


def test_phase_6_actions_are_only_in_phase_6() -> None:
    with pytest.raises(IllegalAction, match="Phase 6"):
        engine.apply(fight(phase="movement"), Attack(player=0, at=(3, 0), wave="rank1.example"))
    with pytest.raises(IllegalAction, match="all players agree"):
        engine.apply(fight(), NextPhase())


def test_failure_when_the_lives_are_lost() -> None:
    # 003 3.C: "If the last Life Cube is removed, the game ends in defeat."
    state = examples.position(waves=(FieldWave(id="rank4.a", number=1, space=24),), phase="movement", lives=1)
    state, _ = run(state, NextPhase())
    assert engine.outcome(state).termination == Termination.LIVES_LOST  # type: ignore[union-attr]


def test_must_be_attacked_destroys_the_track_at_the_end_of_phase_6() -> None:
    # 003: "If at least 1 Tower does not attack this Unit by the end of Phase 6, destroy the Track beneath
    # the Wave. The Wave advances to the next available empty Track."
    wave_id, index = next(
        (w.id, i)
        for w in catalog.waves().values()
        for i, u in enumerate(w.units)
        if u.has("must_be_attacked") and w.rank % 2
    )
    state = fight(waves=(FieldWave(id=wave_id, number=1, space=3, defeated=index),), upcoming=(("rank3.b",),))
    after, _ = run(state, EndActions())
    assert after.board.track_discard == ("A3",) and after.waves[0].space == 4
    attacked, _ = run(state, Attack(player=0, at=(3, 0), wave=wave_id), EndActions())
    assert attacked.board.track_discard == () or attacked.waves == ()


def test_a_wave_on_a_track_space_not_laid_cannot_be_attacked() -> None:
    # 003 Phase 2: "Track Space 0 does not have to occupy an area on the Playing Field." A reverse wave starts on
    # its space 26, which the snake field does not lay either.
    state = fight(waves=(FieldWave(id="rank5.c", number=5, space=26),), waves_called=5)
    with pytest.raises(IllegalAction, match="Rank 5 wave C is on track space 26, which is not laid on the field"):
        engine.apply(state, Attack(player=0, at=(3, 0), wave="rank5.c"))


@pytest.mark.parametrize(
    "action",
    [
        Boost(player=-4, at=(3, 0), card="standard.1"),
        KillBonus(player=-1, card="boost.2", stack="build", payment=("boost.1", "boost.1", "combine.1")),
    ],
)
def test_a_negative_player_is_refused_not_read_from_the_end(action: Any) -> None:
    """setup.1: the players are those at the table; -1 once took the last player's credits."""
    with pytest.raises(IllegalAction, match=r"names nobody: this game's 4 players are numbered 0 to 3"):
        engine.apply(examples.example("busy-board"), action)
