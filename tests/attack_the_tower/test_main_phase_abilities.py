"""Scenario tests for who plays abilities in the second phase of the turn (`Rules.main_phase_abilities`).

004 'The game turn' 2: "In this second phase of the turn, players may also play abilities at will."
"""

from __future__ import annotations

import pytest

from rules.attack_the_tower import card_effects, engine
from rules.attack_the_tower.actions import EndTurn, PlayAbility
from rules.attack_the_tower.events import Recruited
from rules.attack_the_tower.examples import build_player
from rules.attack_the_tower.model import GameState
from rules.attack_the_tower.variants import Rules
from rules.core.errors import IllegalAction


def _position(rules: Rules) -> GameState:
    """Bandits attack this turn; the Undead defender holds a Zombie card and two graveyards."""
    bandits = build_player("bandits", [[("light_infantry_base", 1)]])
    undead = build_player("undead", [[("graveyard", 0), ("graveyard", 1)]], hand=("undead.zombie",))
    return GameState(rules=rules, players=(bandits, undead), phase="main", attacker=0, actor=0, turn=4)


def test_by_default_only_the_attacker_plays_abilities_between_battles() -> None:
    # 004 turn 2: "players may also play abilities at will", read by default as the attacking player;
    # the defender plays in each battle's ability window.
    state = _position(Rules())
    assert not card_effects.may_play_now(state, 1)
    with pytest.raises(IllegalAction, match="decision now"):
        engine.apply(state, PlayAbility(player=1, card="undead.zombie"))


def test_under_both_the_defender_plays_an_ability_in_the_second_phase() -> None:
    # 004 turn 2: "In this second phase of the turn, players may also play abilities at will." - the
    # literal 'players': Rules.main_phase_abilities='both'.
    state = _position(Rules(main_phase_abilities="both"))
    assert card_effects.may_play_now(state, 1)
    after, events = engine.apply(state, PlayAbility(player=1, card="undead.zombie"))
    assert [(e.territory, e.slot, e.now) for e in events if isinstance(e, Recruited)] == [(0, 0, 1), (0, 1, 2)]
    assert after.players[1].in_play == ("undead.zombie",)
    # The turn still belongs to the attacker, who decides next.
    assert after.attacker == 0
    assert engine.current_player(after) == 0


def test_under_both_the_defender_still_cannot_end_the_turn() -> None:
    # 004 turn 2: "When he wishes, the attacking player may also end his turn" - only the attacker.
    state = _position(Rules(main_phase_abilities="both"))
    with pytest.raises(IllegalAction):
        engine.apply(state, EndTurn(player=1))
