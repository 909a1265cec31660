"""The analysis of battles: the allocation space against brute force, pruned solutions against full and
engine-only ones, exact distributions, Monte Carlo against exact figures, mutual best responses, the
hidden-hand chance step, and the `odds` command.

Seeds: 004 is the manual (../shared/seeds/004_b630b22d9110621e.txt); 000 and 001 the Undead and
Bandits editions.
"""

from __future__ import annotations

import itertools
import json
import math
import random
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rules import cli as main_cli
from rules.attack_the_tower import analysis, engine, examples
from rules.attack_the_tower.actions import Allocate, Pass
from rules.attack_the_tower.analysis.matrix import solve_matrix
from rules.attack_the_tower.analysis.outcomes import objective_value, same_battle, segment_outcome
from rules.attack_the_tower.analysis.space import side_index
from rules.attack_the_tower.analysis.tree import BattleTree
from rules.attack_the_tower.catalog import ARMY_IDS, army
from rules.attack_the_tower.engine import combat
from rules.attack_the_tower.examples import build_player
from rules.attack_the_tower.game import POSITION
from rules.attack_the_tower.legality import position_problems
from rules.attack_the_tower.model import GameState, new_player
from rules.attack_the_tower.variants import Rules
from rules.core.chance import ChanceSampler
from rules.core.ladder import wilson

SHORT = {a: [b.id.split(".")[1] for b in army(a).bases] for a in ARMY_IDS}
OBJECTIVES = ("power_balance", "clear_territory", "destroy_palace")
RULES = (
    Rules(),
    Rules(leftover_initiative_adds_to_regular=False),
    Rules(palace_deals_damage=False, special_troops_defend_territories=True),
)


# ---- a small generator of battles --------------------------------------------------------------------
@st.composite
def battles(draw: st.DrawFn, max_bases: int = 2) -> GameState:
    """A declared battle small enough to solve every way: the attacker's territory 1 (1-2 bases with
    troops) against the defender's territory 1 (0-2 bases, 0-2 troops each); maybe an ability in play
    on each side; maybe a full territory 3 and a special troop on the defender's palace."""
    a, b = draw(st.sampled_from(ARMY_IDS)), draw(st.sampled_from(ARMY_IDS))
    attack_row: list[tuple[str, int] | None] = [
        (draw(st.sampled_from(SHORT[a])), draw(st.integers(1, 2))) for _ in range(draw(st.integers(1, max_bases)))
    ]
    defend_row: list[tuple[str, int] | None] = [
        (draw(st.sampled_from(SHORT[b])), draw(st.integers(0, 2))) for _ in range(draw(st.integers(0, max_bases)))
    ]

    def extras(army_id: str, rows: list[list[tuple[str, int] | None]]) -> dict[str, tuple[str, ...]]:
        abilities = [c.id for c in army(army_id).abilities if c.special_troop is None and c.not_implemented is None]
        specials = [c.id for c in army(army_id).abilities if c.special_troop is not None]
        in_play = (draw(st.sampled_from(abilities)),) if abilities and bool(draw(st.booleans())) else ()
        palace: tuple[str, ...] = ()
        if specials and bool(draw(st.booleans())):
            rows.append([])
            rows.append([(SHORT[army_id][0], 0), (SHORT[army_id][0], 0), (SHORT[army_id][1], 0)])
            palace = (draw(st.sampled_from(specials)),)
        return {"in_play": in_play, "palace": palace}

    attack_rows: list[list[tuple[str, int] | None]] = [attack_row]
    defend_rows: list[list[tuple[str, int] | None]] = [defend_row]
    sides = []
    for army_id, rows in ((a, attack_rows), (b, defend_rows)):
        more = extras(army_id, rows)
        used = Counter(f"{army_id}.{s[0]}" for row in rows for s in row if s is not None)
        used.update(more["in_play"] + more["palace"])
        copies = Counter(new_player(army_id).all_cards())
        assume(all(n <= copies[c] for c, n in used.items()))  # within the deck's copies
        sides.append(build_player(army_id, rows, **more))
    attacker, defender = sides
    state = POSITION.validate(
        {
            "rules": draw(st.sampled_from(RULES)),
            "players": (attacker, defender),
            "phase": "main",
            "attacker": 0,
            "actor": 0,
            "turn": 3,
        }
    )
    return analysis.declare(state, 0, 0)


