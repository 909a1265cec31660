"""The learned policy: legal choices only, the same choice whatever the opponent hides, features read only from
what a player sees, and an evaluation file that says how it was fitted and is refit the same way."""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from typing import Any

from rules.attack_the_tower import engine, policies
from rules.attack_the_tower.actions import Allocate, Build, EndTurn
from rules.attack_the_tower.cards import TROOP_TYPES
from rules.attack_the_tower.catalog import base_card
from rules.attack_the_tower.game import GAME
from rules.attack_the_tower.model import GameState
from rules.attack_the_tower.policies import training
from rules.attack_the_tower.policies.features import FEATURES, SIDE_FEATURES, features
from rules.attack_the_tower.policies.learned import (
    ALLOCATIONS_WEIGHED_AT_MOST,
    EVALUATION_FILE,
    TUNED_EVALUATION_FILE,
    Evaluation,
    LearnedPolicy,
    TunedPolicy,
    plays,
    shipped_evaluation,
)
from rules.attack_the_tower.policies.planner import outcome_of
from rules.attack_the_tower.variants import Rules
from rules.core.chance import ChanceSampler
from rules.core.playout import play_out
from tests.attack_the_tower.test_search import _main_phase_positions, _other_deal


class _Checked:
    """The learned policy, each of its choices outside allocations checked against the engine's legal actions."""

    name = "learned"

    def __init__(self) -> None:
        self.policy = LearnedPolicy()
        self.checked = 0

    def choose(self, state: GameState, sampler: ChanceSampler, player: int) -> Any:
        action = self.policy.choose(state, sampler, player)
        if engine.allocation_request(state, player) is None:
            assert action in engine.legal_actions(state, player)
            self.checked += 1
        return action


def test_learned_plays_whole_games_with_legal_actions_only() -> None:
    checked = _Checked()
    for seat, armies in ((0, ("undead", "bandits")), (1, ("westerners", "easterners"))):
        seats: list[Any] = [policies.policy("planner"), policies.policy("planner")]
        seats[seat] = checked
        line = play_out(GAME, engine.new_game(armies, Rules(turn_limit=12)), seats, ChanceSampler(seat))
        assert engine.is_terminal(line.final)
    assert checked.checked > 20


def test_learned_chooses_the_same_whatever_the_opponent_hides() -> None:
    learned = LearnedPolicy()
    for state in _main_phase_positions(3):
        me = state.attacker
        dealt = _other_deal(state, me)
        assert dealt.players[1 - me].hand != state.players[1 - me].hand
        assert features(dealt, me) == features(state, me)
        renewal = state.replace(phase="renewal_decision")
        for seed in range(3):
            assert learned.choose(state, ChanceSampler(seed), me) == learned.choose(dealt, ChanceSampler(seed), me)
            sampled = learned.choose(renewal, ChanceSampler(seed), me)
            assert sampled == learned.choose(renewal.replace(players=dealt.players), ChanceSampler(seed), me)


def test_the_features_of_each_side_mirror() -> None:
    for state in _main_phase_positions(2):
        mine, theirs = features(state, 0), features(state, 1)
        n = len(SIDE_FEATURES)
        assert mine[:n] == theirs[n : 2 * n] and mine[n : 2 * n] == theirs[:n]
        assert len(mine) == len(FEATURES)


def test_the_shipped_evaluation_says_how_it_was_fitted() -> None:
    text = resources.files("rules.attack_the_tower").joinpath("data", EVALUATION_FILE).read_text("utf-8")
    data = json.loads(text)
    assert tuple(data["features"]) == FEATURES
    how = data["how"]
    assert how["games"] >= 1000 and how["policies"] and "scikit-learn" in how["versions"]
    assert how["command"].startswith("python -m rules.attack_the_tower.policies.training")
    assert data["held_out"]["accuracy"] > 0.6
    assert shipped_evaluation() == Evaluation.from_json(data)


