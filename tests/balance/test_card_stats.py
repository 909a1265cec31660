"""Card statistics: play rates and the win rates of games with and without a card, read from the games' cards."""

from __future__ import annotations

import pandas as pd
import pytest

from rules.balance.card_stats import card_stats, plays, rate_words, sort_table
from rules.core.ladder import wilson


def games() -> pd.DataFrame:
    """Four games of the Undead (seat 0) against the Bandits: the Lich played in the two the Undead won."""
    rows = [
        (0, "1:0:undead.graveyard;3:0:undead.lich;4:1:bandits.siege_base"),
        (0, "1:0:undead.graveyard;5:0:undead.lich;6:0:undead.lich"),
        (1, "1:0:undead.graveyard;2:1:bandits.siege_base"),
        (None, "1:0:undead.crypt"),
    ]
    return pd.DataFrame([{"army_0": "undead", "army_1": "bandits", "winner": w, "cards": c} for w, c in rows]).astype(
        {"winner": "Int64"}
    )


def test_a_game_s_cards_read_back_as_plays() -> None:
    assert plays("3:1:undead.lich;4:0:x.y") == [(3, 1, "undead.lich"), (4, 0, "x.y")]
    assert plays("") == []


def test_a_card_s_play_rate_and_win_rates_played_and_not() -> None:
    table = card_stats(games()).set_index("card")
    lich = table.loc["undead.lich"]
    assert lich["kind"] == "ability" and lich["games"] == 4 and lich["played"] == 2
    assert lich["play_rate"] == 0.5 and lich["mean_plays"] == 1.5 and lich["first_turn"] == 4
    assert lich["win_rate_played"] == 1.0 and lich["win_rate_not_played"] == 0.0  # the draw does not count
    assert (lich["ci_low_played"], lich["ci_high_played"]) == pytest.approx(wilson(2, 2))
    assert lich["difference"] == 1.0
    siege = table.loc["bandits.siege_base"]
    assert siege["kind"] == "base" and siege["win_rate_played"] == 0.5 and siege["games"] == 4
    assert table.loc["undead.ghost", "kind"] == "special" and table.loc["undead.ghost", "played"] == 0


def test_the_table_sorts_by_any_column_and_refuses_one_it_has_not() -> None:
    table = card_stats(games())
    by_plays = sort_table(table, "mean_plays")
    assert list(by_plays["mean_plays"]) == sorted(table["mean_plays"], reverse=True)
    assert sort_table(table, "card", descending=False)["card"].is_monotonic_increasing
    with pytest.raises(ValueError, match="no column 'colour'"):
        sort_table(table, "colour")


def test_a_difference_resting_on_few_games_says_how_few() -> None:
    """Two games with the Lich and two without: a +100% difference that would read as firm as any other without the
    count beside it."""
    table = card_stats(games()).set_index("card")
    *_, lich = rate_words(table.loc["undead.lich"].to_dict())
    assert lich == "+100% (2 games with it)"  # two games each side: both few
    *_, graveyard = rate_words(table.loc["undead.graveyard"].to_dict())
    assert graveyard == "-"  # its one game without it is a draw: no difference at all
    row = table.loc["undead.lich"].to_dict()
    assert rate_words({**row, "games": 40, "played": 20})[2] == "+100%"
    assert rate_words({**row, "games": 40, "played": 39})[2] == "+100% (1 game without it)"
