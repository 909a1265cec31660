"""The position of The Tower as frozen pydantic models, validated on construction.

Shuffled piles are sorted multisets: only their contents matter. A face-down room is not a known card:
it is any of the room cards nobody has seen yet, uniformly, so `unseen_rooms` holds the room deck *and*
the floor's face-down rooms together, and turning a room face up is a chance step over that pool. Every
one of the 52 cards stands exactly once in the hand, the piles, the face-up rooms, the waste piles or the
unseen rooms. The engine's own steps use `rules.core.unvalidated.replace`, which does not re-validate; the
conformance run proves that those steps never build an illegal position.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.core.jsonio import validate_model
from rules.the_tower import cards, catalog
from rules.the_tower.cards import FACE_DOWN as FACE_DOWN  # a floor slot still face down, part of the position
from rules.the_tower.cards import Pile
from rules.the_tower.variants import Rules

Phase = Literal["setup", "actions", "fight", "game_over"]
Termination = Literal["all_monsters_slain", "player_died", "player_trapped"]


Slot = str | None
"""A floor slot: a face-up room card id, FACE_DOWN, or None once its monster is slain."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Fight(_Frozen):
    """A fight in progress: the floor slot of the room fought and the monster's hit points left."""

    room: int = Field(ge=0, description="The floor slot (0-based) of the room being fought.")
    monster_hp: int = Field(ge=1, description="The monster's hit points left.")


class GameState(_Frozen):
    """A whole position of The Tower, including the rules it is played under."""

    rules: Rules = Rules()
    phase: Phase = "actions"
    hp: int = Field(ge=0, description="The player's hit points (left out: the rules' starting HP).")
    action_points: int = Field(0, ge=0)
    floor_number: int = Field(
        1, ge=1, description="The floor being cleared (1 for the first; left out: the floor the rooms dealt make)."
    )
    floor: tuple[Slot, ...] = Field(
        (), description="The rooms of the current floor: a card id when face up, '?' when face down, null once cleared."
    )
    hand: tuple[str, ...] = Field((), description="Attack and potion cards in hand, in deck order.")
    attack_deck: tuple[str, ...] = Field(
        (), description="The attack deck, as a sorted multiset (all three decks left out: every card not placed)."
    )
    potion_deck: tuple[str, ...] = Field((), description="The potion deck, as a sorted multiset.")
    unseen_rooms: tuple[str, ...] = Field(
        (),
        description=(
            "Room cards nobody has seen, sorted: the room deck and the floor's face-down rooms together "
            "(each face-down room is any of them, uniformly)."
        ),
    )
    attack_waste: tuple[str, ...] = Field((), description="Attack cards put aside, in the order used.")
    potion_waste: tuple[str, ...] = Field((), description="Potions put aside (drunk or used as attacks).")
    room_waste: tuple[str, ...] = Field((), description="Room cards of slain monsters, in the order slain.")
    drawing: Pile | None = Field(None, description="A card of this deck is being drawn (a chance node).")
    revealing: int | None = Field(None, description="This face-down room is being turned face up (a chance node).")
    fight: Fight | None = None
    chosen_room: int | None = Field(
        None, description="The room named for the next fight (only under room_chosen='before_actions')."
    )
    termination: Termination | None = None

    @property
    def face_down(self) -> int:
        """How many rooms of the floor are still flipped down."""
        return sum(1 for s in self.floor if s == FACE_DOWN)

    @property
    def room_deck_size(self) -> int:
        """Cards left in the room deck (the unseen rooms that are not on the table)."""
        return len(self.unseen_rooms) - self.face_down

    @property
    def monster_card(self) -> str | None:
        """The room card being fought, once it is face up."""
        if self.fight is None:
            return None
        return self.floor[self.fight.room]

    @model_validator(mode="before")
    @classmethod
    def _complete_the_table(cls, data: Any) -> Any:
        """Fill in what follows from the rest, so a hand-written position need only say what is on the table."""
        return complete_table(data) if isinstance(data, dict) else data

    @model_validator(mode="after")
    def _legal(self) -> GameState:
        problems = position_problems(self)
        if problems:
            raise ValueError("\n".join(problems))
        return self


# ---- reading a position (shared by the engine, the analysis and the checks) ----------------------------
def hit_damage(card: str, room: str, rules: Rules) -> int | None:
    """The damage `card` deals to the monster of `room`, or None when it has the room's suit (002 fight)."""
    if card[-1] == room[-1]:
        return None
    same = cards.is_red(card) == cards.is_red(room)
    return cards.value(card) * (rules.same_colour_multiplier if same else rules.opposite_colour_multiplier)


