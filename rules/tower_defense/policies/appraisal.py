"""What the planner's credits buy: every build and upgrade a player can pay for, each with the defeats it
adds over the rest of the session (`outlook`) per credit, counting a tower alone or joined with a
neighbour by a Combine tower (6.D), since most late units need two towers' damage in one attack."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from rules.tower_defense import catalog, engine
from rules.tower_defense.actions import Build, Upgrade
from rules.tower_defense.catalog import credit_type, credit_value
from rules.tower_defense.engine import combat, payments
from rules.tower_defense.model import GameState
from rules.tower_defense.places import Coord, distance
from rules.tower_defense.policies import outlook as look
from rules.tower_defense.variants import Rules

BOOST_ALLOWANCE = 2
"""Damage a tower is counted to gain from boosts when weighing where to build and what to upgrade."""
COMBINE_WEIGHT = 0.5
"""A joined attack's defeats count this much: each one spends two towers' attacks and a Combine credit."""
KEEP = {"standard": 3, "boost": 2, "charge": 0, "combine": 0, "universal": 0}
"""How much the planner would rather keep a card of each type than pay with it (tower cards to build)."""


@dataclass(frozen=True, slots=True)
class Investment:
    """A build or an upgrade, the defeats it adds over the rest of the session, and its price."""

    action: Any
    gain: float
    price: int

    @property
    def score(self) -> float:
        return self.gain / max(1, self.price)


def pay(stack: tuple[str, ...], cost: int, state: GameState) -> tuple[str, ...] | None:
    """The cheapest valid payment from a stack: least credit lost, then the cards least worth keeping."""
    options = payments.options(stack, cost, state.rules)
    if not options:
        return None

    def loss(payment: tuple[str, ...]) -> tuple[int, int]:
        over = payments.value(payment, state.rules) - cost
        keep = sum(KEEP[credit_type(c)] + 4 * (credit_value(c, state.rules) - 1) for c in payment)
        return (over, keep)

    return min(options, key=loss)


def cheapest(actions: Iterable[Any], rules: Rules) -> Any | None:
    """The action paying the least among `actions` (each with a `payment`): least credit value, then fewest
    cards, then the payment's cards in order (so the choice never depends on the order listed); None when
    there is none. A front end that is told what to do but not how to pay takes this one."""
    options = list(actions)
    if not options:
        return None
    return min(options, key=lambda a: (payments.value(a.payment, rules), len(a.payment), a.payment))


class Appraisal:
    """One position's investments: builds, upgrades and Combine towers, scored by defeats per credit."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.view = look.outlook(state)
        self.boosts = sum(1 for p in state.players for c in p.stacks.boost if credit_type(c) == "boost")
        self.spaces = engine.free_spaces(state)
        self.sites = look.combine_sites(state, self.spaces)
        self.radius = {c.at: combat.tower_range(c) for c in state.towers if catalog.tower(c.card).type == "combine"}
        self.memo: dict[tuple[Coord, int, int], int] = {}

    def best(self) -> Any:
        """The investment with the most defeats per credit, or None when nothing adds any."""
        top: Investment | None = None
        for p in range(len(self.state.players)):
            for option in (*self.upgrades(p), *self.builds(p), *self.combiners(p)):
                if option.gain > 0 and (top is None or option.score > top.score):
                    top = option
        return None if top is None else top.action

    def defeats(self, at: Coord, reach: int, damage: int) -> int:
        key = (at, reach, damage)
        if key not in self.memo:
            self.memo[key] = self.view.defeats(at, reach, damage, self.state.board.track)
        return self.memo[key]

    def value(self, card: str, level: int, at: Coord) -> float:
        """Defeats a tower of `card` at `level` on `at` offers alone, or joined by a Combine tower with a
        tower beside it (whichever is more)."""
        spec = catalog.tower(card)
        damage = look.effective_damage(self.state, card, level, self.boosts)
        alone = self.defeats(at, spec.reach_at(level), damage + BOOST_ALLOWANCE)
        joined = 0
        for site, towers in self.sites.items():
            if site == at or distance(site, at) > self.radius.get(site, 1):
                continue
            for q in towers:
                if q.at != at:
                    reach = max(spec.reach_at(level), combat.tower_range(q))
                    dealt = damage + catalog.tower(q.card).damage(q.level) + BOOST_ALLOWANCE
                    joined = max(joined, self.defeats(site, reach, dealt))
        return max(float(alone), COMBINE_WEIGHT * joined)

    def upgrades(self, p: int) -> list[Investment]:
        """Each of the player's towers with Energy raised a level: the defeats its top level adds, per credit."""
        state, out, top = self.state, [], self.state.rules.max_level
        for t in state.towers:
            if t.owner != p or t.depletion or t.level >= top or catalog.tower(t.card).reach != "range":
                continue
            cost = engine.upgrade_cost(state, t)
            payment = pay(state.players[p].stacks.build, cost, state)
            if payment is None:
                continue
            gain = self.value(t.card, top, t.at) - self.value(t.card, t.level, t.at)
            remaining = cost + (top - t.level - 1) * catalog.tower(t.card).upgrade_cost.value
            action = Upgrade(player=p, at=t.at, payment=payment)
            out.append(Investment(action, gain * cost / remaining, cost))
        return out

    def builds(self, p: int) -> list[Investment]:
        """Each range tower card of the player's Build / Upgrade stack on each free space, weighed at its
        top level against the credits of building and upgrading it."""
        state, out = self.state, []
        stack = state.players[p].stacks.build
        top = state.rules.max_level
        for card in sorted(set(stack)):
            if card.startswith("condition.") or catalog.tower(card).reach != "range":
                continue
            spec = catalog.tower(card)
            cost = engine.build_cost(state, card)
            payment = pay(payments.take(stack, (card,), "build", "phase.6A1 build"), cost, state)
            if payment is None:
                continue
            price = cost + credit_value(card, state.rules) + (top - 1) * spec.upgrade_cost.value
            for at in self.spaces:
                gain = self.value(card, top, at)
                if gain > 0:
                    action = Build(player=p, card=card, at=at, payment=payment)
                    out.append(Investment(action, gain * (cost + 1) / price, cost + 1))
        return out

    def combiners(self, p: int) -> list[Investment]:
        """A Combine tower beside the two strongest towers it would join (6.D), for the units only their
        joined damage defeats; none beside a pair another Combine tower already joins."""
        state = self.state
        stack = state.players[p].stacks.build
        cards = sorted({c for c in stack if not c.startswith("condition.") and catalog.tower(c).type == "combine"})
        if not cards:
            return []
        card = cards[0]
        cost = engine.build_cost(state, card)
        payment = pay(payments.take(stack, (card,), "build", "phase.6A1 build"), cost, state)
        if payment is None:
            return []
        radius = catalog.tower(card).reach_at(1)
        ranged = [t for t in state.towers if catalog.tower(t.card).reach == "range"]
        joined = [ts for at, ts in self.sites.items() if at in self.radius]
        out = []
        for at in self.spaces:
            near = sorted(
                (t for t in ranged if distance(t.at, at) <= radius),
                key=lambda t: -catalog.tower(t.card).damage(t.level),
            )[:2]
            if len(near) < 2 or any(near[0] in ts and near[1] in ts for ts in joined):
                continue
            damages = [catalog.tower(t.card).damage(t.level) for t in near]
            reach = max(combat.tower_range(t) for t in near)
            gain = self.defeats(at, reach, sum(damages) + BOOST_ALLOWANCE) - self.defeats(
                at, reach, max(damages) + BOOST_ALLOWANCE
            )
            if gain > 0:
                action = Build(player=p, card=card, at=at, payment=payment)
                out.append(Investment(action, gain * COMBINE_WEIGHT, cost + 1))
        return out
