"""Knobs: `--tune` read into the values a balance may try, refused in words when malformed; a copies change keeps
its deck at 25 cards; the default set holds each number's current value."""

from __future__ import annotations

from typing import Any

import pytest

from rules.attack_the_tower.catalog import shipped_army
from rules.attack_the_tower.overrides import armies_for
from rules.balance.knobs import Knob, brought_edits, card_edits, default_knobs, parse_tune
from rules.balance.plan import BalanceSpec
from rules.core.errors import IllegalPosition

ARMIES = ("undead", "bandits", "westerners", "easterners")


def test_a_range_of_a_rules_field_is_every_whole_number_in_it() -> None:
    knob = parse_tune("cavalry_power=2..5", "attack-the-tower", ARMIES)
    assert knob.kind == "rules" and knob.values == (2, 3, 4, 5) and knob.current == 3
    assert knob.text() == "cavalry_power=2..5"


def test_a_card_number_reads_its_current_value_from_the_shipped_army() -> None:
    knob = parse_tune("undead.ghost.special_troop.power=0..5", "attack-the-tower", ARMIES)
    ghost = next(a for a in shipped_army("undead").abilities if a.id == "undead.ghost")
    assert ghost.special_troop is not None
    assert knob.kind == "card" and knob.card == "undead.ghost" and knob.current == ghost.special_troop.power


def test_a_list_of_values_is_taken_as_given() -> None:
    knob = parse_tune("empty_pile=reshuffle,cannot_draw", "attack-the-tower", ARMIES)
    assert knob.values == ("reshuffle", "cannot_draw") and knob.current == "reshuffle"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("cavalry_power", "takes NAME=LO..HI"),
        ("cavalry_power=", "takes NAME=LO..HI"),
        ("cavalry_power=4..2", "LO must be below HI"),
        ("cavalry_power=2-4", "is one value"),
        ("cavalry_power=a..b", "two whole numbers"),
        ("cavalry_power=5..7", "must include the current value 3"),
        ("cavalry_power=0..100", "at most 41"),
        ("cavalri_power=1..3", "did you mean cavalry_power?"),
        ("undead.ghostt.special_troop.power=1..3", "have no card 'undead.ghostt'"),
        ("undead.ghost.special_troop.pwr=1..3", "has no field special_troop.pwr"),
        ("orcs.shaman.copies=1..3", "no army 'orcs'"),
        ("undead.lich.effects.0.delta=-1,x", "the value x cannot be played"),
        ("cavalry_power=3,3", "lists a value twice"),
        (3, "takes NAME=LO..HI or NAME=V1,V2,..., not a number"),  # from Python: the kind in words, not 'int'
        (None, "not nothing (None)"),
        ("undead.graveyard.copies=7..30", "cannot be played"),
        # the card a deck kept whole takes copies from is named with the change that moved it, and why
        (
            "undead.lich.copies=1..12",
            "the value 8 cannot be played: undead.zombie.copies: must be at least 0 (undead.lich.copies=8 takes it "
            "from 4 to -1 to keep the deck at 25 cards)",
        ),
    ],
)
def test_a_malformed_tune_is_refused_in_words(text: Any, words: str) -> None:
    with pytest.raises(IllegalPosition) as refused:
        parse_tune(text, "attack-the-tower", ARMIES)
    said = str(refused.value)
    assert said.startswith("--tune:") and words in said


def test_a_card_of_an_army_not_balanced_is_refused() -> None:
    with pytest.raises(IllegalPosition, match="among the armies balanced"):
        parse_tune("westerners.wizard.effects.0.delta=1,2", "attack-the-tower", ("undead", "bandits"))


def test_a_copies_change_keeps_the_deck_at_25_cards() -> None:
    knob = parse_tune("undead.graveyard.copies=5..9", "attack-the-tower", ARMIES)
    edits = card_edits([knob], {knob.name: 9}, "attack-the-tower")
    (army,) = armies_for({"undead"}, (), edits)
    assert sum(b.copies for b in army.bases) == 25
    assert next(b for b in army.bases if b.id == "undead.graveyard").copies == 9
    assert len(edits) == 2 and edits[1].card != "undead.graveyard"


