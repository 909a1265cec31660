"""Illegal positions and illegal actions: each refused with a message a player understands.

Seeds: 004 is the manual (../shared/seeds/004_b630b22d9110621e.txt), 000 the Undead edition.
"""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from rules.attack_the_tower import engine, schema
from rules.attack_the_tower.actions import (
    Build,
    Burn,
    DeclareAttack,
    Discard,
    DrawCard,
    EndTurn,
    KeepHand,
    Pass,
    PlayAbility,
    Renew,
    RevealCard,
    allocate,
)
from rules.attack_the_tower.examples import build_player
from rules.attack_the_tower.game import GAME, POSITION
from rules.attack_the_tower.model import Allocation, GameState, Player
from rules.core.errors import IllegalAction, IllegalPosition, MalformedFile
from rules.core.records import json_data


# ---- helpers -----------------------------------------------------------------------------------------
def undead(**kw: Any) -> Player:
    return build_player("undead", kw.pop("board", [[("graveyard", 1)]]), **kw)


def bandits() -> Player:
    return build_player("bandits", [[("light_infantry_base", 1)]])


def data(p0: Player, p1: Player, **fields: Any) -> dict[str, Any]:
    """A position as plain JSON-like data, as a file or the editor would give it."""
    return {"players": [json_data(p0), json_data(p1)], **fields}


def problems(position: dict[str, Any]) -> list[str]:
    """The problems validate_model reports, each as 'where: message'."""
    with pytest.raises(IllegalPosition) as info:
        POSITION.validate(position)
    return [str(p) for p in info.value.problems]


def main_position() -> GameState:
    return POSITION.validate(data(undead(hand=("undead.lich",)), bandits()))


def in_battle() -> GameState:
    state, _ = engine.apply(main_position(), DeclareAttack(player=0, origin=0, target=0))
    return state


def refused(state: GameState, action: Any) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        engine.apply(state, action)
    return info.value


# ---- illegal positions -------------------------------------------------------------------------------
def test_a_base_cannot_hold_more_than_two_troops() -> None:
    # 004 renewal A: "remember that they cannot hold more than two troops"
    position = data(undead(board=[[None, ("graveyard", 2)]]), bandits())
    position["players"][0]["territories"][0][1]["troops"] = 3
    with pytest.raises(IllegalPosition, match="a base cannot hold more than 2 troops"):
        POSITION.validate(position)
    assert problems(position) == ["players.0.territories.0.1: a base cannot hold more than 2 troops (it has 3)"]


def test_troop_counts_are_not_negative() -> None:
    # 004 renewal A: "Use the counters to keep count of how many troops each Base has"
    position = data(undead(), bandits())
    position["players"][0]["territories"][0][0]["troops"] = -1
    assert problems(position) == ["players.0.territories.0.0.troops: must be at least 0"]


def test_a_card_of_another_army_is_refused() -> None:
    # 004 setting up: "Each player must have his own Army, composed of a deck with 25 Ability cards and 25
    # Base cards"
    position = data(undead(), bandits())
    position["players"][0]["hand"] = ["bandits.siege_base"]
    assert problems(position) == ["players.0.hand: Bandit siege base is not a card of the Undead army"]
    position = data(undead(), bandits())
    position["players"][1]["territories"][0][0]["card"] = "undead.crypt"
    assert problems(position) == ["players.1.territories.0.0: Crypt is not a card of the Bandits army"]


def test_an_unknown_card_is_refused() -> None:
    # 004 setting up: the deck holds the army's cards only
    position = data(undead(), bandits())
    position["players"][0]["ability_pile"] = ["undead.banshee"]
    assert problems(position) == ["players.0.ability_pile: there is no card 'undead.banshee'"]


def test_an_ability_card_cannot_stand_on_a_slot() -> None:
    # 004 building bases: "Building a Base means placing them on one of the reserved slots"
    position = data(undead(), bandits())
    position["players"][0]["territories"][1][0] = {"card": "undead.lich", "troops": 0}
    assert problems(position) == ["players.0.territories.1.0: Lich is not a base card"]


