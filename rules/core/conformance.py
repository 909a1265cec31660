"""One conformance harness for every game: random whole games through the protocol, checking after every
step what any game must keep, plus each game's own invariants.

Checked at every visited state: it validates on a JSON round trip and comes back equal; a live position
offers a legal action to each acting player, and chance outcomes sum to exactly 1; every action taken has
an integer id that maps back to it; each player's observation is stable under determinisation (a deal of
what the player cannot see looks the same to that player). Checked per game: it ends within the card's
length bound; its returns agree with its outcome and the utility (a duel sums to 0, a team shares one
result, all within the card's range); replaying the action ids from the start gives the same positions and
the same event sentences. No wall-clock time is asserted anywhere.

`python -m rules.conformance --games 10000` runs every game and prints the counts.
"""

from __future__ import annotations

import json
import pickle
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, Generic, TypeVar

from rules.core.chance import ChanceSampler
from rules.core.errors import IllegalAction, RulesError, raised_at
from rules.core.events import Event
from rules.core.outcome import Utility
from rules.core.playout import Policy, random_action
from rules.core.protocol import CHANCE, SIMULTANEOUS, TERMINAL, Game, replay_ids

S = TypeVar("S")
UNBOUNDED_GAME_STEPS = 100_000
"""Under rules with no length bound, a game still going after this many steps is a violation."""
Invariant = Callable[[Any, Any, Any, tuple[Event, ...]], list[str]]
"""A game's own check of one step (before, action, after, events): the problems found, in words."""


@dataclass
class Report:
    """What one conformance run checked and what it found."""

    game: str
    games: int = 0
    steps: int = 0
    states_round_tripped: int = 0
    determinisations: int = 0
    terminations: Counter[str] = field(default_factory=Counter)
    violations: list[str] = field(default_factory=list)

    def merge(self, other: Report) -> None:
        """Add another report's counts, ends and violations to this one's."""
        for counted in fields(self):
            if counted.name != "game":
                setattr(self, counted.name, getattr(self, counted.name) + getattr(other, counted.name))

    def line(self) -> str:
        ends = ", ".join(f"{n} {name}" for name, n in sorted(self.terminations.items()))
        return (
            f"{self.game}: {self.games} whole games, {self.steps} steps, {self.states_round_tripped} states "
            f"round-tripped through JSON, {self.determinisations} determinisations; ends: {ends}; "
            f"violations: {len(self.violations)}"
        )


def random_seats(index: int) -> None:
    """Every seat plays uniformly random legal actions (the default of a suite)."""
    return None


@dataclass(frozen=True)
class Suite(Generic[S]):
    """How to run one game: its protocol object, a starting position for game number i, its invariants."""

    game: Game[S, Any]
    start: Callable[[int], S]
    invariants: Sequence[Invariant] = ()
    policies: Callable[[int], Sequence[Policy[S]] | None] = random_seats
    """Who plays game i, one policy per seat; None (the default) for uniformly random legal actions."""
    determinise_every: int = 25
    """Check determinisation at every n-th step (it deals hidden cards, so it costs more)."""


def _check_state(suite: Suite[S], state: S, report: Report, where: str, deal: bool, sampler: ChanceSampler) -> None:
    game = suite.game
    problems = report.violations
    try:
        again = game.positions.parse(game.positions.text(state, indent=None))
    except RulesError as error:
        problems.append(f"{where}: the position does not load back from its JSON: {error}")
        return
    report.states_round_tripped += 1
    if again != state:
        problems.append(f"{where}: the position loads back from its JSON different")
    who = game.current_player(state)
    terminal = game.is_terminal(state)
    if terminal != (who == TERMINAL):
        problems.append(f"{where}: is_terminal and current_player disagree ({terminal}, {who})")
    if terminal:
        return
    if who == CHANCE:
        if game.chance_outcomes(state).total() != 1:
            problems.append(f"{where}: chance outcomes do not sum to 1")
        return
    acting = game.acting_players(state)
    if (who == SIMULTANEOUS and len(acting) < 2) or (who >= 0 and acting != (who,)):
        problems.append(f"{where}: current player {who} but acting players {acting}")
    for player in acting:
        if not game.legal_actions(state, player):
            problems.append(f"{where}: player {player} must act but has no legal action")
            raise _Stuck
    if deal:
        for player in range(game.num_players(state)):
            seen = game.observation_string(state, player)
            dealt = game.sample_determinization(state, player, sampler)
            report.determinisations += 1
            if game.observation_string(dealt, player) != seen:
                problems.append(f"{where}: a determinisation for player {player} looks different to that player")


class _Stuck(Exception):
    """A position the game cannot go on from (said in the report): its game's check ends there."""


def play_and_check(suite: Suite[S], index: int, seed: int) -> Report:
    """One whole random game, every step checked; the report of that game. An error raised by the game's own code
    is a violation naming where it was raised (a game being written is checked, not crashed into)."""
    report = Report(suite.game.card.short_name)
    where = f"{suite.game.card.short_name} game {index} (seed {seed})"
    at = [f"{where} start"]  # where the game is, for an error its code raises
    try:
        _play(suite, index, seed, report, where, at)
    except _Stuck:
        pass
    except Exception as exc:  # the game's mistake, reported with the line that raised it
        report.violations.append(f"{at[0]}: {raised(exc)}")
    return report


def raised(exc: BaseException) -> str:
    """An error in words with the innermost line that raised it (file, line, function)."""
    return f"the game's code raised {raised_at(exc)}"


