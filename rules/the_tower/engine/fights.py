"""Fights: naming and entering a room, hits and retaliation, a slain monster and the next floor, leaving."""

from __future__ import annotations

from rules.the_tower import cards
from rules.the_tower.actions import ChooseRoom, FightRoom, Flee, Hit
from rules.the_tower.engine.common import Events, hand_card, remove_one, require, room_index, set_slot
from rules.the_tower.errors import IllegalAction
from rules.the_tower.events import (
    FightBegins,
    FloorDealt,
    GameWon,
    HitDealt,
    MonsterSlain,
    PlayerDied,
    Retaliation,
    room_label,
    say,
)
from rules.the_tower.model import (
    FACE_DOWN,
    Fight,
    GameState,
    fightable,
    hit_damage,
    spending_possible,
)
from rules.the_tower.rule_ids import RuleId


def choose(state: GameState, action: ChooseRoom, events: Events) -> GameState:
    """Name the room of the next fight before spending points (variant.room_chosen 'before_actions', turn.order);
    IllegalAction under the rulebook's order, during a fight, once a room is named, or for a room with no monster."""
    rule: RuleId = "turn.order"
    require(
        state.rules.room_chosen == "before_actions",
        "the room is chosen after spending action points ('Use them then choose a room and fight')",
        rule,
    )
    require(state.phase == "actions", "a room is named between fights", rule)
    if state.chosen_room is not None:
        raise IllegalAction(f"{room_label(state.chosen_room)} is already named", rule)
    room_index(state, action.room, rule)
    if events.narrate:
        say(events, rule, f"The player names {room_label(action.room)} for the next fight.")
    return state.replace(chosen_room=action.room)


def _stall_message(state: GameState, room: int) -> str:
    card = state.floor[room]
    assert card is not None and card != FACE_DOWN  # only a face-up room can be out of reach
    return f"no card in hand can hit the {cards.name(card)} and no action point could be spent in that fight"


def fight_room(state: GameState, action: FightRoom, events: Events) -> GameState:
    """Enter a room to fight its monster (fight.choose room), a face-down room turned up by chance first; IllegalAction
    during a fight, for a room not the one named, with points left to spend (variant), or a monster out of reach."""
    rule: RuleId = "fight.choose room"
    require(state.phase == "actions", "you are already fighting; the assault goes on until one dies", "fight.repeat")
    room_index(state, action.room, rule)
    if state.rules.room_chosen == "before_actions":
        require(state.chosen_room is not None, "name the room of the next fight first", "turn.order")
        if state.chosen_room != action.room:
            raise IllegalAction(f"the room named for this fight is {room_label(state.chosen_room or 0)}", "turn.order")
    if state.rules.spend_all_points_before_fight:
        require(
            not spending_possible(state),
            "under this variant every action point that can be spent is spent before a fight",
            "turn.order",
        )
    if not fightable(state, action.room):
        raise IllegalAction(_stall_message(state, action.room), "fight.repeat")
    if state.floor[action.room] == FACE_DOWN:
        if events.narrate:
            say(
                events,
                rule,
                f"The player enters {room_label(action.room)}, still face down, to fight what lies inside.",
            )
        return state.replace(chosen_room=None, phase="fight", revealing=action.room)
    return begin_fight(state.replace(chosen_room=None), action.room, events)


def begin_fight(state: GameState, room: int, events: Events) -> GameState:
    """The fight with the monster of the face-up room `room` begins, the monster at its full HP (fight.choose room)."""
    card = state.floor[room]
    assert card is not None and card != FACE_DOWN
    stats = state.rules.monster(cards.rank(card))
    if events.narrate:
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
    return state.replace(phase="fight", fight=Fight(room, stats.hp))