def test_more_copies_than_the_deck_holds_are_refused() -> None:
    # 000 (counted from the base-card texts): the Undead deck holds 2 Workshops
    position = data(undead(board=[[("workshop", 1), ("workshop", 0), ("workshop", 0)]]), bandits())
    assert problems(position) == ["players.0: the Undead deck holds 2 Workshop, not 3"]


def test_special_troops_need_complete_territories() -> None:
    # 000 abilities: "FOR EACH SPECIAL TROOP ON YOUR PALACE, YOU'LL HAVE TO CONTROL A COMPLETE TERRITORY WITH
    # THREE BASES TO MAINTAIN IT"
    position = data(undead(board=[[("graveyard", 1), ("crypt", 0)]], palace=("undead.ghost",)), bandits())
    assert problems(position) == [
        "players.0.palace: 1 special troops need 1 complete territories of three bases, but there are 0"
    ]
    complete = [[("graveyard", 1), ("crypt", 0), ("mansion", 0)]]
    POSITION.validate(data(undead(board=complete, palace=("undead.ghost",)), bandits()))
    two = data(undead(board=complete, palace=("undead.ghost", "undead.ghost")), bandits())
    assert problems(two) == [
        "players.0.palace: 2 special troops need 2 complete territories of three bases, but there are 1"
    ]


def test_only_special_abilities_stand_on_the_palace() -> None:
    # 000 abilities: "SPECIAL ABILITIES ... RECRUIT SPECIAL TROOPS ON THE PALACE"
    complete = [[("graveyard", 1), ("crypt", 0), ("mansion", 0)]]
    position = data(undead(board=complete, palace=("undead.lich",)), bandits())
    assert problems(position) == ["players.0.palace: Lich is not a special ability, so it recruits no palace troop"]


def test_a_hand_above_the_limit_only_while_discarding() -> None:
    # 004 renewal B: "the limit of cards you may hold is, initially, five. If you draw any further, you'll
    # have to discard to comply with the limit."
    six = ("undead.lich",) * 3 + ("undead.crypt",) * 3
    position = data(undead(hand=six), bandits())
    assert problems(position) == ["players.0.hand: a hand holds at most 5 cards (it has 6)"]
    assert problems({**position, "phase": "renewal_discard", "actor": 1}) == [
        "players.0.hand: a hand holds at most 5 cards (it has 6)"
    ]
    state = POSITION.validate({**position, "phase": "renewal_discard", "actor": 0})
    assert len(state.players[0].hand) == 6


def test_a_position_with_an_unknown_field_is_refused() -> None:
    # the position format: every field is named (extra="forbid")
    assert problems({**data(undead(), bandits()), "score": 3}) == ["score: there is no such field here"]


def test_a_battle_exists_exactly_in_the_battle_phase() -> None:
    # 004 battles: a battle is resolved by "follow[ing] these steps" within the second phase of the turn
    assert problems({**data(undead(), bandits()), "phase": "battle"}) == [
        "battle: a battle is described exactly when the phase is 'battle'"
    ]


def test_a_file_that_is_not_json_is_malformed() -> None:
    # not a rule sentence: the position file format (rules.core.jsonio)
    with pytest.raises(MalformedFile, match="is not valid JSON"):
        POSITION.parse("{players: ")
    with pytest.raises(MalformedFile, match="must hold a JSON object"):
        POSITION.parse("[1, 2]")


def test_a_position_round_trips_through_json() -> None:
    # not a rule sentence: a saved position loads back equal (../shared/ARCHITECTURE.md, conformance invariants)
    state = main_position()
    assert POSITION.parse(POSITION.text(state)) == state


# ---- ill-formed actions ------------------------------------------------------------------------------
def test_allocations_name_each_target_once_with_positive_amounts() -> None:
    # 004 battles 4: "Each player distributes his regular damage as he likes between opposing troops"
    with pytest.raises(ValidationError, match="every amount must be at least 1"):
        schema.Allocation(assignments=(("p1/t0/s0/0", 0),))
    with pytest.raises(ValidationError, match="a target is named twice"):
        schema.Allocation(assignments=(("p1/t0/s0/0", 1), ("p1/t0/s0/0", 1)))


