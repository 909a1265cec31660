"""Scenario tests of The Tower's `Rules` fields that random play does not reach: each builds a position where
the field's rule applies, plays the same action under the default rules and under the changed value, and
checks the difference the field's description promises."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.the_tower import engine, examples
from rules.the_tower.actions import DrawCard, Drink, Hit, RevealCard
from rules.the_tower.editing import build_position, edited
from rules.the_tower.events import PotionDrunk, Retaliation
from rules.the_tower.model import FACE_DOWN, Fight, GameState
from rules.the_tower.variants import Rules


def play(state: GameState, *actions: Any) -> tuple[GameState, list[Event]]:
    """Apply actions in turn; a plain card id stands for the chance outcome that reveals it."""
    events: list[Event] = []
    for action in actions:
        state, new = engine.apply(state, RevealCard(card=action) if isinstance(action, str) else action)
        events += new
    return state, events


def sentences(events: list[Event]) -> list[str]:
    return [e.sentence() for e in events]


def test_hand_limit_refuses_a_draw_into_a_full_hand() -> None:
    # 002: "Draw 5 attack cards, 1 potion card" - silent on a limit; the variant reads it as a hand of six.
    unlimited = examples.opening()
    assert len(unlimited.hand) == 6
    state, _ = play(unlimited, DrawCard(pile="attack"), "2C")
    assert len(state.hand) == 7 and state.action_points == 3
    limited = examples.opening(Rules(hand_limit=6))
    with pytest.raises(IllegalAction, match=r"the hand is full \(6 cards at most\)"):
        engine.apply(limited, DrawCard(pile="attack"))
    assert DrawCard(pile="attack") not in engine.legal_actions(limited)


def test_empty_deck_reshuffle_makes_a_new_deck_of_the_used_cards() -> None:
    # 002: "When you used a card, or killed a foe put it aside the game, you cannot draw it back"
    # (default 'cannot_draw'); the variant 'reshuffle' shuffles the used cards into a new deck.
    def last_rooms_without_attack_deck(rules: Rules) -> GameState:
        base = examples.last_rooms(rules)
        return edited(base, attack_waste=(*base.attack_waste, "2C", "3D", "2S"), action_points=1)

    state = last_rooms_without_attack_deck(Rules())
    assert state.attack_deck == ()
    with pytest.raises(IllegalAction, match="the attack deck is empty, and used cards are put aside for good"):
        engine.apply(state, DrawCard(pile="attack"))
    state = last_rooms_without_attack_deck(Rules(empty_deck="reshuffle"))
    used = len(state.attack_waste)
    state, events = play(state, DrawCard(pile="attack"), "2C")
    assert f"The {used} used attack cards are shuffled into a new attack deck." in sentences(events)
    assert "2C" in state.hand and len(state.attack_deck) == used - 1 and state.attack_waste == ()


def fight_on_floor_five(rules: Rules) -> GameState:
    """Two rooms a floor: eight monsters slain make floor 5, where a Jack (10 HP) is being fought."""
    return build_position(
        hand=("2D", "9S"),
        floor=("JC", FACE_DOWN),
        floor_number=5,
        room_waste=("AC", "AD", "AH", "AS", "KC", "KD", "KH", "KS"),
        hp=9,
        fight=Fight(room=0, monster_hp=10),
        rules=rules,
    )


def test_damage_beyond_table_stops_the_floor_table_at_floor_four() -> None:
    # 002: "Every new floor after the first one, Add one to each monster damage value." - on floor 5 the
    # Jack strikes 1 + 4 (default 'keep_adding'); 'as_last_floor' keeps floor 4's 1 + 3.
    for reading, strike in (("keep_adding", 5), ("as_last_floor", 4)):
        state = fight_on_floor_five(Rules(rooms_per_floor=2, damage_beyond_table=reading))
        state, events = play(state, Hit(card="2D"))
        (retaliation,) = [e for e in events if isinstance(e, Retaliation)]
        assert retaliation.damage == strike and state.hp == 9 - strike, reading


def test_hp_cap_stops_a_potion_at_the_cap() -> None:
    # 002: "you can go above your 6 starting HP" (default: no cap); the variant caps what drinking brings.
    state, events = play(examples.opening(), Drink(card="5H"))
    assert state.hp == 11
    capped, events = play(examples.opening(Rules(hp_cap=8)), Drink(card="5H"))
    assert capped.hp == 8
    (drunk,) = [e for e in events if isinstance(e, PotionDrunk)]
    assert drunk.healed == 2 and drunk.hp == 8


@pytest.mark.parametrize(
    ("rules", "floor", "sentence"),
    [
        (Rules(), 2, "On floor 2 every monster deals 1 more damage than on the first."),
        (Rules(damage_per_floor=2), 2, "On floor 2 every monster deals 2 more damage than on the first."),
        (Rules(damage_per_floor=0), 2, "On floor 2 every monster deals the damage it deals on the first."),
    ],
)
def test_the_next_floor_says_the_damage_its_monsters_add(rules: Rules, floor: int, sentence: str) -> None:
    # 002: "Every new floor after the first one, Add one to each monster damage value." The sentence says what
    # Rules.damage_per_floor makes of it, as the monsters' strikes do.
    state = build_position(
        hand=("10D",),
        floor=(None, None, None, "JC"),
        room_waste=("AC", "AD", "AH"),
        floor_number=floor - 1,
        rules=rules,
        fight=Fight(room=3, monster_hp=10),
    )
    _, events = engine.apply(state, Hit(card="10D"))
    assert events[-1].sentence() == sentence
    extra = rules.monster_damage("J", floor) - rules.monster_damage("J", 1)
    assert str(extra) in sentence or extra == 0


def test_beyond_the_table_the_sentence_says_the_last_floors_damage() -> None:
    # Rules.damage_beyond_table='as_last_floor': floors past the 4th deal what the 4th deals (3 more than the first).
    rules = Rules(rooms_per_floor=2, damage_beyond_table="as_last_floor")
    slain = ("AC", "AD", "AH", "KC", "KD", "KH", "QC", "QD", "QH")
    state = build_position(
        hand=("10D",),
        floor=(None, "JC"),
        room_waste=slain,
        floor_number=5,
        rules=rules,
        fight=Fight(room=1, monster_hp=10),
    )
    _, events = engine.apply(state, Hit(card="10D"))
    assert events[-1].sentence() == "On floor 6 every monster deals 3 more damage than on the first."
