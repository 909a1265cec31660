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
    emptied = undead.replace(ability_pile=(), ability_discard=undead.ability_pile)
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


def vrykolaka_battle(rules: Rules) -> GameState:
    """Two Vrykolakas, the Vrykolaka ability in play, attack two Bandit brutes; a Bandit rider stands on the
    Bandits' territory 2, out of the battle. Both sides have handed in their regular damage: one point on a
    brute (so both vrykolakas inflict damage), three on a Vrykolaka."""
    from rules.attack_the_tower.actions import DeclareAttack, Pass, allocate
    from rules.attack_the_tower.examples import build_player

    undead = build_player("undead", [[("desecrated_grounds", 2)]], in_play=("undead.vrykolaka",))
    bandits = build_player("bandits", [[("heavy_infantry_base", 2)], [("cavalry_base", 1)]])
    state = POSITION.validate({"rules": rules, "players": (undead, bandits), "phase": "main", "turn": 6})
    for action in (
        DeclareAttack(player=0, origin=0, target=0),
        Pass(player=0),
        Pass(player=1),
        allocate(0, {"p1/t0/s0/0": 1}),
        allocate(1, {"p0/t0/s0/0": 3}),
    ):
        state, _ = engine.apply(state, action)
    return state


def test_the_vrykolakas_victims_are_chosen_by_the_engine_from_the_battle_by_default() -> None:
    # cards.md Vrykolaka: "Destroy one enemy troop for each vrykolaka that inflicts damage in combat." The card
    # names no chooser: by default the strongest enemy troops of the battle are destroyed, the rider untouched.
    state = vrykolaka_battle(Rules())
    assert state.battle is not None and state.battle.stage == "unmanned"
    assert set(state.battle.dead) >= {"p1/t0/s0/0", "p1/t0/s0/1"}
    assert state.players[1].territories[1][0] is not None and state.players[1].territories[1][0].troops == 1


def test_the_vrykolakas_victims_chosen_by_their_player_among_every_enemy_troop() -> None:
    # Rules.vrykolaka_victims='chosen', the other reading of the card: the Vrykolaka's player chooses, one at
    # a time, any enemy troop on the board - the rider on territory 2 too.
    from rules.attack_the_tower.actions import ChooseVictim

    state = vrykolaka_battle(Rules(vrykolaka_victims="chosen"))
    assert state.battle is not None and state.battle.stage == "victims" and state.battle.owed == (2, 0)
    assert engine.current_player(state) == 0 and engine.allocation_request(state) is None
    assert [a.target for a in engine.legal_actions(state)] == ["p1/t1/s0/0", "p1/t0/s0/0", "p1/t0/s0/1"]
    with pytest.raises(IllegalAction, match="not an enemy troop still standing"):
        engine.apply(state, ChooseVictim(player=0, target="p0/t0/s0/1"))
    state, events = engine.apply(state, ChooseVictim(player=0, target="p1/t1/s0/0"))
    assert [e.sentence() for e in events] == [
        "Bandits' Bandit rider (territory 2, slot 1) is removed: chosen by Undead for their Vrykolaka(s)."
    ]
    rider_base = state.players[1].territories[1][0]
    assert rider_base is not None and rider_base.troops == 0  # off the board at once, outside the battle
    state, events = engine.apply(state, ChooseVictim(player=0, target="p1/t0/s0/1"))
    assert state.battle is None and state.phase == "main"  # the last victim chosen, the battle ends
    brutes = state.players[1].territories[0][0]
    assert brutes is not None and brutes.troops == 1
    assert POSITION.validate(POSITION.data(state)) == state


def test_every_policy_chooses_the_vrykolakas_victims() -> None:
    from rules.attack_the_tower.policies import POLICIES, policy
    from rules.core.chance import ChanceSampler

    state = vrykolaka_battle(Rules(vrykolaka_victims="chosen"))
    for name in POLICIES:
        action = policy(name).choose(state, ChanceSampler(0), 0)
        assert action in engine.legal_actions(state), name


def test_the_exact_analysis_says_it_does_not_take_up_chosen_victims() -> None:
    from rules.attack_the_tower import analysis
    from rules.attack_the_tower.actions import DeclareAttack, Pass
    from rules.attack_the_tower.examples import build_player

    undead = build_player("undead", [[("desecrated_grounds", 2)]], in_play=("undead.vrykolaka",))
    bandits = build_player("bandits", [[("heavy_infantry_base", 2)]])
    state = POSITION.validate(
        {"rules": Rules(vrykolaka_victims="chosen"), "players": (undead, bandits), "phase": "main", "turn": 6}
    )
    for action in (DeclareAttack(player=0, origin=0, target=0), Pass(player=0), Pass(player=1)):
        state, _ = engine.apply(state, action)
    with pytest.raises(IllegalAction, match="does not take up a Vrykolaka's victims chosen by their player"):
        analysis.outcome_distribution(state, ("optimal", "optimal"))
