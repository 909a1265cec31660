"""Spending action points (draw, drink, explore) and the chance step that turns a card over."""

from __future__ import annotations

from rules.core.unvalidated import replace
from rules.the_tower import cards
from rules.the_tower.actions import DrawCard, Drink, Explore, RevealCard
from rules.the_tower.engine.common import (
    Events,
    hand_card,
    pile_fields,
    remove_one,
    require,
    room_index,
    set_slot,
    spend_point,
)
from rules.the_tower.engine.fights import begin_fight
from rules.the_tower.events import (
    CardDrawn,
    PointSpent,
    PotionDrunk,
    RoomRevealed,
    Said,
    room_label,
)
from rules.the_tower.model import (
    FACE_DOWN,
    GameState,
    deck,
    waste,
)
from rules.the_tower.rule_ids import RuleId


def draw(state: GameState, action: DrawCard, events: Events) -> GameState:
    pile = action.pile
    what = "draw an attack card" if pile == "attack" else "draw a potion card"
    rule: RuleId = "actions.draw attack" if pile == "attack" else "actions.draw potion"
    state = spend_point(state, what)
    limit = state.rules.hand_limit
    require(limit is None or len(state.hand) < limit, f"the hand is full ({limit} cards at most)", rule)
    if not deck(state, pile):
        used = waste(state, pile)
        require(
            state.rules.empty_deck == "reshuffle" and bool(used),
            f"the {pile} deck is empty, and used cards are put aside for good",
            "waste",
        )
        deck_field, waste_field = pile_fields(pile)
        state = replace(state, **{deck_field: cards.sort_cards(used), waste_field: ()})
        events.append(
            Said(rule="waste", text=f"The {len(used)} used {pile} cards are shuffled into a new {pile} deck.")
        )
    events.append(PointSpent(rule=rule, what=what, points_left=state.action_points))
    return replace(state, drawing=pile)


def reveal(state: GameState, action: RevealCard, events: Events) -> GameState:
    card = action.card
    if state.drawing is not None:
        pile = state.drawing
        source = deck(state, pile)
        require(card in source, f"{card!r} is not in the {pile} deck", "setup.decks")
        drawn: RuleId = "actions.draw attack" if pile == "attack" else "actions.draw potion"
        rule: RuleId = "setup.draw" if state.phase == "setup" else drawn
        events.append(CardDrawn(rule=rule, pile=pile, card=card, card_name=cards.name(card)))
        return replace(
            state,
            **{
                pile_fields(pile)[0]: remove_one(source, card),
                "hand": cards.sort_cards((*state.hand, card)),
                "drawing": None,
            },
        )
    room = state.revealing
    assert room is not None
    require(card in state.unseen_rooms, f"{card!r} is not an unseen room card", "actions.explore")
    state = replace(
        state,
        floor=set_slot(state.floor, room, card),
        unseen_rooms=remove_one(state.unseen_rooms, card),
        revealing=None,
    )
    if state.phase == "fight":
        return begin_fight(state, room, events)
    events.append(RoomRevealed(rule="actions.explore", room=room, card=card, card_name=cards.name(card)))
    return state


def drink(state: GameState, action: Drink, events: Events) -> GameState:
    rule: RuleId = "actions.drink"
    hand_card(state, action.card, rule)
    require(
        cards.kind(action.card) == "potion",
        f"only potions (numbered hearts) can be drunk; the {cards.name(action.card)} is an attack card",
        rule,
    )
    state = spend_point(state, "drink a potion")
    cap = state.rules.hp_cap
    hp = state.hp + cards.value(action.card)
    if cap is not None:
        hp = max(state.hp, min(hp, cap))
    events.append(PointSpent(rule=rule, what="drink a potion", points_left=state.action_points))
    events.append(
        PotionDrunk(rule=rule, card=action.card, card_name=cards.name(action.card), healed=hp - state.hp, hp=hp)
    )
    return replace(
        state,
        hp=hp,
        hand=remove_one(state.hand, action.card),
        potion_waste=(*state.potion_waste, action.card),
    )


def explore(state: GameState, action: Explore, events: Events) -> GameState:
    rule: RuleId = "actions.explore"
    require(state.phase == "actions", "rooms are explored before a fight, not during one", rule)
    room_index(state, action.room, rule)
    require(state.floor[action.room] == FACE_DOWN, f"{room_label(action.room)} is already face up", rule)
    what = f"explore {room_label(action.room)}"
    state = spend_point(state, what)
    events.append(PointSpent(rule=rule, what=what, points_left=state.action_points))
    return replace(state, revealing=action.room)
