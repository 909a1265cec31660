"""The Tower: a line of 10 action(s) replayed from a position, kept as a regression test.

The 'pictured-fight' example (shown in notebooks/the-tower/01-the-tower.ipynb), then the first legal action at each of
10 steps. Written by tests/scenarios/export_scenarios.py.

Exported by `tower-rules ... export-test` (or the explorer's `export_test`): the expected position and
sentences are what the engine produced when the line was exported.
"""

from __future__ import annotations

from typing import Any

from rules.the_tower.game import GAME

POSITION: dict[str, Any] = {
    "rules": {
        "starting_hp": 6,
        "starting_attack_cards": 5,
        "starting_potions": 1,
        "starting_action_points": 4,
        "rooms_per_floor": 4,
        "jack": {
            "damage": 1,
            "hp": 10,
            "points": 1,
        },
        "queen": {
            "damage": 2,
            "hp": 14,
            "points": 2,
        },
        "king": {
            "damage": 2,
            "hp": 18,
            "points": 3,
        },
        "ace": {
            "damage": 3,
            "hp": 22,
            "points": 4,
        },
        "damage_per_floor": 1,
        "same_colour_multiplier": 1,
        "opposite_colour_multiplier": 2,
        "fight_actions": "never",
        "stuck": "die",
        "may_leave_fight": False,
        "hand_limit": None,
        "empty_deck": "cannot_draw",
        "room_chosen": "after_actions",
        "spend_all_points_before_fight": False,
        "damage_beyond_table": "keep_adding",
        "hp_cap": None,
    },
    "phase": "fight",
    "hp": 6,
    "action_points": 0,
    "floor_number": 1,
    "floor": [
        "KC",
        "?",
        "?",
        "?",
    ],
    "hand": [
        "8C",
        "9D",
        "6S",
    ],
    "attack_deck": [
        "2C",
        "3C",
        "4C",
        "5C",
        "6C",
        "7C",
        "9C",
        "10C",
        "2D",
        "3D",
        "4D",
        "5D",
        "6D",
        "7D",
        "8D",
        "10D",
        "2S",
        "3S",
        "4S",
        "5S",
        "7S",
        "8S",
        "9S",
        "10S",
    ],
    "potion_deck": [
        "2H",
        "3H",
        "4H",
        "5H",
        "6H",
        "7H",
        "8H",
        "9H",
        "10H",
    ],
    "unseen_rooms": [
        "JC",
        "QC",
        "AC",
        "JD",
        "QD",
        "KD",
        "AD",
        "JH",
        "QH",
        "KH",
        "AH",
        "JS",
        "QS",
        "KS",
        "AS",
    ],
    "attack_waste": [],
    "potion_waste": [],
    "room_waste": [],
    "drawing": None,
    "revealing": None,
    "fight": {
        "room": 0,
        "monster_hp": 18,
    },
    "chosen_room": None,
    "termination": None,
}

ACTIONS: list[dict[str, Any]] = [
    {
        "action": "hit",
        "card": "9D",
    },
    {
        "action": "draw",
        "pile": "attack",
    },
    {
        "action": "reveal",
        "card": "2C",
    },
    {
        "action": "draw",
        "pile": "attack",
    },
    {
        "action": "reveal",
        "card": "3C",
    },
    {
        "action": "draw",
        "pile": "attack",
    },
    {
        "action": "reveal",
        "card": "4C",
    },
    {
        "action": "fight",
        "room": 1,
    },
    {
        "action": "reveal",
        "card": "JC",
    },
    {
        "action": "hit",
        "card": "6S",
    },
]

EXPECTED_POSITION: dict[str, Any] = {
    "rules": {
        "starting_hp": 6,
        "starting_attack_cards": 5,
        "starting_potions": 1,
        "starting_action_points": 4,
        "rooms_per_floor": 4,
        "jack": {
            "damage": 1,
            "hp": 10,
            "points": 1,
        },
        "queen": {
            "damage": 2,
            "hp": 14,
            "points": 2,
        },
        "king": {
            "damage": 2,
            "hp": 18,
            "points": 3,
        },
        "ace": {
            "damage": 3,
            "hp": 22,
            "points": 4,
        },
        "damage_per_floor": 1,
        "same_colour_multiplier": 1,
        "opposite_colour_multiplier": 2,
        "fight_actions": "never",
        "stuck": "die",
        "may_leave_fight": False,
        "hand_limit": None,
        "empty_deck": "cannot_draw",
        "room_chosen": "after_actions",
        "spend_all_points_before_fight": False,
        "damage_beyond_table": "keep_adding",
        "hp_cap": None,
    },
    "phase": "game_over",
    "hp": 0,
    "action_points": 0,
    "floor_number": 1,
    "floor": [
        None,
        "JC",
        "?",
        "?",
    ],
    "hand": [
        "2C",
        "3C",
        "4C",
        "8C",
    ],
    "attack_deck": [
        "5C",
        "6C",
        "7C",
        "9C",
        "10C",
        "2D",
        "3D",
        "4D",
        "5D",
        "6D",
        "7D",
        "8D",
        "10D",
        "2S",
        "3S",
        "4S",
        "5S",
        "7S",
        "8S",
        "9S",
        "10S",
    ],
    "potion_deck": [
        "2H",
        "3H",
        "4H",
        "5H",
        "6H",
        "7H",
        "8H",
        "9H",
        "10H",
    ],
    "unseen_rooms": [
        "QC",
        "AC",
        "JD",
        "QD",
        "KD",
        "AD",
        "JH",
        "QH",
        "KH",
        "AH",
        "JS",
        "QS",
        "KS",
        "AS",
    ],
    "attack_waste": [
        "9D",
        "6S",
    ],
    "potion_waste": [],
    "room_waste": [
        "KC",
    ],
    "drawing": None,
    "revealing": None,
    "fight": None,
    "chosen_room": None,
    "termination": "player_died",
}

EXPECTED_SENTENCES: list[str] = [
    "The player hits the King of Clubs with the 9 of Diamonds (opposite colours, double damage): 18 damage, it falls.",
    "The King of Clubs is slain and put aside: +3 action points (3 now).",
    "The player spends an action point to draw an attack card (2 action points left).",
    "The player draws the 2 of Clubs from the attack deck.",
    "The player spends an action point to draw an attack card (1 action point left).",
    "The player draws the 3 of Clubs from the attack deck.",
    "The player spends an action point to draw an attack card (0 action points left).",
    "The player draws the 4 of Clubs from the attack deck.",
    "The player enters room 2, still face down, to fight what lies inside.",
    "The player fights the Jack of Clubs in room 2 (10 HP, 1 damage a strike on this floor).",
    "The player hits the Jack of Clubs with the 6 of Spades (same colour): 6 damage, 4 HP left.",
    "The Jack of Clubs still stands and strikes: -1 HP (5 HP left).",
    (
        "No card in hand can hit the Jack of Clubs and no action point can be spent: the assault cannot go on, and "
        "the Jack of Clubs strikes until the player falls."
    ),
    "The player dies fighting the Jack of Clubs: the game is lost.",
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
