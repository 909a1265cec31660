"""Ladders: Wilson intervals, both seat orders, the same seeds for every solo policy, and the CLI's shape."""

from __future__ import annotations

import functools
import itertools
import json
from typing import Any

import pytest

from rules.attack_the_tower import engine
from rules.attack_the_tower.game import GAME
from rules.attack_the_tower.model import GameState
from rules.attack_the_tower.policies import policy
from rules.attack_the_tower.variants import Rules
from rules.cli import main
from rules.core.chance import ChanceSampler
from rules.core.errors import look_up
from rules.core.ladder import Rate, Rung, game_seed, head_to_head, ladder, ladder_games, pool_runner, wilson
from rules.core.playout import play_out
from rules.sweeps.ladder_runner import ladder_runner
from rules.the_tower import engine as the_tower
from rules.the_tower import game as the_tower_game
from rules.the_tower.policies import policy as the_tower_policy
from rules.the_tower.variants import Rules as TheTowerRules
from tests.timings import without_timings


def test_wilson_interval_matches_the_formula() -> None:
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(0, 10)[1] == pytest.approx(0.2775, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_a_head_to_head_rung_holds_only_when_a_few_lucky_games_cannot_explain_it() -> None:
    def rate(wins: int, games: int) -> Rate:
        low, high = wilson(wins, games)
        return Rate(wins, games, low, high, 10.0)

    # 3 wins of 3 is 100%, but its Wilson 95% interval (43.9%-100%) reaches 50%
    lucky = Rung("greedy", "random", rate(3, 3), rate(0, 3), 0, True)
    assert not lucky.holds and lucky.describe().endswith(
        "not shown yet (60% or more, but its interval reaches 50%: play more games)"
    )
    assert Rung("greedy", "random", rate(12, 12), rate(0, 12), 0, True).holds  # 75.8%-100%
    assert "with 1 draw in" in Rung("b", "a", rate(2, 4), rate(1, 4), 1, True).describe()
    assert "with 2 draws in" in Rung("b", "a", rate(1, 4), rate(1, 4), 2, True).describe()


def test_an_unknown_name_is_refused_with_the_names_there_are() -> None:
    with pytest.raises(KeyError, match=r"unknown policy 'grdy'; policies: random, greedy"):
        look_up({"random": 1, "greedy": 2}, "grdy", "policy")
    with pytest.raises(KeyError, match=r"unknown example 'x'; examples: a"):
        look_up({"a": 1}, "x", "example")


def test_a_name_that_names_nothing_is_a_refusal_said_without_a_key_errors_quotes() -> None:
    """`Explorer("nosuch")` printed `KeyError: "unknown example 'nosuch'; ..."`, quoted as a key's repr."""
    from explorer import Explorer
    from rules import registry
    from rules.core.errors import RulesError, UnknownName

    for lookup in (lambda: Explorer("nosuch"), lambda: registry.descriptor("nosuch"), lambda: look_up({}, "x", "army")):
        with pytest.raises(UnknownName) as refused:
            lookup()
        assert isinstance(refused.value, KeyError) and isinstance(refused.value, RulesError)
        assert str(refused.value).startswith(("unknown ", "no game 'nosuch'; games: ")), str(refused.value)


def test_a_solo_rung_holds_only_when_the_intervals_are_apart() -> None:
    def rate(wins: int) -> Rate:
        low, high = wilson(wins, 400)
        return Rate(wins, 400, low, high, 10.0)

    assert Rung("b", "a", rate(60), rate(20), 0, False).holds
    assert not Rung("b", "a", rate(30), rate(20), 0, False).holds
    assert Rung("b", "a", rate(240), rate(160), 0, True).holds
    assert not Rung("b", "a", rate(239), rate(161), 0, True).holds
    assert Rung("b", "a", rate(60), rate(20), 0, False).describe().endswith("holds (the intervals are apart)")
    assert Rung("b", "a", rate(30), rate(20), 0, False).describe().endswith("does not hold (the intervals overlap)")
    # the weaker one shown stronger says so (it said the intervals overlap, 0/4 beside 4/4)
    assert (
        Rung("b", "a", rate(20), rate(60), 0, False)
        .describe()
        .endswith("does not hold: a is the stronger here (the intervals are apart)")
    )
    assert Rung("b", "a", rate(239), rate(161), 0, True).describe().endswith("does not hold (under 60%)")


def test_head_to_head_plays_half_the_games_in_each_seat() -> None:
    seats: list[str] = []

    class Recording:
        def __init__(self, name: str) -> None:
            self.name = name
            self.inner = policy("random")

        def choose(self, state: GameState, sampler: ChanceSampler, player: int) -> Any:
            if state.turn == 1 and state.phase == "setup_draw":
                seats.append(f"{self.name}:{player}")
            return self.inner.choose(state, sampler, player)

    rung = head_to_head(GAME, lambda: engine.new_game(rules=Rules(turn_limit=2)), Recording("s"), Recording("w"), 4)
    assert rung.stronger.games == 4 and rung.stronger.wins + rung.weaker.wins + rung.draws == 4
    firsts = [s for s in dict.fromkeys(seats) if s.endswith(":0")]
    assert set(firsts) == {"s:0", "w:0"}


def _ladder_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    code = main([*list(args), "--json"])
    out, err = capsys.readouterr()
    assert code in (0, 1), err
    data: dict[str, object] = json.loads(out)
    assert data["holds"] == (code == 0)
    return data


def _check_rungs(data: dict[str, object], names: list[str], games: int) -> None:
    rungs = data["rungs"]
    assert isinstance(rungs, list) and len(rungs) == len(names) - 1
    for rung, (weaker, stronger) in zip(rungs, itertools.pairwise(names), strict=True):
        assert (rung["weaker"], rung["stronger"]) == (weaker, stronger)
        for side in ("stronger_result", "weaker_result"):
            result = rung[side]
            assert result["games"] == games and 0 <= result["wins"] <= games
            low, high = result["ci95"]
            assert 0.0 <= low <= result["rate"] <= high <= 1.0
        assert isinstance(rung["holds"], bool)


def test_attack_the_tower_ladder_pairs_each_policy_with_the_next(capsys: pytest.CaptureFixture[str]) -> None:
    names = ["random", "greedy", "planner"]  # the search above them: tests/attack_the_tower/test_search.py
    data = _ladder_json(
        capsys, "attack-the-tower", "ladder", "--games", "4", "--turn-limit", "30", "--policies", ",".join(names)
    )
    _check_rungs(data, names, 4)
    for rung in data["rungs"]:  # type: ignore[attr-defined]
        assert rung["head_to_head"] is True
        assert rung["stronger_result"]["wins"] + rung["weaker_result"]["wins"] + rung["draws"] == 4


def test_a_rung_is_the_same_in_chunks_as_in_one_run() -> None:
    start = lambda: engine.new_game(rules=Rules(turn_limit=12))  # noqa: E731
    whole = head_to_head(GAME, start, policy("greedy"), policy("random"), 10, seed=3)
    chunked = head_to_head(GAME, start, policy("greedy"), policy("random"), 10, seed=3, chunk=3)
    assert chunked == whole
    other_seed = head_to_head(GAME, start, policy("greedy"), policy("random"), 10, seed=4, chunk=3)
    assert other_seed.stronger.mean_steps != whole.stronger.mean_steps


def test_attack_the_tower_ladder_on_workers_matches_one_process(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["attack-the-tower", "ladder", "--games", "6", "--policies", "random,greedy", "--turn-limit", "20"]
    here = _ladder_json(capsys, *args)
    on_cluster = _ladder_json(capsys, *args, "--workers", "2")
    assert without_timings(on_cluster) == without_timings(here)
    assert all(r["stronger_result"]["seconds_a_game"] > 0 for r in here["rungs"])  # type: ignore[attr-defined]


def test_the_tower_ladder_compares_win_rates(capsys: pytest.CaptureFixture[str]) -> None:
    data = _ladder_json(capsys, "the-tower", "ladder", "--games", "2", "--policies", "random,greedy")
    _check_rungs(data, ["random", "greedy"], 2)


def test_the_tower_ladder_counts_the_games_won(capsys: pytest.CaptureFixture[str]) -> None:
    """A won game of The Tower (a solo game: no `winner`, `won` true) counts as a win on its rung, game for game
    as the policy's own playouts on the ladder's seeds say."""
    rules = TheTowerRules(starting_hp=60)
    greedy = the_tower_policy("greedy")
    won = [
        the_tower.outcome(
            play_out(the_tower_game.GAME, the_tower.new_game(rules), [greedy], ChanceSampler(game_seed(0, 0, i))).final
        )
        for i in range(20)
    ]
    expected = sum(1 for result in won if result is not None and result.won)
    assert expected > 0, "60 HP lets the greedy policy win some of these games"
    data = _ladder_json(
        capsys, "the-tower", "ladder", "--games", "20", "--policies", "random,greedy", "--variant", "starting_hp=60"
    )
    rungs = data["rungs"]
    assert isinstance(rungs, list)
    assert rungs[0]["stronger_result"]["wins"] == expected


def test_tower_defense_ladder_compares_win_rates(capsys: pytest.CaptureFixture[str]) -> None:
    data = _ladder_json(
        capsys, "tower-defense", "ladder", "--games", "1", "--turn-limit", "2", "--policies", "simple,coop"
    )
    _check_rungs(data, ["simple", "coop"], 1)


def test_ladder_refuses_bad_counts(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (
        ["attack-the-tower", "ladder", "--games", "1"],
        ["attack-the-tower", "ladder", "--policies", "planner"],
        ["attack-the-tower", "ladder", "--turn-limit", "0"],
        ["the-tower", "ladder", "--games", "0"],
        ["tower-defense", "ladder", "--players", "5"],
    ):
        assert main(args) == 2
        assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize("game", ["attack-the-tower", "the-tower", "tower-defense"])
def test_a_ladder_refuses_a_policy_named_twice_and_says_what_its_exit_code_means(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([game, "ladder", "--policies", "random,random"]) == 2
    assert "--policies names random twice: a rung compares two different policies" in capsys.readouterr().err
    assert main([game, "ladder", "--help"]) == 0
    assert "exit code: 0 when every rung holds, 1 when one does not" in " ".join(capsys.readouterr().out.split())


def test_a_rung_the_other_way_round_says_which_policy_is_the_stronger() -> None:
    def rate(wins: int) -> Rate:
        low, high = wilson(wins, 400)
        return Rate(wins, 400, low, high, 10.0)

    said = Rung("search", "tuned", rate(60), rate(310), 30, True).describe()
    assert said.endswith("does not hold: tuned is the stronger here (77.5%, its interval clear of 50%)")
    assert "search wins 15.0% of them, a draw not a win" in said


RUNNERS = {"here": lambda: pool_runner(1), "process pool": lambda: pool_runner(2), "dask": lambda: ladder_runner(2)}


@pytest.mark.parametrize("where", list(RUNNERS))
def test_a_ladder_tells_its_progress_every_game_it_plays(where: str) -> None:
    told: list[int] = []
    chosen = [policy("random"), policy("greedy"), policy("planner")]
    start = functools.partial(engine.new_game, ("undead", "bandits"), Rules(turn_limit=30))
    with RUNNERS[where]() as runner:
        rungs = ladder(GAME, start, chosen, 6, runner=runner, chunk=4, progress=told.append)
    assert sum(told) == ladder_games(GAME, len(chosen), 6) == 12 == sum(r.stronger.games for r in rungs)
    assert sorted(told) == [2, 2, 4, 4]  # chunk by chunk: 4 and 2 games a rung
    solo: list[int] = []
    tower = [the_tower_policy("random"), the_tower_policy("greedy")]
    ladder(the_tower_game.GAME, the_tower.new_game, tower, 3, players=1, progress=solo.append)
    assert solo == [1] * ladder_games(the_tower_game.GAME, len(tower), 3) == [1] * 6
