"""The Attack the Tower explorer without a browser: a session of pure engine steps, a position editor,
a combat stepper, policies for the decisions nobody makes, branches and variant comparison.

No rule is decided here: legality, pools, targets and what happened all come from rules.attack_the_tower.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from explorer.attack_the_tower.comparison import Comparison, Divergence, Until, compare
from explorer.attack_the_tower.rendering import static_html
from explorer.attack_the_tower.story import step_story
from explorer.attack_the_tower.viewmodel import board_view
from explorer.line_tests import LineTests
from explorer.markup import presented
from explorer.navigation import SessionNavigation
from explorer.positions import PositionFiles, edit_by
from rules.attack_the_tower import catalog, editing, engine, examples, policies
from rules.attack_the_tower.actions import (
    EndTurn,
    Pass,
    PlayAbility,
    allocate,
)
from rules.attack_the_tower.game import GAME
from rules.attack_the_tower.model import GameState
from rules.attack_the_tower.policies import policy
from rules.attack_the_tower.text import board_text
from rules.attack_the_tower.variants import Rules
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.limits import whole_number
from rules.core.protocol import CHANCE, TERMINAL

MAX_ADVANCE_STEPS = 1_000_000
"""`advance` takes at most this many steps at once (a whole game at the longest turn limit takes fewer)."""


class Explorer(SessionNavigation[GameState], PositionFiles[GameState], LineTests):
    """One position and the lines of play from it. Methods return what happened as events."""

    game_slug = "attack-the-tower"
    game = GAME
    examples = examples
    editing = editing
    policies = policies
    default_example = "mid-game-battle"
    default_policy = "greedy"

    def __init__(
        self, position: GameState | str | None = None, *, policy_name: str | None = None, seed: int = 0
    ) -> None:
        self.seats: dict[int, str | None] = {0: None, 1: None}
        """Who decides for each player in whole-game mode: None for a person, else a policy name."""
        super().__init__(position, policy_name=policy_name, seed=seed)

    # ---- reading ---------------------------------------------------------------------------------
    def request(self, side: int | None = None) -> engine.AllocationRequest | None:
        """The damage `side` (default: the player to move) must distribute now."""
        return engine.allocation_request(self.state, side)

    def stage(self) -> str:
        """'abilities', 'initiative', 'regular', 'unmanned' in a battle, else the phase."""
        return self.state.battle.stage if self.state.battle is not None else self.state.phase

    def board_text(self) -> str:
        return board_text(self.state)

    def _repr_html_(self) -> str:
        """A snapshot: the board now and what the last step did (static, for any notebook reader)."""
        events = self.session.last_events()
        story = step_story(self.session, self.session.cursor, events)
        return presented(static_html(board_view(self.state, story=story, live=False), [e.narrate() for e in events]))

    def __repr__(self) -> str:
        return f"Explorer(turn {self.state.turn}, {self.stage()}, step {self.session.cursor})"

    # ---- the combat stepper ----------------------------------------------------------------------
    def attack(self, origin: int, target: int, specials: tuple[int, ...] = ()) -> tuple[Event, ...]:
        """Declare an attack (territories 0-2), opening the battle's ability window."""
        attack = {"action": "attack", "player": self.state.attacker, "origin": origin, "target": target}
        return self.play(GAME.read_action({**attack, "specials": specials}))

    def play_ability(self, card_id: str, player: int | None = None, targets: tuple[str, ...] = ()) -> tuple[Event, ...]:
        """Play an ability card; `targets` names what it makes you choose (a troop for Ninja, bases for Kaiju)."""
        who = self._who(player)
        return self.play(PlayAbility(player=who, card=card_id, targets=targets))

    def play_move(self, move: Any) -> tuple[Event, ...]:
        """A move of the 'your move' list: one action, or several made one after the other (all the draws of a
        hand), each card drawn by the seeded sampler before the next."""
        events: list[Event] = []
        for action in move if isinstance(move, tuple) else (move,):
            events += self.play(action)
            while self.to_move() == CHANCE:
                events += self.auto()
        return tuple(events)

    def pass_(self, player: int | None = None) -> tuple[Event, ...]:
        return self.play(Pass(player=self._who(player)))

    def allocate(self, assignments: dict[str, int], player: int | None = None) -> tuple[Event, ...]:
        """Distribute damage by hand: {target key: amount}. In a simultaneous step either side may go first."""
        return self.play(allocate(self._who(player), assignments))

    def end_turn(self) -> tuple[Event, ...]:
        return self.play(EndTurn(player=self.state.attacker))

    def auto(self) -> tuple[Event, ...]:
        """Let the policy seated for the player to move (else the explorer's policy), or chance, decide."""
        return self.decide(lambda who: policy(self.seats.get(who) or self.policy_name))

    def step(self) -> tuple[Event, ...]:
        """Finish the current sub-step of a battle (the ability window, initiative, regular combat,
        unmanned bases), letting the policy make every decision the user has not made; outside a
        battle, make one decision. Returns every event of the sub-step."""
        if self.session.cursor < len(self.session.line):
            self.session.forward()
            return self.session.last_events()
        start = self.state.battle
        events: list[Event] = []
        if start is None:
            return self.auto()
        marker = (start.at_palace, start.stage)
        while True:
            events += self.auto()
            b = self.state.battle
            if b is None or (b.at_palace, b.stage) != marker:
                return tuple(events)

    def resolve_battle(self) -> tuple[Event, ...]:
        """Step until the battle in progress (and any palace battle after it) is over."""
        events: list[Event] = []
        while self.state.phase == "battle":
            events += self.step()
        return tuple(events)

    def _who(self, player: int | None) -> Any:
        if player is not None:
            return player
        acting = self.acting()
        if not acting:
            raise IllegalAction("nobody is to decide now")
        return acting[0]

    # ---- whole games ---------------------------------------------------------------------------------
    def new_game(self, first: str = "undead", second: str = "bandits", rules: Rules | None = None) -> GameState:
        """A whole game from setup (drawing opening hands), under these rules."""
        return self.edit(engine.new_game((first, second), rules or self.rules))

    def use_army_file(self, path_or_text: str) -> str:
        """Play with a designer's army file (its path on one line, or its JSON or TOML text); returns its
        army id. Under a shipped army's id it stands in for that army from the next new game or edit on."""
        text = path_or_text.strip()
        if text.startswith("{"):
            army = catalog.parse_army(text, source="the army file")
        elif "\n" in text:
            army = catalog.parse_army(text, source="the army file", toml=True)
        else:
            army = catalog.load_army_file(text)
        return catalog.use_army(army)

    def set_seats(self, first: str | None, second: str | None) -> None:
        """Who plays each side: None for a person clicking, or a policy name ('random', 'greedy', ...)."""
        for name in (first, second):
            if name is not None:
                policy(name)
        self.seats = {0: first, 1: second}

    def advance(self, limit: int = 10_000, on_turn: Callable[[int], None] | None = None) -> tuple[Event, ...]:
        """Let chance and the policies seated at the table play until a person must decide (or the end);
        `on_turn` is told each new turn reached on the way (a panel shows how far a long game has got)."""
        whole_number("limit", limit, 1, MAX_ADVANCE_STEPS)
        events: list[Event] = []
        turn = self.state.turn
        for _ in range(limit):
            who = self.to_move()
            acting = self.acting()
            if who == TERMINAL or (who != CHANCE and self.seats.get(acting[0]) is None):
                break
            events += self.auto()
            if on_turn is not None and self.state.turn != turn:
                turn = self.state.turn
                on_turn(turn)
        return tuple(events)

    # ---- the position editor (each edit starts a new session from the edited position) --------------
    set_base = edit_by(editing.set_base)
    set_troops = edit_by(editing.set_troops)
    set_raised = edit_by(editing.set_raised)
    set_cards = edit_by(editing.set_cards)
    set_attacker = edit_by(editing.set_attacker)

    def set_armies(self, first: str, second: str) -> GameState:
        return self.edit(editing.set_armies(self.state, (first, second)))

    # ---- variants ----------------------------------------------------------------------------------
    def compare(self, other: Rules) -> Divergence:
        """Replay this line from its start under `other` rules; report the first step that differs."""
        return compare(self.initial, self.session.line[: self.session.cursor], other, None, self.policy_name).divergence

    def compare_to_the_end(self, other: Rules, until: Until = "battle") -> Comparison:
        """Replay this line under `other` rules beside the current ones, the first difference marked, then play
        both on with the explorer's policy (the same seed) to the end of the battle, or of the game."""
        line = self.session.line[: self.session.cursor]
        return compare(self.initial, line, other, until, self.policy_name, self.seed)
