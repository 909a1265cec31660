"""Tower Defense's steps as the protocol asks for them: a new session, who decides now, the legal actions, the
chance outcomes with their exact probabilities, and `apply`/`step`, which check an action (IllegalAction with
the rule it breaks), perform it and carry out what needs no decision. The engine's package names these."""

from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Callable
from typing import Any

from rules.core.distribution import Distribution
from rules.core.events import Event
from rules.core.memo import built_once
from rules.core.outcome import Outcome
from rules.core.protocol import CHANCE, SIMULTANEOUS, TERMINAL
from rules.tower_defense import catalog, metadata
from rules.tower_defense.actions import (
    CHANCE_ACTIONS,
    PHASE6_ACTIONS,
    Action,
    Attack,
    Boost,
    Build,
    ChooseStartingPlayer,
    CombineAttack,
    CompleteCondition,
    Convert,
    EndActions,
    KillBonus,
    NextPhase,
    PlaceSkillMarker,
    RestoreTrack,
    RevealCondition,
    RevealCredit,
    RevealModifier,
    Sell,
    TakeCredit,
    Upgrade,
)
from rules.tower_defense.catalog import sort_modifiers
from rules.tower_defense.engine import phases
from rules.tower_defense.engine.attacks import attack, combine, kill_bonus
from rules.tower_defense.engine.automatic import advance
from rules.tower_defense.engine.common import (
    Events,
    bar_from_condition,
    free_spaces,
    full_decks,
    require,
)
from rules.tower_defense.engine.phases import (
    AUTOMATIC_PHASES,
    choose_starting,
    next_phase,
    reveal_condition,
    reveal_credit,
    reveal_modifier,
    take_credit,
)
from rules.tower_defense.engine.player_actions import (
    complete_condition,
    convert,
    end_actions,
    phase6_actions,
    place_skill,
    restore_track,
)
from rules.tower_defense.engine.towers import boost, build, sell, upgrade
from rules.tower_defense.errors import IllegalAction
from rules.tower_defense.events import player_name
from rules.tower_defense.legality import order_problems
from rules.tower_defense.model import PHASE_NUMBER, STACKS, GameState, Player, Scenario
from rules.tower_defense.rule_ids import RuleId
from rules.tower_defense.variants import Rules


def new_game(scenario: Scenario, rules: Rules | None = None) -> GameState:
    """A session before set up 4.E: the starting player is drawn, then the starting credits."""
    rules = rules or Rules()
    if not 1 <= scenario.players <= 4:
        raise IllegalAction(f"a session has 1 to 4 players, not {scenario.players}", "setup.1 players")
    out_of_order = order_problems(scenario.calls)
    if out_of_order:
        raise IllegalAction(out_of_order[0], "setup.3A12 next waves")
    if scenario.board.track_discard:
        raise IllegalAction(
            f"{', '.join(scenario.board.track_discard)} discarded before the session starts: 'All game sessions "
            "must use exactly 50 Track pieces', and set up lays every one of them",
            "setup.2 field",
        )
    mode = catalog.mode(scenario.mode)
    mark1, mark2, mark3 = full_decks(rules)
    return GameState(
        rules=rules,
        mode=mode.id,
        players=tuple(Player() for _ in range(scenario.players)),
        starting_player=None,
        board=scenario.board,
        towers=(),
        waves=(),
        upcoming=scenario.calls,
        waves_called=0,
        turn=1,
        phase="setup",
        lives=mode.lives.value,
        income=mode.income.value,
        track_loss_limit=mode.track_loss_limit.value,
        mark1_deck=mark1,
        mark1_discard=(),
        mark2_pile=mark2,
        mark3_pile=mark3,
        modifier_pile=sort_modifiers(scenario.modifiers),
        modifier_discard=(),
        condition_pile=tuple(sorted(scenario.conditions)),
        condition=None,
        conditions_waiting=(),
        skill_markers=(),
        reveal_left=mode.starting_credits.value,
        revealed=(),
        dividing=None,
        chooser=0,
        conditions_to_reveal=0,
        awaiting_modifier=(),
        restorer=None,
        restore_left=0,
        kill_window=None,
        actions_taken=0,
        termination=None,
    )