def combat_states(state: GameState, seed: int) -> Iterator[GameState]:
    """Every combat step of one line of play from a battle (random allocations, abilities passed)."""
    sampler = ChanceSampler(seed)
    while state.phase == "battle":
        battle = state.battle
        assert battle is not None
        if battle.stage == "abilities":
            actor = engine.current_player(state)
            assert actor is not None
            state, _ = engine.apply(state, Pass(player=actor))
            continue
        yield state
        for player in (state.attacker, state.defender):
            request = combat.allocation_request(state, player)
            if request is None or state.battle is None or state.battle.pending[player] is not None:
                continue
            vector = request.sample(sampler.randrange)
            state, _ = engine.apply(state, Allocate(player=player, allocation=request.allocation(vector)))
            if state.phase != "battle":
                break


def passed(state: GameState) -> GameState:
    """The battle with its ability window closed (both pass)."""
    while state.phase == "battle" and state.battle is not None and state.battle.stage == "abilities":
        actor = engine.current_player(state)
        assert actor is not None
        state, _ = engine.apply(state, Pass(player=actor))
    return state


# ---- the allocation space against brute force ----------------------------------------------------------
def brute_force(request: combat.AllocationRequest) -> dict[tuple[int, ...], frozenset[str]]:
    """Every integer split of the damage within the caps, canonicalised (twins sorted), with its kills."""
    targets = request.targets
    found = {}
    for vector in itertools.product(*(range(t.remaining + 1) for t in targets)):
        troops = sum(a for a, t in zip(vector, targets, strict=True) if not t.is_structure)
        if troops > request.troop_cap or sum(vector) - troops > request.structure_cap:
            continue
        canonical = list(vector)
        i = 0
        while i < len(targets):
            j = i
            while j + 1 < len(targets) and (
                targets[j + 1].group,
                targets[j + 1].remaining,
                targets[j + 1].is_structure,
            ) == (targets[i].group, targets[i].remaining, targets[i].is_structure):
                j += 1
            canonical[i : j + 1] = sorted(canonical[i : j + 1], reverse=True)
            i = j + 1
        kills = frozenset(t.key for t, a in zip(targets, canonical, strict=True) if a and a == t.remaining)
        found[tuple(canonical)] = kills
    return found


@settings(max_examples=60)
@given(battles(max_bases=3), st.integers(0, 2**32))
def test_allocation_space_is_every_integer_split_with_its_kills(state: GameState, seed: int) -> None:
    for step in combat_states(state, seed):
        for side in ("attacker", "defender"):
            request = combat.allocation_request(step, side_index(step, side))
            options = analysis.allocation_space(step, side)
            if request is None:
                assert options == []
                continue
            if len(request.targets) > 7:
                continue  # brute force over more than 7 targets is too slow here
            expected = brute_force(request)
            assert {o.vector for o in options} == set(expected)
            assert len(options) == len(expected), "an allocation is listed twice"
            kill_sets = set(expected.values())
            for o in options:
                assert frozenset(o.kills) == expected[o.vector]
                # dominated exactly when some integer split kills a strict superset
                assert o.dominated == any(k > frozenset(o.kills) for k in kill_sets)
                if o.dominated_by is not None:
                    dominator = options[o.dominated_by]
                    assert frozenset(dominator.kills) > frozenset(o.kills)
                    assert not dominator.dominated
                if o.pruned_by is not None:
                    assert options[o.pruned_by].in_strategy_set
                assert o.wasted == o.unassigned - o.carried + o.partial - o.partial_lasting >= 0
                assert o.allocation.total() == o.spent
            flags = [o.dominated for o in options]
            assert flags == sorted(flags), "undominated options come first"


