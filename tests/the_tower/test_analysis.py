"""The exact analysis against brute force through the engine, and simulation against exact figures."""

from __future__ import annotations

import random
import re
import statistics
from collections.abc import Callable
from fractions import Fraction
from itertools import pairwise
from typing import Any

import pytest

from rules.core.chance import ChanceSampler
from rules.core.errors import IllegalAction, IllegalPosition
from rules.core.protocol import CHANCE
from rules.the_tower import analysis, cards, catalog, editing, engine, examples
from rules.the_tower.actions import Action, DrawCard, FightRoom, Hit, RevealCard
from rules.the_tower.analysis import SearchTooLarge, win_probability
from rules.the_tower.analysis.fights import Value, weighted
from rules.the_tower.editing import build_position
from rules.the_tower.game import POSITION
from rules.the_tower.model import FACE_DOWN, Fight, GameState
from rules.the_tower.variants import Rules

DOWN = FACE_DOWN
DEAD: Value = (Fraction(0), Fraction(0), Fraction(0), Fraction(0))


# ---- brute force through the engine -----------------------------------------------------------------
def after_fight(start: GameState, end: GameState) -> Value:
    """How a fight ended, in the analysis' terms, read from the engine's positions."""
    if end.termination == "player_died":
        return DEAD
    slain = len(end.room_waste) > len(start.room_waste)
    potions = sum(cards.value(c) for c in end.hand if cards.kind(c) == "potion")
    return (Fraction(int(slain)), Fraction(end.hp), Fraction(potions), Fraction(sum(cards.value(c) for c in end.hand)))


def brute_fight(position: GameState, start: GameState | None = None) -> Value:
    """The best play of a fight by trying every action the engine allows (chance weighted exactly);
    `start` is where the fight began (to tell a slain monster), the position itself by default."""
    start = start or position
    memo: dict[GameState, Value] = {}

    def value(s: GameState) -> Value:
        if s.phase != "fight":
            return after_fight(start, s)
        if s in memo:
            return memo[s]
        if engine.current_player(s) == CHANCE:
            result = weighted([(p, value(engine.apply(s, a)[0])) for a, p in engine.chance_outcomes(s).items()])
        else:
            result = max(value(engine.apply(s, a)[0]) for a in engine.legal_actions(s))
        memo[s] = result
        return result

    return value(position)


def chance_mean(state: GameState, then: Callable[[GameState], Value]) -> Value:
    """`then` after the chance step in progress, if any, weighted exactly."""
    if engine.current_player(state) != CHANCE:
        return then(state)
    return weighted([(p, then(engine.apply(state, a)[0])) for a, p in engine.chance_outcomes(state).items()])


def brute_best_room(state: GameState) -> Value:
    fights = [a for a in engine.legal_actions(state) if isinstance(a, FightRoom)]
    return max(brute_fight(engine.apply(state, a)[0]) for a in fights)


def brute_choice(state: GameState, action: Action) -> Value:
    """The value of one choice: the fight it continues or starts, or the best room after it."""
    nxt, _ = engine.apply(state, action)
    if state.phase == "fight":
        return brute_fight(nxt, start=state)
    if isinstance(action, FightRoom):
        return brute_fight(nxt)
    return chance_mean(nxt, brute_best_room)


def random_fight(rng: random.Random, rules: Rules | None = None) -> GameState:
    """A fight on a random floor against a random monster with a random small hand."""
    room = rng.choice(catalog.ROOM_CARDS)
    hand = rng.sample([c for c in cards.ALL_CARDS if cards.kind(c) != "room"], rng.randint(1, 5))
    floor_number = rng.randint(1, 4)
    others = [c for c in catalog.ROOM_CARDS if c != room]
    waste = rng.sample(others, 4 * (floor_number - 1))
    full = (rules or Rules()).monster(cards.rank(room)).hp
    return build_position(
        hand=hand,
        floor=(room, DOWN, DOWN, DOWN),
        floor_number=floor_number,
        room_waste=waste,
        hp=rng.randint(1, 12),
        fight=Fight(room=0, monster_hp=rng.randint(1, full)),
        rules=rules,
    )


def fight_positions(count: int, seed: int, rules: Rules | None = None) -> list[GameState]:
    rng = random.Random(seed)
    out: list[GameState] = []
    while len(out) < count:
        try:
            out.append(random_fight(rng, rules))
        except IllegalPosition:  # a hand that cannot hit at all: the fight would already be over
            continue
    return out


