"""Scenario tests for troop types, traits, special troops and the abilities of the four catalog.

Seeds: 004 is the manual (../shared/seeds/004_b630b22d9110621e.txt), 000 the Undead edition and 001
the Bandits edition. Ability texts not in the seeds are quoted from
../shared/reference/attack-the-tower-cards.md ("cards.md" below).
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from rules.attack_the_tower import catalog, engine, model
from rules.attack_the_tower.actions import DeclareAttack, EndTurn, Pass, PlayAbility, Renew, allocate
from rules.attack_the_tower.cards import SpecialTroopSpec
from rules.attack_the_tower.engine import abilities, battle_end, combat, turn
from rules.attack_the_tower.events import DamagePool, Destroyed, Recruited, Said
from rules.attack_the_tower.examples import build_player
from rules.attack_the_tower.game import POSITION
from rules.attack_the_tower.model import GameState, Player
from rules.attack_the_tower.variants import Rules
from rules.core.events import Event
from rules.core.records import json_data

Slots = list[list[tuple[str, int] | None]]
Stats = dict[str, tuple[int, int, frozenset[str]]]


# ---- helpers -----------------------------------------------------------------------------------------
def position(
    p0: Player, p1: Player, *, phase: str = "main", attacker: int = 0, rules: Rules | None = None
) -> GameState:
    return POSITION.validate(
        {
            "rules": rules or Rules(),
            "players": (p0, p1),
            "phase": phase,
            "attacker": attacker,
            "actor": attacker,
            "turn": 6,
        }
    )


def declare(state: GameState, origin: int, target: int, specials: tuple[int, ...] = ()) -> GameState:
    state, _ = engine.apply(
        state, DeclareAttack(player=state.attacker, origin=origin, target=target, specials=specials)
    )
    return state


def to_combat(
    state: GameState, origin: int, target: int, specials: tuple[int, ...] = ()
) -> tuple[GameState, tuple[Event, ...]]:
    state = declare(state, origin, target, specials)
    state, first = engine.apply(state, Pass(player=state.attacker))
    state, second = engine.apply(state, Pass(player=state.defender))
    return state, first + second


def step(
    state: GameState, attacker: dict[str, int] | None, defender: dict[str, int] | None
) -> tuple[GameState, tuple[Event, ...]]:
    """Hand in the given allocations (None: that side has nothing to decide in this step)."""
    given = ((state.attacker, attacker), (state.defender, defender))
    for side, wanted in given:
        if wanted is None:
            assert engine.allocation_request(state, side) is None, f"player {side} has damage to distribute"
    events: tuple[Event, ...] = ()
    for side, wanted in given:
        if wanted is not None:
            state, more = engine.apply(state, allocate(side, wanted))
            events += more
    return state, events


def stats(state: GameState, origin: int, target: int, specials: tuple[int, ...] = ()) -> tuple[Stats, Stats]:
    """(damage dealt, damage needed to destroy, traits) of every unit, attackers and defenders."""
    state = declare(state, origin, target, specials)
    attackers, defenders = combat.battle_units(state)

    def table(units: Sequence[combat.Unit]) -> Stats:
        return {u.key: (u.deals, u.toughness, u.traits) for u in units}

    return table(attackers), table(defenders)


def pools(events: Sequence[Event], stage: str) -> dict[int, int]:
    return {e.player: e.amount for e in events if isinstance(e, DamagePool) and e.stage == stage}


def troops(state: GameState, player: int, territory: int) -> list[int | None]:
    return [None if b is None else b.troops for b in state.players[player].territories[territory]]


def bandits(slots: Slots | None = None) -> Player:
    return build_player("bandits", slots if slots is not None else [[("light_infantry_base", 1)]])


NONE: frozenset[str] = frozenset()


# ---- troop types and traits --------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("army", "base", "power", "traits"),
    [
        ("undead", "graveyard", 1, NONE),
        ("undead", "crypt", 1, frozenset({"initiative"})),
        ("undead", "mansion", 2, NONE),
        ("undead", "desecrated_grounds", 3, NONE),
        ("undead", "workshop", 4, frozenset({"artillery"})),
        ("bandits", "light_infantry_base", 1, NONE),
        ("bandits", "shooter_base", 1, frozenset({"initiative"})),
        ("bandits", "heavy_infantry_base", 2, NONE),
        ("bandits", "cavalry_base", 3, NONE),
        ("bandits", "siege_base", 4, frozenset({"artillery"})),
    ],
)
def test_troop_types_have_their_printed_power_and_traits(
    army: str, base: str, power: int, traits: frozenset[str]
) -> None:
    # 004 troops: "light infantry have power 1", "shooters have power 1 and 'initiative' trait",
    # "heavy infantry have power 2", "cavalry have power 3",
    # "siege weapons have poer 4 and 'artillery' trait";
    # "Power level that defines both how much damage they cause in combat and how much damage it is needed
    # to destroy them"; "The Type of the Base ... defines the Type of Troops it recruits"
    other = "bandits" if army == "undead" else "undead"
    other_base = "light_infantry_base" if other == "bandits" else "graveyard"
    state = position(build_player(army, [[(base, 1)]]), build_player(other, [[(other_base, 1)]]))
    attackers, defenders = stats(state, 0, 0)
    assert attackers == {"p0/t0/s0/0": (power, power, traits)}
    # bases: "all Bases have Power 4"
    assert defenders["p1/t0/s0"] == (4, 4, NONE)


def test_powers_are_rules_numbers() -> None:
    # 004 troops: "cavalry have power 3" - a named number of the rules config (variants.Rules)
    state = position(
        build_player("undead", [[("desecrated_grounds", 1)]]),
        bandits(),
        rules=Rules(cavalry_power=5, base_power=6),
    )
    attackers, defenders = stats(state, 0, 0)
    assert attackers["p0/t0/s0/0"][:2] == (5, 5)
    assert defenders["p1/t0/s0"][:2] == (6, 6)


# ---- special troops ----------------------------------------------------------------------------------
def test_a_special_ability_recruits_its_troop_on_the_palace() -> None:
    # 000 abilities: "SPECIAL ABILITIES ARE DIFFERENT THEY RECRUIT SPECIAL TROOPS ON THE PALACE, AND YOU USE
    # THE VERY CARD AS THE COUNTER FOR THAT TROOP"; Ghost (000, cards.md): "Recruit a ghost on your palace, it
    # has power 2"
    undead = build_player(
        "undead", [[("graveyard", 0), ("crypt", 0), ("mansion", 0)]], hand=("undead.ghost", "undead.ghost")
    )
    state = position(undead, bandits())
    state, events = engine.apply(state, PlayAbility(player=0, card="undead.ghost"))
    p = state.players[0]
    assert p.palace == ("undead.ghost",)
    assert p.in_play == ()
    assert p.hand == ("undead.ghost",)
    assert [(e.rule, e.text) for e in events if isinstance(e, Said)] == [
        ("abilities.special", "Undead recruit a Ghost (power 2) on the palace.")
    ]
    # 000: "FOR EACH SPECIAL TROOP ON YOUR PALACE, YOU'LL HAVE TO CONTROL A COMPLETE TERRITORY WITH THREE
    # BASES TO MAINTAIN IT. IF YOU FAIL TO MEET THIS REQUISITE, THE SPECIAL TROOP IS IMMEDIATELY DESTROYED"
    state, events = engine.apply(state, PlayAbility(player=0, card="undead.ghost"))
    p = state.players[0]
    assert p.palace == ("undead.ghost",)
    assert p.ability_discard == ("undead.ghost",)
    destroyed = [e for e in events if isinstance(e, Destroyed)]
    assert [(e.rule, e.target_name) for e in destroyed] == [("abilities.special", "Ghost")]


def test_a_special_troop_without_a_complete_territory_is_destroyed_at_once() -> None:
    # 000 abilities: "FOR EACH SPECIAL TROOP ON YOUR PALACE, YOU'LL HAVE TO CONTROL A COMPLETE TERRITORY WITH
    # THREE BASES TO MAINTAIN IT. IF YOU FAIL TO MEET THIS REQUISITE, THE SPECIAL TROOP IS IMMEDIATELY
    # DESTROYED"
    undead = build_player(
        "undead",
        [[("graveyard", 0), ("crypt", 0)], [("mansion", 0)], [("workshop", 0)]],
        hand=("undead.ghost",),
    )
    state = position(undead, bandits())
    state, events = engine.apply(state, PlayAbility(player=0, card="undead.ghost"))
    assert state.players[0].palace == ()
    assert state.players[0].ability_discard == ("undead.ghost",)
    assert [e.rule for e in events if isinstance(e, Destroyed)] == ["abilities.special"]


def test_two_special_troops_need_two_complete_territories() -> None:
    # 000 abilities: "FOR EACH SPECIAL TROOP ON YOUR PALACE, YOU'LL HAVE TO CONTROL A COMPLETE TERRITORY"
    undead = build_player(
        "undead",
        [[("graveyard", 0), ("crypt", 0), ("mansion", 0)], [("graveyard", 0), ("crypt", 0), ("mansion", 0)]],
        palace=("undead.ghost",),
        hand=("undead.ghost",),
    )
    state = position(undead, bandits())
    state, events = engine.apply(state, PlayAbility(player=0, card="undead.ghost"))
    assert state.players[0].palace == ("undead.ghost", "undead.ghost")
    assert not any(isinstance(e, Destroyed) for e in events)


def test_losing_a_complete_territory_destroys_the_special_troop() -> None:
    # 000 abilities: "IF YOU FAIL TO MEET THIS REQUISITE, THE SPECIAL TROOP IS IMMEDIATELY DESTROYED"
    attacker = build_player("bandits", [[("cavalry_base", 2), ("cavalry_base", 2)]])
    undead = build_player("undead", [[("graveyard", 0), ("crypt", 0), ("mansion", 0)]], palace=("undead.ghost",))
    state = position(attacker, undead)
    state, _ = to_combat(state, 0, 0)
    state, _ = step(state, None, {})
    state, events = step(state, {"p1/t0/s0": 4, "p1/t0/s1": 4, "p1/t0/s2": 4}, None)
    # every base fell, so the survivors go on against the palace; the ghost is gone before that battle
    assert state.players[1].palace == ()
    assert state.players[1].ability_discard == ("undead.ghost",)
    assert state.players[1].returning == ()
    assert "abilities.special" in [e.rule for e in events if isinstance(e, Destroyed)]


def test_loyal_special_troops_need_no_complete_territory(monkeypatch: pytest.MonkeyPatch) -> None:
    # 004 traits: "Loyal. Applies only to Special Troops. This troops do not require a complete Territory with
    # 3 Bases to maintain them." No special ability in the data is loyal, so this test gives the Ghost the
    # trait for its duration.
    ghost = catalog.ability_card("undead.ghost")
    assert ghost.special_troop is not None
    loyal = ghost.model_copy(
        update={
            "special_troop": SpecialTroopSpec(name="Ghost", power=2, traits=("loyal",), returns_at_end_of_turn=True)
        }
    )
    real = catalog.ability_card

    def patched(card_id: str) -> object:
        return loyal if card_id == "undead.ghost" else real(card_id)

    for step in (abilities, battle_end, turn):  # the engine's modules that read ability cards
        monkeypatch.setattr(step, "ability_card", patched)
    monkeypatch.setattr(model, "ability_card", patched)
    undead = build_player("undead", [[("graveyard", 0)]], hand=("undead.ghost",))
    state = position(undead, bandits())
    state, events = engine.apply(state, PlayAbility(player=0, card="undead.ghost"))
    assert state.players[0].palace == ("undead.ghost",)
    assert not any(isinstance(e, Destroyed) for e in events)
    # and a position holding it is legal
    POSITION.validate(json_data(state))


def test_special_troops_may_attack() -> None:
    # 000 abilities: "SPECIAL TROOPS MAY BE USED IN COMBAT NORMALLY, EVEN FOR ATTACKING"
    undead = build_player("undead", [[("graveyard", 1), ("crypt", 0), ("mansion", 0)]], palace=("undead.ghost",))
    state = position(undead, bandits())
    origins = {
        (a.origin, a.specials) for a in engine.legal_actions(state) if isinstance(a, DeclareAttack) and a.target == 0
    }
    assert origins == {(0, ()), (0, (0,)), (1, (0,)), (2, (0,))}
    attackers, _ = stats(state, 0, 0, (0,))
    assert attackers == {"p0/t0/s0/0": (1, 1, NONE), "p0/palace/0": (2, 2, NONE)}


def test_a_defeated_ghost_returns_at_the_end_of_the_turn() -> None:
    # 000 Ghost: "IT HAS POWER 2. IF DEFEATED, IT IS RECRUITED AGAIN BY THE END OF THE TURN."
    undead = build_player("undead", [[("graveyard", 1), ("crypt", 0), ("mansion", 0)]], palace=("undead.ghost",))
    state = position(undead, bandits())
    state, events = to_combat(state, 0, 0, (0,))
    assert pools(events, "regular") == {0: 1 + 2, 1: 1 + 4}
    state, _ = step(state, {"p1/t0/s0/0": 1}, {"p0/palace/0": 2})
    state, _ = step(state, {"p1/t0/s0": 2}, None)
    assert state.phase == "main"
    p = state.players[0]
    assert (p.palace, p.returning) == ((), ("undead.ghost",))
    assert "undead.ghost" not in p.ability_discard
    state, events = engine.apply(state, EndTurn(player=0))
    p = state.players[0]
    assert (p.palace, p.returning) == (("undead.ghost",), ())
    assert "Undead's Ghost is recruited again at the end of the turn." in [
        e.text for e in events if isinstance(e, Said)
    ]


def test_special_abilities_are_not_discarded_at_the_end_of_the_turn() -> None:
    # 000 abilities: "SPECIAL ABILITIES ARE NOT DISCARDED AT THE END OF THE TURN, BUT ONLY WHEN THE TROOP IT
    # REPRESENTS IS DESTROYED"
    undead = build_player("undead", [[("graveyard", 0), ("crypt", 0), ("mansion", 0)]], palace=("undead.ghost",))
    state = position(undead, bandits())
    state, _ = engine.apply(state, EndTurn(player=0))
    assert state.players[0].palace == ("undead.ghost",)
    assert state.players[0].ability_discard == ()


# ---- abilities in play -------------------------------------------------------------------------------
def test_an_ability_stays_in_play_until_the_turn_ends() -> None:
    # 000 abilities: "ONCE PLAYED AN ABILITY REMAINS ON THE FIELD UNTIL THE TURN ENDS, AND IS THEN DISCARDED"
    undead = build_player("undead", [[("graveyard", 1)], [("mansion", 1)]], hand=("undead.lich",))
    state = position(undead, bandits([[("heavy_infantry_base", 2)]]))
    state, _ = engine.apply(state, PlayAbility(player=0, card="undead.lich"))
    assert state.players[0].in_play == ("undead.lich",)
    # the first battle of the turn: the brutes have power 1
    _, defenders = stats(state, 0, 0)
    assert defenders["p1/t0/s0/0"][:2] == (1, 1)
    state, _ = to_combat(state, 0, 0)
    state, _ = step(state, {"p1/t0/s0/0": 1}, {})
    assert state.players[0].in_play == ("undead.lich",)
    # a second battle in the same turn: still in play
    _, defenders = stats(state, 1, 0)
    assert defenders["p1/t0/s0/0"][:2] == (1, 1)
    state, _ = engine.apply(state, EndTurn(player=0))
    assert state.players[0].in_play == ()
    assert state.players[0].ability_discard == ("undead.lich",)


def test_lich_lowers_the_power_of_enemy_troops() -> None:
    # 000 Lich: "... DROPS BY 1, THANKS TO THE LICH."; cards.md: "The Power of enemy troops drop by one"
    undead = build_player("undead", [[("mansion", 1), ("crypt", 1)]], in_play=("undead.lich",))
    defender = bandits([[("light_infantry_base", 1), ("heavy_infantry_base", 1), ("cavalry_base", 1)]])
    state = position(undead, defender)
    attackers, defenders = stats(state, 0, 0)
    # allied troops keep their power
    assert attackers == {"p0/t0/s0/0": (2, 2, NONE), "p0/t0/s1/0": (1, 1, frozenset({"initiative"}))}
    assert defenders["p1/t0/s1/0"][:2] == (1, 1)
    assert defenders["p1/t0/s2/0"][:2] == (2, 2)
    # a power-1 bandit drops to 0: it deals nothing (still takes 1 damage to destroy: minimum_toughness)
    assert defenders["p1/t0/s0/0"][:2] == (0, 1)
    # bases are not troops: still 4
    assert defenders["p1/t0/s0"][:2] == (4, 4)
    _, events = to_combat(state, 0, 0)
    assert pools(events, "initiative") == {0: 1, 1: 0}
    state, _ = to_combat(state, 0, 0)
    state, events = step(state, {"p1/t0/s1/0": 1}, None)
    assert pools(events, "regular") == {0: 2, 1: 0 + 2 + 12}


def test_the_lich_is_named_on_every_troop_it_weakens() -> None:
    # cards.md Lich: "The Power of enemy troops drop by one, thanks to the lich." - the board marks each troop
    # the Lich weakens with the card (engine.power_notes), and no allied troop.
    undead = build_player("undead", [[("mansion", 1), ("crypt", 1)]], in_play=("undead.lich",))
    defender = bandits([[("light_infantry_base", 1), ("heavy_infantry_base", 1), ("cavalry_base", 1)]])
    state = position(undead, defender)
    lich = (engine.PowerNote("Lich", "power -1"),)
    assert engine.power_notes(state, 1, "heavy_infantry", "defending") == lich
    assert engine.power_notes(state, 1, None, "defending") == lich  # a special troop is a troop too
    assert engine.power_notes(state, 0, "heavy_infantry", "attacking") == ()
    assert engine.power_notes(position(build_player("undead", [[("mansion", 1)]]), defender), 1, "cavalry", None) == ()


def test_zombie_recruits_one_zombie_on_each_graveyard() -> None:
    # cards.md Zombie: "Recruit one zombie on each allied graveyard."; 004 renewal A: bases "cannot hold more
    # than two troops"
    undead = build_player(
        "undead",
        [[("graveyard", 0), ("crypt", 0)], [("graveyard", 1)], [("graveyard", 2), ("mansion", 1)]],
        hand=("undead.zombie",),
    )
    state = position(undead, bandits())
    state, events = engine.apply(state, PlayAbility(player=0, card="undead.zombie"))
    assert troops(state, 0, 0) == [1, 0, None]
    assert troops(state, 0, 1) == [2, None, None]
    assert troops(state, 0, 2) == [2, 1, None]
    recruited = [(e.territory, e.slot, e.count, e.rule) for e in events if isinstance(e, Recruited)]
    assert recruited == [(0, 0, 1, "abilities"), (1, 0, 1, "abilities")]
    assert state.players[0].in_play == ("undead.zombie",)


def test_necromancer_fills_territories_that_hold_necromancers() -> None:
    # cards.md Necromancer: "Recruit all zombies, vampires and vrykolakas in territories that hold allied
    # necromancers."
    undead = build_player(
        "undead",
        [
            [("crypt", 1), ("graveyard", 0), ("mansion", 1)],
            [("crypt", 0), ("graveyard", 0)],
            [("desecrated_grounds", 0), ("workshop", 0), ("crypt", 2)],
        ],
        hand=("undead.necromancer",),
    )
    state = position(undead, bandits())
    state, _ = engine.apply(state, PlayAbility(player=0, card="undead.necromancer"))
    assert troops(state, 0, 0) == [1, 2, 2]
    assert troops(state, 0, 1) == [0, 0, None]  # no necromancer there
    assert troops(state, 0, 2) == [2, 0, 2]  # catapults and necromancers are not recruited


def test_vampire_recruits_a_vampire_per_enemy_troop_killed() -> None:
    # cards.md Vampire: "At the end of the turn recruit one vampire for each enemy troop killed in combat
    # against vampires."
    undead = build_player(
        "undead",
        [[("mansion", 1), ("desecrated_grounds", 1)], [("mansion", 0)], [("mansion", 1)]],
        hand=("undead.vampire",),
    )
    state = position(undead, bandits([[("light_infantry_base", 2), ("cavalry_base", 0)]]))
    state, _ = engine.apply(state, PlayAbility(player=0, card="undead.vampire"))
    state, _ = to_combat(state, 0, 0)
    state, _ = step(state, {"p1/t0/s0/0": 1, "p1/t0/s0/1": 1}, {})
    state, _ = step(state, {"p1/t0/s0": 3}, None)
    vampires_before = sum(b.troops for _, _, b in state.players[0].bases() if b.card == "undead.mansion")
    assert vampires_before == 2
    state, events = engine.apply(state, EndTurn(player=0))
    vampires_after = sum(b.troops for _, _, b in state.players[0].bases() if b.card == "undead.mansion")
    assert vampires_after == 4
    assert sum(e.count for e in events if isinstance(e, Recruited)) == 2
    assert all(b.troops <= 2 for _, _, b in state.players[0].bases())


def test_vampire_counts_only_kills_in_combat_against_vampires() -> None:
    # cards.md Vampire: "for each enemy troop killed in combat against vampires"
    undead = build_player("undead", [[("graveyard", 2)], [("mansion", 0)]], in_play=("undead.vampire",))
    state = position(undead, bandits([[("light_infantry_base", 2), ("cavalry_base", 0)]]))
    state, _ = to_combat(state, 0, 0)
    state, _ = step(state, {"p1/t0/s0/0": 1, "p1/t0/s0/1": 1}, {})
    state, events = engine.apply(state, EndTurn(player=0))
    assert not any(isinstance(e, Recruited) for e in events)
    assert troops(state, 0, 1) == [0, None, None]


# ---- Westerners --------------------------------------------------------------------------------------
def _westerners(slots: Slots, **kw: tuple[str, ...]) -> Player:
    return build_player("westerners", slots, **kw)


def test_wizard_raises_allied_power() -> None:
    # cards.md Wizard: "The Power of allied troops is raised by 1, thanks to the wizard."
    west = _westerners([[("militia_camp", 1), ("stable", 1)]], in_play=("westerners.wizard",))
    state = position(west, bandits())
    attackers, defenders = stats(state, 0, 0)
    assert attackers == {"p0/t0/s0/0": (2, 2, NONE), "p0/t0/s1/0": (3 + 1, 4, NONE)}
    assert defenders["p1/t0/s0/0"][:2] == (1, 1)


def test_militia_is_stronger_only_when_defending() -> None:
    # cards.md Militia: "The power of allied militia is raised by 1 when defending."
    west = _westerners([[("militia_camp", 1)]], in_play=("westerners.militia",))
    undead = build_player("undead", [[("graveyard", 1)]])
    attackers, _ = stats(position(west, undead), 0, 0)
    assert attackers == {"p0/t0/s0/0": (1, 1, NONE)}
    _, defenders = stats(position(undead, west), 0, 0)
    assert defenders["p1/t0/s0/0"] == (2, 2, NONE)


def test_knight_is_stronger_only_when_attacking() -> None:
    # cards.md Knight: "The power of allied knights is raised by 1 when attacking."
    west = _westerners([[("stable", 1)]], in_play=("westerners.knight",))
    undead = build_player("undead", [[("graveyard", 1)]])
    attackers, _ = stats(position(west, undead), 0, 0)
    assert attackers == {"p0/t0/s0/0": (4, 4, NONE)}
    _, defenders = stats(position(undead, west), 0, 0)
    assert defenders["p1/t0/s0/0"] == (3, 3, NONE)


def test_crossbowman_sets_shooters_to_2_and_enemies_lose_initiative() -> None:
    # cards.md Crossbowman: "The power of allied crossbowmen is set to 2 and enemies lose initiative."
    west = _westerners([[("crossbow_range", 1), ("militia_camp", 1)]], in_play=("westerners.crossbowman",))
    undead = build_player("undead", [[("crypt", 1), ("graveyard", 1)]])
    state = position(west, undead)
    attackers, defenders = stats(state, 0, 0)
    assert attackers["p0/t0/s0/0"] == (2, 2, frozenset({"initiative"}))
    assert defenders["p1/t0/s0/0"] == (1, 1, NONE)
    state, events = to_combat(state, 0, 0)
    assert pools(events, "initiative") == {0: 2, 1: 0}
    state, events = step(state, {"p1/t0/s1/0": 1}, None)
    # the zombie is dead; the necromancer, without initiative, deals its damage in regular combat
    # (the attacker: its militia plus 1 leftover initiative damage)
    assert pools(events, "regular") == {0: 1 + 1, 1: 1 + 8}


def test_frankenstein_lets_siege_weapons_damage_troops() -> None:
    # cards.md Frankenstein: "Allied frankensteins can damage troops."
    undead = build_player("undead", [[("workshop", 1)]], in_play=("undead.frankenstein",))
    state = position(undead, bandits([[("light_infantry_base", 2), ("cavalry_base", 0)]]))
    state, _ = to_combat(state, 0, 0)
    request = engine.allocation_request(state, 0)
    assert request is not None
    assert (request.pool.general, request.pool.artillery, request.troop_cap) == (4, 0, 4)
    state, _ = step(state, {"p1/t0/s0/0": 1, "p1/t0/s0/1": 1}, {})
    assert state.battle is not None and state.battle.remaining == (2, 0)


def test_catapult_lets_artillery_hit_defended_bases() -> None:
    # cards.md Catapult: "Allied catapults may damage bases even if they are defended by troops."
    west = _westerners([[("siege_yard", 1)]], in_play=("westerners.catapult",))
    state = position(west, bandits([[("light_infantry_base", 1), ("heavy_infantry_base", 1)]]))
    state, _ = to_combat(state, 0, 0)
    request = engine.allocation_request(state, 0)
    assert request is not None
    assert {t.key for t in request.targets if t.kind == "base"} == {"p1/t0/s0", "p1/t0/s1"}
    assert (request.troop_cap, request.structure_cap) == (0, 4)
    state, _ = step(state, {"p1/t0/s1": 4}, {})
    # the manned heavy base is destroyed with its brute; the light base and its bandit stand
    assert troops(state, 1, 0) == [1, None, None]


def test_blacksmith_adds_one_damage_to_allied_troops() -> None:
    # cards.md Blacksmith: "Recruit a blacksmith on your Palace. He has Power 1 and, while in play, all allied
    # troops inflict 1 extra point of damage."
    west = _westerners(
        [[("militia_camp", 1), ("crossbow_range", 0), ("commandery", 0)]], palace=("westerners.blacksmith",)
    )
    state = position(west, bandits())
    attackers, defenders = stats(state, 0, 0)
    # inflicts 2, still destroyed by 1
    assert attackers["p0/t0/s0/0"] == (2, 1, NONE)
    assert defenders["p1/t0/s0/0"] == (1, 1, NONE)
    assert defenders["p1/t0/s0"] == (4, 4, NONE)


# ---- Easterners --------------------------------------------------------------------------------------
def _easterners(slots: Slots, **kw: tuple[str, ...]) -> Player:
    return build_player("easterners", slots, **kw)


def test_monks_have_power_2_and_are_sacrificed_after_battle() -> None:
    # cards.md Monk: "Allied Monks have power 2. If they battle, sacrifice them afterwards."
    east = _easterners([[("monastery", 2)], [("monastery", 1)]], in_play=("easterners.monk",))
    state = position(east, bandits([[("light_infantry_base", 1), ("cavalry_base", 0)]]))
    attackers, _ = stats(state, 0, 0)
    assert attackers == {"p0/t0/s0/0": (2, 2, NONE), "p0/t0/s0/1": (2, 2, NONE)}
    state, _ = to_combat(state, 0, 0)
    state, _ = step(state, {"p1/t0/s0/0": 1}, {})
    state, events = step(state, {"p1/t0/s0": 3}, None)
    sacrificed = [e for e in events if isinstance(e, Destroyed) and e.reason == "sacrificed after battling"]
    assert sorted(e.target for e in sacrificed) == ["p0/t0/s0/0", "p0/t0/s0/1"]
    assert troops(state, 0, 0) == [0, None, None]
    assert troops(state, 0, 1) == [1, None, None]  # monks that did not battle stay


def test_samurai_have_power_3_and_are_sacrificed_after_battle() -> None:
    # cards.md Samurai: "Allied Samurai have power 3. If they battle, sacrifice them afterwards."
    east = _easterners([[("castle", 1), ("monastery", 1)]], in_play=("easterners.samurai",))
    state = position(east, bandits([[("light_infantry_base", 1), ("cavalry_base", 0)]]))
    attackers, _ = stats(state, 0, 0)
    assert attackers["p0/t0/s0/0"] == (3, 3, NONE)
    assert attackers["p0/t0/s1/0"] == (1, 1, NONE)
    state, _ = to_combat(state, 0, 0)
    state, _ = step(state, {"p1/t0/s0/0": 1}, {})
    state, _ = step(state, {"p1/t0/s0": 3}, None)
    assert troops(state, 0, 0) == [0, 1, None]


def test_kyudokas_spare_troops_of_their_territory_from_sacrifice() -> None:
    # cards.md Kyudoka: "Troops in the same territory as allied Kyudokas may be spared from sacrifice, even if
    # other abilities demand it."
    east = _easterners([[("monastery", 2), ("dojo", 1)]], in_play=("easterners.monk", "easterners.kyudoka"))
    state = position(east, bandits([[("light_infantry_base", 1), ("cavalry_base", 0)]]))
    state, _ = to_combat(state, 0, 0)
    state, _ = step(state, {"p1/t0/s0/0": 1}, {})
    state, events = step(state, {"p1/t0/s0": 4}, None)
    assert troops(state, 0, 0) == [2, 1, None]
    assert not any(isinstance(e, Destroyed) and e.player == 0 for e in events)
    assert sum("spared from sacrifice" in e.text for e in events if isinstance(e, Said)) == 2


def test_kyudokas_elsewhere_do_not_spare() -> None:
    # cards.md Kyudoka: "Troops in the same territory as allied Kyudokas may be spared"
    east = _easterners([[("monastery", 2)], [("dojo", 1)]], in_play=("easterners.monk", "easterners.kyudoka"))
    state = position(east, bandits([[("light_infantry_base", 1), ("cavalry_base", 0)]]))
    state, _ = to_combat(state, 0, 0)
    state, _ = step(state, {"p1/t0/s0/0": 1}, {})
    state, _ = step(state, {"p1/t0/s0": 3}, None)
    assert troops(state, 0, 0) == [0, None, None]
    assert troops(state, 0, 1) == [1, None, None]


def test_huns_make_defenders_sacrifice_bases_with_no_troops() -> None:
    # cards.md Huns: "After battling against Huns, defending bases with no troops on them must be sacrificed."
    east = _easterners([[("steppe", 2)]], in_play=("easterners.huns",))
    defender = bandits([[("light_infantry_base", 2), ("heavy_infantry_base", 0), ("cavalry_base", 1)]])
    state = position(east, defender)
    state, _ = to_combat(state, 0, 0)
    state, events = step(state, {"p1/t0/s0/0": 1, "p1/t0/s0/1": 1}, {})
    assert state.phase == "main"
    # the light base lost both its bandits and the heavy base had none: both go; the rider keeps its base
    assert troops(state, 1, 0) == [None, None, 1]
    sacrificed = sorted(e.target for e in events if isinstance(e, Destroyed) and e.player == 1)
    assert sacrificed == ["p1/t0/s0", "p1/t0/s1"]
    assert sorted(state.players[1].base_discard) == [
        "bandits.heavy_infantry_base",
        "bandits.light_infantry_base",
    ]


def test_without_huns_empty_bases_stay() -> None:
    # cards.md Huns: the sacrifice follows only "battling against Huns"
    east = _easterners([[("steppe", 2)]])
    defender = bandits([[("light_infantry_base", 2), ("heavy_infantry_base", 0), ("cavalry_base", 1)]])
    state, _ = to_combat(position(east, defender), 0, 0)
    state, _ = step(state, {"p1/t0/s0/0": 1, "p1/t0/s0/1": 1}, {})
    assert troops(state, 1, 0) == [0, 0, 1]


@pytest.mark.parametrize("attacker", [0, 1])
def test_shenlong_draws_one_extra_card_in_renewals(attacker: int) -> None:
    # cards.md Shenlong: "Recruit a Shenlong on your palace. It has power 4 and, while in play, it allows you
    # to draw one extra card during the renovation sequences."; 004 renewal B: "Draw two cards"
    east = _easterners([[("monastery", 0), ("dojo", 0), ("castle", 0)]], palace=("easterners.shenlong",))
    state = position(east, bandits(), phase="renewal_decision", attacker=attacker)
    state, _ = engine.apply(state, Renew(player=attacker, renew=True))
    draws = {}
    for _ in range(2):
        who = engine.current_player(state)
        assert who in (0, 1) and state.phase == "renewal_draw"
        draws[who] = state.draws_left
        for _ in range(state.draws_left):
            state, _ = engine.apply(state, engine.legal_actions(state)[0])
            state, _ = engine.apply(state, engine.legal_actions(state)[0])
        while state.phase == "renewal_discard":
            state, _ = engine.apply(state, engine.legal_actions(state)[0])
    assert draws == {0: 3, 1: 2}


# ---- every known ability is implemented ---------------------------------------------------------------
@pytest.mark.parametrize("army", catalog.ARMY_IDS)
def test_every_known_ability_of_the_armies_is_implemented(army: str) -> None:
    # cards.md lists the Undead, Westerners and Easterners ability texts; none is left as 'not yet'.
    assert [c.id for c in catalog.army(army).abilities if c.not_implemented] == []
