"""The tuning of the learned evaluation into the `tuned` policy's: mirrored weights from the tuned numbers and
back, trial games that alternate seats and do not depend on how they are chunked, a run that writes a file the
policy reads with how it was tuned, and the shipped file that says so."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

from rules.attack_the_tower import policies
from rules.attack_the_tower.policies import tuning
from rules.attack_the_tower.policies.features import FEATURES, SIDE_FEATURES
from rules.attack_the_tower.policies.learned import (
    EVALUATION_FILE,
    TUNED_EVALUATION_FILE,
    Evaluation,
    LearnedPolicy,
    shipped_evaluation,
)
from rules.attack_the_tower.policies.training import PAIRS
from rules.core.ladder import run_here


def test_the_tuned_numbers_give_mirrored_weights_and_back() -> None:
    numbers = {name: 0.1 * i - 0.7 for i, name in enumerate(tuning.PARAMETERS)}
    weights = tuning.weights_of(numbers)
    assert len(weights) == len(FEATURES)
    named = dict(zip(FEATURES, weights, strict=True))
    for name in SIDE_FEATURES:
        assert named[f"their_{name}"] == -named[f"my_{name}"] == -numbers[name]
    assert named["their_attack_over_my_weakest"] == -numbers["attack_over_weakest"]
    assert tuning.parameters_of(weights) == numbers


def test_trial_games_alternate_seats_and_do_not_depend_on_chunks() -> None:
    trial = tuning.TrialGames(shipped_evaluation(), games=2, seed=7)
    assert [trial.learned_seat(i) for i in range(4)] == [0, 1, 0, 1]  # each pair: one game in each seat
    everything = range(2 * len(PAIRS))
    whole = [(winner, steps) for winner, steps, _ in trial(everything)]
    parts = [(w, s) for chunk in (range(0, 5), range(5, 24)) for w, s, _ in trial(chunk)]
    assert whole == parts
    won = sum(winner == trial.learned_seat(i) for i, (winner, _) in enumerate(whole))
    assert trial.win_rate(run_here) == won / len(whole)
    with tuning.process_runner(2) as pool:  # the worker processes play the same games
        assert trial.win_rate(pool) == won / len(whole)


def test_a_short_tuning_writes_an_evaluation_with_how_it_was_tuned(tmp_path: Path) -> None:
    out = tmp_path / "tuned.json"
    argv = ["--trials", "2", "--games", "1", "--confirm", "1", "--confirm-games", "1", "--workers", "1"]
    assert tuning.main([*argv, "--out", str(out)]) == 0
    written = json.loads(out.read_text("utf-8"))
    fitted = _shipped(EVALUATION_FILE)
    assert (written["means"], written["scales"], written["how"]) == (fitted["means"], fitted["scales"], fitted["how"])
    tuned = written["tuned"]
    assert tuned["trials"] == 2 and tuned["games_a_pair"] == 1 and tuned["started_from"] == EVALUATION_FILE
    assert tuned["command"].endswith(" ".join([*argv, "--out", str(out)]))
    kept = [c for c in tuned["confirmed"] if c["trial"] == tuned["kept_trial"]]
    assert kept and all(kept[0]["confirmed"] >= c["confirmed"] for c in tuned["confirmed"])
    assert any(c["trial"] == 0 for c in tuned["confirmed"])  # the fitted weights are always played again
    assert Evaluation.from_json(written).weights == tuple(written["weights"])


def test_the_shipped_tuned_evaluation_says_how_it_was_tuned_and_the_tuned_policy_reads_it() -> None:
    data = _shipped(TUNED_EVALUATION_FILE)
    tuned = data["tuned"]
    assert tuned["command"].startswith("python -m rules.attack_the_tower.policies.tuning")
    assert tuned["trials"] >= 100 and tuned["games_a_pair"] >= 30 and "optuna" in tuned["versions"]
    kept = next(c for c in tuned["confirmed"] if c["trial"] == tuned["kept_trial"])
    fitted = next(c for c in tuned["confirmed"] if c["trial"] == 0)
    assert kept["confirmed"] >= fitted["confirmed"]  # kept only when it did at least as well on fresh games
    evaluation = Evaluation.from_json(data)
    assert tuning.weights_of(tuning.parameters_of(evaluation.weights)) == evaluation.weights  # mirrored exactly
    assert (evaluation.means, evaluation.scales) == (shipped_evaluation().means, shipped_evaluation().scales)
    player = policies.policy("tuned")
    assert isinstance(player, LearnedPolicy) and player.name == "tuned"
    assert player.evaluation == shipped_evaluation(TUNED_EVALUATION_FILE) == evaluation


def _shipped(file: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(resources.files("rules.attack_the_tower").joinpath("data", file).read_text())
    return data
