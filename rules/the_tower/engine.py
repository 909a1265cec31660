"""The Tower engine: legal actions, one pure step at a time, and the end of the game.

`apply` checks the action (raising IllegalAction with the rule it breaks), performs it, then advances
through every automatic step (the opening draws, dealing a floor, a fight nobody can go on with) until
the player or chance must decide. Nothing here calls `random`: drawing a card and turning a room face up
are chance nodes whose outcomes and exact probabilities `chance_outcomes` gives.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from rules.core.distribution import Distribution
from rules.core.events import Event
from rules.core.outcome import Outcome
from rules.core.protocol import CHANCE, TERMINAL, Game, GameBase
from rules.core.unvalidated import construct, replace
from rules.the_tower import cards, metadata
from rules.the_tower.actions import (
    Action,
    ChooseRoom,
    DrawCard,
    Drink,
    Explore,
    FightRoom,
    Flee,
    Hit,
    RevealCard,
)
from rules.the_tower.cards import Pile
from rules.the_tower.errors import IllegalAction
from rules.the_tower.events import (
    CardDrawn,
    FightBegins,
    FloorDealt,
    GameWon,
    HitDealt,
    MonsterSlain,
    PlayerDied,
    PointSpent,
    PotionDrunk,
    Retaliation,
    RoomRevealed,
    Said,
    room_label,
)
from rules.the_tower.model import (
    FACE_DOWN,
    Fight,
    GameState,
    at_a_loss,
    can_draw,
    deck,
    fightable,
    hit_damage,
    playable_cards,
    points_usable_in_fight,
    setup_draw_needed,
    spending_possible,
    trapped,
    waste,
)
from rules.the_tower.rule_ids import RuleId
from rules.the_tower.variants import Rules

Events = list[Event]


# ---- starting and reading a position ----------------------------------------------------------------
def new_game(rules: Rules | None = None) -> GameState:
    """Sorted, shuffled decks and the opening draws to come (002 'Start the game by sorting cards')."""
    rules = rules or Rules()
    state = construct(
        GameState,
        rules=rules,
        phase="setup",
        hp=rules.starting_hp,
        attack_deck=cards.ATTACK_CARDS,
        potion_deck=cards.POTION_CARDS,
        unseen_rooms=cards.ROOM_CARDS,
    )
    state = _advance(state, [])  # sets the first opening draw (or deals the floor when there is none)
    return GameState.model_validate(dict(state))


def current_player(state: GameState) -> int:
    """0 for the player, CHANCE while a card is drawn or a room turned face up, TERMINAL once the game is
    over."""
    if state.phase == "game_over":
        return TERMINAL
    if state.drawing is not None or state.revealing is not None:
        return CHANCE
    return 0


def is_terminal(state: GameState) -> bool:
    return state.phase == "game_over"


def outcome(state: GameState) -> Outcome | None:
    """Won (1) when every monster is slain; lost (0) when the player died or is trapped."""
    if state.termination is None:
        return None
    termination = metadata.Termination[state.termination.upper()]
    return Outcome.solo(termination, termination is metadata.Termination.ALL_MONSTERS_SLAIN)


def chance_outcomes(state: GameState) -> Distribution[RevealCard]:
    """Each card that can come: uniform over the deck drawn from, or over the unseen room cards when a
    face-down room is turned up (a face-down room is any unseen room card, equally likely)."""
    if state.drawing is not None:
        return _uniform(deck(state, state.drawing))
    if state.revealing is not None:
        return _uniform(state.unseen_rooms)
    raise IllegalAction("no card is being drawn or turned face up, so there is no chance outcome")


@functools.lru_cache(maxsize=4096)
def _uniform(pile: tuple[str, ...]) -> Distribution[RevealCard]:
    return Distribution({construct(RevealCard, card=c): 1 for c in pile})


def probability_of(state: GameState, reveal: RevealCard) -> Fraction:
    """The exact probability of one chance outcome."""
    return chance_outcomes(state)[reveal]


# ---- legal actions ----------------------------------------------------------------------------------
def _spending(state: GameState) -> list[Any]:
    """Ways to spend one action point now (drawing and drinking; exploring outside fights)."""
    if state.action_points < 1:
        return []
    out: list[Any] = [construct(DrawCard, pile=p) for p in ("attack", "potion") if can_draw(state, p)]
    out += [construct(Drink, card=c) for c in state.hand if cards.kind(c) == "potion"]
    if state.phase == "actions":
        out += [construct(Explore, room=i) for i, s in enumerate(state.floor) if s == FACE_DOWN]
    return out


def legal_actions(state: GameState, player: int | None = None) -> list[Any]:
    """Every action the player may take now; at a chance node, the possible cards."""
    who = current_player(state)
    if who == TERMINAL or (player is not None and player != who):
        return []
    if who == CHANCE:
        return list(chance_outcomes(state).outcomes())
    rules = state.rules
    if state.phase == "fight":
        out: list[Any] = [construct(Hit, card=c) for c in playable_cards(state)]
        if points_usable_in_fight(state):
            out += _spending(state)
        if rules.may_leave_fight:
            out.append(construct(Flee))
        return out
    if rules.room_chosen == "before_actions" and state.chosen_room is None:
        return [construct(ChooseRoom, room=i) for i, s in enumerate(state.floor) if s is not None]
    rooms = [i for i in range(len(state.floor)) if fightable(state, i)]
    if state.chosen_room is not None:
        rooms = [i for i in rooms if i == state.chosen_room]
    spending = _spending(state)
    if rules.spend_all_points_before_fight and spending:
        return spending
    return spending + [construct(FightRoom, room=i) for i in rooms]


# ---- small helpers ----------------------------------------------------------------------------------
def _require(condition: bool, message: str, rule: RuleId) -> None:
    if not condition:
        raise IllegalAction(message, rule)


def _remove_one(pile: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = pile.index(card)
    return pile[:i] + pile[i + 1 :]


def _pile_fields(pile: Pile) -> tuple[str, str]:
    return (f"{pile}_deck", f"{pile}_waste")


def _set_slot(floor: tuple[str | None, ...], i: int, value: str | None) -> tuple[str | None, ...]:
    return (*floor[:i], value, *floor[i + 1 :])


def _hand_card(state: GameState, card: str, rule: RuleId) -> None:
    _require(
        card in state.hand,
        f"the {cards.name(card)} is not in your hand"
        if cards.is_card(card)
        else f"there is no card {card!r} (cards are written like '7S', '10D', 'KC')",
        rule,
    )


def _spend_point(state: GameState, what: str) -> GameState:
    """Checks common to the four actions: the moment allows it and a point is left."""
    if state.phase == "fight":
        mode = state.rules.fight_actions
        _require(
            points_usable_in_fight(state),
            "action points are spent before a fight, not during one"
            if mode == "never"
            else "during a fight, action points are spent only when no card in hand can hit the monster",
            "turn.order",
        )
    else:
        _require(state.phase == "actions", "action points are spent after the opening draws", "turn.order")
        _require(
            state.rules.room_chosen != "before_actions" or state.chosen_room is not None,
            "under this variant the room of the next fight is named before any point is spent",
            "turn.order",
        )
    _require(state.action_points >= 1, f"you have no action point left to {what}", "actions.spend")
    return replace(state, action_points=state.action_points - 1)


# ---- apply ------------------------------------------------------------------------------------------
def apply(state: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
    """The position after `action` and the events it caused, through every automatic step after it."""
    if state.phase == "game_over":
        raise IllegalAction("the game is over", "end.win" if state.termination == "all_monsters_slain" else "end.lose")
    who = current_player(state)
    if isinstance(action, RevealCard):
        _require(who == CHANCE, "no card is being drawn or turned face up now", "setup.decks")
    else:
        _require(who != CHANCE, "a card is being drawn or turned face up; reveal it first", "setup.decks")
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise IllegalAction(f"unknown action {action!r}")
    events: Events = []
    state = handler(state, action, events)
    state = _advance(state, events)
    return state, tuple(events)


def _draw(state: GameState, action: DrawCard, events: Events) -> GameState:
    pile = action.pile
    what = "draw an attack card" if pile == "attack" else "draw a potion card"
    rule: RuleId = "actions.draw attack" if pile == "attack" else "actions.draw potion"
    state = _spend_point(state, what)
    limit = state.rules.hand_limit
    _require(limit is None or len(state.hand) < limit, f"the hand is full ({limit} cards at most)", rule)
    if not deck(state, pile):
        used = waste(state, pile)
        _require(
            state.rules.empty_deck == "reshuffle" and bool(used),
            f"the {pile} deck is empty, and used cards are put aside for good",
            "waste",
        )
        deck_field, waste_field = _pile_fields(pile)
        state = replace(state, **{deck_field: cards.sort_cards(used), waste_field: ()})
        events.append(
            Said(rule="waste", text=f"The {len(used)} used {pile} cards are shuffled into a new {pile} deck.")
        )
    events.append(PointSpent(rule=rule, what=what, points_left=state.action_points))
    return replace(state, drawing=pile)


def _reveal(state: GameState, action: RevealCard, events: Events) -> GameState:
    card = action.card
    if state.drawing is not None:
        pile = state.drawing
        source = deck(state, pile)
        _require(card in source, f"{card!r} is not in the {pile} deck", "setup.decks")
        drawn: RuleId = "actions.draw attack" if pile == "attack" else "actions.draw potion"
        rule: RuleId = "setup.draw" if state.phase == "setup" else drawn
        events.append(CardDrawn(rule=rule, pile=pile, card=card, card_name=cards.name(card)))
        return replace(
            state,
            **{
                _pile_fields(pile)[0]: _remove_one(source, card),
                "hand": cards.sort_cards((*state.hand, card)),
                "drawing": None,
            },
        )
    room = state.revealing
    assert room is not None
    _require(card in state.unseen_rooms, f"{card!r} is not an unseen room card", "actions.explore")
    state = replace(
        state,
        floor=_set_slot(state.floor, room, card),
        unseen_rooms=_remove_one(state.unseen_rooms, card),
        revealing=None,
    )
    if state.phase == "fight":
        return _begin_fight(state, room, events)
    events.append(RoomRevealed(rule="actions.explore", room=room, card=card, card_name=cards.name(card)))
    return state


def _drink(state: GameState, action: Drink, events: Events) -> GameState:
    rule: RuleId = "actions.drink"
    _hand_card(state, action.card, rule)
    _require(
        cards.kind(action.card) == "potion",
        f"only potions (numbered hearts) can be drunk; the {cards.name(action.card)} is an attack card",
        rule,
    )
    state = _spend_point(state, "drink a potion")
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
        hand=_remove_one(state.hand, action.card),
        potion_waste=(*state.potion_waste, action.card),
    )


def _room_index(state: GameState, room: int, rule: RuleId) -> None:
    n = len(state.floor)
    _require(0 <= room < n, f"there is no room {room + 1} on this floor (rooms 1 to {n})", rule)
    _require(state.floor[room] is not None, f"the monster of {room_label(room)} is already slain", rule)


def _explore(state: GameState, action: Explore, events: Events) -> GameState:
    rule: RuleId = "actions.explore"
    _require(state.phase == "actions", "rooms are explored before a fight, not during one", rule)
    _room_index(state, action.room, rule)
    _require(state.floor[action.room] == FACE_DOWN, f"{room_label(action.room)} is already face up", rule)
    what = f"explore {room_label(action.room)}"
    state = _spend_point(state, what)
    events.append(PointSpent(rule=rule, what=what, points_left=state.action_points))
    return replace(state, revealing=action.room)


def _choose(state: GameState, action: ChooseRoom, events: Events) -> GameState:
    rule: RuleId = "turn.order"
    _require(
        state.rules.room_chosen == "before_actions",
        "the room is chosen after spending action points ('Use them then choose a room and fight')",
        rule,
    )
    _require(state.phase == "actions", "a room is named between fights", rule)
    _require(state.chosen_room is None, f"{room_label(state.chosen_room or 0)} is already named", rule)
    _room_index(state, action.room, rule)
    events.append(Said(rule=rule, text=f"The player names {room_label(action.room)} for the next fight."))
    return replace(state, chosen_room=action.room)


def _stall_message(state: GameState, room: int) -> str:
    card = state.floor[room]
    assert card is not None and card != FACE_DOWN  # only a face-up room can be out of reach
    return f"no card in hand can hit the {cards.name(card)} and no action point could be spent in that fight"


def _fight_room(state: GameState, action: FightRoom, events: Events) -> GameState:
    rule: RuleId = "fight.choose room"
    _require(state.phase == "actions", "you are already fighting; the assault goes on until one dies", "fight.repeat")
    _room_index(state, action.room, rule)
    if state.rules.room_chosen == "before_actions":
        _require(state.chosen_room is not None, "name the room of the next fight first", "turn.order")
        _require(
            state.chosen_room == action.room,
            f"the room named for this fight is {room_label(state.chosen_room or 0)}",
            "turn.order",
        )
    if state.rules.spend_all_points_before_fight:
        _require(
            not spending_possible(state),
            "under this variant every action point that can be spent is spent before a fight",
            "turn.order",
        )
    if not fightable(state, action.room):
        raise IllegalAction(_stall_message(state, action.room), "fight.repeat")
    state = replace(state, chosen_room=None)
    if state.floor[action.room] == FACE_DOWN:
        events.append(
            Said(
                rule=rule,
                text=f"The player enters {room_label(action.room)}, still face down, to fight what lies inside.",
            )
        )
        return replace(state, phase="fight", revealing=action.room)
    return _begin_fight(state, action.room, events)


def _begin_fight(state: GameState, room: int, events: Events) -> GameState:
    card = state.floor[room]
    assert card is not None and card != FACE_DOWN
    stats = state.rules.monster(cards.rank(card))
    events.append(
        FightBegins(
            rule="fight.choose room",
            room=room,
            card=card,
            card_name=cards.name(card),
            monster_hp=stats.hp,
            damage=state.rules.monster_damage(cards.rank(card), state.floor_number),
        )
    )
    return replace(state, phase="fight", fight=construct(Fight, room=room, monster_hp=stats.hp))


def _hit(state: GameState, action: Hit, events: Events) -> GameState:
    fight = state.fight
    _require(
        state.phase == "fight" and fight is not None, "there is no fight going on; choose a room first", "fight.hit"
    )
    assert fight is not None
    room = state.floor[fight.room]
    assert room is not None
    card = action.card
    _hand_card(state, card, "fight.hit")
    damage = hit_damage(card, room, state.rules)
    _require(
        damage is not None,
        f"you cannot use the same suit as the room card: the {cards.name(card)} cannot hit the {cards.name(room)}",
        "fight.suit",
    )
    assert damage is not None
    pile: Pile = "potion" if cards.kind(card) == "potion" else "attack"
    if pile == "potion":
        events.append(
            Said(rule="fight.potion", text=f"The {cards.name(card)} is used as an attack: it can no longer be drunk.")
        )
    doubled = cards.is_red(card) != cards.is_red(room)
    left = fight.monster_hp - damage
    events.append(
        HitDealt(
            rule="fight.double" if doubled else "fight.colour",
            card=card,
            card_name=cards.name(card),
            monster=room,
            monster_name=cards.name(room),
            damage=damage,
            doubled=doubled,
            monster_hp=max(left, 0),
        )
    )
    waste_field = _pile_fields(pile)[1]
    state = replace(state, **{"hand": _remove_one(state.hand, card), waste_field: (*waste(state, pile), card)})
    if left <= 0:
        return _slay(state, fight.room, events)
    strike = state.rules.monster_damage(cards.rank(room), state.floor_number)
    hp = max(state.hp - strike, 0)
    events.append(
        Retaliation(rule="fight.retaliate", monster=room, monster_name=cards.name(room), damage=strike, hp=hp)
    )
    if hp == 0:
        events.append(PlayerDied(rule="end.lose", monster_name=cards.name(room)))
        return replace(state, hp=0, phase="game_over", termination="player_died", fight=None)
    return replace(state, hp=hp, fight=construct(Fight, room=fight.room, monster_hp=left))


def _slay(state: GameState, room: int, events: Events) -> GameState:
    """The monster falls: its card is put aside, its action points are won; a cleared floor is followed by
    the next one, or the game is won when the room deck is empty."""
    card = state.floor[room]
    assert card is not None
    won = state.rules.monster(cards.rank(card)).points
    points = state.action_points + won
    events.append(
        MonsterSlain(rule="fight.reward", monster=card, monster_name=cards.name(card), points_won=won, points=points)
    )
    floor = _set_slot(state.floor, room, None)
    state = replace(
        state,
        phase="actions",
        fight=None,
        floor=floor,
        room_waste=(*state.room_waste, card),
        action_points=points,
    )
    if any(s is not None for s in floor):
        return state
    if not state.unseen_rooms:
        events.append(GameWon(rule="end.win"))
        return replace(state, phase="game_over", termination="all_monsters_slain")
    return _deal_floor(state, state.floor_number + 1, "floor.next", events)


def _deal_floor(state: GameState, number: int, rule: RuleId, events: Events) -> GameState:
    n = min(state.rules.rooms_per_floor, len(state.unseen_rooms))
    events.append(FloorDealt(rule=rule, floor_number=number, rooms=n))
    if number > 1:
        events.append(
            Said(
                rule="floor.damage",
                text=f"On floor {number} every monster deals {number - 1} more damage than on the first.",
            )
        )
    return replace(state, floor=(FACE_DOWN,) * n, floor_number=number)


def _flee(state: GameState, action: Flee, events: Events) -> GameState:
    _require(
        state.rules.may_leave_fight,
        "a fight goes on until you or your enemy dies ('repeat the assault until you or your enemy dies')",
        "fight.repeat",
    )
    _require(state.phase == "fight" and state.fight is not None, "there is no fight to leave", "fight.repeat")
    return _leave_fight(state, "The player leaves the fight", events)


def _leave_fight(state: GameState, how: str, events: Events) -> GameState:
    fight = state.fight
    assert fight is not None
    events.append(
        Said(
            rule="fight.repeat",
            text=f"{how}: {room_label(fight.room)} stays face up, its monster healed.",
        )
    )
    return replace(state, phase="actions", fight=None)


_HANDLERS: dict[type, Callable[[GameState, Any, Events], GameState]] = {
    DrawCard: _draw,
    RevealCard: _reveal,
    Drink: _drink,
    Explore: _explore,
    ChooseRoom: _choose,
    FightRoom: _fight_room,
    Hit: _hit,
    Flee: _flee,
}


# ---- automatic steps --------------------------------------------------------------------------------
def _advance(state: GameState, events: Events) -> GameState:
    """Steps nobody decides: the next opening draw, the first floor, a fight that cannot go on, a trap."""
    while True:
        if state.phase == "setup" and state.drawing is None:
            need = setup_draw_needed(state)
            if need is not None:
                state = replace(state, drawing=need)
                continue
            state = replace(state, phase="actions", action_points=state.rules.starting_action_points)
            state = _deal_floor(state, 1, "floor.deal", events)
            events.append(
                Said(
                    rule="turn.order",
                    text=f"The player starts with {state.hp} HP and {state.action_points} action points.",
                )
            )
            continue
        if at_a_loss(state):
            room = state.monster_card
            assert room is not None
            if state.rules.stuck == "flee":
                state = _leave_fight(state, f"No card in hand can hit the {cards.name(room)}; the player flees", events)
                continue
            events.append(
                Said(
                    rule="fight.repeat",
                    text=f"No card in hand can hit the {cards.name(room)} and no action point can be spent: "
                    f"the assault cannot go on, and the {cards.name(room)} strikes until the player falls.",
                )
            )
            events.append(PlayerDied(rule="end.lose", monster_name=cards.name(room)))
            return replace(state, hp=0, phase="game_over", termination="player_died", fight=None)
        if trapped(state):
            events.append(
                Said(
                    rule="fight.repeat",
                    text="No room left can be fought and no action point spent: the player is trapped "
                    "in the tower and the game is lost.",
                )
            )
            return replace(state, phase="game_over", termination="player_trapped")
        return state


# ---- the protocol object ----------------------------------------------------------------------------
class TheTower(GameBase):
    """The engine as an object implementing `rules.core.Game` (for sessions and generic tools)."""

    card = metadata.CARD
    current_player = staticmethod(current_player)
    legal_actions = staticmethod(legal_actions)
    chance_outcomes = staticmethod(chance_outcomes)
    apply = staticmethod(apply)
    is_terminal = staticmethod(is_terminal)
    outcome = staticmethod(outcome)

    def num_players(self, state: GameState) -> int:
        return 1


GAME: Game[GameState, Any] = TheTower()
