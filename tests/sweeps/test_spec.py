"""SweepSpec: the grid it describes, and every bad spec refused in a player's words before a game is played."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import ValidationError

from rules.balance.plan import BalanceSpec
from rules.core import limits
from rules.core.errors import IllegalSettings
from rules.core.jsonio import problems_of
from rules.sweeps.cells import cells
from rules.sweeps.overrides import CardEdit
from rules.sweeps.spec import SweepSpec
from tests.sweeps.helpers import OVERRIDE, cavalry_spec


def refusal(**data: object) -> str:
    """The words a bad spec is refused with (one line per problem, as the command line prints them)."""
    with pytest.raises(ValidationError) as caught:
        SweepSpec.model_validate(data)
    return "\n".join(str(p) for p in problems_of(caught.value))


def test_the_grid_is_every_combination_in_order() -> None:
    spec = SweepSpec(
        game="attack-the-tower",
        vary={"cavalry_power": [2, 3], "base_power": [4, 5]},
        armies=["undead,bandits", ("westerners", "easterners")],
        games=2,
    )
    grid = [(pair, values["cavalry_power"], values["base_power"]) for pair, _, values, _ in spec.grid()]
    assert spec.size() == 8
    assert grid[:4] == [
        (("undead", "bandits"), 2, 4),
        (("undead", "bandits"), 2, 5),
        (("undead", "bandits"), 3, 4),
        (("undead", "bandits"), 3, 5),
    ]
    assert grid[4][0] == ("westerners", "easterners")
    assert [c.index for c in cells(spec)] == list(range(8))


def test_army_ids_are_read_whatever_their_case() -> None:
    """Army ids are lower case (the army files' pattern): "Undead, Bandits" names the same pair."""
    assert cavalry_spec(armies="Undead, BANDITS").armies == (("undead", "bandits"),)


def test_a_sweep_sets_a_turn_limit_unless_told() -> None:
    assert cavalry_spec().base_rules() == {"turn_limit": 200}
    assert cavalry_spec(rules={"turn_limit": 80}).base_rules() == {"turn_limit": 80}
    assert all(c.rules["turn_limit"] == 200 for c in cells(cavalry_spec()))


def test_policies_default_to_the_strongest_and_one_name_plays_both_seats() -> None:
    assert cavalry_spec().seat_policies() == ("planner", "planner")
    assert cavalry_spec(policies="greedy").seat_policies() == ("greedy", "greedy")
    assert cavalry_spec(policies=["planner", "random"]).seat_policies() == ("planner", "random")
    assert SweepSpec(game="tower-defense").seat_policies() == ("planner",)


def test_overrides_are_read_from_text_or_edits() -> None:
    edit = CardEdit(card="undead.ghost", field="special_troop.power", value=3)
    assert cavalry_spec().overrides == ((edit,),)
    assert cavalry_spec(overrides=[edit]).overrides == ((edit,),)
    assert cavalry_spec(overrides=["none", OVERRIDE]).overrides == ((), (edit,))
    two = cavalry_spec(overrides="undead.graveyard.copies=6,undead.crypt.copies=7").overrides
    assert [e.text() for e in two[0]] == ["undead.graveyard.copies=6", "undead.crypt.copies=7"]


def test_nested_rules_fields_are_varied_by_a_dotted_name() -> None:
    spec = SweepSpec(game="the-tower", vary={"jack.hp": [8, 12]}, games=1)
    assert [c.rules["jack.hp"] for c in cells(spec)] == [8, 12]


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"vary": {"cavalry_powr": [2]}}, "cavalry_powr: the rules have no such field; did you mean cavalry_power?"),
        ({"vary": {"cavalry_power": [3, -1]}}, "cavalry_power: must be at least 0 (with cavalry_power=-1)"),
        ({"vary": {"cavalry_power": [True]}}, "cavalry_power: must be a whole number"),
        ({"vary": {"cavalry_power": ["x"]}}, "cavalry_power: must be a whole number"),
        ({"vary": {"cavalry_power": []}}, "needs at least one value"),
        ({"vary": {"cavalry_power": [2, 2]}}, "vary.cavalry_power: lists a value twice"),
        ({"strengths": ["planner"]}, "strengths: compare two or more; planner alone is one policy"),
        ({"vary": {"turn_limit": [20_000]}}, "turn_limit: must be at most 10000"),
        ({"vary": {"empty_pile": ["sometimes"]}}, "empty_pile: must be one of 'reshuffle' or 'cannot_draw'"),
        ({"games": 0}, "games: must be at least 1"),
        ({"games": limits.MAX_GAMES + 1}, f"games: must be at most {limits.MAX_GAMES}"),
        ({"policies": ["nobody"]}, "policies: no policy 'nobody'; policies: random, greedy, planner"),
        ({"policies": ["planner"] * 3}, "takes at most 2 policies"),
        ({"armies": "undead,orcs"}, "undead,orcs is not a pair of armies from: undead, bandits, westerners"),
        ({"overrides": "undead.nothing.copies=8"}, "undead.nothing: the Undead have no such card"),
        ({"overrides": "undead.ghost.colour=3"}, "undead.ghost.colour: the card has no such field"),
        ({"overrides": "undead.graveyard.copies=8"}, "the Undead base deck holds 26 cards; the rulebook (004) says 25"),
        ({"overrides": "undead.ghost.special_troop.power=-1"}, "special_troop.power: must be at least 0"),
        ({"overrides": "ghost=3"}, "takes ARMY.CARD.FIELD=VALUE"),
        ({"overrides": [OVERRIDE, OVERRIDE]}, f"overrides: lists {OVERRIDE} twice"),
        ({"armies": ["undead,bandits", "undead,bandits"]}, "armies: lists undead,bandits twice"),
        (
            {"vary": {"turn_limit": [30, 40]}, "rules": {"turn_limit": 50}},
            "vary.turn_limit: is also fixed (rules, --set); vary it or fix it, not both",
        ),
    ],
)
def test_a_bad_spec_is_refused_in_words(data: dict[str, object], words: str) -> None:
    assert words in refusal(game="attack-the-tower", **data)