# ---- solutions: pruned = full = engine only -------------------------------------------------------------
def naive_value(state: GameState, objective: str) -> Fraction:
    """Backward induction straight through `engine.apply`: every allocation, no pruning, no memo keys."""
    battle = state.battle
    assert battle is not None
    if battle.stage == "abilities":
        actor = engine.current_player(state)
        assert actor is not None
        values = [naive_move_value(state, [a], objective) for a in engine.legal_actions(state)]
        return max(values) if actor == state.attacker else min(values)
    sides: list[list[Allocate | None]] = []
    for player in (state.attacker, state.defender):
        request = combat.allocation_request(state, player)
        if request is None or battle.pending[player] is not None:
            sides.append([None])
        else:
            sides.append([Allocate(player=player, allocation=a) for a in request.allocations()])
    matrix = [
        [naive_move_value(state, [m for m in (a, d) if m is not None], objective) for d in sides[1]] for a in sides[0]
    ]
    return solve_matrix(matrix).value


def naive_move_value(state: GameState, moves: list[object], objective: str) -> Fraction:
    post = state
    events: list[object] = []
    for move in moves:
        post, step_events = engine.apply(post, move)  # type: ignore[arg-type]
        events.extend(step_events)
    if same_battle(state, post):
        return naive_value(post, objective)
    outcome = segment_outcome(state, post, events)  # type: ignore[arg-type]
    value = Fraction(objective_value(objective, outcome))
    if post.phase == "battle" and objective != "clear_territory":
        value += naive_value(post, objective)
    return value


def small_positions() -> list[GameState]:
    """Hand-built battles small enough for the engine-only solver, each probing one rule."""

    def pos(
        a: str,
        arows: list[list[tuple[str, int] | None]],
        b: str,
        brows: list[list[tuple[str, int] | None]],
        rules: Rules | None = None,
        **extras: tuple[str, ...],
    ) -> GameState:
        attacker = build_player(a, arows, hand=extras.get("hand", ()), in_play=extras.get("in_play", ()))
        state = POSITION.validate(
            {
                "rules": rules or Rules(),
                "players": (attacker, build_player(b, brows)),
                "phase": "main",
                "attacker": 0,
                "actor": 0,
                "turn": 3,
            }
        )
        return analysis.declare(state, 0, 0)

    return [
        # 004 battles 3: shooters on both sides fire first; leftover initiative damage joins regular (000, 001)
        pos("undead", [[("crypt", 2), ("mansion", 1)]], "bandits", [[("shooter_base", 1), ("heavy_infantry_base", 1)]]),
        # the same under 004's silence: leftover initiative damage is lost
        pos(
            "undead",
            [[("crypt", 2), ("mansion", 1)]],
            "bandits",
            [[("shooter_base", 1), ("heavy_infantry_base", 1)]],
            Rules(leftover_initiative_adds_to_regular=False),
        ),
        # 004 battles 4: unmanned bases take what is left; clearing leads to the palace
        pos("bandits", [[("cavalry_base", 2), ("siege_base", 1)]], "undead", [[("graveyard", 1)]]),
        # an ability in the window (the Lich: enemies lose 1 power), decided by the attacker
        pos(
            "undead",
            [[("mansion", 2)]],
            "bandits",
            [[("heavy_infantry_base", 1), ("shooter_base", 1)]],
            hand=("undead.lich",),
        ),
        # the Huns: bases emptied of troops are sacrificed after the battle, which clears the territory and
        # sends the survivors against the palace: killing the last troop can cost the attacker
        pos(
            "easterners",
            [[("steppe", 2)]],
            "undead",
            [[("graveyard", 1), ("crypt", 0)]],
            in_play=("easterners.huns",),
        ),
    ]


@pytest.mark.parametrize("index", range(5))
def test_tree_solution_equals_engine_only_backward_induction(index: int) -> None:
    state = small_positions()[index]
    for objective in OBJECTIVES:
        analysis.clear_cache()
        assert analysis.solve_battle(state, objective).value == naive_value(state, objective)


