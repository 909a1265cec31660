"""Ladders: each policy against the next one up (or, alone, beside it), with Wilson 95% intervals.

Written once over the game protocol and `play_out`, so every game gets the same ladder. Every game's
chance comes from a sampler seeded from the ladder's seed and the game's index, so a ladder is
reproducible and one rung does not depend on how many games the others played.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import itertools
import json
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from rules.core import limits
from rules.core.chance import ChanceSampler
from rules.core.errors import IllegalAction, counted
from rules.core.outcome import Utility
from rules.core.percent import percent
from rules.core.playout import Policy, play_out
from rules.core.progress import GamesBar, shown_on_terminal
from rules.core.protocol import Game

STRONGER_THRESHOLD = 0.6
"""A stronger policy of a two-player game must win at least this share of its games against the weaker."""


def wilson(wins: int, games: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval of a success rate, 95% by default (sound even at 0 or all wins)."""
    if games <= 0:
        return (0.0, 1.0)
    from scipy.stats import binomtest  # scipy.stats takes 0.75 s to import: only the first interval pays it

    ci = binomtest(wins, games).proportion_ci(confidence_level=confidence, method="wilson")
    return (float(ci.low), float(ci.high))


def game_seed(seed: int, rung: int, game: int) -> int:
    """The seed of one game of a ladder: fixed by the ladder's seed, the rung and the game's index."""
    return (seed * 1_000_003 + rung) * 1_000_033 + game


@dataclass(frozen=True, slots=True)
class Rate:
    """Wins out of games with the Wilson 95% interval, the mean length in steps, and what a game cost: the
    processor seconds of a whole game (both seats' choices, in a duel)."""

    wins: int
    games: int
    low: float
    high: float
    mean_steps: float
    seconds_a_game: float = field(default=0.0, compare=False)
    """A measurement of the machine, not a result: left out when rungs are compared."""

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
            "seconds_a_game": self.seconds_a_game,
        }


def _rate(wins: int, games: int, steps: int, seconds: float) -> Rate:
    low, high = wilson(wins, games)
    return Rate(wins, games, low, high, steps / games if games else 0.0, seconds / games if games else 0.0)


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
        """Whether the stronger policy is shown stronger: head to head, 60% of the games or more with its
        interval clear of 50% (a few games won by chance show nothing); alone, a higher win rate whose interval
        does not overlap the weaker's."""
        if self.head_to_head:
            return self.stronger.rate >= STRONGER_THRESHOLD and self.stronger.low > 0.5
        return self.stronger.low > self.weaker.high

    def describe(self) -> str:
        s, w = self.stronger, self.weaker
        if self.head_to_head:
            return (
                f"{self.stronger_name} vs {self.weaker_name}: {s.wins}-{w.wins} with {counted(self.draws, 'draw')} "
                f"in {s.games} games; {self.stronger_name} wins {percent(s.rate, 1)} of them, a draw not a win"
                f" (95% CI {percent(s.low, 1)}-{percent(s.high, 1)}), "
                f"{s.mean_steps:.0f} steps and {s.seconds_a_game:.3f} s a game (both sides) - "
                f"{'holds (60% or more, its interval clear of 50%)' if self.holds else self._short_of()}"
            )
        return (
            f"{self.stronger_name} {s.wins}/{s.games} ({percent(s.rate, 1)}, "
            f"95% CI {percent(s.low, 1)}-{percent(s.high, 1)}, "
            f"{s.seconds_a_game:.3f} s a game) vs {self.weaker_name} {w.wins}/{w.games} ({percent(w.rate, 1)}, "
            f"95% CI {percent(w.low, 1)}-{percent(w.high, 1)}, {w.seconds_a_game:.3f} s a game) - "
            f"{self._apart()}"
        )

    def _apart(self) -> str:
        """Whether a solo or cooperative rung holds: the stronger's interval above the weaker's; else whether the
        weaker policy is the one shown stronger (its interval above), or the intervals overlap."""
        if self.holds:
            return "holds (the intervals are apart)"
        if self.weaker.low > self.stronger.high:
            return f"does not hold: {self.weaker_name} is the stronger here (the intervals are apart)"
        return "does not hold (the intervals overlap)"

    def _short_of(self) -> str:
        """Why a head-to-head rung does not hold (saying so when the weaker policy is the one shown stronger)."""
        weaker = self.weaker
        if weaker.rate >= STRONGER_THRESHOLD and weaker.low > 0.5:
            return (
                f"does not hold: {self.weaker_name} is the stronger here ({percent(weaker.rate, 1)}, "
                "its interval clear of 50%)"
            )
        if self.stronger.rate < STRONGER_THRESHOLD:
            return "does not hold (under 60%)"
        return "not shown yet (60% or more, but its interval reaches 50%: play more games)"

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


