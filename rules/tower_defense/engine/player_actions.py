"""Phase 6: every action a player may take now, in any order, and the actions that round it off: converting
credits, skill markers, the game condition, restoring track, the end of the phase."""

from __future__ import annotations

import functools
from typing import Any, Protocol

from rules.tower_defense import catalog
from rules.tower_defense.actions import (
    Attack,
    AttackTarget,
    Boost,
    Build,
    CombineAttack,
    CompleteCondition,
    Convert,
    EndActions,
    KillBonus,
    PlaceSkillMarker,
    RestoreTrack,
    Sell,
    Upgrade,
)
from rules.tower_defense.catalog import CONDITION_PREFIX, is_tower_card
from rules.tower_defense.engine import combat, movement, payments
from rules.tower_defense.engine.attacks import keep_window
from rules.tower_defense.engine.automatic import game_over
from rules.tower_defense.engine.common import (
    Events,
    build_cost,
    combine_partners,
    condition_ready,
    discard_cards,
    free_spaces,
    kill_bonus_cost,
    onto_stack,
    open_kill_window,
    paid,
    remove_one,
    require,
    slot_free,
    upgrade_cost,
    with_stack,
)
from rules.tower_defense.errors import IllegalAction
from rules.tower_defense.events import (
    player_name,
    say,
)
from rules.tower_defense.model import (
    STACK_LABEL,
    STACKS,
    ActiveCondition,
    GameState,
    SkillMarker,
    Tower,
)
from rules.tower_defense.places import Coord, TrackPiece
from rules.tower_defense.rule_ids import RuleId
from rules.tower_defense.text import parse_piece


def phase6_actions(state: GameState, player: int) -> list[Any]:
    """Every Phase 6 action `player` may take now."""
    rules = state.rules
    stacks = state.players[player].stacks
    out: list[Any] = []
    spaces: tuple[Coord, ...] | None = None  # found once a build can be paid for (most steps none can)
    for card in sorted(set(stacks.build)):
        if not is_tower_card(card):
            continue
        rest = tuple(sorted(remove_one(stacks.build, card)))  # the card built is not part of its payment
        for pay in payments.options(rest, build_cost(state, card), rules):
            spaces = tuple(free_spaces(state)) if spaces is None else spaces
            out += _builds(player, card, spaces, pay)
    ready = [t for t in state.towers if t.depletion == 0]
    for t in ready:
        if t.owner == player and t.level < rules.max_level:
            for pay in payments.options(stacks.build, upgrade_cost(state, t), rules):
                out.append(Upgrade(player, t.at, pay))
    for t in state.towers if not rules.boost_needs_energy else ready:
        if combat.can_boost(catalog.tower(t.card)):
            out += [Boost(player, t.at, c) for c in sorted(set(stacks.boost))]
    for t in ready:
        if t.owner == player or not rules.sell_own_towers_only:
            out.append(Sell(player, t.at))
    for t in ready:
        spec = catalog.tower(t.card)
        if spec.reach == "range" and t.owner == player:
            out += _strikes(state, functools.partial(Attack, player=player, at=t.at), t.at, spec.reach_at(t.level))
        elif spec.reach != "range" and (t.owner == player or not rules.combine_own_tower_only):
            out += _combines(state, player, t)
    for mark, pile in ((2, state.mark2_pile), (3, state.mark3_pile)):
        options = payments.options(stacks.kill, kill_bonus_cost(state, player, mark), rules)
        if not options:  # no payment: no card of the pile can be taken (the usual case, asked every step)
            continue
        for card in sorted(set(pile)):
            for s in STACKS:
                out += [KillBonus(player, card, s, pay) for pay in options]
    if open_kill_window(state, player) is not None:
        out += [Convert(player, pay) for pay in payments.subsets(stacks.kill)]
    if state.skill_markers_left(player) > 0:
        for skill_id, skill in catalog.skills().items():
            for slot in range(len(skill.slot_costs)):
                if slot_free(state, player, skill_id, slot):
                    for s in STACKS:
                        out += [
                            PlaceSkillMarker(player, skill_id, slot, s, pay)
                            for pay in payments.options(stacks.get(s), skill.slot_costs[slot], rules)
                        ]
    if condition_ready(state, player):
        out += [CompleteCondition(player, s) for s in STACKS]
    return out


