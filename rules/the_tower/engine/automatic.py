"""The steps nobody decides: the opening draws, the first floor, a fight that cannot go on, a trap."""

from __future__ import annotations

from rules.the_tower import cards
from rules.the_tower.engine.common import Events
from rules.the_tower.engine.fights import deal_floor, leave_fight
from rules.the_tower.events import (
    PlayerDied,
    say,
)
from rules.the_tower.model import (
    GameState,
    at_a_loss,
    setup_draw_needed,
    trapped,
)


def advance(state: GameState, events: Events) -> GameState:
    """Steps nobody decides: the next opening draw, the first floor, a fight that cannot go on, a trap."""
    while True:
        if state.phase == "setup" and state.drawing is None:
            need = setup_draw_needed(state)
            if need is not None:
                state = state.replace(drawing=need)
                continue
            state = state.replace(phase="actions", action_points=state.rules.starting_action_points)
            state = deal_floor(state, 1, "floor.deal", events)
            if events.narrate:
                say(
                    events,
                    "turn.order",
                    f"The player starts with {state.hp} HP and {state.action_points} action points.",
                )
            continue
        if at_a_loss(state):
            room = state.monster_card
            assert room is not None
            if state.rules.stuck == "flee":
                how = f"No card in hand can hit the {cards.name(room)}; the player flees" if events.narrate else ""
                state = leave_fight(state, how, events)
                continue
            if events.narrate:
                say(
                    events,
                    "fight.repeat",
                    f"No card in hand can hit the {cards.name(room)} and no action point can be spent: "
                    f"the assault cannot go on, and the {cards.name(room)} strikes until the player falls.",
                )
                events.append(PlayerDied(rule="end.lose", monster_name=cards.name(room)))
            return state.replace(hp=0, phase="game_over", termination="player_died", fight=None)
        if trapped(state):
            say(
                events,
                "fight.repeat",
                "No room left can be fought and no action point spent: the player is trapped "
                "in the tower and the game is lost.",
            )
            return state.replace(phase="game_over", termination="player_trapped")
        return state