# ---- fight plans ------------------------------------------------------------------------------------
def test_plans_on_the_pictured_fight() -> None:
    # 002 pictures: the 9 of Diamonds fells the King of Clubs at once; the 6 of Spades does not.
    state = examples.pictured_fight()
    plans = analysis.plans_on_table(state)[0]
    assert [p.cards for p in plans] == [("9D",)]  # with the 6 of Spades alone it cannot fall
    best = plans[0]
    assert best.damage == (18,) and best.hp_lost == 0 and best.survives
    assert all("8C" not in p.cards for p in plans)


def test_every_plan_plays_out_as_announced_in_the_engine() -> None:
    for state in fight_positions(60, seed=1):
        assert state.fight is not None
        left = state.fight.monster_hp
        for plan in analysis.plans_on_table(state)[0]:
            s = state
            for i, card in enumerate(plan.cards):
                s, _ = engine.apply(s, Hit(card=card))
                if s.termination == "player_died":
                    assert not plan.survives
                    break
                assert (s.fight is None) == (i == len(plan.cards) - 1), "the monster falls on the last card"
            else:
                assert plan.survives and s.hp == state.hp - plan.hp_lost
            assert sum(plan.damage) >= left > sum(plan.damage) - min(plan.damage)


def test_the_best_plan_matches_brute_force() -> None:
    # "fewest HP lost, then the least valuable cards spent": checked against every line the engine allows
    for state in fight_positions(80, seed=2):
        brute = brute_fight(state)
        room = state.monster_card
        assert room is not None and state.fight is not None
        left = state.fight.monster_hp
        best = analysis.best_plan(room, state.hand, hp=state.hp, floor_number=state.floor_number, monster_hp=left)
        if best is None or not best.survives:
            assert brute == DEAD
            continue
        kept = [c for c in state.hand if c not in best.cards]
        potions = sum(cards.value(c) for c in kept if cards.kind(c) == "potion")
        expected = (1, state.hp - best.hp_lost, potions, sum(cards.value(c) for c in kept))
        assert brute == tuple(Fraction(x) for x in expected)
        assert analysis.fight_outlook(state).key() == brute


@pytest.mark.parametrize(
    "rules",
    [
        Rules(fight_actions="when_stuck"),
        Rules(fight_actions="always"),
        Rules(stuck="flee"),
        Rules(may_leave_fight=True),
        Rules(may_leave_fight=True, fight_actions="when_stuck"),
        Rules(fight_actions="when_stuck", hand_limit=6, hp_cap=9),
        Rules(fight_actions="when_stuck", empty_deck="reshuffle"),
    ],
    ids=["when-stuck", "always", "flee", "leave", "leave-when-stuck", "limit-and-cap", "reshuffle"],
)
def test_the_fight_solver_matches_brute_force_under_variants(rules: Rules) -> None:
    positions = fight_positions(12, seed=3, rules=rules)
    for i, state in enumerate(positions):
        state = POSITION.validate(state.replace(action_points=i % 3))
        assert analysis.fight_outlook(state).key() == brute_fight(state)
        best = analysis.fight_advice(state)[0]
        assert brute_choice(state, best.action) == brute_fight(state)


def test_fight_advice_ranks_every_legal_choice() -> None:
    state = examples.fight_in_progress()
    advice = analysis.fight_advice(state)
    assert {c.action for c in advice} == set(engine.legal_actions(state))
    assert advice[0].action == Hit(card="8D")  # spares the 7 of Hearts, a potion, for the same result
    assert advice[0].hp_behind == 0 and all(a.outlook.key() >= b.outlook.key() for a, b in pairwise(advice))
    for choice in advice:
        assert choice.outlook.key() == brute_choice(state, choice.action)


# ---- face-down rooms and action points --------------------------------------------------------------
def small_position() -> GameState:
    return build_position(
        hand=("5D", "3C", "6H"),
        floor=(None, DOWN, "QS", None),
        room_waste=("JC", "JD"),
        hp=5,
        action_points=1,
    )


