"""rules.core.session: back, forward, jump and branches are replays of pure steps."""

from collections.abc import Sequence
from dataclasses import dataclass

import pytest

from rules.core.distribution import Distribution
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.outcome import Outcome, Utility
from rules.core.protocol import TERMINAL, ChanceMode, Dynamics, GameBase, GameCard, Information
from rules.core.session import Session

TOY = GameCard(
    short_name="counter",
    long_name="Counter",
    min_players=1,
    max_players=1,
    dynamics=Dynamics.SEQUENTIAL,
    chance=ChanceMode.DETERMINISTIC,
    information=Information.PERFECT,
    utility=Utility.SOLO,
    min_return=0,
    max_return=1,
    termination=Utility,
    max_legal_actions=2,
    max_chance_outcomes=0,
    max_game_length=lambda rules: 5,
    source="a toy for the tests",
)


@dataclass(frozen=True, slots=True, kw_only=True)
class Added(Event):
    amount: int

    def sentence(self) -> str:
        return f"add {self.amount}"


class Counter(GameBase):
    """A toy game: the state is a number, an action adds 1 or 2, reaching 5 or more ends it."""

    card = TOY

    def __init__(self) -> None:
        self.applied = 0

    def num_players(self, state: int) -> int:
        return 1

    def current_player(self, state: int) -> int:
        return TERMINAL if state >= 5 else 0

    def legal_actions(self, state: int, player: int | None = None) -> Sequence[int]:
        return [1, 2]

    def chance_outcomes(self, state: int) -> Distribution[int]:
        raise IllegalAction("no chance here")

    def apply(self, state: int, action: int) -> tuple[int, tuple[Event, ...]]:
        if action not in (1, 2):
            raise IllegalAction("add 1 or 2")
        self.applied += 1
        return state + action, (Added(rule="toy", amount=action),)

    def is_terminal(self, state: int) -> bool:
        return state >= 5

    def outcome(self, state: int) -> Outcome | None:
        return None


def test_play_back_forward_jump() -> None:
    s = Session(Counter(), 0)
    s.play_many([1, 2, 1])
    assert s.state == 4
    s.back()
    assert s.state == 3
    s.back(5)
    assert s.state == 0 and s.cursor == 0
    s.forward(2)
    assert s.state == 3
    s.jump(3)
    assert s.state == 4
    assert [step.events[0].sentence() for step in s.steps()] == ["add 1", "add 2", "add 1"]


def test_a_different_action_mid_line_opens_a_branch() -> None:
    s = Session(Counter(), 0)
    s.play_many([1, 1, 1])
    s.jump(1)
    s.play(2)
    assert s.current_branch != "main"
    assert s.line == (1, 2)
    assert s.state == 3
    s.switch("main")
    assert s.state == 3 and list(s.line) == [1, 1, 1]


def test_replaying_the_same_action_moves_forward() -> None:
    s = Session(Counter(), 0)
    s.play_many([2, 2])
    s.restart()
    s.play(2)
    assert s.current_branch == "main" and s.cursor == 1 and len(s.line) == 2


def test_illegal_action_changes_nothing() -> None:
    s = Session(Counter(), 0)
    s.play(1)
    with pytest.raises(IllegalAction):
        s.play(7)
    assert s.state == 1 and s.line == (1,)


def test_states_are_memoised_not_recomputed() -> None:
    game = Counter()
    s = Session(game, 0)
    s.play_many([1, 1, 1])
    before = game.applied
    s.back(2)
    s.forward(2)
    _ = s.state
    assert game.applied == before


def test_named_branches() -> None:
    s = Session(Counter(), 0)
    s.play(1)
    s.branch("what if")
    s.play(2)
    assert s.branches["main"] == (1,)
    assert s.branches["what if"] == (1, 2)
    with pytest.raises(ValueError):
        s.branch("what if")
    with pytest.raises(KeyError):
        s.switch("nowhere")


def test_a_line_laid_ahead_is_walked_with_forward_and_refused_whole_when_illegal() -> None:
    from rules.attack_the_tower import examples
    from rules.attack_the_tower.actions import DeclareAttack, Pass
    from rules.attack_the_tower.game import GAME

    session = Session(GAME, examples.example("mid-game-battle"))
    line = [DeclareAttack(player=0, origin=0, target=1), Pass(player=0), Pass(player=1)]
    session.lay(line)
    assert session.cursor == 0 and session.line == tuple(line)
    session.forward(2)
    assert session.state.battle is not None and session.state.battle.stage == "abilities"
    with pytest.raises(IllegalAction):
        Session(GAME, examples.example("mid-game-battle")).lay([Pass(player=1)])
