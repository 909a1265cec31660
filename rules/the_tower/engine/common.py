"""Checks and small updates every step of The Tower shares: a rule broken is an IllegalAction citing it.

A check's message is worded only when the check fails: the engine asks them on every step."""

from __future__ import annotations

from rules.core.events import Events as Events
from rules.the_tower import cards
from rules.the_tower.errors import IllegalAction
from rules.the_tower.events import room_label
from rules.the_tower.model import GameState, points_usable_in_fight
from rules.the_tower.rule_ids import RuleId


def require(condition: bool, message: str, rule: RuleId) -> None:
    """IllegalAction with `message` (the player's words) citing `rule`, unless `condition` holds."""
    if not condition:
        raise IllegalAction(message, rule)


def remove_one(pile: tuple[str, ...], card: str) -> tuple[str, ...]:
    """The pile with one copy of `card` taken out (ValueError when there is none)."""
    i = pile.index(card)
    return pile[:i] + pile[i + 1 :]


def set_slot(floor: tuple[str | None, ...], i: int, value: str | None) -> tuple[str | None, ...]:
    """The floor with room `i` holding `value`: a card, FACE_DOWN, or None once its monster is slain."""
    return (*floor[:i], value, *floor[i + 1 :])


def hand_card(state: GameState, card: str, rule: RuleId) -> None:
    """IllegalAction citing `rule` unless `card` is in the hand, saying whether it is not held or is no card at all."""
    if card not in state.hand:
        raise IllegalAction(
            f"the {cards.name(card)} is not in your hand"
            if cards.is_card(card)
            else f"there is no card {card!r} (cards are written like '7S', '10D', 'KC')",
            rule,
        )


def spend_point(state: GameState, what: str) -> GameState:
    """Checks common to the four actions: the moment allows it and a point is left."""
    if state.phase == "fight":
        mode = state.rules.fight_actions
        require(
            points_usable_in_fight(state),
            "action points are spent before a fight, not during one"
            if mode == "never"
            else "during a fight, action points are spent only when no card in hand can hit the monster",
            "turn.order",
        )
    else:
        require(state.phase == "actions", "action points are spent after the opening draws", "turn.order")
        require(
            state.rules.room_chosen != "before_actions" or state.chosen_room is not None,
            "under this variant the room of the next fight is named before any point is spent",
            "turn.order",
        )
    if state.action_points < 1:
        raise IllegalAction(f"you have no action point left to {what}", "actions.spend")
    return state.replace(action_points=state.action_points - 1)


def room_index(state: GameState, room: int, rule: RuleId) -> None:
    """IllegalAction citing `rule` unless `room` is a room of this floor whose monster is not yet slain."""
    n = len(state.floor)
    if not 0 <= room < n:
        raise IllegalAction(f"there is no room {room + 1} on this floor (rooms 1 to {n})", rule)
    if state.floor[room] is None:
        raise IllegalAction(f"the monster of {room_label(room)} is already slain", rule)
