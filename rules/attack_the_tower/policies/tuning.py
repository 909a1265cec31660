"""How the `tuned` policy's evaluation is made from the learned one: optuna searches the fitted model's weights
for the most wins against the planner, on seeds the ladder and the bench never use, and the best few trials
are played again on fresh seeds before one is kept. The shipped weights are two rounds' work: a first from the
fitted weights with the learned player playing the trials, then a second from those with the tuned player (the
default `--player`, which also chooses its builds and allocations by the model) playing them:

    python -m rules.attack_the_tower.policies.tuning --trials 110 --games 30 --seed 1 --workers 2 --player learned
    python -m rules.attack_the_tower.policies.tuning --trials 80 --games 30 --seed 3 --spread 0.4 \\
        --start tuned_evaluation.json --player tuned --workers 2

The regression `policies.training` fits says how likely a position is to be won; the policy uses it to rank
the positions its choices lead to, and a model that predicts outcomes well need not rank choices well (fitted
to longer games it predicted better and played worse against the planner). So the fitted weights are where
the search starts: each side's weights (mirrored for the other side, as the fit makes them), the pair of
attack-over-weakest weights, `my_turn` and `turn` move within `--spread` of the starting values; optuna's TPE
sampler proposes them; a trial scores its win rate against the planner over the twelve ordered army pairs
(`--games` a pair, half in each seat). The `--confirm` best trials and the starting weights are played again
over `--confirm-games` a pair on the next seed; the best there is written to `data/tuned_evaluation.json` with
how it was tuned (the fit's own record kept). `--start tuned_evaluation.json` runs a further round from the
tuned weights (usually with a smaller `--spread` and other seeds), the earlier round's record kept in the new
one. Like the fit, this needs the `training` extra.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, fields
from importlib import metadata
from pathlib import Path
from typing import Any

from rules.attack_the_tower import engine
from rules.attack_the_tower.game import GAME
from rules.attack_the_tower.policies import learned, policy
from rules.attack_the_tower.policies.features import FEATURES, SIDE_FEATURES
from rules.attack_the_tower.policies.learned import Evaluation
from rules.attack_the_tower.policies.training import PAIRS, TURN_LIMIT
from rules.attack_the_tower.variants import Rules
from rules.core import limits
from rules.core.ladder import ChunkRunner, head_to_head, pool_runner, run_here

SPREAD = 0.8
"""How far (in standardised weight) a tuned weight may move from the fitted one."""

OPPONENT = "planner"

PLAYERS: dict[str, type[learned.LearnedPolicy]] = {p.name: p for p in (learned.TunedPolicy, learned.LearnedPolicy)}
"""Who plays the trials (`--player`): the tuned player, which builds by the model too, or the learned one."""

PARAMETERS = (*SIDE_FEATURES, "attack_over_weakest", "my_turn", "turn")
"""The numbers tuned: each side's weights (the other side's are their negatives), the attack-over-weakest pair
(likewise), and the two turn features."""


def weights_of(parameters: dict[str, float]) -> tuple[float, ...]:
    """The evaluation's weights, in `FEATURES` order, from the tuned numbers."""
    side = [parameters[name] for name in SIDE_FEATURES]
    attack = parameters["attack_over_weakest"]
    return (*side, *(-w for w in side), attack, -attack, parameters["my_turn"], parameters["turn"])


def parameters_of(weights: Sequence[float]) -> dict[str, float]:
    """The tuned numbers of a mirrored evaluation's weights (`my_` weights stand for both sides)."""
    named = dict(zip(FEATURES, weights, strict=True))
    return {
        **{name: named[f"my_{name}"] for name in SIDE_FEATURES},
        "attack_over_weakest": named["my_attack_over_their_weakest"],
        "my_turn": named["my_turn"],
        "turn": named["turn"],
    }


def win_rate(
    evaluation: Evaluation, games: int, seed: int, runner: ChunkRunner = run_here, player: str = "tuned"
) -> float:
    """`player`'s share of games won (draws are not wins) with this evaluation against the planner:
    `games` a pair over the twelve ordered army pairs, each pair a ladder rung (`rules.core.ladder.head_to_head`:
    half the games in each seat, each seeded from the seed, the pair and its index)."""
    rules = Rules(turn_limit=TURN_LIMIT)
    playing, opponent = PLAYERS[player](evaluation), policy(OPPONENT)
    wins = 0
    for pair, armies in enumerate(PAIRS):
        start = functools.partial(engine.new_game, armies, rules)
        rung = head_to_head(
            GAME, start, playing, opponent, games, seed=seed, rung=pair, runner=runner, chunk=games // 2
        )
        wins += rung.stronger.wins
    return wins / (games * len(PAIRS))


@dataclass(frozen=True)
class Budget:
    """How much the tuning plays: trials and their games a pair, the seeds, and the trials played again."""

    trials: int = 110
    games: int = 30
    seed: int = 1
    sampler_seed: int = 0
    confirm: int = 5
    confirm_games: int = 60
    spread: float = SPREAD
    player: str = "tuned"


