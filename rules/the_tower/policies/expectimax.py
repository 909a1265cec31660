"""A player that weighs HP against the cards it keeps: expectimax over each choice and the next fight.

Between fights, every legal choice (draw, drink, explore, or fight a room) is valued by the exact
outlook of the next fight after it - each draw and room turned up weighed by its probability, each fight
played by the exact fight solver - but the outlook is reduced to one number that trades HP against the
cards kept for later fights, instead of putting the chance to slay and the HP first whatever the cost
in cards. In a fight it plays the solver's best line.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rules.core.chance import ChanceSampler
from rules.the_tower import engine
from rules.the_tower.actions import ChooseRoom, FightRoom, Flee
from rules.the_tower.analysis import advice, fights, outlook
from rules.the_tower.model import GameState

CARD_WORTH = Fraction(1, 2)
"""What one number of a card kept for later fights is worth, in HP kept after the next fight."""

POTION_WORTH = Fraction(1, 4)
"""What one number of a potion kept is worth on top (a potion can also heal later)."""

SLAY_WORTH = Fraction(4)
"""What slaying the next monster is worth on top of the HP and cards left (its points, the floor won)."""


def worth(value: fights.Value) -> Fraction:
    """One number for an outlook (chance to slay, HP after, potions kept, cards kept); dying is worth 0."""
    slay, hp, potions, cards = value
    return SLAY_WORTH * slay + hp + POTION_WORTH * potions + CARD_WORTH * cards


def best_fight_worth(state: GameState) -> Fraction:
    """The worth of fighting the best room now (every face-down room has the same odds)."""
    rooms = outlook.rooms_to_weigh(state)
    if not rooms:
        return Fraction(state.hp)
    return max(worth(outlook.room_value(state, i, False)) for i in rooms)


def choice_worth(state: GameState, action: Any) -> Fraction:
    """The worth of a choice between fights: its chance step weighed exactly, then the best fight."""
    if isinstance(action, FightRoom | ChooseRoom):
        return worth(outlook.room_value(state, action.room, False))
    return sum((p * w for p, w in advice.after_choice(state, action, best_fight_worth)), Fraction(0))


class ExpectimaxPolicy:
    """Between fights: the choice whose next fight is worth most (HP, cards kept and the kill weighed
    together, every chance step exact); among equals, fighting now keeps the point. In a fight: the
    exact solver's best line (never leaving at will, as the greedy policy)."""

    name = "expectimax"

    def choose(self, state: GameState, sampler: ChanceSampler, player: int) -> Any:
        if state.phase == "fight":
            choices = advice.fight_advice(state)
            return next((c.action for c in choices if not isinstance(c.action, Flee)), choices[0].action)
        actions = engine.legal_actions(state)
        scored = [(choice_worth(state, a), isinstance(a, FightRoom | ChooseRoom), -i) for i, a in enumerate(actions)]
        return actions[-max(scored)[2]]
