"""How the learned policy's evaluation is fitted: whole games recorded, their positions counted, and a logistic
regression (scikit-learn) fitted to who won.

    python -m rules.attack_the_tower.policies.training --games 2400 --policies learned,planner --workers 2

plays the games (the four shipped armies, every ordered pair in turn, seeded from `--seed`; the seats take every
ordered pair of `--policies` in turn), records `features.FEATURES` at every decision of the turn (renewing,
attacking, ending) from both players' sides with whether that player went on to win (drawn games are left out),
holds out one game in five, and fits scikit-learn's `LogisticRegression` to the rest. It writes
`data/learned_evaluation.json`: the weights, the standardisation, the feature names and how they were fitted
(games, policies, seeds, library versions, log-loss and accuracy on the held-out games). scikit-learn and Dask
are needed only here.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

from rules.attack_the_tower import engine
from rules.attack_the_tower.game import GAME
from rules.attack_the_tower.model import GameState
from rules.attack_the_tower.policies import POLICIES, learned, policy
from rules.attack_the_tower.policies.features import FEATURES, features
from rules.attack_the_tower.variants import Rules
from rules.core import limits
from rules.core.chance import ChanceSampler
from rules.core.errors import look_up
from rules.core.ladder import chunks_of, game_seed
from rules.core.playout import play_out

ARMIES = ("undead", "bandits", "westerners", "easterners")
PAIRS = tuple(itertools.permutations(ARMIES, 2))
"""The twelve ordered pairs of the shipped armies, played in turn."""
TURN_LIMIT = 200
RECORDED_PHASES = ("renewal_decision", "main")


@dataclass(frozen=True)
class RecordedGame:
    """One game's rows: the features of each recorded position, from each player's side, and who won."""

    index: int
    rows: tuple[tuple[float, ...], ...]
    sides: tuple[int, ...]
    winner: int | None
    turns: int


def record_game(index: int, policy_names: tuple[str, ...], seed: int) -> RecordedGame:
    """Play game `index` (its army pair, its seats' policies and its seed from the index) and record its
    positions. The seats take every ordered pair of `policy_names` in turn."""
    armies = PAIRS[index % len(PAIRS)]
    seat_pairs = list(itertools.product(policy_names, repeat=2))
    seat_names = seat_pairs[index // len(PAIRS) % len(seat_pairs)]
    start = engine.new_game(armies, Rules(turn_limit=TURN_LIMIT))
    rows: list[tuple[float, ...]] = []
    sides: list[int] = []

    def record(state: GameState, action: Any, after: Any, events: Any) -> None:
        if state.phase in RECORDED_PHASES:
            for me in (0, 1):
                rows.append(features(state, me))
                sides.append(me)

    seats = [policy(seat_names[0]), policy(seat_names[1])]
    line = play_out(GAME, start, seats, ChanceSampler(game_seed(seed, 0, index)), on_step=record, narrate=False)
    return RecordedGame(index, tuple(rows), tuple(sides), line.final.winner, line.final.turn)


def record_chunk(indices: range, policy_names: tuple[str, ...], seed: int) -> list[RecordedGame]:
    return [record_game(i, policy_names, seed) for i in indices]


def record_games(games: int, policy_names: tuple[str, ...], seed: int, workers: int) -> list[RecordedGame]:
    """`games` recorded games, on a local Dask cluster of `workers` processes (in this process for 1)."""
    chunks = chunks_of(games, 4)
    if workers <= 1:
        return [g for chunk in chunks for g in record_chunk(chunk, policy_names, seed)]
    from rules.sweeps.cluster import dask_client

    with dask_client(None, None, workers) as client:
        futures = client.map(record_chunk, chunks, policy_names=policy_names, seed=seed, pure=False)
        done: list[list[RecordedGame]] = client.gather(futures)
    return [g for chunk in done for g in chunk]


def split(recorded: Sequence[RecordedGame]) -> tuple[list[RecordedGame], list[RecordedGame]]:
    """The decided games a fit learns from, and those it holds out to test it (one game in five)."""
    decided = [g for g in recorded if g.winner is not None]
    return [g for g in decided if g.index % 5], [g for g in decided if not g.index % 5]


def fit(recorded: Sequence[RecordedGame]) -> dict[str, Any]:
    """The logistic regression of who won on the recorded positions; one game in five held out to test it."""
    import numpy as np
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import accuracy_score, log_loss
    from sklearn.preprocessing import StandardScaler

    def table(kept: Sequence[RecordedGame]) -> tuple[Any, Any]:
        xs = [row for g in kept for row in g.rows]
        ys = [int(side == g.winner) for g in kept for side in g.sides]
        return np.array(xs, dtype=float), np.array(ys)

    train, test = split(recorded)
    x_train, y_train = table(train)
    x_test, y_test = table(test)
    scaler = StandardScaler().fit(x_train)
    model = LogisticRegression(C=1.0, max_iter=2000).fit(scaler.transform(x_train), y_train)
    predicted = model.predict_proba(scaler.transform(x_test))[:, 1]
    scales = [float(s) if s > 0 else 1.0 for s in scaler.scale_]
    return {
        "features": list(FEATURES),
        "weights": [float(w) for w in model.coef_[0]],
        "intercept": float(model.intercept_[0]),
        "means": [float(m) for m in scaler.mean_],
        "scales": scales,
        "held_out": {
            "games": len(test),
            "positions": len(y_test),
            "log_loss": round(float(log_loss(y_test, predicted)), 4),
            "accuracy": round(float(accuracy_score(y_test, predicted > 0.5)), 4),
        },
        "train": {"games": len(train), "positions": len(y_train)},
    }


FEWEST_DECIDED = 10
"""The fewest decided games a fit is made from: one in five is held out to test it, and both must hold a win."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m rules.attack_the_tower.policies.training")
    parser.add_argument(
        "--games", type=limits.count_argument("--games", FEWEST_DECIDED, limits.MAX_GAMES), default=1200
    )
    parser.add_argument(
        "--policies",
        default="learned",
        help="who plays the recorded games, comma-separated: the seats take every ordered pair of them in turn",
    )
    limits.add_seed_option(parser, "the recorded games' deals")
    parser.add_argument("--workers", type=limits.count_argument("--workers", 1, limits.MAX_SWEEP_WORKERS), default=2)
    parser.add_argument("--out", type=Path, help="where to write the evaluation (default: the shipped file)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    names = tuple(n.strip() for n in args.policies.split(","))
    try:
        for name in names:
            look_up(POLICIES, name, "policy")
    except KeyError as unknown:
        parser.error(f"--policies: {unknown.args[0]}")
    recorded = record_games(args.games, names, args.seed, args.workers)
    train, test = split(recorded)
    decided = train + test
    if len(decided) < FEWEST_DECIDED or not test or not train:
        print(
            f"{len(decided)} of the {len(recorded)} games recorded were decided (the others reached turn "
            f"{TURN_LIMIT}), {len(test)} of them held out to test the fit: a fit needs at least {FEWEST_DECIDED} "
            "decided games, some held out and some to learn from; record more games (--games)",
            file=sys.stderr,
        )
        return 2
    fitted = fit(recorded)
    fitted["how"] = {
        "games": len(recorded),
        "decided": len(decided),
        "mean_turns": round(sum(g.turns for g in recorded) / len(recorded), 1),
        "policies": list(names),
        "armies": list(ARMIES),
        "turn_limit": TURN_LIMIT,
        "seed": args.seed,
        "recorded": "features at every renewal decision and second-phase decision, from both players' sides",
        "model": "sklearn.linear_model.LogisticRegression(C=1.0) on standardised features",
        "versions": {name: metadata.version(name) for name in ("scikit-learn", "numpy")},
        "command": " ".join(["python -m rules.attack_the_tower.policies.training", *sys.argv[1:]]),
    }
    out = args.out or Path(str(learned.data_file(learned.EVALUATION_FILE)))
    out.write_text(json.dumps(fitted, indent=2) + "\n", encoding="utf-8")
    held = fitted["held_out"]
    turns, positions = fitted["how"]["mean_turns"], fitted["train"]["positions"]
    print(f"{len(recorded)} games ({turns} turns on average), {positions} positions")
    print(f"held out: {held['games']} games, log-loss {held['log_loss']}, accuracy {held['accuracy']}; wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
