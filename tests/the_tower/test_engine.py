"""Scenario tests of The Tower engine, each citing the sentence of seed 002 it checks."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.protocol import CHANCE
from rules.the_tower import cards, catalog, engine, examples
from rules.the_tower.actions import ChooseRoom, DrawCard, Drink, Explore, FightRoom, Flee, Hit, RevealCard
from rules.the_tower.editing import build_position
from rules.the_tower.events import FightBegins, HitDealt, MonsterSlain, Retaliation
from rules.the_tower.metadata import Termination
from rules.the_tower.model import FACE_DOWN, Fight, GameState
from rules.the_tower.variants import Rules

DOWN = FACE_DOWN


def play(state: GameState, *actions: Any) -> tuple[GameState, list[Event]]:
    """Apply actions in turn; a plain card id stands for the chance outcome that reveals it."""
    events: list[Event] = []
    for action in actions:
        step = RevealCard(card=action) if isinstance(action, str) else action
        state, new = engine.apply(state, step)
        events += new
    return state, events


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


# ---- setting up -------------------------------------------------------------------------------------
def test_new_game_sorts_the_three_decks() -> None:
    # 002: "Start the game by sorting cards into these three decks and shuffle them"
    state = engine.new_game()
    assert len(state.attack_deck) == 27 and {cards.suit(c) for c in state.attack_deck} == {"C", "D", "S"}
    assert len(state.potion_deck) == 9 and {cards.suit(c) for c in state.potion_deck} == {"H"}
    assert len(state.unseen_rooms) == 16 and {cards.rank(c) for c in state.unseen_rooms} == {"J", "Q", "K", "A"}
    assert state.phase == "setup" and engine.current_player(state) == CHANCE


def test_the_opening_draws_5_attack_cards_and_1_potion_then_deals_a_floor() -> None:
    # 002: "Draw 5 attack cards, 1 potion card and note on paper your 6 starting HP."
    # 002: "Draw 4 room cards and put them flipped down" / "You start the game with 4 action points"
    state = engine.new_game()
    assert engine.chance_outcomes(state)[RevealCard(card="7S")] == Fraction(1, 27)
    state, events = play(state, "2C", "3D", "4S", "5C", "6D")
    assert state.drawing == "potion" and engine.chance_outcomes(state)[RevealCard(card="5H")] == Fraction(1, 9)
    state, events = play(state, "5H")
    assert state.phase == "actions" and state.hand == ("2C", "5C", "3D", "6D", "5H", "4S")
    assert state.hp == 6 and state.action_points == 4
    assert state.floor == (DOWN,) * 4 and state.floor_number == 1 and state.room_deck_size == 12
    assert "FloorDealt" in kinds(events)


def test_the_board_picture_variant_starts_with_14_hp() -> None:
    # 002 board picture: "PLAYER'S HP : 14"
    assert engine.new_game(Rules(starting_hp=14)).hp == 14


def test_nothing_but_the_draw_is_possible_while_a_card_is_drawn() -> None:
    with pytest.raises(IllegalAction, match="reveal it first"):
        engine.apply(engine.new_game(), DrawCard(pile="attack"))


# ---- action points ----------------------------------------------------------------------------------
def test_drawing_spends_a_point_and_is_a_chance_step() -> None:
    # 002: "Draw an attack card." / "Use each point by choosing one action in the list below"
    state = examples.opening()
    state, _ = play(state, DrawCard(pile="attack"))
    assert state.action_points == 3 and engine.current_player(state) == CHANCE
    dist = engine.chance_outcomes(state)
    assert len(dist) == 22 and all(p == Fraction(1, 22) for _, p in dist.items())
    state, _ = play(state, "2S")
    assert "2S" in state.hand and "2S" not in state.attack_deck


def test_the_same_action_may_be_used_while_points_last_then_no_more() -> None:
    # 002: "you can use multiple times the same action while you still have action points left"
    state = build_position(hand=("2C",), floor=(DOWN,) * 4, action_points=2)
    state, _ = play(state, DrawCard(pile="potion"), "2H", DrawCard(pile="potion"), "3H")
    assert state.action_points == 0
    with pytest.raises(IllegalAction, match=r"no action point left.*actions\.spend"):
        engine.apply(state, DrawCard(pile="potion"))


def test_drinking_adds_the_value_and_may_go_above_the_start() -> None:
    # 002: "Drink a potion card : Add the value of the card to your HP (you can go above your 6 starting HP)."
    state = build_position(hand=("9H", "2C"), floor=(DOWN,) * 4, action_points=1)
    state, events = play(state, Drink(card="9H"))
    assert state.hp == 15 and state.potion_waste == ("9H",) and state.action_points == 0
    assert events[-1].sentence() == "The player drinks the 9 of Hearts: +9 HP (15 HP now)."


def test_only_potions_can_be_drunk() -> None:
    state = build_position(hand=("9D",), floor=(DOWN,) * 4, action_points=1)
    with pytest.raises(IllegalAction, match="only potions"):
        engine.apply(state, Drink(card="9D"))


def test_exploring_turns_a_room_up_uniformly_among_the_unseen() -> None:
    # 002: "Explore a room on the table : choose one of the reversed room cards and flip it up"
    state = build_position(hand=("2C",), floor=(DOWN,) * 4, action_points=1)
    state, _ = play(state, Explore(room=2))
    dist = engine.chance_outcomes(state)
    assert len(dist) == 16 and dist[RevealCard(card="AS")] == Fraction(1, 16)
    state, events = play(state, "AS")
    assert state.floor == (DOWN, DOWN, "AS", DOWN) and "AS" not in state.unseen_rooms
    assert events[-1].sentence() == "Room 3 is turned face up: the Ace of Spades lies there."
    with pytest.raises(IllegalAction, match="no action point left"):
        engine.apply(state, Explore(room=0))


def test_a_face_up_room_cannot_be_explored() -> None:
    state = build_position(hand=("2C",), floor=("JC", DOWN, DOWN, DOWN), action_points=1)
    with pytest.raises(IllegalAction, match=r"already face up.*actions\.explore"):
        engine.apply(state, Explore(room=0))


def test_an_empty_deck_cannot_be_drawn_from() -> None:
    # 002: "When you used a card, or killed a foe put it aside the game, you cannot draw it back"
    potions = tuple(c for c in catalog.POTION_CARDS if c != "2H")
    state = build_position(hand=("2H",), floor=(DOWN,) * 4, potion_waste=potions, action_points=2)
    state, _ = play(state, Drink(card="2H"))
    with pytest.raises(IllegalAction, match=r"potion deck is empty.*waste"):
        engine.apply(state, DrawCard(pile="potion"))
    assert DrawCard(pile="potion") not in engine.legal_actions(state)


def test_the_reshuffle_variant_turns_the_used_cards_into_a_new_deck() -> None:
    potions = tuple(c for c in catalog.POTION_CARDS if c != "2H")
    rules = Rules(empty_deck="reshuffle")
    state = build_position(hand=("2H",), floor=(DOWN,) * 4, potion_waste=potions, action_points=2, rules=rules)
    state, events = play(state, Drink(card="2H"), DrawCard(pile="potion"))
    assert len(state.potion_deck) == 9 and state.potion_waste == ()
    assert any(e.rule == "waste" and "new potion deck" in e.sentence() for e in events)


def test_the_hand_limit_variant_stops_drawing() -> None:
    rules = Rules(hand_limit=6)
    state = build_position(hand=("2C", "3C", "4C", "5C", "6C", "2H"), floor=(DOWN,) * 4, action_points=1, rules=rules)
    with pytest.raises(IllegalAction, match="hand is full"):
        engine.apply(state, DrawCard(pile="attack"))


def test_the_hp_cap_variant() -> None:
    state = build_position(hand=("9H",), floor=(DOWN,) * 4, action_points=1, rules=Rules(hp_cap=10))
    assert play(state, Drink(card="9H"))[0].hp == 10


# ---- choosing a room --------------------------------------------------------------------------------
def test_an_unexplored_room_is_turned_up_when_fought() -> None:
    # 002: "You can choose a room you didn't explore (still flipped down) or an explored room"
    state = build_position(hand=("9D",), floor=(DOWN,) * 4)
    state, _ = play(state, FightRoom(room=1))
    assert state.phase == "fight" and engine.current_player(state) == CHANCE and state.revealing == 1
    state, events = play(state, "KS")
    assert state.fight == Fight(room=1, monster_hp=18) and isinstance(events[-1], FightBegins)


def test_points_left_carry_over_to_after_the_fight() -> None:
    # 002: "use your remaining action points from your previous fight"
    state = build_position(hand=("10D",), floor=("JC", DOWN, DOWN, DOWN), action_points=3)
    state, _ = play(state, FightRoom(room=0), Hit(card="10D"))
    assert state.phase == "actions" and state.action_points == 3 + 1


def test_no_point_is_spent_during_a_fight_by_default() -> None:
    # 002: "Use them then choose a room and fight the creature inside."
    state = build_position(hand=("2D", "3D"), floor=("KC", DOWN, DOWN, DOWN), action_points=3)
    state, _ = play(state, FightRoom(room=0))
    assert not any(isinstance(a, DrawCard | Drink) for a in engine.legal_actions(state))
    with pytest.raises(IllegalAction, match=r"before a fight.*turn\.order"):
        engine.apply(state, DrawCard(pile="attack"))


def test_room_chosen_first_variant() -> None:
    rules = Rules(room_chosen="before_actions")
    state = build_position(hand=("10D",), floor=("JC", DOWN, DOWN, DOWN), action_points=2, rules=rules)
    assert all(isinstance(a, ChooseRoom) for a in engine.legal_actions(state))
    with pytest.raises(IllegalAction, match="named before any point"):
        engine.apply(state, DrawCard(pile="attack"))
    state, _ = play(state, ChooseRoom(room=0), DrawCard(pile="attack"), "2S")
    assert [a for a in engine.legal_actions(state) if isinstance(a, FightRoom)] == [FightRoom(room=0)]
    with pytest.raises(IllegalAction, match="room named for this fight is room 1"):
        engine.apply(state, FightRoom(room=1))


def test_spend_all_points_variant() -> None:
    rules = Rules(spend_all_points_before_fight=True)
    state = build_position(hand=("10D",), floor=("JC", DOWN, DOWN, DOWN), action_points=1, rules=rules)
    with pytest.raises(IllegalAction, match="every action point"):
        engine.apply(state, FightRoom(room=0))
    state, _ = play(state, DrawCard(pile="attack"), "2S", FightRoom(room=0))
    assert state.phase == "fight"


# ---- fights -----------------------------------------------------------------------------------------
def test_monster_table() -> None:
    # 002 monster table: "Ace 3 22 4 King 2 18 3 Queen 2 14 2 Jack 1 10 1"
    rules = Rules()
    table = {r: (rules.monster(r).damage, rules.monster(r).hp, rules.monster(r).points) for r in "AKQJ"}
    assert table == {"A": (3, 22, 4), "K": (2, 18, 3), "Q": (2, 14, 2), "J": (1, 10, 1)}


@pytest.mark.parametrize(
    ("rank", "damages"), [("A", (3, 4, 5, 6)), ("K", (2, 3, 4, 5)), ("Q", (2, 3, 4, 5)), ("J", (1, 2, 3, 4))]
)
def test_floor_damage_table(rank: str, damages: tuple[int, ...]) -> None:
    # 002: "Every new floor after the first one, Add one to each monster damage value." (the floor table)
    assert tuple(Rules().monster_damage(rank, f) for f in (1, 2, 3, 4)) == damages


def test_damage_past_the_table() -> None:
    assert Rules().monster_damage("A", 6) == 8
    assert Rules(damage_beyond_table="as_last_floor").monster_damage("A", 6) == 6


def test_a_card_of_the_rooms_suit_cannot_be_used() -> None:
    # 002: "You cannot use the same suit as the room card." / picture: "Cannot use Clovers against Clovers"
    state = examples.pictured_fight()
    assert Hit(card="8C") not in engine.legal_actions(state)
    with pytest.raises(IllegalAction, match=r"cannot use the same suit.*8 of Clubs.*fight\.suit"):
        engine.apply(state, Hit(card="8C"))


def test_same_colour_deals_its_number_and_the_monster_strikes_back() -> None:
    # 002: "If both your attack and the room has the same colour, you deal the number of your card"
    # 002: "If the creature is still standing after you hit it, lower your own HP of the creature damage value"
    # picture: "Player deals 6 Damage and suffers 2"
    state, events = play(examples.pictured_fight(), Hit(card="6S"))
    hit, strike = events
    assert isinstance(hit, HitDealt) and hit.damage == 6 and not hit.doubled and hit.rule == "fight.colour"
    assert isinstance(strike, Retaliation) and strike.damage == 2 and strike.rule == "fight.retaliate"
    assert state.hp == 4 and state.fight == Fight(room=0, monster_hp=12) and state.attack_waste == ("6S",)


def test_opposite_colour_deals_double_and_a_fallen_monster_never_strikes() -> None:
    # 002: "If it's the opposite colour, you deal double damage." / picture: "Player deals 18 Damage without
    # getting hit"
    state, events = play(examples.pictured_fight(), Hit(card="9D"))
    assert kinds(events)[:2] == ["HitDealt", "MonsterSlain"] and "Retaliation" not in kinds(events)
    hit = events[0]
    assert isinstance(hit, HitDealt) and hit.damage == 18 and hit.doubled and hit.rule == "fight.double"
    assert state.hp == 6 and state.room_waste == ("KC",) and state.floor[0] is None


def test_the_monster_damage_is_never_doubled() -> None:
    # 002: "(do not double in case of opposite colour for the monster damage)"
    state = build_position(hand=("2D", "3C"), floor=("AS", DOWN, DOWN, DOWN), fight=Fight(room=0, monster_hp=22))
    state, events = play(state, Hit(card="2D"))
    assert [e.damage for e in events if isinstance(e, Retaliation)] == [3] and state.hp == 3


def test_a_potion_may_be_used_as_an_attack_and_is_then_gone() -> None:
    # 002: "You can choose to use a potion as an attack but you won't be able to drink it further on."
    state = build_position(hand=("5H",), floor=("JS", DOWN, DOWN, DOWN), fight=Fight(room=0, monster_hp=10))
    state, events = play(state, Hit(card="5H"))
    assert kinds(events)[0] == "Said" and events[0].rule == "fight.potion"
    assert state.potion_waste == ("5H",) and state.room_waste == ("JS",)


def test_a_heart_potion_cannot_hit_a_heart_room() -> None:
    state = build_position(hand=("5H", "2C"), floor=("JH", DOWN, DOWN, DOWN), fight=Fight(room=0, monster_hp=10))
    assert engine.legal_actions(state) == [Hit(card="2C")]


def test_slaying_wins_the_monsters_action_points() -> None:
    # 002: "If you successfully slayed your enemy, you gain a number of action points regarding the foe"
    for rank, points in (("J", 1), ("Q", 2), ("K", 3), ("A", 4)):
        room = rank + "S"
        state = build_position(hand=("10D", "9D"), floor=(room, DOWN, DOWN, DOWN), action_points=1)
        state, events = play(state, FightRoom(room=0), Hit(card="10D"), *([Hit(card="9D")] if rank == "A" else []))
        slain = [e for e in events if isinstance(e, MonsterSlain)]
        assert slain and slain[0].points_won == points and state.action_points == 1 + points


def test_the_player_dies_when_hp_reach_zero() -> None:
    # 002: "If your die fighting an enemy, you lost the game."
    state = build_position(hand=("2D", "3C"), floor=("AS", DOWN, DOWN, DOWN), hp=3, fight=Fight(room=0, monster_hp=22))
    state, events = play(state, Hit(card="2D"))
    assert state.hp == 0 and engine.is_terminal(state) and kinds(events)[-1] == "PlayerDied"
    outcome = engine.outcome(state)
    assert outcome is not None and outcome.termination is Termination.PLAYER_DIED and not outcome.won
    with pytest.raises(IllegalAction, match="the game is over"):
        engine.apply(state, Hit(card="3C"))


def test_with_no_card_able_to_hit_the_monster_strikes_until_the_player_falls() -> None:
    # 002: "Then repeat the assault until you or your enemy dies." (variant stuck, default 'die')
    state = build_position(hand=("8C", "3C"), floor=("QC", DOWN, DOWN, DOWN), hp=20, action_points=2)
    state, events = play(state, FightRoom(room=0))
    assert state.termination == "player_died" and state.hp == 0
    assert any(e.rule == "fight.repeat" and "strikes until the player falls" in e.sentence() for e in events)


def test_when_stuck_variant_lets_points_be_spent_in_a_fight() -> None:
    rules = Rules(fight_actions="when_stuck")
    state = build_position(hand=("8C",), floor=("QC", DOWN, DOWN, DOWN), action_points=1, rules=rules)
    state, _ = play(state, FightRoom(room=0))
    assert state.phase == "fight" and set(engine.legal_actions(state)) == {
        DrawCard(pile="attack"),
        DrawCard(pile="potion"),
    }
    state, _ = play(state, DrawCard(pile="attack"), "10D")
    assert engine.legal_actions(state) == [Hit(card="10D")]
    with pytest.raises(IllegalAction, match="only when no card in hand can hit"):
        engine.apply(state, DrawCard(pile="attack"))


def test_always_variant_lets_points_be_spent_between_hits() -> None:
    rules = Rules(fight_actions="always")
    state = build_position(hand=("8D", "9H"), floor=("QC", DOWN, DOWN, DOWN), action_points=1, rules=rules)
    state, _ = play(state, FightRoom(room=0))
    assert Drink(card="9H") in engine.legal_actions(state) and Hit(card="8D") in engine.legal_actions(state)


def test_flee_variants() -> None:
    # variant stuck='flee': a player who cannot hit leaves the room, which stays face up
    rules = Rules(stuck="flee")
    state = build_position(hand=("2S", "5D"), floor=(DOWN,) * 4, rules=rules)
    state, events = play(state, FightRoom(room=0), "QD", Hit(card="2S"))  # 4 of its 14 HP; the 5D cannot hit
    assert state.phase == "actions" and state.floor[0] == "QD" and state.hp == 6 - 2
    assert "flees" in events[-1].sentence() and events[-1].rule == "fight.repeat"
    assert FightRoom(room=0) not in engine.legal_actions(state)
    with pytest.raises(IllegalAction, match=r"no card in hand can hit the Queen of Diamonds.*fight\.repeat"):
        engine.apply(state, FightRoom(room=0))
    # variant may_leave_fight: leaving at will
    leave = Rules(may_leave_fight=True)
    state = build_position(
        hand=("8D",), floor=("QC", DOWN, DOWN, DOWN), fight=Fight(room=0, monster_hp=14), rules=leave
    )
    state, _ = play(state, Flee())
    assert state.phase == "actions" and state.fight is None and state.floor[0] == "QC"
    # a player who cannot hit but may leave is not at a loss: leaving is the one choice left
    state = build_position(
        hand=("2S", "5C"), floor=("QC", DOWN, DOWN, DOWN), fight=Fight(room=0, monster_hp=14), rules=leave
    )
    state, _ = play(state, Hit(card="2S"))
    assert state.phase == "fight" and engine.legal_actions(state) == [Flee()]
    with pytest.raises(IllegalAction, match=r"until you or your enemy dies.*fight\.repeat"):
        engine.apply(examples.pictured_fight(), Flee())


def test_a_trapped_player_loses_under_flee() -> None:
    # stuck='flee': with every room left face up and out of reach, the game cannot go on
    rules = Rules(stuck="flee")
    state = build_position(hand=("2S", "5D"), floor=(DOWN,) * 4, rules=rules)
    state, _ = play(state, FightRoom(room=0), "QD", Hit(card="2S"), FightRoom(room=1), "JD", FightRoom(room=2), "KD")
    assert state.phase == "actions" and state.floor == ("QD", "JD", "KD", DOWN)
    state, events = play(state, FightRoom(room=3), "AD")
    assert state.termination == "player_trapped" and "trapped" in events[-1].sentence()
    outcome = engine.outcome(state)
    assert outcome is not None and outcome.termination is Termination.PLAYER_TRAPPED


# ---- floors and the end -----------------------------------------------------------------------------
def test_clearing_a_floor_deals_the_next_with_one_more_damage() -> None:
    # 002: "When you cleared a floor, draw another 4 cards facing down"
    # 002: "Every new floor after the first one, Add one to each monster damage value."
    state = build_position(
        hand=("10D", "9D"), floor=(None, None, None, "JS"), room_waste=("JC", "QC", "KC"), action_points=2
    )
    state, events = play(state, FightRoom(room=3), Hit(card="10D"))
    assert state.floor_number == 2 and state.floor == (DOWN,) * 4 and state.action_points == 3
    assert "Floor 2: 4 room cards are dealt face down." in [e.sentence() for e in events]
    state, events = play(state, FightRoom(room=0), "AH")
    assert isinstance(events[-1], FightBegins) and events[-1].damage == 4


def test_the_game_is_won_when_the_room_deck_is_empty_and_every_monster_dead() -> None:
    # 002: "If the floor deck is empty and every monster is dead, you won the game !"
    waste = tuple(c for c in catalog.ROOM_CARDS if c != "JS")
    state = build_position(hand=("10D",), floor=(None, None, None, "JS"), floor_number=4, room_waste=waste)
    state, events = play(state, FightRoom(room=3), Hit(card="10D"))
    outcome = engine.outcome(state)
    assert outcome is not None and outcome.termination is Termination.ALL_MONSTERS_SLAIN and outcome.won
    assert kinds(events)[-1] == "GameWon"


def test_three_rooms_a_floor_make_a_last_floor_of_one() -> None:
    rules = Rules(rooms_per_floor=3)
    waste = tuple(c for c in catalog.ROOM_CARDS if c not in ("JS", "AD"))
    state = build_position(hand=("10D",), floor=(None, None, "JS"), floor_number=5, room_waste=waste, rules=rules)
    state, _ = play(state, FightRoom(room=2), Hit(card="10D"))
    assert state.floor_number == 6 and state.floor == (DOWN,) and state.unseen_rooms == ("AD",)


def test_every_card_is_accounted_for_after_a_scripted_floor() -> None:
    state, _ = play(examples.opening(), DrawCard(pile="attack"), "10D", FightRoom(room=0), "JC", Hit(card="10D"))
    face_up = [s for s in state.floor if s not in (None, DOWN)]
    piles = (state.hand, state.attack_deck, state.potion_deck, state.unseen_rooms, state.attack_waste)
    placed = Counter([c for pile in piles for c in pile] + [*state.potion_waste, *state.room_waste, *face_up])
    assert placed == Counter(cards.ALL_CARDS)
