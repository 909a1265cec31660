"""The decisions a front end asks of the rules: whether a selected tower attacks (engine.can_attack, the
check the attack itself makes) and which payment to take when none is named (appraisal.cheapest)."""

from __future__ import annotations

import pytest

from rules.core.errors import IllegalAction
from rules.tower_defense import catalog, engine, examples
from rules.tower_defense.actions import Attack, Build
from rules.tower_defense.model import Tower
from rules.tower_defense.policies import appraisal
from rules.tower_defense.variants import Rules


def test_a_range_tower_attacks_and_a_radius_tower_does_not() -> None:
    assert engine.can_attack(Tower(card="standard.1", at=(0, 0), owner=0, level=1))
    assert not engine.can_attack(Tower(card="combine.1", at=(0, 0), owner=0, level=1))


def test_the_attack_refuses_exactly_the_towers_that_cannot_attack() -> None:
    state = examples.example("busy-board")
    combiner = next(t for t in state.towers if catalog.tower(t.card).type == "combine")
    assert not engine.can_attack(combiner)
    wave = state.waves[0].id
    with pytest.raises(IllegalAction, match="Radius"):
        engine.apply(state, Attack(player=combiner.owner, at=combiner.at, wave=wave, target="unit", ignore=False))


def test_the_cheapest_payment_is_least_value_then_fewest_cards_whatever_the_order() -> None:
    rules = Rules()
    dear = Build(player=0, card="standard.1", at=(0, 0), payment=("standard.1", "boost.1"))
    one_card = Build(player=0, card="standard.1", at=(0, 0), payment=("standard.2",))
    cheap = Build(player=0, card="standard.1", at=(0, 0), payment=("standard.1",))
    assert [engine.payment_value(a.payment, rules) for a in (dear, one_card, cheap)] == [2, 2, 1]
    assert appraisal.cheapest([dear, one_card, cheap], rules) == cheap
    assert appraisal.cheapest([dear, one_card], rules) == one_card
    assert appraisal.cheapest([one_card, dear], rules) == one_card
    assert appraisal.cheapest([], rules) is None


def test_the_cheapest_breaks_a_tie_of_value_and_size_by_the_cards() -> None:
    rules = Rules()
    b = Build(player=0, card="standard.1", at=(0, 0), payment=("charge.1",))
    a = Build(player=0, card="standard.1", at=(0, 0), payment=("boost.1",))
    assert engine.payment_value(a.payment, rules) == engine.payment_value(b.payment, rules)
    assert appraisal.cheapest([b, a], rules) == a