def test_the_monster_behind_a_face_down_room_is_any_unseen_room_card() -> None:
    state = small_position()
    odds = analysis.room_odds(state, 1)
    assert odds.monsters == analysis.monster_distribution(state)
    assert len(odds.monsters) == 13 and all(p == Fraction(1, 13) for _, p in odds.monsters.items())
    assert odds.ends.total() == 1 and odds.hp_cost.total() == 1
    by_card = {
        c: brute_fight(engine.apply(engine.apply(state, FightRoom(room=1))[0], RevealCard(card=c))[0])
        for c in state.unseen_rooms
    }
    assert odds.survival() == Fraction(sum(1 for v in by_card.values() if v[0] == 1), 13)
    assert odds.hp_cost.expectation() == sum(
        (Fraction(1, 13) * (state.hp - v[1]) for v in by_card.values()), Fraction(0)
    )


def test_a_face_up_room_has_a_certain_monster() -> None:
    odds = analysis.room_odds(small_position(), 2)
    assert odds.monsters.outcomes() == ("QS",)
    with pytest.raises(IllegalAction):
        analysis.room_odds(small_position(), 0)


def test_point_advice_matches_brute_force() -> None:
    state = small_position()
    advice = analysis.point_advice(state)
    assert {c.action for c in advice} == set(engine.legal_actions(state))
    for choice in advice:
        assert choice.outlook.key() == brute_choice(state, choice.action), choice.describe()
    assert advice[0].hp_behind == 0 and all(c.hp_behind >= 0 or c.slay_behind > 0 for c in advice)


def test_point_advice_is_the_same_either_way_under_the_default_rules() -> None:
    state = examples.opening()
    assert analysis.point_advice(state) == analysis.point_advice(state, spend_in_fight=False)


def test_point_advice_under_when_stuck_matches_brute_force() -> None:
    rules = Rules(fight_actions="when_stuck")
    state = build_position(
        hand=("5D", "3C"), floor=(None, "KD", "QS", None), room_waste=("JC", "JD"), hp=5, action_points=1, rules=rules
    )
    for choice in analysis.point_advice(state):
        if not isinstance(choice.action, DrawCard):  # draws then stuck draws: correct but slow to brute-force
            assert choice.outlook.key() == brute_choice(state, choice.action), choice.describe()


def brute_plan(state: GameState) -> Value:
    """The best outlook from a position between fights: every way to spend the points left, then fight."""
    return max(brute_after(state, action) for action in engine.legal_actions(state))


def brute_after(state: GameState, action: Action) -> Value:
    nxt, _ = engine.apply(state, action)
    if isinstance(action, FightRoom):
        return brute_fight(nxt)
    return chance_mean(nxt, brute_plan)


def last_ace() -> GameState:
    """The last room of the game, the Ace of Spades (floor 4 under 5 rooms a floor: it strikes 6), against
    6 HP and a hand that cannot fell it: only a potion drawn and drunk first saves the player."""
    waste = [c for c in catalog.ROOM_CARDS if c != "AS"]
    hand = ("8C", "6S", "9D")
    return build_position(rules=Rules(rooms_per_floor=5), hand=hand, floor=("AS",), room_waste=waste, action_points=2)


def test_looking_ahead_over_every_point_matches_brute_force() -> None:
    # 002: "You can use multiple times the same action while you still have action points left"
    for state in (small_position(), last_ace(), editing.set_action_points(examples.last_rooms(), 2)):
        advice = analysis.point_advice(state, lookahead="all_points")
        assert {c.action for c in advice} == set(engine.legal_actions(state))
        for choice in advice:
            assert choice.outlook.key() == brute_after(state, choice.action), choice.describe()


def test_looking_ahead_finds_the_potion_the_next_fight_misses() -> None:
    state = last_ace()
    near = analysis.point_advice(state)
    assert all(c.outlook.slay == 0 for c in near), "fought right after any single choice, the Ace wins"
    deep = analysis.point_advice(state, lookahead="all_points")
    assert deep[0].action == DrawCard(pile="potion") and deep[0].outlook.slay == 1
    with pytest.raises(SearchTooLarge, match="looking ahead over the 4 action points left meets more than 5,000"):
        analysis.point_advice(examples.opening(), lookahead="all_points")