def playable_cards(state: GameState) -> tuple[str, ...]:
    """The cards of the hand that can hit the monster being fought (any card not of the room's suit)."""
    room = state.monster_card
    if room is None or room == FACE_DOWN:
        return ()
    return tuple(c for c in state.hand if c[-1] != room[-1])


def deck(state: GameState, pile: Pile) -> tuple[str, ...]:
    return state.attack_deck if pile == "attack" else state.potion_deck


def waste(state: GameState, pile: Pile) -> tuple[str, ...]:
    return state.attack_waste if pile == "attack" else state.potion_waste


def can_draw(state: GameState, pile: Pile) -> bool:
    """A card of this deck can be drawn: the deck (or, under 'reshuffle', its waste) holds one and the
    hand has room (ignoring action points)."""
    limit = state.rules.hand_limit
    if limit is not None and len(state.hand) >= limit:
        return False
    return bool(deck(state, pile)) or (state.rules.empty_deck == "reshuffle" and bool(waste(state, pile)))


def points_usable_in_fight(state: GameState) -> bool:
    """Whether the rules let the player spend action points at this moment of the fight."""
    mode = state.rules.fight_actions
    return mode == "always" or (mode == "when_stuck" and not playable_cards(state))


def _something_to_spend_on(state: GameState) -> bool:
    """In a fight, a point could go to drinking a potion of the hand or drawing a card."""
    has_potion = any(cards.kind(c) == "potion" for c in state.hand)
    return has_potion or can_draw(state, "attack") or can_draw(state, "potion")


def fight_spending_possible(state: GameState) -> bool:
    """Whether some action point can be spent now in the fight (draw a card or drink a potion)."""
    return state.action_points >= 1 and points_usable_in_fight(state) and _something_to_spend_on(state)


def at_a_loss(state: GameState) -> bool:
    """In a fight with no card that can hit the monster, no action point that can be spent and no
    leaving at will."""
    return (
        not state.rules.may_leave_fight
        and state.phase == "fight"
        and state.fight is not None
        and state.revealing is None
        and state.drawing is None
        and not playable_cards(state)
        and not fight_spending_possible(state)
    )


def fight_would_stall(state: GameState, room: int) -> bool:
    """Fighting this face-up room now would leave the player at a loss at once (no card can hit it and
    no action point could be spent in the fight)."""
    card = state.floor[room]
    if card is None or card == FACE_DOWN or any(c[-1] != card[-1] for c in state.hand):
        return False
    if state.action_points < 1 or state.rules.fight_actions == "never":
        return True
    return not _something_to_spend_on(state)


def _stalls_are_left(state: GameState) -> bool:
    """Whether a fight the player cannot go on with ends by leaving the room (stuck='flee', or leaving at
    will): then such a fight is pointless, and a player with nothing else to do is trapped."""
    return state.rules.stuck == "flee" or state.rules.may_leave_fight


def trapped(state: GameState) -> bool:
    """When stalled fights are left: no room may be fought without stalling and no action point can be
    spent, so the game cannot go on (it is lost). Naming a room (room_chosen='before_actions') is always
    possible, but binds: then only that room counts."""
    if not _stalls_are_left(state) or state.phase != "actions" or state.revealing is not None:
        return False
    if state.drawing is not None:
        return False
    if state.rules.room_chosen == "before_actions" and state.chosen_room is None:
        return False
    rooms = range(len(state.floor)) if state.chosen_room is None else [state.chosen_room]
    if any(fightable(state, i) for i in rooms):
        return False
    return not spending_possible(state)


def fightable(state: GameState, room: int) -> bool:
    """The slot holds a monster the player may go and fight (when stalled fights are left, not a face-up
    one that no card in hand can hit)."""
    slot = state.floor[room]
    if slot is None:
        return False
    return not _stalls_are_left(state) or not fight_would_stall(state, room)


def spending_possible(state: GameState) -> bool:
    """Outside a fight: some action point can be spent (draw, drink or explore)."""
    if state.action_points < 1:
        return False
    return (
        can_draw(state, "attack")
        or can_draw(state, "potion")
        or any(cards.kind(c) == "potion" for c in state.hand)
        or state.face_down > 0
    )


