"""The boost arithmetic and Hit Points of seed 003, each worked example of the rulebook reproduced."""

from __future__ import annotations

import pytest

from rules.tower_defense import catalog, engine, examples
from rules.tower_defense.actions import Attack, Boost
from rules.tower_defense.engine import combat
from rules.tower_defense.model import FieldWave, Tower
from rules.tower_defense.variants import Rules

RULES = Rules()


def damage(card: str, level: int, credits: tuple[str, ...]) -> int:
    tower = Tower(card=card, at=(0, 0), owner=0, level=level)
    return combat.total(combat.tower_damage(RULES, tower, credits))  # type: ignore[arg-type]


def test_one_boost_credit_on_a_boost_tower() -> None:
    # 003 6.C.I: "if a player discards 1 Boost Credit to Boost a Level 1 Mk. I Boost Tower, that Tower
    # will be Boosted by +2 damage this turn, dealing a total of 3 damage (1 Base Damage +2 Boost Damage)."
    assert damage("boost.1", 1, ("boost",)) == 3


def test_one_other_credit_on_a_boost_tower() -> None:
    # 003 6.C.I: "If a player discards any other type of Credit, the Level 1 Mark I Boost Tower would
    # receive +1 Damage, dealing a total of 2 damage (1 Base Damage +1 Boost Damage)."
    for kind in ("standard", "charge", "combine", "universal"):
        assert damage("boost.1", 1, (kind,)) == 2


def test_one_credit_adds_one_to_any_tower() -> None:
    # 003 6.C.I: "Discarding exactly 1 of any type of credit will increase the damage of any tower by 1"
    assert damage("standard.1", 1, ("boost",)) == 5
    assert damage("standard.1", 1, ("standard",)) == 5


def test_exactly_two_matching_credits() -> None:
    # 003 6.C.II: "Player 1 discards 1 Standard Credit and Player 2 discards 1 Standard Credit to Boost a
    # Level 1 Mark 1 Standard Tower, the combined Boost will total +3 damage (... = 7 Damage)."
    assert damage("standard.1", 1, ("standard", "standard")) == 7


def test_exactly_two_different_credits() -> None:
    # 003 6.C.II: "If the two Credits are of different types, the total Boosted damage will +2 damage
    # (for a total of 4 Base damage + 2 Boost damage = 6 Damage)."
    assert damage("standard.1", 1, ("standard", "charge")) == 6


def test_two_boost_credits_on_a_level_1_boost_tower() -> None:
    # 003 6.C.II: "discards exactly 2 Boost Credits to Boost a Level 1 Mark I Boost Tower, damage is
    # Boosted by +6 damage (3 Damage doubled) this turn, dealing a total of 7"
    assert damage("boost.1", 1, ("boost", "boost")) == 7


def test_two_boost_credits_on_a_level_3_boost_tower() -> None:
    # 003 6.C.II: "A Level 3 Mark I Boost Tower that is boosted by Exactly 2 Boost Energy will deal 2 Base
    # Damage + (3 Damage tripled), totaling 11 damage."
    assert damage("boost.1", 3, ("boost", "boost")) == 11


def test_two_non_boost_credits_on_a_boost_tower() -> None:
    # 003 6.C.II: "If a player discards exactly 2 Credits, of which neither are Boost Credits, the total
    # boost would be +2 damage this turn, dealing a total of 3"
    assert damage("boost.1", 1, ("standard", "standard")) == 3
    assert damage("boost.1", 1, ("standard", "charge")) == 3


def test_one_boost_and_one_other_credit_on_a_boost_tower() -> None:
    # 003 6.C.II: "exactly 1 of those credits is a Boost Credit and the other is not a Boost Credit, the
    # total would be +3 damage, dealing a total of 4"
    assert damage("boost.1", 1, ("boost", "charge")) == 4


