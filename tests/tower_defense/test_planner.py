"""The planner policy: it only ever chooses legal actions, finishes seeded sessions, wins far more often
than the random policy, and makes the plays its parts promise (Combine towers beside strong towers, a
kill's opportunity, ignoring a tough unit's extra Hit Points, the game condition)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules import cli
from rules.core.chance import ChanceSampler
from rules.core.ladder import game_seed
from rules.core.playout import play_out
from rules.tower_defense import engine, examples
from rules.tower_defense.actions import Attack, Build, CompleteCondition, KillBonus, TakeCredit
from rules.tower_defense.game import GAME
from rules.tower_defense.model import ActiveCondition, FieldWave, GameState, KillWindow, Tower
from rules.tower_defense.places import distance
from rules.tower_defense.policies import LADDER, POLICIES, PlannerPolicy, policy
from rules.tower_defense.policies.appraisal import Appraisal, pay
from rules.tower_defense.policies.credits import stack_for
from rules.tower_defense.policies.outlook import outlook
from rules.tower_defense.variants import Rules


class Checked:
    """The planner, asserting that every action it chooses is among the engine's legal actions."""

    name = "checked planner"

    def __init__(self) -> None:
        self.inner = PlannerPolicy()
        self.choices = 0

    def choose(self, state: GameState, sampler: ChanceSampler, player: int) -> Any:
        action = self.inner.choose(state, sampler, player)
        assert action in engine.legal_actions(state), f"illegal choice {action!r} on turn {state.turn}"
        self.choices += 1
        return action


def session(name: str, players: int, seed: int, turn_limit: int = 60) -> GameState:
    start = engine.new_game(examples.scenario("beginner", players), Rules(turn_limit=turn_limit))
    return play_out(GAME, start, [policy(name)] * players, ChanceSampler(game_seed(0, 0, seed))).final


def test_the_planner_is_registered_beside_the_older_policies() -> None:
    assert list(POLICIES) == ["random", "simple", "coop", "planner"]
    assert policy("planner").name == "planner"
    assert LADDER == ("random", "planner")


@pytest.mark.parametrize("players", [1, 2, 4])
def test_every_choice_of_the_planner_is_legal_through_a_whole_session(players: int) -> None:
    checked = Checked()
    start = engine.new_game(examples.scenario("beginner", players), Rules(turn_limit=60))
    line = play_out(GAME, start, [checked] * players, ChanceSampler(players))
    assert engine.is_terminal(line.final)
    assert checked.choices > 200


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_planner_finishes_seeded_sessions_before_the_turn_limit(players: int) -> None:
    final = session("planner", players, seed=7)
    assert final.termination in ("victory", "lives_lost", "track_lost")
    assert final.turn < 60


def test_the_planner_wins_where_the_random_policy_loses() -> None:
    # 003 Victory: 'all Waves have been called, and all Waves are either destroyed or have reached the end'
    seeds = range(6)
    planner = sum(session("planner", 2, s).termination == "victory" for s in seeds)
    rand = sum(session("random", 2, s).termination == "victory" for s in seeds)
    assert planner >= 5
    assert rand <= 1


def test_the_outlook_counts_only_units_still_to_cross_a_piece() -> None:
    wave = FieldWave(id="rank1.b", number=1, space=10)
    state = examples.position(waves=(wave,), upcoming=(("rank3.a",),), phase="actions")
    view = outlook(state)
    behind = state.board.location("A", 5)
    ahead = state.board.location("A", 15)
    assert behind is not None and ahead is not None
    # rank1.b: 5 and 6 (+2 tough) Hit Points; rank3.a still to call: 7 (+3 armoured) + 1 expected modifier
    assert view.hit_points[behind] == (11,)
    assert view.hit_points[ahead] == (5, 8, 11)
    assert view.defeats(ahead, 0, 8, state.board.track) == 2


def test_boost_credits_go_to_the_boost_stack_and_spare_credits_to_the_kill_bonus_stack() -> None:
    state = examples.position(phase="actions")
    assert stack_for(state, 0, "boost.1") == "boost"
    assert stack_for(state, 0, "standard.1") == "build"
    assert stack_for(state, 0, "charge.1") == "build"
    full = examples.position(stacks={0: {"build": ["charge.1"] * 4}}, phase="actions")
    assert stack_for(full, 0, "charge.1") == "kill"
    assert stack_for(full, 0, "standard.1") == "build"


def test_a_full_kill_bonus_stack_buys_a_mark_iii_tower_after_the_attacks() -> None:
    # 003 6.E.II: 'Spend 5 Credits from this stack to draw one Mk. III Tower.'
    state = examples.position(stacks={1: {"kill": ["charge.1"] * 5}}, phase="actions")
    action = PlannerPolicy().choose(state, ChanceSampler(0), 0)
    assert isinstance(action, KillBonus) and action.player == 1 and action.card == "standard.3"
    assert action in engine.legal_actions(state)


