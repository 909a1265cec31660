"""Experience Points (seed 003 'Earning Experience Points'), with both worked examples."""

from __future__ import annotations

from rules.tower_defense import catalog
from rules.tower_defense.cards import ExpBracket
from rules.tower_defense.engine import experience

B = [
    ExpBracket(low=1, high=3, points=1, exp_type="B"),
    ExpBracket(low=4, high=5, points=1, exp_type="B"),
    ExpBracket(low=6, high=None, points=1, exp_type="B"),
]


def test_lives_brackets_add_up() -> None:
    # 003: "players will earn 1 EXP of the B Type if players complete the map with between 1-3 lives, then
    # another 1 B EXP if players have 4-5 lives, then another 1 B EXP if players have 6+ lives. Completing
    # with 6+ Lives earned all 3 possible B EXP at that one time."
    assert sum(e.points for e in experience.earned([B], 1, 6)) == 3
    assert sum(e.points for e in experience.earned([B], 1, 2)) == 1


def test_a_point_is_earned_once() -> None:
    # 003: "If the Map was completed with 4 or 5 lives previously, players may attempt to complete the Map
    # with 6 lives to earn 1 additional B EXP. If players complete the map again with 1-5 lives, Players do
    # not receive any EXP."
    before = [(e.tier, e.bracket) for e in experience.earned([B], 1, 5)]
    assert sum(e.points for e in experience.earned([B], 1, 6, before)) == 1
    assert experience.earned([B], 1, 4, before) == []


def test_a_failed_session_earns_nothing() -> None:
    # 003: "If players have failed a game session, players earn no Experience Points"
    assert experience.earned([B], 1, 6, failed=True) == []


def test_enhanced_conditions_earn_the_easier_tiers() -> None:
    # 003: "If players complete the Tier III Conditions with 5 lives, without ever having played Tier I or
    # Tier II, players will receive Tier I 2 (B) EXP, Tier II 4 (U) EXP, and Tier III 2 (S) EXP. Players
    # can later re-play the Tier III Map to earn the remaining 1 (B) EXP, 2 (U) EXP, and 1 (S) EXP"
    tiers = catalog.mode("standard-3").tiers
    first = experience.earned(tiers, 3, 5)
    assert experience.totals(first) == {(0, "B"): 2, (1, "U"): 4, (2, "S"): 2}
    again = experience.earned(tiers, 3, 6, [(e.tier, e.bracket) for e in first])
    assert experience.totals(again) == {(0, "B"): 1, (1, "U"): 2, (2, "S"): 1}