@functools.lru_cache(maxsize=1024)
def _builds(player: int, card: str, spaces: tuple[Coord, ...], payment: tuple[str, ...]) -> tuple[Build, ...]:
    """One card built with one payment on each free space: the same action objects while the spaces are the
    same (a hand's builds are offered again step after step, and the id order is remembered by identity)."""
    return tuple([Build(player, card, at, payment) for at in spaces])


class Strike(Protocol):
    """An attack on a wave (its id, the target, whether an attribute is ignored), the rest of it given."""

    def __call__(self, *, wave: str, target: AttackTarget, ignore: bool) -> Any: ...


def _strikes(state: GameState, strike: Strike, origin: Coord, reach: int) -> list[Any]:
    """Every attack from `origin` with this reach: on each wave's visible unit (ignoring a tough or armoured
    unit's extra Hit Points, or not) and on its wave modifier."""
    out: list[Any] = []
    for w in state.waves:
        needed = combat.reach_needed(state, origin, w, at_unit=True)
        if needed is not None and needed <= reach:
            unit = combat.visible_unit(w)
            out.append(strike(wave=w.id, target="unit", ignore=False))
            if unit.has("tough") or unit.has("armoured"):
                out.append(strike(wave=w.id, target="unit", ignore=True))
        needed = combat.reach_needed(state, origin, w, at_unit=False)
        if w.modifier is not None and needed is not None and needed <= reach:
            out.append(strike(wave=w.id, target="modifier", ignore=False))
    return out


def _combines(state: GameState, player: int, combiner: Tower) -> list[Any]:
    spec = catalog.tower(combiner.card)
    assert spec.combine_cost is not None
    options = payments.options(state.players[player].stacks.combine, spec.combine_cost.value, state.rules)
    out: list[Any] = []
    if not options:
        return out
    for a, b in combine_partners(state, combiner):
        reach = max(combat.tower_range(a), combat.tower_range(b))
        for pay in options:
            strike = functools.partial(CombineAttack, player=player, at=combiner.at, towers=(a.at, b.at), payment=pay)
            out += _strikes(state, strike, combiner.at, reach)
    return out


def convert(state: GameState, action: Convert, events: Events) -> GameState:
    """Just after a kill, discard Kill Bonus credits to reveal as many Mark I credits as they are worth, for the player
    (phase.6E3 conversion); IllegalAction when no kill opportunity is open or the cards are not on that stack."""
    rule: RuleId = "phase.6E3 conversion"
    require(
        open_kill_window(state, action.player) is not None,
        "convert credits only right after you defeat a Unit",
        rule,
    )
    stacks = state.players[action.player].stacks
    left = payments.take(stacks.kill, tuple(action.payment), "Kill Bonus / Conversion", rule)
    n = payments.value(action.payment, state.rules)
    state = discard_cards(with_stack(state, action.player, "kill", left), action.payment)
    say(events, rule, f"{player_name(action.player)} discards {n} credit(s) and draws {n} Mark I credit(s).")
    return keep_window(state.replace(reveal_left=n, dividing=action.player), action.player)


def place_skill(state: GameState, action: PlaceSkillMarker, events: Events) -> GameState:
    """Place a Skill Marker on a free, unlocked slot of a skill, paying its cost from one stack (phase.6F skills);
    IllegalAction when no marker is left, the slot does not exist or is not free, or the payment is wrong."""
    rule: RuleId = "phase.6F skills"
    spec = catalog.skill(action.skill)
    require(state.skill_markers_left(action.player) > 0, "you have no Skill Markers left", rule)
    require(0 <= action.slot < len(spec.slot_costs), f"{spec.name} has no slot {action.slot + 1}", rule)
    require(
        slot_free(state, action.player, action.skill, action.slot),
        "that slot is not empty or not unlocked",
        "skills.slots",
    )
    state = paid(state, action.player, action.stack, action.payment, spec.slot_costs[action.slot], "skills.slots")
    marker = SkillMarker(action.player, action.skill, action.slot)
    say(events, rule, f"{player_name(action.player)} places a Skill Marker on {spec.name} ({spec.text}).")
    return state.replace(skill_markers=(*state.skill_markers, marker))


