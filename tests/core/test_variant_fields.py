"""Every `Rules` field of every game reaches the code that enforces it: a changed value either changes how
seeded games go (their events and final positions) or is refused with a reason."""

from __future__ import annotations

import ast
import functools
import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

import pytest
from pydantic import BaseModel, ValidationError

from rules.attack_the_tower import engine as attack_the_tower
from rules.attack_the_tower import examples as attack_examples
from rules.attack_the_tower import game as attack_the_tower_game
from rules.attack_the_tower.variants import Rules as AttackTheTowerRules
from rules.core.chance import ChanceSampler
from rules.core.errors import IllegalSettings, RulesError
from rules.core.playout import random_action
from rules.core.protocol import Game
from rules.the_tower import engine as the_tower
from rules.the_tower import examples as tower_examples
from rules.the_tower import game as the_tower_game
from rules.the_tower.variants import Rules as TheTowerRules
from rules.tower_defense import engine as tower_defense
from rules.tower_defense import examples as tower_defense_examples
from rules.tower_defense import game as tower_defense_game
from rules.tower_defense.variants import Rules as TowerDefenseRules

ROOT = Path(__file__).resolve().parents[2]
Start = Callable[[Any], Any]
GAMES: dict[str, tuple[Game[Any, Any], type[BaseModel], list[Start], dict[str, Any]]] = {
    "attack_the_tower": (
        attack_the_tower_game.GAME,
        AttackTheTowerRules,
        [
            lambda rules: attack_the_tower.new_game(("undead", "westerners"), rules),
            *[functools.partial(attack_examples.example, name) for name in attack_examples.EXAMPLES],
        ],
        {"turn_limit": 6, "max_burns": 1},
    ),
    "the_tower": (
        the_tower_game.GAME,
        TheTowerRules,
        [the_tower.new_game, *[functools.partial(tower_examples.example, name) for name in tower_examples.EXAMPLES]],
        {},
    ),
    "tower_defense": (
        tower_defense_game.GAME,
        TowerDefenseRules,
        [
            lambda rules: tower_defense.new_game(tower_defense_examples.beginner_scenario(2), rules),
            *[functools.partial(tower_defense_examples.example, name) for name in tower_defense_examples.EXAMPLES],
        ],
        {"turn_limit": 6},
    ),
}
"""Each game's protocol object, rules type, the positions its seeded games start from, and base rules."""
SEEDS = 6
STEPS = 400


def alternatives(rules_type: type[BaseModel], name: str) -> list[Any]:
    """Other values to try for a field: the other choices, the number one up and one down, a set limit."""
    info = rules_type.model_fields[name]
    default, annotation = info.default, info.annotation
    choices = [a for a in (annotation, *get_args(annotation)) if get_origin(a) is Literal]
    if isinstance(default, bool):
        return [not default]
    if choices:
        return [c for c in get_args(choices[0]) if c != default]
    if isinstance(default, int):
        return [default + 1, default - 1] if default > 1 else [default + 1]
    if default is None:
        return [3, 30]
    if isinstance(default, BaseModel):
        return [default.model_copy(update={k: v + 1 for k, v in default.model_dump().items() if isinstance(v, int)})]
    raise AssertionError(f"no alternative value known for {name}")


def fingerprint(game: Game[Any, Any], start: Any) -> str:
    """Every event sentence and the final position (without its rules) of a few seeded random games."""
    digest = hashlib.sha256()
    for seed in range(SEEDS):
        state, sampler = start, ChanceSampler(seed)
        for _ in range(STEPS):
            if game.is_terminal(state):
                break
            state, events = game.apply(state, random_action(game, state, sampler))
            for event in events:
                digest.update(event.sentence().encode())
        data = game.positions.data(state)
        del data["rules"]  # the rules themselves differ
        digest.update(json.dumps(data).encode())
    return digest.hexdigest()


def fingerprints(name: str, rules: BaseModel) -> list[str | None]:
    """The fingerprint of the games from each start under `rules` (None where the start refuses them)."""
    game, _, starts, _ = GAMES[name]
    out: list[str | None] = []
    for start in starts:
        try:
            position = start(rules)
        except (ValueError, ValidationError, RulesError):
            out.append(None)
            continue
        out.append(fingerprint(game, position))
    return out


@functools.cache
def reference(name: str) -> tuple[str | None, ...]:
    _, rules_type, _, base = GAMES[name]
    return tuple(fingerprints(name, rules_type(**base)))


