"""Attack the Tower: a line of 12 action(s) replayed from a position, kept as a regression test.

The 'palace-assault' example (shown in notebooks/attack-the-tower/02-combat-walkthrough.ipynb), then the first legal
action at each of 12 steps. Written by tests/scenarios/export_scenarios.py.

Exported by `tower-rules ... export-test` (or the explorer's `export_test`): the expected position and
sentences are what the engine produced when the line was exported.
"""

from __future__ import annotations

from typing import Any

from rules.attack_the_tower.game import GAME

POSITION: dict[str, Any] = {
    "rules": {
        "light_infantry_power": 1,
        "shooter_power": 1,
        "heavy_infantry_power": 2,
        "cavalry_power": 3,
        "siege_weapon_power": 4,
        "base_power": 4,
        "palace_power": 10,
        "max_troops_per_base": 2,
        "hand_limit": 5,
        "opening_draw": 5,
        "renewal_draws": 2,
        "leftover_initiative_adds_to_regular": True,
        "leftover_of_killed_troops": False,
        "attacks_per_territory_per_turn": 1,
        "palace_deals_damage": True,
        "special_troops_join_attacks": True,
        "special_troops_defend_territories": False,
        "empty_pile": "reshuffle",
        "minimum_toughness": 1,
        "main_phase_abilities": "attacker",
        "vrykolaka_counts": "fighting",
        "vrykolaka_victims": "strongest_in_battle",
        "templar_damage": "once",
        "kaiju_bases": "any_enemy_territory",
        "raised_troop_lasts": "while_it_lives",
        "turn_limit": None,
        "max_burns": None,
    },
    "players": [
        {
            "army": "undead",
            "territories": [
                [
                    {
                        "card": "undead.desecrated_grounds",
                        "troops": 2,
                        "raised": [],
                    },
                    {
                        "card": "undead.mansion",
                        "troops": 2,
                        "raised": [],
                    },
                    {
                        "card": "undead.crypt",
                        "troops": 2,
                        "raised": [],
                    },
                ],
                [
                    {
                        "card": "undead.graveyard",
                        "troops": 1,
                        "raised": [],
                    },
                    None,
                    None,
                ],
                [
                    None,
                    None,
                    None,
                ],
            ],
            "palace": [
                "undead.ghost",
            ],
            "hand": [
                "undead.lich",
            ],
            "base_pile": [
                "undead.crypt",
                "undead.crypt",
                "undead.crypt",
                "undead.crypt",
                "undead.crypt",
                "undead.desecrated_grounds",
                "undead.desecrated_grounds",
                "undead.desecrated_grounds",
                "undead.desecrated_grounds",
                "undead.graveyard",
                "undead.graveyard",
                "undead.graveyard",
                "undead.graveyard",
                "undead.graveyard",
                "undead.graveyard",
                "undead.mansion",
                "undead.mansion",
                "undead.mansion",
                "undead.mansion",
                "undead.workshop",
                "undead.workshop",
            ],
            "ability_pile": [
                "undead.frankenstein",
                "undead.frankenstein",
                "undead.frankenstein",
                "undead.ghost",
                "undead.ghost",
                "undead.lich",
                "undead.lich",
                "undead.necromancer",
                "undead.necromancer",
                "undead.necromancer",
                "undead.necromancer",
                "undead.vampire",
                "undead.vampire",
                "undead.vampire",
                "undead.vampire",
                "undead.vrykolaka",
                "undead.vrykolaka",
                "undead.vrykolaka",
                "undead.vrykolaka",
                "undead.zombie",
                "undead.zombie",
                "undead.zombie",
                "undead.zombie",
            ],
            "base_discard": [],
            "ability_discard": [],
            "in_play": [],
            "returning": [],
            "kills_alongside": [
                0,
                0,
                0,
                0,
                0,
            ],
            "burns": 0,
        },
        {
            "army": "bandits",
            "territories": [
                [
                    {
                        "card": "bandits.light_infantry_base",
                        "troops": 2,
                        "raised": [],
                    },
                    None,
                    None,
                ],
                [
                    {
                        "card": "bandits.heavy_infantry_base",
                        "troops": 1,
                        "raised": [],
                    },
                    None,
                    None,
                ],
                [
                    {
                        "card": "bandits.light_infantry_base",
                        "troops": 0,
                        "raised": [],
                    },
                    None,
                    None,
                ],
            ],
            "palace": [],
            "hand": [],
            "base_pile": [
                "bandits.cavalry_base",
                "bandits.cavalry_base",
                "bandits.cavalry_base",
                "bandits.cavalry_base",
                "bandits.cavalry_base",
                "bandits.heavy_infantry_base",
                "bandits.heavy_infantry_base",
                "bandits.heavy_infantry_base",
                "bandits.heavy_infantry_base",
                "bandits.light_infantry_base",
                "bandits.light_infantry_base",
                "bandits.light_infantry_base",
                "bandits.shooter_base",
                "bandits.shooter_base",
                "bandits.shooter_base",
                "bandits.shooter_base",
                "bandits.shooter_base",
                "bandits.siege_base",
                "bandits.siege_base",
                "bandits.siege_base",
                "bandits.siege_base",
                "bandits.siege_base",
            ],
            "ability_pile": [],
            "base_discard": [],
            "ability_discard": [],
            "in_play": [],
            "returning": [],
            "kills_alongside": [
                0,
                0,
                0,
                0,
                0,
            ],
            "burns": 0,
        },
    ],
    "attacker": 0,
    "turn": 9,
    "phase": "main",
    "actor": 0,
    "draws_left": 0,
    "drawing": None,
    "attacks": [],
    "battle": None,
    "winner": None,
    "termination": None,
}

