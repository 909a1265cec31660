"""A full-game player that plays to win: it looks one battle ahead and weighs the board by material.

Battles hold no chance (cards are only drawn in setup and renewals), so the outcome of an attack or of
an ability played in a battle's window is found by playing the battle out with the engine itself, both
sides allocating greedily and passing in the ability window (`engine.battle_result`). The planner takes the
choice whose resulting board it values most; it never holds a rule of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rules.attack_the_tower import engine
from rules.attack_the_tower.actions import (
    Allocate,
    Build,
    Burn,
    DeclareAttack,
    Discard,
    DrawCard,
    EndTurn,
    FinishBuilding,
    KeepHand,
    Pass,
    PlayAbility,
    Renew,
)
from rules.attack_the_tower.cards import AbilityCard, BaseCard
from rules.attack_the_tower.catalog import ability_card, card
from rules.attack_the_tower.engine import combat
from rules.attack_the_tower.model import EMPTY_TERRITORY, GameState, Player, Territories
from rules.attack_the_tower.policies.powers import troop_power
from rules.attack_the_tower.variants import Rules
from rules.core.chance import ChanceSampler
from rules.core.memo import memo

WIN = 10_000.0
"""The value of a won game (a lost one is its negative); far above any material count."""

BASE_VALUE = 6.0
"""A built base: its power 4 in defence, plus the card and the renewal it took to build it."""

OPEN_TERRITORY = 8.0
"""A territory with no base lets attackers through to the palace: a liability beyond the bases lost."""

AGGRESSION = 1.25
"""The opponent's losses weigh this much more than one's own, so an even trade is taken, not refused:
games end instead of both sides waiting behind full territories."""

MAX_SIMULATED_STEPS = 64
"""A battle (with its palace assault) takes far fewer steps; this only guards the look-ahead."""


def _kill_gain(target: combat.Unit, amount: int) -> tuple[int, int, int, int]:
    """Destroying the palace first, then power destroyed, partial damage on structures, least spent."""
    killing = amount and amount == target.remaining
    return (
        1 if killing and target.kind == "palace" else 0,
        target.deals + target.toughness if killing else 0,
        amount if target.is_structure else 0,
        -amount,
    )


def best_allocation(request: combat.AllocationRequest) -> Allocate:
    """The allocation that destroys the palace if it can, else the most power (see `_kill_gain`)."""
    vector = _best_vector(engine.target_key(request), request.troop_cap, request.structure_cap, request.total_cap)
    return Allocate(player=request.player, allocation=request.allocation(vector))


@memo(maxsize=1 << 16)
def _best_vector(targets: engine.TargetKey, troop_cap: int, structure_cap: int, total_cap: int) -> tuple[int, ...]:
    """`best_allocation`'s vector, remembered by what decides it (allocations repeat across look-aheads)."""
    units = tuple(
        combat.Unit("", 0, kind, "", None, deals, toughness, frozenset(), damage, False, str(group))  # type: ignore[arg-type]
        for kind, deals, toughness, damage, group in targets
    )
    pool = combat.Pool(0, 0, 0)
    request = combat.AllocationRequest(0, "", pool, units, troop_cap, structure_cap, total_cap)
    return combat.best_vector(request, _kill_gain)


def _side_value(rules: Rules, territories: Territories, palace: tuple[str, ...], hand: int) -> float:
    """Material of one side: bases with their troops, special troops, and cards in hand."""
    value = 0.0
    for terr in territories:
        if terr == EMPTY_TERRITORY:
            value -= OPEN_TERRITORY
            continue
        for b in terr:
            if b is not None:
                value += BASE_VALUE + b.troops * troop_power(rules, b.card)
    value += sum(s.power for c in palace if (s := ability_card(c).special_troop) is not None)
    value += 1.0 * hand
    return value


def evaluate(position: GameState, me: int) -> float:
    """How good the position is for `me`: a win or a loss, else material against material."""
    if position.phase == "game_over":
        if position.winner is None:
            return 0.0
        return WIN if position.winner == me else -WIN
    rules = position.rules
    mine, theirs = position.players[me], position.players[1 - me]
    value = _side_value(rules, mine.territories, mine.palace, len(mine.hand))
    return value - AGGRESSION * _side_value(rules, theirs.territories, theirs.palace, len(theirs.hand))


def _continue_battle(state: GameState) -> GameState:
    """The position once the current battle is over, both sides passing and allocating as `best_allocation`."""
    return engine.battle_result(state, _best_vector, MAX_SIMULATED_STEPS)


def outcome_of(state: GameState, action: Any) -> GameState:
    """The position after `action` and the battle it starts or belongs to (if any), played out by the engine.
    Passing in a battle's ability window is what `battle_result` plays from the window itself (both sides
    pass), so that is asked directly."""
    if isinstance(action, Pass) and state.battle is not None and state.battle.stage == "abilities":
        return _continue_battle(state)
    return _continue_battle(engine.next_position(state, action))


def candidate_attacks(actions: Sequence[Any]) -> list[DeclareAttack]:
    """Attacks with no special troop or with every one on the palace (the subsets between add little)."""
    attacks = [a for a in actions if isinstance(a, DeclareAttack)]
    most = max((len(a.specials) for a in attacks), default=0)
    return [a for a in attacks if len(a.specials) in (0, most)]


Valuation = Callable[[GameState, int], float]
"""How good a position is for a player (`evaluate`, or the learned policy's model)."""