def test_territories_and_slots_are_numbered_0_to_2() -> None:
    # 004 overview: "one of his three territories"; building bases: "Each Territory has 3 slots"
    with pytest.raises(IllegalPosition, match="origin: must be less than 3"):
        GAME.read_action({"action": "attack", "player": 0, "origin": 3, "target": 0})
    with pytest.raises(IllegalPosition, match="player"):
        GAME.read_action({"action": "attack", "player": 2, "origin": 0, "target": 0})
    action = GAME.read_action({"action": "attack", "player": 0, "origin": 2, "target": 1})
    assert action == DeclareAttack(player=0, origin=2, target=1)


# ---- illegal actions ---------------------------------------------------------------------------------
def test_abilities_are_played_from_the_hand() -> None:
    # 004 turn 2: "players may also play abilities at will"
    error = refused(main_position(), PlayAbility(player=0, card="undead.zombie"))
    assert (error.reason, error.rule) == ("that card is not in your hand", "abilities")


def test_a_base_is_built_not_played() -> None:
    # 004 renewal C: "Buid bases - this is the only moment during the turn you'll be able to do it"
    state = POSITION.validate(data(undead(hand=("undead.crypt",)), bandits()))
    error = refused(state, PlayAbility(player=0, card="undead.crypt"))
    assert error.reason == "Crypt is a base; bases are built, not played"
    error = refused(state, Build(player=0, card="undead.crypt", territory=1, slot=0))
    assert error.rule == "renewal.C build"


def test_a_base_not_in_the_hand_cannot_be_built() -> None:
    # 004 setting up: "Players may then build any Bases they've drawn."
    position = data(undead(hand=("undead.crypt",)), bandits(), phase="renewal_build")
    state = POSITION.validate(position)
    error = refused(state, Build(player=0, card="undead.mansion", territory=1, slot=0))
    assert (error.reason, error.rule) == ("Mansion is not in your hand", "building")


def test_steps_out_of_their_phase_are_refused() -> None:
    # 004 "The game turn": renewal at the beginning of the turn, attacks and abilities in the second phase;
    # 004 setting up: burning only at setup
    state = main_position()
    cases: list[tuple[Any, str, str]] = [
        (Renew(player=0, renew=True), "renewal is decided only at the start of a turn", "turn.1 renewal"),
        (Burn(player=0), "a hand can be burnt only at setup", "setup.burn"),
        (KeepHand(player=0), "there is no hand to keep now", "setup.burn"),
        (Pass(player=0), "there is no ability window open", "battles.2 abilities"),
        (allocate(0, {}), "no damage is being distributed now", "battles"),
        (RevealCard(card="undead.lich"), "no card is being drawn now", "setup"),
        (DrawCard(player=0, pile="base"), "cards are drawn only at setup and in a renewal", "renewal.B draw"),
        (
            Discard(player=0, card="undead.lich"),
            "you discard only to come down to the hand limit",
            "renewal.B draw",
        ),
    ]
    for action, reason, rule in cases:
        error = refused(state, action)
        assert (error.reason, error.rule) == (reason, rule), action
    with pytest.raises(IllegalAction, match="no card is being drawn"):
        engine.chance_outcomes(state)


def test_the_turn_cannot_end_during_a_battle() -> None:
    # 004 turn 2: "When he wishes, the attacking player may also end his turn" - in the second phase, once
    # a battle's steps are followed through
    state = in_battle()
    error = refused(state, EndTurn(player=0))
    assert (error.reason, error.rule) == (
        "the turn ends from its second phase, outside battles",
        "turn.2 attacks",
    )
    error = refused(state, DeclareAttack(player=0, origin=0, target=1))
    assert error.reason == "attacks are declared in the second phase of the turn"


def test_special_troops_sent_along_must_be_on_the_palace() -> None:
    # 000 abilities: "SPECIAL TROOPS MAY BE USED IN COMBAT NORMALLY, EVEN FOR ATTACKING"
    error = refused(main_position(), DeclareAttack(player=0, origin=0, target=0, specials=(0,)))
    assert (error.reason, error.rule) == ("those special troops are not on your palace", "abilities.special")


