"""Scenario tests for Attack the Tower battles, each citing the rule sentence it checks.

Seeds: 004 is the manual (../shared/seeds/004_b630b22d9110621e.txt), 000 the Undead edition and 001
the Bandits edition. Territories and slots are 0-based in unit keys ("p1/t0/s0/0"), 1-based in the
rulebook's and the engine's words.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from rules.attack_the_tower import engine
from rules.attack_the_tower.actions import DeclareAttack, EndTurn, Pass, PlayAbility, allocate
from rules.attack_the_tower.engine import combat
from rules.attack_the_tower.events import DamageDealt, DamagePool, GameWon, Said
from rules.attack_the_tower.examples import build_player
from rules.attack_the_tower.game import POSITION
from rules.attack_the_tower.metadata import Termination
from rules.attack_the_tower.model import GameState, Player
from rules.attack_the_tower.variants import Rules
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.outcome import Outcome
from rules.core.protocol import TERMINAL

Slots = list[list[tuple[str, int] | None]]


# ---- helpers -----------------------------------------------------------------------------------------
def position(p0: Player, p1: Player, rules: Rules | None = None) -> GameState:
    """Player 0 attacks, in the second phase of the turn."""
    return POSITION.validate(
        {
            "rules": rules or Rules(),
            "players": (p0, p1),
            "phase": "main",
            "attacker": 0,
            "actor": 0,
            "turn": 3,
        }
    )


def undead_vs_bandits(undead: Slots, bandits: Slots, rules: Rules | None = None) -> GameState:
    return position(build_player("undead", undead), build_player("bandits", bandits), rules)


def declare(state: GameState, origin: int, target: int, specials: tuple[int, ...] = ()) -> GameState:
    state, _ = engine.apply(
        state, DeclareAttack(player=state.attacker, origin=origin, target=target, specials=specials)
    )
    return state


def both_pass(state: GameState) -> tuple[GameState, tuple[Event, ...]]:
    """Close the ability window: the attacker passes, then the defender."""
    state, first = engine.apply(state, Pass(player=state.attacker))
    state, second = engine.apply(state, Pass(player=state.defender))
    return state, first + second


def to_combat(state: GameState, origin: int, target: int) -> tuple[GameState, tuple[Event, ...]]:
    """Declare an attack and let both players pass: the events of the first combat step."""
    return both_pass(declare(state, origin, target))


def step(
    state: GameState, attacker: dict[str, int] | None, defender: dict[str, int] | None
) -> tuple[GameState, tuple[Event, ...]]:
    """Hand in the given allocations (None: that side has nothing to decide in this step)."""
    events: tuple[Event, ...] = ()
    given = ((state.attacker, attacker), (state.defender, defender))
    for side, wanted in given:
        if wanted is None:
            assert engine.allocation_request(state, side) is None, f"player {side} has damage to distribute"
    for side, wanted in given:
        if wanted is not None:
            state, more = engine.apply(state, allocate(side, wanted))
            events += more
    return state, events


def pools(events: Sequence[Event], stage: str) -> dict[int, int]:
    return {e.player: e.amount for e in events if isinstance(e, DamagePool) and e.stage == stage}


def dealt(events: Sequence[Event]) -> dict[str, tuple[int, bool]]:
    """{target key: (amount, destroyed)} of the damage dealt in these events."""
    return {e.target: (e.amount, e.destroyed) for e in events if isinstance(e, DamageDealt)}


def troops(state: GameState, player: int, territory: int) -> list[int | None]:
    return [None if b is None else b.troops for b in state.players[player].territories[territory]]


def rules_of(events: Sequence[Event]) -> list[str]:
    return [e.rule for e in events]


# ---- 1. declaring an attack --------------------------------------------------------------------------
def test_attack_needs_troops_in_the_attacking_territory() -> None:
    # 004 battles: "All troops from the attacking territory will take part in the battle"; 004 turn 2:
    # "He may declare several attacks in a given turn, if he has the troops for it"
    state = undead_vs_bandits([[("graveyard", 1)], [("crypt", 0)]], [[("light_infantry_base", 1)]])
    with pytest.raises(IllegalAction, match="territory 2 has no troops to attack with") as info:
        engine.apply(state, DeclareAttack(player=0, origin=1, target=0))
    assert info.value.rule == "battles"
    origins = {a.origin for a in engine.legal_actions(state) if isinstance(a, DeclareAttack)}
    assert origins == {0}


def test_declaring_chooses_origin_and_target_and_opens_the_ability_window() -> None:
    # 004 battles 1: "choosing from which of his territories the attack will come, and which of the
    # opponent's territories is the target"; battles 2: "Both players may play as many abilities as they wish"
    state = undead_vs_bandits([[("graveyard", 1)]], [[], [("light_infantry_base", 1)]])
    state, events = engine.apply(state, DeclareAttack(player=0, origin=0, target=1))
    assert state.phase == "battle"
    assert state.battle is not None
    assert (state.battle.origin, state.battle.target, state.battle.stage) == (0, 1, "abilities")
    assert rules_of(events) == ["battles.1 declare", "battles.2 abilities"]
    assert engine.current_player(state) == 0
    assert state.attacks == (0,)


def _one_zombie_battle(rules: Rules | None = None) -> GameState:
    """The zombie of territory 1 fights a lone bandit and survives (the defender deals no damage)."""
    state = undead_vs_bandits([[("graveyard", 1)], [("graveyard", 1)]], [[("light_infantry_base", 2)]], rules=rules)
    state, _ = to_combat(state, 0, 0)
    state, _ = step(state, {"p1/t0/s0/0": 1}, {})
    assert state.phase == "main"
    return state


def test_each_territory_attacks_once_a_turn_by_default() -> None:
    # 004 turn 2: "He may declare several attacks in a given turn, if he has the troops for it" (read by
    # default as: each territory's troops attack once; variant attacks_per_territory_per_turn)
    state = _one_zombie_battle()
    assert troops(state, 0, 0) == [1, None, None]
    with pytest.raises(IllegalAction, match="territory 1 has already attacked this turn") as info:
        engine.apply(state, DeclareAttack(player=0, origin=0, target=0))
    assert info.value.rule == "variant.attacks_per_territory"
    assert {a.origin for a in engine.legal_actions(state) if isinstance(a, DeclareAttack)} == {1}
    # another territory may still attack: "several attacks in a given turn"
    state = declare(state, 1, 0)
    assert state.battle is not None and state.battle.origin == 1


def test_without_the_limit_a_territory_may_attack_again() -> None:
    # variant attacks_per_territory_per_turn=None: the other reading of 004 turn 2 "several attacks"
    state = _one_zombie_battle(Rules(attacks_per_territory_per_turn=None))
    state = declare(state, 0, 0)
    assert state.battle is not None and state.battle.origin == 0
    assert state.attacks == (0, 0)


def test_attacks_reset_when_the_turn_ends() -> None:
    # 004 turn 2: "the attacking player may also end his turn, and his opponent then becomes the attacking
    # player"
    state = _one_zombie_battle()
    state, _ = engine.apply(state, EndTurn(player=0))
    assert state.attacks == ()
    assert state.attacker == 1


# ---- 2. the ability window ---------------------------------------------------------------------------
def test_combat_starts_only_when_both_pass_in_a_row() -> None:
    # 004 battles 2: "Both players may play as many abilities as they wish"
    undead = build_player("undead", [[("graveyard", 1)]])
    westerners = build_player("westerners", [[("militia_camp", 1)]], hand=("westerners.wizard",))
    state = declare(position(undead, westerners), 0, 0)
    state, _ = engine.apply(state, Pass(player=0))
    assert state.battle is not None and state.battle.stage == "abilities"
    assert engine.current_player(state) == 1
    state, _ = engine.apply(state, PlayAbility(player=1, card="westerners.wizard"))
    assert state.battle is not None and state.battle.stage == "abilities"
    assert state.players[1].in_play == ("westerners.wizard",)
    state, _ = engine.apply(state, Pass(player=1))
    # the attacker's earlier pass no longer counts: it must pass again after the defender's play
    assert state.battle is not None and state.battle.stage == "abilities"
    assert engine.current_player(state) == 0
    state, events = engine.apply(state, Pass(player=0))
    # nobody has initiative troops: the initiative step passes at once, then regular combat
    assert state.battle is not None and state.battle.stage == "regular"
    assert pools(events, "initiative") == {0: 0, 1: 0}
    # the wizard played in the window counts: militia 1 + 1, plus the base's 4
    assert pools(events, "regular") == {0: 1, 1: 2 + 4}


def test_a_single_pass_does_not_start_combat() -> None:
    # 004 battles 2: "Both players may play as many abilities as they wish"
    state = declare(undead_vs_bandits([[("crypt", 1)]], [[("light_infantry_base", 1)]]), 0, 0)
    state, _ = engine.apply(state, Pass(player=0))
    assert state.battle is not None and state.battle.stage == "abilities"
    with pytest.raises(IllegalAction):
        engine.apply(state, allocate(0, {"p1/t0/s0/0": 1}))
    state, events = engine.apply(state, Pass(player=1))
    assert state.battle is not None and state.battle.stage == "initiative"
    assert pools(events, "initiative") == {0: 1, 1: 0}


def test_abilities_are_not_played_during_the_combat_steps() -> None:
    # 004 battles 2 (abilities) comes before "Steps 3 and 4 are collectively referred to as combat (steps)";
    # the engine reads step 2 as the window for abilities in a battle
    undead = build_player("undead", [[("crypt", 1)]], hand=("undead.lich",))
    state, _ = to_combat(position(undead, build_player("bandits", [[("light_infantry_base", 1)]])), 0, 0)
    assert state.battle is not None and state.battle.stage == "initiative"
    with pytest.raises(IllegalAction, match="abilities are played in the second phase") as info:
        engine.apply(state, PlayAbility(player=0, card="undead.lich"))
    assert info.value.rule == "battles.2 abilities"


# ---- 3. initiative -----------------------------------------------------------------------------------
def test_initiative_damage_is_the_power_of_initiative_troops() -> None:
    # 004 battles 3: "Each player calculates his Initiative damage. To do it he must add up the Power
    # levels of all his troops with the Initiative Trait"
    state = undead_vs_bandits(
        [[("crypt", 2), ("graveyard", 2), ("desecrated_grounds", 1)]],
        [[("shooter_base", 1), ("heavy_infantry_base", 2)]],
    )
    state, events = to_combat(state, 0, 0)
    assert pools(events, "initiative") == {0: 2, 1: 1}
    att = engine.allocation_request(state, 0)
    dfn = engine.allocation_request(state, 1)
    assert att is not None and dfn is not None
    assert (att.pool.general, att.pool.artillery, att.troop_cap, att.structure_cap) == (2, 0, 2, 0)
    assert (dfn.pool.general, dfn.troop_cap) == (1, 1)
    # 004 battles 3: "distribute their initiative damage among the opponent's troops"
    assert {t.key for t in att.targets} == {"p1/t0/s0/0", "p1/t0/s1/0", "p1/t0/s1/1"}
    assert {t.key for t in dfn.targets} == {
        "p0/t0/s0/0",
        "p0/t0/s0/1",
        "p0/t0/s1/0",
        "p0/t0/s1/1",
        "p0/t0/s2/0",
    }


def test_both_sides_fire_their_initiative_at_once() -> None:
    # 004 battles 3: "Each player calculates his Initiative damage" and "The players may distribute their
    # initiative damage among the opponent's troops" - both at once, so two shooters can kill each other
    state = undead_vs_bandits([[("crypt", 1), ("graveyard", 1)]], [[("shooter_base", 1)]])
    state, _ = to_combat(state, 0, 0)
    state, events = step(state, {"p1/t0/s0/0": 1}, {"p0/t0/s0/0": 1})
    assert dealt(events) == {"p1/t0/s0/0": (1, True), "p0/t0/s0/0": (1, True)}
    assert state.battle is not None and set(state.battle.dead) == {"p1/t0/s0/0", "p0/t0/s0/0"}
    assert pools(events, "regular") == {0: 1, 1: 4}


def test_initiative_damage_cannot_hit_bases() -> None:
    # 004 traits: "Initiative. ... This trait does not apply against Bases."; battles 3: "distribute their
    # initiative damage among the opponent's troops"
    state, _ = to_combat(undead_vs_bandits([[("crypt", 2)]], [[("light_infantry_base", 1)]]), 0, 0)
    request = engine.allocation_request(state, 0)
    assert request is not None
    assert all(t.kind == "troop" for t in request.targets)
    with pytest.raises(IllegalAction, match="initiative damage cannot be assigned to bases") as info:
        engine.apply(state, allocate(0, {"p1/t0/s0": 1}))
    assert info.value.rule == "traits.initiative"


def test_initiative_kills_before_regular_damage() -> None:
    # 004 battles 3: "destroying them if they receive as much damage as their Power" and "Troops killed in
    # this third step (Initiative) will not inflict damage during the fourth step (Regular combat)"
    state = undead_vs_bandits([[("crypt", 2), ("graveyard", 1)]], [[("heavy_infantry_base", 1)]])
    state, _ = to_combat(state, 0, 0)
    state, events = step(state, {"p1/t0/s0/0": 2}, None)
    assert dealt(events) == {"p1/t0/s0/0": (2, True)}
    assert state.battle is not None and state.battle.stage == "regular"
    # the brute (power 2) is dead: the defender's regular damage is the base's 4 alone, not 6
    assert pools(events, "regular") == {0: 1, 1: 4}
    request = engine.allocation_request(state, 1)
    assert request is not None and request.pool.general == 4


def test_initiative_troops_do_not_fire_again_in_regular_combat() -> None:
    # 004 battles 4: "his regular damage, which equals the combined power of all his troops (except, of
    # course, his troops with the initiative trait that have already inflicted their due damage)"
    state = undead_vs_bandits([[("crypt", 2), ("graveyard", 1)]], [[("heavy_infantry_base", 2)]])
    state, _ = to_combat(state, 0, 0)
    state, events = step(state, {"p1/t0/s0/0": 2}, None)
    # 2 necromancers spent all their initiative damage: the attacker's regular damage is 1 zombie
    assert pools(events, "regular") == {0: 1, 1: 2 + 4}


def test_attacking_troops_killed_by_initiative_deal_no_regular_damage() -> None:
    # 004 battles 3: "Troops killed in this third step (Initiative) will not inflict damage during the fourth
    # step (Regular combat)" - for the attacker's troops too
    state = undead_vs_bandits([[("mansion", 1), ("desecrated_grounds", 1)]], [[("shooter_base", 2)]])
    state, events = to_combat(state, 0, 0)
    assert pools(events, "initiative") == {0: 0, 1: 2}
    state, events = step(state, None, {"p0/t0/s0/0": 2})
    assert dealt(events) == {"p0/t0/s0/0": (2, True)}
    # the vampire (power 2) is dead: the attacker's regular damage is the vrykolaka's 3, not 5
    assert pools(events, "regular") == {0: 3, 1: 4}


def test_the_defenders_leftover_initiative_damage_adds_to_its_regular_damage() -> None:
    # 000 battles 4: "ANY LEFT OVER INITIATIVE DAMAGE WILL ALSO ADD TO REGULAR DAMAGE"
    state = undead_vs_bandits([[("graveyard", 1), ("desecrated_grounds", 1)]], [[("shooter_base", 2)]])
    state, _ = to_combat(state, 0, 0)
    state, events = step(state, None, {"p0/t0/s0/0": 1})
    # 2 archers, 1 damage spent: the base's 4 plus 1 left over
    assert pools(events, "regular") == {0: 3, 1: 4 + 1}


def test_leftover_initiative_damage_adds_to_regular_damage_by_default() -> None:
    # 000 battles 4: "ANY LEFT OVER INITIATIVE DAMAGE WILL ALSO ADD TO REGULAR DAMAGE"
    # (001: "ANY LEFT OVER INITIATIVE DAMAGE ALSO ADDS TO REGULAR DAMAGE")
    state = undead_vs_bandits([[("crypt", 2), ("graveyard", 1)]], [[("light_infantry_base", 1)]])
    state, _ = to_combat(state, 0, 0)
    state, events = step(state, {"p1/t0/s0/0": 1}, None)
    assert "battles.3 leftover" in rules_of(events)
    assert pools(events, "regular") == {0: 1 + 1, 1: 4}
    # every defending troop is dead: the attacker has no troop to hit, and the 2 go to the unmanned base
    state, _ = step(state, None, {})
    assert state.battle is not None and state.battle.stage == "unmanned"
    assert state.battle.remaining == (2, 0)


def test_leftover_initiative_damage_is_lost_under_the_manual_variant() -> None:
    # 004 battles 4 (the manual does not have 000's "ANY LEFT OVER INITIATIVE DAMAGE WILL ALSO ADD TO
    # REGULAR DAMAGE"): variant leftover_initiative_adds_to_regular=False
    rules = Rules(leftover_initiative_adds_to_regular=False)
    state = undead_vs_bandits([[("crypt", 2), ("graveyard", 1)]], [[("light_infantry_base", 1)]], rules=rules)
    state, _ = to_combat(state, 0, 0)
    state, events = step(state, {"p1/t0/s0/0": 1}, None)
    assert "battles.3 leftover" not in rules_of(events)
    assert pools(events, "regular") == {0: 1, 1: 4}
    state, _ = step(state, None, {})
    assert state.battle is not None and state.battle.remaining == (1, 0)


def test_leftover_held_by_initiative_troops_killed_in_the_step_is_lost() -> None:
    # 004 battles 3: "Troops killed in this third step (Initiative) will not inflict damage during the fourth
    # step (Regular combat)." The Undead's crypt (a shooter, 1) holds its damage back and is killed by the
    # Bandits' archer: its 1 does not join the Undead's regular damage (Rules.leftover_of_killed_troops: it does).
    for rules, regular in ((Rules(), 3), (Rules(leftover_of_killed_troops=True), 3 + 1)):
        state = undead_vs_bandits([[("crypt", 1), ("desecrated_grounds", 1)]], [[("shooter_base", 1)]], rules=rules)
        state, _ = to_combat(state, 0, 0)
        state, events = step(state, {}, {"p0/t0/s0/0": 1})
        assert pools(events, "regular") == {0: regular, 1: 4}
    said = [e.sentence() for e in events]
    assert "Undead's 1 leftover initiative damage adds to their regular damage." in said
    state, _ = to_combat(undead_vs_bandits([[("crypt", 1), ("desecrated_grounds", 1)]], [[("shooter_base", 1)]]), 0, 0)
    _, events = step(state, {}, {"p0/t0/s0/0": 1})
    lost = "Undead's 1 leftover initiative damage is lost: the troops that held it were killed in this step."
    assert lost in [e.sentence() for e in events]


def test_initiative_damage_with_no_target_is_leftover() -> None:
    # 000 battles 4: "ANY LEFT OVER INITIATIVE DAMAGE WILL ALSO ADD TO REGULAR DAMAGE" - a territory with
    # bases but no troops gives the initiative damage nothing to hit, so all of it is left over
    state = undead_vs_bandits([[("crypt", 2)]], [[("light_infantry_base", 0)]])
    state, events = to_combat(state, 0, 0)
    assert pools(events, "initiative") == {0: 2, 1: 0}
    assert pools(events, "regular") == {0: 2, 1: 4}
    state, _ = step(state, None, {})
    assert state.battle is not None and state.battle.stage == "unmanned"
    assert state.battle.remaining == (2, 0)


# ---- 4. regular combat -------------------------------------------------------------------------------
def test_regular_damage_of_attacker_and_defender() -> None:
    # 004 battles 4: "The attacking player calculates his regular damage, which equals the combined power
    # of all his troops (except ... initiative ...)" and "The defending player's regular damage equals the
    # combined power of all his troops ... plus the power of the bases on the territory"
    state = undead_vs_bandits(
        [[("crypt", 1), ("graveyard", 2), ("desecrated_grounds", 1)]],
        [[("light_infantry_base", 1), ("heavy_infantry_base", 1)]],
    )
    state, events = to_combat(state, 0, 0)
    assert pools(events, "initiative") == {0: 1, 1: 0}
    # the necromancer hits the heavy base's brute for 1: it survives with 1 damage
    state, events = step(state, {"p1/t0/s1/0": 1}, None)
    assert dealt(events) == {"p1/t0/s1/0": (1, False)}
    # attacker: 2 zombies + 1 vrykolaka = 5 (the necromancer has fired); defender: 1 + 2 + 4 + 4 = 11
    assert pools(events, "regular") == {0: 5, 1: 11}
    att = engine.allocation_request(state, 0)
    assert att is not None
    # the wounded brute needs only 1 more
    remaining = {t.key: t.remaining for t in att.targets}
    assert remaining == {"p1/t0/s0/0": 1, "p1/t0/s1/0": 1}


def test_damage_is_simultaneous_and_hidden_until_both_allocate() -> None:
    # 004 battles 4: "Each player distributes his regular damage as he likes between opposing troops"
    # (both do so at once: neither sees the other's distribution first)
    state = undead_vs_bandits(
        [[("graveyard", 2), ("desecrated_grounds", 2)]],
        [[("light_infantry_base", 1), ("heavy_infantry_base", 0)]],
    )
    state, _ = to_combat(state, 0, 0)
    before = engine.allocation_request(state, 1)
    assert before is not None
    state, events = engine.apply(state, allocate(0, {"p1/t0/s0/0": 1}))
    assert not any(isinstance(e, DamageDealt) for e in events)
    assert [e.rule for e in events] == ["battles.4 regular"]
    assert state.battle is not None and state.battle.damage == () and state.battle.dead == ()
    after = engine.allocation_request(state, 1)
    assert after is not None
    # the defender sees the same pool and targets as before: the bandit's 1 damage still counts
    assert (after.pool.general, [t.key for t in after.targets]) == (
        before.pool.general,
        [t.key for t in before.targets],
    )
    assert after.pool.general == 1 + 4 + 4
    state, events = engine.apply(state, allocate(1, {"p0/t0/s0/0": 1, "p0/t0/s0/1": 1, "p0/t0/s1/0": 3}))
    # both distributions are revealed and applied together
    assert dealt(events) == {
        "p1/t0/s0/0": (1, True),
        "p0/t0/s0/0": (1, True),
        "p0/t0/s0/1": (1, True),
        "p0/t0/s1/0": (3, True),
    }


def test_a_troop_killed_in_regular_combat_still_deals_its_damage() -> None:
    # 004 battles 3 only stops troops killed in the initiative step: "Troops killed in this third step
    # (Initiative) will not inflict damage during the fourth step"; in the fourth step damage is simultaneous
    state = undead_vs_bandits([[("desecrated_grounds", 2), ("graveyard", 2)]], [[("light_infantry_base", 2)]])
    state, events = to_combat(state, 0, 0)
    assert pools(events, "regular") == {0: 3 + 3 + 1 + 1, 1: 1 + 1 + 4}
    # the base alone deals 4: killing both vrykolakas (3 + 3) needs the bandits' 2 as well
    with pytest.raises(IllegalAction, match="you assigned 7 damage but have only 6"):
        engine.apply(state, allocate(1, {"p0/t0/s0/0": 3, "p0/t0/s0/1": 3, "p0/t0/s1/0": 1}))
    # the defender allocates first this time: either order is allowed
    state, events = engine.apply(state, allocate(1, {"p0/t0/s0/0": 3, "p0/t0/s0/1": 3}))
    assert not any(isinstance(e, DamageDealt) for e in events)
    state, events = engine.apply(state, allocate(0, {"p1/t0/s0/0": 1, "p1/t0/s0/1": 1}))
    assert dealt(events) == {
        "p1/t0/s0/0": (1, True),
        "p1/t0/s0/1": (1, True),
        "p0/t0/s0/0": (3, True),
        "p0/t0/s0/1": (3, True),
    }
    assert state.battle is not None
    assert set(state.battle.dead) == {"p1/t0/s0/0", "p1/t0/s0/1", "p0/t0/s0/0", "p0/t0/s0/1"}


def test_damage_equal_to_power_kills_and_less_does_not() -> None:
    # 004 battles 4: "killing them if the damage equals their own Power"
    state = undead_vs_bandits([[("desecrated_grounds", 1)]], [[("heavy_infantry_base", 1), ("cavalry_base", 1)]])
    state, _ = to_combat(state, 0, 0)
    state, events = step(state, {"p1/t0/s0/0": 2, "p1/t0/s1/0": 1}, {})
    assert dealt(events) == {"p1/t0/s0/0": (2, True), "p1/t0/s1/0": (1, False)}
    assert troops(state, 1, 0) == [0, 1, None]


def test_assigning_more_than_destroys_a_troop_is_refused() -> None:
    # 004 battles 4: "killing them if the damage equals their own Power" (no more is needed)
    state = undead_vs_bandits([[("desecrated_grounds", 1)]], [[("heavy_infantry_base", 1)]])
    state, _ = to_combat(state, 0, 0)
    with pytest.raises(IllegalAction, match="destroyed by 2 more damage; assign at most that much"):
        engine.apply(state, allocate(0, {"p1/t0/s0/0": 3}))


def test_assigning_more_than_the_pool_is_refused() -> None:
    # 004 battles 4: "Each player distributes his regular damage" (only the damage he has)
    state = undead_vs_bandits([[("mansion", 1)]], [[("heavy_infantry_base", 1), ("light_infantry_base", 1)]])
    state, _ = to_combat(state, 0, 0)
    with pytest.raises(IllegalAction, match="you assigned 3 damage but have only 2 regular damage") as info:
        engine.apply(state, allocate(0, {"p1/t0/s0/0": 2, "p1/t0/s1/0": 1}))
    assert info.value.rule == "battles.4 regular"
    state, _ = to_combat(undead_vs_bandits([[("crypt", 1)]], [[("light_infantry_base", 2)]]), 0, 0)
    with pytest.raises(IllegalAction, match="you assigned 2 damage but have only 1 initiative damage") as info:
        engine.apply(state, allocate(0, {"p1/t0/s0/0": 1, "p1/t0/s0/1": 1}))
    assert info.value.rule == "battles.3 initiative"


# ---- artillery ---------------------------------------------------------------------------------------
def test_artillery_damage_cannot_be_assigned_to_troops() -> None:
    # 004 traits: "Artillery. Damage caused by Troops with Artillery can only be assigned to Bases or
    # Palaces - other Troops are immune to it."
    state = undead_vs_bandits([[("workshop", 1), ("graveyard", 1)]], [[("light_infantry_base", 2)]])
    state, events = to_combat(state, 0, 0)
    pool_events = [e for e in events if isinstance(e, DamagePool) and e.player == 0 and e.stage == "regular"]
    assert [(e.amount, e.artillery) for e in pool_events] == [(5, 4)]
    request = engine.allocation_request(state, 0)
    assert request is not None
    assert (request.pool.general, request.pool.artillery, request.troop_cap, request.structure_cap) == (
        1,
        4,
        1,
        0,
    )
    with pytest.raises(IllegalAction, match="artillery") as info:
        engine.apply(state, allocate(0, {"p1/t0/s0/0": 1, "p1/t0/s0/1": 1}))
    assert info.value.rule == "traits.artillery"


def test_artillery_damage_goes_to_bases_once_unmanned() -> None:
    # 004 traits: "Since Bases can only be damage if 'unmanned' (if there are no defending Troops on the
    # Territory), be careful when deploying Artillery"; battles 4: "He can then distribute any remaining
    # damage to the bases"
    state = undead_vs_bandits(
        [[("workshop", 1), ("graveyard", 1)]], [[("light_infantry_base", 1), ("heavy_infantry_base", 0)]]
    )
    state, _ = to_combat(state, 0, 0)
    state, events = step(state, {"p1/t0/s0/0": 1}, {})
    assert state.battle is not None and state.battle.stage == "unmanned"
    assert state.battle.remaining == (0, 4)
    assert "battles.4 unmanned" in rules_of(events)
    request = engine.allocation_request(state, 0)
    assert request is not None
    assert {t.key for t in request.targets} == {"p1/t0/s0", "p1/t0/s1"}
    assert engine.allocation_request(state, 1) is None
    state, events = step(state, {"p1/t0/s1": 4}, None)
    assert dealt(events) == {"p1/t0/s1": (4, True)}
    assert troops(state, 1, 0) == [0, None, None]
    assert "bandits.heavy_infantry_base" in state.players[1].base_discard


def test_artillery_is_wasted_while_troops_defend() -> None:
    # 004 traits: "Since Bases can only be damage if 'unmanned' ..., be careful when deploying Artillery"
    state = undead_vs_bandits([[("workshop", 2)]], [[("light_infantry_base", 1)]])
    state, events = to_combat(state, 0, 0)
    assert pools(events, "regular") == {0: 8, 1: 5}
    # the catapults have nothing they may hit: the attacker has no decision
    assert engine.allocation_request(state, 0) is None
    state, events = step(state, None, {"p0/t0/s0/0": 4})
    assert state.phase == "main"
    assert troops(state, 1, 0) == [1, None, None]
    assert troops(state, 0, 0) == [1, None, None]


def test_defending_artillery_cannot_hit_attacking_troops() -> None:
    # 004 traits: "Damage caused by Troops with Artillery can only be assigned to Bases or Palaces"
    state = undead_vs_bandits([[("graveyard", 2)]], [[("siege_base", 1)]])
    state, events = to_combat(state, 0, 0)
    assert pools(events, "regular") == {0: 2, 1: 8}
    request = engine.allocation_request(state, 1)
    assert request is not None
    assert (request.pool.general, request.pool.artillery, request.troop_cap) == (4, 4, 4)


# ---- unmanned bases ----------------------------------------------------------------------------------
def test_bases_cannot_be_damaged_while_troops_defend_them() -> None:
    # 004 battles 4: "If the attacking player manages to destroy all troops on the target territory, he has
    # made the bases on that territory 'unmanned'. He can then distribute any remaining damage to the bases"
    state = undead_vs_bandits([[("desecrated_grounds", 2)]], [[("light_infantry_base", 1)]])
    state, _ = to_combat(state, 0, 0)
    with pytest.raises(IllegalAction, match="bases can be damaged only when unmanned") as info:
        engine.apply(state, allocate(0, {"p1/t0/s0": 4}))
    assert info.value.rule == "battles.4 unmanned"


def test_remaining_damage_is_lost_when_a_troop_survives() -> None:
    # 004 battles 4: bases are hit only "If the attacking player manages to destroy all troops"
    state = undead_vs_bandits([[("desecrated_grounds", 2)]], [[("heavy_infantry_base", 2)]])
    state, _ = to_combat(state, 0, 0)
    state, events = step(state, {"p1/t0/s0/0": 2, "p1/t0/s0/1": 1}, {})
    assert "battles.4 unmanned" not in rules_of(events)
    assert state.phase == "main"
    assert troops(state, 1, 0) == [1, None, None]


def test_unmanned_bases_are_destroyed_at_power_4() -> None:
    # 004 battles 4: "destroying them if they take as much damage as their Power (normally 4)";
    # "all Bases have Power 4"
    state = undead_vs_bandits(
        [[("desecrated_grounds", 2), ("mansion", 2)]],
        [[("light_infantry_base", 1), ("heavy_infantry_base", 0), ("cavalry_base", 0)]],
    )
    state, events = to_combat(state, 0, 0)
    assert pools(events, "regular") == {0: 10, 1: 1 + 12}
    state, _ = step(state, {"p1/t0/s0/0": 1}, {})
    assert state.battle is not None and state.battle.stage == "unmanned"
    assert state.battle.remaining == (9, 0)
    request = engine.allocation_request(state, 0)
    assert request is not None
    assert {t.key: t.remaining for t in request.targets} == {"p1/t0/s0": 4, "p1/t0/s1": 4, "p1/t0/s2": 4}
    with pytest.raises(IllegalAction, match="destroyed by 4 more damage"):
        engine.apply(state, allocate(0, {"p1/t0/s0": 5}))
    with pytest.raises(IllegalAction, match="you assigned 10 damage to bases but have only 9"):
        engine.apply(state, allocate(0, {"p1/t0/s0": 4, "p1/t0/s1": 4, "p1/t0/s2": 2}))
    state, events = step(state, {"p1/t0/s0": 4, "p1/t0/s1": 3, "p1/t0/s2": 2}, None)
    assert dealt(events) == {"p1/t0/s0": (4, True), "p1/t0/s1": (3, False), "p1/t0/s2": (2, False)}
    assert troops(state, 1, 0) == [None, 0, 0]
    assert state.phase == "main"  # two bases stand: no palace attack


# ---- 5. healing --------------------------------------------------------------------------------------
def test_survivors_heal_at_the_end_of_the_battle() -> None:
    # 004 battles 5: "At the end of the battle, all surviving Troops and Bases heal completely. None of the
    # damage they received will be considered in future battles."
    state = undead_vs_bandits(
        [[("graveyard", 1)], [("desecrated_grounds", 2)], [("graveyard", 1)]],
        [[("heavy_infantry_base", 1), ("cavalry_base", 0)]],
    )
    state, _ = to_combat(state, 0, 0)
    state, events = step(state, {"p1/t0/s0/0": 1}, {})
    assert dealt(events) == {"p1/t0/s0/0": (1, False)}
    assert "battles.5 heal" in rules_of(events)
    assert state.battle is None
    # a second battle against the same territory: the brute needs its full 2 again
    state, _ = to_combat(state, 1, 0)
    request = engine.allocation_request(state, 0)
    assert request is not None
    assert {t.key: t.remaining for t in request.targets} == {"p1/t0/s0/0": 2}
    # the bases are hit in the unmanned step, and survive
    state, _ = step(state, {"p1/t0/s0/0": 2}, {})
    state, events = step(state, {"p1/t0/s0": 3, "p1/t0/s1": 1}, None)
    assert dealt(events) == {"p1/t0/s0": (3, False), "p1/t0/s1": (1, False)}
    assert troops(state, 1, 0) == [0, 0, None]
    assert state.phase == "main"
    # a third battle: both bases need their full 4 again
    state, _ = to_combat(state, 2, 0)
    state, _ = step(state, None, {})
    request = engine.allocation_request(state, 0)
    assert request is not None
    assert {t.key: t.remaining for t in request.targets} == {"p1/t0/s0": 4, "p1/t0/s1": 4}


# ---- the palace --------------------------------------------------------------------------------------
def _to_palace(
    state: GameState, defender_alloc: dict[str, int], unmanned: dict[str, int]
) -> tuple[GameState, tuple[Event, ...]]:
    """Attack territory 3 (index 2) from territory 1 (index 0) and clear it."""
    state, _ = to_combat(state, 0, 2)
    state, first = step(state, None, defender_alloc)
    state, second = step(state, unmanned, None)
    return state, first + second


def test_clearing_a_territory_sends_the_survivors_against_the_palace() -> None:
    # 004 palace: "If the attacking Troops have destroyed all defending Troops and Bases, the survivors will
    # then start another Battle, this time against the opponent's Palace. This attack will happen
    # automatically - with no need of it being declared - and follows the steps 2 to 5"
    state = undead_vs_bandits(
        [[("desecrated_grounds", 2), ("mansion", 2), ("graveyard", 2)], [("graveyard", 2)]],
        [[("light_infantry_base", 1)], [], [("light_infantry_base", 0)]],
    )
    state, events = _to_palace(state, {"p0/t0/s2/0": 1, "p0/t0/s2/1": 1, "p0/t0/s1/0": 2}, {"p1/t2/s0": 4})
    palace_said = [e for e in events if isinstance(e, Said) and e.rule == "palace"]
    assert len(palace_said) == 1
    assert "3 surviving troop(s)" in palace_said[0].text
    assert state.phase == "battle"
    assert state.battle is not None
    assert state.battle.at_palace
    assert state.battle.stage == "abilities"  # step 2 again
    assert (state.battle.origin, state.battle.target) == (0, 2)
    assert state.attacks == (0,)  # not declared: no new attack is counted
    assert engine.current_player(state) == 0
    # steps 3 and 4 against the palace: power 10, dealing 10 by default
    state, events = both_pass(state)
    assert pools(events, "regular") == {0: 3 + 3 + 2, 1: 10}
    assert engine.allocation_request(state, 0) is None  # the palace is not hit in regular combat
    state, events = step(state, None, {"p0/t0/s0/0": 3})
    assert state.battle is not None and state.battle.stage == "unmanned"
    assert "No troop defends: the palace is unmanned." in [e.text for e in events if isinstance(e, Said)]
    request = engine.allocation_request(state, 0)
    assert request is not None
    assert [(t.key, t.remaining) for t in request.targets] == [("p1/palace", 10)]
    state, events = step(state, {"p1/palace": 8}, None)
    assert dealt(events) == {"p1/palace": (8, False)}
    assert state.phase == "main"
    assert engine.outcome(state) is None
    # 004 battles 5 (step 5 of the palace battle): the palace heals; the emptied territory now leads
    # straight to it, and a second attack finds it at its full 10
    state = declare(state, 1, 2)
    assert state.battle is not None and state.battle.at_palace
    state, _ = both_pass(state)
    state, _ = step(state, None, {})
    request = engine.allocation_request(state, 0)
    assert request is not None
    assert [(t.key, t.remaining) for t in request.targets] == [("p1/palace", 10)]


def test_destroying_the_palace_wins_the_game() -> None:
    # 004 palace: "The player who manages to destroy the opponent's Palace wins the game."; 004 troops:
    # "Palaces have Power 10"
    state = undead_vs_bandits(
        [[("desecrated_grounds", 2), ("mansion", 2), ("graveyard", 2)]],
        [[("light_infantry_base", 1)], [], [("light_infantry_base", 0)]],
    )
    state, _ = _to_palace(state, {}, {"p1/t2/s0": 4})
    state, _ = both_pass(state)
    state, _ = step(state, None, {})
    assert state.battle is not None and state.battle.remaining == (12, 0)
    with pytest.raises(IllegalAction, match="destroyed by 10 more damage"):
        engine.apply(state, allocate(0, {"p1/palace": 11}))
    state, events = step(state, {"p1/palace": 10}, None)
    assert dealt(events) == {"p1/palace": (10, True)}
    won = [e for e in events if isinstance(e, GameWon)]
    assert [(e.player, e.rule) for e in won] == [(0, "palace")]
    assert state.phase == "game_over"
    assert engine.is_terminal(state)
    assert engine.outcome(state) == Outcome.duel(Termination.PALACE_DESTROYED, 0)
    assert engine.current_player(state) == TERMINAL
    assert engine.legal_actions(state) == []
    with pytest.raises(IllegalAction, match="the game is over"):
        engine.apply(state, EndTurn(player=0))


def test_special_troops_on_the_palace_defend_it() -> None:
    # 000 palace: "DAMAGE CAN ONLY BE ASSIGNED TO THE PALACE IF UNMANNED"; 000 abilities: special abilities
    # "RECRUIT SPECIAL TROOPS ON THE PALACE"
    bandits = build_player("bandits", [[("cavalry_base", 2), ("cavalry_base", 2), ("heavy_infantry_base", 2)]])
    undead = build_player(
        "undead",
        [[("graveyard", 0), ("crypt", 0), ("mansion", 0)], [], [("graveyard", 0)]],
        palace=("undead.ghost",),
    )
    state = position(bandits, undead)
    state, _ = _to_palace(state, {}, {"p1/t2/s0": 4})
    assert state.battle is not None and state.battle.at_palace
    state, events = both_pass(state)
    # the ghost (power 2) and the palace (power 10) deal damage
    assert pools(events, "regular") == {0: 16, 1: 12}
    request = engine.allocation_request(state, 0)
    assert request is not None
    assert [(t.key, t.kind, t.remaining) for t in request.targets] == [("p1/palace/0", "special", 2)]
    with pytest.raises(IllegalAction, match="the palace can be damaged only when unmanned") as info:
        engine.apply(state, allocate(0, {"p1/palace": 10}))
    assert info.value.rule == "battles.4 unmanned"
    state, events = step(state, {"p1/palace/0": 2}, {})
    assert dealt(events) == {"p1/palace/0": (2, True)}
    assert state.battle is not None and state.battle.stage == "unmanned"
    assert state.battle.remaining == (14, 0)
    state, events = step(state, {"p1/palace": 10}, None)
    assert engine.outcome(state) == Outcome.duel(Termination.PALACE_DESTROYED, 0)


def test_initiative_damage_cannot_hit_the_palace() -> None:
    # 004 traits: "Initiative. ... This trait does not apply against Bases."; 000: "DAMAGE CAN ONLY BE
    # ASSIGNED TO THE PALACE IF UNMANNED"
    archers = build_player("bandits", [[("shooter_base", 2), ("cavalry_base", 2)]])
    undead = build_player(
        "undead",
        [[("graveyard", 0), ("crypt", 0), ("mansion", 0)], [], [("graveyard", 0)]],
        palace=("undead.ghost",),
    )
    state, events = to_combat(position(archers, undead), 0, 2)
    # nothing to shoot at in the territory: the archers' 2 are left over for the base
    assert pools(events, "initiative") == {0: 2, 1: 0}
    assert pools(events, "regular") == {0: 6 + 2, 1: 4}
    state, _ = step(state, None, {})
    state, _ = step(state, {"p1/t2/s0": 4}, None)
    assert state.battle is not None and state.battle.at_palace
    state, events = both_pass(state)
    assert pools(events, "initiative") == {0: 2, 1: 0}
    request = engine.allocation_request(state, 0)
    assert request is not None
    assert [t.key for t in request.targets] == ["p1/palace/0"]
    with pytest.raises(IllegalAction, match="initiative damage cannot be assigned to bases or the palace") as info:
        engine.apply(state, allocate(0, {"p1/palace": 2}))
    assert info.value.rule == "traits.initiative"
    state, events = step(state, {"p1/palace/0": 2}, None)
    assert dealt(events) == {"p1/palace/0": (2, True)}


def test_the_palace_deals_no_damage_under_the_variant() -> None:
    # variant palace_deals_damage=False (004 troops: Power "defines both how much damage they cause in
    # combat and how much damage it is needed to destroy them" is the default reading)
    rules = Rules(palace_deals_damage=False)
    state = undead_vs_bandits(
        [[("desecrated_grounds", 2)]], [[("light_infantry_base", 1)], [], [("light_infantry_base", 0)]], rules
    )
    state, _ = _to_palace(state, {}, {"p1/t2/s0": 4})
    assert state.battle is not None and state.battle.at_palace
    state, events = both_pass(state)
    assert pools(events, "regular") == {0: 6, 1: 0}
    assert engine.allocation_request(state, 1) is None
    assert state.battle is not None and state.battle.stage == "unmanned"
    state, _ = step(state, {"p1/palace": 6}, None)
    assert troops(state, 0, 0) == [2, None, None]


def test_attacking_a_territory_without_bases_goes_to_the_palace() -> None:
    # 004 palace: "If the attacking Troops have destroyed all defending Troops and Bases, the survivors will
    # then start another Battle" (a territory with nothing on it has nothing left to destroy)
    # (a territory with nothing on it has nothing left to destroy): the declared attack is the palace battle, with
    # one ability window, not a battle against nothing first
    state = undead_vs_bandits([[("graveyard", 2)]], [[("light_infantry_base", 1)]])
    state, events = engine.apply(state, DeclareAttack(player=0, origin=0, target=1))
    assert "Territory 2 holds no base: they attack Bandits' palace." in [e.sentence() for e in events]
    assert state.battle is not None and state.battle.at_palace and state.battle.stage == "abilities"
    assert state.attacks == (0,)
    state, events = both_pass(state)
    assert state.battle is not None and state.battle.at_palace and pools(events, "regular") == {0: 2, 1: 10}


def test_monks_attacking_a_territory_without_bases_reach_the_palace() -> None:
    # 000 Monk: "If they battle, sacrifice them afterwards" - no battle is fought against an empty territory, so
    # the Monks that attack it fight the palace battle (and are sacrificed after it)
    easterners = build_player("easterners", [[("monastery", 2)]], in_play=("easterners.monk",))
    state = position(easterners, build_player("bandits", [[("light_infantry_base", 1)]]))
    state, _ = engine.apply(state, DeclareAttack(player=0, origin=0, target=1))
    state, _ = both_pass(state)
    assert state.battle is not None and state.battle.at_palace
    attackers, _ = combat.battle_units(state)
    assert [u.name for u in attackers] == ["Monk", "Monk"]


def test_unit_keys_of_a_battle_are_the_documented_ones() -> None:
    # 004 battles: "From the defending territory, all of the troops and bases will take part in the battle"
    state = undead_vs_bandits([[("graveyard", 2)]], [[("light_infantry_base", 2), None, ("cavalry_base", 1)]])
    state = declare(state, 0, 0)
    attackers, defenders = combat.battle_units(state)
    assert [u.key for u in attackers] == ["p0/t0/s0/0", "p0/t0/s0/1"]
    assert [u.key for u in defenders] == [
        "p1/t0/s0/0",
        "p1/t0/s0/1",
        "p1/t0/s2/0",
        "p1/t0/s0",
        "p1/t0/s2",
    ]
