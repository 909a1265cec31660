"""Small sweeps the tests share: a few planner games per cell, so each runs in about a second."""

from __future__ import annotations

from rules.sweeps.spec import SweepSpec

GAMES = 3
OVERRIDE = "undead.ghost.special_troop.power=3"


def cavalry_spec(**changes: object) -> SweepSpec:
    """Three values of one Rules field and one card override: the Undead against the Westerners, GAMES games
    a cell unless `games` is given."""
    data: dict[str, object] = {
        "game": "attack-the-tower",
        "vary": {"cavalry_power": [2, 3, 4]},
        "armies": "undead,westerners",
        "overrides": [OVERRIDE],
        "games": GAMES,
        "seed": 7,
    }
    data.update(changes)
    return SweepSpec.model_validate(data)
