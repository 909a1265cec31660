"""Whether a position of The Tower is legal: every rule it breaks, in a player's words.

Asked once where a position enters (`game.POSITION`, after the schema has checked its shape) and by the
conformance run after every step; the engine's own steps never ask.
"""

from __future__ import annotations

from rules.the_tower import cards, catalog
from rules.the_tower.model import (
    FACE_DOWN,
    Fight,
    GameState,
    at_a_loss,
    deck,
    setup_draw_needed,
    trapped,
)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def floor_problems(state: GameState) -> list[str]:
    """The floor agrees with the room deck: floors are cleared before the next is dealt."""
    out: list[str] = []
    rules = state.rules
    total = len(catalog.ROOM_CARDS)
    if state.face_down > len(state.unseen_rooms):
        out.append(
            f"floor: {state.face_down} rooms are face down but only {len(state.unseen_rooms)} room cards are unseen"
        )
        return out
    dealt = total - state.room_deck_size
    if state.phase == "setup":
        if state.floor or dealt:
            out.append("floor: the first floor is dealt after the opening cards are drawn")
        if state.floor_number != 1:
            out.append("floor_number: the game starts on floor 1")
        return out
    per_floor = rules.rooms_per_floor
    if dealt == 0:
        out.append(f"floor: no room has been dealt; the first floor is {per_floor} rooms face down ('?')")
        return out
    floors = -(-dealt // per_floor)
    slain, on_floor = len(state.room_waste), sum(1 for s in state.floor if s is not None)
    history = (
        f"{_count(slain, 'monster')} slain and {_count(on_floor, 'room')} standing on the floor make "
        f"{_count(dealt, 'room')} dealt, {per_floor} a floor"
    )
    if state.floor_number != floors:
        out.append(f"floor_number: {history}, so this is floor {floors}, not {state.floor_number}")
        return out
    expected = dealt - (floors - 1) * per_floor
    if len(state.floor) != expected:
        out.append(
            f"floor: {history}, so floor {floors} holds {_count(expected, 'room')}, not {len(state.floor)} "
            "(a room cleared on this floor is null, and its monster counts among the slain)"
        )
    elif len(state.floor) < rules.rooms_per_floor and state.room_deck_size > 0:
        out.append(
            f"floor: a floor is dealt {rules.rooms_per_floor} rooms while the room deck lasts "
            f"({state.room_deck_size} room card(s) are still in it)"
        )
    if state.phase in ("actions", "fight") and all(s is None for s in state.floor):
        out.append("floor: a cleared floor is followed by the next one (or the game is won)")
    return out


def phase_problems(state: GameState) -> list[str]:
    """The phase agrees with the fight, the chance step in progress and the end of the game."""
    out: list[str] = []
    rules = state.rules
    n = len(state.floor)
    if (state.phase == "game_over") != (state.termination is not None):
        out.append("termination: the game is over exactly when it says why")
    if state.termination == "player_died" and state.hp != 0:
        out.append("hp: a player who died has 0 HP")
    if state.termination == "all_monsters_slain" and (state.unseen_rooms or any(s is not None for s in state.floor)):
        out.append("termination: the game is won only when the room deck is empty and every monster is dead")
    if trapped(state):
        out.append("floor: no room can be fought and no action point spent, so the game is already lost")
    if state.phase != "game_over" and state.hp == 0:
        out.append("hp: a player with 0 HP has died (002 'If your die fighting an enemy, you lost the game')")
    if state.drawing is not None:
        if state.phase not in ("setup", "actions", "fight"):
            out.append("drawing: cards are drawn only at setup, with action points or in a fight")
        elif not deck(state, state.drawing):
            out.append(f"drawing: the {state.drawing} deck is empty")
        elif state.phase == "setup" and setup_draw_needed(state) != state.drawing:
            out.append("drawing: at setup the 5 attack cards are drawn first, then the potion")
    if state.phase == "setup" and state.drawing is None:
        out.append("drawing: at setup an opening card is always being drawn")
    if state.revealing is not None:
        if not 0 <= state.revealing < n or state.floor[state.revealing] != FACE_DOWN:
            out.append("revealing: only a face-down room of the floor can be turned face up")
        if state.drawing is not None:
            out.append("revealing: one chance step at a time")
    if state.phase == "fight":
        if state.fight is None and state.revealing is None:
            out.append("fight: a fight names the room fought (or turns it face up first)")
        if state.fight is not None:
            out += fight_problems(state, state.fight)
    elif state.fight is not None:
        out.append("fight: a fight is described only in the fight phase")
    if state.chosen_room is not None:
        if rules.room_chosen != "before_actions":
            out.append("chosen_room: rooms are named before spending points only under room_chosen='before_actions'")
        elif not 0 <= state.chosen_room < n or state.floor[state.chosen_room] is None:
            out.append("chosen_room: the room named must be a room of the floor with a monster in it")
    limit = rules.hand_limit
    if limit is not None and len(state.hand) > limit and state.phase != "setup":
        out.append(f"hand: a hand holds at most {limit} cards (it has {len(state.hand)})")
    if rules.hp_cap is not None and state.hp > rules.hp_cap:
        out.append(f"hp: drinking cannot bring the player above {rules.hp_cap} HP")
    return out


def fight_problems(state: GameState, fight: Fight) -> list[str]:
    out: list[str] = []
    if fight.room >= len(state.floor) or state.floor[fight.room] in (None, FACE_DOWN):
        return ["fight.room: the room fought must be a face-up room of the floor"]
    if state.revealing is not None:
        out.append("revealing: no room is turned face up during a fight")
    room = state.floor[fight.room]
    assert room is not None
    full = state.rules.monster(cards.rank(room)).hp
    if fight.monster_hp > full:
        out.append(f"fight.monster_hp: the {cards.name(room)} has {full} HP at most")
    if at_a_loss(state):
        out.append(
            f"fight: no card in hand can hit the {cards.name(room)} and no action point can be spent, "
            "so under these rules the fight has already ended"
        )
    return out


def position_problems(state: GameState) -> list[str]:
    """Every rule the position breaks; empty when the position is legal."""
    out = catalog.card_problems(state)
    if out:
        return out
    return floor_problems(state) + phase_problems(state)