GameResult = tuple[int | None, int, float]
"""One game of a rung: the winning seat (None for a draw or an unfinished game), its length in steps and the
processor seconds it took (on the worker that played it)."""

LADDER_CHUNK = 4
"""Games per task on a cluster: small, so slow and fast games even out across the workers."""

Progress = Callable[[int], None]
"""Told the number of games just finished, as they finish (a progress bar's `advance`)."""


class ChunkRunner(Protocol):
    """Plays chunks of a rung's games (by index) and gives each chunk's results in order: here, or on a cluster;
    `done` is told each chunk's games as the chunk ends."""

    def __call__(
        self, play: Callable[[range], list[GameResult]], chunks: Sequence[range], done: Progress | None = None, /
    ) -> list[list[GameResult]]: ...


def run_here(
    play: Callable[[range], list[GameResult]], chunks: Sequence[range], done: Progress | None = None, /
) -> list[list[GameResult]]:
    """Every chunk in this process, one after another."""
    results = []
    for chunk in chunks:
        results.append(play(chunk))
        if done is not None:
            done(len(chunk))
    return results


@contextlib.contextmanager
def pool_runner(workers: int) -> Iterator[ChunkRunner]:
    """Chunks played in this process (one worker), or spread over `workers` processes of the standard library's
    pool: a plain map, for a script that needs no cluster (every game is seeded from its index, so the results
    are the same; `rules.sweeps.ladder_runner` plays them on a Dask cluster)."""
    if workers <= 1:
        yield run_here
        return
    with concurrent.futures.ProcessPoolExecutor(workers) as pool:

        def run(
            play: Callable[[range], list[GameResult]], chunks: Sequence[range], done: Progress | None = None, /
        ) -> list[list[GameResult]]:
            futures = {pool.submit(play, chunk): len(chunk) for chunk in chunks}
            for finished in concurrent.futures.as_completed(futures):
                if done is not None:
                    done(futures[finished])
            return [future.result() for future in futures]

        yield run


@dataclass(frozen=True, slots=True)
class RungGames:
    """The games of one two-player rung, by index: the stronger policy in seat 0 for the first half, each game
    seeded from the ladder's seed, the rung and its index (so any chunking gives the same games)."""

    game: Game[Any, Any]
    new_game: Callable[[], Any]
    stronger: Policy[Any]
    weaker: Policy[Any]
    games: int
    seed: int
    rung: int

    def stronger_first(self, index: int) -> bool:
        return index < (self.games + 1) // 2

    def __call__(self, indices: range) -> list[GameResult]:
        out: list[GameResult] = []
        for i in indices:
            seats = [self.stronger, self.weaker] if self.stronger_first(i) else [self.weaker, self.stronger]
            began = time.process_time()
            line = play_out(
                self.game, self.new_game(), seats, ChanceSampler(game_seed(self.seed, self.rung, i)), narrate=False
            )
            result = self.game.outcome(line.final)
            out.append((None if result is None else result.winner, line.steps, time.process_time() - began))
        return out


def chunks_of(games: int, size: int) -> list[range]:
    """Game indices 0 to `games - 1` in consecutive chunks of at most `size`."""
    return [range(start, min(start + size, games)) for start in range(0, games, max(1, size))]


def head_to_head(
    game: Game[Any, Any],
    new_game: Callable[[], Any],
    stronger: Policy[Any],
    weaker: Policy[Any],
    games: int,
    *,
    seed: int = 0,
    rung: int = 0,
    runner: ChunkRunner = run_here,
    chunk: int | None = None,
    progress: Progress | None = None,
) -> Rung:
    """`games` two-player games, the stronger policy in seat 0 for the first half and seat 1 for the rest;
    `runner` plays them in chunks of `chunk` games (all at once by default), with the same results anywhere,
    telling `progress` each chunk's games as it ends."""
    play = RungGames(game, new_game, stronger, weaker, games, seed, rung)
    results = [r for part in runner(play, chunks_of(games, chunk or games), progress) for r in part]
    steps, seconds = sum(r[1] for r in results), sum((r[2] for r in results), 0.0)
    # True: the stronger policy won; False: the weaker; None: a draw
    won = Counter(None if w is None else (w == 0) == play.stronger_first(i) for i, (w, _, _) in enumerate(results))
    stronger_rate, weaker_rate = _rate(won[True], games, steps, seconds), _rate(won[False], games, steps, seconds)
    return Rung(stronger.name, weaker.name, stronger_rate, weaker_rate, won[None], True)


