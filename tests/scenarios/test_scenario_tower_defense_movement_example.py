"""Tower Defense: a line of 10 action(s) replayed from a position, kept as a regression test.

The 'movement-example' example (shown in notebooks/tower-defense/01-tower-defense.ipynb), then the first legal action at
each of 10 steps. Written by tests/scenarios/export_scenarios.py.

Exported by `tower-rules ... export-test` (or the explorer's `export_test`): the expected position and
sentences are what the engine produced when the line was exported.
"""

from __future__ import annotations

from typing import Any

from rules.tower_defense.game import GAME

POSITION: dict[str, Any] = {
    "rules": {
        "track_length": 25,
        "mark1_copies": 10,
        "mark2_copies": 4,
        "mark3_copies": 2,
        "max_level": 4,
        "wave_every": 3,
        "modifier_base_hit_points": 2,
        "single_credit_boost": 1,
        "matching_pair_bonus": 1,
        "mark2_bonus_cost": 3,
        "mark2_bonus_cost_after_kill": 2,
        "mark3_bonus_cost": 5,
        "mark3_bonus_cost_after_kill": 4,
        "condition_credits": 2,
        "skill_markers": 4,
        "tough_extra_hit_points": 2,
        "armoured_extra_hit_points": 3,
        "restored_track": 3,
        "elusive_extra_range": 1,
        "tax_credits": 1,
        "wave_movement": "current_unit",
        "modifier_hit_points_from": "wave_number",
        "payment": "cover",
        "sell_own_towers_only": True,
        "boost_needs_energy": True,
        "universal_credit_matches": False,
        "one_opportunity_per_kill": True,
        "covered_units_active": True,
        "combine_own_tower_only": True,
        "condition_closes": "for_who_acts",
        "turn_limit": None,
    },
    "mode": "standard-3",
    "players": [
        {
            "stacks": {
                "build": [],
                "boost": [],
                "combine": [],
                "kill": [],
            },
        },
        {
            "stacks": {
                "build": [],
                "boost": [],
                "combine": [],
                "kill": [],
            },
        },
    ],
    "starting_player": 0,
    "board": {
        "width": 12,
        "height": 10,
        "obstacles": [
            [
                5,
                4,
            ],
            [
                6,
                4,
            ],
            [
                5,
                5,
            ],
            [
                6,
                5,
            ],
        ],
        "track": [
            {
                "track": "A",
                "number": 1,
                "at": [
                    0,
                    1,
                ],
            },
            {
                "track": "A",
                "number": 2,
                "at": [
                    1,
                    1,
                ],
            },
            {
                "track": "A",
                "number": 3,
                "at": [
                    2,
                    1,
                ],
            },
            {
                "track": "A",
                "number": 4,
                "at": [
                    3,
                    1,
                ],
            },
            {
                "track": "A",
                "number": 5,
                "at": [
                    4,
                    1,
                ],
            },
            {
                "track": "A",
                "number": 6,
                "at": [
                    5,
                    1,
                ],
            },
            {
                "track": "A",
                "number": 7,
                "at": [
                    6,
                    1,
                ],
            },
            {
                "track": "A",
                "number": 8,
                "at": [
                    7,
                    1,
                ],
            },
            {
                "track": "A",
                "number": 9,
                "at": [
                    8,
                    1,
                ],
            },
            {
                "track": "A",
                "number": 10,
                "at": [
                    9,
                    1,
                ],
            },
            {
                "track": "A",
                "number": 11,
                "at": [
                    10,
                    1,
                ],
            },
            {
                "track": "A",
                "number": 13,
                "at": [
                    11,
                    2,
                ],
            },
            {
                "track": "A",
                "number": 14,
                "at": [
                    11,
                    3,
                ],
            },
            {
                "track": "A",
                "number": 16,
                "at": [
                    9,
                    3,
                ],
            },
            {
                "track": "A",
                "number": 17,
                "at": [
                    8,
                    3,
                ],
            },
            {
                "track": "A",
                "number": 18,
                "at": [
                    7,
                    3,
                ],
            },
            {
                "track": "A",
                "number": 19,
                "at": [
                    6,
                    3,
                ],
            },
            {
                "track": "A",
                "number": 20,
                "at": [
                    5,
                    3,
                ],
            },
            {
                "track": "A",
                "number": 21,
                "at": [
                    4,
                    3,
                ],
            },
            {
                "track": "A",
                "number": 22,
                "at": [
                    3,
                    3,
                ],
            },
            {
                "track": "A",
                "number": 23,
                "at": [
                    2,
                    3,
                ],
            },
            {
                "track": "A",
                "number": 24,
                "at": [
                    1,
                    3,
                ],
            },
            {
                "track": "A",
                "number": 25,
                "at": [
                    0,
                    3,
                ],
            },
            {
                "track": "B",
                "number": 1,
                "at": [
                    0,
                    6,
                ],
            },
            {
                "track": "B",
                "number": 2,
                "at": [
                    1,
                    6,
                ],
            },
            {
                "track": "B",
                "number": 3,
                "at": [
                    2,
                    6,
                ],
            },
            {
                "track": "B",
                "number": 4,
                "at": [
                    3,
                    6,
                ],
            },
            {
                "track": "B",
                "number": 5,
                "at": [
                    4,
                    6,
                ],
            },
            {
                "track": "B",
                "number": 6,
                "at": [
                    5,
                    6,
                ],
            },
            {
                "track": "B",
                "number": 7,
                "at": [
                    6,
                    6,
                ],
            },
            {
                "track": "B",
                "number": 8,
                "at": [
                    7,
                    6,
                ],
            },
            {
                "track": "B",
                "number": 9,
                "at": [
                    8,
                    6,
                ],
            },
            {
                "track": "B",
                "number": 10,
                "at": [
                    9,
                    6,
                ],
            },
            {
                "track": "B",
                "number": 11,
                "at": [
                    10,
                    6,
                ],
            },
            {
                "track": "B",
                "number": 12,
                "at": [
                    11,
                    6,
                ],
            },
            {
                "track": "B",
                "number": 13,
                "at": [
                    11,
                    7,
                ],
            },
            {
                "track": "B",
                "number": 14,
                "at": [
                    11,
                    8,
                ],
            },
            {
                "track": "B",
                "number": 15,
                "at": [
                    10,
                    8,
                ],
            },
            {
                "track": "B",
                "number": 16,
                "at": [
                    9,
                    8,
                ],
            },
            {
                "track": "B",
                "number": 17,
                "at": [
                    8,
                    8,
                ],
            },
            {
                "track": "B",
                "number": 18,
                "at": [
                    7,
                    8,
                ],
            },
            {
                "track": "B",
                "number": 19,
                "at": [
                    6,
                    8,
                ],
            },
            {
                "track": "B",
                "number": 20,
                "at": [
                    5,
                    8,
                ],
            },
            {
                "track": "B",
                "number": 21,
                "at": [
                    4,
                    8,
                ],
            },
            {
                "track": "B",
                "number": 22,
                "at": [
                    3,
                    8,
                ],
            },
            {
                "track": "B",
                "number": 23,
                "at": [
                    2,
                    8,
                ],
            },
            {
                "track": "B",
                "number": 24,
                "at": [
                    1,
                    8,
                ],
            },
            {
                "track": "B",
                "number": 25,
                "at": [
                    0,
                    8,
                ],
            },
        ],
        "track_discard": [
            "A12",
            "A15",
        ],
    },
    "towers": [],
    "waves": [
        {
            "id": "rank1.walker",
            "number": 1,
            "space": 10,
            "defeated": 0,
            "modifier": "swift",
            "attacked": False,
        },
        {
            "id": "rank2.a",
            "number": 2,
            "space": 4,
            "defeated": 0,
            "modifier": None,
            "attacked": False,
        },
        {
            "id": "rank2.b",
            "number": 2,
            "space": 2,
            "defeated": 0,
            "modifier": None,
            "attacked": False,
        },
        {
            "id": "rank3.a",
            "number": 3,
            "space": 17,
            "defeated": 0,
            "modifier": None,
            "attacked": False,
        },
    ],
    "upcoming": [
        [
            "rank4.a",
            "rank4.b",
        ],
    ],
    "waves_called": 3,
    "turn": 7,
    "phase": "movement",
    "lives": 6,
    "income": 4,
    "track_loss_limit": 5,
    "mark1_deck": [
        "boost.1",
        "boost.1",
        "boost.1",
        "boost.1",
        "boost.1",
        "boost.1",
        "boost.1",
        "boost.1",
        "boost.1",
        "boost.1",
        "charge.1",
        "charge.1",
        "charge.1",
        "charge.1",
        "charge.1",
        "charge.1",
        "charge.1",
        "charge.1",
        "charge.1",
        "charge.1",
        "combine.1",
        "combine.1",
        "combine.1",
        "combine.1",
        "combine.1",
        "combine.1",
        "combine.1",
        "combine.1",
        "combine.1",
        "combine.1",
        "standard.1",
        "standard.1",
        "standard.1",
        "standard.1",
        "standard.1",
        "standard.1",
        "standard.1",
        "standard.1",
        "standard.1",
        "standard.1",
    ],
    "mark1_discard": [],
    "mark2_pile": [
        "boost.2",
        "boost.2",
        "boost.2",
        "boost.2",
        "charge.2",
        "charge.2",
        "charge.2",
        "charge.2",
        "combine.2",
        "combine.2",
        "combine.2",
        "combine.2",
        "standard.2",
        "standard.2",
        "standard.2",
        "standard.2",
    ],
    "mark3_pile": [
        "boost.3",
        "boost.3",
        "charge.3",
        "charge.3",
        "combine.3",
        "combine.3",
        "standard.3",
        "standard.3",
    ],
    "modifier_pile": [
        "hardened",
        "fortified",
    ],
    "modifier_discard": [],
    "condition_pile": [],
    "condition": None,
    "conditions_waiting": [],
    "skill_markers": [],
    "reveal_left": 0,
    "revealed": [],
    "dividing": None,
    "chooser": 0,
    "conditions_to_reveal": 0,
    "awaiting_modifier": [],
    "restorer": None,
    "restore_left": 0,
    "kill_window": None,
    "actions_taken": 0,
    "termination": None,
}

