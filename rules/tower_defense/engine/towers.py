"""Building, upgrading, selling and boosting towers (6.A to 6.D)."""

from __future__ import annotations

from rules.tower_defense import catalog
from rules.tower_defense.actions import (
    Boost,
    Build,
    Sell,
    Upgrade,
)
from rules.tower_defense.cards import CreditType
from rules.tower_defense.catalog import credit_name, credit_type, credit_value, is_tower_card
from rules.tower_defense.engine import combat, payments
from rules.tower_defense.engine.common import (
    Events,
    build_cost,
    discard_cards,
    get_tower,
    paid,
    require,
    set_tower,
    upgrade_cost,
    with_stack,
)
from rules.tower_defense.errors import IllegalAction
from rules.tower_defense.events import (
    Boosted,
    TowerBuilt,
    TowerSold,
    TowerUpgraded,
)
from rules.tower_defense.model import GameState, Tower
from rules.tower_defense.rule_ids import RuleId


def build(state: GameState, action: Build, events: Events) -> GameState:
    """Build a tower card of the Build / Upgrade stack on an unoccupied space, paid from that stack (phase.6A1 build),
    at level 1 with Depletion; IllegalAction in the player's words when the card, the space or the payment is wrong."""
    rule: RuleId = "phase.6A1 build"
    stacks = state.players[action.player].stacks
    require(
        action.card in stacks.build and is_tower_card(action.card),
        "that tower is not on your Build / Upgrade stack",
        rule,
    )
    at = action.at
    if not state.board.on_board(at):
        raise IllegalAction(f"{at} is not on the playing field", rule)
    if state.occupied(at):
        raise IllegalAction(
            f"{at} is occupied: 'An unoccupied space means that that space does not have a Tower, Track, or Obstacle'",
            rule,
        )
    cost = build_cost(state, action.card)
    rest = payments.take(stacks.build, (action.card,), "Build / Upgrade", rule)
    state = paid(state, action.player, "build", action.payment, cost, rule, held=rest)
    tower = Tower(action.card, at, action.player, 1, 1)
    if events.narrate:
        events.append(
            TowerBuilt(
                rule=rule,
                player=action.player,
                card=action.card,
                tower_name=catalog.tower(action.card).name,
                at=at,
                paid=cost,
            )
        )
    return state.replace(towers=(*state.towers, tower))


def upgrade(state: GameState, action: Upgrade, events: Events) -> GameState:
    """Raise one of the player's towers with Energy by a level, paid from the Build / Upgrade stack; it gains Depletion
    (phase.6A2 upgrade). IllegalAction for another's tower, one with Depletion or at max_level, or a bad payment."""
    rule: RuleId = "phase.6A2 upgrade"
    tower = get_tower(state, action.at, rule)
    require(tower.owner == action.player, "'a player may not upgrade another player's Tower'", rule)
    require(tower.depletion == 0, "a tower with Depletion may not Upgrade", "towers.depletion")
    top = state.rules.max_level
    if tower.level >= top:
        raise IllegalAction(f"this tower is at level {tower.level}: towers may not be upgraded past level {top}", rule)
    cost = upgrade_cost(state, tower)
    state = paid(state, action.player, "build", action.payment, cost, rule)
    new = tower.replace(level=tower.level + 1, depletion=tower.depletion + 1)
    if events.narrate:
        events.append(
            TowerUpgraded(
                rule=rule,
                player=action.player,
                tower_name=catalog.tower(tower.card).name,
                at=tower.at,
                level=new.level,
                paid=cost,
            )
        )
    return set_tower(state, new)


def sell(state: GameState, action: Sell, events: Events) -> GameState:
    """Sell a tower without Depletion (phase.6B sell): its card is discarded and its sell value in Mark I credits is
    revealed for the seller; IllegalAction when it has Depletion or is another's under variant.sell_own_towers_only."""
    rule: RuleId = "phase.6B sell"
    tower = get_tower(state, action.at, rule)
    require(
        tower.owner == action.player or not state.rules.sell_own_towers_only,
        "only its owner sells a tower (variant sell_own_towers_only)",
        rule,
    )
    require(tower.depletion == 0, "'Choose a Tower without Depletion'", rule)
    spec = catalog.tower(tower.card)
    state = discard_cards(state.replace(towers=tuple(t for t in state.towers if t.at != tower.at)), (tower.card,))
    events.append(
        TowerSold(rule=rule, player=action.player, tower_name=spec.name, at=tower.at, value=spec.sell_value.value)
    )
    return state.replace(reveal_left=spec.sell_value.value, dividing=action.player)


def boost(state: GameState, action: Boost, events: Events) -> GameState:
    """Boost a tower with a card of the Boost stack (phase.6C1 boost): its credits add to the tower's damage this turn;
    IllegalAction for a Radius tower, one with Depletion under variant.boost_needs_energy, or a card not there."""
    rule: RuleId = "phase.6C1 boost"
    tower = get_tower(state, action.at, rule)
    spec = catalog.tower(tower.card)
    if not combat.can_boost(spec):
        raise IllegalAction(f"a {spec.name} has a Radius and 'may not be Boosted'", "towers.range")
    require(
        tower.depletion == 0 or not state.rules.boost_needs_energy,
        "that tower has Depletion and cannot attack this turn (variant boost_needs_energy)",
        rule,
    )
    stacks = state.players[action.player].stacks
    left = payments.take(stacks.boost, (action.card,), "Boost", rule)
    credits: tuple[CreditType, ...] = (credit_type(action.card),) * credit_value(action.card, state.rules)
    new = tower.replace(boosts=tuple(sorted((*tower.boosts, *credits))))
    state = discard_cards(with_stack(state, action.player, "boost", left), (action.card,))
    if events.narrate:
        damage = combat.tower_damage(state.rules, new)
        events.append(
            Boosted(
                rule="phase.6C2 exactly two" if len(new.boosts) == 2 else rule,
                player=action.player,
                credit=credit_name(action.card, state.rules),
                tower_name=spec.name,
                at=tower.at,
                damage=combat.total(damage),
                damage_text=combat.describe(damage),
            )
        )
    return set_tower(state, new)
