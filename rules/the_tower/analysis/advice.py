"""Advice: every legal choice, between fights or in one, with the exact outlook of the next fight after it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal, TypeVar

from rules.core.protocol import CHANCE
from rules.core.search import SearchTooLarge
from rules.the_tower import engine
from rules.the_tower.actions import ChooseRoom, DrawCard, Drink, FightRoom, Hit
from rules.the_tower.analysis import fights
from rules.the_tower.analysis.fights import Value
from rules.the_tower.analysis.outlook import Outlook, best_room_value, fight_context, room_value
from rules.the_tower.errors import IllegalAction
from rules.the_tower.model import GameState
from rules.the_tower.text import describe_action


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal choice, the outlook of the next fight after it, and how far it is behind the best."""

    action: Any
    outlook: Outlook
    hp_behind: Fraction
    """Expected HP after the next fight lost by this choice compared to the best one (0 for the best)."""
    slay_behind: Fraction

    def describe(self) -> str:
        return f"{describe_action(self.action)}: {self.outlook.describe()}"


T = TypeVar("T")


def after_choice(state: GameState, action: Any, then: Callable[[GameState], T]) -> list[tuple[Fraction, T]]:
    """What `then` makes of the position after a choice between fights: of that position, or of each
    outcome of its chance step (a draw, a room turned up) with its exact probability, as the engine
    itself resolves it."""
    nxt = engine.step(state, action)
    if engine.current_player(nxt) != CHANCE:
        return [(Fraction(1), then(nxt))]
    return [(p, then(engine.step(nxt, outcome))) for outcome, p in engine.chance_outcomes(nxt).items()]


def _choice_value(state: GameState, action: Any, spend_in_fight: bool) -> Value:
    """The outlook of the next fight after this choice, its chance step resolved exactly."""
    if isinstance(action, FightRoom | ChooseRoom):
        return room_value(state, action.room, spend_in_fight)
    return fights.weighted(after_choice(state, action, lambda nxt: best_room_value(nxt, spend_in_fight)))


def _ranked(choices: list[tuple[Any, Value]], prefer: type) -> tuple[Choice, ...]:
    order = sorted(
        range(len(choices)), key=lambda i: (choices[i][1], isinstance(choices[i][0], prefer), -i), reverse=True
    )
    best = choices[order[0]][1]
    return tuple(
        Choice(
            action=choices[i][0],
            outlook=Outlook.of(choices[i][1]),
            hp_behind=best[1] - choices[i][1][1],
            slay_behind=best[0] - choices[i][1][0],
        )
        for i in order
    )


Lookahead = Literal["next_fight", "all_points"]
"""How a choice between fights is valued: by the next fight fought right after it ('next_fight'), or by the
best way to go on spending the points left before that fight ('all_points', exact but far slower)."""

LOOKAHEAD_WORDS: dict[str, str] = {
    "next_fight": "each choice valued by the next fight fought right after it",
    "all_points": "each choice valued by the best way to spend the points left, then fight",
}


def point_advice(
    state: GameState,
    *,
    spend_in_fight: bool = True,
    lookahead: Lookahead = "next_fight",
    max_positions: int = 5_000,
) -> tuple[Choice, ...]:
    """Between fights: every legal choice (spend a point, or go and fight a room) with the exact outlook
    of the next fight, best first (among equals, fighting now keeps the point).

    With lookahead 'next_fight' the fight is fought right after the choice; with 'all_points' the player
    then spends the points left the best way (every draw and room turned up weighed exactly) before it,
    which raises SearchTooLarge past `max_positions` positions. Under fight_actions 'when_stuck' or
    'always' the fight's own point spending is searched draw by draw, which grows fast with the points
    left; `spend_in_fight=False` values the fight as fought with the hand alone instead (the same figures
    under the default rules, where no point is spent in a fight)."""
    if state.phase != "actions" or engine.current_player(state) != 0:
        raise IllegalAction("advice on action points is given between fights, when the player chooses", "turn.order")
    if lookahead == "all_points":
        search = _PointSearch(spend_in_fight, max_positions, state.action_points)
        choices = [(a, search.choice(state, a)) for a in engine.legal_actions(state)]
    else:
        choices = [(a, _choice_value(state, a, spend_in_fight)) for a in engine.legal_actions(state)]
    return _ranked(choices, FightRoom)


class _PointSearch:
    """Expectimax over the spending of action points between fights, down to the fight chosen, with every
    position met kept (the order of draws does not matter, so many lines meet)."""

    def __init__(self, spend_in_fight: bool, max_positions: int, points: int) -> None:
        self.spend_in_fight = spend_in_fight
        self.points = points
        self.max_positions = max_positions
        self.memo: dict[GameState, Value] = {}

    def choice(self, state: GameState, action: Any) -> Value:
        """The outlook after `action` and the best play of the points left."""
        if isinstance(action, FightRoom | ChooseRoom):
            return room_value(state, action.room, self.spend_in_fight)
        return fights.weighted(after_choice(state, action, self.best))

    def best(self, state: GameState) -> Value:
        """The best outlook from a position between fights."""
        if state in self.memo:
            return self.memo[state]
        if len(self.memo) >= self.max_positions:
            raise SearchTooLarge(
                f"looking ahead over the {self.points} action points left meets more than "
                f"{self.max_positions:,} positions; the next fight's outlook is the advice within reach"
            )
        actions = engine.legal_actions(state) if state.phase == "actions" else []
        value = max(self.choice(state, a) for a in actions) if actions else best_room_value(state, self.spend_in_fight)
        self.memo[state] = value
        return value


def fight_advice(state: GameState) -> tuple[Choice, ...]:
    """In a fight: every legal choice (each card that can hit, spending a point, leaving) with the exact
    outlook of the fight after it, best first."""
    if state.phase != "fight" or engine.current_player(state) != 0:
        raise IllegalAction("fight advice is given in a fight, when the player chooses", "fight.hit")
    room, left = fights.fight_room(state)
    ctx = fight_context(state, room)
    here = fights.node(ctx, state, room, left)
    values: dict[fights.Move, Value] = {
        move: fights.expect(outcomes, ctx) for move, outcomes in fights.moves(ctx, here)
    }
    choices: list[tuple[Any, Value]] = []
    for action in engine.legal_actions(state):
        if isinstance(action, Hit):
            move: fights.Move = ("hit", fights.card_class(action.card, room, state.rules))
        elif isinstance(action, DrawCard):
            move = ("draw", action.pile)
        elif isinstance(action, Drink):
            move = ("drink", fights.card_class(action.card, room, state.rules))
        else:
            move = ("flee", 0)
        choices.append((action, values[move]))
    return _ranked(choices, Hit)


def fight_outlook(state: GameState) -> Outlook:
    """The exact outlook of the fight in progress under the best play."""
    room, left = fights.fight_room(state)
    ctx = fight_context(state, room)
    return Outlook.of(fights.value(ctx, fights.node(ctx, state, room, left)))
