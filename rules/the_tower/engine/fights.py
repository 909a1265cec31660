"""Fights: naming and entering a room, hits and retaliation, a slain monster and the next floor, leaving."""

from __future__ import annotations

from rules.core.unvalidated import construct, replace
from rules.the_tower import cards
from rules.the_tower.actions import ChooseRoom, FightRoom, Flee, Hit
from rules.the_tower.cards import Pile
from rules.the_tower.engine.common import Events, hand_card, pile_fields, remove_one, require, room_index, set_slot
from rules.the_tower.errors import IllegalAction
from rules.the_tower.events import (
    FightBegins,
    FloorDealt,
    GameWon,
    HitDealt,
    MonsterSlain,
    PlayerDied,
    Retaliation,
    Said,
    room_label,
)
from rules.the_tower.model import (
    FACE_DOWN,
    Fight,
    GameState,
    fightable,
    hit_damage,
    spending_possible,
    waste,
)
from rules.the_tower.rule_ids import RuleId


def choose(state: GameState, action: ChooseRoom, events: Events) -> GameState:
    rule: RuleId = "turn.order"
    require(
        state.rules.room_chosen == "before_actions",
        "the room is chosen after spending action points ('Use them then choose a room and fight')",
        rule,
    )
    require(state.phase == "actions", "a room is named between fights", rule)
    require(state.chosen_room is None, f"{room_label(state.chosen_room or 0)} is already named", rule)
    room_index(state, action.room, rule)
    events.append(Said(rule=rule, text=f"The player names {room_label(action.room)} for the next fight."))
    return replace(state, chosen_room=action.room)


def _stall_message(state: GameState, room: int) -> str:
    card = state.floor[room]
    assert card is not None and card != FACE_DOWN  # only a face-up room can be out of reach
    return f"no card in hand can hit the {cards.name(card)} and no action point could be spent in that fight"


def fight_room(state: GameState, action: FightRoom, events: Events) -> GameState:
    rule: RuleId = "fight.choose room"
    require(state.phase == "actions", "you are already fighting; the assault goes on until one dies", "fight.repeat")
    room_index(state, action.room, rule)
    if state.rules.room_chosen == "before_actions":
        require(state.chosen_room is not None, "name the room of the next fight first", "turn.order")
        require(
            state.chosen_room == action.room,
            f"the room named for this fight is {room_label(state.chosen_room or 0)}",
            "turn.order",
        )
    if state.rules.spend_all_points_before_fight:
        require(
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
    return begin_fight(state, action.room, events)


def begin_fight(state: GameState, room: int, events: Events) -> GameState:
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


def hit(state: GameState, action: Hit, events: Events) -> GameState:
    fight = state.fight
    require(
        state.phase == "fight" and fight is not None, "there is no fight going on; choose a room first", "fight.hit"
    )
    assert fight is not None
    room = state.floor[fight.room]
    assert room is not None
    card = action.card
    hand_card(state, card, "fight.hit")
    damage = hit_damage(card, room, state.rules)
    require(
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
    waste_field = pile_fields(pile)[1]
    state = replace(state, **{"hand": remove_one(state.hand, card), waste_field: (*waste(state, pile), card)})
    if left <= 0:
        return slay(state, fight.room, events)
    strike = state.rules.monster_damage(cards.rank(room), state.floor_number)
    hp = max(state.hp - strike, 0)
    events.append(
        Retaliation(rule="fight.retaliate", monster=room, monster_name=cards.name(room), damage=strike, hp=hp)
    )
    if hp == 0:
        events.append(PlayerDied(rule="end.lose", monster_name=cards.name(room)))
        return replace(state, hp=0, phase="game_over", termination="player_died", fight=None)
    return replace(state, hp=hp, fight=construct(Fight, room=fight.room, monster_hp=left))


def slay(state: GameState, room: int, events: Events) -> GameState:
    """The monster falls: its card is put aside, its action points are won; a cleared floor is followed by
    the next one, or the game is won when the room deck is empty."""
    card = state.floor[room]
    assert card is not None
    won = state.rules.monster(cards.rank(card)).points
    points = state.action_points + won
    events.append(
        MonsterSlain(rule="fight.reward", monster=card, monster_name=cards.name(card), points_won=won, points=points)
    )
    floor = set_slot(state.floor, room, None)
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
    return deal_floor(state, state.floor_number + 1, "floor.next", events)


def deal_floor(state: GameState, number: int, rule: RuleId, events: Events) -> GameState:
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


def flee(state: GameState, action: Flee, events: Events) -> GameState:
    require(
        state.rules.may_leave_fight,
        "a fight goes on until you or your enemy dies ('repeat the assault until you or your enemy dies')",
        "fight.repeat",
    )
    require(state.phase == "fight" and state.fight is not None, "there is no fight to leave", "fight.repeat")
    return leave_fight(state, "The player leaves the fight", events)


def leave_fight(state: GameState, how: str, events: Events) -> GameState:
    fight = state.fight
    assert fight is not None
    events.append(
        Said(
            rule="fight.repeat",
            text=f"{how}: {room_label(fight.room)} stays face up, its monster healed.",
        )
    )
    return replace(state, phase="actions", fight=None)
