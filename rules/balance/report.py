"""A balance's result in words, as the command line prints it: the measures before and after (each with its 95%
interval), the changes, the Pareto front and the games spent."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from rules.balance.knobs import balance_support, brought_edits
from rules.balance.measure import Tally, objectives, points
from rules.balance.search import SCREENED, Candidate, screen_skipped
from rules.core.errors import counted
from rules.core.percent import percent
from rules.sweeps.games import sweep_game

if TYPE_CHECKING:
    from rules.balance.plan import BalanceSpec
    from rules.balance.run import BalanceResult

OPTIONS: Mapping[str, str] = {"verify_games": "--verify-games", "budget": "--budget"}
"""How the command line names the settings the report's advice speaks of (a panel passes its own labels)."""


def rate_text(t: Tally) -> str:
    low, high = t.interval()
    draws = f", {counted(t.draws, 'draw')}" if t.draws else ""
    return f"{percent(t.rate, 1)} (95% CI {percent(low, 1)}-{percent(high, 1)}; {t.successes}/{t.trials}{draws})"


def measures_table(result: BalanceResult, named: Mapping[str, str] = OPTIONS) -> list[str]:
    """One line per measure: its rate before and after."""
    spec = result.spec
    what = "first army's share of the games won, both seats" if spec.of_armies else "win rate"
    if not spec.of_armies and sweep_game(spec.game).two_player:
        what = "player 1's share of the games won"
    if not spec.verify_games:
        unchecked = f"not checked on fresh games ({named['verify_games']} is 0): the search's games alone"
        return [f"measure ({what}): {unchecked}"]
    lines = [f"measure ({what}, {spec.verify_games} fresh games a cell):"]
    width = max((len(n) for n in spec.measures()), default=10)
    for name in spec.measures():
        before, after = result.before.get(name), result.after.get(name)
        said = f"  {name:<{width}}  before {rate_text(before) if before else 'not measured'}"
        if result.answer is not None and after is not None:
            said += f"  after {rate_text(after)}"
        lines.append(said)
    return lines


def matrix_lines(armies: Sequence[str], tallies: Mapping[str, Tally], title: str) -> list[str]:
    """An Attack the Tower matrix as text: each row army's share of the games won against each column army (both
    seats together), with its 95% interval."""
    from rules.balance.metagame import matrix_from_tallies, tally_of

    matrix = matrix_from_tallies(armies, tallies)
    width = max(len(a) for a in armies) + 2
    lines = [f"{title} (row army's share of the games won, 95% CI):", " " * width + "".join(f"{a:>18}" for a in armies)]
    for row in armies:
        said = []
        for column in armies:
            t = tally_of(matrix, row, column) if row != column else None
            if t is None:
                said.append(f"{'-':>18}")
                continue
            low, high = t.interval()
            said.append(f"{f'{percent(t.rate)} ({percent(low)}-{percent(high)})':>18}")
        lines.append(f"{row:<{width}}" + "".join(said))
    return lines


def metagame_lines(armies: Sequence[str], before: Mapping[str, Tally], after: Mapping[str, Tally] | None) -> list[str]:
    """The army-choice game's equilibrium before (and after) the answer."""
    from rules.balance.metagame import equilibrium, matrix_from_tallies

    lines = [f"metagame before: {equilibrium(armies, matrix_from_tallies(armies, before)).text()}"]
    if after is not None:
        lines.append(f"metagame after: {equilibrium(armies, matrix_from_tallies(armies, after)).text()}")
    return lines


def moved_most(
    armies: Sequence[str], before: Mapping[str, Tally], after: Mapping[str, Tally], changed: Sequence[str] = ()
) -> str:
    """The army whose mean share of its matchups' games changed most from before to after (of two that moved
    as much, one whose cards `changed`)."""

    def share(tallies: Mapping[str, Tally], army: str) -> float:
        rates = [
            t.rate if name.startswith(f"{army} v ") else 1 - t.rate
            for name, t in tallies.items()
            if army in name.split(" v ")
        ]
        return sum(rates) / len(rates) if rates else 0.5

    return max(armies, key=lambda army: (round(abs(share(after, army) - share(before, army)), 9), army in changed))


