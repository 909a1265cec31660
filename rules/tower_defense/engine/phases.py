"""Phases 1 to 5 of a turn, the chance steps (the starting player, revealed credits, wave modifiers
and game conditions) and taking revealed credits onto stacks (set up 4.E and Phase 5)."""

from __future__ import annotations

from collections.abc import Callable

from rules.tower_defense import catalog
from rules.tower_defense.actions import (
    ChooseStartingPlayer,
    NextPhase,
    RevealCondition,
    RevealCredit,
    RevealModifier,
    TakeCredit,
)
from rules.tower_defense.catalog import credit_name
from rules.tower_defense.engine import combat, movement
from rules.tower_defense.engine.common import (
    Events,
    onto_stack,
    remove_one,
    set_wave,
)
from rules.tower_defense.errors import IllegalAction
from rules.tower_defense.events import (
    CreditRevealed,
    CreditTaken,
    PhaseBegun,
    WaveCalled,
    player_name,
    say,
)
from rules.tower_defense.model import (
    PHASE_NUMBER,
    STACK_LABEL,
    ActiveCondition,
    FieldWave,
    GameState,
)
from rules.tower_defense.places import REVERSE_START_SPACE
from rules.tower_defense.rule_ids import RuleId
from rules.tower_defense.text import PHASE_TITLE
from rules.tower_defense.variants import Rules

AUTOMATIC_PHASES = ("tracker", "waves", "movement", "energize", "income")
PHASE_RULE: dict[str, RuleId] = {
    "tracker": "phase.1 tracker",
    "waves": "phase.2 waves",
    "movement": "phase.3 movement",
    "energize": "phase.4 energize",
    "income": "phase.5 income",
    "actions": "phase.6 actions",
}
"""The rule each phase begins under (003's six-phase turn)."""


def calls_wave(rules: Rules, turn: int) -> bool:
    """3.A.IX: 'Call in Wave 1 During Turn 1. Call in a new Wave every 3 turns (1, 4, 7, 10, ...).'"""
    return (turn - 1) % rules.wave_every == 0


def tracker_position(rules: Rules, turn: int) -> int:
    """The Turn Tracker L-hex: Position 2 on turns 1, 4, 7, ..., then 3 and 4, never 1 (3.A.IX)."""
    return 2 + (turn - 1) % rules.wave_every


def next_phase(state: GameState, action: NextPhase, events: Events) -> GameState:
    """Carry out the phase the turn is in (Phases 1 to 5, each announced under its rule) and move on to the next."""
    phase = state.phase
    if events.narrate:
        events.append(
            PhaseBegun(rule=PHASE_RULE[phase], turn=state.turn, phase=PHASE_NUMBER[phase], title=PHASE_TITLE[phase])
        )
    return _PHASES[phase](state, events)


def _phase_tracker(state: GameState, events: Events) -> GameState:
    position = tracker_position(state.rules, state.turn)
    calling = "a wave is called this turn" if calls_wave(state.rules, state.turn) else "no wave is called this turn"
    say(events, "setup.3A9 turn tracker", f"The Turn Tracker is set to Position {position}: {calling}.")
    return state.replace(phase="waves")


