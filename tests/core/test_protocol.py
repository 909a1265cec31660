"""rules.core.protocol: what every game is - who acts, results, integer actions, what a player sees - checked
on the three games and against brute force."""

from __future__ import annotations

import itertools
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from rules.attack_the_tower import engine as attack_the_tower
from rules.attack_the_tower import examples as attack_examples
from rules.attack_the_tower import game as attack_the_tower_game
from rules.attack_the_tower.actions import Allocate, DeclareAttack, Pass
from rules.attack_the_tower.metadata import Termination as AttackTermination
from rules.core.chance import ChanceSampler
from rules.core.errors import IllegalAction
from rules.core.outcome import Outcome, Utility
from rules.core.protocol import CHANCE, SIMULTANEOUS, TERMINAL, Game, hand_deals, replay_ids, sample_hand
from rules.core.records import json_data
from rules.the_tower import engine as the_tower
from rules.the_tower import game as the_tower_game
from rules.the_tower.metadata import Termination as TowerTermination
from rules.tower_defense import engine as tower_defense
from rules.tower_defense import examples as defense_examples
from rules.tower_defense import game as tower_defense_game
from rules.tower_defense.actions import EndActions
from rules.tower_defense.metadata import Termination as DefenseTermination

ROOT = Path(__file__).resolve().parents[2]
GAMES: list[Game[Any, Any]] = [attack_the_tower_game.GAME, the_tower_game.GAME, tower_defense_game.GAME]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.card.short_name)
def test_every_game_satisfies_the_protocol_and_declares_its_card(game: Game[Any, Any]) -> None:
    assert isinstance(game, Game)
    card = game.card
    assert card.min_players <= card.max_players and card.min_return < card.max_return
    assert {t.name for t in card.termination}, "a game says how it ends"


def test_results_read_right_for_a_duel_a_team_and_one_player() -> None:
    duel = Outcome.duel(AttackTermination.PALACE_DESTROYED, 1)
    assert (duel.returns, duel.winner, duel.result()) == ((-1, 1), 1, "0-1")
    assert Outcome.duel(AttackTermination.TURN_LIMIT, None).result() == "1/2-1/2"
    # Was "1/2-1/2": a cooperative victory read as a draw.
    team = Outcome.team(DefenseTermination.VICTORY, True, 3)
    assert (team.returns, team.winner, team.won, team.result()) == ((1, 1, 1), None, True, "won")
    assert Outcome.team(DefenseTermination.LIVES_LOST, False, 2).result() == "lost"
    solo = Outcome.solo(TowerTermination.PLAYER_DIED, False)
    assert (solo.returns, solo.utility, solo.result()) == ((0,), Utility.SOLO, "lost")


def _attack_at_initiative() -> Any:
    state = attack_examples.example("mid-game-battle")
    for action in (DeclareAttack(player=0, origin=0, target=1), Pass(player=0), Pass(player=1)):
        state, _ = attack_the_tower.apply(state, action)
    return state


def test_both_sides_of_a_combat_step_act_at_once_and_either_may_hand_in_first() -> None:
    # 004 battles 3: "The players may distribute their initiative damage among the opponent's troops"
    state = _attack_at_initiative()
    assert attack_the_tower.current_player(state) == SIMULTANEOUS
    assert attack_the_tower.acting_players(state) == (0, 1)
    mine = attack_the_tower.legal_actions(state, 1)
    assert mine and all(isinstance(a, Allocate) and a.player == 1 for a in mine)
    after, events = attack_the_tower.apply(state, mine[0])  # the defender first
    assert attack_the_tower.current_player(after) == 0 and attack_the_tower.acting_players(after) == (0,)
    assert "hidden until both sides have" in " ".join(e.sentence() for e in events)
    with pytest.raises(IllegalAction, match="already distributed"):
        attack_the_tower.apply(after, mine[0])


def test_tower_defense_phase_six_lets_every_player_act_in_any_order() -> None:
    # 003 Phase 6: "Each player may perform actions in any order, but actions are never carried out simultaneously."
    state = defense_examples.busy_board()
    assert tower_defense.current_player(state) == SIMULTANEOUS
    assert tower_defense.acting_players(state) == (0, 1, 2, 3)
    for player in range(4):
        actions = tower_defense.legal_actions(state, player)
        assert all(getattr(a, "player", player) == player for a in actions)
        assert any(isinstance(a, EndActions) for a in actions)
    assert len(tower_defense.legal_actions(state)) > len(tower_defense.legal_actions(state, 0))


def test_a_finished_game_is_terminal_with_returns_per_player() -> None:
    sampler = ChanceSampler(4)
    for game, start in ((the_tower_game.GAME, the_tower.new_game()),):
        state = start
        while not game.is_terminal(state):
            who = game.current_player(state)
            options = game.chance_outcomes(state).outcomes() if who == CHANCE else game.legal_actions(state)
            state, _ = game.apply(state, sampler.choice(list(options)))
        assert game.current_player(state) == TERMINAL and game.acting_players(state) == ()
        assert game.legal_actions(state) == [] and len(game.returns(state)) == 1