def test_the_grid_and_the_games_in_all_are_bounded() -> None:
    values = list(range(1, 41))
    assert "the grid has 1,600 cells; a sweep has at most 1,000" in refusal(
        game="attack-the-tower", vary={"cavalry_power": values, "base_power": values}
    )
    assert "1,000,000" in refusal(game="the-tower", vary={"starting_hp": list(range(1, 12))}, games=100_000)


def test_what_a_game_does_not_have_is_refused() -> None:
    assert "the-tower has no armies" in refusal(game="the-tower", armies="undead,bandits")
    assert "card overrides change Attack the Tower's and Tower Defense's cards; the-tower has none" in refusal(
        game="the-tower", overrides=OVERRIDE
    )
    assert "Tower Defense has no such card" in refusal(game="tower-defense", overrides=OVERRIDE)
    assert "no scenario 'nowhere'" in refusal(game="tower-defense", scenario="nowhere")
    assert "scenarios: lists beginner twice" in refusal(game="tower-defense", scenarios=["beginner", "beginner"])
    assert "the-tower has no scenarios or player counts" in refusal(game="the-tower", players=2)
    assert "takes at most 1 policy" in refusal(game="the-tower", policies=["greedy", "random"])


def test_a_cell_that_cannot_start_is_refused_before_any_game() -> None:
    words = refusal(game="tower-defense", vary={"track_length": [20, 25]}, players=1)
    assert "the game cannot start with track_length=20:" in words
    assert "board.track" in words


@pytest.mark.parametrize(
    "given",
    [
        {"game": "attack-the-tower", "armies": ["undead,bandits", "bandits,undead"], "strengths": ["random", "greedy"]},
        {"game": "the-tower", "vary": {"starting_hp": [6, 8]}, "games": 4},
        {"game": "tower-defense", "scenarios": ["beginner"], "players": 1, "overrides": ["standard.1.build_cost=2"]},
    ],
)
def test_a_spec_written_as_json_reads_back_as_the_same_spec(given: dict[str, Any]) -> None:
    # a sweep's --json output names its spec: a designer (or a notebook) reads it back to compare or play again
    spec = SweepSpec.model_validate(given)
    written = json.loads(json.dumps(spec.to_json()))
    assert SweepSpec.model_validate(written) == spec


def test_a_bad_value_is_refused_once_not_once_a_cell_of_the_grid() -> None:
    said = refusal(game="attack-the-tower", vary={"cavalry_power": [1, 2, 3], "shooter_power": [1, "x"]})
    assert said.count("must be a whole number") == 1
    assert 'shooter_power: must be a whole number (with shooter_power="x")' in said  # its own value, not the cell's


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda: SweepSpec(game="attack-the-tower", games=-1), "games: must be at least 1"),
        (lambda: SweepSpec(game="attack-the-tower", vary={"cavalry_powr": [2]}), "did you mean cavalry_power?"),
        (lambda: BalanceSpec(rules={"cavalry_powr": 3}), "rules: cavalry_powr: the rules have no such field"),
        (lambda: BalanceSpec(tolerance=3), "tolerance: a number from 0 to 0.49, not 3"),
    ],
)
def test_settings_made_in_python_are_refused_in_words_not_pydantics_dump(make: Any, words: str) -> None:
    with pytest.raises(IllegalSettings) as refused:
        make()
    said = str(refused.value)
    assert words in said and "validation error" not in said and "[type=" not in said
    assert isinstance(refused.value, ValueError) and refused.value.problems


def test_no_army_pairs_at_all_is_refused_in_words() -> None:
    """armies=None raised a TypeError from inside the spec."""
    with pytest.raises(IllegalSettings, match="armies: must be a list in square brackets"):
        SweepSpec(game="attack-the-tower", armies=None)
