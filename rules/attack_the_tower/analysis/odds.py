"""Odds: the exact distribution of a battle's outcome under named policies, the chance step of the
abilities a defender may hold, and Monte Carlo beside every exact figure.

Hidden abilities (the chance model). The attacker sees the defender's board, palace, abilities in play
and discard piles, and how many cards it holds, but not which. From the attacker's side the hand is a
uniformly random draw of that many cards from the cards it cannot see: the hand and both draw piles
(a multivariate hypergeometric draw, exact). Base cards cannot be played in a battle, so hands are told
apart only by their ability cards (`HiddenHand`). With `hidden_hand=True` the outcome distribution is the
mixture, over every possible hand with its exact probability, of the distribution with that hand: a chance
step before the battle. Within one hand, the policies play as usual. For "uniform", "greedy" and "random"
that is exact (they do not look at the opponent's hand). For "optimal" each hand's battle is solved as if
the attacker knew the hand, which favours the attacker in the ability windows: his first window move is
made before the defender shows anything; every combat step comes after both players have played
their abilities in the open, so from the combat on nothing hidden is left to exploit.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from rules.attack_the_tower import engine
from rules.attack_the_tower import policies as engine_policies
from rules.attack_the_tower.actions import Action, Allocate, Pass
from rules.attack_the_tower.analysis.battle import Node
from rules.attack_the_tower.analysis.outcomes import (
    ATTACKER,
    DEFENDER,
    BattleOutcome,
    Vector,
    same_battle,
    segment_outcome,
    translate,
)
from rules.attack_the_tower.analysis.tree import BattleTree, check_objective, check_policy, tree_for
from rules.attack_the_tower.cards import AbilityCard
from rules.attack_the_tower.catalog import card
from rules.attack_the_tower.engine import combat
from rules.attack_the_tower.errors import IllegalAction
from rules.attack_the_tower.model import GameState
from rules.core import limits
from rules.core.chance import ChanceSampler
from rules.core.distribution import Distribution
from rules.core.events import Event
from rules.core.ladder import wilson


def policy_pair(policies: str | Sequence[str]) -> tuple[str, str]:
    """(attacker's policy, defender's policy) from one name, a pair, or 'a,b'."""
    names = [n.strip() for n in policies.split(",")] if isinstance(policies, str) else list(policies)
    if len(names) not in (1, 2):
        raise IllegalAction("give one policy for both sides, or two: the attacker's and the defender's")
    for name in names:
        check_policy(name)
    return names[0], names[-1]


# ---- hidden hands --------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True, order=True)
class HiddenHand:
    """A hand as the opponent can tell it apart: its ability cards (sorted) and how many base cards."""

    abilities: tuple[str, ...]
    bases: int

    def describe(self) -> str:
        parts = [card(c).name for c in self.abilities]
        if self.bases:
            parts.append(f"{self.bases} base card(s)")
        return ", ".join(parts) if parts else "no card"


def _unseen(state: GameState, player: int) -> Counter[str]:
    p = state.players[player]
    return Counter(p.hand + p.ability_pile + p.base_pile)


def hidden_hands(state: GameState, player: int | None = None) -> Distribution[HiddenHand]:
    """The exact distribution of `player`'s hand (default: the defender's) as the opponent sees it: as
    many cards as it holds, drawn uniformly from every card the opponent cannot see (the hand and both
    draw piles)."""
    who = state.defender if player is None else player
    unseen = _unseen(state, who)
    size = len(state.players[who].hand)
    abilities = sorted(c for c in unseen if isinstance(card(c), AbilityCard))
    bases = sum(n for c, n in unseen.items() if not isinstance(card(c), AbilityCard))
    counts: dict[HiddenHand, int] = {}

    def walk(i: int, left: int, chosen: tuple[str, ...], weight: int) -> None:
        if i == len(abilities):
            if left <= bases:
                counts[HiddenHand(chosen, left)] = weight * math.comb(bases, left)
            return
        cid = abilities[i]
        for k in range(min(left, unseen[cid]) + 1):
            walk(i + 1, left - k, chosen + (cid,) * k, weight * math.comb(unseen[cid], k))

    walk(0, size, (), 1)
    return Distribution.from_counts(counts)


def with_hand(state: GameState, player: int, hand: HiddenHand) -> GameState:
    """The position with `player` holding `hand` (its base cards the first of the unseen ones) and every
    other unseen card back in the draw piles: the deck is unchanged, only who holds what."""
    unseen = _unseen(state, player)
    base_cards = sorted(c for c in unseen.elements() if not isinstance(card(c), AbilityCard))
    new_hand = Counter(hand.abilities) + Counter(base_cards[: hand.bases])
    left = unseen - new_hand
    if sum(new_hand.values()) != len(state.players[player].hand) or new_hand - unseen:
        raise IllegalAction("that hand cannot be drawn from the cards this player cannot see")
    p = state.players[player]
    changed = p.replace(
        hand=tuple(sorted(new_hand.elements())),
        ability_pile=tuple(sorted(c for c in left.elements() if isinstance(card(c), AbilityCard))),
        base_pile=tuple(sorted(c for c in left.elements() if not isinstance(card(c), AbilityCard))),
    )
    return state.with_player(player, changed)


def draw_hand(state: GameState, player: int, sampler: ChanceSampler) -> HiddenHand:
    """One hand drawn by shuffling the unseen cards (a simulation, independent of `hidden_hands`)."""
    pool = sorted(_unseen(state, player).elements())
    drawn = [pool.pop(sampler.randrange(len(pool))) for _ in range(len(state.players[player].hand))]
    abilities = tuple(sorted(c for c in drawn if isinstance(card(c), AbilityCard)))
    return HiddenHand(abilities, len(drawn) - len(abilities))


# ---- exact distributions --------------------------------------------------------------------------------
def outcome_distribution(
    state: GameState,
    policies: str | Sequence[str] = "optimal",
    objective: str = "power_balance",
    *,
    hidden_hand: bool = False,
    play_abilities: bool = True,
) -> Distribution[BattleOutcome]:
    """The exact distribution of the outcome of the battle in progress when each side follows a policy
    (one name for both, or the attacker's and the defender's: see `POLICY_NAMES`).

    `objective` is what "optimal" optimises. `hidden_hand` adds the chance step of the defender's hand
    (module docstring); `play_abilities=False` passes every ability window."""
    attacker, defender = policy_pair(policies)
    check_objective(objective)
    tree = tree_for(play_abilities)
    if state.battle is None:
        raise IllegalAction("no battle is in progress: declare an attack first", "battles.1 declare")
    check_size(state)
    if not hidden_hand:
        return tree.node(state).distribution(attacker, defender, objective)
    dfn = state.defender
    return hidden_hands(state, dfn).bind(
        lambda hand: tree.node(with_hand(state, dfn, hand)).distribution(attacker, defender, objective)
    )


def allocation_pairs(state: GameState) -> int:
    """About how many (attacker, defender) allocation pairs the largest damage step of the battle in
    progress has: both sides' distinct allocations counted (not listed) in its initiative and regular steps
    as they stand now. What the exact analysis must consider grows with it."""
    battle = state.battle
    assert battle is not None
    largest = 1
    for stage in ("initiative", "regular"):
        step = state.replace(battle=battle.replace(stage=stage, pending=(None, None)))
        counts = [request.count() if (request := combat.allocation_request(step, side)) else 1 for side in (0, 1)]
        largest = max(largest, counts[0] * counts[1])
    return largest


def check_size(state: GameState) -> None:
    """Refuse, in words, a battle too large to analyse exactly (instead of running out of time or memory)."""
    pairs = allocation_pairs(state)
    if pairs > limits.MAX_ALLOCATION_PAIRS:
        raise IllegalAction(
            f"this battle has about 10^{math.floor(math.log10(pairs))} allocation pairs in one step; the limit "
            f"for an exact analysis is {limits.MAX_ALLOCATION_PAIRS:,}",
            "battles",
        )


@dataclass(frozen=True, slots=True)
class Odds:
    """The headline figures of an outcome distribution, exact."""

    territory_cleared: Fraction
    palace_destroyed: Fraction
    expected_power_balance: Fraction
    expected_attacker_troops_left: Fraction
    expected_defender_troops_left: Fraction
    expected_bases_destroyed: Fraction


def odds(dist: Distribution[BattleOutcome]) -> Odds:
    """Probabilities of clearing and of the palace falling, and expected losses, exactly."""
    return Odds(
        territory_cleared=dist.probability(lambda o: o.territory_cleared),
        palace_destroyed=dist.probability(lambda o: o.palace_destroyed),
        expected_power_balance=dist.expectation(lambda o: o.power_balance),
        expected_attacker_troops_left=dist.expectation(lambda o: o.attacker_troops_left),
        expected_defender_troops_left=dist.expectation(lambda o: o.defender_troops_left),
        expected_bases_destroyed=dist.expectation(lambda o: o.bases_destroyed),
    )


# ---- Monte Carlo --------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class OddsRow:
    """One exact figure beside its Monte Carlo estimate: count, frequency, Wilson 95% interval, and whether
    the count is likely at the exact figure (`agrees_with`, at the row's Bonferroni share of the check's 5%)."""

    label: str
    exact: Fraction
    count: int
    frequency: float
    low: float
    high: float
    agrees: bool


@dataclass(frozen=True, slots=True)
class MonteCarloReport:
    """`samples` simulated battles against the exact distribution: one row per outcome (and per headline
    event), and whether every row's count and the mean are likely at the exact figures (`monte_carlo`)."""

    samples: int
    seed: int
    outcomes: tuple[tuple[BattleOutcome, OddsRow], ...]
    events: tuple[OddsRow, ...]
    mean_power_balance: float
    exact_power_balance: Fraction
    power_balance_interval: tuple[float, float]
    agrees: bool


