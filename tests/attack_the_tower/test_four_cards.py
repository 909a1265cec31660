"""Scenario tests for Vrykolaka, Templar, Kaiju and Ninja, and for troops that carry their own power.

Card texts are quoted from ../shared/reference/attack-the-tower-cards.md ("cards.md" below); each
reading of an ambiguous text is the card's `reading` in the army data, and the other reading a `Rules` field.
"""

from __future__ import annotations

import pytest

from rules.attack_the_tower import editing, engine, schema
from rules.attack_the_tower.actions import DeclareAttack, EndTurn, Pass, PlayAbility, allocate
from rules.attack_the_tower.editing import from_share_code, share_code
from rules.attack_the_tower.engine import combat
from rules.attack_the_tower.events import AbilityDamage, DamageDealt, Destroyed
from rules.attack_the_tower.examples import build_player
from rules.attack_the_tower.game import POSITION
from rules.attack_the_tower.model import Base, GameState, Player
from rules.attack_the_tower.variants import Rules
from rules.core.errors import IllegalAction, IllegalPosition
from rules.core.events import Event
from rules.core.records import json_data


def position(p0: Player, p1: Player, *, rules: Rules | None = None) -> GameState:
    return GameState(rules=rules or Rules(), players=(p0, p1), phase="main", turn=6)


def to_combat(state: GameState, origin: int, target: int) -> tuple[GameState, tuple[Event, ...]]:
    """Declare the attack and let both players pass the ability window."""
    state, declared = engine.apply(state, DeclareAttack(player=state.attacker, origin=origin, target=target))
    state, first = engine.apply(state, Pass(player=state.attacker))
    state, second = engine.apply(state, Pass(player=state.defender))
    return state, declared + first + second


def step(
    state: GameState, attacker: dict[str, int] | None, defender: dict[str, int] | None
) -> tuple[GameState, tuple[Event, ...]]:
    """Hand in both allocations of a combat step (None: that side has nothing to decide)."""
    events: tuple[Event, ...] = ()
    for side, wanted in ((state.attacker, attacker), (state.defender, defender)):
        if wanted is not None:
            state, more = engine.apply(state, allocate(side, wanted))
            events += more
    return state, events


def troops(state: GameState, player: int, territory: int) -> list[int | None]:
    return [None if b is None else b.troops for b in state.players[player].territories[territory]]


def bandits(slots: list[list[tuple[str, int] | None]]) -> Player:
    return build_player("bandits", slots)


# ---- Vrykolaka -----------------------------------------------------------------------------------------
def _vrykolaka_battle(rules: Rules | None = None) -> GameState:
    """Two vrykolakas and a zombie attack two heavy infantry, one light infantry and one cavalry."""
    undead = build_player("undead", [[("desecrated_grounds", 2), ("graveyard", 1)]], in_play=("undead.vrykolaka",))
    enemy = bandits([[("heavy_infantry_base", 2), ("light_infantry_base", 1), ("cavalry_base", 1)]])
    state, _ = to_combat(position(undead, enemy, rules=rules), 0, 0)
    return state


def test_vrykolaka_destroys_one_enemy_troop_per_vrykolaka_that_inflicts_damage() -> None:
    # cards.md Vrykolaka: "Destroy one enemy troop for each vrykolaka that inflicts damage in combat."
    state = _vrykolaka_battle()
    # Regular damage: 3 + 3 + 1 = 7, of which 5 kill both heavy infantry and the light infantry; the
    # defenders kill both vrykolakas in the same step.
    state, events = step(
        state,
        {"p1/t0/s0/0": 2, "p1/t0/s0/1": 2, "p1/t0/s1/0": 1},
        {"p0/t0/s0/0": 3, "p0/t0/s0/1": 3},
    )
    destroyed = [e for e in events if isinstance(e, Destroyed) and "vrykolaka" in e.reason.lower()]
    # Both vrykolakas fought in the regular step (killed at the same time, they still dealt damage): up to
    # two enemy troops are destroyed, and only the cavalry was left.
    assert [e.target for e in destroyed] == ["p1/t0/s2/0"]
    assert destroyed[0].sentence() == (
        "Bandits' Bandit rider (territory 1, slot 3) is removed: destroyed by Undead's 2 Vrykolaka(s) "
        "that inflicted damage."
    )
    # With every defending troop dead, the 2 points left go to the unmanned bases.
    assert state.battle is not None and state.battle.stage == "unmanned"


