"""Tower Defense through the sweeps: card overrides read, checked and refused in words, put in use wherever the
games are played (in process and on a real two-worker Dask cluster, with the same rows), keyed into the cache;
the scenarios (one per Difficulty of the rulebook) as an axis. And The Tower's length, the floor reached."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from distributed import Client

from rules.sweeps.cells import cells
from rules.sweeps.overrides import parse_edit
from rules.sweeps.play import play_chunk
from rules.sweeps.runner import run_sweep
from rules.sweeps.spec import SweepSpec
from rules.tower_defense import catalog, engine, examples
from rules.tower_defense.cards import CardSet, TowerSpec
from rules.tower_defense.model import GameState, Scenario
from rules.tower_defense.overrides import cards_for
from rules.tower_defense.variants import Rules

STRONG = "standard.1.damage_by_level.0=50,boost.1.damage_by_level.0=50,charge.1.damage_by_level.0=50"
"""Every Mark I tower that deals damage dealing 50 at level 1 (the shipped cards deal 4 or 5)."""


def td_spec(**changes: object) -> SweepSpec:
    """A small Tower Defense sweep: one player, the cooperative policy, the cards as shipped and STRONG."""
    data: dict[str, object] = {
        "game": "tower-defense",
        "overrides": ["none", STRONG],
        "players": 1,
        "policies": ["coop"],
        "games": 4,
        "seed": 3,
    }
    data.update(changes)
    return SweepSpec.model_validate(data)


def test_an_override_names_the_card_as_the_data_files_do() -> None:
    edit = parse_edit("standard.1.damage_by_level.0=8", "tower-defense")
    assert (edit.card, edit.field, edit.value) == ("standard.1", "damage_by_level.0", 8)
    edit = parse_edit("rank1.b.units.1.hit_points=9", "tower-defense")
    assert (edit.card, edit.field, edit.value) == ("rank1.b", "units.1.hit_points", 9)
    assert parse_edit("swift.movement=2", "tower-defense").card == "swift"
    assert parse_edit("standard-3.lives=9", "tower-defense").text() == "standard-3.lives=9"


def test_an_overridden_number_says_it_is_a_designers_and_keeps_its_source() -> None:
    shipped = catalog.tower("standard.1")
    tower = cards_for([parse_edit("standard.1.damage_by_level.0=8", "tower-defense")]).towers[0]
    assert tower.damage(1) == 8 != shipped.damage(1)
    assert tower.damage_by_level is not None and shipped.damage_by_level is not None
    source = tower.damage_by_level[0].source
    assert source.startswith(f"a designer's override: damage_by_level.0=8 (was {shipped.damage(1)})")
    assert shipped.damage_by_level[0].source in source
    assert tower.damage_by_level[1] == shipped.damage_by_level[1]
    wave = cards_for([parse_edit("rank1.b.units.1.hit_points=9", "tower-defense")]).waves[0]
    assert wave.units[1].hit_points == 9 and wave.source.startswith("a designer's override: units.1.hit_points=9")


@pytest.mark.parametrize(
    ("override", "words"),
    [
        ("standrd.1.build_cost=3", "Tower Defense has no such card (CARD.FIELD=VALUE); did you mean standard.1"),
        ("standard.1.damage=3", "standard.1.damage: the card has no such field; did you mean damage_by_level?"),
        ("standard.1.build_cost=-1", "standard.1.build_cost: must be a whole number from 0 to 1,000, not -1"),
        ("standard.1.build_cost=true", "must be a whole number from 0 to 1,000, not true"),
        ("standard.1.build_cost=cheap", 'must be a whole number from 0 to 1,000, not "cheap"'),
        ("rank1.b.units.0.hit_points=0", "rank1.b.units.0.hit_points: must be at least 1"),
        ("combine.1.damage_by_level.0=5", "damage_by_level holds nothing (null) on this card"),
        ("standard.1.id=x", "a card's id cannot be overridden"),
        ("standard.1.copies=12", "vary those instead (e.g. --vary mark1_copies=8,10)"),
        ("standard.1.type=boost", "the id must be '<type>.<mark>'"),
        ("standard.1", "takes CARD.FIELD=VALUE, e.g. standard.1.damage_by_level.0=8"),
    ],
)
def test_a_bad_override_is_refused_in_words(override: str, words: str) -> None:
    with pytest.raises(ValueError, match="validation error") as refused:
        td_spec(overrides=[override])
    assert words in str(refused.value)


def test_far_more_damage_wins_more_seeded_games() -> None:
    summary = run_sweep(td_spec(), in_process=True).summary
    assert list(summary["override"]) == ["none", STRONG]
    assert summary["wins_0"].iloc[1] > summary["wins_0"].iloc[0]
    assert summary["win_rate_0"].iloc[1] - summary["win_rate_0"].iloc[0] >= 0.5


def test_the_cards_are_in_use_while_the_games_are_played_and_put_back_after() -> None:
    before = catalog.designed_cards()
    strong = cells(td_spec(games=1))[1]
    try:
        play_chunk(strong, 0, 0)
        assert catalog.tower("charge.1").damage(1) == 50
        catalog.use_cards(CardSet())
        shipped = catalog.shipped("towers")["charge.1"]
        assert isinstance(shipped, TowerSpec) and catalog.tower("charge.1").damage(1) == shipped.damage(1) < 50
    finally:
        catalog.use_cards(before)
    run_sweep(td_spec(games=1), in_process=True)
    assert catalog.designed_cards() == before


def test_the_cache_key_and_the_seeds_follow_the_cards() -> None:
    plain, strong = cells(td_spec())
    weaker = cells(td_spec(overrides=["standard.1.damage_by_level.0=49"]))[0]
    assert len({plain.key, strong.key, weaker.key}) == 3
    assert plain.seed_key != strong.seed_key
    assert "card_set" not in plain.decided_by(), "the cards as shipped keep the seeds they always had"
    assert strong.decided_by()["card_set"]["towers"][0]["damage_by_level"][0]["value"] == 50


def test_a_second_run_reads_every_cell_from_the_cache(tmp_path: Path) -> None:
    first = run_sweep(td_spec(games=2), in_process=True, cache=tmp_path)
    again = run_sweep(td_spec(games=2), in_process=True, cache=tmp_path)
    assert (first.played, again.played, again.cached) == (4, 0, 4)
    pd.testing.assert_frame_equal(first.games, again.games)
    grown = run_sweep(
        td_spec(games=2, overrides=["none", STRONG, "standard-3.lives=30"]), in_process=True, cache=tmp_path
    )
    assert (grown.played, grown.cached) == (2, 4)


def test_a_two_worker_cluster_plays_the_overridden_cards_to_the_same_rows(dask_client: Client) -> None:
    spec = td_spec(games=2, rules={"turn_limit": 8})
    here = run_sweep(spec, in_process=True)
    on_dask = run_sweep(spec, client=dask_client, chunk=1)
    pd.testing.assert_frame_equal(on_dask.games, here.games)
    pd.testing.assert_frame_equal(on_dask.summary, here.summary)
    assert catalog.designed_cards() == CardSet()


def test_each_scenario_is_a_difficulty_and_an_axis_of_the_sweep() -> None:
    spec = td_spec(overrides=["none"], scenarios=["beginner", "eight-waves"], games=1, rules={"turn_limit": 5})
    result = run_sweep(spec, in_process=True)
    assert list(result.summary["scenario"]) == ["beginner", "eight-waves"]
    assert list(result.summary["difficulty"]) == ["1/1/1/1/2/2", "1/1/2/2/2/2/3/3"]
    eight = examples.scenario("eight-waves")
    levels = [catalog.modifier(m).level for m in eight.modifiers]
    assert [levels.count(level) for level in (1, 2, 3)] == [4, 8, 4], "003 3.A.V's 1/1/2/2/2/2/3/3 example"
    assert len(eight.calls) == 8 and len(eight.conditions) == 8


def test_checking_a_spec_starts_each_cell_with_its_cards_and_puts_the_shipped_ones_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    lives: list[int] = []
    new_game = engine.new_game

    def counting(scenario: Scenario, rules: Rules | None = None) -> GameState:
        lives.append(catalog.mode(scenario.mode).lives.value)
        return new_game(scenario, rules)

    monkeypatch.setattr(engine, "new_game", counting)
    before = catalog.designed_cards()
    td_spec(overrides=["none", "standard-3.lives=1"])
    assert lives == [6, 1], "each cell's first position is set up with its own cards"
    assert catalog.designed_cards() == before and catalog.mode("standard-3").lives.value == 6


def test_the_tower_rows_say_the_floor_reached() -> None:
    spec = SweepSpec(game="the-tower", vary={"starting_hp": [6, 40]}, policies=["greedy"], games=10, seed=1)
    result = run_sweep(spec, in_process=True)
    games = result.games
    assert str(games["floor_reached"].dtype) == "Int64" and games["turns"].isna().all()
    assert games["floor_reached"].between(1, 4).all() and games["floor_reached"].nunique() > 1
    assert (games.loc[games["won"], "floor_reached"] == 4).all() and games["won"].any()
    by_hand = games.groupby("cell")["floor_reached"].mean()
    assert list(result.summary["mean_floor_reached"]) == pytest.approx(list(by_hand))
    td = run_sweep(td_spec(overrides=["none"], games=1, rules={"turn_limit": 3}), in_process=True)
    assert td.games["floor_reached"].isna().all() and "mean_floor_reached" not in td.summary
