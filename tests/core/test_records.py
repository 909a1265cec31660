"""The engines' records: equality, hashing and pickling by their fields, their JSON written directly (checked
against the json module on every position and action of seeded games), and the codec at the boundary."""

from __future__ import annotations

import copy
import json
import pickle
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.attack_the_tower import engine
from rules.attack_the_tower.actions import Allocate, DeclareAttack, EndTurn
from rules.attack_the_tower.game import GAME, POSITION
from rules.attack_the_tower.model import Allocation, Base
from rules.attack_the_tower.variants import Rules
from rules.core.chance import ChanceSampler
from rules.core.errors import IllegalPosition
from rules.core.protocol import CHANCE, Game
from rules.core.records import Record, compact_json, json_data
from rules.the_tower import engine as the_tower
from rules.the_tower import game as the_tower_game
from rules.tower_defense import engine as tower_defense
from rules.tower_defense import examples as tower_defense_examples
from rules.tower_defense import game as tower_defense_game
from rules.tower_defense.variants import Rules as TowerDefenseRules


def reference(value: Any) -> str:
    """What `compact_json` must write: the json module's compact text of `json_data`."""
    return json.dumps(json_data(value), separators=(",", ":"), ensure_ascii=False)


STARTS: dict[str, Callable[[], tuple[Game[Any, Any], Any]]] = {
    "attack-the-tower": lambda: (GAME, engine.new_game(rules=Rules(turn_limit=30, max_burns=1))),
    "the-tower": lambda: (the_tower_game.GAME, the_tower.new_game()),
    "tower-defense": lambda: (
        tower_defense_game.GAME,
        tower_defense.new_game(tower_defense_examples.beginner_scenario(2), TowerDefenseRules(turn_limit=8)),
    ),
}
"""Each game's new game: Attack the Tower's battles, renewals and palace; The Tower's floors and fights; Tower
Defense's phases, towers and waves."""


def seeded_positions_and_actions(game: Game[Any, Any], state: Any, seed: int, steps: int = 400) -> list[Any]:
    """Every position and legal action met in a seeded random game."""
    sampler = ChanceSampler(seed)
    seen: list[Any] = []
    for _ in range(steps):
        if game.is_terminal(state):
            break
        seen.append(state)
        if game.current_player(state) == CHANCE:
            action = sampler.pick(game.chance_outcomes(state))
        else:
            legal = list(game.legal_actions(state, game.acting_players(state)[0]))
            seen += legal
            action = sampler.choice(legal)
        state = game.step(state, action)
    return seen


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("name", sorted(STARTS))
def test_the_direct_json_is_the_json_modules_text_for_every_position_and_action(name: str, seed: int) -> None:
    for value in seeded_positions_and_actions(*STARTS[name](), seed):
        assert compact_json(value) == reference(value)


@given(st.text(max_size=12), st.integers(-(10**12), 10**12), st.booleans())
def test_the_direct_json_escapes_any_text_as_the_json_module_does(text: str, number: int, flag: bool) -> None:
    value = (Base(text, number % 3, ()), text, number, flag, None, [text, (number,)])
    assert compact_json(value) == reference(value)


def test_records_compare_hash_and_pickle_by_their_fields() -> None:
    a, b = DeclareAttack(0, 1, 2, (0,)), DeclareAttack(player=0, origin=1, target=2, specials=(0,))
    assert a == b and hash(a) == hash(b) and a is not b
    assert a != DeclareAttack(0, 1, 2) and a != EndTurn(0)
    assert pickle.loads(pickle.dumps(a)) == a
    state = engine.new_game()
    assert pickle.loads(pickle.dumps(state)) == state
    # immutable: a copy, shallow or deep, is the record itself (compiled or not: the state is compiled where built)
    assert copy.copy(a) is a and copy.deepcopy(a) is a and copy.deepcopy(state) is state
    assert copy.deepcopy([state])[0] is state


class _Marker(Record):
    """A record written as the engines write theirs: annotated fields, one with a default, a class constant."""

    square: str
    height: int = 1
    TAG = ("kind", "marker")


class _Seat(Record, kw_only=True):
    player: int
    name: str = "north"


def test_a_record_class_is_built_from_its_annotated_fields_in_the_order_written() -> None:
    assert _Marker.FIELDS == ("square", "height")
    marker = _Marker("b2")
    assert (marker.square, marker.height) == ("b2", 1) and _Marker("b2", height=3).height == 3
    assert not hasattr(marker, "__dict__")  # slotted: no field can be added by a typo
    assert json_data(marker) == {"kind": "marker", "square": "b2", "height": 1}
    with pytest.raises(TypeError):
        _Marker()  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="extends Record itself"):
        type("Tall", (_Marker,), {"__annotations__": {"tall": "bool"}})
    assert _Seat(player=1).name == "north"
    with pytest.raises(TypeError):
        _Seat(1)  # type: ignore[call-arg]


def test_replace_refuses_a_field_the_record_does_not_have() -> None:
    base = Base("undead.crypt", 1)
    assert base.replace(troops=2) == Base("undead.crypt", 2) and base == Base("undead.crypt", 1)
    with pytest.raises(TypeError, match="colour"):  # Python's words, or the compiled record's
        base.replace(colour="red")  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="Base has no field colour"):  # the slower one of hand-written records
        Record.replace(base, colour="red")
    assert Record.replace(base, troops=2) == base.replace(troops=2)


def test_an_action_reads_back_equal_and_orders_by_its_text() -> None:
    action = Allocate(1, Allocation.of([("p0/t1/s0/1", 2), ("p0/t0/s2", 1)]))
    assert GAME.read_action(json.loads(compact_json(action))) == action
    assert compact_json(action).startswith('{"action":"allocate","player":1,"allocation":{"assignments":[["p0/t0')


def test_a_position_is_validated_once_where_it_enters() -> None:
    state = engine.new_game()
    assert POSITION.parse(POSITION.text(state)) == state
    data = POSITION.data(state)
    data["players"][0]["hand"] = ["undead.crypt"] * 9
    with pytest.raises(IllegalPosition, match=r"players\.0"):
        POSITION.validate(data)