AT_SCENARIOS = "tests/attack_the_tower/test_variant_scenarios.py"
AT_CARDS = "tests/attack_the_tower/test_four_cards.py"
TT_SCENARIOS = "tests/the_tower/test_variant_scenarios.py"
TD_SCENARIOS = "tests/tower_defense/test_variant_scenarios.py"
SCENARIOS: dict[tuple[str, str], tuple[str, str]] = {
    ("attack_the_tower", "empty_pile"): (AT_SCENARIOS, "test_empty_pile_reshuffles_the_discards_or_cannot_be_drawn"),
    ("attack_the_tower", "vrykolaka_counts"): (
        AT_CARDS,
        "test_vrykolaka_surviving_reading_counts_only_surviving_vrykolakas",
    ),
    ("attack_the_tower", "templar_damage"): (AT_CARDS, "test_templars_per_templar_reading_deals_a_point_per_templar"),
    ("attack_the_tower", "kaiju_bases"): (AT_CARDS, "test_kaiju_same_territory_reading_takes_bases_facing_the_kaijus"),
    ("attack_the_tower", "raised_troop_lasts"): (AT_CARDS, "test_a_ninja_this_turn_reading_ends_with_the_turn"),
    ("the_tower", "hand_limit"): (TT_SCENARIOS, "test_hand_limit_refuses_a_draw_into_a_full_hand"),
    ("the_tower", "empty_deck"): (TT_SCENARIOS, "test_empty_deck_reshuffle_makes_a_new_deck_of_the_used_cards"),
    ("the_tower", "damage_beyond_table"): (
        TT_SCENARIOS,
        "test_damage_beyond_table_stops_the_floor_table_at_floor_four",
    ),
    ("the_tower", "hp_cap"): (TT_SCENARIOS, "test_hp_cap_stops_a_potion_at_the_cap"),
    ("tower_defense", "max_level"): (TD_SCENARIOS, "test_max_level_refuses_an_upgrade_past_it"),
    ("tower_defense", "matching_pair_bonus"): (TD_SCENARIOS, "test_matching_pair_bonus_is_added_to_a_matching_pair"),
    ("tower_defense", "mark2_bonus_cost_after_kill"): (
        TD_SCENARIOS,
        "test_mark2_bonus_cost_after_kill_is_the_price_right_after_a_kill",
    ),
    ("tower_defense", "mark3_bonus_cost"): (TD_SCENARIOS, "test_mark3_bonus_cost_is_the_price_without_a_kill"),
    ("tower_defense", "mark3_bonus_cost_after_kill"): (
        TD_SCENARIOS,
        "test_mark3_bonus_cost_after_kill_is_the_price_right_after_a_wave_falls",
    ),
    ("tower_defense", "condition_credits"): (
        TD_SCENARIOS,
        "test_condition_credits_is_what_a_completed_condition_is_worth",
    ),
    ("tower_defense", "tough_extra_hit_points"): (
        TD_SCENARIOS,
        "test_tough_extra_hit_points_are_added_to_a_tough_unit",
    ),
    ("tower_defense", "restored_track"): (TD_SCENARIOS, "test_restored_track_is_how_many_pieces_a_restorer_gives_back"),
    ("tower_defense", "elusive_extra_range"): (TD_SCENARIOS, "test_elusive_extra_range_is_added_to_the_range_needed"),
    ("tower_defense", "wave_movement"): (TD_SCENARIOS, "test_wave_movement_reads_the_visible_unit_or_unit_1"),
    ("attack_the_tower", "leftover_of_killed_troops"): (
        "tests/attack_the_tower/test_battles.py",
        "test_leftover_held_by_initiative_troops_killed_in_the_step_is_lost",
    ),
    ("tower_defense", "condition_closes"): (
        "tests/tower_defense/test_engine.py",
        "test_the_other_reading_closes_the_completion_after_any_action",
    ),
    ("tower_defense", "modifier_hit_points_from"): (
        TD_SCENARIOS,
        "test_modifier_hit_points_from_the_wave_number_or_the_rank",
    ),
    ("tower_defense", "universal_credit_matches"): (
        TD_SCENARIOS,
        "test_universal_credit_matches_gives_a_universal_pair_the_matching_bonus",
    ),
    ("tower_defense", "one_opportunity_per_kill"): (
        TD_SCENARIOS,
        "test_one_opportunity_per_kill_closes_it_after_a_kill_bonus",
    ),
}
"""Fields whose rule random play from these starts does not reach, each with the scenario test (file, test
name) that plays its rule under the default and the changed value; the generic test leaves them out."""

CASES = [
    (name, field)
    for name, (_, rules_type, _, _) in GAMES.items()
    for field in rules_type.model_fields
    if (name, field) not in SCENARIOS
]


@pytest.mark.parametrize(("name", "field"), CASES)
def test_a_changed_value_changes_the_games_or_is_refused(name: str, field: str) -> None:
    _, rules_type, _, base = GAMES[name]
    outcomes = []
    for value in alternatives(rules_type, field):
        try:
            rules = rules_type(**{**base, field: value})
        except (ValueError, ValidationError, RulesError) as refusal:
            assert str(refusal).strip(), "a refusal says why"
            outcomes.append("refused")
            continue
        outcomes.append("changed" if tuple(fingerprints(name, rules)) != reference(name) else "same")
    assert "changed" in outcomes or set(outcomes) == {"refused"}, f"{field}: {outcomes}"


def test_a_tower_level_the_cards_do_not_print_is_refused() -> None:
    # 003 6.A.II: "Level 4 is the maximum Level of all Towers." - the cards give numbers for four levels.
    with pytest.raises(IllegalSettings, match="max_level: must be at most 4"):
        TowerDefenseRules(max_level=5)
    assert TowerDefenseRules(max_level=3).max_level == 3


@pytest.mark.parametrize(("name", "field"), sorted(SCENARIOS))
def test_each_field_left_to_a_scenario_has_that_scenario(name: str, field: str) -> None:
    """The list of scenarios cannot go stale: each test named exists in its file and changes its field."""
    _, rules_type, _, _ = GAMES[name]
    assert field in rules_type.model_fields, f"{name} has no Rules field {field}"
    path, test_name = SCENARIOS[(name, field)]
    source = (ROOT / path).read_text(encoding="utf-8")
    tests = {n.name: n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.FunctionDef)}
    assert test_name in tests, f"{path} has no test {test_name}"
    body = ast.get_source_segment(source, tests[test_name]) or ""
    assert f"{field}=" in body, f"{path}::{test_name} does not set {field}"
