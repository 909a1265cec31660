"""The questions a panel asks while a person drafts an allocation one click at a time, answered by the rules:
the typed key of a unit, whether one more damage may go on a target (the request's own caps), the tally of
a draft, which targets it destroys (the same as the engine's resolution), and the sides dealing damage."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from rules.attack_the_tower import editing, engine, examples
from rules.attack_the_tower.actions import Allocate, DeclareAttack, allocate
from rules.attack_the_tower.engine import combat
from rules.attack_the_tower.events import DamageDealt
from rules.attack_the_tower.model import GameState
from rules.attack_the_tower.places import UnitKey
from rules.attack_the_tower.policies import policy
from rules.attack_the_tower.text import key_words, named_in_slot, place_words
from rules.core.chance import ChanceSampler
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.protocol import CHANCE

ARMIES = ("undead", "bandits", "westerners", "easterners")


def _random_games(games: int, steps: int = 300) -> Iterator[GameState]:
    """Every position of `games` seeded random whole games (chance drawn by its weights' support uniformly)."""
    for seed in range(games):
        rng = random.Random(seed)
        state = engine.new_game((ARMIES[seed % 4], ARMIES[(seed + 1 + seed // 4) % 4]))
        for _ in range(steps):
            if engine.is_terminal(state):
                break
            yield state
            if engine.current_player(state) == CHANCE:
                options = sorted(engine.chance_outcomes(state), key=lambda a: a.card)
            else:
                options = list(engine.legal_actions(state))
            state, _ = engine.apply(state, options[rng.randrange(len(options))])


def _combat_positions(games: int) -> list[GameState]:
    return [s for s in _random_games(games) if engine.in_combat_step(s) and engine.allocation_request(s) is not None]


@pytest.fixture(scope="module")
def combat_positions() -> list[GameState]:
    positions = _combat_positions(24)
    assert len(positions) > 100, "the random games reach combat steps"
    return positions


# ---- the typed unit key -----------------------------------------------------------------------------
def test_every_unit_key_of_a_battle_reads_back_as_itself(combat_positions: list[GameState]) -> None:
    kinds = set()
    for state in combat_positions:
        attackers, defenders = engine.battle_units(state)
        for unit in attackers + defenders:
            key = UnitKey.parse(unit.key)
            assert str(key) == unit.key
            assert (key.owner, key.kind) == (unit.owner, unit.kind)
            kinds.add(key.kind)
    assert kinds == {"troop", "base", "special", "palace"}, "every kind of unit was met"


def test_the_engine_spells_each_key_as_the_typed_key_writes_it() -> None:
    for owner in (0, 1):
        assert combat.palace_key(owner) == str(UnitKey.palace(owner))
        for index in range(4):
            assert combat.special_key(owner, index) == str(UnitKey.special(owner, index))
        for territory in range(3):
            for slot in range(3):
                assert combat.base_key(owner, territory, slot) == str(UnitKey.base(owner, territory, slot))
                for index in range(3):
                    expected = str(UnitKey.troop(owner, territory, slot, index))
                    assert combat.troop_key(owner, territory, slot, index) == expected


@pytest.mark.parametrize(
    "text",
    ["", "p2/t0/s0/0", "p0/t3/s0", "p0/t0/s3/1", "p0/t0/s0/-1", "p0/t01/s0/0", "p0/t 1/s0/0", "p0/palace/x",
     "p0/t0", "p0/t0/s0/0/0", "P0/palace", "p0/palace/01", "p0/t0/s0/1000"],
)  # fmt: skip
def test_a_key_that_names_no_place_is_refused_in_words(text: str) -> None:
    assert UnitKey.read(text) is None
    with pytest.raises(IllegalAction, match="names no place on the board"):
        UnitKey.parse(text)
    assert key_words(text) == text, "shown as it is"


def test_places_in_a_players_words() -> None:
    assert place_words(UnitKey.parse("p1/t1/s2/0")) == "player 2, territory 2, slot 3, troop 1"
    assert place_words(UnitKey.parse("p0/t0/s1")) == "player 1, territory 1, slot 2"
    assert place_words(UnitKey.parse("p0/palace")) == "player 1, palace"
    assert place_words(UnitKey.parse("p1/palace/1")) == "player 2, palace troop 2"
    assert named_in_slot("Bandit brute", UnitKey.parse("p1/t1/s1/0")) == "Bandit brute (territory 2, slot 2)"
    assert named_in_slot("Lich", UnitKey.parse("p0/palace/0")) == "Lich"


# ---- one more damage on a target --------------------------------------------------------------------
def _regular_step() -> GameState:
    """mid-game-battle in regular combat, the greedy policy deciding before: the Undead's damage holds 4
    artillery (the Catapult) and only 1 may hit the Bandits' troops while they defend their bases."""
    state = examples.example("mid-game-battle")
    state, _ = engine.apply(state, DeclareAttack(player=state.attacker, origin=0, target=1))
    greedy, sampler = policy("greedy"), ChanceSampler(0)
    while state.battle is not None and state.battle.stage != "regular":
        state, _ = engine.apply(state, greedy.choose(state, sampler, engine.acting_players(state)[0]))
    assert state.battle is not None and state.battle.stage == "regular"
    return state


def test_artillery_beyond_the_troop_cap_is_refused_with_the_rules_reason() -> None:
    state = _regular_step()
    request = engine.allocation_request(state, state.attacker)
    assert request is not None and request.pool.artillery > 0 and request.troop_cap == request.pool.general
    troops = [t.key for t in request.targets if not t.is_structure]
    assert len(troops) > request.troop_cap, "more troops to hit than damage that may hit them"
    draft: dict[str, int] = {}
    for key in troops[: request.troop_cap]:
        assert engine.adding_refusal(state, request, draft, key) is None
        draft[key] = 1
    extra = troops[request.troop_cap]
    refused = engine.adding_refusal(state, request, draft, extra)
    assert refused is not None and refused.rule == "traits.artillery"
    assert f"artillery damage ({request.pool.artillery}) can only be assigned to bases or palaces" in refused.message
    # The same words as the allocation handed in: the click and the commit refuse alike.
    with pytest.raises(IllegalAction) as commit:
        engine.apply(state, allocate(state.attacker, {**draft, extra: 1}))
    assert commit.value.reason == refused.message and commit.value.rule == refused.rule


def test_a_key_that_is_not_a_target_is_refused_as_the_engine_refuses_it() -> None:
    state = _regular_step()
    request = engine.allocation_request(state, state.attacker)
    assert request is not None
    own = next(u for u in engine.battle_units(state)[0] if u.kind == "troop")
    refused = engine.adding_refusal(state, request, {}, own.key)
    assert refused is not None and "your own side" in refused.message
    assert refused == combat.refusal(state, request.player, own.key)


def _holds(full: dict[str, int], wanted: dict[str, int], classes: dict[str, object]) -> bool:
    """Whether the legal allocation `full`, its interchangeable targets (one group, equal damage) swapped as
    needed, gives every target of `wanted` at least what `wanted` does: in each class, the amounts of
    `wanted` sorted down are each at most those of `full` sorted down."""
    for cls in set(classes.values()):
        keys = [k for k in full if classes[k] == cls]
        mine = sorted((full[k] for k in keys), reverse=True)
        theirs = sorted((wanted.get(k, 0) for k in keys), reverse=True)
        if any(a > b for a, b in zip(theirs, mine, strict=True)):
            return False
    return True


def test_adding_one_is_refused_exactly_when_no_completion_of_the_draft_is_legal(
    combat_positions: list[GameState],
) -> None:
    """Against every distinct legal allocation of the request: one more damage on a target is accepted exactly
    when some legal allocation (up to swapping interchangeable targets) holds the draft plus that damage."""
    rng = random.Random(7)
    checked = refused_count = 0
    for state in combat_positions[::5]:
        request = engine.allocation_request(state)
        assert request is not None
        vectors = request.vectors()
        if len(vectors) > 400:
            continue
        keys = [t.key for t in request.targets]
        classes: dict[str, object] = {t.key: (t.group, t.damage, t.toughness) for t in request.targets}
        legal = [dict(zip(keys, v, strict=True)) for v in vectors]
        draft = {k: a for k, a in legal[rng.randrange(len(legal))].items() if a and rng.random() < 0.5}
        for key in keys:
            wanted = {**draft, key: draft.get(key, 0) + 1}
            completable = any(_holds(full, wanted, classes) for full in legal)
            refused = engine.adding_refusal(state, request, draft, key)
            assert (refused is None) == completable, (state.battle, draft, key, refused)
            checked += 1
            refused_count += refused is not None
    assert checked > 200 and refused_count > 20, (checked, refused_count)


def test_the_tally_counts_troops_and_structures_apart() -> None:
    state = _regular_step()
    request = engine.allocation_request(state, state.attacker)
    assert request is not None
    troop = next(t.key for t in request.targets if not t.is_structure)
    tally = engine.draft_tally(request, {troop: 1})
    assert (tally.on_troops, tally.on_structures, tally.troop_cap) == (1, 0, 1)
    assert tally.artillery_held == request.pool.artillery - request.structure_cap
    assert tally.words().startswith("1 of 1 damage for troops assigned")


# ---- what a draft destroys ---------------------------------------------------------------------------
def _step_of(state: GameState) -> tuple[object, ...]:
    """Which combat step a position is in (a new one once the step is resolved)."""
    battle = state.battle
    return () if battle is None else (battle.origin, battle.target, battle.at_palace, battle.stage, battle.damage)


def test_what_a_draft_destroys_is_what_the_engine_destroys(combat_positions: list[GameState]) -> None:
    """Hand in a random allocation for each side; the targets `destroyed_by` names for each are exactly those
    its damage destroyed when the engine resolved the step."""
    rng = random.Random(3)
    compared = destroyed = 0
    for state in combat_positions[::3]:
        predicted: dict[int, frozenset[str]] = {}
        after = state
        events: tuple[Event, ...] = ()
        while (request := engine.allocation_request(after)) is not None:
            vector = request.sample(rng.randrange)
            draft = {t.key: a for t, a in zip(request.targets, vector, strict=True) if a}
            predicted[request.player] = engine.destroyed_by(request, draft)
            after, events = engine.apply(after, Allocate(player=request.player, allocation=request.allocation(vector)))
            if _step_of(after) != _step_of(state):
                break  # the step is resolved (both allocations were in, or the other side had nothing to deal)
        for side, keys in predicted.items():
            dealt = {e.target for e in events if isinstance(e, DamageDealt) and e.player == side and e.destroyed}
            assert dealt == keys, (state.battle, side)
            compared += 1
            destroyed += len(keys)
    assert compared > 50 and destroyed > 20, (compared, destroyed)


def test_sides_dealing_damage_and_allocations_handed_in() -> None:
    state = _regular_step()
    assert [side for side, _ in engine.step_pools(state)] == [state.attacker, state.defender]
    assert engine.allocations_in(state) == (False, False)
    request = engine.allocation_request(state, state.attacker)
    assert request is not None
    state, _ = engine.apply(state, request.actions()[0])
    assert engine.allocations_in(state)[state.attacker]
    assert engine.step_pools(examples.example("mid-game-battle")) == ()


def test_a_troops_standing_power_is_its_power_in_a_battle_without_effects(combat_positions: list[GameState]) -> None:
    """Outside the effects of abilities in play, a troop fights with the power it stands with (its type's power
    under the rules plus its own raise), and that much damage destroys it."""
    compared = 0
    for state in combat_positions:
        if combat.battle_effects(state):
            continue
        for unit in [u for side in engine.battle_units(state) for u in side if u.kind == "troop"]:
            power = engine.standing_power(state, UnitKey.parse(unit.key))
            assert (unit.deals, unit.toughness) == (power, power), unit
            compared += 1
    assert compared > 500


def test_a_raised_troop_stands_with_its_raise_and_a_place_without_a_troop_is_refused() -> None:
    state = editing.set_raised(examples.example("mid-game-battle"), 0, 0, 0, (3,))
    base = state.players[0].territories[0][0]
    assert base is not None and base.troops == 2
    plain = engine.standing_power(state, UnitKey.troop(0, 0, 0, 1))
    assert engine.standing_power(state, UnitKey.troop(0, 0, 0, 0)) == plain + 3
    for key in (UnitKey.troop(0, 0, 0, 2), UnitKey.base(0, 0, 0), UnitKey.palace(1)):
        with pytest.raises(IllegalAction):
            engine.standing_power(state, key)
