"""The steps nobody decides, carried out after every action until a player or chance must decide: renewal
draws, entering a battle's next stage, resolving a step both sides have handed in."""

from __future__ import annotations

from rules.attack_the_tower.engine.battles import battle_step
from rules.attack_the_tower.engine.common import Events, label
from rules.attack_the_tower.engine.reading import drawable_piles
from rules.attack_the_tower.engine.turn import extra_draws
from rules.attack_the_tower.events import Said
from rules.attack_the_tower.model import GameState


def advance_automatic(state: GameState, events: Events) -> GameState:
    """Perform every step that needs no decision, until a player or chance must choose."""
    while True:
        nxt = _automatic_step(state, events)
        if nxt is None:
            return state
        state = nxt


def _automatic_step(state: GameState, events: Events) -> GameState | None:
    phase = state.phase
    if state.drawing is not None or phase == "game_over":
        return None
    if phase in ("setup_draw", "renewal_draw"):
        if state.draws_left > 0 and drawable_piles(state, state.actor):
            return None
        if state.draws_left > 0 and events.narrate:
            events.append(
                Said(rule="variant.empty_pile", text=f"{label(state, state.actor)} have no cards left to draw.")
            )
        state = state.replace(draws_left=0)
        if phase == "setup_draw":
            return state.replace(phase="setup_keep")
        return _after_renewal_draws(state)
    if phase == "renewal_discard":
        if len(state.players[state.actor].hand) > state.rules.hand_limit:
            return None
        return _next_renewal_drawer(state)
    if phase == "battle":
        return battle_step(state, events)
    return None


def _after_renewal_draws(state: GameState) -> GameState:
    if len(state.players[state.actor].hand) > state.rules.hand_limit:
        return state.replace(phase="renewal_discard")
    return _next_renewal_drawer(state)


def _next_renewal_drawer(state: GameState) -> GameState:
    if state.actor == state.attacker:
        return state.replace(
            phase="renewal_draw",
            actor=state.defender,
            draws_left=state.rules.renewal_draws + extra_draws(state, state.defender),
        )
    return state.replace(phase="renewal_build", actor=state.attacker)