def hit(state: GameState, action: Hit, events: Events) -> GameState:
    """Hit the monster with a card from the hand (fight.hit): it is slain, or strikes back (fight.retaliate) and may
    kill the player; IllegalAction outside a fight, for a card not in hand, or one of the room's suit (fight.suit)."""
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
    if damage is None:
        raise IllegalAction(
            f"you cannot use the same suit as the room card: the {cards.name(card)} cannot hit the {cards.name(room)}",
            "fight.suit",
        )
    potion = cards.kind(card) == "potion"
    left = fight.monster_hp - damage
    if events.narrate:
        if potion:
            say(events, "fight.potion", f"The {cards.name(card)} is used as an attack: it can no longer be drunk.")
        doubled = cards.is_red(card) != cards.is_red(room)
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
    hand = remove_one(state.hand, card)
    if potion:
        state = state.replace(hand=hand, potion_waste=(*state.potion_waste, card))
    else:
        state = state.replace(hand=hand, attack_waste=(*state.attack_waste, card))
    if left <= 0:
        return slay(state, fight.room, events)
    strike = state.rules.monster_damage(cards.rank(room), state.floor_number)
    hp = max(state.hp - strike, 0)
    if events.narrate:
        events.append(
            Retaliation(rule="fight.retaliate", monster=room, monster_name=cards.name(room), damage=strike, hp=hp)
        )
    if hp == 0:
        if events.narrate:
            events.append(PlayerDied(rule="end.lose", monster_name=cards.name(room)))
        return state.replace(hp=0, phase="game_over", termination="player_died", fight=None)
    return state.replace(hp=hp, fight=Fight(fight.room, left))


def slay(state: GameState, room: int, events: Events) -> GameState:
    """The monster falls: its card is put aside, its action points are won; a cleared floor is followed by
    the next one, or the game is won when the room deck is empty."""
    card = state.floor[room]
    assert card is not None
    won = state.rules.monster(cards.rank(card)).points
    points = state.action_points + won
    if events.narrate:
        events.append(
            MonsterSlain(
                rule="fight.reward", monster=card, monster_name=cards.name(card), points_won=won, points=points
            )
        )
    floor = set_slot(state.floor, room, None)
    state = state.replace(
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
        return state.replace(phase="game_over", termination="all_monsters_slain")
    return deal_floor(state, state.floor_number + 1, "floor.next", events)


def deal_floor(state: GameState, number: int, rule: RuleId, events: Events) -> GameState:
    """Deal floor `number` face down under `rule`: `rooms_per_floor` rooms, or as many as room cards are left."""
    n = min(state.rules.rooms_per_floor, len(state.unseen_rooms))
    if events.narrate:
        events.append(FloorDealt(rule=rule, floor_number=number, rooms=n))
        extra = state.rules.floor_extra_damage(number)
        if number > 1:
            say(
                events,
                "floor.damage",
                f"On floor {number} every monster deals {extra} more damage than on the first."
                if extra
                else f"On floor {number} every monster deals the damage it deals on the first.",
            )
    return state.replace(floor=(FACE_DOWN,) * n, floor_number=number)


def flee(state: GameState, action: Flee, events: Events) -> GameState:
    """Leave the fight, allowed only under variant.may_leave_fight (fight.repeat); IllegalAction otherwise or when
    there is no fight to leave."""
    require(
        state.rules.may_leave_fight,
        "a fight goes on until you or your enemy dies ('repeat the assault until you or your enemy dies')",
        "fight.repeat",
    )
    require(state.phase == "fight" and state.fight is not None, "there is no fight to leave", "fight.repeat")
    return leave_fight(state, "The player leaves the fight", events)


def leave_fight(state: GameState, how: str, events: Events) -> GameState:
    """The fight ends with both alive (`how` begins the sentence): the room stays face up, its monster healed."""
    fight = state.fight
    assert fight is not None
    if events.narrate:
        say(events, "fight.repeat", f"{how}: {room_label(fight.room)} stays face up, its monster healed.")
    return state.replace(phase="actions", fight=None)