def best_by_look_ahead(
    state: GameState, me: int, options: Sequence[Any], value: Valuation = evaluate
) -> tuple[Any, float]:
    """The option whose resulting position `value` rates highest for `me`, with that value."""
    scored = [(value(outcome_of(state, a), me), i) for i, a in enumerate(options)]
    best, index = max(scored)
    return options[index], best


def window_choice(state: GameState, me: int, actions: Sequence[Any], value: Valuation = evaluate) -> Any:
    """In a battle's ability window: the ability whose battle, played out, `value` rates highest, when that
    beats passing; else pass."""
    plays = [a for a in actions if isinstance(a, PlayAbility)]
    passing = Pass(player=me)
    if not plays:
        return passing
    choice, best = best_by_look_ahead(state, me, plays, value)
    if best > value(outcome_of(state, passing), me):
        return choice
    return passing


def _build_choice(state: GameState, me: int, actions: Sequence[Any]) -> Any:
    """Fill an empty slot: first a territory with no base, then the fullest unfinished one; the
    strongest troop first. Build over an unmanned, weaker base only when every slot is taken."""
    p, rules = state.players[me], state.rules
    builds = [a for a in actions if isinstance(a, Build)]
    empty = [a for a in builds if p.territories[a.territory][a.slot] is None]
    if empty:

        def rank(a: Build) -> tuple[int, int, int]:
            count = sum(b is not None for b in p.territories[a.territory])
            return (count == 0, count, troop_power(rules, a.card))

        return max(empty, key=rank)
    upgrades = []
    for a in builds:
        old = p.territories[a.territory][a.slot]
        if old is not None and old.troops == 0 and troop_power(rules, a.card) > troop_power(rules, old.card):
            upgrades.append(a)
    if upgrades:
        return max(upgrades, key=lambda a: troop_power(rules, a.card))
    return FinishBuilding(player=me)


def _keep_value(state: GameState, p: Player, cid: str) -> float:
    """How much a card in hand is worth keeping (the lowest is discarded)."""
    c = card(cid)
    if isinstance(c, AbilityCard):
        return 3.0 if c.not_implemented is None else 0.0
    empty = sum(b is None for terr in p.territories for b in terr)
    return (3.5 if empty else 1.0) + troop_power(state.rules, cid) / 10


def _renewal_gain(state: GameState, who: int) -> int:
    """Power a renewal would recruit for one side."""
    limit = state.rules.max_troops_per_base
    return sum(troop_power(state.rules, b.card) for _, _, b in state.players[who].bases() if b.troops < limit)


class PlannerPolicy:
    """Plays to win: renews while it has troops or bases to gain, builds every empty slot, attacks and
    plays abilities when the battle played out leaves it better off (opponent's losses weighted a
    little above its own), allocates to destroy the palace first, then the most power."""

    name: ClassVar[str] = "planner"

    def choose(self, state: GameState, sampler: ChanceSampler, player: int) -> Any:
        request = engine.allocation_request(state, player)
        if request is not None:
            return best_allocation(request)
        actions = engine.legal_actions(state, player)
        me = player
        p = state.players[me]
        phase = state.phase
        if phase == "setup_keep":
            bases = sum(isinstance(card(c), BaseCard) for c in p.hand)
            return KeepHand(player=me) if bases >= 3 else Burn(player=me)
        if phase in ("setup_draw", "renewal_draw"):
            return self._draw(state, me, actions)
        if phase in ("setup_build", "renewal_build"):
            return _build_choice(state, me, actions)
        if phase == "renewal_discard":
            return min((a for a in actions if isinstance(a, Discard)), key=lambda a: _keep_value(state, p, a.card))
        if phase == "renewal_decision":
            return Renew(player=me, renew=self._renews(state, me))
        if phase == "battle" and state.battle is not None and state.battle.stage == "victims":
            return actions[0]  # a Vrykolaka's victim: the strongest enemy troop (legal actions come so ordered)
        if phase == "battle":
            return window_choice(state, me, actions)
        if phase == "main":
            return self._main(state, me, actions)
        return sampler.choice(actions)

    def _draw(self, state: GameState, me: int, actions: Sequence[Any]) -> Any:
        p = state.players[me]
        empty = sum(b is None for terr in p.territories for b in terr)
        bases_in_hand = sum(isinstance(card(c), BaseCard) for c in p.hand)
        want = "base" if empty > bases_in_hand else "ability"
        options = [a for a in actions if isinstance(a, DrawCard)]
        return next((a for a in options if a.pile == want), options[0])

    def _renews(self, state: GameState, me: int) -> bool:
        """Renew unless an attack now wins, or the renewal would help the opponent more than it helps me
        while I have no empty slot to build on."""
        main = state.replace(phase="main")
        attacks = candidate_attacks(engine.legal_actions(main, me))
        if any(evaluate(outcome_of(main, a), me) >= WIN for a in attacks):
            return False
        p = state.players[me]
        empty = sum(b is None for terr in p.territories for b in terr)
        return empty > 0 or _renewal_gain(state, me) >= _renewal_gain(state, 1 - me) or len(p.hand) < 3

    def _main(self, state: GameState, me: int, actions: Sequence[Any]) -> Any:
        options: list[Any] = candidate_attacks(actions)
        options += [a for a in actions if isinstance(a, PlayAbility)]
        if not options:
            return EndTurn(player=me)
        choice, value = best_by_look_ahead(state, me, options)
        if value > evaluate(state, me):
            return choice
        return EndTurn(player=me)