def test_vrykolaka_surviving_reading_counts_only_surviving_vrykolakas() -> None:
    # Rules.vrykolaka_counts='surviving': vrykolakas killed in the regular step inflict no kill.
    state = _vrykolaka_battle(Rules(vrykolaka_counts="surviving"))
    state, events = step(
        state,
        {"p1/t0/s0/0": 2, "p1/t0/s0/1": 2, "p1/t0/s1/0": 1},
        {"p0/t0/s0/0": 3, "p0/t0/s0/1": 3},
    )
    assert not [e for e in events if isinstance(e, Destroyed) and "vrykolaka" in e.reason.lower()]


def test_vrykolaka_takes_the_strongest_enemy_troops_first() -> None:
    # cards.md Vrykolaka: one enemy troop per vrykolaka; the reading destroys the strongest first.
    undead = build_player("undead", [[("desecrated_grounds", 1)]], in_play=("undead.vrykolaka",))
    enemy = bandits([[("light_infantry_base", 2), ("cavalry_base", 1)]])
    state, _ = to_combat(position(undead, enemy), 0, 0)
    state, events = step(state, {"p1/t0/s0/0": 1}, {"p0/t0/s0/0": 3})
    destroyed = [e.target for e in events if isinstance(e, Destroyed) and "vrykolaka" in e.reason.lower()]
    assert destroyed == ["p1/t0/s1/0"]
    assert troops(state, 1, 0) == [1, 0, None]


def test_without_the_card_vrykolakas_destroy_nothing_extra() -> None:
    # The effect comes from the ability in play, not from the troops.
    undead = build_player("undead", [[("desecrated_grounds", 1)]])
    enemy = bandits([[("light_infantry_base", 2), ("cavalry_base", 1)]])
    state, _ = to_combat(position(undead, enemy), 0, 0)
    state, _ = step(state, {"p1/t0/s0/0": 1}, {"p0/t0/s0/0": 3})
    assert troops(state, 1, 0) == [1, 1, None]


# ---- Templar -------------------------------------------------------------------------------------------
def _templar_battle(rules: Rules | None = None) -> tuple[GameState, tuple[object, ...]]:
    westerners = build_player("westerners", [[("commandery", 2)]], in_play=("westerners.templar",))
    enemy = bandits([[("light_infantry_base", 1), ("heavy_infantry_base", 1), ("cavalry_base", 1)]])
    return to_combat(position(westerners, enemy, rules=rules), 0, 0)


def test_templars_cause_one_point_to_each_enemy_infantry_as_combat_begins() -> None:
    # cards.md Templar: "During combat, allied templars cause 1 point of damage to enemy infantries."
    state, events = _templar_battle()
    hits = {e.target: (e.amount, e.destroyed) for e in events if isinstance(e, AbilityDamage)}
    # The light infantry (power 1) dies; the heavy infantry (power 2) keeps 1; the cavalry is not infantry.
    assert hits == {"p1/t0/s0/0": (1, True), "p1/t0/s1/0": (1, False)}
    assert [e.sentence() for e in events if isinstance(e, AbilityDamage)] == [
        "Westerners' 2 Templar(s) cause 1 damage to Bandits' Bandit (territory 1, slot 1), destroying it.",
        "Westerners' 2 Templar(s) cause 1 damage to Bandits' Bandit brute (territory 1, slot 2) "
        "(1 of the 2 needed to destroy it).",
    ]
    assert state.battle is not None
    assert dict(state.battle.damage) == {"p1/t0/s0/0": 1, "p1/t0/s1/0": 1}
    # The light infantry killed before regular combat deals no regular damage: 2 + 3 + 12 (three bases).
    pool = combat.current_pool(state, 1)
    assert pool.total == 2 + 3 + 12


def test_templars_per_templar_reading_deals_a_point_per_templar() -> None:
    # Rules.templar_damage='per_templar': two templars cause 2 points to each enemy infantry.
    _, events = _templar_battle(Rules(templar_damage="per_templar"))
    hits = {e.target: (e.amount, e.destroyed) for e in events if isinstance(e, AbilityDamage)}
    assert hits == {"p1/t0/s0/0": (2, True), "p1/t0/s1/0": (2, True)}


