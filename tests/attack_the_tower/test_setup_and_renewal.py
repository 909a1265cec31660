"""Scenario tests for setting up, building bases, the renewal sequence and the end of a turn.

Seeds: 004 is the manual (../shared/seeds/004_b630b22d9110621e.txt), 000 the Undead edition; card
counts are those of rules/attack_the_tower/data (Undead bases counted from 000's base-card texts).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from rules.attack_the_tower import engine
from rules.attack_the_tower.actions import (
    Build,
    Burn,
    DeclareAttack,
    Discard,
    DrawCard,
    EndTurn,
    FinishBuilding,
    KeepHand,
    PlayAbility,
    Renew,
    RevealCard,
)
from rules.attack_the_tower.events import BaseBuilt, CardDrawn, Recruited, Said
from rules.attack_the_tower.examples import build_player
from rules.attack_the_tower.game import GAME, POSITION
from rules.attack_the_tower.model import GameState, PileKind, Player
from rules.core.errors import IllegalAction, IllegalPosition
from rules.core.events import Event
from rules.core.protocol import CHANCE


# ---- helpers -----------------------------------------------------------------------------------------
def draw(state: GameState, pile: PileKind, card: str) -> tuple[GameState, tuple[Event, ...]]:
    """The player to move draws from `pile`, and chance reveals `card`."""
    who = engine.current_player(state)
    assert who in (0, 1)
    state, first = engine.apply(state, DrawCard(player=who, pile=pile))
    assert engine.current_player(state) == CHANCE
    state, second = engine.apply(state, RevealCard(card=card))
    return state, first + second


def first_card(state: GameState, pile: PileKind) -> str:
    """Any card of the pile (the first in its sorted order), to reveal deterministically."""
    p = state.players[engine.current_player(state)]
    cards = p.base_pile if pile == "base" else p.ability_pile
    return cards[0]


def draw_split(state: GameState, bases: int, abilities: int) -> GameState:
    for pile, n in (("base", bases), ("ability", abilities)):
        for _ in range(n):
            state, _ = draw(state, pile, first_card(state, pile))  # type: ignore[arg-type]
    return state


def position(
    p0: Player, p1: Player, *, phase: str = "renewal_decision", attacker: int = 0, actor: int | None = None
) -> GameState:
    return POSITION.validate(
        {
            "players": (p0, p1),
            "phase": phase,
            "attacker": attacker,
            "actor": attacker if actor is None else actor,
            "turn": 4,
        }
    )


def troops(player: Player) -> list[list[int | None]]:
    return [[None if b is None else b.troops for b in terr] for terr in player.territories]


def renewal_position(attacker: int = 0) -> GameState:
    undead = build_player(
        "undead",
        [[("graveyard", 0), ("crypt", 1), ("mansion", 2)], [("graveyard", 1)], []],
        hand=("undead.lich", "undead.zombie", "undead.workshop"),
    )
    westerners = build_player(
        "westerners",
        [[("militia_camp", 2)], [], [("stable", 0), None, ("siege_yard", 1)]],
        hand=("westerners.wizard", "westerners.knight", "westerners.stable", "westerners.militia"),
    )
    return position(undead, westerners, attacker=attacker)


# ---- setting up --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("bases", "abilities"), [(5, 0), (0, 5), (2, 3), (4, 1)])
def test_setup_draws_five_cards_from_any_piles(bases: int, abilities: int) -> None:
    # 004 setting up: "Each player draws 5 cards form any of his Piles."
    state = engine.new_game(("undead", "westerners"))
    assert state.phase == "setup_draw"
    assert engine.current_player(state) == 0
    assert set(engine.legal_actions(state)) == {
        DrawCard(player=0, pile="base"),
        DrawCard(player=0, pile="ability"),
    }
    state = draw_split(state, bases, abilities)
    p = state.players[0]
    assert len(p.hand) == 5
    assert (len(p.base_pile), len(p.ability_pile)) == (25 - bases, 25 - abilities)
    # five and no more: the player now keeps or burns
    assert state.phase == "setup_keep"
    assert set(engine.legal_actions(state)) == {KeepHand(player=0), Burn(player=0)}
    with pytest.raises(IllegalAction):
        engine.apply(state, DrawCard(player=0, pile="base"))


def test_a_draw_is_a_chance_step_with_exact_probabilities() -> None:
    # 004 setting up: "Shuffle them separately" - each card of a shuffled pile is equally likely to come
    # off it: copies / cards in the pile, exactly
    state = engine.new_game(("undead", "westerners"))
    state, _ = engine.apply(state, DrawCard(player=0, pile="base"))
    assert engine.current_player(state) == CHANCE
    dist = engine.chance_outcomes(state)
    probs = {r.card: p for r, p in dist.items()}
    assert probs == {
        "undead.graveyard": Fraction(7, 25),
        "undead.crypt": Fraction(6, 25),
        "undead.mansion": Fraction(5, 25),
        "undead.desecrated_grounds": Fraction(5, 25),
        "undead.workshop": Fraction(2, 25),
    }
    assert all(type(p) is Fraction for p in probs.values())
    assert dist.total() == 1
    assert set(engine.legal_actions(state)) == {RevealCard(card=c) for c in probs}
    # after a graveyard comes off, 24 cards are left, 6 of them graveyards
    state, _ = engine.apply(state, RevealCard(card="undead.graveyard"))
    state, _ = engine.apply(state, DrawCard(player=0, pile="base"))
    probs = {r.card: p for r, p in engine.chance_outcomes(state).items()}
    assert probs["undead.graveyard"] == Fraction(6, 24)
    assert probs["undead.workshop"] == Fraction(2, 24)
    assert engine.probability_of(state, RevealCard(card="undead.crypt")) == Fraction(6, 24)


def test_ability_pile_probabilities_follow_the_deck() -> None:
    # 004 setting up: "a deck with 25 Ability cards" (copies per ability from the army data)
    state = engine.new_game(("undead", "westerners"))
    state, _ = engine.apply(state, DrawCard(player=0, pile="ability"))
    probs = {r.card: p for r, p in engine.chance_outcomes(state).items()}
    assert sum(probs.values()) == 1
    assert probs["undead.lich"] == Fraction(3, 25)
    assert probs["undead.ghost"] == Fraction(3, 25)
    assert probs["undead.zombie"] == Fraction(4, 25)


def test_a_card_not_in_the_pile_cannot_be_revealed() -> None:
    # 004 setting up: "Separate Ability and Base cards" - a base draw cannot reveal an ability
    state = engine.new_game(("undead", "westerners"))
    state, _ = engine.apply(state, DrawCard(player=0, pile="base"))
    with pytest.raises(IllegalAction, match="not in the base pile"):
        engine.apply(state, RevealCard(card="undead.lich"))


def test_burning_discards_the_hand_and_draws_five_more() -> None:
    # 004 setting up: "If you're not satisfied with your cards, you may burn them as many times as you want
    # (which means discarding them and drawing 5 more)."
    state = draw_split(engine.new_game(("undead", "westerners")), 2, 3)
    burnt = state.players[0].hand
    state, events = engine.apply(state, Burn(player=0))
    p = state.players[0]
    assert p.hand == ()
    assert Counter(p.base_discard + p.ability_discard) == Counter(burnt)
    assert len(p.base_discard) == 2 and len(p.ability_discard) == 3
    assert state.phase == "setup_draw"
    assert state.draws_left == 5
    assert [e.rule for e in events] == ["setup.burn"]
    # and again: "as many times as you want"
    state = draw_split(state, 5, 0)
    state, _ = engine.apply(state, Burn(player=0))
    state = draw_split(state, 0, 5)
    p = state.players[0]
    assert len(p.hand) == 5
    assert len(p.base_discard) == 7 and len(p.ability_discard) == 3
    assert len(p.all_cards()) == 50  # nothing is lost: 25 bases and 25 abilities


def test_players_build_the_bases_they_have_drawn() -> None:
    # 004 setting up: "Players may then build any Bases they've drawn."
    state = draw_split(engine.new_game(("undead", "westerners")), 2, 3)
    state, _ = engine.apply(state, KeepHand(player=0))
    assert state.phase == "setup_build"
    # the first cards of the sorted piles: two Crypts and three Frankensteins
    assert sorted(state.players[0].hand) == ["undead.crypt"] * 2 + ["undead.frankenstein"] * 3
    builds = [a for a in engine.legal_actions(state) if isinstance(a, Build)]
    assert {a.card for a in builds} == {"undead.crypt"}
    assert {(a.territory, a.slot) for a in builds} == {(t, s) for t in range(3) for s in range(3)}
    with pytest.raises(IllegalAction, match="Frankenstein is an ability, not a base") as info:
        engine.apply(state, Build(player=0, card="undead.frankenstein", territory=0, slot=0))
    assert info.value.rule == "building"
    state, events = engine.apply(state, Build(player=0, card="undead.crypt", territory=1, slot=2))
    built = [e for e in events if isinstance(e, BaseBuilt)]
    assert [(e.territory, e.slot, e.replaced) for e in built] == [(1, 2, None)]
    base = state.players[0].territories[1][2]
    assert base is not None and (base.card, base.troops) == ("undead.crypt", 0)
    state, _ = engine.apply(state, Build(player=0, card="undead.crypt", territory=0, slot=0))
    assert state.players[0].hand == ("undead.frankenstein",) * 3
    assert not any(isinstance(a, Build) for a in engine.legal_actions(state))
    # player 2 sets up next, then player 1 starts turn 1 with the renewal decision
    state, _ = engine.apply(state, FinishBuilding(player=0))
    assert (state.phase, engine.current_player(state), state.draws_left) == ("setup_draw", 1, 5)
    state = draw_split(state, 5, 0)
    state, _ = engine.apply(state, KeepHand(player=1))
    state, _ = engine.apply(state, FinishBuilding(player=1))
    assert (state.phase, state.attacker, state.turn, engine.current_player(state)) == (
        "renewal_decision",
        0,
        1,
        0,
    )


def test_building_over_a_base_destroys_it_with_its_troops() -> None:
    # 004 building bases: "You may build a Base over one already on the board. In this case, the old Base is
    # destroyed along with its Troops."
    undead = build_player("undead", [[("graveyard", 2), ("crypt", 1)]], hand=("undead.mansion",))
    bandits = build_player("bandits", [[("light_infantry_base", 1)]])
    state = position(undead, bandits, phase="renewal_build")
    state, events = engine.apply(state, Build(player=0, card="undead.mansion", territory=0, slot=0))
    p = state.players[0]
    base = p.territories[0][0]
    assert base is not None and (base.card, base.troops) == ("undead.mansion", 0)
    assert p.base_discard == ("undead.graveyard",)
    assert p.hand == ()
    assert troops(p)[0] == [0, 1, None]
    built = [e for e in events if isinstance(e, BaseBuilt)]
    assert [(e.replaced, e.replaced_troops) for e in built] == [("Graveyard", 2)]
    assert "destroying it and its 2 troop(s)" in built[0].sentence()


def test_each_territory_has_three_slots() -> None:
    # 004 building bases: "Each Territory has 3 slots."
    with pytest.raises(IllegalPosition, match="slot: must be less than 3"):
        GAME.read_action({"action": "build", "player": 0, "card": "undead.crypt", "territory": 0, "slot": 3})
    with pytest.raises(IllegalPosition, match="territory: must be less than 3"):
        GAME.read_action({"action": "build", "player": 0, "card": "undead.crypt", "territory": 3, "slot": 0})
    undead = build_player("undead", [[("graveyard", 1)]], hand=("undead.mansion",))
    state = position(undead, build_player("bandits", [[("light_infantry_base", 1)]]), phase="renewal_build")
    with pytest.raises(IllegalAction, match="numbered 1 to 3"):
        engine.apply(state, Build(player=0, card="undead.mansion", territory=0, slot=3))


# ---- the renewal decision ----------------------------------------------------------------------------
@pytest.mark.parametrize("attacker", [0, 1])
def test_the_attacking_player_decides_whether_to_renew(attacker: int) -> None:
    # 004 turn 1: "In the beginning of his turn, a player must decide whether or not to Renew the game."
    state = renewal_position(attacker)
    assert engine.current_player(state) == attacker
    assert set(engine.legal_actions(state)) == {
        Renew(player=attacker, renew=True),
        Renew(player=attacker, renew=False),
    }
    with pytest.raises(IllegalAction, match="decision now"):
        engine.apply(state, Renew(player=1 - attacker, renew=True))
    with pytest.raises(IllegalAction):
        engine.apply(state, DeclareAttack(player=attacker, origin=0, target=0))


def test_declining_renewal_goes_straight_to_attacks() -> None:
    # 004 turn 1: "But if a player decides not to Renew, he must inform the opponent of his decision."
    state = renewal_position()
    before = state.players
    state, events = engine.apply(state, Renew(player=0, renew=False))
    assert state.phase == "main"
    assert engine.current_player(state) == 0
    assert [(e.rule, e.text) for e in events if isinstance(e, Said)] == [
        ("turn.1 renewal", "Undead do not renew and say so.")
    ]
    assert not any(isinstance(e, Recruited) for e in events)
    assert state.players == before  # nobody recruits, draws or builds
    assert any(isinstance(a, DeclareAttack) for a in engine.legal_actions(state))


# ---- renewal A: recruit ------------------------------------------------------------------------------
@pytest.mark.parametrize("attacker", [0, 1])
def test_renewal_recruits_one_troop_per_base_for_both_players(attacker: int) -> None:
    # 004 turn 1: "But Renewals apply to both players! If a player calls for it, then both shall follow the
    # Renewal Sequence"; renewal A: "each Base receives one new troop ... remember that they cannot hold
    # more than two troops"
    state = renewal_position(attacker)
    state, events = engine.apply(state, Renew(player=attacker, renew=True))
    assert troops(state.players[0]) == [[1, 2, 2], [2, None, None], [None, None, None]]
    assert troops(state.players[1]) == [[2, None, None], [None, None, None], [1, None, 2]]
    recruited = sorted((e.player, e.territory, e.slot, e.count, e.now) for e in events if isinstance(e, Recruited))
    assert recruited == [
        (0, 0, 0, 1, 1),
        (0, 0, 1, 1, 2),
        (0, 1, 0, 1, 2),
        (1, 2, 0, 1, 1),
        (1, 2, 2, 1, 2),
    ]
    assert {e.rule for e in events if isinstance(e, Recruited)} == {"renewal.A recruit"}


# ---- renewal B: draw ---------------------------------------------------------------------------------
def test_renewal_draws_two_cards_each_then_discards_down_to_five() -> None:
    # 004 renewal B: "Draw two cards - the limit of cards you may hold is, initially, five. If you draw any
    # further, you'll have to discard to comply with the limit."
    state = renewal_position()
    state, _ = engine.apply(state, Renew(player=0, renew=True))
    assert (state.phase, engine.current_player(state), state.draws_left) == ("renewal_draw", 0, 2)
    state, events = draw(state, "ability", "undead.ghost")
    state, more = draw(state, "base", "undead.crypt")
    events += more
    assert [e.card for e in events if isinstance(e, CardDrawn)] == ["undead.ghost", "undead.crypt"]
    assert {e.rule for e in events if isinstance(e, CardDrawn)} == {"renewal.B draw"}
    # the Undead held 3: now 5, at the limit, so no discard; the Westerners draw next
    assert len(state.players[0].hand) == 5
    assert (state.phase, engine.current_player(state), state.draws_left) == ("renewal_draw", 1, 2)
    state, _ = draw(state, "base", "westerners.commandery")
    state, _ = draw(state, "ability", "westerners.wizard")
    # the Westerners held 4: now 6, one above the limit
    assert len(state.players[1].hand) == 6
    assert state.phase == "renewal_discard"
    assert engine.current_player(state) == 1
    assert set(engine.legal_actions(state)) == {Discard(player=1, card=c) for c in state.players[1].hand}
    with pytest.raises(IllegalAction):
        engine.apply(state, FinishBuilding(player=1))
    state, events = engine.apply(state, Discard(player=1, card="westerners.wizard"))
    assert Counter(state.players[1].hand)["westerners.wizard"] == 1
    assert state.players[1].ability_discard == ("westerners.wizard",)
    assert [e.rule for e in events] == ["renewal.B draw"]
    assert len(state.players[1].hand) == 5
    # down to the limit: step C follows, the attacking player first
    assert (state.phase, engine.current_player(state)) == ("renewal_build", 0)


def test_discarding_is_only_to_come_down_to_the_limit() -> None:
    # 004 renewal B: "If you draw any further, you'll have to discard to comply with the limit."
    state = renewal_position()
    with pytest.raises(IllegalAction, match="you discard only to come down to the hand limit"):
        engine.apply(state, Discard(player=0, card="undead.lich"))


# ---- renewal C: build --------------------------------------------------------------------------------
def _to_renewal_build() -> GameState:
    state = renewal_position()
    state, _ = engine.apply(state, Renew(player=0, renew=True))
    state = draw_split(state, 2, 0)
    state = draw_split(state, 2, 0)
    state, _ = engine.apply(state, Discard(player=1, card="westerners.militia"))
    return state


def test_renewal_ends_with_both_players_building() -> None:
    # 004 renewal C: "Buid bases - this is the only moment during the turn you'll be able to do it"
    state = _to_renewal_build()
    assert (state.phase, engine.current_player(state)) == ("renewal_build", 0)
    state, _ = engine.apply(state, Build(player=0, card="undead.workshop", territory=2, slot=1))
    assert state.players[0].territories[2][1] is not None
    state, _ = engine.apply(state, FinishBuilding(player=0))
    assert (state.phase, engine.current_player(state)) == ("renewal_build", 1)
    state, _ = engine.apply(state, Build(player=1, card="westerners.stable", territory=1, slot=0))
    state, _ = engine.apply(state, FinishBuilding(player=1))
    assert (state.phase, engine.current_player(state)) == ("main", 0)
    b = state.players[1].territories[1][0]
    assert b is not None and (b.card, b.troops) == ("westerners.stable", 0)


def test_bases_cannot_be_built_outside_renewal() -> None:
    # 004 renewal C: "this is the only moment during the turn you'll be able to do it"
    state = renewal_position()
    state, _ = engine.apply(state, Renew(player=0, renew=False))
    with pytest.raises(IllegalAction, match="bases are built only at setup and in step C of a renewal") as info:
        engine.apply(state, Build(player=0, card="undead.workshop", territory=2, slot=0))
    assert info.value.rule == "renewal.C build"
    assert not any(isinstance(a, Build) for a in engine.legal_actions(state))


# ---- the end of the turn -----------------------------------------------------------------------------
def test_ending_the_turn_switches_the_attacking_player_and_discards_abilities() -> None:
    # 004 turn 2: "When he wishes, the attacking player may also end his turn, and his opponent then becomes
    # the attacking player."; 000 abilities: "ONCE PLAYED AN ABILITY REMAINS ON THE FIELD UNTIL THE TURN
    # ENDS, AND IS THEN DISCARDED"
    state = renewal_position()
    state, _ = engine.apply(state, Renew(player=0, renew=False))
    state, _ = engine.apply(state, PlayAbility(player=0, card="undead.lich"))
    assert state.players[0].in_play == ("undead.lich",)
    turn = state.turn
    state, events = engine.apply(state, EndTurn(player=0))
    assert state.attacker == 1
    assert state.turn == turn + 1
    assert state.phase == "renewal_decision"
    assert engine.current_player(state) == 1
    assert state.players[0].in_play == ()
    assert state.players[0].ability_discard == ("undead.lich",)
    texts = [e.text for e in events if isinstance(e, Said)]
    assert "Undead discard the abilities in play: Lich." in texts
    assert "Undead end the turn; Westerners are now the attacking player." in texts
    # the new attacking player decides on renewal; the old one may not end the turn again
    with pytest.raises(IllegalAction):
        engine.apply(state, EndTurn(player=0))


def test_the_defenders_abilities_are_discarded_at_the_end_of_the_turn_too() -> None:
    # 000 abilities: "ONCE PLAYED AN ABILITY REMAINS ON THE FIELD UNTIL THE TURN ENDS, AND IS THEN DISCARDED"
    undead = build_player("undead", [[("graveyard", 1)]], in_play=("undead.lich",))
    westerners = build_player("westerners", [[("militia_camp", 1)]], in_play=("westerners.wizard",))
    state = position(undead, westerners, phase="main", attacker=1)
    state, _ = engine.apply(state, EndTurn(player=1))
    assert (state.players[0].in_play, state.players[1].in_play) == ((), ())
    assert state.players[0].ability_discard == ("undead.lich",)
    assert state.players[1].ability_discard == ("westerners.wizard",)
    assert state.attacker == 0
