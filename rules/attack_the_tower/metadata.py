"""Attack the Tower's card for the game protocol: who plays, how it ends, and how long it can last."""

from __future__ import annotations

import enum

from rules.attack_the_tower.variants import Rules
from rules.core.outcome import Utility
from rules.core.protocol import ChanceMode, Dynamics, GameCard, Information, UnboundedGame

SPECIAL_TROOPS_AT_MOST = 3
"""004: each special troop needs a complete territory, and a player has three."""
STEPS_PER_BATTLE_AT_MOST = 2 * (2 + 5)
"""A battle and the palace battle after it: two passes closing each ability window and at most five
combat submissions (initiative and regular from both sides, then the unmanned bases)."""


class Termination(enum.Enum):
    """Every way a game of Attack the Tower ends."""

    PALACE_DESTROYED = "palace destroyed"
    TURN_LIMIT = "turn limit reached"


def max_game_length(rules: Rules) -> int:
    """A bound on the steps of a whole game (chance steps included) under `rules`.

    It needs the three limits a rulebook game does not have: `turn_limit`, `max_burns` (004: 'you may burn
    them as many times as you want') and `attacks_per_territory_per_turn`."""
    missing = [
        name for name in ("turn_limit", "max_burns", "attacks_per_territory_per_turn") if getattr(rules, name) is None
    ]
    if missing:
        names = f"{', '.join(missing[:-1])} and {missing[-1]} are" if len(missing) > 1 else f"{missing[0]} is"
        raise UnboundedGame(f"a game has no length bound unless {names} set")
    assert rules.turn_limit is not None and rules.max_burns is not None
    assert rules.attacks_per_territory_per_turn is not None
    draws = rules.renewal_draws + SPECIAL_TROOPS_AT_MOST
    hand = rules.hand_limit + draws
    slots = 9
    setup = 2 * ((rules.max_burns + 1) * (2 * rules.opening_draw + 1) + rules.opening_draw + slots + 1)
    renewal = 2 * (2 * draws + draws + hand + slots + 1)
    plays = 2 * (2 * hand)  # every card of both hands, each followed by the other side's answer
    attacks = 3 * rules.attacks_per_territory_per_turn * STEPS_PER_BATTLE_AT_MOST
    per_turn = 1 + renewal + plays + attacks + 1
    return setup + rules.turn_limit * per_turn + 1


CARD = GameCard(
    short_name="attack_the_tower",
    long_name="Attack the Tower",
    min_players=2,
    max_players=2,
    dynamics=Dynamics.SIMULTANEOUS_STEPS,
    chance=ChanceMode.EXPLICIT_EXACT,
    information=Information.IMPERFECT,
    utility=Utility.ZERO_SUM,
    min_return=-1,
    max_return=1,
    termination=Termination,
    max_legal_actions=2**16,
    max_chance_outcomes=50,
    max_game_length=max_game_length,
    source="004 manual; 000 Undead; 001 Bandits",
)