# ---- Kaiju ---------------------------------------------------------------------------------------------
def _kaiju_position(rules: Rules | None = None) -> GameState:
    easterners = build_player(
        "easterners",
        [[("island", 2)], [("island", 1)], [("island", 2), ("monastery", 1)]],
        hand=("easterners.kaiju",),
    )
    enemy = bandits([[("light_infantry_base", 1)], [("cavalry_base", 2), ("shooter_base", 0)], [("siege_base", 0)]])
    return position(easterners, enemy, rules=rules)


def test_kaiju_sacrifices_one_per_island_then_destroys_a_base_per_territory_with_kaijus() -> None:
    # cards.md Kaiju: "Sacrifice one Kaiju on each allied island. For each territory where you still have
    # kaijus, destroy one base."
    state = _kaiju_position()
    choices = [a.targets for a in engine.legal_actions(state) if isinstance(a, PlayAbility)]
    # Kaijus remain in territories 1 and 3 (2 - 1 each); territory 2's only kaiju is sacrificed: 2 bases.
    assert choices and all(len(c) == 2 for c in choices)
    state, events = engine.apply(
        state, PlayAbility(player=0, card="easterners.kaiju", targets=("p1/t1/s0", "p1/t0/s0"))
    )
    assert troops(state, 0, 0) == [1, None, None]
    assert troops(state, 0, 1) == [0, None, None]
    assert troops(state, 0, 2) == [1, 1, None]
    assert troops(state, 1, 0) == [None, None, None]
    assert troops(state, 1, 1) == [None, 0, None]
    assert "bandits.cavalry_base" in state.players[1].base_discard
    assert [e.sentence() for e in events if isinstance(e, Destroyed)] == [
        "Easterners' Kaiju (territory 1, slot 1) is removed: sacrificed on its Island.",
        "Easterners' Kaiju (territory 2, slot 1) is removed: sacrificed on its Island.",
        "Easterners' Kaiju (territory 3, slot 1) is removed: sacrificed on its Island.",
        "Bandits' Bandit light-infantry base (territory 1, slot 1) is removed: destroyed by Easterners' kaijus, "
        "with its 1 troop(s).",
        "Bandits' Bandit cavalry base (territory 2, slot 1) is removed: destroyed by Easterners' kaijus, "
        "with its 2 troop(s).",
    ]


def test_kaiju_refuses_a_wrong_number_of_bases() -> None:
    # cards.md Kaiju: one base "for each territory where you still have kaijus".
    with pytest.raises(IllegalAction, match="choose 2 enemy base"):
        engine.apply(_kaiju_position(), PlayAbility(player=0, card="easterners.kaiju", targets=("p1/t0/s0",)))


def test_kaiju_same_territory_reading_takes_bases_facing_the_kaijus() -> None:
    # Rules.kaiju_bases='same_territory': the base comes from the enemy territory of the same number.
    state = _kaiju_position(Rules(kaiju_bases="same_territory"))
    choices = sorted(a.targets for a in engine.legal_actions(state) if isinstance(a, PlayAbility))
    assert choices == [("p1/t0/s0", "p1/t2/s0")]
    with pytest.raises(IllegalAction):
        engine.apply(state, PlayAbility(player=0, card="easterners.kaiju", targets=("p1/t0/s0", "p1/t1/s0")))


