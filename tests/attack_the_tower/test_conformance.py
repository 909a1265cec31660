"""Conformance: random legal playouts of whole games, with the invariants checked after every step.

ARCHITECTURE "Tests": no base holds more than two troops; damage assigned never exceeds damage
available; a saved position loads back equal; replaying the log gives the same position. Also: every
card of both decks is somewhere exactly once, and chance outcomes sum to exactly 1.
"""

from __future__ import annotations

import itertools
import time
from collections import Counter

from rules.attack_the_tower import engine, policies
from rules.attack_the_tower.actions import Allocate
from rules.attack_the_tower.events import DamageDealt, DamagePool
from rules.attack_the_tower.model import GameState, new_player, position_problems
from rules.attack_the_tower.variants import Rules
from rules.core.chance import ChanceSampler
from rules.core.events import Event
from rules.core.jsonio import parse_model
from rules.core.playout import play_out
from rules.core.protocol import CHANCE

GAMES = 1000
TIME_BUDGET_S = 240.0
ARMY_PAIRS = [
    ("undead", "bandits"),
    ("undead", "westerners"),
    ("westerners", "easterners"),
    ("easterners", "undead"),
    ("bandits", "bandits"),
]
RULE_SETS = [
    Rules(turn_limit=10),
    Rules(turn_limit=10, leftover_initiative_adds_to_regular=False, attacks_per_territory_per_turn=None),
    Rules(
        turn_limit=10,
        palace_deals_damage=False,
        special_troops_defend_territories=True,
        empty_pile="cannot_draw",
    ),
]


class Checker:
    """Checks every step of one game and counts what it checked."""

    def __init__(self, initial: GameState) -> None:
        self.decks = [Counter(new_player(p.army).all_cards()) for p in initial.players]
        self.steps = 0
        self.pools: dict[tuple[int, str], int] = {}
        self.dealt: Counter[tuple[int, str]] = Counter()

    def __call__(self, before: GameState, action: object, after: GameState, events: tuple[Event, ...]) -> None:
        self.steps += 1
        problems = position_problems(after)
        assert not problems, problems
        for index, player in enumerate(after.players):
            assert Counter(player.all_cards()) == self.decks[index], "a card appeared or vanished"
            for _, _, base in player.bases():
                assert base.troops <= after.rules.max_troops_per_base
        if engine.current_player(after) == CHANCE:
            assert engine.chance_outcomes(after).total() == 1
        if not engine.is_terminal(after):
            assert engine.legal_actions(after), "a live position with no legal action"
        if isinstance(action, Allocate):
            request = engine.allocation_request(before, action.player)
            assert request is not None and action.allocation in request.allocations()
        self._check_damage(events)
        if self.steps % 40 == 0:
            assert parse_model(GameState, after.model_dump_json()) == after

    def _check_damage(self, events: tuple[Event, ...]) -> None:
        for event in events:
            if isinstance(event, DamagePool):
                self.pools[(event.player, event.stage)] = event.amount
            elif isinstance(event, DamageDealt):
                key = (event.player, event.stage)
                self.dealt[key] += event.amount
                assert self.dealt[key] <= self.pools[key], f"{event.who} assigned more than its {key[1]} damage"
            elif event.rule == "battles.5 heal":
                self.pools.clear()
                self.dealt.clear()


def test_random_whole_games_keep_every_invariant() -> None:
    start = time.perf_counter()
    sampler = ChanceSampler(20261121)
    names = ["random", "greedy", "planner"]
    games = steps = finished = 0
    for army_pair, rules, pair in itertools.islice(
        itertools.cycle(itertools.product(ARMY_PAIRS, RULE_SETS, itertools.product(names, names))), GAMES
    ):
        state = engine.new_game(army_pair, rules)
        checker = Checker(state)
        line = play_out(
            engine.GAME, state, [policies.policy(pair[0]), policies.policy(pair[1])], sampler, on_step=checker
        )
        assert engine.is_terminal(line.final)
        replayed = state
        for action in line.actions:
            replayed, _ = engine.apply(replayed, action)
        assert replayed == line.final, "replaying the actions did not give the same position"
        assert parse_model(GameState, line.final.model_dump_json()) == line.final
        games += 1
        steps += checker.steps
        finished += line.final.termination == "palace_destroyed"
        assert time.perf_counter() - start < TIME_BUDGET_S, f"only {games} games in the time budget"
    print(f"\nconformance: {games} games, {steps} steps checked, {finished} won by destroying a palace")
    assert games == GAMES
    assert finished > 0