@settings(max_examples=20)
@given(battles(max_bases=1))
def test_tree_solution_equals_engine_only_backward_induction_on_generated_battles(state: GameState) -> None:
    """The memoised tree (move keys, strategy sets, double oracle) against the engine alone."""
    for objective in OBJECTIVES:
        assert analysis.solve_battle(state, objective).value == naive_value(state, objective)


@settings(max_examples=50)
@given(battles())
def test_pruned_strategy_sets_keep_the_value(state: GameState) -> None:
    """Leaving out covered allocations (space.Space.strategies) never changes a value."""
    full = BattleTree(prune=False)
    pruned = analysis.tree_for()
    for objective in OBJECTIVES:
        assert pruned.node(state).solve(objective).value == full.node(state).solve(objective).value


def _vrykolaka_battle() -> GameState:
    """Two Undead cavalry (Vrykolakas, 3 power each) with the Vrykolaka ability in play attack a Bandit heavy
    infantry base (two troops of 2); the battle is in its ability window."""
    base = {"raised": [], "troops": 2}
    empty: list[None] = [None, None, None]

    def player(army: str, card: str, in_play: list[str]) -> dict[str, object]:
        return {
            "army": army,
            "territories": [[{"card": card, **base}, None, None], empty, empty],
            "in_play": in_play,
        }

    return POSITION.validate(
        {
            "players": [
                player("undead", "undead.desecrated_grounds", ["undead.vrykolaka"]),
                player("bandits", "bandits.heavy_infantry_base", []),
            ],
            "turn": 3,
            "phase": "battle",
            "attacks": [0],
            "battle": {"origin": 0, "target": 0, "stage": "abilities"},
        }
    )


def test_vrykolaka_damage_kept_off_doomed_troops_clears_the_territory() -> None:
    """Undead 'Vrykolaka: Destroy one enemy troop for each vrykolaka that inflicts damage in combat.'
    One point on a troop is enough for both vrykolakas to inflict damage, so both Bandit troops die and the
    five points kept destroy the unmanned base: the territory falls. Killing both troops by damage keeps only
    two. The solvers' pruning (a kill never loses to damage kept) must not leave that line out."""
    state = _vrykolaka_battle()
    for objective, value in (("clear_territory", 1), ("power_balance", 2)):
        assert naive_value(state, objective) == value
        assert analysis.tree_for().node(state).solve(objective).value == value
        assert BattleTree(prune=False).node(state).solve(objective).value == value


@settings(max_examples=40)
@given(battles(), st.integers(0, 2**32))
def test_solved_steps_are_mutual_best_responses(state: GameState, seed: int) -> None:
    """No allocation of either side (over every distinct allocation) beats the other side's optimal mix."""
    for step in combat_states(state, seed):
        for objective in ("power_balance", "clear_territory"):
            solution = analysis.solve_step(step, objective)
            assert solution.exact and solution.gap == 0
            assert sum(p for _, p in solution.attacker) in (0, 1)
            assert sum(p for _, p in solution.defender) in (0, 1)
            attacker_gain, defender_gain = analysis.best_response_gaps(step, objective)
            assert attacker_gain <= 0 and defender_gain <= 0


def test_a_catapult_clears_a_territory_through_its_bases_and_the_check_sees_it() -> None:
    """Westerners' Catapult: 'Allied catapults may damage bases even if they are defended by troops.' Two
    siege weapons can destroy both Undead bases while the Mansion's troop still stands, which empties the
    territory and sends the attackers against the palace: the kill that hurts its maker. The pruned
    strategy set must then be checked (found by the property test above, kept here as a scenario)."""
    rows: list[list[tuple[str, int] | None]] = [[("siege_yard", 2), ("crossbow_range", 1), None], [], []]
    attacker = build_player("westerners", rows, in_play=("westerners.catapult",))
    defender = build_player("undead", [[("mansion", 1), ("graveyard", 0), None], [], []])
    rules = Rules(leftover_initiative_adds_to_regular=True)
    data = {"rules": rules, "players": (attacker, defender), "phase": "main", "attacker": 0, "actor": 0, "turn": 3}
    state = analysis.declare(POSITION.validate(data), 0, 0)
    for step in combat_states(state, 0):
        assert analysis.best_response_gaps(step, "power_balance") == (Fraction(0), Fraction(0)), step.battle