def tune(starting: Evaluation, budget: Budget, runner: ChunkRunner) -> tuple[tuple[float, ...], dict[str, Any]]:
    """The tuned weights and what the tuning found (each confirmed trial's two scores). `starting` is where the
    search starts (trial 0): the fit's weights, or an earlier tuning's."""
    import optuna

    start = parameters_of(starting.weights)
    spread = budget.spread

    def evaluation(parameters: dict[str, float]) -> Evaluation:
        return Evaluation(weights_of(parameters), starting.intercept, starting.means, starting.scales)

    def objective(trial: optuna.Trial) -> float:
        parameters = {n: trial.suggest_float(n, start[n] - spread, start[n] + spread) for n in PARAMETERS}
        return win_rate(evaluation(parameters), budget.games, budget.seed, runner, budget.player)

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    sampler = optuna.samplers.TPESampler(seed=budget.sampler_seed)
    study = optuna.create_study(direction="maximize", sampler=sampler)
    study.enqueue_trial(start)  # the starting weights are trial 0: the score to beat
    study.optimize(objective, n_trials=budget.trials)
    ranked = sorted((t for t in study.trials if t.value is not None), key=lambda t: -float(t.value or 0.0))
    chosen = ranked[: budget.confirm] + [study.trials[0]] * (study.trials[0] not in ranked[: budget.confirm])
    confirmed: list[dict[str, Any]] = []
    for t in chosen:  # the best trials and the starting weights, played again on the next seed
        again = win_rate(evaluation(t.params), budget.confirm_games, budget.seed + 1, runner, budget.player)
        confirmed.append({"trial": t.number, "score": round(float(t.value or 0.0), 4), "confirmed": round(again, 4)})
    kept = max(confirmed, key=lambda c: (c["confirmed"], -c["trial"]))
    found = {"start_score": round(float(study.trials[0].value or 0.0), 4), "kept_trial": kept["trial"]}
    return weights_of(study.trials[kept["trial"]].params), {**found, "confirmed": confirmed}


def _parser() -> argparse.ArgumentParser:
    defaults = Budget()
    parser = argparse.ArgumentParser(prog="python -m rules.attack_the_tower.policies.tuning")
    count, seed = limits.count_argument, limits.count_argument("--seed", 0, limits.MAX_SEED)
    parser.add_argument("--trials", type=count("--trials", 1, MAX_TRIALS), default=defaults.trials)
    games = count("--games", 1, limits.MAX_GAMES)
    parser.add_argument("--games", type=games, default=defaults.games, help="games a trial plays for each army pair")
    parser.add_argument("--seed", type=seed, default=defaults.seed, help="the trials' games (played again: the next)")
    parser.add_argument("--sampler-seed", type=seed, default=defaults.sampler_seed, help="optuna's sampler's seed")
    confirm = count("--confirm", 1, MAX_TRIALS)
    parser.add_argument("--confirm", type=confirm, default=defaults.confirm, help="the best trials played again")
    confirm_games = count("--confirm-games", 1, limits.MAX_GAMES)
    parser.add_argument(
        "--confirm-games", type=confirm_games, default=defaults.confirm_games, help="their games a pair"
    )
    spread = limits.number_argument("--spread", *SPREAD_RANGE)
    parser.add_argument("--spread", type=spread, default=defaults.spread, help="how far a weight may move")
    parser.add_argument(
        "--start",
        choices=(learned.EVALUATION_FILE, learned.TUNED_EVALUATION_FILE),
        default=learned.EVALUATION_FILE,
        help="the shipped weights the search starts from: the fit's, or a second round from the tuned ones",
    )
    parser.add_argument("--player", choices=tuple(PLAYERS), default=defaults.player, help="who plays the trials")
    parser.add_argument("--workers", type=count("--workers", 1, limits.MAX_SWEEP_WORKERS), default=2)
    parser.add_argument("--out", type=Path, help="where to write the evaluation (default: the shipped file)")
    return parser


MAX_TRIALS = 10_000
"""The most trials a tuning runs (each plays every army pair's games)."""
SPREAD_RANGE = (0.01, 10.0)
"""How far a weight may be let move, at least and at most."""


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    budget = Budget(**{f.name: getattr(args, f.name) for f in fields(Budget)})  # each field is an option
    data: dict[str, Any] = json.loads(learned.data_file(args.start).read_text("utf-8"))
    earlier = data.pop("tuned", None)
    begun = time.perf_counter()
    with pool_runner(args.workers) as runner:
        weights, found = tune(Evaluation.from_json(data), budget, runner)
    data["weights"] = list(weights)
    data["tuned"] = {
        **found,
        "trials": budget.trials,
        "games_a_pair": budget.games,
        "pairs": [list(p) for p in PAIRS],
        "player": budget.player,
        "opponent": OPPONENT,
        "seed": budget.seed,
        "confirm_games_a_pair": budget.confirm_games,
        "spread": budget.spread,
        "sampler": f"optuna.samplers.TPESampler(seed={budget.sampler_seed}), the starting weights enqueued as trial 0",
        "started_from": args.start,
        **({"earlier_round": earlier} if earlier is not None else {}),
        "versions": {"optuna": metadata.version("optuna")},
        "minutes": round((time.perf_counter() - begun) / 60, 1),
        "command": " ".join(
            ["python -m rules.attack_the_tower.policies.tuning", *(sys.argv[1:] if argv is None else argv)]
        ),
    }
    out = args.out or Path(str(learned.data_file(learned.TUNED_EVALUATION_FILE)))
    out.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    kept = next(c for c in found["confirmed"] if c["trial"] == found["kept_trial"])
    print(
        f"starting weights: {found['start_score']:.1%} of the trial games won against the {OPPONENT}; kept trial "
        f"{kept['trial']}: {kept['score']:.1%}, played again {kept['confirmed']:.1%}; wrote {out}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
