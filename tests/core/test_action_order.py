"""The remembered id order (rules.core.action_order) against the definition it stands for: every legal action
(and chance outcome) of every position of random whole games, sorted by its canonical text."""

from __future__ import annotations

from typing import Any

import pytest

from rules.attack_the_tower import engine as attack_the_tower
from rules.attack_the_tower.game import GAME as ATTACK_THE_TOWER
from rules.attack_the_tower.variants import Rules as AttackTheTowerRules
from rules.core.action_order import ActionOrder, ChainedListing
from rules.core.chance import ChanceSampler
from rules.core.errors import IllegalAction
from rules.core.protocol import CHANCE, Game, canonical_key
from rules.the_tower import engine as the_tower
from rules.the_tower.game import GAME as THE_TOWER
from rules.tower_defense import engine as tower_defense
from rules.tower_defense import examples as tower_defense_examples
from rules.tower_defense.game import GAME as TOWER_DEFENSE
from rules.tower_defense.variants import Rules as TowerDefenseRules


def _starts() -> list[tuple[str, Game[Any, Any], Any]]:
    return [
        (
            "attack the tower",
            ATTACK_THE_TOWER,
            attack_the_tower.new_game(rules=AttackTheTowerRules(turn_limit=30, max_burns=1)),
        ),
        ("the tower", THE_TOWER, the_tower.new_game()),
        (
            "tower defense",
            TOWER_DEFENSE,
            tower_defense.new_game(tower_defense_examples.beginner_scenario(2), TowerDefenseRules(turn_limit=12)),
        ),
    ]


def _listed(game: Game[Any, Any], state: Any) -> list[Any]:
    if game.current_player(state) == CHANCE:
        return list(game.chance_outcomes(state).outcomes())
    return list(game.legal_actions(state))


@pytest.mark.parametrize(("name", "game", "start"), _starts(), ids=[name for name, _, _ in _starts()])
def test_ids_are_the_canonical_order_at_every_step_of_random_games(name: str, game: Game[Any, Any], start: Any) -> None:
    """Brute force: the ids' order is the actions' canonical texts sorted, each id maps back, and at a chance node
    the float probabilities are the exact ones; games are replayed so that remembered orders are asked again."""
    sampler = ChanceSampler(7)
    steps = 0
    for _ in range(6):
        state = start
        while not game.is_terminal(state) and steps < 1_500:
            expected = sorted(_listed(game, state), key=canonical_key)
            assert game.ordered_actions(state) == expected, f"{name}: step {steps}"  # type: ignore[attr-defined]
            assert [game.action_from_id(state, i) for i in range(len(expected))] == expected
            assert [game.action_id(state, a) for a in expected] == list(range(len(expected)))
            if game.current_player(state) == CHANCE:
                dist = game.chance_outcomes(state)
                floats = game.action_order(state).probabilities()  # type: ignore[attr-defined]
                assert floats == [float(dist[a]) for a in expected]
                action = sampler.pick(dist)
            else:
                index = {canonical_key(a): i for i, a in enumerate(expected)}
                for player in game.acting_players(state):
                    own = game.legal_actions(state, player)
                    brute = sorted(index[canonical_key(a)] for a in own)
                    assert game.ids_of(state, own) == brute  # type: ignore[attr-defined]
                action = sampler.choice(game.legal_actions(state, game.acting_players(state)[0]))
            state = game.step(state, action)
            steps += 1
    assert steps > 100


def test_a_named_listing_writes_the_texts_of_the_actions_it_builds() -> None:
    """An allocation listing's texts, written without building its actions, are its actions' canonical texts, and
    two players' listings chained keep each one's actions in turn."""
    sampler = ChanceSampler(3)
    state = attack_the_tower.new_game(rules=AttackTheTowerRules(turn_limit=30, max_burns=1))
    seen = 0
    while not ATTACK_THE_TOWER.is_terminal(state) and seen < 40:
        if ATTACK_THE_TOWER.current_player(state) == CHANCE:
            state = ATTACK_THE_TOWER.step(state, sampler.pick(ATTACK_THE_TOWER.chance_outcomes(state)))
            continue
        parts = [ATTACK_THE_TOWER.legal_actions(state, p) for p in ATTACK_THE_TOWER.acting_players(state)]
        for part in parts:
            if hasattr(part, "canonical_texts"):
                assert list(part.canonical_texts()) == [canonical_key(a) for a in part]
                seen += 1
        if all(hasattr(part, "ordering_key") for part in parts):
            chained = ChainedListing(parts)
            assert list(chained) == [a for part in parts for a in part]
            assert [chained[i] for i in range(-len(chained), 0)] == list(chained)
        state = ATTACK_THE_TOWER.step(state, sampler.choice(parts[0]))
    assert seen >= 10


def test_an_action_that_is_not_legal_has_no_id() -> None:
    state = the_tower.new_game()
    while THE_TOWER.current_player(state) == CHANCE:
        state = THE_TOWER.step(state, THE_TOWER.chance_outcomes(state).outcomes()[0])
    with pytest.raises(IllegalAction, match="ids run from 0"):
        THE_TOWER.action_from_id(state, 10_000)


class _Listing(list[str]):
    """A named listing of plain strings (each string's canonical text is itself, quoted)."""

    def ordering_key(self) -> tuple[str, ...]:
        return tuple(self)

    def canonical_texts(self) -> tuple[str, ...]:
        return tuple(canonical_key(item) for item in self)


@pytest.mark.parametrize(
    "parts",
    [
        [["d", "c"], ["b", "a"]],  # apart: the second part's texts all come first
        [["a", "c"], ["d", "b"]],  # interleaved: the chain is sorted whole
        [["a", "b"], [], ["c"]],  # an empty part
        [["b", "a"], ["b"]],  # one text in both parts
    ],
)
def test_a_chain_of_named_listings_is_ordered_as_its_texts_sorted_whole(parts: list[list[str]]) -> None:
    """A chain's order, taken from its parts' own orders when their texts do not interleave, is the order of
    the chain's texts sorted whole (each part's texts apart or not)."""
    chained = ChainedListing([_Listing(part) for part in parts])
    order = ActionOrder(chained)
    assert order.actions() == sorted(chained)
    assert order.keys == tuple(sorted(canonical_key(item) for item in chained))


def test_the_order_of_a_named_listing_is_remembered_without_the_listing() -> None:
    """A combat's listing holds a position's units: the memo of orders by name keeps thousands of names, so it must
    not keep their listings alive (it did, at about 10 KB a name)."""
    import gc
    import weakref

    listing = _Listing(["zebra-listing", "aardvark-listing", "mole-listing"])
    gone = weakref.ref(listing)
    assert ActionOrder(listing).actions() == ["aardvark-listing", "mole-listing", "zebra-listing"]
    del listing
    gc.collect()
    assert gone() is None
    again = _Listing(["zebra-listing", "aardvark-listing", "mole-listing"])
    assert list(ActionOrder(again).permutation) == [1, 2, 0]  # the same name: the order remembered