ACTIONS: list[dict[str, Any]] = [
    {
        "action": "next_phase",
    },
    {
        "action": "next_phase",
    },
    {
        "action": "next_phase",
    },
    {
        "action": "reveal_credit",
        "card": "boost.1",
    },
    {
        "action": "reveal_credit",
        "card": "boost.1",
    },
    {
        "action": "reveal_credit",
        "card": "boost.1",
    },
    {
        "action": "reveal_credit",
        "card": "boost.1",
    },
    {
        "action": "take_credit",
        "player": 0,
        "card": "boost.1",
        "stack": "build",
    },
    {
        "action": "take_credit",
        "player": 1,
        "card": "boost.1",
        "stack": "build",
    },
    {
        "action": "take_credit",
        "player": 0,
        "card": "boost.1",
        "stack": "build",
    },
]

EXPECTED_POSITION: dict[str, Any] = {
    "rules": {
        "track_length": 25,
        "mark1_copies": 10,
        "mark2_copies": 4,
        "mark3_copies": 2,
        "max_level": 4,
        "wave_every": 3,
        "modifier_base_hit_points": 2,
        "single_credit_boost": 1,
        "matching_pair_bonus": 1,
        "mark2_bonus_cost": 3,
        "mark2_bonus_cost_after_kill": 2,
        "mark3_bonus_cost": 5,
        "mark3_bonus_cost_after_kill": 4,
        "condition_credits": 2,
        "skill_markers": 4,
        "tough_extra_hit_points": 2,
        "armoured_extra_hit_points": 3,
        "restored_track": 3,
        "elusive_extra_range": 1,
        "tax_credits": 1,
        "wave_movement": "current_unit",
        "modifier_hit_points_from": "wave_number",
        "payment": "cover",
        "sell_own_towers_only": True,
        "boost_needs_energy": True,
        "universal_credit_matches": False,
        "one_opportunity_per_kill": True,
        "covered_units_active": True,
        "combine_own_tower_only": True,
        "condition_closes": "for_who_acts",
        "turn_limit": None,
    },
    "mode": "standard-3",
    "players": [
        {
            "stacks": {
                "build": [
                    "boost.1",
                    "boost.1",
                ],
                "boost": [],
                "combine": [],
                "kill": [],
            },
        },
        {
            "stacks": {
                "build": [
                    "boost.1",
                ],
                "boost": [],
                "combine": [],
                "kill": [],
            },
        },
    ],
    "starting_player": 0,
    "board": {
        "width": 12,
        "height": 10,
        "obstacles": [
            [
                5,
                4,
            ],
            [
                6,
                4,
            ],
            [
                5,
                5,
            ],
            [
                6,
                5,
            ],
        ],
        "track": [
            {
                "track": "A",
                "number": 1,
                "at": [
                    0,
                    1,
                ],
            },
            {
                "track": "A",
                "number": 2,
                "at": [
                    1,
                    1,
                ],
            },
            {
                "track": "A",
                "number": 3,
                "at": [
                    2,
                    1,
                ],
            },
            {
                "track": "A",
                "number": 4,
                "at": [
                    3,
                    1,
                ],
            },
            {
                "track": "A",
                "number": 5,
                "at": [
                    4,
                    1,
                ],
            },
            {
                "track": "A",
                "number": 6,
                "at": [
                    5,
                    1,
                ],
            },
            {
                "track": "A",
                "number": 7,
                "at": [
                    6,
                    1,
                ],
            },
            {
                "track": "A",
                "number": 8,
                "at": [
                    7,
                    1,
                ],
            },
            {
                "track": "A",
                "number": 9,
                "at": [
                    8,
                    1,
                ],
            },
            {
                "track": "A",
                "number": 10,
                "at": [
                    9,
                    1,
                ],
            },
            {
                "track": "A",
                "number": 11,
                "at": [
                    10,
                    1,
                ],
            },
            {
                "track": "A",
                "number": 13,
                "at": [
                    11,
                    2,
                ],
            },
            {
                "track": "A",
                "number": 14,
                "at": [
                    11,
                    3,
                ],
            },
            {
                "track": "A",
                "number": 16,
                "at": [
                    9,
                    3,
                ],
            },
            {
                "track": "A",
                "number": 17,
                "at": [
                    8,
                    3,
                ],
            },
            {
                "track": "A",
                "number": 18,
                "at": [
                    7,
                    3,
                ],
            },
            {
                "track": "A",
                "number": 19,
                "at": [
                    6,
                    3,
                ],
            },
            {
                "track": "A",
                "number": 20,
                "at": [
                    5,
                    3,
                ],
            },
            {
                "track": "A",
                "number": 21,
                "at": [
                    4,
                    3,
                ],
            },
            {
                "track": "A",
                "number": 22,
                "at": [
                    3,
                    3,
                ],
            },
            {
                "track": "A",
                "number": 23,
                "at": [
                    2,
                    3,
                ],
            },
            {
                "track": "A",
                "number": 24,
                "at": [
                    1,
                    3,
                ],
            },
            {
                "track": "A",
                "number": 25,
                "at": [
                    0,
                    3,
                ],
            },
            {
                "track": "B",
                "number": 1,
                "at": [
                    0,
                    6,
                ],
            },
            {
                "track": "B",
                "number": 2,
                "at": [
                    1,
                    6,
                ],
            },
            {
                "track": "B",
                "number": 3,
                "at": [
                    2,
                    6,
                ],
            },
            {
                "track": "B",
                "number": 4,
                "at": [
                    3,
                    6,
                ],
            },
            {
                "track": "B",
                "number": 5,
                "at": [
                    4,
                    6,
                ],
            },
            {
                "track": "B",
                "number": 6,
                "at": [
                    5,
                    6,
                ],
            },
            {
                "track": "B",
                "number": 7,
                "at": [
                    6,
                    6,
                ],
            },
            {
                "track": "B",
                "number": 8,
                "at": [
                    7,
                    6,
                ],
            },
            {
                "track": "B",
                "number": 9,
                "at": [
                    8,
                    6,
                ],
            },
            {
                "track": "B",
                "number": 10,
                "at": [
                    9,
                    6,
                ],
            },
            {
                "track": "B",
                "number": 11,
                "at": [
                    10,
                    6,
                ],
            },
            {
                "track": "B",
                "number": 12,
                "at": [
                    11,
                    6,
                ],
            },
            {
                "track": "B",
                "number": 13,
                "at": [
                    11,
                    7,
                ],
            },
            {
                "track": "B",
                "number": 14,
                "at": [
                    11,
                    8,
                ],
            },
            {
                "track": "B",
                "number": 15,
                "at": [
                    10,
                    8,
                ],
            },
            {
                "track": "B",
                "number": 16,
                "at": [
                    9,
                    8,
                ],
            },
            {
                "track": "B",
                "number": 17,
                "at": [
                    8,
                    8,
                ],
            },
            {
                "track": "B",
                "number": 18,
                "at": [
                    7,
                    8,
                ],
            },
            {
                "track": "B",
                "number": 19,
                "at": [
                    6,
                    8,
                ],
            },
            {
                "track": "B",
                "number": 20,
                "at": [
                    5,
                    8,
                ],
            },
            {
                "track": "B",
                "number": 21,
                "at": [
                    4,
                    8,
                ],
            },
            {
                "track": "B",
                "number": 22,
                "at": [
                    3,
                    8,
                ],
            },
            {
                "track": "B",
                "number": 23,
                "at": [
                    2,
                    8,
                ],
            },
            {
                "track": "B",
                "number": 24,
                "at": [
                    1,
                    8,
                ],
            },
            {
                "track": "B",
                "number": 25,
                "at": [
                    0,
                    8,
                ],
            },
        ],
        "track_discard": [
            "A12",
            "A15",
        ],
    },
    "towers": [],
    "waves": [
        {
            "id": "rank1.walker",
            "number": 1,
            "space": 18,
            "defeated": 0,
            "modifier": "swift",
            "attacked": False,
        },
        {
            "id": "rank2.a",
            "number": 2,
            "space": 9,
            "defeated": 0,
            "modifier": None,
            "attacked": False,
        },
        {
            "id": "rank2.b",
            "number": 2,
            "space": 6,
            "defeated": 0,
            "modifier": None,
            "attacked": False,
        },
        {
            "id": "rank3.a",
            "number": 3,
            "space": 20,
            "defeated": 0,
            "modifier": None,
            "attacked": False,
        },
    ],
    "upcoming": [
        [
            "rank4.a",
            "rank4.b",
        ],
    ],
    "waves_called": 3,
    "turn": 7,
    "phase": "actions",
    "lives": 6,
    "income": 4,
    "track_loss_limit": 5,
    "mark1_deck": [
        "boost.1",
        "boost.1",
        "boost.1",
        "boost.1",
        "boost.1",
        "boost.1",
        "charge.1",
        "charge.1",
        "charge.1",
        "charge.1",
        "charge.1",
        "charge.1",
        "charge.1",
        "charge.1",
        "charge.1",
        "charge.1",
        "combine.1",
        "combine.1",
        "combine.1",
        "combine.1",
        "combine.1",
        "combine.1",
        "combine.1",
        "combine.1",
        "combine.1",
        "combine.1",
        "standard.1",
        "standard.1",
        "standard.1",
        "standard.1",
        "standard.1",
        "standard.1",
        "standard.1",
        "standard.1",
        "standard.1",
        "standard.1",
    ],
    "mark1_discard": [],
    "mark2_pile": [
        "boost.2",
        "boost.2",
        "boost.2",
        "boost.2",
        "charge.2",
        "charge.2",
        "charge.2",
        "charge.2",
        "combine.2",
        "combine.2",
        "combine.2",
        "combine.2",
        "standard.2",
        "standard.2",
        "standard.2",
        "standard.2",
    ],
    "mark3_pile": [
        "boost.3",
        "boost.3",
        "charge.3",
        "charge.3",
        "combine.3",
        "combine.3",
        "standard.3",
        "standard.3",
    ],
    "modifier_pile": [
        "hardened",
        "fortified",
    ],
    "modifier_discard": [],
    "condition_pile": [],
    "condition": None,
    "conditions_waiting": [],
    "skill_markers": [],
    "reveal_left": 0,
    "revealed": [
        "boost.1",
    ],
    "dividing": None,
    "chooser": 1,
    "conditions_to_reveal": 0,
    "awaiting_modifier": [],
    "restorer": None,
    "restore_left": 0,
    "kill_window": None,
    "actions_taken": 0,
    "termination": None,
}

EXPECTED_SENTENCES: list[str] = [
    "Turn 7, Phase 3: all Waves move.",
    "Wave 1 (Rank 1 walker) moves 5 from A10 to A18 (skipping discarded A12, A15; moving on past the occupied A17).",
    "Wave 2 (Rank 2 wave A) moves 5 from B4 to B9.",
    "Wave 2 (Rank 2 wave B) moves 4 from B2 to B6.",
    "Wave 3 (Rank 3 wave A) moves 3 from A17 to A20.",
    "Turn 7, Phase 4: energize Towers.",
    "One Depletion comes off each tower: 0 of 0 have Energy.",
    "Turn 7, Phase 5: collect income.",
    "4 Mark I credits are revealed; Player 1 takes first.",
    "A Mark I Boost Tower is revealed from the Mark I deck.",
    "A Mark I Boost Tower is revealed from the Mark I deck.",
    "A Mark I Boost Tower is revealed from the Mark I deck.",
    "A Mark I Boost Tower is revealed from the Mark I deck.",
    "Player 1 puts 1 Boost credit on the Build / Upgrade stack.",
    "Player 2 puts 1 Boost credit on the Build / Upgrade stack.",
    "Player 1 puts 1 Boost credit on the Build / Upgrade stack.",
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