def simulate(
    state: GameState,
    policies: str | Sequence[str] = "optimal",
    objective: str = "power_balance",
    sampler: ChanceSampler | None = None,
    *,
    hidden_hand: bool = False,
    play_abilities: bool = True,
) -> BattleOutcome:
    """One battle played out through `engine.apply`, each side drawing its moves from its policy.

    "greedy" and "random" are the engine's own policies (`policies.GreedyPolicy`, `policies.RandomPolicy`);
    "optimal" and "uniform" draw from the mixes the exact analysis uses. The hand of the defender is
    drawn by shuffling its unseen cards when `hidden_hand` is set."""
    attacker, defender = policy_pair(policies)
    sampler = sampler or ChanceSampler(0)
    tree = tree_for(play_abilities)
    if state.battle is None:
        raise IllegalAction("no battle is in progress: declare an attack first", "battles.1 declare")
    if hidden_hand:
        state = with_hand(state, state.defender, draw_hand(state, state.defender, sampler))
    names: dict[int, str] = {state.attacker: attacker, state.defender: defender}
    outcome: BattleOutcome | None = None
    while state.phase == "battle":
        battle = state.battle
        assert battle is not None
        events: list[Event] = []
        post = state
        if battle.stage == "abilities":
            actor = engine.current_player(state)
            assert actor is not None and actor >= 0
            action = _window_move(tree, state, names[actor], objective, sampler, play_abilities)
            post, step_events = engine.apply(state, action)
            events.extend(step_events)
        else:
            node = tree.node(state)
            for role, player in ((ATTACKER, state.attacker), (DEFENDER, state.defender)):
                if node.fixed[role] is not None:
                    continue
                move = _allocation_move(node, post, role, player, names[player], objective, sampler)
                post, step_events = engine.apply(post, move)
                events.extend(step_events)
        if not same_battle(state, post):
            segment = segment_outcome(state, post, events)
            outcome = segment if outcome is None else outcome.then(segment)
        state = post
    assert outcome is not None
    return outcome


