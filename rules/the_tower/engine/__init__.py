"""The Tower engine: legal actions, one pure step at a time, and the end of the game.

The steps themselves live beside this module: `points` (spending action points and turning cards over),
`fights` (rooms, hits, slain monsters, floors), `automatic` (what nobody decides), `common` (shared checks).

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

from rules.core.codec import ModelCodec, Positions
from rules.core.distribution import Distribution
from rules.core.events import Event
from rules.core.jsonio import validate_value
from rules.core.outcome import Outcome
from rules.core.protocol import CHANCE, TERMINAL, Game, GameBase
from rules.core.unvalidated import construct
from rules.the_tower import cards, catalog, metadata
from rules.the_tower.actions import (
    ACTION_ADAPTER,
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
    state = construct(
        GameState,
        rules=rules,
        phase="setup",
        hp=rules.starting_hp,
        attack_deck=catalog.ATTACK_CARDS,
        potion_deck=catalog.POTION_CARDS,
        unseen_rooms=catalog.ROOM_CARDS,
    )
    state = advance(state, [])  # sets the first opening draw (or deals the floor when there is none)
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


# ---- apply ------------------------------------------------------------------------------------------
def apply(state: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
    """The position after `action` and the events it caused, through every automatic step after it."""
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
    events: Events = []
    state = handler(state, action, events)
    state = advance(state, events)
    return state, tuple(events)


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


# ---- the protocol object ----------------------------------------------------------------------------
class TheTower(GameBase):
    """The engine as an object implementing `rules.core.Game` (for sessions and generic tools)."""

    card = metadata.CARD
    positions: Positions[GameState] = ModelCodec(GameState)

    @staticmethod
    def read_action(data: object) -> Action:
        """An action from JSON data, validated; IllegalPosition names what is wrong."""
        return validate_value(ACTION_ADAPTER, data)

    current_player = staticmethod(current_player)
    legal_actions = staticmethod(legal_actions)
    chance_outcomes = staticmethod(chance_outcomes)
    apply = staticmethod(apply)
    is_terminal = staticmethod(is_terminal)
    outcome = staticmethod(outcome)

    def num_players(self, state: GameState) -> int:
        return 1


GAME: Game[GameState, Any] = TheTower()