def solo_rate(
    game: Game[Any, Any],
    new_game: Callable[[], Any],
    policy: Policy[Any],
    games: int,
    *,
    players: int = 1,
    seed: int = 0,
    rung: int = 0,
    progress: Progress | None = None,
) -> Rate:
    """One policy's win rate alone (or the same policy in every seat of a cooperative game): the games whose
    outcome says somebody won (`Outcome.won`: the solo player or the team); `progress` is told each game."""
    wins = steps = 0
    began = time.process_time()
    for i in range(games):
        line = play_out(game, new_game(), [policy] * players, ChanceSampler(game_seed(seed, rung, i)), narrate=False)
        result = game.outcome(line.final)
        wins += result is not None and result.won
        steps += line.steps
        if progress is not None:
            progress(1)
    return _rate(wins, games, steps, time.process_time() - began)


def ladder(
    game: Game[Any, Any],
    new_game: Callable[[], Any],
    policies: Sequence[Policy[Any]],
    games: int,
    *,
    seed: int = 0,
    players: int = 2,
    runner: ChunkRunner = run_here,
    chunk: int | None = None,
    progress: Progress | None = None,
) -> list[Rung]:
    """Each policy (weakest first) against the next one up, in a duel (a zero-sum game, as its protocol card
    says); in a solo or cooperative game each policy plays `games` alone (`players` seats) on the same seeds,
    and neighbours are compared. Head-to-head rungs are played by `runner` in chunks of `chunk` games (see
    `head_to_head`); `progress` is told the games as they finish (`ladder_games` in all)."""
    pairs = list(itertools.pairwise(policies))
    if game.card.utility is Utility.ZERO_SUM:
        return [
            head_to_head(
                game, new_game, up, down, games, seed=seed, rung=i, runner=runner, chunk=chunk, progress=progress
            )
            for i, (down, up) in enumerate(pairs)
        ]
    rates = [solo_rate(game, new_game, p, games, players=players, seed=seed, progress=progress) for p in policies]
    return [Rung(up.name, down.name, rates[i + 1], rates[i], 0, False) for i, (down, up) in enumerate(pairs)]


def ladder_games(game: Game[Any, Any], policies: int, games: int) -> int:
    """The games a ladder of this many policies plays: `games` a rung in a duel, `games` a policy alone."""
    return games * (policies - 1 if game.card.utility is Utility.ZERO_SUM else policies)


def ladder_bar(game: Game[Any, Any], policies: Sequence[Policy[Any]], games: int, no_progress: bool) -> GamesBar:
    """The progress bar of a ladder command's games (on a terminal, unless `--no-progress`)."""
    return GamesBar(ladder_games(game, len(policies), games), shown=shown_on_terminal(no_progress))


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


DEFAULT_LADDER_GAMES = 400


def add_ladder_options(
    parser: Any, policies: Sequence[str], games_help: str, slow: str = "", *, least_games: int = 1
) -> None:
    """The options every game's `ladder` command takes: the policies (weakest first, with what is `slow` among
    them said), the games (at least `least_games`: a duel plays half in each seat), the seed and `--json` (each
    count range-checked, its help and its refusal giving the same range)."""
    names = ",".join(policies)
    said = f"; {slow}" if slow else ""
    parser.add_argument("--policies", default=names, help=f"the policies, weakest first (default {names}{said})")
    games = limits.count_argument("--games", least_games, limits.MAX_GAMES)
    games_help += f", {least_games} to {limits.MAX_GAMES:,} (default {DEFAULT_LADDER_GAMES})"
    parser.add_argument("--games", type=games, default=DEFAULT_LADDER_GAMES, help=games_help)
    limits.add_seed_option(parser, "the seed every game's deal derives from")
    parser.add_argument("--json", action="store_true", help="print the rungs as JSON")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar (shown on a terminal otherwise)")
    parser.epilog = "exit code: 0 when every rung holds, 1 when one does not (the figures are printed either way)"


def ladder_policies(text: str, policy: Callable[[str], Policy[Any]]) -> list[Policy[Any]]:
    """The policies `--policies` names (separated by commas, weakest first): at least two."""
    names = [name.strip() for name in text.split(",")]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise IllegalAction(f"--policies names {', '.join(twice)} twice: a rung compares two different policies")
    chosen = [policy(name) for name in names]
    if len(chosen) < 2:
        raise IllegalAction("--policies takes at least two policies separated by commas, weakest first")
    return chosen
