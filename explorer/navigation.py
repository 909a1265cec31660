"""Playing and moving along a session's lines, shared by every game's explorer: play, back, forward, restart,
jump, branches.

Each is a replay of the engine's pure steps (rules.core.session); nothing here knows a game."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any, ClassVar, Generic, TypeVar

from explorer.guarded import checked_text
from rules.core.chance import ChanceSampler
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.playout import Policy
from rules.core.protocol import CHANCE, TERMINAL, Game
from rules.core.session import Session
from rules.lesson import Lesson

S = TypeVar("S")


class SessionNavigation(Generic[S]):
    """Mixin for explorers of a `game` holding `self.session` and a `self.sampler` seeded by `self.seed`; its
    `policies` module (`POLICIES`, `policy(name)`) decides, by `self.policy_name`, what nobody decides by hand."""

    game: ClassVar[Game[Any, Any]]
    policies: ModuleType
    policy_name: str
    seed: int
    session: Session[S, Any]
    sampler: ChanceSampler
    example_name: str | None = None
    """The example the session started from (whoever loads one names it after the reset); None for any other
    position, an edited one included: the panel's example picker shows it."""

    def _reset(self, position: S) -> None:
        """Start a new session from `position`, chance drawn afresh from the seed."""
        self.session = Session(self.game, position)
        self.sampler = ChanceSampler(self.seed)
        self.example_name = None

    @property
    def state(self) -> S:
        """The position at the cursor."""
        return self.session.state

    @property
    def initial(self) -> S:
        """The position the session started from."""
        return self.session.initial

    def legal_actions(self) -> list[Any]:
        """Every action the player to move may take now."""
        return list(self.session.game.legal_actions(self.state))

    def log(self) -> list[tuple[int, Event]]:
        """(step number, event) for every step up to the cursor."""
        return [(step.number, e) for step in self.session.steps()[: self.session.cursor] for e in step.events]

    def log_text(self) -> str:
        """The narrated log up to the cursor, one event a line with its rule."""
        return "\n".join(f"{n:3}. {e.narrate()}" for n, e in self.log())

    def to_move(self) -> int:
        """Who decides now: a player, CHANCE, SIMULTANEOUS (see `acting`) or TERMINAL (rules.core.protocol)."""
        return self.session.game.current_player(self.session.state)

    def acting(self) -> tuple[int, ...]:
        """The players who may act now (several at a simultaneous step; none at chance or the end)."""
        return self.session.game.acting_players(self.session.state)

    def decide(self, policy_for: Callable[[int], Policy[Any]]) -> tuple[Event, ...]:
        """One step decided for the table: chance by the seeded sampler, else the first acting player's
        policy (at a simultaneous step the players hand in their choices one at a time)."""
        game = self.session.game
        state = self.session.state
        who = game.current_player(state)
        if who == TERMINAL:
            raise IllegalAction("the game is over")
        if who == CHANCE:
            return self.play(self.sampler.pick(game.chance_outcomes(state)))
        player = who if who >= 0 else game.acting_players(state)[0]
        return self.play(policy_for(player).choose(state, self.sampler, player))

    def auto(self) -> tuple[Event, ...]:
        """Let chance (the seeded sampler) or the policy make the current decision."""
        return self.decide(lambda _: self.policies.policy(self.policy_name))

    def where(self) -> str:
        """Where the cursor stands: 'step 3 of 7 on branch 'main''."""
        session = self.session
        return f"step {session.cursor} of {len(session.line)} on branch '{session.current_branch}'"

    def play(self, action: Any) -> tuple[Event, ...]:
        """Take one action (refused with IllegalAction, nothing changed, when the rules forbid it)."""
        return self.session.play(action)

    def play_lesson(self, lesson: Lesson) -> None:
        """A new session from a teacher's lesson: its position, with its line laid out ahead of the cursor
        (`forward` walks it one step at a time)."""
        line = lesson.line()
        self._reset(lesson.start())
        self.session.lay(line)

    def back(self, steps: int = 1) -> None:
        self.session.back(steps)

    def forward(self, steps: int = 1) -> None:
        self.session.forward(steps)

    def forward_past_chance(self) -> tuple[Event, ...]:
        """One step forward along the line and the chance steps right after it (a choice with the cards it drew),
        as a step that plays on takes them; the events of every step passed."""
        session = self.session
        session.forward()
        events = list(session.last_events())
        while session.cursor < len(session.line) and session.game.current_player(session.state) == CHANCE:
            session.forward()
            events += session.last_events()
        return tuple(events)

    def steps_back_to_choice(self) -> int:
        """How many steps back the position of the last choice is: one, and one more for each chance step that
        followed the choice (what `forward_past_chance` passes going forward)."""
        session, steps = self.session, 1
        while (
            session.cursor - steps > 0
            and session.game.current_player(session.state_at(session.cursor - steps)) == CHANCE
        ):
            steps += 1
        return steps

    def restart(self) -> None:
        self.session.restart()

    def jump(self, step: int) -> None:
        """Go to the position after `step` actions of the current line (0: the start)."""
        self.session.jump(step)

    def branch(self, name: str | None = None) -> str:
        """Keep the line so far and continue it differently under a new branch name (text, or None for
        the next free 'branch N')."""
        return self.session.branch(None if name is None else checked_text(name, "a branch name"))

    def switch(self, name: str) -> None:
        self.session.switch(checked_text(name, "a branch name"))

    @property
    def branches(self) -> list[str]:
        return list(self.session.branches)