def _play(suite: Suite[S], index: int, seed: int, report: Report, where: str, at: list[str]) -> None:
    game = suite.game
    sampler, deals = ChanceSampler(seed), ChanceSampler(seed + 1)
    initial = suite.start(index)
    seated = suite.policies(index)
    try:
        bound = game.card.max_game_length(game.rules_of(initial))
    except ValueError:  # rules without a length bound: a random game must still end
        bound = UNBOUNDED_GAME_STEPS
    _check_players(game, initial, report, where)
    state = initial
    ids: list[int] = []
    events: list[tuple[Event, ...]] = []
    _check_state(suite, state, report, f"{where} start", True, deals)
    while not game.is_terminal(state):
        step = at[0] = f"{where} step {len(ids) + 1}"
        if len(ids) >= bound:
            report.violations.append(f"{where}: still going after {bound} steps, the card's bound")
            return
        action = random_action(game, state, sampler, seated)
        try:
            action_id = game.action_id(state, action)
        except IllegalAction as refusal:
            report.violations.append(f"{step}: the action chosen has no id: {refusal}")
            return
        if game.action_from_id(state, action_id) != action:
            report.violations.append(f"{step}: action id {action_id} does not map back")
        applied = game.apply(state, action)
        if not (isinstance(applied, tuple) and len(applied) == 2):
            report.violations.append(f"{step}: apply gave a {type(applied).__name__}, not (position, events)")
            return
        after, happened = applied
        for check in suite.invariants:
            report.violations += [f"{step}: {p}" for p in check(state, action, after, happened)]
        ids.append(action_id)
        events.append(happened)
        state = after
        _check_state(suite, state, report, step, len(ids) % suite.determinise_every == 0, deals)
    at[0] = f"{where} end"
    _check_end(suite, initial, ids, state, events, report, where)
    report.games = 1
    report.steps = len(ids)


def _check_players(game: Game[S, Any], initial: S, report: Report, where: str) -> None:
    """The game's players at the start are as many as its card allows."""
    card, players = game.card, game.num_players(initial)
    if not card.min_players <= players <= card.max_players:
        allowed = f"{card.min_players}" + (f" to {card.max_players}" if card.max_players != card.min_players else "")
        report.violations.append(f"{where} start: {players} players, where the card says {allowed}")


def _check_end(
    suite: Suite[S],
    initial: S,
    ids: list[int],
    final: S,
    events: list[tuple[Event, ...]],
    report: Report,
    where: str,
) -> None:
    game = suite.game
    outcome = game.outcome(final)
    returns = game.returns(final)
    card = game.card
    if outcome is None:
        report.violations.append(f"{where}: the game is over but has no outcome")
        return
    report.terminations[outcome.termination.name.lower()] += 1
    players = game.num_players(final)
    if returns != outcome.returns:
        report.violations.append(f"{where}: returns {returns} disagree with the outcome {outcome.returns}")
    elif len(returns) != players:
        report.violations.append(f"{where}: returns {returns} hold {len(returns)} results for {players} players")
    if not all(card.min_return <= r <= card.max_return for r in returns):
        report.violations.append(f"{where}: returns {returns} outside the card's range")
    if not isinstance(outcome.termination, card.termination):
        report.violations.append(f"{where}: termination {outcome.termination} is not the game's own")
    if outcome.utility is not card.utility:
        report.violations.append(f"{where}: the outcome's utility is not the card's ({outcome.utility})")
    if outcome.utility is Utility.ZERO_SUM and sum(outcome.returns) != 0:
        report.violations.append(f"{where}: a zero-sum game's returns {outcome.returns} do not sum to 0")
    if outcome.utility is Utility.COOPERATIVE and len(set(outcome.returns)) != 1:
        report.violations.append(f"{where}: a team's players have different results {outcome.returns}")
    replayed, replayed_events = replay_ids(game, initial, ids)
    if replayed != final:
        report.violations.append(f"{where}: replaying the action ids gives a different final position")
    said = [[e.sentence() for e in step] for step in events]
    if [[e.sentence() for e in step] for step in replayed_events] != said:
        report.violations.append(f"{where}: replaying the action ids tells a different story")


def run(suite: Suite[S], games: int, seed: int = 0, *, workers: int = 1) -> Report:
    """`games` whole games, game i seeded with `seed + 2 * i` (the same games whatever the workers)."""
    if workers <= 1:
        return _run_chunk(suite, range(games), seed)
    report = Report(suite.game.card.short_name)
    try:
        pickle.dumps(suite)
    except Exception as exc:  # a suite of lambdas or local functions: said before any worker starts
        raise RulesError(
            f"{suite.game.card.short_name}: its conformance suite cannot be sent to worker processes ({exc}); run "
            "with one worker, or define the suite's functions at the top level of a module"
        ) from None
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(workers) as pool:
        chunks = [range(w, games, workers) for w in range(workers)]
        for part in pool.map(_run_chunk, [suite] * workers, chunks, [seed] * workers):
            report.merge(part)
    return report


def _run_chunk(suite: Suite[S], indices: range, seed: int) -> Report:
    report = Report(suite.game.card.short_name)
    for i in indices:
        report.merge(play_and_check(suite, i, seed + 2 * i))
    return report


def summary(reports: Sequence[Report]) -> str:
    """The first violations of each game and the totals, as printed after the reports' lines."""
    lines = [f"  {v}" for r in reports for v in r.violations[:20]]
    total = sum(len(r.violations) for r in reports)
    lines.append(f"conformance: {sum(r.games for r in reports)} games, {total} violations")
    return "\n".join(lines)


def as_json(reports: Sequence[Report]) -> str:
    """The reports as JSON (for CI logs and dashboards)."""
    return json.dumps([vars(r) for r in reports], indent=2)