def test_damage_cannot_go_to_a_unit_outside_the_battle() -> None:
    # 004 battles: "battles happen between two Territories"
    state = in_battle()
    state, _ = engine.apply(state, Pass(player=0))
    state, _ = engine.apply(state, Pass(player=1))
    error = refused(state, allocate(0, {"p1/t2/s0/0": 1}))
    assert error.reason == "no unit of this battle is at player 2, territory 3, slot 1, troop 1 (p1/t2/s0/0)"


def test_damage_cannot_go_to_your_own_troops() -> None:
    # 004 battles 4: "Each player distributes his regular damage as he likes between opposing troops"
    state = in_battle()
    state, _ = engine.apply(state, Pass(player=0))
    state, _ = engine.apply(state, Pass(player=1))
    error = refused(state, allocate(0, {"p0/t0/s0/0": 1}))
    assert error.reason == "Zombie (player 1, territory 1, slot 1, troop 1) is on your own side"
    assert error.rule == "battles.4 regular"


def test_a_pile_with_no_cards_cannot_be_drawn_from() -> None:
    # 004 setting up: "Each player draws 5 cards form any of his Piles" - the Bandits' ability cards are not
    # known, so the data holds none (ability_deck_known=False)
    state = engine.new_game(("bandits", "undead"))
    assert engine.legal_actions(state) == [DrawCard(player=0, pile="base")]
    error = refused(state, DrawCard(player=0, pile="ability"))
    assert error.reason == "the ability pile is empty"


# ---- acting out of turn ------------------------------------------------------------------------------
def test_only_the_attacking_player_acts_in_the_second_phase() -> None:
    # 004 turn 2: "The attacking player may declare attacks"; "The player to whom the turn belongs is called
    # the attacking player"
    state = main_position()
    error = refused(state, DeclareAttack(player=1, origin=0, target=0))
    assert (error.reason, error.rule) == ("it is Undead's decision now, not Bandits'", "turn.2 attacks")
    assert str(error) == "it is Undead's decision now, not Bandits' (rule turn.2 attacks)"
    error = refused(state, EndTurn(player=1))
    assert error.reason == "it is Undead's decision now, not Bandits'"


def test_the_ability_window_is_taken_in_turn() -> None:
    # 004 battles 2: "Both players may play as many abilities as they wish" - the attacking player first
    state = in_battle()
    error = refused(state, Pass(player=1))
    assert (error.reason, error.rule) == ("it is Undead's decision now, not Bandits'", "battles")
    state, _ = engine.apply(state, Pass(player=0))
    error = refused(state, Pass(player=0))
    assert error.reason == "it is Bandits' decision now, not Undead's"


def test_a_side_allocates_once_per_step() -> None:
    # 004 battles 4: "Each player distributes his regular damage" (once, at the same time as the other)
    state = in_battle()
    state, _ = engine.apply(state, Pass(player=0))
    state, _ = engine.apply(state, Pass(player=1))
    state, _ = engine.apply(state, allocate(0, {"p1/t0/s0/0": 1}))
    refused(state, allocate(0, {"p1/t0/s0/0": 1}))
    assert state.battle is not None
    assert state.battle.pending[0] == Allocation(assignments=(("p1/t0/s0/0", 1),))


def test_setup_draws_are_taken_in_turn_and_a_draw_is_revealed_first() -> None:
    # 004 setting up: "Each player draws 5 cards"
    state = engine.new_game(("undead", "bandits"))
    error = refused(state, DrawCard(player=1, pile="base"))
    assert error.reason == "it is Undead's decision now, not Bandits'"
    state, _ = engine.apply(state, DrawCard(player=0, pile="base"))
    error = refused(state, DrawCard(player=0, pile="base"))
    assert error.reason == "a card is being drawn; reveal it first"


def test_a_game_over_accepts_no_action() -> None:
    # 004 palace: "The player who manages to destroy the opponent's Palace wins the game."
    position = data(undead(), bandits(), phase="game_over", termination="palace_destroyed", winner=0)
    state = POSITION.validate(position)
    error = refused(state, EndTurn(player=0))
    assert error.reason == "the game is over"
    assert problems({**position, "winner": None}) == ["winner: a destroyed palace means somebody won"]
