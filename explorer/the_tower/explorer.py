"""The Tower explorer without a browser: a session of pure engine steps, the player's choices (by hand
or by a policy), chance drawn by a seeded sampler, a small position editor and the exact advice.

No rule is decided here: what is legal, what a step does and every number of the advice come from
rules.the_tower.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from explorer.line_tests import LineTests
from explorer.markup import presented
from explorer.navigation import SessionNavigation
from explorer.positions import PositionFiles, edit_by
from rules.core import limits
from rules.core.errors import IllegalPosition, Problem
from rules.core.events import Event
from rules.core.files import escape
from rules.core.limits import whole_number
from rules.core.protocol import CHANCE
from rules.the_tower import analysis, editing, engine, examples, policies, text
from rules.the_tower.analysis import Choice, Lookahead, Plan, RoomOdds, SearchTooLarge
from rules.the_tower.cards import Pile
from rules.the_tower.game import GAME, card_verb, room_verb
from rules.the_tower.model import Fight, GameState
from rules.the_tower.variants import Rules


@dataclass(frozen=True)
class Advice:
    """The analysis of one position: the ranked choices, the plans against each known monster (best
    first) and the odds of every room still holding a monster (between fights)."""

    choices: tuple[Choice, ...]
    plans: dict[int, tuple[Plan, ...]]
    odds: dict[int, RoomOdds]
    note: str = ""
    basis: str = ""
    """How the choices are valued, in words."""

    def best_plan(self, room: int) -> Plan | None:
        """The best plan against the monster of `room`, or None when the hand cannot slay it."""
        plans = self.plans.get(room, ())
        return plans[0] if plans else None


class TheTowerExplorer(SessionNavigation[GameState], PositionFiles[GameState], LineTests):
    """One position and the lines of play from it. Methods return what happened as events."""

    game_slug = "the-tower"
    game = GAME
    examples = examples
    editing = editing
    policies = policies
    default_example = "opening"
    default_policy = "greedy"

    # ---- reading ---------------------------------------------------------------------------------
    def phase_words(self) -> str:
        """Where the game stands, in rules.the_tower.text's words ('Floor 1, spending action points ...')."""
        return text.phase_words(self.state)

    def summary(self) -> str:
        """One line: where the session stands (the text form of the explorer and the panel)."""
        state = self.state
        return (
            f"{self.phase_words()}; {state.hp} HP, {state.action_points} action point(s), "
            f"{len(state.hand)} card(s) in hand; {self.where()}"
        )

    def _repr_html_(self) -> str:
        """A snapshot: the table now and what the last step did (static, for any notebook reader)."""
        from explorer.the_tower.viewmodel import board_view, static_html

        last = tuple(e.sentence() for e in self.session.last_events())
        return presented(static_html(board_view(self.state, last_events=last)))

    def __repr__(self) -> str:
        return f"TheTowerExplorer({self.summary()})"

    # ---- stepping ------------------------------------------------------------------------------------
    def resolve_chance(self) -> tuple[Event, ...]:
        """Let the seeded sampler draw every chance step pending now (a card drawn, a room turned up)."""
        events: list[Event] = []
        while engine.current_player(self.state) == CHANCE:
            events += self.play(self.sampler.pick(engine.chance_outcomes(self.state)))
        return tuple(events)

    def step(self) -> tuple[Event, ...]:
        """One step of the game: the policy's choice (or a pending chance step) and the chance it opens.
        In the middle of a line, replay its next step instead, with the chance steps after it."""
        if self.session.cursor < len(self.session.line):
            return self.forward_past_chance()
        events = list(self.auto())
        events += self.resolve_chance()
        return tuple(events)

    def run(self, steps: int) -> tuple[Event, ...]:
        """Up to `steps` steps, stopping when the game is over."""
        events: list[Event] = []
        for _ in range(steps):
            if engine.is_terminal(self.state):
                break
            events += self.step()
        return tuple(events)

    def act(self, action: Any) -> tuple[Event, ...]:
        """Take a player's action, then let chance draw what it opens."""
        events = list(self.play(action))
        events += self.resolve_chance()
        return tuple(events)

    # ---- the player's actions ----------------------------------------------------------------------
    def hit(self, card: str) -> tuple[Event, ...]:
        """Hit the monster fought with a card of the hand."""
        return self.act(GAME.read_action({"action": "hit", "card": card}))

    def drink(self, card: str) -> tuple[Event, ...]:
        """Spend a point to drink a potion of the hand."""
        return self.act(GAME.read_action({"action": "drink", "card": card}))

    def draw(self, pile: Pile) -> tuple[Event, ...]:
        """Spend a point to draw an attack or a potion card (the card itself is chance)."""
        return self.act(GAME.read_action({"action": "draw", "pile": pile}))

    def explore(self, room: int) -> tuple[Event, ...]:
        """Spend a point to turn a face-down room (1-based shown, 0-based here) face up."""
        return self.act(GAME.read_action({"action": "explore", "room": room}))

    def fight(self, room: int) -> tuple[Event, ...]:
        """Go and fight the monster of a room (turned face up first when it is face down)."""
        return self.act(GAME.read_action({"action": "fight", "room": room}))

    def use_card(self, card: str) -> tuple[Event, ...]:
        """A card of the hand played: drunk or hit with, as rules.the_tower.game.card_verb decides."""
        return self.act(GAME.read_action({"action": card_verb(self.state, card), "card": card}))

    def enter_room(self, room: int, *, fight: bool = False) -> tuple[Event, ...]:
        """A room chosen: explored or fought, as rules.the_tower.game.room_verb decides."""
        return self.act(GAME.read_action({"action": room_verb(self.state, room, fight=fight), "room": room}))

    # ---- editing (every edit starts a new session; an illegal one is refused and changes nothing) -----
    def load_example(self, name: str) -> GameState:
        """Explore a named example position under the rules in use, or under the rulebook's rules when the
        example cannot stand under them (its floor is dealt 4 rooms, for one)."""
        try:
            return super().load_example(name)
        except IllegalPosition:
            position = self.edit(examples.example(name))
            self.example_name = name
            return position

    def new_game(self, rules: Rules | None = None) -> tuple[Event, ...]:
        """A new game under `rules` (those in use by default): the seeded sampler deals the opening cards
        and the first floor, each draw a step of the line."""
        self._reset(engine.new_game(rules or self.rules))
        return self.resolve_chance()

    def set_table(self, **changes: Any) -> GameState:
        """This position with parts of the table changed (see rules.the_tower.editing.edited); an unknown
        part, or a value of the wrong kind, is refused in words before anything changes."""
        return self.edit(editing.edited(self.state, **table_changes(changes)))

    set_hp = edit_by(editing.set_hp)
    set_hand = edit_by(editing.set_hand)
    set_room = edit_by(editing.set_room)

    # ---- analysis ------------------------------------------------------------------------------------
    def advice(self, lookahead: Lookahead = "next_fight") -> Advice:
        """The exact analysis of the position: ranked choices, plans against known monsters, room odds.
        Between fights, `lookahead` says how a choice is valued (see rules.the_tower.analysis.point_advice);
        when looking ahead over every point is too large a search, the next fight's outlook is given, and
        the advice says so."""
        state = self.state
        if engine.current_player(state) != 0:
            note = "the game is over" if engine.is_terminal(state) else "chance decides this step"
            return Advice(choices=(), plans={}, odds={}, note=note)
        plans = analysis.plans_on_table(state)
        if state.phase == "fight":
            return Advice(
                choices=analysis.fight_advice(state), plans=plans, odds={}, basis="each hit valued by the fight"
            )
        odds = {i: analysis.room_odds(state, i) for i, s in enumerate(state.floor) if s is not None}
        try:
            choices = analysis.point_advice(state, lookahead=lookahead)
            basis = analysis.LOOKAHEAD_WORDS[lookahead]
        except SearchTooLarge as too_large:
            choices = analysis.point_advice(state)
            basis = f"{analysis.LOOKAHEAD_WORDS['next_fight']} ({too_large})"
        return Advice(choices=choices, plans=plans, odds=odds, basis=basis)


