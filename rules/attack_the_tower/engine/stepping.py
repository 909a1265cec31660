"""One step of Attack the Tower: a new game, `apply` (the action checked, performed, and every automatic
step after it) and `next_position` for look-aheads, and a battle played out by a choice on plain numbers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.attack_the_tower.actions import (
    Action,
    Allocate,
    Build,
    Burn,
    ChooseVictim,
    DeclareAttack,
    Discard,
    DrawCard,
    EndTurn,
    FinishBuilding,
    KeepHand,
    Pass,
    PlayAbility,
    Renew,
    RevealCard,
)
from rules.attack_the_tower.engine import combat
from rules.attack_the_tower.engine.abilities import apply_play
from rules.attack_the_tower.engine.automatic import advance_automatic
from rules.attack_the_tower.engine.battles import (
    apply_allocate,
    apply_choose_victim,
    apply_declare,
    apply_pass,
    battle_played_out,
)
from rules.attack_the_tower.engine.combat.requests import TargetKey, target_key
from rules.attack_the_tower.engine.common import SILENT, SILENT_UNCHECKED, Events, label
from rules.attack_the_tower.engine.reading import acting_when, current_player
from rules.attack_the_tower.engine.turn import (
    apply_build,
    apply_burn,
    apply_discard,
    apply_draw,
    apply_end_turn,
    apply_finish_building,
    apply_keep,
    apply_renew,
    apply_reveal,
    phase_rule,
)
from rules.attack_the_tower.errors import IllegalAction
from rules.attack_the_tower.events import possessive
from rules.attack_the_tower.model import Allocation, GameState, new_player
from rules.attack_the_tower.variants import Rules
from rules.core.events import Event
from rules.core.protocol import CHANCE, SIMULTANEOUS

ChooseVector = Callable[[TargetKey, int, int, int], tuple[int, ...]]
"""An allocation chosen from a request's targets as plain numbers (`target_key`) and its troop, structure and
total caps: the amount for each target, in order."""


def new_game(armies: tuple[str, str] = ("undead", "bandits"), rules: Rules | None = None) -> GameState:
    """A game before setup: full shuffled piles; player 1 draws first (004 'Setting up')."""
    return GameState(
        rules=rules or Rules(),
        players=(new_player(armies[0]), new_player(armies[1])),
        phase="setup_draw",
        actor=0,
        draws_left=(rules or Rules()).opening_draw,
    )


def apply(state: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
    """The position after `action` and the events it caused, through every automatic step after it."""
    _check_actor(state, action)
    events = Events()
    return _perform(state, action, events), tuple(events)


def step(state: GameState, action: Action) -> GameState:
    """The position `apply` gives, checked as `apply` checks it, without wording what happened (playouts,
    searches and the OpenSpiel adapter read only positions)."""
    _check_actor(state, action)
    return _perform(state, action, SILENT)


def _check_actor(state: GameState, action: Action) -> None:
    """IllegalAction unless the action is chance's at a draw, or a player's whose decision it is now."""
    if state.phase == "game_over":
        raise IllegalAction("the game is over", "palace")
    who = current_player(state)
    if isinstance(action, RevealCard):
        if who != CHANCE:
            raise IllegalAction("no card is being drawn now", "setup")
        return
    if who == CHANCE:
        raise IllegalAction("a card is being drawn; reveal it first", "setup")
    player = getattr(action, "player", None)
    acting = acting_when(state, who)
    if player not in acting:
        if player not in (0, 1):
            raise IllegalAction("this action names no player", phase_rule(state))
        if who == SIMULTANEOUS or not isinstance(action, Allocate) or state.battle is None:
            raise IllegalAction(
                f"it is {possessive(label(state, acting[0]))} decision now, not {possessive(label(state, player))}",
                phase_rule(state),
            )


def next_position(state: GameState, action: Action) -> GameState:
    """The position `apply` gives, for look-aheads that play many battles out with the engine's own offers
    (a legal action, an allocation from the request): nothing is worded or checked again (see `Events`)."""
    return _perform(state, action, SILENT_UNCHECKED)


def _perform(state: GameState, action: Action, events: Events) -> GameState:
    """The action's handler, then every automatic step after it (the checks of who may act are done)."""
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise IllegalAction(f"unknown action {action!r}")
    state = handler(state, action, events)
    return advance_automatic(state, events)


_HANDLERS: dict[type, Any] = {
    DrawCard: apply_draw,
    RevealCard: apply_reveal,
    Burn: apply_burn,
    KeepHand: apply_keep,
    Build: apply_build,
    FinishBuilding: apply_finish_building,
    Discard: apply_discard,
    Renew: apply_renew,
    DeclareAttack: apply_declare,
    PlayAbility: apply_play,
    Pass: apply_pass,
    Allocate: apply_allocate,
    ChooseVictim: apply_choose_victim,
    EndTurn: apply_end_turn,
}


def battle_result(state: GameState, choose: ChooseVector, most_decisions: int) -> GameState:
    """The position once the battle in progress is over (or after `most_decisions` passes and allocations),
    both sides passing in the ability windows and allocating as `choose` says (`battle_played_out`)."""

    def allocate(request: combat.AllocationRequest) -> Allocation:
        vector = choose(target_key(request), request.troop_cap, request.structure_cap, request.total_cap)
        return request.allocation(vector)

    return battle_played_out(state, allocate, most_decisions)
