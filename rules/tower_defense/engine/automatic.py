"""What needs no decision: reshuffles and empty piles, the end of set up, victory and failure, carried out
after every step until somebody (or chance) must decide."""

from __future__ import annotations

from rules.core.events import Event
from rules.tower_defense.engine.common import (
    Events,
    free_spaces,
)
from rules.tower_defense.events import (
    GameEnded,
    say,
)
from rules.tower_defense.model import GameState, Termination
from rules.tower_defense.rule_ids import RuleId


def advance(state: GameState, events: Events) -> GameState:
    """Perform every step that needs no decision, until a player or chance must choose."""
    while True:
        nxt = _automatic_step(state, events)
        if nxt is None:
            return state
        state = nxt


def _automatic_step(state: GameState, events: Events) -> GameState | None:
    if state.phase == "game_over":
        return None
    ended = _end_check(state, events)
    if ended is not None:
        return ended
    if state.starting_player is None:
        return None
    if state.conditions_to_reveal and not state.condition_pile:
        say(events, "setup.3A7 conditions", "No Game Condition is left to reveal: that effect is ignored.")
        return state.replace(conditions_to_reveal=0)
    if state.conditions_to_reveal:
        return None
    if state.awaiting_modifier and not state.modifier_pile:
        return _no_modifier_left(state, events)
    if state.awaiting_modifier:
        return None
    if state.reveal_left and not state.mark1_deck:
        return _no_mark1_left(state, events)
    if state.reveal_left or state.revealed:
        return None
    if state.restore_left:
        if state.board.track_discard and free_spaces(state):
            return None
        return state.replace(restore_left=0, restorer=None)
    if state.phase == "setup":
        say(events, "setup.4E starting credits", "Set up is complete: Turn 1 begins.")
        return state.replace(phase="tracker")
    return None


def _no_modifier_left(state: GameState, events: Events) -> GameState:
    """A wave awaits its Wave Modifier and the pile is empty: it gets none, and a Game Condition is revealed."""
    if events.narrate:
        wave = state.wave(state.awaiting_modifier[0])
        assert wave is not None
        say(
            events,
            "setup.3A5 modifiers",
            f"The Wave Modifier pile is empty: {wave.spec.name} gets a No Wave Modifier "
            f"and a Game Condition is revealed.",
        )
    return state.replace(
        awaiting_modifier=state.awaiting_modifier[1:],
        conditions_to_reveal=state.conditions_to_reveal + 1,
    )


def _no_mark1_left(state: GameState, events: Events) -> GameState:
    """Credits are to be revealed and the Mark I deck is empty: its discards are shuffled in, or none is left."""
    if state.mark1_discard:
        if events.narrate:
            say(
                events,
                "setup.3A2 mark I discard",
                f"The Mark I deck is empty: its {len(state.mark1_discard)} discarded cards "
                f"are shuffled into a new deck.",
            )
        return state.replace(mark1_deck=state.mark1_discard, mark1_discard=())
    say(events, "setup.3A2 mark I discard", "No Mark I credits are left to reveal.")
    state = state.replace(reveal_left=0)
    if not state.revealed:
        return state.replace(dividing=None)
    return state


def check_end(state: GameState) -> tuple[GameState, tuple[Event, ...]]:
    """The position with victory or failure declared if it has come (after a step run on its own,
    such as the CLI's movement phase)."""
    events = Events()
    ended = _end_check(state, events) if state.phase != "game_over" else None
    return (ended or state), tuple(events)


def _end_check(state: GameState, events: Events) -> GameState | None:
    """Victory and failure, checked after every step ('If at any point during the game session ...')."""
    if state.lives <= 0:
        text = "The last Life Cube is removed: the session ends in failure."
        return game_over(state, "lives_lost", "end.failure", text, events)
    lost = len(state.board.track_discard)
    if lost > state.track_loss_limit:
        limit = state.track_loss_limit
        text = f"{lost} track pieces are discarded, more than the {limit} allowed: the session ends in failure."
        return game_over(state, "track_lost", "end.failure", text, events)
    pending = state.reveal_left or state.revealed or state.awaiting_modifier
    if state.phase != "setup" and not state.upcoming and not state.waves and state.waves_called > 0 and not pending:
        text = f"Every wave has been called and none is left on the field: Victory, with {state.lives} lives remaining."
        ended = game_over(state, "victory", "end.victory", text, events)
        return ended.replace(restore_left=0, restorer=None, conditions_to_reveal=0)
    return None


def game_over(state: GameState, termination: Termination, rule: RuleId, text: str, events: Events) -> GameState:
    """The session over, and why, in words."""
    events.append(GameEnded(rule=rule, termination=termination, text=text))
    return state.replace(phase="game_over", termination=termination)
