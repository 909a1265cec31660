"""Scenario tests for who plays abilities in the second phase of the turn (`Rules.main_phase_abilities`).

004 'The game turn' 2: "In this second phase of the turn, players may also play abilities at will."
"""

from __future__ import annotations

import pytest

from rules.attack_the_tower import engine
from rules.attack_the_tower.actions import DeclareAttack, EndTurn, Pass, PlayAbility, Renew
from rules.attack_the_tower.engine import card_effects
from rules.attack_the_tower.events import Recruited
from rules.attack_the_tower.examples import build_player
from rules.attack_the_tower.game import POSITION
from rules.attack_the_tower.model import GameState, Phase
from rules.attack_the_tower.variants import Rules
from rules.core.errors import IllegalAction
from rules.core.records import json_data


def _position(rules: Rules, phase: Phase = "main") -> GameState:
    """Bandits attack this turn; the Undead defender holds a Zombie card and two graveyards."""
    bandits = build_player("bandits", [[("light_infantry_base", 1)]])
    undead = build_player("undead", [[("graveyard", 0), ("graveyard", 1)]], hand=("undead.zombie",))
    return GameState(rules=rules, players=(bandits, undead), phase=phase, attacker=0, actor=0, turn=4)


def test_by_default_only_the_attacker_plays_abilities_between_battles() -> None:
    # 004 turn 2: "players may also play abilities at will", read by default as the attacking player;
    # the defender plays in each battle's ability window.
    state, _ = engine.apply(_position(Rules(), "renewal_decision"), Renew(player=0, renew=False))
    assert engine.current_player(state) == 0
    assert not card_effects.may_play_now(state, 1)
    assert engine.legal_actions(state, 1) == []
    with pytest.raises(IllegalAction, match="decision now"):
        engine.apply(state, PlayAbility(player=1, card="undead.zombie"))


def test_under_both_the_defender_plays_abilities_when_the_second_phase_begins() -> None:
    # 004 turn 2: "In this second phase of the turn, players may also play abilities at will." - the
    # literal 'players': Rules.main_phase_abilities='both' gives the defender a window as the phase begins.
    state, _ = engine.apply(
        _position(Rules(main_phase_abilities="both"), "renewal_decision"), Renew(player=0, renew=False)
    )
    assert engine.current_player(state) == 1
    assert card_effects.may_play_now(state, 1)
    assert engine.legal_actions(state, 1) == [PlayAbility(player=1, card="undead.zombie"), Pass(player=1)]
    state, events = engine.apply(state, PlayAbility(player=1, card="undead.zombie"))
    assert [(e.territory, e.slot, e.now) for e in events if isinstance(e, Recruited)] == [(0, 0, 1), (0, 1, 2)]
    assert state.players[1].in_play == ("undead.zombie",)
    # With no ability card left, the defender can only hand the phase back to the attacker.
    assert engine.legal_actions(state, 1) == [Pass(player=1)]
    state, events = engine.apply(state, Pass(player=1))
    assert events[-1].sentence() == "Undead play no more abilities before the next battle."
    assert engine.current_player(state) == 0
    assert state.attacker == 0


def test_under_both_the_attacker_waits_for_the_defenders_window() -> None:
    # 004 turn 2: the attacking player "may declare attacks" and "end his turn" - after the defender's window.
    state, _ = engine.apply(
        _position(Rules(main_phase_abilities="both"), "renewal_decision"), Renew(player=0, renew=False)
    )
    with pytest.raises(IllegalAction, match="decision now"):
        engine.apply(state, DeclareAttack(player=0, origin=0, target=0))
    with pytest.raises(IllegalAction, match="only the attacking player ends the turn"):
        engine.apply(state, EndTurn(player=1))
    with pytest.raises(IllegalAction, match="only the attacking player declares attacks"):
        engine.apply(state, DeclareAttack(player=1, origin=0, target=0))


def test_under_both_a_defender_without_ability_cards_gets_no_window() -> None:
    # Only a player holding an ability card has one to play.
    start = _position(Rules(main_phase_abilities="both"), "renewal_decision")
    empty = start.players[1].replace(hand=())
    state = POSITION.validate({**json_data(start), "players": (start.players[0], empty)})
    state, _ = engine.apply(state, Renew(player=0, renew=False))
    assert engine.current_player(state) == 0
