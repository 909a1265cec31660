"""Scenario tests of Attack the Tower's `Rules` fields that random play does not reach: each builds a
position where the field's rule applies, plays the same actions under the default rules and under the
changed value, and checks the difference the field's description promises."""

from __future__ import annotations

import pytest

from rules.attack_the_tower import engine, examples
from rules.attack_the_tower.actions import DrawCard, Renew, RevealCard
from rules.attack_the_tower.game import POSITION
from rules.attack_the_tower.model import GameState
from rules.attack_the_tower.variants import Rules
from rules.core.errors import IllegalAction
from rules.core.records import json_data


def renewal_with_ability_pile_used_up(rules: Rules) -> GameState:
    """The opening, where the Undead's ability cards not in hand all lie in their discards."""
    state = examples.opening(rules)
    undead = state.players[0]
    assert undead.ability_pile
    emptied = undead.changed(ability_pile=(), ability_discard=undead.ability_pile)
    return POSITION.validate({**json_data(state), "players": (json_data(emptied), state.players[1])})


def test_empty_pile_reshuffles_the_discards_or_cannot_be_drawn() -> None:
    # 004 renewal B: "Draw two cards" - silent on an empty pile; by default its discards make a new pile,
    # 'cannot_draw' forbids drawing from it.
    state = renewal_with_ability_pile_used_up(Rules())
    discarded = state.players[0].ability_discard
    state, _ = engine.apply(state, Renew(player=0, renew=True))
    assert DrawCard(player=0, pile="ability") in engine.legal_actions(state)
    state, events = engine.apply(state, DrawCard(player=0, pile="ability"))
    assert [e.sentence() for e in events] == [
        f"Undead shuffle {len(discarded)} discarded ability cards into a new ability pile."
    ]
    state, _ = engine.apply(state, RevealCard(card=discarded[0]))
    assert state.players[0].ability_discard == () and len(state.players[0].ability_pile) == len(discarded) - 1

    state = renewal_with_ability_pile_used_up(Rules(empty_pile="cannot_draw"))
    state, _ = engine.apply(state, Renew(player=0, renew=True))
    assert engine.legal_actions(state) == [DrawCard(player=0, pile="base")]
    with pytest.raises(IllegalAction, match="the ability pile is empty"):
        engine.apply(state, DrawCard(player=0, pile="ability"))