def current_player(state: GameState) -> int:
    """Who decides now: CHANCE at a reveal, the player taking or placing, SIMULTANEOUS in Phase 6 when
    several players sit at the table (003 Phase 6: 'Each player may perform actions in any order, but
    actions are never carried out simultaneously'), else the Starting Player (who carries out Phases 1
    to 5); TERMINAL once the session is over."""
    if state.phase == "game_over":
        return TERMINAL
    if state.starting_player is None or state.conditions_to_reveal or state.awaiting_modifier or state.reveal_left:
        return CHANCE
    if state.revealed:
        return state.dividing if state.dividing is not None else state.chooser
    if state.restore_left and state.restorer is not None:
        return state.restorer
    if state.phase == "actions" and len(state.players) > 1:
        return SIMULTANEOUS
    return state.starting_player


def acting_players(state: GameState) -> tuple[int, ...]:
    """Who may act now: every player in Phase 6 (each action applied at once, in any order, until the
    table agrees to end the phase), else the one player to move; nobody at a reveal or at the end."""
    return _acting(state, current_player(state))


def _acting(state: GameState, who: int) -> tuple[int, ...]:
    """`acting_players` from `current_player`'s answer (asked once a step)."""
    if who == SIMULTANEOUS:
        return tuple(range(len(state.players)))
    return (who,) if who >= 0 else ()


def is_terminal(state: GameState) -> bool:
    """Whether the session is over: victory, failure, or the turn limit reached."""
    return state.phase == "game_over"


def outcome(state: GameState) -> Outcome | None:
    """Victory or failure of the whole table (cooperative: every player gets 1 for a victory, 0 else)."""
    if state.termination is None:
        return None
    termination = metadata.Termination[state.termination.upper()]
    return Outcome.team(termination, termination is metadata.Termination.VICTORY, len(state.players))


def chance_outcomes(state: GameState) -> Distribution[Any]:
    """Each outcome of the chance node with its exact probability."""
    if current_player(state) != CHANCE:
        raise IllegalAction("nothing is being revealed now, so there is no chance outcome")
    return _chance_outcomes(state)


def _chance_outcomes(state: GameState) -> Distribution[Any]:
    """`chance_outcomes` at a position known to be a chance node."""
    if state.starting_player is None:
        return Distribution.uniform(ChooseStartingPlayer(p) for p in range(len(state.players)))
    if state.conditions_to_reveal:
        return _pile(RevealCondition, state.condition_pile)
    if state.awaiting_modifier:
        lowest = catalog.modifier(state.modifier_pile[0]).level
        on_top = tuple(m for m in state.modifier_pile if catalog.modifier(m).level == lowest)
        return _pile(RevealModifier, on_top)
    return _pile(RevealCredit, state.mark1_deck)


