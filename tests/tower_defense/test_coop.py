"""The cooperative policy spends its credits: it builds wherever a tower reaches track."""

from __future__ import annotations

from fractions import Fraction

from rules.core.chance import ChanceSampler
from rules.core.playout import play_out
from rules.tower_defense import engine, examples
from rules.tower_defense.game import GAME
from rules.tower_defense.policies import cover, policy
from rules.tower_defense.variants import Rules


def test_cover_counts_less_watched_track_more() -> None:
    watched = {(0, 0): 0, (1, 0): 1, (5, 5): 0}
    assert cover((0, 1), 2, watched) == Fraction(1) + Fraction(1, 2)


def test_coop_builds_more_towers_than_the_simple_policy_from_the_same_credits() -> None:
    # 003 6.A.I: "build a tower card of your Build / Upgrade stack on an unoccupied space"
    def towers(name: str) -> tuple[int, int]:
        state = engine.new_game(examples.scenario("beginner", 2), Rules(turn_limit=14))
        line = play_out(GAME, state, [policy(name)] * 2, ChanceSampler(0))
        left = sum(len(p.stacks.build) for p in line.final.players)
        return len(line.final.towers), left

    simple, coop = towers("simple"), towers("coop")
    assert coop[0] > simple[0]
    assert coop[1] < simple[1]