def _window_move(
    tree: BattleTree, state: GameState, policy: str, objective: str, sampler: ChanceSampler, play_abilities: bool
) -> Action:
    actor = engine.current_player(state)
    assert actor is not None and actor >= 0
    if not play_abilities:
        return Pass(player=actor)
    if policy == "optimal":
        node = tree.node(state)
        choice = node.solve(objective).choice
        assert choice is not None
        return node.actions[choice]
    if policy in ("greedy", "random"):
        chosen: Action = engine_policies.policy(policy).choose(state, sampler, actor)
        return chosen
    legal: Sequence[Action] = engine.legal_actions(state)
    return legal[sampler.randrange(len(legal))]


def _allocation_move(
    node: Node, state: GameState, role: int, player: int, policy: str, objective: str, sampler: ChanceSampler
) -> Action:
    if policy in ("greedy", "random"):
        assert player in engine.acting_players(state)
        chosen: Action = engine_policies.policy(policy).choose(state, sampler, player)
        return chosen
    mix = node.mix(role, policy, objective)
    weights: dict[int, Fraction] = {i: p for i, (_, p) in enumerate(mix)}
    vector: Vector = mix[sampler.pick(Distribution(weights))][0]
    request = combat.allocation_request(state, player)
    theirs = node.requests[role]
    assert request is not None and theirs is not None
    mine = translate(vector, theirs.targets, request.targets)
    return Allocate(player=player, allocation=request.allocation(mine))