# ---- exact distributions ---------------------------------------------------------------------------------
@settings(max_examples=30)
@given(battles(), st.sampled_from(["optimal", "uniform", "greedy", "uniform,optimal", "greedy,uniform"]))
def test_every_distribution_sums_to_exactly_one(state: GameState, policies: str) -> None:
    for objective in ("power_balance", "destroy_palace"):
        dist = analysis.outcome_distribution(state, policies, objective)
        assert dist.total() == 1
        assert all(0 < p <= 1 for _, p in dist.items())
    hidden = analysis.outcome_distribution(state, policies, hidden_hand=True)
    assert hidden.total() == 1
    assert analysis.hidden_hands(state).total() == 1


def test_random_policy_distribution_sums_to_one_and_matches_the_engine_policy() -> None:
    state = small_positions()[0]
    dist = analysis.outcome_distribution(state, "random")
    assert dist.total() == 1
    report = analysis.monte_carlo(state, "random", 400, seed=3, confidence=0.999)
    assert report.agrees


@pytest.mark.parametrize(
    ("example", "origin", "target", "policies"),
    [
        ("mid-game-battle", 0, 1, "uniform"),
        ("mid-game-battle", 0, 1, "greedy,uniform"),
        ("palace-assault", 0, 2, "uniform"),
        ("palace-assault", 0, 2, "optimal"),
        ("largest-battle", 0, 0, "uniform,optimal"),
    ],
)
def test_monte_carlo_agrees_with_the_exact_distribution(example: str, origin: int, target: int, policies: str) -> None:
    state = analysis.declare(examples.example(example), origin, target)
    report = analysis.monte_carlo(state, policies, 300, seed=11, confidence=0.999)
    assert report.agrees, [(r.label, r.exact, r.frequency) for _, r in report.outcomes]
    exact = analysis.outcome_distribution(state, policies)
    assert {o for o, _ in report.outcomes} >= set(exact.outcomes())
    for _, row in report.outcomes:
        assert row.low <= row.frequency <= row.high
    assert report.exact_power_balance == exact.expectation(lambda o: o.power_balance)


def test_at_95_percent_the_agreement_check_is_wrong_in_about_one_run_in_twenty() -> None:
    """Simulations of the exact distribution itself, 200 battles each: the check says they disagree in about 5%
    of the runs (1.5 of these 30 seeded runs expected, at most; they give 1). A Wilson interval around each row's
    frequency said so in 17 of 30 (a small count, 3 of 200 at p = 0.00227, fell outside)."""
    state = analysis.declare(examples.example("mid-game-battle"), 0, 1)
    disagree = [seed for seed in range(30) if not analysis.monte_carlo(state, "random", 200, seed=seed).agrees]
    assert len(disagree) <= 3, disagree


def test_the_agreement_check_rejects_a_wrong_distribution() -> None:
    """Battles played greedily are not distributed as battles played uniformly: the check must see it."""
    state = analysis.declare(examples.mid_game_battle(), 0, 1)
    uniform = analysis.outcome_distribution(state, "uniform")
    sampler = ChanceSampler(1)
    seen = Counter(analysis.simulate(state, "greedy", sampler=sampler) for _ in range(200))
    outside = [o for o, p in uniform.items() if not wilson(seen[o], 200)[0] <= p]
    outside += [o for o, p in uniform.items() if not p <= wilson(seen[o], 200)[1]]
    assert outside
    low, high = wilson(8, 10)  # the textbook example: 8 of 10, 95%
    assert round(low, 3) == 0.490 and round(high, 3) == 0.943


