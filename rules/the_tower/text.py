"""The Tower in words: every action as a player would say it, and where the game stands."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.the_tower import cards
from rules.the_tower.actions import ChooseRoom, DrawCard, Drink, Explore, FightRoom, Flee, Hit

if TYPE_CHECKING:
    from rules.the_tower.model import GameState


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


def phase_words(state: GameState) -> str:
    """Where the game stands, as the panel's status line says it: 'Floor 1, spending action points or
    choosing a room' (or the card being drawn, the room turned up, the fight, set up, or the end and why)."""
    head = f"Floor {state.floor_number}"
    if state.phase == "game_over":
        return f"{head}, game over ({(state.termination or '').replace('_', ' ')})"
    if state.drawing is not None:
        return f"{head}, drawing a{'n' if state.drawing == 'attack' else ''} {state.drawing} card"
    if state.revealing is not None:
        return f"{head}, turning room {state.revealing + 1} face up"
    if state.phase == "fight" and state.fight is not None:
        room = state.monster_card or ""
        return f"{head}, fighting the {cards.name(room)} in room {state.fight.room + 1}"
    if state.phase == "setup":
        return f"{head}, set up"
    return f"{head}, spending action points or choosing a room"