def test_action_ids_are_dense_round_trip_and_refuse_what_is_not_legal() -> None:
    state = _attack_at_initiative()
    game = attack_the_tower_game.GAME
    actions = attack_the_tower.legal_actions(state)
    ids = sorted(game.action_id(state, a) for a in actions)
    assert ids == list(range(len(actions)))
    assert all(game.action_from_id(state, game.action_id(state, a)) == a for a in actions)
    with pytest.raises(IllegalAction, match="ids run from 0"):
        game.action_from_id(state, len(actions))
    with pytest.raises(IllegalAction, match="not a legal action here"):
        game.action_id(state, Pass(player=0))


def test_an_action_has_one_id_however_it_was_built() -> None:
    """An equal action built with its fields in another order (a policy's, not the engine's) has the same
    id: the policies' Tower Defense attacks once had none, their JSON naming the fields in another order."""
    from rules.tower_defense.actions import Attack

    state = defense_examples.example("busy-board")
    game = tower_defense_game.GAME
    attacks = [a for a in game.legal_actions(state) if isinstance(a, Attack)]
    assert attacks
    for attack in attacks:
        fields = dict(zip(Attack.FIELDS, attack.values(), strict=True))
        reordered = Attack(**dict(reversed(list(fields.items()))))
        read = game.read_action(dict(reversed(list(json_data(attack).items()))))
        assert game.action_id(state, reordered) == game.action_id(state, read) == game.action_id(state, attack)


def test_a_line_of_ids_replays_the_same_game() -> None:
    game, sampler, state = the_tower_game.GAME, ChanceSampler(9), the_tower.new_game()
    start, ids, said = state, [], []
    for _ in range(40):
        if game.is_terminal(state):
            break
        who = game.current_player(state)
        options = list(game.chance_outcomes(state).outcomes()) if who == CHANCE else list(game.legal_actions(state))
        action = sampler.choice(options)
        ids.append(game.action_id(state, action))
        state, events = game.apply(state, action)
        said.append([e.sentence() for e in events])
    final, replayed = replay_ids(game, start, ids)
    assert final == state and [[e.sentence() for e in step] for step in replayed] == said


IDS_SCRIPT = """
from rules.attack_the_tower import engine, examples
from rules.attack_the_tower.game import GAME
from rules.attack_the_tower.actions import DeclareAttack, Pass
s = examples.example("mid-game-battle")
for a in (DeclareAttack(player=0, origin=0, target=1), Pass(player=0), Pass(player=1)):
    s, _ = engine.apply(s, a)
print(sorted(GAME.action_ids(s).items())[:50])
"""


def test_action_ids_are_the_same_whatever_the_hash_seed() -> None:
    runs = [
        subprocess.run(
            [sys.executable, "-c", IDS_SCRIPT],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
            env={"PYTHONHASHSEED": seed, "PATH": ""},
        ).stdout
        for seed in ("1", "2")
    ]
    assert runs[0] == runs[1] and runs[0].strip()


def test_hand_deals_match_brute_force_over_every_ordering() -> None:
    unseen = {"a": 2, "b": 1, "c": 3}
    cards = [c for c, n in unseen.items() for _ in range(n)]
    brute: Counter[tuple[str, ...]] = Counter(tuple(sorted(p)) for p in itertools.permutations(cards, 3))
    total = sum(brute.values())
    exact = hand_deals(unseen, 3)
    assert {hand: p for hand, p in exact.items()} == {hand: Fraction(n, total) for hand, n in brute.items()}
    assert len(sample_hand(unseen, 3, ChanceSampler(1))) == 3


def test_a_player_sees_the_opponents_hand_only_counted() -> None:
    state = attack_examples.example("mid-game-battle")
    seen = attack_the_tower_game.GAME.observation(state, 0)
    assert seen["players"][0]["hand"] == list(state.players[0].hand)
    other = state.players[1]
    assert set(seen["players"][1]["hand"]) == {"base cards", "ability cards"}
    assert sum(seen["players"][1]["hand"].values()) == len(other.hand)
    assert seen["players"][1]["base_pile"] == {"cards": len(other.base_pile)}
    assert the_tower_game.GAME.observation(the_tower.new_game(), 0)["hand"] is not None  # everything is public


def test_determinisation_is_exact_and_indistinguishable_to_the_player() -> None:
    state = attack_examples.example("mid-game-battle")
    game = attack_the_tower_game.GAME
    dist = game.determinize(state, 0)
    assert dist.total() == 1
    assert state in dist.outcomes(), "the true position is one of the deals"
    seen = game.observation_string(state, 0)
    assert all(game.observation_string(s, 0) == seen for s in dist.outcomes())
    other = state.players[1]
    assert all(Counter(s.players[1].all_cards()) == Counter(other.all_cards()) for s in dist.outcomes())
    sampled = game.sample_determinization(state, 0, ChanceSampler(2))
    assert sampled in dist.outcomes()


def test_a_hidden_allocation_is_dealt_uniformly_among_the_legal_ones() -> None:
    state = _attack_at_initiative()
    game = attack_the_tower_game.GAME
    handed_in = attack_the_tower.legal_actions(state, 1)[0]
    after, _ = attack_the_tower.apply(state, handed_in)
    assert game.observation(after, 0)["battle"]["pending"][1] == "handed in, hidden"
    dist = game.determinize(after, 0)
    choices = {s.battle.pending[1] for s in dist.outcomes() if s.battle is not None}
    assert len(choices) == len(attack_the_tower.legal_actions(state, 1)) > 1
    assert all(game.observation_string(s, 0) == game.observation_string(after, 0) for s in dist.outcomes())
