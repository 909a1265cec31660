"""Property tests over generated legal positions (hypothesis), and the allocation fast paths against
brute force: every integer split of the damage, with interchangeable troops counted once."""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Callable

from hypothesis import assume, given
from hypothesis import strategies as st

from rules.attack_the_tower import engine, policies, schema
from rules.attack_the_tower.actions import Allocate, DeclareAttack, Pass, PlayAbility
from rules.attack_the_tower.catalog import ARMY_IDS, army
from rules.attack_the_tower.engine import combat
from rules.attack_the_tower.engine.combat import enumeration
from rules.attack_the_tower.events import DamageDealt, DamagePool
from rules.attack_the_tower.examples import build_player
from rules.attack_the_tower.game import POSITION
from rules.attack_the_tower.legality import position_problems
from rules.attack_the_tower.model import Allocation, GameState, Player, new_player
from rules.attack_the_tower.variants import Rules
from rules.core.chance import ChanceSampler
from rules.core.codec import Codec
from rules.core.protocol import CHANCE
from rules.core.records import json_data

SHORT = {a: [b.id.split(".")[1] for b in army(a).bases] for a in ARMY_IDS}


@st.composite
def sides(draw: st.DrawFn, army_id: str) -> Player:
    """A legal side: bases within the deck's copies, 0-2 troops, a hand of at most five cards."""
    rows: list[list[tuple[str, int] | None]] = []
    for _ in range(3):
        row: list[tuple[str, int] | None] = []
        for _ in range(3):
            if draw(st.booleans()):
                row.append((draw(st.sampled_from(SHORT[army_id])), draw(st.integers(0, 2))))
            else:
                row.append(None)
        rows.append(row)
    abilities = [c.id for c in army(army_id).abilities if c.special_troop is None and c.copies]
    specials = [c.id for c in army(army_id).abilities if c.special_troop is not None]
    in_play = tuple(draw(st.lists(st.sampled_from(abilities), max_size=2))) if abilities else ()
    complete = sum(all(s is not None for s in row) for row in rows)
    palace = tuple(draw(st.lists(st.sampled_from(specials), max_size=complete))) if specials else ()
    hand = tuple(draw(st.lists(st.sampled_from(abilities), max_size=3))) if abilities else ()
    used = Counter(f"{army_id}.{s[0]}" for row in rows for s in row if s is not None)
    used.update(in_play + palace + hand)
    full = Counter(new_player(army_id).all_cards())
    assume(all(n <= full[c] for c, n in used.items()))
    return build_player(army_id, rows, hand=hand, palace=palace, in_play=in_play)


@st.composite
def positions(draw: st.DrawFn) -> GameState:
    """A legal position in the second phase of a turn, under the default rules or a variant."""
    a, b = draw(st.sampled_from(ARMY_IDS)), draw(st.sampled_from(ARMY_IDS))
    rules = draw(
        st.sampled_from(
            [
                Rules(),
                Rules(leftover_initiative_adds_to_regular=False, palace_deals_damage=False),
                Rules(special_troops_defend_territories=True, attacks_per_territory_per_turn=None),
            ]
        )
    )
    attacker = draw(st.sampled_from([0, 1]))
    return POSITION.validate(
        {
            "rules": rules,
            "players": (draw(sides(a)), draw(sides(b))),
            "phase": "main",
            "attacker": attacker,
            "actor": attacker,
            "turn": 3,
        }
    )


@given(positions())
def test_generated_positions_are_legal_and_load_back_equal(state: GameState) -> None:
    assert position_problems(state) == []
    assert POSITION.parse(POSITION.text(state)) == state


@given(positions(), st.integers(0, 2**32), st.sampled_from(["random", "greedy"]))
def test_any_battle_resolves_within_the_rules(state: GameState, seed: int, policy_name: str) -> None:
    attacks = [a for a in engine.legal_actions(state) if isinstance(a, DeclareAttack)]
    assume(attacks)
    sampler = ChanceSampler(seed)
    chooser = policies.policy(policy_name)
    decks = [Counter(p.all_cards()) for p in state.players]
    troops_before = [sum(p.troops_in(t) for t in range(3)) for p in state.players]
    state, events = engine.apply(state, sampler.choice(attacks))
    pools: dict[tuple[int, str], int] = {}
    dealt: Counter[tuple[int, str]] = Counter()
    steps = 0
    recruited = False
    while state.phase == "battle":
        state, events = engine.apply(state, chooser.choose(state, sampler, engine.acting_players(state)[0]))
        recruited = recruited or any(e.kind == "Recruited" for e in events)
        steps += 1
        assert steps < 200, "a battle that does not end"
        for e in events:
            if isinstance(e, DamagePool):
                pools[(e.player, e.stage)] = e.amount
            elif isinstance(e, DamageDealt):
                dealt[(e.player, e.stage)] += e.amount
                assert dealt[(e.player, e.stage)] <= pools[(e.player, e.stage)]
            elif e.rule == "battles.5 heal":
                pools.clear()
                dealt.clear()
        assert position_problems(state) == []
    for index, p in enumerate(state.players):
        assert Counter(p.all_cards()) == decks[index]
    troops_after = [sum(p.troops_in(t) for t in range(3)) for p in state.players]
    # 004 battles: troops are destroyed in battle, never added, unless an ability played in it recruits.
    if not recruited:
        assert troops_after[0] <= troops_before[0] and troops_after[1] <= troops_before[1]


