"""Scenario tests of the traits Unique and Loyal, through the test army that carries them.

004 'Understanding troops and bases': "Unique. You can only have one Troop with this Trait on the field. As a
newer unique troop is recruited, an older one is destroyed." and "Loyal. Applies only to Special Troops. This
troops do not require a complete Territory with 3 Bases to maintain them."
"""

from __future__ import annotations

from rules.attack_the_tower import catalog, engine
from rules.attack_the_tower.actions import DeclareAttack, Pass, PlayAbility, allocate
from rules.attack_the_tower.events import Destroyed
from rules.attack_the_tower.examples import build_player
from rules.attack_the_tower.model import GameState, Player

COMPLETE = ("li_base", 0), ("shooter_base", 0), ("hi_base", 0)


def _position(player: Player) -> GameState:
    return GameState(players=(player, build_player("undead", [[("graveyard", 1)]])), phase="main", turn=3)


def test_the_test_army_is_not_offered_as_a_real_army() -> None:
    assert "trait_test" not in catalog.ARMY_IDS
    assert "trait_test" in catalog.TEST_ARMY_IDS
    assert "test" in catalog.army("trait_test").name.lower()


def test_a_newer_unique_troop_destroys_the_older_one() -> None:
    # 004 traits: "You can only have one Troop with this Trait on the field. As a newer unique troop is
    # recruited, an older one is destroyed."
    player = build_player(
        "trait_test",
        [list(COMPLETE), list(COMPLETE)],
        hand=("trait_test.unique_champion",),
        palace=("trait_test.unique_hero",),
    )
    state, events = engine.apply(_position(player), PlayAbility(player=0, card="trait_test.unique_champion"))
    assert state.players[0].palace == ("trait_test.unique_champion",)
    assert "trait_test.unique_hero" in state.players[0].ability_discard
    destroyed = [e for e in events if isinstance(e, Destroyed)]
    assert [(e.rule, e.target_name) for e in destroyed] == [("traits.unique", "Hero")]
    assert destroyed[0].sentence() == "Trait test army's Hero is removed: a newer unique troop was recruited."


def test_a_troop_without_the_trait_is_not_displaced_by_a_unique_one() -> None:
    # 004 traits: only troops "with this Trait" are limited to one.
    player = build_player(
        "trait_test",
        [list(COMPLETE), list(COMPLETE)],
        hand=("trait_test.unique_hero",),
        palace=("trait_test.plain_captain",),
    )
    state, _ = engine.apply(_position(player), PlayAbility(player=0, card="trait_test.unique_hero"))
    assert state.players[0].palace == ("trait_test.plain_captain", "trait_test.unique_hero")


def test_a_loyal_troop_needs_no_complete_territory() -> None:
    # 004 traits: "Loyal. Applies only to Special Troops. This troops do not require a complete Territory with
    # 3 Bases to maintain them."
    player = build_player("trait_test", [[("li_base", 1)]], hand=("trait_test.loyal_guard",))
    state, events = engine.apply(_position(player), PlayAbility(player=0, card="trait_test.loyal_guard"))
    assert state.players[0].palace == ("trait_test.loyal_guard",)
    assert not any(isinstance(e, Destroyed) for e in events)


def test_a_special_troop_without_loyal_needs_a_complete_territory() -> None:
    # 000: a special troop needs a complete territory of three bases; without Loyal it is destroyed at once.
    player = build_player("trait_test", [[("li_base", 1)]], hand=("trait_test.plain_captain",))
    state, events = engine.apply(_position(player), PlayAbility(player=0, card="trait_test.plain_captain"))
    assert state.players[0].palace == ()
    assert [e.target_name for e in events if isinstance(e, Destroyed)] == ["Captain"]


def test_a_loyal_troop_stays_when_the_last_complete_territory_falls() -> None:
    # 004 Loyal: "do not require a complete Territory" - losing the complete territory in a battle takes
    # the Captain and leaves the Guard.
    defender = build_player(
        "trait_test", [list(COMPLETE)], palace=("trait_test.loyal_guard", "trait_test.plain_captain")
    )
    attacker = build_player("undead", [[("desecrated_grounds", 2)]])
    state = GameState(players=(attacker, defender), phase="main", turn=3)
    state, _ = engine.apply(state, DeclareAttack(player=0, origin=0, target=0))
    state, _ = engine.apply(state, Pass(player=0))
    state, _ = engine.apply(state, Pass(player=1))
    # No defending troop: the Undead's 6 regular damage waits for the unmanned bases.
    state, _ = engine.apply(state, allocate(1, {"p0/t0/s0/0": 3, "p0/t0/s0/1": 3}))
    state, events = engine.apply(state, allocate(0, {"p1/t0/s2": 4, "p1/t0/s1": 2}))
    assert state.players[1].territories[0][2] is None
    assert state.players[1].palace == ("trait_test.loyal_guard",)
    assert [e.target_name for e in events if isinstance(e, Destroyed) and e.player == 1] == ["Captain"]