def agrees_with(count: int, n: int, p: Fraction, level: float) -> bool:
    """Whether `count` of `n` samples is a likely count at the exact probability `p`: the exact binomial test
    (each tail's probability from scipy's binomial distribution, the smaller doubled) does not reject it at
    `level`. (A Wilson interval around the frequency was too narrow at small counts: 3 of 200 at p = 0.00227
    happens 1% of the time, yet it fell outside.)"""
    from scipy.stats import binom

    if p == 0 or p == 1:
        return count == n * p
    tails = min(binom.cdf(count, n, float(p)), binom.sf(count - 1, n, float(p)))
    return bool(2 * tails >= level)


def monte_carlo(
    state: GameState,
    policies: str | Sequence[str] = "optimal",
    n: int = 1000,
    seed: int = 0,
    objective: str = "power_balance",
    *,
    hidden_hand: bool = False,
    play_abilities: bool = True,
    confidence: float = 0.95,
) -> MonteCarloReport:
    """`n` simulated battles (see `simulate`) beside the exact distribution: each outcome's frequency with
    its Wilson 95% interval, the same for clearing the territory and destroying the palace, the mean
    power balance with a normal 95% interval, and an agreement check: every row's count likely at its exact
    probability (`agrees_with`) and the exact mean within the normal interval, each at a Bonferroni-corrected
    level, so that a simulation of the exact distribution disagrees with it in at most 1 - `confidence` of the
    runs (5% by default)."""
    if type(n) is not int or n < 1:
        raise IllegalAction(f"Monte Carlo needs a whole number of samples, at least one, not {n!r}")
    if not 0 < confidence < 1:
        raise IllegalAction(f"a confidence is between 0 and 1, not {confidence}")
    exact = outcome_distribution(state, policies, objective, hidden_hand=hidden_hand, play_abilities=play_abilities)
    sampler = ChanceSampler(seed)
    seen: Counter[BattleOutcome] = Counter()
    for _ in range(n):
        seen[simulate(state, policies, objective, sampler, hidden_hand=hidden_hand, play_abilities=play_abilities)] += 1
    outcomes = list(exact.outcomes()) + [o for o in seen if o not in exact]
    # Bonferroni: the family's error shared among the rows (the outcomes, the two events) and the mean
    each_row = (1 - confidence) / (len(outcomes) + 3)

    def row(label: str, p: Fraction, count: int) -> OddsRow:
        low, high = wilson(count, n)
        return OddsRow(label, p, count, count / n, low, high, agrees_with(count, n, p, each_row))

    outcome_rows = tuple((o, row(o.describe(), exact[o], seen[o])) for o in outcomes)
    cleared = sum(c for o, c in seen.items() if o.territory_cleared)
    fallen = sum(c for o, c in seen.items() if o.palace_destroyed)
    event_rows = (
        row("territory cleared", exact.probability(lambda o: o.territory_cleared), cleared),
        row("palace destroyed", exact.probability(lambda o: o.palace_destroyed), fallen),
    )
    balances = [o.power_balance for o, c in seen.items() for _ in range(c)]
    mean = statistics.fmean(balances)
    spread = statistics.pstdev(balances) / math.sqrt(n) if n > 1 else 0.0
    exact_mean = exact.expectation(lambda o: o.power_balance)
    z_mean = statistics.NormalDist().inv_cdf(1 - each_row / 2)
    mean_ok = abs(mean - float(exact_mean)) <= z_mean * spread + 1e-9
    return MonteCarloReport(
        samples=n,
        seed=seed,
        outcomes=outcome_rows,
        events=event_rows,
        mean_power_balance=mean,
        exact_power_balance=exact_mean,
        power_balance_interval=(mean - 1.96 * spread, mean + 1.96 * spread),
        agrees=all(r.agrees for _, r in outcome_rows) and all(r.agrees for r in event_rows) and mean_ok,
    )