ACTIONS: list[dict[str, Any]] = [
    {
        "action": "attack",
        "player": 0,
        "origin": 0,
        "target": 0,
        "specials": [],
    },
    {
        "action": "play",
        "player": 0,
        "card": "undead.lich",
        "targets": [],
    },
    {
        "action": "pass",
        "player": 0,
    },
    {
        "action": "pass",
        "player": 1,
    },
    {
        "action": "allocate",
        "player": 0,
        "allocation": {
            "assignments": [
                [
                    "p1/t0/s0/0",
                    1,
                ],
                [
                    "p1/t0/s0/1",
                    1,
                ],
            ],
        },
    },
    {
        "action": "allocate",
        "player": 1,
        "allocation": {
            "assignments": [
                [
                    "p0/t0/s0/0",
                    3,
                ],
                [
                    "p0/t0/s0/1",
                    1,
                ],
            ],
        },
    },
    {
        "action": "allocate",
        "player": 0,
        "allocation": {
            "assignments": [
                [
                    "p1/t0/s0",
                    4,
                ],
            ],
        },
    },
    {
        "action": "pass",
        "player": 0,
    },
    {
        "action": "pass",
        "player": 1,
    },
    {
        "action": "allocate",
        "player": 1,
        "allocation": {
            "assignments": [
                [
                    "p0/t0/s0/0",
                    3,
                ],
                [
                    "p0/t0/s1/0",
                    2,
                ],
                [
                    "p0/t0/s1/1",
                    2,
                ],
                [
                    "p0/t0/s2/0",
                    1,
                ],
                [
                    "p0/t0/s2/1",
                    1,
                ],
            ],
        },
    },
    {
        "action": "allocate",
        "player": 0,
        "allocation": {
            "assignments": [
                [
                    "p1/palace",
                    9,
                ],
            ],
        },
    },
    {
        "action": "attack",
        "player": 0,
        "origin": 1,
        "target": 0,
        "specials": [],
    },
]

