"""Numbers an action made in Python may get wrong, refused by the engine in a player's words: the schema refuses
them in JSON, and these once went through `engine.apply` (-3 damage let 2 initiative damage destroy 5 power;
territory -1 was Python's last territory, a second attack from one territory in a turn)."""

from __future__ import annotations

import pytest

from explorer.attack_the_tower.explorer import Explorer
from rules.attack_the_tower import engine, examples
from rules.attack_the_tower.actions import Allocate, DeclareAttack, Pass, allocate
from rules.attack_the_tower.errors import IllegalAction
from rules.attack_the_tower.model import Allocation, GameState


def at_initiative() -> GameState:
    """The mid-game battle declared (territory 1 against territory 2), both windows passed: the Undead distribute
    their 2 initiative damage."""
    state = examples.example("mid-game-battle")
    for action in (DeclareAttack(player=0, origin=0, target=1), Pass(player=0), Pass(player=1)):
        state, _ = engine.apply(state, action)
    return state


@pytest.mark.parametrize(
    ("assignments", "words"),
    [
        ({"p1/t1/s0/0": -3, "p1/t1/s1/0": 2, "p1/t1/s2/0": 3}, "must be a whole number of at least 1, not -3"),
        ({"p1/t1/s0/0": 0}, "must be a whole number of at least 1, not 0"),
    ],
)
def test_damage_assigned_is_at_least_1_to_each_target(assignments: dict[str, int], words: str) -> None:
    """battles.3: the side distributes the damage it has; none of it can be negative or nothing."""
    with pytest.raises(IllegalAction, match=words) as refused:
        engine.apply(at_initiative(), allocate(0, assignments))
    assert refused.value.rule == "battles.3 initiative"


def test_a_target_named_twice_is_refused() -> None:
    state = at_initiative()
    twice = Allocate(0, Allocation.of([("p1/t1/s0/0", 1), ("p1/t1/s0/0", 1)]))
    with pytest.raises(IllegalAction, match="is named twice; give each target its total damage once"):
        engine.apply(state, twice)


@pytest.mark.parametrize(("origin", "target"), [(0, -1), (-2, 1), (3, 0), (0, 7)])
def test_territories_off_the_board_are_refused(origin: int, target: int) -> None:
    """turn.2: an attack goes from one of your three territories to one of the opponent's three."""
    with pytest.raises(IllegalAction, match="territories are numbered 1 to 3"):
        engine.apply(examples.example("mid-game-battle"), DeclareAttack(player=0, origin=origin, target=target))


def test_the_explorer_refuses_a_negative_amount_and_keeps_the_position() -> None:
    explorer = Explorer("mid-game-battle")
    explorer.attack(0, 1)
    explorer.pass_(0)
    explorer.pass_(1)
    before = explorer.state
    with pytest.raises(IllegalAction, match="at least 1"):
        explorer.allocate({"p1/t1/s0/0": -3, "p1/t1/s1/0": 2, "p1/t1/s2/0": 3}, player=0)
    assert explorer.state == before


def test_a_side_that_is_neither_player_has_no_allocation_request() -> None:
    with pytest.raises(IllegalAction, match="there is no side 3"):
        engine.allocation_request(at_initiative(), 3)