def test_the_draw_advice_agrees_with_sampling() -> None:
    # The exact expectation of drawing an attack card, against the mean of sampled draws through the engine.
    state = examples.opening()
    exact = next(c for c in analysis.point_advice(state) if c.action == DrawCard(pile="attack")).outlook
    sampler = ChanceSampler(11)
    after_draw, _ = engine.apply(state, DrawCard(pile="attack"))
    samples = []
    for _ in range(400):
        drawn, _ = engine.apply(after_draw, sampler.pick(engine.chance_outcomes(after_draw)))
        rooms = [i for i, s in enumerate(drawn.floor) if s is not None]
        samples.append(float(max(analysis.room_outlook(drawn, i).key() for i in rooms)[1]))
    error = statistics.stdev(samples) / len(samples) ** 0.5
    assert abs(statistics.fmean(samples) - float(exact.hp_after)) < 4 * error + 1e-9


def test_advice_is_refused_at_the_wrong_moment() -> None:
    with pytest.raises(IllegalAction):
        analysis.point_advice(examples.pictured_fight())
    with pytest.raises(IllegalAction):
        analysis.fight_advice(examples.opening())


# ---- whole games ------------------------------------------------------------------------------------
def test_exact_end_game_odds() -> None:
    state = examples.last_rooms()
    assert win_probability(state, "best") == 1
    assert win_probability(state, "random") == Fraction(111661, 129600)  # checked by simulation below
    with pytest.raises(SearchTooLarge):
        win_probability(examples.opening(), limit=1000)


def test_simulation_agrees_with_the_exact_odds() -> None:
    # The random policy from the end game: simulated win rate against the exact probability.
    state = examples.last_rooms()
    exact = float(win_probability(state, "random"))
    rate = analysis.simulate("random", 600, seed=5, start=state, progress=False)
    assert rate.low <= exact <= rate.high
    assert rate.games == 600 and 0 < rate.wins < 600


def test_greedy_outplays_random() -> None:
    greedy = analysis.simulate("greedy", 12, seed=1, progress=False)
    random_ = analysis.simulate("random", 100, seed=1, progress=False)
    assert greedy.monsters_slain > random_.monsters_slain
    assert greedy.policy == "greedy" and "95% CI" in greedy.describe()


def test_greedy_wins_the_end_game_the_best_play_always_wins() -> None:
    rate = analysis.simulate("greedy", 20, seed=2, start=examples.last_rooms(), progress=False)
    assert rate.wins == 20


def test_simulate_deals_the_games_a_ladder_with_the_same_seed_deals() -> None:
    # `the-tower simulate --seed S` and `the-tower ladder --seed S` name the same games: each game's deal comes
    # from the seed and the game's index alone (rules.core.ladder.game_seed). The end game is won about half the
    # time by random play, so two different sets of deals would show different win counts.
    from rules.core.ladder import solo_rate
    from rules.the_tower.game import GAME
    from rules.the_tower.policies import policy

    for seed in (0, 7):
        simulated = analysis.simulate("random", 120, seed=seed, start=examples.last_rooms(), progress=False)
        laddered = solo_rate(GAME, examples.last_rooms, policy("random"), 120, seed=seed)
        assert (simulated.wins, simulated.games) == (laddered.wins, laddered.games)


@pytest.mark.parametrize(
    ("room", "hand", "hp", "words"),
    [
        ("ZZ", ("8C",), 6, "'ZZ' is not a room card"),
        ("5C", ("8C",), 6, "'5C' is not a room card"),
        ("KC", ("8",), 6, "a hand is a list of cards"),
        ("KC", ("9D", "9D"), 6, "the hand holds the 9 of Diamonds twice; a card is in the deck once"),
        ("KC", ("KC", "9D"), 6, "the hand holds the room's own card, the King of Clubs"),
        ("KC", ("QD",), 6, "Queen of Diamonds is a room card"),
        ("KC", ("8C",), -3, "hp must be a whole number of at least 1, not -3"),
        ("KC", ("8C",), 2.5, "hp must be a whole number of at least 1, not 2.5"),
    ],
)
def test_a_fight_that_cannot_be_is_refused_in_words(room: str, hand: tuple[str, ...], hp: Any, words: str) -> None:
    """The question itself is checked (a KeyError on 'ZZ', or plans for -3 HP and a card held twice, before)."""
    with pytest.raises(IllegalAction, match=re.escape(words)):
        analysis.fight_plans(room, hand, hp=hp)


@pytest.mark.parametrize("games", [0, -2])
def test_a_simulation_of_no_games_is_refused(games: int) -> None:
    """simulate(..., 0) gave a report whose description divided by zero; -2 one of '0/-2 won'."""
    with pytest.raises(IllegalAction, match="games must be a whole number of at least 1"):
        analysis.simulate("random", games)