def test_palace_assault_can_reach_the_palace() -> None:
    """004 'Attacking the palace': survivors of a cleared territory attack the palace at once."""
    state = analysis.declare(examples.example("palace-assault"), 0, 2)
    dist = analysis.outcome_distribution(state, "uniform")
    assert dist.probability(lambda o: o.territory_cleared) > 0
    cleared_value = analysis.solve_battle(state, "clear_territory").value
    assert 0 < cleared_value <= 1
    plan = analysis.solve_battle(state, "destroy_palace")
    assert plan.exact and plan.steps[0].reach == 1


# ---- the hidden hand -----------------------------------------------------------------------------------
def undead_defending_with_a_hand() -> GameState:
    """Westerners attack the Undead, who hold two cards the Westerners cannot see."""
    westerners = build_player("westerners", [[("stable", 1), ("militia_camp", 2)]])
    undead = build_player("undead", [[("mansion", 1), ("crypt", 1)]], hand=("undead.lich", "undead.graveyard"))
    state = POSITION.validate({"players": (westerners, undead), "phase": "main", "attacker": 0, "actor": 0, "turn": 4})
    return analysis.declare(state, 0, 0)


def test_hidden_hand_is_a_hypergeometric_draw_of_the_unseen_cards() -> None:
    state = undead_defending_with_a_hand()
    hands = analysis.hidden_hands(state)
    defender = state.players[1]
    unseen = Counter(defender.hand + defender.ability_pile + defender.base_pile)
    n, liches = sum(unseen.values()), unseen["undead.lich"]
    assert hands.total() == 1
    # P(no Lich among the 2 cards) = C(n - liches, 2) / C(n, 2)
    no_lich = hands.probability(lambda h: "undead.lich" not in h.abilities)
    assert no_lich == Fraction(math.comb(n - liches, 2), math.comb(n, 2))
    for hand in hands.outcomes():
        held = analysis.with_hand(state, 1, hand)
        assert position_problems(held) == []
        assert Counter(held.players[1].all_cards()) == Counter(defender.all_cards())
    dist = analysis.outcome_distribution(state, "uniform", hidden_hand=True)
    assert dist.total() == 1
    report = analysis.monte_carlo(state, "uniform", 300, seed=5, hidden_hand=True, confidence=0.999)
    assert report.agrees


# ---- matrix games -------------------------------------------------------------------------------------
def test_matrix_games_are_solved_exactly() -> None:
    rps = [[Fraction(v) for v in row] for row in ((0, -1, 1), (1, 0, -1), (-1, 1, 0))]
    solution = solve_matrix(rps)
    assert solution.exact and solution.value == 0
    assert solution.rows == solution.cols == (Fraction(1, 3),) * 3
    rng = random.Random(7)
    for _ in range(60):
        m, n = rng.randint(1, 7), rng.randint(1, 7)
        matrix = [[Fraction(rng.randint(-6, 6), rng.choice((1, 2, 3))) for _ in range(n)] for _ in range(m)]
        s = solve_matrix(matrix)
        assert s.exact and sum(s.rows) == 1 and sum(s.cols) == 1
        # each strategy is a best response to the other, exactly
        assert all(sum(p * matrix[i][j] for i, p in enumerate(s.rows)) >= s.value for j in range(n))
        assert all(sum(q * matrix[i][j] for j, q in enumerate(s.cols)) <= s.value for i in range(m))