# ---- the allocation fast paths against brute force --------------------------------------------------
def _brute_force(request: combat.AllocationRequest) -> set[tuple[int, ...]]:
    """Every integer split, canonicalised by sorting amounts within each run of interchangeable troops."""
    targets = request.targets
    found = set()
    for vector in itertools.product(*(range(t.remaining + 1) for t in targets)):
        troops = sum(a for a, t in zip(vector, targets, strict=True) if not t.is_structure)
        structures = sum(vector) - troops
        if troops > request.troop_cap or structures > request.structure_cap:
            continue
        canonical = list(vector)
        i = 0
        while i < len(targets):
            j = i
            while (
                j + 1 < len(targets)
                and targets[j + 1].group == targets[i].group
                and targets[j + 1].remaining == targets[i].remaining
                and targets[j + 1].is_structure == targets[i].is_structure
            ):
                j += 1
            canonical[i : j + 1] = sorted(canonical[i : j + 1], reverse=True)
            i = j + 1
        found.add(tuple(canonical))
    return found


ALLOCATION: Codec[Allocation] = Codec(schema.Allocation, schema.RECORDS)
"""Allocations read through the schema, as a line file's are."""


def _requests_of_a_battle(state: GameState, seed: int) -> list[combat.AllocationRequest]:
    sampler = ChanceSampler(seed)
    attacks = [a for a in engine.legal_actions(state) if isinstance(a, DeclareAttack)]
    if not attacks:
        return []
    state, _ = engine.apply(state, sampler.choice(attacks))
    out = []
    chooser = policies.policy("random")
    while state.phase == "battle":
        request = engine.allocation_request(state)
        if request is not None:
            out.append(request)
        action = (
            Pass(player=engine.acting_players(state)[0])
            if request is None and state.battle and state.battle.stage == "abilities"
            else chooser.choose(state, sampler, engine.acting_players(state)[0])
        )
        state, _ = engine.apply(state, action)
    return out


@given(positions(), st.integers(0, 2**32))
def test_enumeration_equals_brute_force(state: GameState, seed: int) -> None:
    for request in _requests_of_a_battle(state, seed):
        if len(request.targets) > 7:
            continue  # brute force over more than 7 targets is too slow for a property test
        vectors = request.vectors()
        assert len(vectors) == len(set(vectors)), "an allocation is listed twice"
        assert set(vectors) == _brute_force(request)
        assert request.count() == len(vectors)
        sampler = ChanceSampler(seed)
        assert all(request.sample(sampler.randrange) in set(vectors) for _ in range(5))


def test_sampling_is_uniform_over_distinct_allocations() -> None:
    from rules.attack_the_tower import examples
    from rules.attack_the_tower.actions import Pass as PassAction

    state = examples.example("mid-game-battle")
    state, _ = engine.apply(state, DeclareAttack(player=0, origin=0, target=1))
    state, _ = engine.apply(state, PassAction(player=0))
    state, _ = engine.apply(state, PassAction(player=1))
    request = engine.allocation_request(state, 0)
    assert request is not None
    n = request.count()
    sampler = ChanceSampler(5)
    draws = Counter(request.sample(sampler.randrange) for _ in range(n * 2000))
    assert set(draws) == set(request.vectors())
    # 2000 expected per allocation: a 5-sigma band is +-5 * sqrt(2000) = +-224.
    assert all(abs(c - 2000) < 224 for c in draws.values())


@given(positions(), st.integers(0, 2**32))
def test_allocate_actions_are_the_allocations_built_on_demand(state: GameState, seed: int) -> None:
    from rules.attack_the_tower.actions import Allocate

    for request in _requests_of_a_battle(state, seed):
        actions = request.actions()
        built = [Allocate(player=request.player, allocation=a) for a in request.allocations()]
        assert len(actions) == len(built) and list(actions) == built and actions == built
        assert [actions[i] for i in range(len(actions))] == built and actions[1:3] == built[1:3]
        assert all(a.allocation == ALLOCATION.validate(json_data(a.allocation)) for a in actions)
        assert built[-1] in actions and actions.index(built[-1]) == len(built) - 1


