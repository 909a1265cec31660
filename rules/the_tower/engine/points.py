"""Spending action points (draw, drink, explore) and the chance step that turns a card over."""

from __future__ import annotations

from rules.the_tower import cards
from rules.the_tower.actions import DrawCard, Drink, Explore, RevealCard
from rules.the_tower.engine.common import (
    Events,
    hand_card,
    remove_one,
    require,
    room_index,
    set_slot,
    spend_point,
)
from rules.the_tower.engine.fights import begin_fight
from rules.the_tower.errors import IllegalAction
from rules.the_tower.events import (
    CardDrawn,
    PointSpent,
    PotionDrunk,
    RoomRevealed,
    room_label,
    say,
)
from rules.the_tower.model import (
    FACE_DOWN,
    GameState,
    deck,
    waste,
)
from rules.the_tower.rule_ids import RuleId


def draw(state: GameState, action: DrawCard, events: Events) -> GameState:
    """Spend an action point to draw an attack or a potion card, chance revealing it next; an empty deck is reshuffled
    from its used cards under variant.empty_deck, else IllegalAction, as with a full hand under variant.hand_limit."""
    pile = action.pile
    if pile not in ("attack", "potion"):
        raise IllegalAction(f"there is no {pile!r} deck: draw an attack or a potion card", "actions.spend")
    what = "draw an attack card" if pile == "attack" else "draw a potion card"
    rule: RuleId = "actions.draw attack" if pile == "attack" else "actions.draw potion"
    state = spend_point(state, what)
    limit = state.rules.hand_limit
    if limit is not None and len(state.hand) >= limit:
        raise IllegalAction(f"the hand is full ({limit} cards at most)", rule)
    if not deck(state, pile):
        used = waste(state, pile)
        require(
            state.rules.empty_deck == "reshuffle" and bool(used),
            f"the {pile} deck is empty, and used cards are put aside for good",
            "waste",
        )
        state = state.with_pile(pile, cards.sort_cards(used), ())
        say(events, "waste", f"The {len(used)} used {pile} cards are shuffled into a new {pile} deck.")
    events.append(PointSpent(rule=rule, what=what, points_left=state.action_points))
    return state.replace(drawing=pile)


def reveal(state: GameState, action: RevealCard, events: Events) -> GameState:
    """Chance's step: the card drawn joins the hand, or a face-down room is turned up (and fought when it was entered);
    IllegalAction when the card is not in the deck drawn from or not among the unseen room cards."""
    card = action.card
    pile = state.drawing
    if pile is not None:
        source = deck(state, pile)
        if card not in source:
            raise IllegalAction(f"{card!r} is not in the {pile} deck", "setup.decks")
        if events.narrate:
            drawn: RuleId = "actions.draw attack" if pile == "attack" else "actions.draw potion"
            rule: RuleId = "setup.draw" if state.phase == "setup" else drawn
            events.append(CardDrawn(rule=rule, pile=pile, card=card, card_name=cards.name(card)))
        hand = cards.sort_cards((*state.hand, card))
        if pile == "attack":
            return state.replace(attack_deck=remove_one(source, card), hand=hand, drawing=None)
        return state.replace(potion_deck=remove_one(source, card), hand=hand, drawing=None)
    room = state.revealing
    assert room is not None
    if card not in state.unseen_rooms:
        raise IllegalAction(f"{card!r} is not an unseen room card", "actions.explore")
    state = state.replace(
        floor=set_slot(state.floor, room, card),
        unseen_rooms=remove_one(state.unseen_rooms, card),
        revealing=None,
    )
    if state.phase == "fight":
        return begin_fight(state, room, events)
    if events.narrate:
        events.append(RoomRevealed(rule="actions.explore", room=room, card=card, card_name=cards.name(card)))
    return state


def drink(state: GameState, action: Drink, events: Events) -> GameState:
    """Spend an action point to drink a potion from the hand (actions.drink): HP rise by its value, up to
    variant.hp_cap; IllegalAction for a card not in hand or not a potion."""
    rule: RuleId = "actions.drink"
    card = action.card
    hand_card(state, card, rule)
    if cards.kind(card) != "potion":
        raise IllegalAction(
            f"only potions (numbered hearts) can be drunk; the {cards.name(card)} is an attack card", rule
        )
    state = spend_point(state, "drink a potion")
    cap = state.rules.hp_cap
    hp = state.hp + cards.value(card)
    if cap is not None:
        hp = max(state.hp, min(hp, cap))
    if events.narrate:
        events.append(PointSpent(rule=rule, what="drink a potion", points_left=state.action_points))
        events.append(PotionDrunk(rule=rule, card=card, card_name=cards.name(card), healed=hp - state.hp, hp=hp))
    return state.replace(hp=hp, hand=remove_one(state.hand, card), potion_waste=(*state.potion_waste, card))


def explore(state: GameState, action: Explore, events: Events) -> GameState:
    """Spend an action point to turn a face-down room up before a fight (actions.explore), chance revealing it next;
    IllegalAction during a fight, for a room with no monster, or a room already face up."""
    rule: RuleId = "actions.explore"
    require(state.phase == "actions", "rooms are explored before a fight, not during one", rule)
    room = action.room
    room_index(state, room, rule)
    if state.floor[room] != FACE_DOWN:
        raise IllegalAction(f"{room_label(room)} is already face up", rule)
    what = f"explore {room_label(room)}"
    state = spend_point(state, what)
    events.append(PointSpent(rule=rule, what=what, points_left=state.action_points))
    return state.replace(revealing=room)