# ---- Ninja and troops with their own power ---------------------------------------------------------------
def test_a_kaiju_breaking_the_attackers_complete_territory_mid_battle_removes_its_special_troop() -> None:
    # 000: "if you fail to meet this requisite, the special troop is immediately destroyed" - here in the
    # ability window of a battle the special troop joined: the battle goes on without it.
    undead = build_player(
        "undead", [[], [], [("graveyard", 0), ("graveyard", 0), ("graveyard", 0)]], palace=("undead.ghost",)
    )
    easterners = build_player("easterners", [[], [None, ("island", 2)]], hand=("easterners.kaiju",))
    state = position(undead, easterners)
    state, _ = engine.apply(state, DeclareAttack(player=0, origin=2, target=0, specials=(0,)))
    state, _ = engine.apply(state, Pass(player=0))
    state, events = engine.apply(state, PlayAbility(player=1, card="easterners.kaiju", targets=("p0/t2/s0",)))
    assert "Undead's Ghost is removed: only 0 complete territories maintain special troops." in [
        e.sentence() for e in events
    ]
    assert state.battle is not None and state.battle.specials == ()
    assert POSITION.validate(json_data(state)) == state  # still a legal position
    state, _ = engine.apply(state, Pass(player=1))
    state, _ = engine.apply(state, Pass(player=0))
    assert state.battle is None and state.phase == "main"


def test_a_kyudoka_spares_the_kaijus_of_its_territory_from_the_kaijus_sacrifice() -> None:
    # cards.md Kyudoka: "Troops in the same territory as allied Kyudokas may be spared from sacrifice, even if other
    # abilities demand it." Kaiju: "Sacrifice one Kaiju on each allied island. For each territory where you still
    # have kaijus, destroy one base." The island beside a Dojo keeps its kaiju, so that territory destroys a base.
    easterners = build_player(
        "easterners",
        [[("island", 1), ("dojo", 1)], [("island", 1)]],
        hand=("easterners.kaiju",),
        in_play=("easterners.kyudoka",),
    )
    undead = build_player("undead", [[("graveyard", 1)], [("crypt", 1)]])
    state = position(easterners, undead)
    choices = [a.targets for a in engine.legal_actions(state) if isinstance(a, PlayAbility)]
    assert choices and all(len(c) == 1 for c in choices)  # one territory keeps its kaiju: one base to destroy
    after, events = engine.apply(state, PlayAbility(player=0, card="easterners.kaiju", targets=choices[0]))
    said = [e.sentence() for e in events]
    assert "Easterners' kaijus in territory 1 are spared from sacrifice by its Kyudokas." in said
    kaijus = [
        b.troops if b is not None else None
        for b in (after.players[0].territories[0][0], after.players[0].territories[1][0])
    ]
    assert kaijus == [1, 0]


def _ninja_position(rules: Rules | None = None) -> GameState:
    easterners = build_player("easterners", [[("monastery", 2)]], hand=("easterners.ninja",))
    return position(easterners, bandits([[("heavy_infantry_base", 2)]]), rules=rules)


def test_ninja_raises_one_chosen_troop_by_three() -> None:
    # cards.md Ninja: "Choose an allied troop. It becomes a Ninja and its power is raised by 3."
    state = _ninja_position()
    choices = [a.targets for a in engine.legal_actions(state) if isinstance(a, PlayAbility)]
    assert choices == [("p0/t0/s0/0",)]
    state, events = engine.apply(state, PlayAbility(player=0, card="easterners.ninja", targets=("p0/t0/s0/1",)))
    assert events[-1].sentence() == (
        "Easterners make a Monk (territory 1, slot 1) a Ninja: its power is raised by 3 (it now carries +3)."
    )
    base = state.players[0].territories[0][0]
    assert base is not None and base.raised == (3,)
    state, _ = to_combat(state, 0, 0)
    attackers, _ = combat.battle_units(state)
    assert {u.key: (u.deals, u.toughness) for u in attackers} == {"p0/t0/s0/0": (4, 4), "p0/t0/s0/1": (1, 1)}


def test_a_ninja_weakened_by_the_lich_deals_and_needs_the_same_power() -> None:
    # 004: Power "defines both how much damage they cause in combat and how much damage it is needed to destroy
    # them"; a Monk (power 1) lowered by the Lich's -1 and raised by 3 is a power-3 Ninja: it deals 3 and 3 destroy
    # it (the minimum toughness holds only for a power that ends at 0).
    easterners = build_player("easterners", [[("monastery", 1)]])
    ninja = Base(card="easterners.monastery", troops=1, raised=(3,))
    easterners = easterners.replace(territories=((ninja, None, None), *easterners.territories[1:]))
    undead = build_player("undead", [[("desecrated_grounds", 1)]], in_play=("undead.lich",))
    state, _ = to_combat(position(undead, easterners), 0, 0)
    _, defenders = combat.battle_units(state)
    assert {u.key: (u.name, u.deals, u.toughness) for u in defenders if u.kind == "troop"} == {
        "p1/t0/s0/0": ("Ninja", 3, 3)
    }