@functools.lru_cache(maxsize=4096)
def _pile(kind: Callable[[str], Any], pile: tuple[str, ...]) -> Distribution[Any]:
    """The cards of a pile as the outcomes `kind` makes of them, each as likely as its copies (the counts in
    lowest terms, so a seeded sampler draws as it always has)."""
    counts = Counter(pile)
    common = math.gcd(*counts.values())
    return Distribution.from_counts({built_once(kind, c): n // common for c, n in counts.items()})


def legal_actions(state: GameState, player: int | None = None) -> list[Any]:
    """Every action `player` may take now (default: every acting player's); at a chance node, the possible
    outcomes."""
    who = current_player(state)
    if who == TERMINAL:
        return []
    if who == CHANCE:
        return list(_chance_outcomes(state).outcomes()) if player is None else []
    acting = _acting(state, who)
    if player is not None and player not in acting:
        return []
    if state.revealed:
        return list(_credit_choices(who, tuple(sorted(set(state.revealed)))))
    if state.restore_left:
        spaces = free_spaces(state)
        return [RestoreTrack(who, p, at) for p in sorted(set(state.board.track_discard)) for at in spaces]
    if state.phase in AUTOMATIC_PHASES:
        return [NEXT_PHASE]
    if state.phase == "actions":
        out: list[Any] = []
        for p in acting if player is None else (player,):
            out += phase6_actions(state, p)
        out.append(END_ACTIONS)
        return out
    return []


@functools.lru_cache(maxsize=1024)
def _credit_choices(who: int, credits: tuple[str, ...]) -> tuple[TakeCredit, ...]:
    """Each revealed credit on each stack, for `who`: the same objects whenever the same credits wait, so the
    OpenSpiel adapter finds their id order by identity instead of writing their texts."""
    return tuple(TakeCredit(who, c, s) for c in credits for s in STACKS)


NEXT_PHASE = NextPhase()
END_ACTIONS = EndActions()
"""The actions without fields, built once (records are immutable, so one serves every position)."""


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
    require(state.phase != "game_over", "the game session is over", "end.victory")
    who = current_player(state)
    kind = type(action)
    if kind in _CHANCE_KINDS:
        require(who == CHANCE, "nothing is being revealed now", "setup.4E starting credits")
        if action not in _chance_outcomes(state):
            raise IllegalAction(f"{action!r} is not a possible outcome now", "setup.4E starting credits")
    else:
        require(who != CHANCE, "something is being revealed; reveal it first", "phase.5 income")
        _check_turn(state, action, who)
    handler = _HANDLERS.get(kind)
    if handler is None:
        raise IllegalAction(f"unknown action {action!r}")
    before = state
    state = handler(state, action, events)
    if kind in _PHASE6_KINDS:
        state = bar_from_condition(before, state, getattr(action, "player", None))
        state = state.replace(actions_taken=state.actions_taken + 1)
    return advance(state, events)


_STACK_RULES: dict[type, RuleId] = {
    TakeCredit: "phase.5 income",
    KillBonus: "phase.6E kill bonus",
    PlaceSkillMarker: "phase.6F skills",
}
"""The rule an action naming a stack follows (a stack that names nothing is refused citing it)."""
_CHANCE_KINDS = frozenset(CHANCE_ACTIONS)
_PHASE6_KINDS = frozenset(PHASE6_ACTIONS)
"""The action classes of each kind, looked up by an action's own class (records are never subclassed)."""


def _check_turn(state: GameState, action: Any, who: int) -> None:
    """IllegalAction unless the action is one the moment allows, of a player who may take it now."""
    player = getattr(action, "player", None)
    if player is not None and not (type(player) is int and 0 <= player < len(state.players)):
        count = len(state.players)
        if type(player) is int and player >= count:
            raise IllegalAction(f"there is no player {player + 1}", "setup.1 players")
        raise IllegalAction(
            f"player {player!r} names nobody: this game's {count} players are numbered 0 to {count - 1}",
            "setup.1 players",
        )
    stack = getattr(action, "stack", None)
    if stack is not None and stack not in STACKS:
        raise IllegalAction(
            f"there is no stack {stack!r} (stacks: {', '.join(STACKS)})",
            _STACK_RULES.get(type(action), "phase.6 actions"),
        )
    if state.revealed:
        if not isinstance(action, TakeCredit) or player != who:
            raise IllegalAction(
                f"{player_name(max(who, 0))} takes a revealed credit now: "
                "'All credits must be assigned to Stacks before proceeding'",
                "phase.5 income" if state.dividing is None else "phase.6B sell",
            )
        return
    require(not isinstance(action, TakeCredit), "no credit is waiting to be taken", "phase.5 income")
    if state.restore_left:
        if not isinstance(action, RestoreTrack) or player != who:
            raise IllegalAction(f"{player_name(max(who, 0))} first places the restored track", "attributes.restorer")
        return
    require(not isinstance(action, RestoreTrack), "no track is being restored now", "attributes.restorer")
    if isinstance(action, NextPhase):
        require(
            state.phase in AUTOMATIC_PHASES,
            "Phase 6 ends when all players agree they do not want to perform any more actions",
            "phase.6 actions",
        )
        return
    if state.phase != "actions":
        raise IllegalAction(
            f"players act in Phase 6; this is Phase {PHASE_NUMBER.get(state.phase, 0)} ({state.phase})",
            "phase.6 actions",
        )


_HANDLERS: dict[type, Callable[[GameState, Any, Events], GameState]] = {
    ChooseStartingPlayer: choose_starting,
    RevealCredit: reveal_credit,
    RevealModifier: reveal_modifier,
    RevealCondition: reveal_condition,
    NextPhase: next_phase,
    TakeCredit: take_credit,
    EndActions: end_actions,
    Build: build,
    Upgrade: upgrade,
    Sell: sell,
    Boost: boost,
    Attack: attack,
    CombineAttack: combine,
    KillBonus: kill_bonus,
    Convert: convert,
    PlaceSkillMarker: place_skill,
    CompleteCondition: complete_condition,
    RestoreTrack: restore_track,
}


def pending(state: GameState) -> str:
    """What must happen before anyone acts freely, in words (empty when nothing is pending)."""
    acting = acting_players(state)
    return phases.pending(state, acting[0] if acting else 0)