def test_three_credits_lose_the_matching_bonus() -> None:
    # 003 6.C.II: "If a Tower is boosted by 3+ Energy, regardless of Energy Type, that Tower does not
    # receive Exactly 2 Matching Energy damage increase at all."
    assert damage("standard.1", 1, ("standard", "standard", "standard")) == 7
    assert damage("boost.1", 1, ("boost", "boost", "boost")) == 7


def test_the_printed_numbers() -> None:
    # 003: "Mark I Standard Tower. 2 Universal Credits to Build. 1 Universal Credit to Upgrade."
    std = catalog.tower("standard.1")
    assert (std.build_cost.value, std.upgrade_cost.value, std.damage(1)) == (2, 1, 4)
    assert not (std.build_cost.assumed or std.upgrade_cost.assumed or std.damage_by_level[0].assumed)  # type: ignore[index]
    boost = catalog.tower("boost.1")
    assert (boost.damage(1), boost.damage(3), boost.multiplier(1), boost.multiplier(3)) == (1, 2, 2, 3)
    assert std.sell_value.assumed and boost.build_cost.assumed


def test_a_radius_tower_may_not_be_boosted() -> None:
    # 003: "Radius indicates that the Tower cannot directly deal damage by attacking, and may not be Boosted."
    assert not combat.can_boost(catalog.tower("combine.1"))
    assert combat.can_boost(catalog.tower("charge.1"))


def test_wave_modifier_hit_points() -> None:
    # 003 phase 2: "Wave Modifiers have Hit Points equal to 2 + Wave Modifier Difficulty + Wave Number.
    # For example, a Wave 2 Modifier with a Level Difficulty 3 would have 7 Hit Points."
    state = examples.movement_example()
    wave = FieldWave(id="rank2.a", number=2, space=4, modifier="rushing")
    assert catalog.modifier("rushing").level == 3
    assert combat.modifier_hit_points(state, wave) == 7
    by_rank = state.replace(rules=Rules(modifier_hit_points_from="rank"))
    assert combat.modifier_hit_points(by_rank, FieldWave(id="rank3.a", number=1, space=0, modifier="rushing")) == 8


def test_resistance_reduces_its_damage_type_only() -> None:
    # 003: "When attacking a Unit with Resistance, reduce the Damage Type total by the amount of the
    # Resistance Type."
    resistant = next(u for w in catalog.waves().values() for u in w.units if u.has("resistance"))
    attr = next(a for a in resistant.attributes if a.kind == "resistance")
    assert attr.damage_type is not None
    assert combat.after_resistance({attr.damage_type: 5, "boost": 2}, resistant) == 7 - attr.amount
    assert combat.after_resistance({"combine": 5}, resistant) == 5 - (
        attr.amount if attr.damage_type == "combine" else 0
    )


@pytest.mark.parametrize(("credits", "total"), [(("standard.1", "standard.1"), 7), (("standard.1", "charge.1"), 6)])
def test_two_players_boost_one_attack(credits: tuple[str, str], total: int) -> None:
    # 003 6.C.I: "Any number of players may boost the damage of a single attack." (6.C.II's example)
    state = examples.position(
        players=2,
        towers=(Tower(card="standard.1", at=(3, 0), owner=0),),
        stacks={0: {"boost": [credits[0]]}, 1: {"boost": [credits[1]]}},
        waves=(FieldWave(id="rank1.example", number=1, space=3),),
        upcoming=(),
        phase="actions",
    )
    state, _ = engine.apply(state, Boost(player=0, at=(3, 0), card=credits[0]))
    state, events = engine.apply(state, Boost(player=1, at=(3, 0), card=credits[1]))
    tower = state.tower_at((3, 0))
    assert tower is not None and combat.total(combat.tower_damage(state.rules, tower)) == total
    state, events = engine.apply(state, Attack(player=0, at=(3, 0), wave="rank1.example"))
    assert any(getattr(e, "damage", None) == total for e in events)
