"""Why an army wins: per card (a base, an ability, an ability that brings a special troop), how often it is played
and the win rate of the games where its player played it against the games where they did not, each with its
Wilson 95% interval - the "played win rate" card-game analysts read.

Read from any Attack the Tower sweep's games (one row per game, its `cards` column: `turn:player:card` joined by
`;`): each game counts once for each seat, for the cards of that seat's army. A card played in most games that win
and few that lose is doing work; a big gap between the two rates with narrow intervals is worth a designer's look
(it says the card goes with winning, not that it causes it: a card played only when ahead shows a gap too).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pandas as pd
from pydantic import BaseModel

from rules.core.errors import counted
from rules.core.ladder import wilson
from rules.core.percent import percent, signed_percent

COLUMNS = (
    "card",
    "army",
    "kind",
    "games",
    "played",
    "play_rate",
    "mean_plays",
    "first_turn",
    "win_rate_played",
    "ci_low_played",
    "ci_high_played",
    "win_rate_not_played",
    "ci_low_not_played",
    "ci_high_not_played",
    "difference",
)


def plays(cards: str) -> list[tuple[int, int, str]]:
    """A game's `cards` column as (turn, player, card) plays, in order."""
    out = []
    for item in cards.split(";") if cards else ():
        turn, player, card = item.split(":", 2)
        out.append((int(turn), int(player), card))
    return out


def card_kinds(army_id: str, files: Sequence[BaseModel] = ()) -> dict[str, str]:
    """Each card of the army as played (a designer's army file of its id among `files`, else the shipped army) by
    its kind: base, ability or special (an ability that brings a special troop)."""
    from rules.attack_the_tower.balancing import played_army

    army = played_army(army_id, files)
    kinds = {base.id: "base" for base in army.bases}
    kinds.update((a.id, "special" if a.special_troop is not None else "ability") for a in army.abilities)
    return kinds


def seat_rows(games: pd.DataFrame) -> pd.DataFrame:
    """One row per game and seat: the seat's army, whether it won (draws are neither), the cards it played (a
    set), how often each, and the turn each was first played."""
    rows = []
    for record in games[["army_0", "army_1", "winner", "cards"]].itertuples(index=False):
        by_seat: dict[int, list[tuple[int, str]]] = {0: [], 1: []}
        for turn, player, card in plays(str(record.cards)):
            by_seat.setdefault(player, []).append((turn, card))
        said: Any = record.winner
        winner = None if pd.isna(said) else int(said)
        for seat, army in ((0, record.army_0), (1, record.army_1)):
            played = by_seat.get(seat, [])
            counts = Counter(card for _, card in played)
            first = {card: turn for turn, card in reversed(played)}  # each card's earliest turn
            rows.append(
                {
                    "army": str(army),
                    "won": winner == seat,
                    "decided": winner is not None,
                    "counts": counts,
                    "first": first,
                }
            )
    return pd.DataFrame(rows)


def card_stats(
    games: pd.DataFrame, cards: Iterable[str] | None = None, files: Sequence[BaseModel] = ()
) -> pd.DataFrame:
    """The table of COLUMNS, one row per card of the armies played (or of `cards`), most played first; `files`: the
    designer's army files the games played (their armies' cards are read from them)."""
    if games.empty or "cards" not in games:
        return pd.DataFrame(columns=list(COLUMNS))
    seats = seat_rows(games)
    kinds: dict[str, str] = {}
    for army_id in dict.fromkeys(seats["army"]):
        kinds |= card_kinds(str(army_id), files)
    wanted = list(cards) if cards is not None else []
    wanted = wanted or list(kinds)
    rows = []
    for card_id in wanted:
        owner = card_id.split(".", 1)[0]
        mine = seats[(seats["army"] == owner) & seats["decided"]]
        everyone = seats[seats["army"] == owner]
        if everyone.empty:
            continue
        played_mask = mine["counts"].map(lambda c, k=card_id: k in c)
        played, not_played = mine[played_mask], mine[~played_mask]
        all_played = everyone[everyone["counts"].map(lambda c, k=card_id: k in c)]
        rates: dict[str, float] = {}
        for kind, group in (("played", played), ("not_played", not_played)):
            won = int(group["won"].sum())
            low, high = wilson(won, len(group))
            rate = won / len(group) if len(group) else float("nan")
            rates.update({f"win_rate_{kind}": rate, f"ci_low_{kind}": low, f"ci_high_{kind}": high})
        counts = all_played["counts"].map(lambda c, k=card_id: c[k])
        firsts = all_played["first"].map(lambda f, k=card_id: f[k])
        rows.append(
            {
                "card": card_id,
                "army": owner,
                "kind": kinds.get(card_id, "unknown"),
                "games": len(everyone),
                "played": len(all_played),
                "play_rate": len(all_played) / len(everyone),
                "mean_plays": float(counts.mean()) if len(counts) else 0.0,
                "first_turn": float(firsts.median()) if len(firsts) else float("nan"),
                **rates,
                "difference": rates["win_rate_played"] - rates["win_rate_not_played"],
            }
        )
    table = pd.DataFrame(rows, columns=list(COLUMNS))
    return table.sort_values(["play_rate", "card"], ascending=[False, True], ignore_index=True)


def sort_table(table: pd.DataFrame, by: str, descending: bool = True) -> pd.DataFrame:
    """The table sorted by one of its columns (ValueError naming the columns otherwise); NaN last."""
    if by not in table.columns:
        raise ValueError(f"no column {by!r}; columns: {', '.join(map(str, table.columns))}")
    return table.sort_values(by, ascending=not descending, na_position="last", ignore_index=True, kind="stable")


FEW_GAMES = 5
"""A difference drawn from fewer games than this on one side (with the card, or without it) says so: one game
without a card makes its "won when not played" 0% or 100%."""


def rate_words(row: Mapping[Any, Any]) -> tuple[str, str, str]:
    """A row's win rates played and not played, each with its 95% interval, and their difference, as text ("-"
    where no game counts; "(N games without it)" or "(N with it)" beside a difference resting on few games)."""

    def rate(kind: str) -> str:
        value, low, high = (float(row[f"{k}_{kind}"]) for k in ("win_rate", "ci_low", "ci_high"))
        return "-" if math.isnan(value) else f"{percent(value)} ({percent(low)}-{percent(high)})"

    difference = float(row["difference"])
    if math.isnan(difference):
        return rate("played"), rate("not_played"), "-"
    with_it, without = int(row["played"]), int(row["games"]) - int(row["played"])
    few = min((without, "without it"), (with_it, "with it"))
    said = f" ({counted(few[0], 'game')} {few[1]})" if few[0] < FEW_GAMES else ""
    return rate("played"), rate("not_played"), f"{signed_percent(difference)}{said}"
