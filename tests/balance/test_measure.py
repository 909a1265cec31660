"""Tallies and distances: a measure's interval, how far it surely lies from the target, and a candidate's worst."""

from __future__ import annotations

from types import SimpleNamespace

from rules.balance.measure import Tally, add_tallies, objectives
from rules.balance.report import check_lines
from rules.core.ladder import wilson


def test_the_distance_bounds_come_from_the_wilson_interval() -> None:
    tally = Tally(30, 100)
    low, high = wilson(30, 100)
    least, most = tally.distance_bounds(0.5)
    assert least == 0.5 - high and most == 0.5 - low and tally.distance(0.5) == 0.2


def test_an_interval_holding_the_target_may_be_at_it() -> None:
    least, most = Tally(5, 10).distance_bounds(0.5)
    assert least == 0.0 and most > 0.2


def test_a_wider_confidence_gives_a_wider_range_of_distances() -> None:
    tally = Tally(20, 100)
    assert tally.distance_bounds(0.5, 0.99)[0] < tally.distance_bounds(0.5, 0.95)[0]


def test_the_worst_measure_and_its_bounds() -> None:
    tallies = {"a v b": Tally(50, 100), "a v c": Tally(20, 100), "b v c": Tally(60, 100)}
    found = objectives(tallies, 0.5)
    assert found.worst_measure == "a v c" and abs(found.worst - 0.3) < 1e-12
    assert abs(found.mean - (0 + 0.3 + 0.1) / 3) < 1e-12
    assert found.worst_low == tallies["a v c"].distance_bounds(0.5)[0]
    assert found.worst_low < found.worst < found.worst_high


def test_tallies_add_measure_by_measure() -> None:
    added = add_tallies({"x": Tally(1, 2, 1)}, {"x": Tally(3, 4), "y": Tally(0, 1)})
    assert added == {"x": Tally(4, 6, 1), "y": Tally(0, 1)}


def test_the_army_that_moved_most_is_the_one_whose_mean_share_changed_most() -> None:
    from rules.balance.report import moved_most

    armies = ("undead", "bandits", "westerners")
    before = {
        "undead v bandits": Tally(30, 100),
        "undead v westerners": Tally(30, 100),
        "bandits v westerners": Tally(50, 100),
    }
    after = {
        "undead v bandits": Tally(45, 100),
        "undead v westerners": Tally(45, 100),
        "bandits v westerners": Tally(50, 100),
    }
    assert moved_most(armies, before, after) == "undead"  # +15 points; the others -7.5 each
    two = ("undead", "bandits")
    assert (
        moved_most(two, {"undead v bandits": Tally(3, 10)}, {"undead v bandits": Tally(5, 10)}, ["bandits"])
        == "bandits"
    )


def test_the_report_warns_when_the_checks_fresh_games_do_not_point_the_searchs_way() -> None:
    # three matchups: the answer's check leaves the worst where it was and moves the mean away
    before = {"a v b": Tally(6, 20), "a v c": Tally(10, 20), "b v c": Tally(14, 20)}
    worse = {"a v b": Tally(6, 20), "a v c": Tally(7, 20), "b v c": Tally(14, 20)}
    better = {"a v b": Tally(9, 20), "a v c": Tally(10, 20), "b v c": Tally(12, 20)}
    spec = SimpleNamespace(target=0.5)
    (warned,) = check_lines(SimpleNamespace(spec=spec, before=before, after=worse))  # type: ignore[arg-type]
    assert warned.startswith("the check's fresh games do NOT point the same way (worst distance 20.0 -> 20.0 points")
    assert "--verify-games" in warned
    (borne,) = check_lines(SimpleNamespace(spec=spec, before=before, after=better))  # type: ignore[arg-type]
    # 20 games a matchup: 20 -> 10 points from the target is within the check's noise, and the line says so
    assert borne.startswith(
        "the check's fresh games point the same way, but within their noise (worst distance 20.0 -> 10.0 points, "
        "mean 13.3 -> 5.0; 95%: "
    )
    assert borne.endswith("after): play more games (--verify-games) before trusting it")
    # 400 games a matchup: 30% -> 49% clears the noise
    wide = {"a v b": Tally(120, 400)}
    (clear,) = check_lines(SimpleNamespace(spec=spec, before=wide, after={"a v b": Tally(196, 400)}))  # type: ignore[arg-type]
    assert clear == (
        "the check's fresh games point the same way, beyond their noise: "
        "worst distance 20.0 -> 1.0 points, mean 20.0 -> 1.0"
    )
    assert check_lines(SimpleNamespace(spec=spec, before=before, after={})) == []  # type: ignore[arg-type]