def _phase_waves(state: GameState, events: Events) -> GameState:
    state = state.replace(phase="movement")
    if not calls_wave(state.rules, state.turn):
        say(events, "phase.2 waves", "No new wave this turn.")
        return state
    if not state.upcoming:
        if state.condition_pile:
            say(events, "setup.3A12 next waves", "No waves are left to call: a Game Condition is revealed instead.")
            return state.replace(conditions_to_reveal=state.conditions_to_reveal + 1)
        say(events, "setup.3A12 next waves", "No waves and no Game Conditions are left: nothing happens.")
        return state
    call, upcoming = state.upcoming[0], state.upcoming[1:]
    number = state.waves_called + 1
    new = []
    for wid in call:
        spec = catalog.wave(wid)
        space = REVERSE_START_SPACE if spec.reverse else 0
        new.append(FieldWave(wid, number, space))
        events.append(
            WaveCalled(
                rule="phase.2 waves" if not spec.reverse else "attributes.reverse",
                wave=wid,
                wave_name=spec.name,
                number=number,
                track=spec.track,
                space=space,
            )
        )
    if len(call) == 2:
        say(events, "phase.2 pairs", "Even numbered Waves are called in pairs: both start together.")
    if events.narrate:
        nxt = [catalog.wave(w).name for c in upcoming for w in c][:3]
        if nxt:
            say(events, "setup.3A10 next wave", "Next waves: " + ", ".join(nxt) + ".")
    return state.replace(
        waves=(*state.waves, *new),
        upcoming=upcoming,
        waves_called=number,
        awaiting_modifier=(*state.awaiting_modifier, *call),
    )


def _phase_movement(state: GameState, events: Events) -> GameState:
    if not state.waves:
        say(events, "phase.3 movement", "No wave is on the field.")
    state = movement.move_waves(state, events)
    return state.replace(phase="energize")


def _phase_energize(state: GameState, events: Events) -> GameState:
    """Phase 4: 'Remove one Depletion Marker from each Tower.'"""
    towers = tuple(t.replace(depletion=t.depletion - 1) if t.depletion else t for t in state.towers)
    if events.narrate:
        ready = sum(1 for t in towers if t.depletion == 0)
        say(events, "phase.4 energize", f"One Depletion comes off each tower: {ready} of {len(towers)} have Energy.")
    return state.replace(towers=towers, phase="income")


def _phase_income(state: GameState, events: Events) -> GameState:
    """Phase 5: reveal the top (4) Mark I credits; players take one each from the Starting Player on."""
    assert state.starting_player is not None
    say(
        events,
        "phase.5 income",
        f"{state.income} Mark I credits are revealed; {player_name(state.starting_player)} takes first.",
    )
    return state.replace(phase="actions", reveal_left=state.income, chooser=state.starting_player, dividing=None)


_PHASES: dict[str, Callable[[GameState, Events], GameState]] = {
    "tracker": _phase_tracker,
    "waves": _phase_waves,
    "movement": _phase_movement,
    "energize": _phase_energize,
    "income": _phase_income,
}


def choose_starting(state: GameState, action: ChooseStartingPlayer, events: Events) -> GameState:
    """Chance gives a player the Starting Player Marker (setup.4E starting credits): they take the first credit."""
    say(events, "setup.4E starting credits", f"{player_name(action.player)} receives the Starting Player Marker.")
    return state.replace(starting_player=action.player, chooser=action.player)


def reveal_credit(state: GameState, action: RevealCredit, events: Events) -> GameState:
    """Chance reveals a Mark I card of the deck as a credit to take (income, starting credits, a sale, a conversion)."""
    if events.narrate:
        events.append(
            CreditRevealed(rule="phase.5 income", card=action.card, card_name=catalog.tower(action.card).name)
        )
    return state.replace(
        mark1_deck=remove_one(state.mark1_deck, action.card),
        revealed=tuple(sorted((*state.revealed, action.card))),
        reveal_left=state.reveal_left - 1,
    )


def reveal_modifier(state: GameState, action: RevealModifier, events: Events) -> GameState:
    """Chance reveals the Wave Modifier of the first wave awaiting one (phase.2 modifiers); one that says to draw a Game
    Condition is discarded instead, a Game Condition is to be revealed, and the wave awaits another."""
    spec = catalog.modifier(action.modifier)
    pile = remove_one(state.modifier_pile, action.modifier)
    wave = state.wave(state.awaiting_modifier[0])
    assert wave is not None
    if spec.reveal_condition:
        say(
            events,
            "phase.2 modifiers",
            f"The {spec.name} modifier says to draw a Game Condition; it is discarded and "
            f"{wave.spec.name} gets a new Wave Modifier.",
        )
        return state.replace(
            modifier_pile=pile,
            modifier_discard=tuple(sorted((*state.modifier_discard, action.modifier))),
            conditions_to_reveal=state.conditions_to_reveal + 1,
        )
    state = set_wave(
        state.replace(modifier_pile=pile, awaiting_modifier=state.awaiting_modifier[1:]),
        wave.replace(modifier=action.modifier),
    )
    if events.narrate:
        placed = state.wave(wave.id)
        assert placed is not None
        say(
            events,
            "phase.2 modifiers",
            f"{wave.spec.name} gets the {spec.name} modifier ({spec.text}); it has "
            f"{combat.modifier_hit_points(state, placed)} Hit Points.",
        )
    return state