def test_training_fits_a_model_that_weighs_each_side_alike() -> None:
    """Every position is recorded from both sides, so a fitted weight for one side is the other side's, turned."""
    recorded = training.record_games(16, ("planner",), seed=5, workers=1)
    assert all(len(g.rows) == len(g.sides) and g.sides[::2] == (0,) * (len(g.sides) // 2) for g in recorded)
    fitted = training.fit(recorded)
    weights = dict(zip(fitted["features"], fitted["weights"], strict=True))
    for name in SIDE_FEATURES:
        assert abs(weights[f"my_{name}"] + weights[f"their_{name}"]) < 1e-3 * (1 + abs(weights[f"my_{name}"]))
    evaluation = Evaluation.from_json(fitted)
    state = engine.new_game()
    assert abs(evaluation.log_odds(state, 0) + evaluation.log_odds(state, 1)) < 1e-2


def _planner_positions(count: int, wanted: Callable[[GameState, int], bool]) -> list[tuple[GameState, int]]:
    """The first `count` positions of planner games where a player still to act faces a choice `wanted` picks
    out, each with that player."""
    found: list[tuple[GameState, int]] = []

    def keep(state: GameState, *_: Any) -> None:
        found.extend((state, side) for side in engine.acting_players(state) if wanted(state, side))

    planner = policies.policy("planner")
    for seed in range(10):
        play_out(GAME, engine.new_game(), [planner, planner], ChanceSampler(seed), on_step=keep)
    assert len(found) >= count
    return found[:count]


def _build_choices(count: int) -> list[GameState]:
    """Positions where a player chooses a build with at least two places to build on, from planner games."""

    def two_places(state: GameState, side: int) -> bool:
        if state.phase not in ("setup_build", "renewal_build"):
            return False
        builds = [a for a in engine.legal_actions(state, side) if isinstance(a, Build)]
        return len({(a.territory, a.slot) for a in builds}) >= 2

    return [state for state, _ in _planner_positions(count, two_places)]


def _only(name: str, weight: float) -> Evaluation:
    """A model that weighs one feature and nothing else (unstandardised)."""
    n = len(FEATURES)
    return Evaluation(tuple(weight if f == name else 0.0 for f in FEATURES), 0.0, (0.0,) * n, (1.0,) * n)


def test_tuned_builds_what_leaves_the_position_its_model_rates_highest_and_learned_as_the_planner() -> None:
    """A build holds no chance: each legal build (or finishing) is played by the engine and the position rated."""
    planner = policies.policy("planner")
    for state in _build_choices(6):
        me = engine.current_player(state)
        actions = engine.legal_actions(state, me)
        for model in (shipped_evaluation(), _only("my_recruit_power", 1.0), _only("my_open_territories", -1.0)):
            player = TunedPolicy(model)
            chosen = player.choose(state, ChanceSampler(0), me)
            assert LearnedPolicy(model).choose(state, ChanceSampler(0), me) == planner.choose(
                state, ChanceSampler(0), me
            )
            assert chosen in actions
            best = max(player.value(engine.next_position(state, a), me) for a in actions)
            assert player.value(engine.next_position(state, chosen), me) == best
        open_before = features(state, me)[FEATURES.index("my_open_territories")]
        chosen = TunedPolicy(_only("my_open_territories", -1.0)).choose(state, ChanceSampler(0), me)
        after = features(engine.next_position(state, chosen), me)[FEATURES.index("my_open_territories")]
        if open_before:  # a model that dislikes open territories builds in one
            assert isinstance(chosen, Build) and after == open_before - 1


def _allocation_choices(count: int) -> list[tuple[GameState, int]]:
    """Positions where a side still to act distributes damage in more than one way, from planner games, with
    the side."""

    def several_ways(state: GameState, side: int) -> bool:
        request = engine.allocation_request(state, side)
        return request is not None and request.count() > 2

    return _planner_positions(count, several_ways)


def test_tuned_allocates_the_most_damage_the_way_its_model_rates_highest_and_learned_as_the_planner() -> None:
    """Every allocation is listed and played out by brute force: the tuned player's deals the most damage there
    is to deal, and no other such allocation leaves a battle its model rates higher."""
    planner = policies.policy("planner")
    differs = 0
    for state, me in _allocation_choices(12):
        request = engine.allocation_request(state, me)
        assert request is not None
        planned = planner.choose(state, ChanceSampler(0), me)
        assert LearnedPolicy().choose(state, ChanceSampler(0), me) == planned
        tuned = TunedPolicy()
        chosen = tuned.choose(state, ChanceSampler(0), me)
        legal = [Allocate(player=me, allocation=request.allocation(v)) for v in request.vectors()]
        assert chosen in legal
        most = max(sum(v) for v in request.vectors())
        fullest = [a for a, v in zip(legal, request.vectors(), strict=True) if sum(v) == most]
        if len(fullest) < 2 or len(fullest) > ALLOCATIONS_WEIGHED_AT_MOST:
            assert chosen == planned
            continue
        assert chosen in fullest
        value = tuned.value(outcome_of(state, chosen), me)
        assert value == max(tuned.value(outcome_of(state, a), me) for a in fullest)
        differs += chosen != planned
    assert differs  # the model does not merely repeat the planner


def _two_play_value(player: TunedPolicy, state: GameState, me: int) -> float:
    """By brute force: the model's value of a position a play led to, or of the best play that may follow it in
    the same main phase."""
    value = player.value(state, me)
    if state.phase == "main" and engine.current_player(state) == me == state.attacker:
        follow_ups = plays(state, me)
        value = max([value, *(player.value(outcome_of(state, a), me) for a in follow_ups)])
    return value


def test_tuned_plays_what_its_model_rates_highest_two_plays_ahead_and_learned_one_play_ahead() -> None:
    """Each attack or ability is played out, then each play that may follow it: the tuned player's choice is the
    play whose best continuation the model rates highest when that beats ending the turn, else ending it."""
    tuned, learned = TunedPolicy(), LearnedPolicy(shipped_evaluation(TUNED_EVALUATION_FILE))
    differs = 0
    for state, me in _planner_positions(12, lambda s, side: _attacks_again(s, side)):
        options = plays(state, me)
        chosen = tuned.choose(state, ChanceSampler(0), me)
        values = {a: _two_play_value(tuned, outcome_of(state, a), me) for a in options}
        ending = tuned.value(engine.next_position(state, EndTurn(player=me)), me)
        best = max(values.values())
        if best > ending:
            assert chosen in options and values[chosen] == best
        else:
            assert chosen == EndTurn(player=me)
        one_play = learned.choose(state, ChanceSampler(0), me)
        differs += one_play != chosen
    assert differs  # the second play changes some choices


def _attacks_again(state: GameState, side: int) -> bool:
    """A main-phase choice of the attacker with at least two plays, one of which leaves another attack open."""
    if state.phase != "main" or side != state.attacker or engine.allocation_request(state, side) is not None:
        return False
    options = plays(state, side)
    return len(options) >= 2 and any(plays(outcome_of(state, a), side) for a in options)


def test_features_read_troop_powers_under_the_position_s_own_rules() -> None:
    """Powers are kept per rules object: the same board under rules with every troop twice as strong counts
    twice the troop power, and the first rules' answers are not reused (brute force: each base summed here)."""
    for state in _main_phase_positions(2):
        doubled = state.rules.model_copy(update={f"{t}_power": 2 * state.rules.troop_power(t) for t in TROOP_TYPES})
        for rules in (state.rules, doubled, state.rules):
            position = state.replace(rules=rules)
            for me in (0, 1):
                expected = sum(
                    b.troops * rules.troop_power(base_card(b.card).troop_type) + sum(b.raised)
                    for _, _, b in position.players[me].bases()
                )
                assert features(position, me)[FEATURES.index("my_troop_power")] == expected