def test_the_edit_a_copies_change_brings_is_named_with_the_value_it_changes() -> None:
    # an answer printed or written as JSON must name every card it changes, or the deck it gives holds 23 cards
    knobs = [
        parse_tune(f"bandits.{b}_base.copies=3..7", "attack-the-tower", ARMIES) for b in ("siege", "heavy_infantry")
    ]
    choice = {knobs[0].name: 4, knobs[1].name: 4}
    ((edit, was),) = brought_edits(knobs, choice, "attack-the-tower")
    assert (edit.card, edit.field, edit.value, was) == ("bandits.light_infantry_base", "copies", 7, 5)
    assert brought_edits(knobs, {knobs[0].name: 5}, "attack-the-tower") == ()  # no change, nothing brought
    ghost = parse_tune("undead.ghost.special_troop.power=1..4", "attack-the-tower", ARMIES)
    assert brought_edits([ghost], {ghost.name: 4}, "attack-the-tower") == ()


def test_each_default_knob_holds_its_current_value_and_plays_at_every_value() -> None:
    for game, armies in (("attack-the-tower", ARMIES), ("tower-defense", ()), ("the-tower", ())):
        knobs = default_knobs(game, armies)
        assert knobs, game
        for knob in knobs:
            assert isinstance(knob, Knob) and knob.current in knob.values and len(knob.values) >= 2


def test_copies_changes_in_one_deck_are_balanced_together_by_a_card_they_leave_alone() -> None:
    knobs = [parse_tune(f"bandits.{b}_base.copies=3..7", "attack-the-tower", ARMIES) for b in ("shooter", "cavalry")]
    edits = card_edits(knobs, {knobs[0].name: 7, knobs[1].name: 4}, "attack-the-tower")
    (army,) = armies_for({"bandits"}, (), edits)
    copies = {b.id.split(".")[1]: b.copies for b in army.bases}
    assert sum(copies.values()) == 25  # +2 and -1 together: one copy taken from the first fullest card left alone
    assert copies == {
        "light_infantry_base": 4,
        "shooter_base": 7,
        "heavy_infantry_base": 5,
        "cavalry_base": 4,
        "siege_base": 5,
    }


def test_the_default_attack_the_tower_set_turns_troop_powers_base_copies_and_special_troops() -> None:
    knobs = {k.name: k for k in default_knobs("attack-the-tower", ("undead", "bandits"))}
    assert knobs["cavalry_power"].values == (2, 3, 4)
    assert knobs["undead.workshop.copies"].values == (1, 2, 3, 4)  # 2 copies: two up, one down (one is kept)
    assert knobs["undead.graveyard.copies"].values == (5, 6, 7, 8, 9)
    assert knobs["undead.ghost.special_troop.power"].values == (0, 1, 2, 3, 4)
    assert not any(".effects." in name for name in knobs)
    assert not any(name.startswith(("westerners.", "easterners.")) for name in knobs)


def test_the_size_of_a_change_is_its_share_of_the_farthest_step() -> None:
    knob = parse_tune("cavalry_power=1..5", "attack-the-tower", ARMIES)
    assert knob.size(3) == 0 and knob.size(5) == 1 and knob.size(4) == 0.5 and knob.size(1) == 1


def test_tower_defense_knobs_are_its_rules_fields_and_card_numbers() -> None:
    rules = parse_tune("wave_every=2..6", "tower-defense")
    card = parse_tune("standard.1.damage_by_level.0=1..9", "tower-defense")
    assert rules.kind == "rules" and card.kind == "card" and card.current in card.values
    with pytest.raises(IllegalPosition, match="no rules field"):
        parse_tune("wave_evry=2..6", "tower-defense")


def test_the_armies_balanced_are_read_whatever_their_case() -> None:
    """Army ids are lower case (the army files' pattern): "Undead, Bandits" names the same armies."""
    assert BalanceSpec(game="attack-the-tower", armies="Undead, BANDITS").armies == ("undead", "bandits")