# ---- the mid-game example, initiative step ---------------------------------------------------------------
def test_mid_game_initiative_the_defender_kills_a_zombie_not_a_necromancer() -> None:
    """004 battles 3: 'Troops killed in this third step (Initiative) will not inflict damage during the
    fourth step' - and initiative damage is simultaneous, so a Necromancer (a shooter) has fired already:
    the Bandit archer's one point is best spent on a Zombie, which would strike in regular combat."""
    state = passed(analysis.declare(examples.mid_game_battle(), 0, 1))
    assert state.battle is not None and state.battle.stage == "initiative"
    solution = analysis.solve_step(state, "power_balance")
    assert solution.exact and solution.value == -5
    assert [(o.kills, p) for o, p in solution.defender] == [(("p0/t0/s0/0",), Fraction(1))]
    table = analysis.step_table(state, "power_balance")
    values = table.values()
    assert values[0] == values[1], "spending the two points either way is worth the same"
    # holding both back risks them: a Necromancer killed in the step takes its share of the leftover with it
    # (004 battles 3: "Troops killed in this third step (Initiative) will not inflict damage during the fourth")
    assert all(held <= spent for held, spent in zip(values[2], values[0], strict=True)) and values[2][1] < values[0][1]
    every = analysis.step_table(state, "power_balance", "all")
    assert len(every.attacker) == 10 and len(every.defender) == 4
    best = max(min(row) for row in every.values())
    assert best == solution.value
    # with the Lich played in the window, the battle is worth far more to the Undead
    assert analysis.solve_battle(analysis.declare(examples.mid_game_battle(), 0, 1)).value == -1


def test_analysis_functions_refuse_positions_without_a_battle() -> None:
    from rules.core.errors import IllegalAction

    with pytest.raises(IllegalAction, match="declare an attack"):
        analysis.outcome_distribution(examples.mid_game_battle())
    with pytest.raises(IllegalAction, match="unknown policy"):
        analysis.outcome_distribution(analysis.declare(examples.mid_game_battle(), 0, 1), "clever")
    assert analysis.allocation_space(examples.mid_game_battle(), "attacker") == []


# ---- the odds command ----------------------------------------------------------------------------------
@pytest.fixture
def mid_game_file(tmp_path: Path) -> Path:
    path = tmp_path / "mid.json"
    path.write_text(POSITION.text(examples.mid_game_battle()))
    return path


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main_cli.main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_odds_prints_fractions_and_percentages(mid_game_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "attack-the-tower",
        "odds",
        str(mid_game_file),
        "--from",
        "1",
        "--to",
        "2",
        "--policy",
        "uniform",
        "--samples",
        "200",
    )
    assert code == 0
    assert "5/36" in out and "%" in out and "territory cleared" in out
    assert "agrees with the exact figures: yes" in out
    legend = out.splitlines()[1]  # what each line's figures are
    assert legend == (
        "each line: the exact chance, as a fraction and in %, the Monte Carlo frequency [its 95% CI, in %], then the "
        "outcome (power in brackets)"
    )


def test_odds_json_parses_and_sums_to_one(mid_game_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "attack-the-tower",
        "odds",
        str(mid_game_file),
        "--from",
        "1",
        "--to",
        "2",
        "--policy",
        "uniform,greedy",
        "--json",
    )
    data = json.loads(out)
    assert code == 0
    assert sum(Fraction(o["probability"]) for o in data["outcomes"]) == 1
    assert data["policies"] == {"attacker": "uniform", "defender": "greedy"}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--from", "4", "--to", "2"), "--from takes a territory number from 1 to 3, not 4"),
        (("--from", "1", "--to", "0"), "--to takes a territory number from 1 to 3, not 0"),
        (("--from", "x", "--to", "2"), "--from takes a territory number from 1 to 3, not 'x'"),
        (("--from", "3", "--to", "2"), "territory 3 has no troops to attack with"),
        (("--from", "1", "--to", "2", "--policy", "clever"), "unknown policy 'clever'"),
        # an objective is the optimal policy's aim: with none playing optimal it was ignored without a word
        (
            ("--from", "1", "--to", "2", "--policy", "random", "--objective", "destroy_palace"),
            "neither side plays optimal",
        ),
    ],
)
def test_odds_refuses_bad_input_with_exit_2(
    mid_game_file: Path, capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str
) -> None:
    code, out, err = run(capsys, "attack-the-tower", "odds", str(mid_game_file), *args)
    assert code == 2 and out == ""
    assert "error: " in err.splitlines()[0] and message in err and "Traceback" not in err