def test_the_raised_troop_is_called_a_ninja_in_battle() -> None:
    # cards.md Ninja: "Choose an allied troop. It becomes a Ninja and its power is raised by 3." - a Ninja,
    # not a "Monk raised by 3".
    state, _ = engine.apply(_ninja_position(), PlayAbility(player=0, card="easterners.ninja", targets=("p0/t0/s0/0",)))
    state, _ = to_combat(state, 0, 0)
    attackers, _ = combat.battle_units(state)
    assert {u.key: u.name for u in attackers} == {"p0/t0/s0/0": "Ninja", "p0/t0/s0/1": "Monk"}
    _, events = step(state, {"p1/t0/s0/0": 2, "p1/t0/s0/1": 2}, {"p0/t0/s0/0": 4})
    dealt = [e.sentence() for e in events if isinstance(e, DamageDealt) and e.target == "p0/t0/s0/0"]
    assert dealt == ["Bandits deal 4 regular damage to Easterners' Ninja (territory 1, slot 1), destroying it."]


def test_a_ninja_keeps_its_power_after_the_turn_and_loses_it_when_destroyed() -> None:
    # cards.md Ninja: "It becomes a Ninja" - the default reading keeps the raise while the troop lives.
    state, _ = engine.apply(_ninja_position(), PlayAbility(player=0, card="easterners.ninja", targets=("p0/t0/s0/0",)))
    after_turn, _ = engine.apply(state, EndTurn(player=0))
    assert after_turn.players[0].territories[0][0] == Base(card="easterners.monastery", troops=2, raised=(3,))
    state, _ = to_combat(state, 0, 0)
    state, _ = step(state, {"p1/t0/s0/0": 2, "p1/t0/s0/1": 2}, {"p0/t0/s0/0": 4})
    state, _ = step(state, {"p1/t0/s0": 1}, None)  # the point left goes to an unmanned base
    assert state.phase == "main"
    assert state.players[0].territories[0][0] == Base(card="easterners.monastery", troops=1, raised=())


def test_a_ninja_this_turn_reading_ends_with_the_turn() -> None:
    # Rules.raised_troop_lasts='this_turn': the raise ends with the turn, like other abilities in play.
    state, _ = engine.apply(
        _ninja_position(Rules(raised_troop_lasts="this_turn")),
        PlayAbility(player=0, card="easterners.ninja", targets=("p0/t0/s0/0",)),
    )
    state, _ = engine.apply(state, EndTurn(player=0))
    assert state.players[0].territories[0][0] == Base(card="easterners.monastery", troops=2)


def test_a_raised_troop_travels_in_json_and_share_codes() -> None:
    state, _ = engine.apply(_ninja_position(), PlayAbility(player=0, card="easterners.ninja", targets=("p0/t0/s0/0",)))
    assert POSITION.parse(POSITION.text(state)) == state
    assert from_share_code(share_code(state)) == state


def test_a_base_read_from_outside_cannot_carry_more_raises_than_troops() -> None:
    with pytest.raises(ValueError, match="raised troops"):
        schema.Base(card="easterners.monastery", troops=1, raised=(3, 3))


def test_ninja_refuses_a_troop_that_is_not_on_the_board() -> None:
    with pytest.raises(IllegalAction, match="choose one of your troops"):
        engine.apply(_ninja_position(), PlayAbility(player=0, card="easterners.ninja", targets=("p0/t1/s0/0",)))


def test_the_editor_sets_raised_troops_and_keeps_them_when_troops_change() -> None:
    state = editing.set_raised(_ninja_position(), 0, 0, 0, (3,))
    assert state.players[0].territories[0][0] == Base(card="easterners.monastery", troops=2, raised=(3,))
    state = editing.set_troops(state, 0, 0, 0, 1)
    assert state.players[0].territories[0][0] == Base(card="easterners.monastery", troops=1, raised=(3,))
    with pytest.raises(IllegalPosition, match="can raise at most"):
        editing.set_raised(state, 0, 0, 0, (3, 3))