EXPECTED_POSITION: dict[str, Any] = {
    "rules": {
        "light_infantry_power": 1,
        "shooter_power": 1,
        "heavy_infantry_power": 2,
        "cavalry_power": 3,
        "siege_weapon_power": 4,
        "base_power": 4,
        "palace_power": 10,
        "max_troops_per_base": 2,
        "hand_limit": 5,
        "opening_draw": 5,
        "renewal_draws": 2,
        "leftover_initiative_adds_to_regular": True,
        "leftover_of_killed_troops": False,
        "attacks_per_territory_per_turn": 1,
        "palace_deals_damage": True,
        "special_troops_join_attacks": True,
        "special_troops_defend_territories": False,
        "empty_pile": "reshuffle",
        "minimum_toughness": 1,
        "main_phase_abilities": "attacker",
        "vrykolaka_counts": "fighting",
        "vrykolaka_victims": "strongest_in_battle",
        "templar_damage": "once",
        "kaiju_bases": "any_enemy_territory",
        "raised_troop_lasts": "while_it_lives",
        "turn_limit": None,
        "max_burns": None,
    },
    "players": [
        {
            "army": "undead",
            "territories": [
                [
                    {
                        "card": "undead.desecrated_grounds",
                        "troops": 0,
                        "raised": [],
                    },
                    {
                        "card": "undead.mansion",
                        "troops": 0,
                        "raised": [],
                    },
                    {
                        "card": "undead.crypt",
                        "troops": 0,
                        "raised": [],
                    },
                ],
                [
                    {
                        "card": "undead.graveyard",
                        "troops": 1,
                        "raised": [],
                    },
                    None,
                    None,
                ],
                [
                    None,
                    None,
                    None,
                ],
            ],
            "palace": [
                "undead.ghost",
            ],
            "hand": [],
            "base_pile": [
                "undead.crypt",
                "undead.crypt",
                "undead.crypt",
                "undead.crypt",
                "undead.crypt",
                "undead.desecrated_grounds",
                "undead.desecrated_grounds",
                "undead.desecrated_grounds",
                "undead.desecrated_grounds",
                "undead.graveyard",
                "undead.graveyard",
                "undead.graveyard",
                "undead.graveyard",
                "undead.graveyard",
                "undead.graveyard",
                "undead.mansion",
                "undead.mansion",
                "undead.mansion",
                "undead.mansion",
                "undead.workshop",
                "undead.workshop",
            ],
            "ability_pile": [
                "undead.frankenstein",
                "undead.frankenstein",
                "undead.frankenstein",
                "undead.ghost",
                "undead.ghost",
                "undead.lich",
                "undead.lich",
                "undead.necromancer",
                "undead.necromancer",
                "undead.necromancer",
                "undead.necromancer",
                "undead.vampire",
                "undead.vampire",
                "undead.vampire",
                "undead.vampire",
                "undead.vrykolaka",
                "undead.vrykolaka",
                "undead.vrykolaka",
                "undead.vrykolaka",
                "undead.zombie",
                "undead.zombie",
                "undead.zombie",
                "undead.zombie",
            ],
            "base_discard": [],
            "ability_discard": [],
            "in_play": [
                "undead.lich",
            ],
            "returning": [],
            "kills_alongside": [
                0,
                2,
                2,
                2,
                0,
            ],
            "burns": 0,
        },
        {
            "army": "bandits",
            "territories": [
                [
                    None,
                    None,
                    None,
                ],
                [
                    {
                        "card": "bandits.heavy_infantry_base",
                        "troops": 1,
                        "raised": [],
                    },
                    None,
                    None,
                ],
                [
                    {
                        "card": "bandits.light_infantry_base",
                        "troops": 0,
                        "raised": [],
                    },
                    None,
                    None,
                ],
            ],
            "palace": [],
            "hand": [],
            "base_pile": [
                "bandits.cavalry_base",
                "bandits.cavalry_base",
                "bandits.cavalry_base",
                "bandits.cavalry_base",
                "bandits.cavalry_base",
                "bandits.heavy_infantry_base",
                "bandits.heavy_infantry_base",
                "bandits.heavy_infantry_base",
                "bandits.heavy_infantry_base",
                "bandits.light_infantry_base",
                "bandits.light_infantry_base",
                "bandits.light_infantry_base",
                "bandits.shooter_base",
                "bandits.shooter_base",
                "bandits.shooter_base",
                "bandits.shooter_base",
                "bandits.shooter_base",
                "bandits.siege_base",
                "bandits.siege_base",
                "bandits.siege_base",
                "bandits.siege_base",
                "bandits.siege_base",
            ],
            "ability_pile": [],
            "base_discard": [
                "bandits.light_infantry_base",
            ],
            "ability_discard": [],
            "in_play": [],
            "returning": [],
            "kills_alongside": [
                1,
                0,
                0,
                0,
                0,
            ],
            "burns": 0,
        },
    ],
    "attacker": 0,
    "turn": 9,
    "phase": "battle",
    "actor": 0,
    "draws_left": 0,
    "drawing": None,
    "attacks": [
        0,
        1,
    ],
    "battle": {
        "origin": 1,
        "target": 0,
        "at_palace": True,
        "stage": "abilities",
        "specials": [],
        "actor": 0,
        "passes": 0,
        "damage": [],
        "dead": [],
        "pending": [
            None,
            None,
        ],
        "leftover": [
            0,
            0,
        ],
        "remaining": [
            0,
            0,
        ],
        "owed": [
            0,
            0,
        ],
    },
    "winner": None,
    "termination": None,
}

