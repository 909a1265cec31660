"""The search policy: legal choices only, whole games, the same choice whatever the opponent hides, and a seed
that fixes it."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.attack_the_tower import engine, policies
from rules.attack_the_tower.cards import BaseCard
from rules.attack_the_tower.catalog import card
from rules.attack_the_tower.game import GAME
from rules.attack_the_tower.model import GameState
from rules.attack_the_tower.policies.search import SearchPolicy, SearchSettings, as_seen
from rules.attack_the_tower.variants import Rules
from rules.core.chance import ChanceSampler
from rules.core.playout import play_out
from tests.attack_the_tower.test_properties import positions

LIGHT = SearchSettings(deals=2, horizon=1)
"""A cheap search for the tests (the ladder's is `SearchSettings()`)."""


def _main_phase_positions(count: int) -> list[GameState]:
    """Positions where a player declares attacks with an opponent holding cards, from planner games."""
    found: list[GameState] = []

    def keep(state: GameState, *_: Any) -> None:
        opponent = state.players[1 - state.attacker]
        deciding = state.phase == "main" and engine.current_player(state) == state.attacker
        if deciding and state.turn > 2 and len(opponent.hand) >= 2 and len(found) < count:
            found.append(state)

    planner = policies.policy("planner")
    for seed in range(20):
        if len(found) >= count:
            break
        play_out(GAME, engine.new_game(), [planner, planner], ChanceSampler(seed), on_step=keep)
    assert len(found) == count
    return found


def _other_deal(state: GameState, player: int) -> GameState:
    """The same position with the opponent's hidden cards dealt otherwise: its hand of the same kinds, taken
    from the far end of its unseen cards of each kind, and its piles made up of the rest."""
    other = 1 - player
    hidden = state.players[other]
    unseen = [*hidden.hand, *hidden.base_pile, *hidden.ability_pile]
    bases = sorted((c for c in unseen if isinstance(card(c), BaseCard)), reverse=True)
    abilities = sorted((c for c in unseen if not isinstance(card(c), BaseCard)), reverse=True)
    kinds = [isinstance(card(c), BaseCard) for c in hidden.hand]
    hand = tuple(bases.pop(0) if is_base else abilities.pop(0) for is_base in reversed(kinds))
    players = list(state.players)
    players[other] = hidden.replace(hand=hand, base_pile=tuple(sorted(bases)), ability_pile=tuple(sorted(abilities)))
    return state.replace(players=(players[0], players[1]))


class _Checked:
    """The search policy, each of its choices outside allocations checked against the engine's legal actions."""

    name = "search"

    def __init__(self) -> None:
        self.search = SearchPolicy(LIGHT)
        self.checked = 0

    def choose(self, state: GameState, sampler: ChanceSampler, player: int) -> Any:
        action = self.search.choose(state, sampler, player)
        if engine.allocation_request(state, player) is None:
            assert action in engine.legal_actions(state, player)
            self.checked += 1
        return action


def test_search_plays_whole_games_with_legal_actions_only() -> None:
    checked = _Checked()
    for seat in (0, 1):
        seats: list[Any] = [policies.policy("planner"), policies.policy("planner")]
        seats[seat] = checked
        line = play_out(GAME, engine.new_game(rules=Rules(turn_limit=8)), seats, ChanceSampler(seat))
        assert engine.is_terminal(line.final)
    assert checked.checked > 20


@settings(max_examples=20, deadline=None)
@given(positions(), st.integers(0, 2**32))
def test_search_chooses_legal_actions_in_any_army_and_variant(state: GameState, seed: int) -> None:
    """From generated positions of every army and several rule variants, both sides searching."""
    checked = _Checked()
    play_out(GAME, state, [checked, checked], ChanceSampler(seed), max_steps=12)
    assert checked.checked > 0


def test_search_chooses_the_same_whatever_the_opponent_hides() -> None:
    search = SearchPolicy(LIGHT)
    for state in _main_phase_positions(3):
        me = state.attacker
        dealt = _other_deal(state, me)
        assert dealt.players[1 - me].hand != state.players[1 - me].hand
        assert GAME.observation(dealt, me) == GAME.observation(state, me)
        assert as_seen(dealt, me) == as_seen(state, me)
        for seed in range(3):
            assert search.choose(state, ChanceSampler(seed), me) == search.choose(dealt, ChanceSampler(seed), me)


def test_the_position_as_seen_keeps_everything_the_player_sees() -> None:
    for state in _main_phase_positions(2):
        me = state.attacker
        seen = as_seen(state, me)
        assert GAME.observation(seen, me) == GAME.observation(state, me)
        assert seen.players[me] == state.players[me]


def test_a_seed_fixes_the_choice_and_the_choices_are_the_engines() -> None:
    search = SearchPolicy(LIGHT)
    for state in _main_phase_positions(3):
        me = state.attacker
        first = search.choose(state, ChanceSampler(11), me)
        assert first == search.choose(state, ChanceSampler(11), me)
        assert first in engine.legal_actions(state, me)


def test_search_is_in_the_default_ladder_above_the_planner_and_the_learned_players() -> None:
    assert list(policies.POLICIES)[-4:] == ["planner", "learned", "tuned", "search"]
    assert policies.policy("search").name == "search"