def card_lines(result: BalanceResult, rows: int = 12) -> list[str]:
    """The card table of the army that moved most, from the check's games after the answer: how often each card
    is played, and the win rate of games where its player played it against games where they did not."""
    if result.answer is None or result.after_games is None or result.after_games.empty:
        return []
    from rules.balance.card_stats import card_stats, rate_words

    changed = [name.split(".", 1)[0] for name in result.changes]
    army = moved_most(result.spec.armies, result.before, result.after, changed)
    table = card_stats(result.after_games, files=result.spec.army_files)
    table = table[table["army"] == army].head(rows)
    lines = [f"cards of {army}, the army that moved most (the check's games after the answer):"]
    lines.append(f"  {'card':<28} {'kind':<8} {'played':>7}  {'won when played':<22} {'won when not':<22} diff")
    for r in table.to_dict("records"):
        played, not_played, shown = rate_words(r)
        lines.append(
            f"  {r['card']!s:<28} {r['kind']!s:<8} {percent(float(r['play_rate'])):>7}  "
            f"{played:<22} {not_played:<22} {shown}"
        )
    return lines


NO_ANSWER_WHY = {
    True: "none needed: the rules as they are are already within the tolerance (no change is the fewest changes)",
    False: "no candidate measured whole came closer than the rules as they are",
}
"""Why a balance has no answer, by whether the rules as they are needed no change (the report's and the tab's)."""

NOT_BORNE_OUT = "the check's fresh games do not bear the answer out"
"""What is said beside an answer `borne_out` finds the check does not confirm (in the report and the panel)."""


def borne_out(result: BalanceResult) -> bool | None:
    """Whether the check's fresh games point the same way as the search (closer to the target at worst, or as
    close with a smaller mean distance); None when there was no check."""
    if not result.before or not result.after:
        return None
    before, after = objectives(result.before, result.spec.target), objectives(result.after, result.spec.target)
    return after.worst < before.worst or (after.worst == before.worst and after.mean < before.mean)


def check_lines(result: BalanceResult, named: Mapping[str, str] = OPTIONS) -> list[str]:
    """Whether the check's own games bear the answer out: its worst distance from the target closer than the
    rules' as they are, or as close with a smaller mean distance, and whether beyond the check's noise (the two
    worst distances' 95% intervals apart); else a warning that they do not."""
    if not result.before or not result.after:
        return []
    before, after = objectives(result.before, result.spec.target), objectives(result.after, result.spec.target)
    words = (
        f"worst distance {points(before.worst)} -> {points(after.worst)} points, mean {points(before.mean)} -> "
        f"{points(after.mean)}"
    )
    if borne_out(result):
        if after.worst_high < before.worst_low:
            return [f"the check's fresh games point the same way, beyond their noise: {words}"]
        return [
            f"the check's fresh games point the same way, but within their noise ({words}; 95%: "
            f"{points(before.worst_low)}-{points(before.worst_high)} before, {points(after.worst_low)}-"
            f"{points(after.worst_high)} after): play more games ({named['verify_games']}) before trusting it"
        ]
    return [
        f"the check's fresh games do NOT point the same way ({words}): the search's games favoured it; "
        f"play more games ({named['verify_games']}, {named['budget']}) before trusting it"
    ]


def games_line(result: BalanceResult, *, timed: bool = True, named: Mapping[str, str] = OPTIONS) -> str:
    """The games the search and the check spent, and how the candidates ended (why none was screened)."""
    spec = result.spec
    refused = sum(1 for c in result.candidates if c.refused)
    stopped = sum(1 for c in result.candidates if c.stopped and c.stopped != SCREENED and not c.refused)
    screened = sum(1 for c in result.candidates if c.screened)
    unplayable = f", {refused} refused by the cards" if refused else ""
    skipped = screen_skipped(spec) if not screened else ""
    spent = result.search_played + result.search_cached
    over = (
        f" ({spent - spec.budget:,} over the {named['budget']} of {spec.budget:,}: a stage under way is finished, "
        "and the unchanged rules are always measured whole)"
        if spent > spec.budget
        else ""
    )
    return (
        f"games: search {result.search_played:,} played + {result.search_cached:,} from the cache{over} over "
        f"{counted(len(result.candidates), 'candidate')} ({counted(screened, 'single change')} screened"
        f"{f': {skipped};' if skipped else ','} {stopped} stopped early"
        f"{unplayable}); "
        f"check {result.verify_played:,} played + "
        f"{result.verify_cached:,} from the cache" + (f"; {result.seconds:.0f} s" if timed else "")
    )