def setup_draw_needed(state: GameState) -> Pile | None:
    """At setup: the deck the next opening card comes from (002 'Draw 5 attack cards, 1 potion card')."""
    counts = Counter(cards.kind(c) for c in state.hand)
    if counts["attack"] < state.rules.starting_attack_cards:
        return "attack"
    if counts["potion"] < state.rules.starting_potions:
        return "potion"
    return None


# ---- the checks -------------------------------------------------------------------------------------
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


# ---- building positions -----------------------------------------------------------------------------
_DECKS = ("attack_deck", "potion_deck", "unseen_rooms")
_PLACED = ("hand", "attack_waste", "potion_waste", "room_waste")


def complete_table(data: dict[str, Any]) -> dict[str, Any]:
    """A position's data with what it leaves out derived from what it gives: without any of the three decks,
    every card not placed is in its deck (rooms among the unseen rooms); without `floor_number`, the floor
    the rooms dealt so far make; without `phase`, a fight when one is described; without `hp`, the rules'
    starting hit points. Cards may be written in any case; the hand and the decks are put in deck order
    (only their contents matter)."""
    data = dict(data)
    for field in (*_PLACED, *_DECKS, "floor"):  # '9d' is the 9 of Diamonds too
        given = data.get(field)
        if isinstance(given, list | tuple):
            data[field] = tuple(_card_id(c) for c in given)
    for pile in ("hand", *_DECKS):
        given = data.get(pile)
        if isinstance(given, list | tuple) and all(isinstance(c, str) and cards.is_card(c) for c in given):
            data[pile] = cards.sort_cards(given)
    rules = _rules_of(data.get("rules"))
    floor = _items(data.get("floor"))
    if not any(k in data for k in _DECKS):
        placed: set[object] = {c for k in _PLACED for c in _items(data.get(k)) if isinstance(c, str)}
        placed |= {s for s in floor if isinstance(s, str) and s != FACE_DOWN}
        rest = [c for c in cards.ALL_CARDS if c not in placed]
        for deck_name, kind in zip(_DECKS, ("attack", "potion", "room"), strict=True):
            data[deck_name] = tuple(c for c in rest if cards.kind(c) == kind)
    if "floor_number" not in data:
        dealt = len(_items(data.get("room_waste"))) + sum(1 for s in floor if s is not None)
        data["floor_number"] = max(1, -(-dealt // rules.rooms_per_floor))
    if "phase" not in data:
        data["phase"] = "fight" if data.get("fight") is not None else "actions"
    if "hp" not in data:
        data["hp"] = rules.starting_hp
    return data


def _items(given: object) -> list[object] | tuple[object, ...]:
    """A list field's items, or none when it is not a list (its own check then says what is wrong)."""
    return given if isinstance(given, list | tuple) else ()


def _card_id(given: object) -> object:
    """A card written in any case ('kc', 'Kc') as its id ('KC'); anything else as it is."""
    if isinstance(given, str) and not cards.is_card(given) and cards.is_card(given.upper()):
        return given.upper()
    return given


def _rules_of(data: object) -> Rules:
    """The rules a position's data names; the default rules when they are malformed (their own check reports
    it, and what is derived from them must not add false problems)."""
    if isinstance(data, Rules):
        return data
    try:
        return Rules.model_validate(data or {})
    except ValueError:
        return Rules()


def build_position(
    *,
    hand: Iterable[str] = (),
    floor: Iterable[Slot] = (),
    room_waste: Iterable[str] = (),
    attack_waste: Iterable[str] = (),
    potion_waste: Iterable[str] = (),
    hp: int | None = None,
    action_points: int = 0,
    fight: Fight | None = None,
    rules: Rules | None = None,
    floor_number: int | None = None,
) -> GameState:
    """A validated position from what is on the table; every card not placed goes to its deck (rooms to
    the unseen rooms) and the floor number follows from the rooms dealt unless given. Raises
    IllegalPosition, one problem per broken rule, when the position is illegal."""
    data: dict[str, Any] = {
        "rules": rules or Rules(),
        "hand": tuple(hand),
        "floor": tuple(floor),
        "room_waste": tuple(room_waste),
        "attack_waste": tuple(attack_waste),
        "potion_waste": tuple(potion_waste),
        "action_points": action_points,
        "fight": fight,
    }
    if hp is not None:
        data["hp"] = hp
    if floor_number is not None:
        data["floor_number"] = floor_number
    return validate_model(GameState, data)
