"""The tuning of the learned evaluation into the `tuned` policy's: mirrored weights from the tuned numbers and
back, a trial's wins counted in both seats whatever the chunks or the worker processes, a run that writes a file the
policy reads with how it was tuned, and the shipped file that says so."""

from __future__ import annotations

import functools
import json
import shlex
from importlib import resources
from pathlib import Path
from typing import Any

from rules.attack_the_tower import engine, policies
from rules.attack_the_tower.game import GAME
from rules.attack_the_tower.policies import training, tuning
from rules.attack_the_tower.policies.features import FEATURES, SIDE_FEATURES
from rules.attack_the_tower.policies.learned import (
    EVALUATION_FILE,
    TUNED_EVALUATION_FILE,
    Evaluation,
    LearnedPolicy,
    TunedPolicy,
    shipped_evaluation,
)
from rules.attack_the_tower.policies.training import PAIRS
from rules.attack_the_tower.variants import Rules
from rules.core.ladder import RungGames, pool_runner


def test_the_tuned_numbers_give_mirrored_weights_and_back() -> None:
    numbers = {name: 0.1 * i - 0.7 for i, name in enumerate(tuning.PARAMETERS)}
    weights = tuning.weights_of(numbers)
    assert len(weights) == len(FEATURES)
    named = dict(zip(FEATURES, weights, strict=True))
    for name in SIDE_FEATURES:
        assert named[f"their_{name}"] == -named[f"my_{name}"] == -numbers[name]
    assert named["their_attack_over_my_weakest"] == -numbers["attack_over_weakest"]
    assert tuning.parameters_of(weights) == numbers


def test_a_trial_counts_the_tuned_players_wins_in_both_seats_whatever_the_chunks_or_the_workers() -> None:
    evaluation, rules = shipped_evaluation(), Rules(turn_limit=training.TURN_LIMIT)
    won = games = 0
    for pair, armies in enumerate(PAIRS):  # each pair's two games, one in each seat, in one chunk
        rung = RungGames(
            GAME,
            functools.partial(engine.new_game, armies, rules),
            TunedPolicy(evaluation),
            policies.policy("planner"),
            2,
            7,
            pair,
        )
        assert [rung.stronger_first(i) for i in range(2)] == [True, False]
        for i, (winner, _, _) in enumerate(rung(range(2))):
            won += winner == (0 if rung.stronger_first(i) else 1)
            games += 1
    assert tuning.win_rate(evaluation, 2, 7) == won / games  # chunks of one game each
    with pool_runner(2) as pool:  # the worker processes play the same games
        assert tuning.win_rate(evaluation, 2, 7, pool) == won / games


def test_a_short_tuning_writes_an_evaluation_with_how_it_was_tuned(tmp_path: Path) -> None:
    out = tmp_path / "tuned.json"
    argv = ["--trials", "2", "--games", "1", "--confirm", "1", "--confirm-games", "1", "--workers", "1"]
    argv += ["--player", "learned"]
    assert tuning.main([*argv, "--out", str(out)]) == 0
    written = json.loads(out.read_text("utf-8"))
    fitted = _shipped(EVALUATION_FILE)
    assert (written["means"], written["scales"], written["how"]) == (fitted["means"], fitted["scales"], fitted["how"])
    tuned = written["tuned"]
    assert tuned["trials"] == 2 and tuned["games_a_pair"] == 1 and tuned["started_from"] == EVALUATION_FILE
    assert tuned["player"] == "learned"
    assert tuned["command"].endswith(" ".join([*argv, "--out", str(out)]))
    kept = [c for c in tuned["confirmed"] if c["trial"] == tuned["kept_trial"]]
    assert kept and all(kept[0]["confirmed"] >= c["confirmed"] for c in tuned["confirmed"])
    assert any(c["trial"] == 0 for c in tuned["confirmed"])  # the fitted weights are always played again
    assert Evaluation.from_json(written).weights == tuple(written["weights"])


def test_the_shipped_tuned_evaluation_says_how_it_was_tuned_and_the_tuned_policy_reads_it() -> None:
    data = _shipped(TUNED_EVALUATION_FILE)
    rounds = [data["tuned"]]
    while "earlier_round" in rounds[-1]:
        rounds.append(rounds[-1]["earlier_round"])
    for tuned in rounds:  # each round's command, run again, is the round its record describes
        assert tuned["command"].startswith("python -m rules.attack_the_tower.policies.tuning ")
        args = tuning._parser().parse_args(shlex.split(tuned["command"])[3:])
        assert args.out is None  # it wrote the shipped file
        assert (args.trials, args.games, args.seed, args.spread, args.player) == (
            tuned["trials"],
            tuned["games_a_pair"],
            tuned["seed"],
            tuned["spread"],
            tuned["player"],
        )
        assert args.start == tuned.get("started_from", EVALUATION_FILE) and "optuna" in tuned["versions"]
        assert tuned["trials"] >= 80 and tuned["games_a_pair"] >= 30 and tuned["player"] in tuning.PLAYERS
        kept = next(c for c in tuned["confirmed"] if c["trial"] == tuned["kept_trial"])
        starting = next(c for c in tuned["confirmed"] if c["trial"] == 0)
        assert kept["confirmed"] >= starting["confirmed"]  # kept only when it did at least as well on fresh games
    assert rounds[-1].get("started_from", EVALUATION_FILE) == EVALUATION_FILE  # the first round began at the fit
    evaluation = Evaluation.from_json(data)
    assert tuning.weights_of(tuning.parameters_of(evaluation.weights)) == evaluation.weights  # mirrored exactly
    assert (evaluation.means, evaluation.scales) == (shipped_evaluation().means, shipped_evaluation().scales)
    player = policies.policy("tuned")
    assert isinstance(player, LearnedPolicy) and player.name == "tuned"
    assert player.evaluation == shipped_evaluation(TUNED_EVALUATION_FILE) == evaluation


def _shipped(file: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(resources.files("rules.attack_the_tower").joinpath("data", file).read_text())
    return data


def test_a_second_round_starts_from_the_tuned_weights_and_keeps_the_first_rounds_record(tmp_path: Path) -> None:
    out = tmp_path / "again.json"
    argv = ["--trials", "1", "--games", "1", "--confirm", "1", "--confirm-games", "1", "--workers", "1"]
    assert tuning.main([*argv, "--start", TUNED_EVALUATION_FILE, "--spread", "0.1", "--out", str(out)]) == 0
    written = json.loads(out.read_text("utf-8"))
    first = _shipped(TUNED_EVALUATION_FILE)
    tuned = written["tuned"]
    assert tuned["started_from"] == TUNED_EVALUATION_FILE and tuned["spread"] == 0.1 and tuned["player"] == "tuned"
    assert tuned["earlier_round"] == first["tuned"]
    assert tuned["kept_trial"] == 0 and written["weights"] == first["weights"]  # one trial: the starting weights
