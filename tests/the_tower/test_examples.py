"""The named examples, the rulebook's pictured fight as a transcript, and a session over the engine."""

from __future__ import annotations

from rules.core.session import Session
from rules.the_tower import engine, examples
from rules.the_tower.actions import Action, DrawCard, Explore, FightRoom, Hit, RevealCard
from rules.the_tower.game import GAME
from rules.the_tower.model import GameState


def narrate(state: GameState, *actions: Action) -> list[str]:
    """What the steps say, one narrated line per event."""
    lines: list[str] = []
    for action in actions:
        state, events = engine.apply(state, action)
        lines += [e.narrate() for e in events]
    return lines


def test_picture_1_clovers_cannot_hit_clovers() -> None:
    # 002 picture: "Cannot use Clovers against Clovers" - the 8 of Clubs against the King of Clubs
    state = examples.pictured_fight()
    assert {a.card for a in engine.legal_actions(state)} == {"6S", "9D"}


def test_picture_2_deals_6_and_suffers_2() -> None:
    # 002 picture: "Player deals 6 Damage and suffers 2"
    assert narrate(examples.pictured_fight(), Hit(card="6S")) == [
        "The player hits the King of Clubs with the 6 of Spades (same colour): 6 damage, 12 HP left.  [fight.colour]",
        "The King of Clubs still stands and strikes: -2 HP (4 HP left).  [fight.retaliate]",
    ]


def test_picture_3_deals_18_without_getting_hit() -> None:
    # 002 picture: "Player deals 18 Damage without getting hit"
    assert narrate(examples.pictured_fight(), Hit(card="9D")) == [
        "The player hits the King of Clubs with the 9 of Diamonds (opposite colours, double damage): "
        "18 damage, it falls.  [fight.double]",
        "The King of Clubs is slain and put aside: +3 action points (3 now).  [fight.reward]",
    ]


def test_an_opening_transcript() -> None:
    lines = narrate(
        examples.opening(),
        Explore(room=0),
        RevealCard(card="QC"),
        DrawCard(pile="attack"),
        RevealCard(card="8D"),
        FightRoom(room=0),
        Hit(card="8D"),
    )
    assert lines == [
        "The player spends an action point to explore room 1 (3 action points left).  [actions.explore]",
        "Room 1 is turned face up: the Queen of Clubs lies there.  [actions.explore]",
        "The player spends an action point to draw an attack card (2 action points left).  [actions.draw attack]",
        "The player draws the 8 of Diamonds from the attack deck.  [actions.draw attack]",
        "The player fights the Queen of Clubs in room 1 (14 HP, 2 damage a strike on this floor).  [fight.choose room]",
        "The player hits the Queen of Clubs with the 8 of Diamonds (opposite colours, double damage): "
        "16 damage, it falls.  [fight.double]",
        "The Queen of Clubs is slain and put aside: +2 action points (4 now).  [fight.reward]",
    ]


def test_a_session_steps_back_and_branches() -> None:
    session = Session(GAME, examples.pictured_fight())
    session.play(Hit(card="6S"))
    assert session.state.hp == 4
    session.back()
    session.play(Hit(card="9D"))
    assert session.state.hp == 6 and len(session.branches) == 2
    session.switch("main")
    assert session.state.fight is not None and session.state.fight.monster_hp == 12
