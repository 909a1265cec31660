"""The planner's fast look-ahead (`engine.quick_result`, a battle on plain numbers) reaches the result
`engine.battle_played_out` reaches, from generated positions of every army and variant and from every
look-ahead of seeded planner games; what it does not model it leaves to `battle_played_out`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from rules.attack_the_tower import engine, policies
from rules.attack_the_tower.actions import Allocate, DeclareAttack, Pass, PlayAbility
from rules.attack_the_tower.engine import combat
from rules.attack_the_tower.engine.quick_battle import target_key
from rules.attack_the_tower.engine.quick_steps import TargetKey
from rules.attack_the_tower.model import Allocation, GameState
from rules.attack_the_tower.policies import planner
from rules.attack_the_tower.variants import Rules
from rules.core.chance import ChanceSampler
from rules.core.playout import play_out
from tests.attack_the_tower.test_properties import positions

Choose = Callable[[TargetKey, int, int, int], tuple[int, ...]]


def _request(targets: TargetKey, troop_cap: int, structure_cap: int, total_cap: int) -> combat.AllocationRequest:
    """A request holding exactly what a `TargetKey` and the caps say."""
    units = tuple(
        combat.Unit("", 0, kind, "", None, deals, toughness, frozenset(), damage, False, str(group))  # type: ignore[arg-type]
        for kind, deals, toughness, damage, group in targets
    )
    return combat.AllocationRequest(0, "", combat.Pool(0, 0, 0), units, troop_cap, structure_cap, total_cap)


def _least(targets: TargetKey, troop_cap: int, structure_cap: int, total_cap: int) -> tuple[int, ...]:
    """The last allocation listed (the least damage where amounts decrease down the list)."""
    return _request(targets, troop_cap, structure_cap, total_cap).vectors()[-1]


def _slow(state: GameState, choose: Choose, most: int) -> engine.BattleResult:
    def allocate(request: combat.AllocationRequest) -> Allocation:
        return request.allocation(
            choose(target_key(request), request.troop_cap, request.structure_cap, request.total_cap)
        )

    return engine.position_result(engine.battle_played_out(state, allocate, most))


def _one_decision(state: GameState, choose: Choose) -> GameState:
    who = engine.acting_players(state)[0]
    request = engine.allocation_request(state, who)
    if request is None:
        return engine.apply(state, Pass(player=who))[0]
    vector = choose(target_key(request), request.troop_cap, request.structure_cap, request.total_cap)
    return engine.apply(state, Allocate(player=who, allocation=request.allocation(vector)))[0]


@given(positions(), st.sampled_from([planner._best_vector, _least]), st.integers(0, 2), st.sampled_from([2, 5, 64]))
def test_the_quick_result_is_the_battle_played_out(state: GameState, choose: Choose, handed_in: int, most: int) -> None:
    """From every attack and ability of a generated position, from its start or after its first decisions,
    with a guard that stops some battles: the quick result, when there is one, is `battle_played_out`'s, and
    `battle_result` (and `attack_result` from the attack itself) is `battle_played_out`'s always."""
    starts = [a for a in engine.legal_actions(state) if isinstance(a, DeclareAttack | PlayAbility)]
    for start in starts:
        after = engine.next_position(state, start)
        for _ in range(handed_in):
            if after.phase == "battle":
                after = _one_decision(after, choose)
        slow = _slow(after, choose, most)
        quick = engine.quick_result(after, choose, most)
        assert quick is None or quick == slow
        assert engine.battle_result(after, choose, most) == slow
        if isinstance(start, DeclareAttack) and handed_in == 0:
            assert engine.attack_result(state, start, choose, most) == slow


def test_every_look_ahead_of_seeded_planner_games_is_the_same_and_most_are_quick() -> None:
    """Seeded planner games of every army pair: every look-ahead's result (an attack's through `attack_result`,
    an ability's or a pass's through `battle_result`) equals the battle played out, and the quick path answers
    most of them (the fallback is for what it does not model)."""
    found: Counter[str] = Counter()
    outcome_of = planner.outcome_of

    def checked(state: GameState, action: Any) -> engine.BattleResult:
        after = engine.next_position(state, action)
        slow = _slow(after, planner._best_vector, planner.MAX_SIMULATED_STEPS)
        quick = engine.quick_result(after, planner._best_vector, planner.MAX_SIMULATED_STEPS)
        found["fallback" if quick is None else "same" if quick == slow else "different"] += 1
        result = outcome_of(state, action)
        assert result == slow
        return result

    pairs = [("undead", "westerners"), ("easterners", "bandits"), ("undead", "easterners"), ("westerners", "bandits")]
    planner.outcome_of = checked
    try:
        for seed in range(12):
            state = engine.new_game(pairs[seed % 4], Rules(turn_limit=60))
            play_out(engine.GAME, state, [policies.policy("planner")] * 2, ChanceSampler(seed))
    finally:
        planner.outcome_of = outcome_of
    assert found["different"] == 0
    assert found["same"] > 3 * found["fallback"] > 0