def complete_condition(state: GameState, action: CompleteCondition, events: Events) -> GameState:
    """Complete the Game Condition whose requirement was met (phase.6H condition): it goes onto a stack as Universal
    credits and the next one waiting comes into effect; IllegalAction in the player's words when closed to them."""
    rule: RuleId = "phase.6H condition"
    c = state.condition
    if c is not None and c.met_at is not None and not condition_ready(state, action.player):
        name = catalog.condition(c.id).name
        if state.rules.condition_closes == "after_any_action":
            raise IllegalAction(
                f"an action was performed after the requirement of {name} was met, which closes its completion "
                "for every player (the reading Rules.condition_closes='after_any_action')",
                rule,
            )
        raise IllegalAction(
            f"{player_name(action.player)} performed an action after the requirement of {name} was met: 'that "
            "player may not discard the Game Requirement until the requirement has been completed again'",
            rule,
        )
    require(condition_ready(state, action.player), "no Game Condition requirement has been met this phase", rule)
    assert state.condition is not None
    cid = state.condition.id
    token = CONDITION_PREFIX + cid
    state = onto_stack(state, action.player, action.stack, token)
    waiting = state.conditions_waiting
    nxt = ActiveCondition(waiting[0]) if waiting else None
    say(
        events,
        rule,
        f"{player_name(action.player)} completes {catalog.condition(cid).name}: its "
        f"effects end, and it is "
        f"worth {state.rules.condition_credits} Universal credits on the "
        f"{STACK_LABEL[action.stack]} stack.",
    )
    if nxt is not None:
        say(events, "setup.3A8 game condition", f"{catalog.condition(nxt.id).name} comes into effect.")
    return state.replace(condition=nxt, conditions_waiting=waiting[1:])


def restore_track(state: GameState, action: RestoreTrack, events: Events) -> GameState:
    """Place a discarded track piece back on an unoccupied space after a restorer unit's defeat (attributes.restorer);
    IllegalAction when the piece is not in the Track Discard or the space is not free."""
    rule: RuleId = "attributes.restorer"
    require(action.piece in state.board.track_discard, f"track {action.piece} is not in the Track Discard", rule)
    at = action.at
    if not state.board.on_board(at) or state.occupied(at):
        raise IllegalAction(f"{at} is not an unoccupied space", rule)
    track, number = parse_piece(action.piece)
    board = state.board
    board = board.replace(
        track=(*board.track, TrackPiece(track, number, at)),
        track_discard=remove_one(board.track_discard, action.piece),
    )
    say(events, rule, f"{player_name(action.player)} places track {action.piece} on {at}.")
    left = state.restore_left - 1
    return state.replace(board=board, restore_left=left, restorer=state.restorer if left else None)


def end_actions(state: GameState, action: EndActions, events: Events) -> GameState:
    """The end of Phase 6: units nobody attacked break the track; boosts end; the next turn begins."""
    say(events, "phase.6 actions", "All players agree they do not want to perform any more actions.")
    for wave in list(state.waves):
        current = state.wave(wave.id)
        if current is not None and combat.visible_unit(current).has("must_be_attacked") and not current.attacked:
            state = movement.destroy_beneath(
                state, current.id, f"no tower attacked {current.spec.name}'s unit this turn", events
            )
    towers = tuple(t.replace(boosts=()) if t.boosts else t for t in state.towers)
    waves = tuple(w.replace(attacked=False) if w.attacked else w for w in state.waves)
    condition = state.condition
    if condition is not None and condition.met_at is not None:
        # a requirement met and not completed this phase is lost; units counted toward meeting it again stay
        again = condition.progress < catalog.condition(condition.id).requirement_units
        condition = ActiveCondition(condition.id, condition.progress if again else 0, None)
    state = state.replace(towers=towers, waves=waves, condition=condition, kill_window=None, actions_taken=0)
    limit = state.rules.turn_limit
    if limit is not None and state.turn >= limit:
        return game_over(state, "turn_limit", "variant.turn_limit", f"The turn limit of {limit} is reached.", events)
    return state.replace(turn=state.turn + 1, phase="tracker")