EXPECTED_SENTENCES: list[str] = [
    "Undead attack from territory 1 against Bandits' territory 1.",
    "Both players may now play abilities.",
    'Undead play Lich: "The Power of enemy troops drop by one, thanks to the lich."',
    "Undead play no more abilities.",
    "Bandits play no more abilities.",
    "Undead's initiative damage is 2 (2 Necromancer dealing 2).",
    "Bandits' initiative damage is 0 (nothing fights).",
    "Undead deal 1 initiative damage to Bandits' Bandit (territory 1, slot 1), destroying it.",
    "Undead deal 1 initiative damage to Bandits' Bandit (territory 1, slot 1), destroying it.",
    "Undead's regular damage is 10 (2 Vrykolaka dealing 6, 2 Vampire dealing 4).",
    "Bandits' regular damage is 4 (Bandit light-infantry base dealing 4).",
    "Undead have no troop to hit with their 10 regular damage: it goes to the unmanned bases next.",
    "Bandits deal 3 regular damage to Undead's Vrykolaka (territory 1, slot 1), destroying it.",
    "Bandits deal 1 regular damage to Undead's Vrykolaka (territory 1, slot 1) (1 of the 3 needed to destroy it).",
    "Every defending troop is dead: the bases are unmanned.",
    "Undead's remaining regular damage is 10 (damage not distributed in regular combat).",
    "Undead deal 4 regular damage to Bandits' Bandit light-infantry base (territory 1, slot 1), destroying it.",
    "The battle ends: every surviving troop and base heals completely.",
    "Undead's 5 surviving troop(s) attack Bandits' palace.",
    "Both players may now play abilities.",
    "Undead play no more abilities.",
    "Bandits play no more abilities.",
    "Undead's initiative damage is 2 (2 Necromancer dealing 2).",
    "Bandits' initiative damage is 0 (nothing fights).",
    "Undead have no target for their 2 initiative damage.",
    "Undead's 2 leftover initiative damage adds to their regular damage.",
    "Undead's regular damage is 9 (Vrykolaka dealing 3, 2 Vampire dealing 4, plus 2 leftover initiative damage).",
    "Bandits' regular damage is 10 (palace dealing 10).",
    "Undead have no troop to hit with their 9 regular damage: it goes to the unmanned palace next.",
    "Bandits deal 3 regular damage to Undead's Vrykolaka (territory 1, slot 1), destroying it.",
    "Bandits deal 2 regular damage to Undead's Vampire (territory 1, slot 2), destroying it.",
    "Bandits deal 2 regular damage to Undead's Vampire (territory 1, slot 2), destroying it.",
    "Bandits deal 1 regular damage to Undead's Necromancer (territory 1, slot 3), destroying it.",
    "Bandits deal 1 regular damage to Undead's Necromancer (territory 1, slot 3), destroying it.",
    "No troop defends: the palace is unmanned.",
    "Undead's remaining regular damage is 9 (damage not distributed in regular combat).",
    "Undead deal 9 regular damage to Bandits' palace (9 of the 10 needed to destroy it).",
    "The battle ends: every surviving troop and base heals completely.",
    "Undead attack from territory 2 against Bandits' territory 1.",
    "Territory 1 holds no base: they attack Bandits' palace.",
    "Both players may now play abilities.",
]


def replay(position: dict[str, Any], actions: list[dict[str, Any]]) -> tuple[dict[str, Any], list[str]]:
    """The final position (as JSON data) and every event sentence of the line."""
    state = GAME.positions.validate(position)
    sentences: list[str] = []
    for action in actions:
        state, events = GAME.apply(state, GAME.read_action(action))
        sentences += [event.sentence() for event in events]
    return GAME.positions.data(state), sentences


def test_the_line_reaches_the_expected_position() -> None:
    position, _ = replay(POSITION, ACTIONS)
    assert position == EXPECTED_POSITION


def test_the_line_says_every_expected_sentence() -> None:
    _, sentences = replay(POSITION, ACTIONS)
    assert sentences == EXPECTED_SENTENCES