@given(positions(), st.integers(0, 2**32))
def test_an_allocation_found_by_its_index_is_the_one_listed_there(state: GameState, seed: int) -> None:
    for request in _requests_of_a_battle(state, seed):
        actions = request.actions()
        vectors = request.vectors()
        assert [actions[i].allocation for i in range(len(vectors))] == [request.allocation(v) for v in vectors]
        assert actions[-1] == actions[len(vectors) - 1]


def _planner_kill_value(request: combat.AllocationRequest, vector: tuple[int, ...]) -> tuple[int, int, int, int]:
    """The planner's value of an allocation, scored as a whole: palace destroyed, power destroyed, structure
    damage, least spent."""
    palace = killed = structure_damage = 0
    for target, amount in zip(request.targets, vector, strict=True):
        if amount and amount == target.remaining:
            killed += target.deals + target.toughness
            palace += target.kind == "palace"
        if target.is_structure:
            structure_damage += amount
    return (palace, killed, structure_damage, -sum(vector))


@given(positions(), st.integers(0, 2**32), st.sampled_from([0, 256]))
def test_the_best_allocation_is_the_first_of_the_best_listed(state: GameState, seed: int, listed: int) -> None:
    """The search by budgets (and the listing below its threshold) finds what scoring every allocation finds."""
    from unittest import mock

    from rules.attack_the_tower.policies.planner import best_allocation

    with mock.patch.object(enumeration, "_LISTED_AT_MOST", listed):
        for request in _requests_of_a_battle(state, seed):
            vectors = request.vectors()
            greedy = max(vectors, key=lambda v: policies.kill_value(request, v))
            assert policies.greedy_allocation(request) == greedy
            planned = max(vectors, key=lambda v: _planner_kill_value(request, v))
            assert combat.best_vector(request, functools.partial(_one_target_value, request)) == planned
            assert best_allocation(request).allocation == request.allocation(planned)


def _one_target_value(request: combat.AllocationRequest, target: combat.Unit, amount: int) -> tuple[int, ...]:
    """The planner's value of `amount` on `target` alone."""
    return _planner_kill_value(request, tuple(amount if t is target else 0 for t in request.targets))


@given(positions(), st.integers(0, 2**32), st.sampled_from(["random", "greedy", "planner"]))
def test_the_position_without_events_is_the_position_with_them(state: GameState, seed: int, name: str) -> None:
    """`next_position` (a look-ahead's step, its combat events left unworded) and `apply` build equal positions."""
    sampler = ChanceSampler(seed)
    chooser = policies.policy(name)
    for _ in range(60):
        if engine.is_terminal(state):
            break
        who = engine.current_player(state)
        if who == CHANCE:
            action = sampler.pick(engine.chance_outcomes(state))
        else:
            action = chooser.choose(state, sampler, engine.acting_players(state)[0])
        quiet = engine.next_position(state, action)
        state, _ = engine.apply(state, action)
        assert quiet == state and POSITION.text(quiet, indent=None) == POSITION.text(state, indent=None)


Allocator = Callable[[combat.AllocationRequest], Allocation]
"""How a side allocates in `battle_played_out`."""


def _allocate_greedily(request: combat.AllocationRequest) -> Allocation:
    return request.allocation(policies.greedy_allocation(request))


def _allocate_least(request: combat.AllocationRequest) -> Allocation:
    """The last allocation listed (the least damage where amounts decrease down the list)."""
    return request.allocation(request.vectors()[-1])


@given(positions(), st.sampled_from([_allocate_greedily, _allocate_least]), st.integers(0, 2))
def test_a_battle_played_out_at_once_is_the_battle_played_a_step_at_a_time(
    state: GameState, allocate: Allocator, handed_in: int
) -> None:
    """`battle_played_out` (both allocations of a combat step at once, no position between) reaches the position
    that `apply` reaches one pass and one allocation at a time, from every attack and ability of the position,
    from its start or after the first `handed_in` decisions of it."""
    starts = [a for a in engine.legal_actions(state) if isinstance(a, DeclareAttack | PlayAbility)]
    for start in starts:
        stepped, _ = engine.apply(state, start)
        for _ in range(handed_in):
            if stepped.phase == "battle":
                stepped = _one_decision(stepped, allocate)
        at_once = engine.battle_played_out(stepped, allocate, 64)
        while stepped.phase == "battle":
            stepped = _one_decision(stepped, allocate)
        assert at_once == stepped and POSITION.text(at_once, indent=None) == POSITION.text(stepped, indent=None)


def _one_decision(state: GameState, allocate: Allocator) -> GameState:
    """The position after the player to act passes in an ability window or allocates as `allocate` says."""
    who = engine.acting_players(state)[0]
    request = engine.allocation_request(state, who)
    action = Pass(player=who) if request is None else Allocate(player=who, allocation=allocate(request))
    return engine.apply(state, action)[0]
