"""Whole games by simulation: win rates of named policies with Wilson 95% confidence intervals."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from tqdm import tqdm

from rules.core.chance import ChanceSampler
from rules.core.ladder import game_seed, wilson
from rules.core.playout import play_out
from rules.the_tower import engine
from rules.the_tower.errors import IllegalAction
from rules.the_tower.game import GAME
from rules.the_tower.model import GameState
from rules.the_tower.variants import Rules


@dataclass(frozen=True, slots=True)
class WinRate:
    """The result of simulated games: wins out of games, with the 95% interval and monsters slain."""

    policy: str
    games: int
    wins: int
    low: float
    high: float
    monsters_slain: float
    """Mean number of monsters slain per game."""

    @property
    def rate(self) -> Fraction:
        return Fraction(self.wins, self.games)

    def describe(self) -> str:
        return (
            f"{self.policy}: {self.wins}/{self.games} won ({float(self.rate):.2%}, 95% CI "
            f"{self.low:.2%}-{self.high:.2%}); {self.monsters_slain:.2f} monsters slain a game"
        )


def simulate(
    policy: str | Any,
    games: int,
    *,
    seed: int = 0,
    rules: Rules | None = None,
    start: GameState | None = None,
    progress: bool | None = None,
) -> WinRate:
    """Play `games` whole games (from `start`, or new games) with a policy (a name or an object). The seed
    fixes every chance step: game i is dealt as a ladder with the same seed deals its game i
    (`rules.core.ladder.game_seed`), so `simulate` and `ladder` agree. The progress bar shows on a terminal
    unless `progress` is False."""
    from rules.the_tower.policies import policy as by_name

    if type(games) is not int or games < 1:
        raise IllegalAction(f"games must be a whole number of at least 1, not {games!r}")
    chooser = by_name(policy) if isinstance(policy, str) else policy
    show = sys.stderr.isatty() if progress is None else progress
    wins = slain = 0
    for index in tqdm(range(games), desc=f"{chooser.name} games", disable=not show, leave=False):
        state = start if start is not None else engine.new_game(rules)
        line = play_out(GAME, state, [chooser], ChanceSampler(game_seed(seed, 0, index)), narrate=False)
        result = engine.outcome(line.final)
        wins += result is not None and result.won
        slain += len(line.final.room_waste) - len(state.room_waste)
    low, high = wilson(wins, games)
    return WinRate(
        policy=chooser.name,
        games=games,
        wins=wins,
        low=low,
        high=high,
        monsters_slain=slain / games if games else 0.0,
    )
