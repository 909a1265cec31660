"""The Tower engine: legal actions, one pure step at a time, and the end of the game.

The steps themselves live beside this module: `points` (spending action points and turning cards over),
`fights` (rooms, hits, slain monsters, floors), `automatic` (what nobody decides), `common` (shared checks).

`apply` checks the action (raising IllegalAction with the rule it breaks), performs it, then advances
through every automatic step (the opening draws, dealing a floor, a fight nobody can go on with) until
the player or chance must decide. Nothing here calls `random`: drawing a card and turning a room face up
are chance nodes whose outcomes and exact probabilities `chance_outcomes` gives. `step` gives `apply`'s
position, checked the same way, without wording its events. The protocol object is `game.GAME`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from rules.core.distribution import Distribution
from rules.core.events import Event
from rules.core.memo import built_once
from rules.core.outcome import Outcome
from rules.core.protocol import CHANCE, TERMINAL
from rules.the_tower import cards, catalog, metadata
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
from rules.the_tower.engine.automatic import advance
from rules.the_tower.engine.common import Events, require
from rules.the_tower.engine.fights import choose, fight_room, flee, hit
from rules.the_tower.engine.points import draw, drink, explore, reveal
from rules.the_tower.errors import IllegalAction
from rules.the_tower.model import (
    FACE_DOWN,
    GameState,
    can_draw,
    deck,
    fightable,
    playable_cards,
    points_usable_in_fight,
)
from rules.the_tower.variants import Rules


# ---- starting and reading a position ----------------------------------------------------------------
def new_game(rules: Rules | None = None) -> GameState:
    """Sorted, shuffled decks and the opening draws to come (002 'Start the game by sorting cards')."""
    rules = rules or Rules()
    state = GameState(
        rules=rules,
        phase="setup",
        hp=rules.starting_hp,
        action_points=0,
        floor_number=1,
        floor=(),
        hand=(),
        attack_deck=catalog.ATTACK_CARDS,
        potion_deck=catalog.POTION_CARDS,
        unseen_rooms=catalog.ROOM_CARDS,
        attack_waste=(),
        potion_waste=(),
        room_waste=(),
        drawing=None,
        revealing=None,
        fight=None,
        chosen_room=None,
        termination=None,
    )
    return advance(state, Events(narrate=False))  # sets the first opening draw (or deals the floor when there is none)


def current_player(state: GameState) -> int:
    """0 for the player, CHANCE while a card is drawn or a room turned face up, TERMINAL once the game is
    over."""
    if state.phase == "game_over":
        return TERMINAL
    if state.drawing is not None or state.revealing is not None:
        return CHANCE
    return 0


def is_terminal(state: GameState) -> bool:
    """Whether the game is over: every monster slain, or the player dead or trapped."""
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


_REVEALS: dict[str, RevealCard] = {c: RevealCard(c) for c in cards.ALL_CARDS}
"""Each card's chance outcome, built once (records are immutable, so one serves every position)."""


@functools.lru_cache(maxsize=4096)
def _uniform(pile: tuple[str, ...]) -> Distribution[RevealCard]:
    """Every card of the pile equally likely (each of the 52 cards is in the game once)."""
    return Distribution.from_counts({_REVEALS[c]: 1 for c in pile})


# ---- legal actions ----------------------------------------------------------------------------------
def _spending(state: GameState) -> list[Any]:
    """Ways to spend one action point now (drawing and drinking; exploring outside fights)."""
    if state.action_points < 1:
        return []
    out: list[Any] = [built_once(DrawCard, p) for p in ("attack", "potion") if can_draw(state, p)]
    out += [built_once(Drink, c) for c in state.hand if cards.kind(c) == "potion"]
    if state.phase == "actions":
        out += [built_once(Explore, i) for i, s in enumerate(state.floor) if s == FACE_DOWN]
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
        out: list[Any] = [built_once(Hit, c) for c in playable_cards(state)]
        if points_usable_in_fight(state):
            out += _spending(state)
        if rules.may_leave_fight:
            out.append(Flee())
        return out
    if rules.room_chosen == "before_actions" and state.chosen_room is None:
        return [ChooseRoom(i) for i, s in enumerate(state.floor) if s is not None]
    rooms = [i for i in range(len(state.floor)) if fightable(state, i)]
    if state.chosen_room is not None:
        rooms = [i for i in rooms if i == state.chosen_room]
    spending = _spending(state)
    if rules.spend_all_points_before_fight and spending:
        return spending
    return spending + [built_once(FightRoom, i) for i in rooms]


# ---- apply ------------------------------------------------------------------------------------------
def apply(state: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
    """The position after `action` and the events it caused, through every automatic step after it."""
    events = Events()
    state = _perform(state, action, events)
    return state, tuple(events)


def step(state: GameState, action: Action) -> GameState:
    """The position `apply` gives, checked as `apply` checks it, without wording what happened (playouts,
    searches and the OpenSpiel adapter read only positions)."""
    return _perform(state, action, Events(narrate=False))


def _perform(state: GameState, action: Action, events: Events) -> GameState:
    """The action checked and performed, then every automatic step after it."""
    if state.phase == "game_over":
        raise IllegalAction("the game is over", "end.win" if state.termination == "all_monsters_slain" else "end.lose")
    who = current_player(state)
    if isinstance(action, RevealCard):
        require(who == CHANCE, "no card is being drawn or turned face up now", "setup.decks")
    else:
        require(who != CHANCE, "a card is being drawn or turned face up; reveal it first", "setup.decks")
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise IllegalAction(f"unknown action {action!r}")
    state = handler(state, action, events)
    return advance(state, events)


_HANDLERS: dict[type, Callable[[GameState, Any, Events], GameState]] = {
    DrawCard: draw,
    RevealCard: reveal,
    Drink: drink,
    Explore: explore,
    ChooseRoom: choose,
    FightRoom: fight_room,
    Hit: hit,
    Flee: flee,
}