def front_line(candidate: Candidate, target: float) -> str:
    """One candidate of the Pareto front: its worst distance with the interval and the games it rests on (a
    front drawn from a few games each says as much), its changes and their size."""
    found = candidate.objectives(target)
    games = sum(t.trials + t.draws for t in candidate.tallies.values())
    worst = candidate.tallies.get(found.worst_measure)
    where, spent = found.worst_measure, counted(games, "game")
    if worst is not None and len(candidate.tallies) > 1:  # the worst measure's own games, then all the candidate's
        where, spent = f"{where}, {counted(worst.trials + worst.draws, 'game')}", f"{spent} in all"
    changes = ", ".join(f"{k}={v}" for k, v in candidate.choice.items()) or "no change"
    return (
        f"  #{candidate.number}: {points(found.worst)} points ({where}; 95%: {points(found.worst_low)}-"
        f"{points(found.worst_high)}; {spent}), {counted(candidate.changes, 'change')}, size {candidate.size:.2f}: "
        f"{changes}"
    )


def starting_lines(spec: BalanceSpec) -> list[str]:
    """What the balance started from beyond the game as shipped: the designer's armies and the rules fixed."""
    lines = []
    if spec.army_files:
        lines.append(f"armies read from files: {', '.join(str(getattr(a, 'id', '')) for a in spec.army_files)}")
    if spec.rules:
        lines.append(f"rules fixed: {', '.join(f'{k}={json.dumps(v)}' for k, v in spec.rules.items())}")
    return lines


def report(result: BalanceResult, *, timed: bool = True, named: Mapping[str, str] = OPTIONS) -> str:
    """The result in words; `named`: how the reader's door names the settings its advice speaks of."""
    spec = result.spec
    target = spec.target
    lines = [
        f"{spec.game} balance at {spec.seat_policy()}: target {percent(target)} +- {percent(spec.tolerance)}, at most "
        f"{counted(spec.max_changes, 'change')}, {counted(len(spec.tuned()), 'knob')}",
    ]
    lines += starting_lines(spec)
    if not result.complete:
        lines.append("stopped before the end: the candidates measured whole are compared, nothing was checked")
    lines += measures_table(result, named)
    if spec.of_armies and result.before:
        lines += matrix_lines(spec.armies, result.before, "before")
        if result.answer is not None:
            lines += matrix_lines(spec.armies, result.after, "after")
        lines += metagame_lines(spec.armies, result.before, result.after if result.answer is not None else None)
        lines += card_lines(result)
    for which in ("before", "after"):
        tallies = result.before if which == "before" else result.after
        if tallies and (which == "before" or result.answer is not None):
            found = objectives(tallies, target)
            lines.append(
                f"worst {which}: {found.worst_measure} at {points(found.worst)} points from the target "
                f"(95%: {points(found.worst_low)}-{points(found.worst_high)}); mean distance {points(found.mean)}"
            )
    if result.answer is None:
        lines.append(f"answer: {NO_ANSWER_WHY[result.needs_no_change]}")
    else:
        lines.append(f"answer: candidate {result.answer.number}, {counted(result.answer.changes, 'change')}:")
        by_name = {k.name: k for k in spec.tuned()}
        for name, value in result.answer.choice.items():
            lines.append(f"  {name}: {by_name[name].current} -> {value}")
        because = balance_support(spec.game).completed_because
        for edit, was in brought_edits(spec.tuned(), result.answer.choice, spec.game, spec.given()):
            lines.append(
                f"  and {edit.card}.{edit.field}: {json.dumps(was)} -> {json.dumps(edit.value)} {because}".rstrip()
            )
        lines += check_lines(result, named)
    lines.append(
        "Pareto front: the candidates no other beats on all three of closeness, fewer changes and smaller ones"
        " (#: candidate number; worst distance from the target in the search's games, with its 95% interval;"
        " changes; size: each change's share of its knob's farthest move, summed):"
    )
    lines += [front_line(c, target) for c in result.front]
    lines.append(games_line(result, timed=timed, named=named))
    if result.files:
        lines.append(f"files: {', '.join(result.files)}")
        if borne_out(result) is False:
            lines.append(f"  (written as asked, but {NOT_BORNE_OUT}: play it with more games before using these files)")
        commands = result.play_commands()
        lines.append("the check's settings, on new deals (its figures differ from the check's by chance alone):")
        for players, command in zip(spec.players, commands, strict=False):
            at = f" ({counted(players, 'player')})" if len(commands) > 1 else ""
            lines.append(f"play the answer{at}: {command}")
    return "\n".join(lines)