_CARD_LISTS = ("hand", "floor", "room_waste", "attack_waste", "potion_waste")
_NUMBERS = ("hp", "action_points", "floor_number")


def table_changes(changes: dict[str, Any]) -> dict[str, Any]:
    """`changes` to a table of The Tower when each names a part an edit may change (editing.EDITABLE) and
    holds a value of its kind (a list of cards, a whole number, a Fight, Rules); IllegalPosition naming
    the part otherwise."""
    problems: list[Problem] = []
    for name, value in changes.items():
        if name not in editing.EDITABLE:
            problems.append(
                Problem(escape(name, 60), f"the table has no such part; parts: {', '.join(editing.EDITABLE)}")
            )
        elif name in _CARD_LISTS and value is not None and not isinstance(value, list | tuple):
            problems.append(Problem(name, f"must be a list of cards, not {escape(repr(value), 60)}"))
        elif name in _NUMBERS and value is not None:
            try:
                whole_number(name, value, 0, limits.MAX_RULES_NUMBER)
            except IllegalPosition as refusal:
                problems += refusal.problems
        elif name == "fight" and not isinstance(value, Fight | bool | None):
            problems.append(
                Problem(name, f"must be a fight, true (kept) or none (ended), not {escape(repr(value), 60)}")
            )
        elif name == "rules" and not isinstance(value, Rules | None):
            problems.append(
                Problem(name, f"must be the rules (rules.the_tower.variants.Rules), not {escape(repr(value), 60)}")
            )
    if problems:
        raise IllegalPosition(problems)
    return changes