def reveal_condition(state: GameState, action: RevealCondition, events: Events) -> GameState:
    """Chance reveals a Game Condition (setup.3A8 game condition): it takes effect, or waits behind the one in play."""
    spec = catalog.condition(action.condition)
    pile = remove_one(state.condition_pile, action.condition)
    state = state.replace(condition_pile=pile, conditions_to_reveal=state.conditions_to_reveal - 1)
    if state.condition is None:
        say(events, "setup.3A8 game condition", f"The Game Condition {spec.name} comes into effect: {spec.text}")
        return state.replace(condition=ActiveCondition(action.condition))
    say(
        events,
        "setup.3A8 game condition",
        f"The Game Condition {spec.name} waits below the one in play: 'Only 1 Game "
        f"Condition may be in play at a time.'",
    )
    return state.replace(conditions_waiting=(*state.conditions_waiting, action.condition))


def take_credit(state: GameState, action: TakeCredit, events: Events) -> GameState:
    """Take a revealed credit onto one of the player's stacks: income goes round from the Starting Player, whose marker
    then passes on (phase.5 income); a sale's or conversion's all go to its player. IllegalAction when not revealed."""
    if action.card not in state.revealed:
        raise IllegalAction(f"{action.card} is not among the revealed credits", "phase.5 income")
    revealed = remove_one(state.revealed, action.card)
    state = onto_stack(state, action.player, action.stack, action.card, revealed=revealed)
    if events.narrate:
        events.append(
            CreditTaken(
                rule="phase.5 income" if state.dividing is None else "phase.6B sell",
                player=action.player,
                card=action.card,
                credit=credit_name(action.card, state.rules),
                stack=STACK_LABEL[action.stack],
            )
        )
    if state.dividing is not None:
        if not state.revealed and not state.reveal_left:
            state = state.replace(dividing=None)
        return state
    chooser = (state.chooser + 1) % len(state.players)
    if not state.revealed and not state.reveal_left:
        say(
            events,
            "phase.5 income",
            f"The Starting Player Marker goes to {player_name(chooser)}, who would next receive a credit.",
        )
        return state.replace(chooser=chooser, starting_player=chooser)
    return state.replace(chooser=chooser)


def pending(state: GameState, acting: int) -> str:
    """What must happen before anyone acts freely, in words: a reveal, credits to take, track to place
    (`acting`: the player who acts now)."""
    if state.phase == "game_over":
        return ""
    if state.starting_player is None:
        return "chance gives one player the Starting Player Marker"
    if state.conditions_to_reveal:
        return f"{state.conditions_to_reveal} Game Condition(s) to reveal"
    if state.awaiting_modifier:
        names = ", ".join(catalog.wave(w).name for w in state.awaiting_modifier)
        return f"a Wave Modifier to reveal for {names}"
    if state.reveal_left:
        return f"{state.reveal_left} Mark I credit(s) still to reveal"
    if state.revealed:
        cards = ", ".join(catalog.tower(c).name for c in state.revealed)
        return f"revealed credits waiting: {cards}; {player_name(acting)} takes one onto a stack"
    if state.restore_left and state.restorer is not None:
        return f"{player_name(state.restorer)} places {state.restore_left} restored track piece(s)"
    return ""
