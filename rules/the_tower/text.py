"""The Tower in words: every action as a player would say it."""

from __future__ import annotations

from typing import Any

from rules.the_tower import cards
from rules.the_tower.actions import ChooseRoom, DrawCard, Drink, Explore, FightRoom, Flee, Hit


def describe_action(action: Any) -> str:
    """An action in words, as a player would say it."""
    if isinstance(action, DrawCard):
        return f"draw {'an attack' if action.pile == 'attack' else 'a potion'} card"
    if isinstance(action, Drink):
        return f"drink the {cards.name(action.card)}"
    if isinstance(action, Explore):
        return f"explore room {action.room + 1}"
    if isinstance(action, FightRoom):
        return f"fight room {action.room + 1}"
    if isinstance(action, ChooseRoom):
        return f"name room {action.room + 1} for the next fight"
    if isinstance(action, Hit):
        return f"hit with the {cards.name(action.card)}"
    if isinstance(action, Flee):
        return "leave the fight"
    return str(action)
