"""Ladders: each policy against the next one up (or, alone, beside it), with Wilson 95% intervals.

Written once over the game protocol and `play_out`, so every game gets the same ladder. Every game's
chance comes from a sampler seeded from the ladder's seed and the game's index, so a ladder is
reproducible and one rung does not depend on how many games the others played.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from scipy.stats import binomtest

from rules.core.chance import ChanceSampler
from rules.core.playout import Policy, play_out
from rules.core.protocol import Game

STRONGER_THRESHOLD = 0.6
"""A stronger policy of a two-player game must win at least this share of its games against the weaker."""


def wilson(wins: int, games: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval of a success rate, 95% by default (sound even at 0 or all wins)."""
    if games <= 0:
        return (0.0, 1.0)
    ci = binomtest(wins, games).proportion_ci(confidence_level=confidence, method="wilson")
    return (float(ci.low), float(ci.high))


def game_seed(seed: int, rung: int, game: int) -> int:
    """The seed of one game of a ladder: fixed by the ladder's seed, the rung and the game's index."""
    return (seed * 1_000_003 + rung) * 1_000_033 + game


@dataclass(frozen=True, slots=True)
class Rate:
    """Wins out of games with the Wilson 95% interval, and the mean length in steps."""

    wins: int
    games: int
    low: float
    high: float
    mean_steps: float

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "wins": self.wins,
            "games": self.games,
            "rate": self.rate,
            "ci95": [self.low, self.high],
            "mean_steps": self.mean_steps,
        }


def _rate(wins: int, games: int, steps: int) -> Rate:
    low, high = wilson(wins, games)
    return Rate(wins, games, low, high, steps / games if games else 0.0)


@dataclass(frozen=True, slots=True)
class Rung:
    """One step of a ladder: the stronger policy's results beside the weaker's.

    Two-player games: `stronger` is its share of wins against `weaker` (half the games in each seat;
    draws are not wins), `weaker` the weaker's share. Solo and cooperative games: each policy's own
    win rate over the same seeds."""

    stronger_name: str
    weaker_name: str
    stronger: Rate
    weaker: Rate
    draws: int
    head_to_head: bool

    @property
    def holds(self) -> bool:
        """Whether the stronger policy is shown stronger: >= 60% head to head, or (alone) a higher win
        rate whose interval does not overlap the weaker's."""
        if self.head_to_head:
            return self.stronger.rate >= STRONGER_THRESHOLD
        return self.stronger.low > self.weaker.high

    def describe(self) -> str:
        s, w = self.stronger, self.weaker
        if self.head_to_head:
            return (
                f"{self.stronger_name} vs {self.weaker_name}: {s.wins}-{w.wins} with {self.draws} draws "
                f"in {s.games} games; {self.stronger_name} wins {s.rate:.1%} (95% CI {s.low:.1%}-{s.high:.1%}), "
                f"{s.mean_steps:.0f} steps a game - {'holds' if self.holds else 'does not hold'} (>= 60%)"
            )
        return (
            f"{self.stronger_name} {s.wins}/{s.games} ({s.rate:.1%}, 95% CI {s.low:.1%}-{s.high:.1%}) vs "
            f"{self.weaker_name} {w.wins}/{w.games} ({w.rate:.1%}, 95% CI {w.low:.1%}-{w.high:.1%}) - "
            f"{'holds' if self.holds else 'does not hold'} (intervals apart)"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "stronger": self.stronger_name,
            "weaker": self.weaker_name,
            "head_to_head": self.head_to_head,
            "stronger_result": self.stronger.to_json(),
            "weaker_result": self.weaker.to_json(),
            "draws": self.draws,
            "holds": self.holds,
        }


def head_to_head(
    game: Game[Any, Any],
    new_game: Callable[[], Any],
    stronger: Policy[Any],
    weaker: Policy[Any],
    games: int,
    *,
    seed: int = 0,
    rung: int = 0,
) -> Rung:
    """`games` two-player games, the stronger policy in seat 0 for the first half and seat 1 for the rest."""
    wins = losses = draws = steps = 0
    for i in range(games):
        first = i < (games + 1) // 2
        seats = [stronger, weaker] if first else [weaker, stronger]
        line = play_out(game, new_game(), seats, ChanceSampler(game_seed(seed, rung, i)))
        result = game.outcome(line.final)
        steps += line.steps
        if result is None or result.winner is None:
            draws += 1
        elif (result.winner == 0) == first:
            wins += 1
        else:
            losses += 1
    return Rung(stronger.name, weaker.name, _rate(wins, games, steps), _rate(losses, games, steps), draws, True)


def solo_rate(
    game: Game[Any, Any],
    new_game: Callable[[], Any],
    policy: Policy[Any],
    games: int,
    *,
    players: int = 1,
    seed: int = 0,
    rung: int = 0,
    won: Callable[[Any], bool],
) -> Rate:
    """One policy's win rate alone (or the same policy in every seat of a cooperative game)."""
    wins = steps = 0
    for i in range(games):
        line = play_out(game, new_game(), [policy] * players, ChanceSampler(game_seed(seed, rung, i)))
        wins += won(line.final)
        steps += line.steps
    return _rate(wins, games, steps)


def ladder(
    game: Game[Any, Any],
    new_game: Callable[[], Any],
    policies: Sequence[Policy[Any]],
    games: int,
    *,
    seed: int = 0,
    players: int = 2,
    won: Callable[[Any], bool] | None = None,
) -> list[Rung]:
    """Each policy (weakest first) against the next one up. With `won` given the game is solo or
    cooperative: each policy plays `games` alone on the same seeds, and neighbours are compared."""
    rungs = []
    if won is None:
        for i in range(len(policies) - 1):
            rungs.append(head_to_head(game, new_game, policies[i + 1], policies[i], games, seed=seed, rung=i))
        return rungs
    rates = [solo_rate(game, new_game, p, games, players=players, seed=seed, won=won) for p in policies]
    for i in range(len(policies) - 1):
        rungs.append(Rung(policies[i + 1].name, policies[i].name, rates[i + 1], rates[i], 0, False))
    return rungs


def print_ladder(rungs: Sequence[Rung], *, as_json: bool, about: dict[str, Any]) -> int:
    """Print a ladder (one line per rung, or JSON with `about`); exit code 0 when every rung holds, else 1."""
    holds = all(r.holds for r in rungs)
    if as_json:
        print(json.dumps({**about, "rungs": [r.to_json() for r in rungs], "holds": holds}))
    else:
        print(", ".join(f"{k}: {v}" for k, v in about.items()))
        for r in rungs:
            print(r.describe())
    return 0 if holds else 1