def test_payment_keeps_tower_cards_worth_building() -> None:
    state = examples.position(phase="actions")
    assert pay(("charge.1", "combine.1", "standard.1"), 2, state) == ("charge.1", "combine.1")
    assert pay(("standard.1",), 2, state) is None


def test_a_combine_tower_goes_beside_the_two_strong_towers_it_joins() -> None:
    # 003 6.D: 'Choose 2 other Towers with Energy ... within the Radius of the Combine Tower.'
    towers = (
        Tower(card="standard.1", at=(3, 5), owner=0, level=4),
        Tower(card="standard.1", at=(4, 5), owner=0, level=4),
    )
    state = examples.position(
        towers=towers,
        stacks={0: {"build": ["combine.1", "combine.1", "combine.1"]}},
        upcoming=(("rank4.a", "rank4.b"),),
        phase="actions",
    )
    action = PlannerPolicy().choose(state, ChanceSampler(0), 0)
    assert isinstance(action, Build) and action.card == "combine.1"
    assert all(distance(action.at, t.at) <= 1 for t in towers)


def test_a_tower_is_worth_building_beside_another_when_only_their_joined_damage_defeats() -> None:
    # Rank 6 units have 10 to 12 Hit Points here: more than a Level 4 Mark I Standard Tower's 7 and a boost.
    state = examples.position(
        towers=(Tower(card="standard.1", at=(3, 5), owner=0, level=4),),
        upcoming=(("rank6.a", "rank6.b"),),
        phase="actions",
    )
    appraisal = Appraisal(state)
    assert appraisal.defeats((4, 5), 3, 7 + 2) == 0
    assert appraisal.value("standard.1", 4, (4, 5)) > 0
    assert appraisal.value("standard.1", 4, (9, 0)) == 0


def test_a_tough_unit_falls_to_a_tower_that_ignores_its_extra_hit_points() -> None:
    # Unit attribute 'tough': 'If players ignore this effect, add 1 Depletion to any Tower that attacks'
    wave = FieldWave(id="rank1.b", number=1, space=5, defeated=1)
    tower = Tower(card="standard.1", at=(4, 2), owner=0, level=3)
    state = examples.position(towers=(tower,), waves=(wave,), phase="actions")
    action = PlannerPolicy().choose(state, ChanceSampler(0), 0)
    assert action == Attack(player=0, at=(4, 2), wave="rank1.b", target="unit", ignore=True)


def test_a_kill_opens_a_mark_ii_tower_from_the_kill_bonus_stack() -> None:
    # 003 6.E.I: 'Decrease this cost to 2 Credits if you have just defeated a Unit.'
    state = examples.position(
        stacks={0: {"kill": ["charge.1", "charge.1"]}},
        phase="actions",
        actions_taken=1,
        kill_window=KillWindow(player=0, wave_defeated=False, at=1),
    )
    action = PlannerPolicy().choose(state, ChanceSampler(0), 0)
    assert isinstance(action, KillBonus) and action.card == "standard.2" and action.stack == "build"
    assert action in engine.legal_actions(state)


def test_a_met_condition_is_completed_at_once() -> None:
    # 003 6.H: 'The completed Game Condition is worth 2 Universal Credits.'
    state = examples.position(
        phase="actions",
        actions_taken=3,
        condition=ActiveCondition(id="fog", progress=2, met_at=3),
        condition_pile=(),
    )
    action = PlannerPolicy().choose(state, ChanceSampler(0), 0)
    assert isinstance(action, CompleteCondition) and action in engine.legal_actions(state)


def test_income_is_taken_onto_a_stack() -> None:
    state = examples.position(phase="income", revealed=("boost.1", "standard.1"), chooser=1)
    action = PlannerPolicy().choose(state, ChanceSampler(0), 1)
    assert action == TakeCredit(player=1, card="standard.1", stack="build")


def test_the_ladder_holds_from_random_play_to_the_planner(capsys: pytest.CaptureFixture[str]) -> None:
    # Solo and cooperative rungs hold when the Wilson 95% intervals lie apart (rules/core/ladder.py).
    args = ["tower-defense", "ladder", "--games", "8", "--players", "1", "--policies", ",".join(LADDER), "--json"]
    assert cli.main(args) == 0
    data = json.loads(capsys.readouterr().out)
    (rung,) = data["rungs"]
    assert (rung["stronger"], rung["weaker"], rung["holds"]) == ("planner", "random", True)
    assert rung["stronger_result"]["wins"] == 8 and rung["weaker_result"]["wins"] == 0
