"""Phase 6: every action a player may take, in any order, and what each does (6.A to 6.H, the
units' attributes, and the end of the phase)."""

from __future__ import annotations

from typing import Any

from rules.core.unvalidated import construct, replace
from rules.tower_defense import catalog, combat, movement, payments
from rules.tower_defense.actions import (
    Attack,
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
from rules.tower_defense.cards import CreditType
from rules.tower_defense.events import (
    Attacked,
    Boosted,
    GameEnded,
    Said,
    TowerBuilt,
    TowerSold,
    TowerUpgraded,
    WaveDefeated,
    player_name,
)
from rules.tower_defense.model import (
    CONDITION_PREFIX,
    STACK_LABEL,
    STACKS,
    ActiveCondition,
    Coord,
    FieldWave,
    GameState,
    KillWindow,
    SkillMarker,
    Tower,
    TrackPiece,
    credit_name,
    credit_type,
    credit_value,
    distance,
    is_tower_card,
    parse_piece,
)
from rules.tower_defense.positions import (
    Events,
    build_cost,
    combine_partners,
    condition_ready,
    discard_cards,
    field_wave,
    free_spaces,
    get_tower,
    kill_bonus_cost,
    open_kill_window,
    remove_one,
    require,
    set_tower,
    set_wave,
    slot_free,
    tower_label,
    upgrade_cost,
    with_stack,
)
from rules.tower_defense.rule_ids import RuleId


def phase6_actions(state: GameState, player: int) -> list[Any]:
    """Every Phase 6 action `player` may take now."""
    rules = state.rules
    stacks = state.players[player].stacks
    out: list[Any] = []
    spaces = free_spaces(state)
    for card in sorted(set(stacks.build)):
        if not is_tower_card(card):
            continue
        rest = payments.take(stacks.build, (card,), "build", "phase.6A1 build")
        for pay in payments.options(rest, build_cost(state, card), rules):
            out += [construct(Build, player=player, card=card, at=at, payment=pay) for at in spaces]
    ready = [t for t in state.towers if t.depletion == 0]
    for t in ready:
        if t.owner == player and t.level < rules.max_level:
            for pay in payments.options(stacks.build, upgrade_cost(state, t), rules):
                out.append(construct(Upgrade, player=player, at=t.at, payment=pay))
    for t in state.towers if not rules.boost_needs_energy else ready:
        if combat.can_boost(catalog.tower(t.card)):
            out += [construct(Boost, player=player, at=t.at, card=c) for c in sorted(set(stacks.boost))]
    for t in ready:
        if t.owner == player or not rules.sell_own_towers_only:
            out.append(construct(Sell, player=player, at=t.at))
    for t in ready:
        if t.owner != player:
            continue
        spec = catalog.tower(t.card)
        if spec.reach == "range":
            out += _strikes(state, Attack, dict(player=player, at=t.at), t.at, spec.reach_at(t.level))
        else:
            out += _combines(state, player, t)
    for mark, pile in ((2, state.mark2_pile), (3, state.mark3_pile)):
        options = payments.options(stacks.kill, kill_bonus_cost(state, player, mark), rules)
        for card in sorted(set(pile)):
            for s in STACKS:
                out += [construct(KillBonus, player=player, card=card, stack=s, payment=pay) for pay in options]
    if open_kill_window(state, player) is not None:
        out += [construct(Convert, player=player, payment=pay) for pay in payments.subsets(stacks.kill)]
    if state.skill_markers_left(player) > 0:
        for skill_id, skill in catalog.skills().items():
            for slot in range(len(skill.slot_costs)):
                if slot_free(state, player, skill_id, slot):
                    for s in STACKS:
                        out += [
                            construct(
                                PlaceSkillMarker,
                                player=player,
                                skill=skill_id,
                                slot=slot,
                                stack=s,
                                payment=pay,
                            )
                            for pay in payments.options(stacks.get(s), skill.slot_costs[slot], rules)
                        ]
    if condition_ready(state):
        out += [construct(CompleteCondition, player=player, stack=s) for s in STACKS]
    return out


def _strikes(state: GameState, kind: type, fields: dict[str, Any], origin: Coord, reach: int) -> list[Any]:
    out: list[Any] = []
    for w in state.waves:
        needed = combat.reach_needed(state, origin, w, at_unit=True)
        if needed is not None and needed <= reach:
            unit = combat.visible_unit(w)
            out.append(construct(kind, wave=w.id, target="unit", ignore=False, **fields))
            if unit.has("tough") or unit.has("armoured"):
                out.append(construct(kind, wave=w.id, target="unit", ignore=True, **fields))
        needed = combat.reach_needed(state, origin, w, at_unit=False)
        if w.modifier is not None and needed is not None and needed <= reach:
            out.append(construct(kind, wave=w.id, target="modifier", ignore=False, **fields))
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
            fields = dict(player=player, at=combiner.at, towers=(a.at, b.at), payment=pay)
            out += _strikes(state, CombineAttack, fields, combiner.at, reach)
    return out


def build(state: GameState, action: Build, events: Events) -> GameState:
    rule: RuleId = "phase.6A1 build"
    stacks = state.players[action.player].stacks
    require(
        action.card in stacks.build and is_tower_card(action.card),
        "that tower is not on your Build / Upgrade stack",
        rule,
    )
    at: Coord = tuple(action.at)  # type: ignore[assignment]
    require(state.board.on_board(at), f"{at} is not on the playing field", rule)
    require(
        not state.occupied(at),
        f"{at} is occupied: 'An unoccupied space means that that space does not have a Tower, Track, or Obstacle'",
        rule,
    )
    cost = build_cost(state, action.card)
    rest = payments.take(stacks.build, (action.card,), "Build / Upgrade", rule)
    left = payments.check(rest, tuple(action.payment), cost, state.rules, "Build / Upgrade", rule)
    state = discard_cards(with_stack(state, action.player, "build", left), action.payment)
    tower = Tower(card=action.card, at=at, owner=action.player, level=1, depletion=1)
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
    return replace(state, towers=(*state.towers, tower))


def upgrade(state: GameState, action: Upgrade, events: Events) -> GameState:
    rule: RuleId = "phase.6A2 upgrade"
    tower = get_tower(state, action.at, rule)
    require(tower.owner == action.player, "'a player may not upgrade another player's Tower'", rule)
    require(tower.depletion == 0, "a tower with Depletion may not Upgrade", "towers.depletion")
    top = state.rules.max_level
    require(
        tower.level < top, f"this tower is at level {tower.level}: towers may not be upgraded past level {top}", rule
    )
    cost = upgrade_cost(state, tower)
    stacks = state.players[action.player].stacks
    left = payments.check(stacks.build, tuple(action.payment), cost, state.rules, "Build / Upgrade", rule)
    state = discard_cards(with_stack(state, action.player, "build", left), action.payment)
    new = replace(tower, level=tower.level + 1, depletion=tower.depletion + 1)
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
    rule: RuleId = "phase.6B sell"
    tower = get_tower(state, action.at, rule)
    require(
        tower.owner == action.player or not state.rules.sell_own_towers_only,
        "only its owner sells a tower (variant sell_own_towers_only)",
        rule,
    )
    require(tower.depletion == 0, "'Choose a Tower without Depletion'", rule)
    spec = catalog.tower(tower.card)
    state = discard_cards(replace(state, towers=tuple(t for t in state.towers if t.at != tower.at)), (tower.card,))
    events.append(
        TowerSold(rule=rule, player=action.player, tower_name=spec.name, at=tower.at, value=spec.sell_value.value)
    )
    return replace(state, reveal_left=spec.sell_value.value, dividing=action.player)


def boost(state: GameState, action: Boost, events: Events) -> GameState:
    rule: RuleId = "phase.6C1 boost"
    tower = get_tower(state, action.at, rule)
    spec = catalog.tower(tower.card)
    require(combat.can_boost(spec), f"a {spec.name} has a Radius and 'may not be Boosted'", "towers.range")
    require(
        tower.depletion == 0 or not state.rules.boost_needs_energy,
        "that tower has Depletion and cannot attack this turn (variant boost_needs_energy)",
        rule,
    )
    stacks = state.players[action.player].stacks
    left = payments.take(stacks.boost, (action.card,), "Boost", rule)
    credits: tuple[CreditType, ...] = (credit_type(action.card),) * credit_value(action.card, state.rules)
    new = replace(tower, boosts=tuple(sorted((*tower.boosts, *credits))))
    state = discard_cards(with_stack(state, action.player, "boost", left), (action.card,))
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


def attack(state: GameState, action: Attack, events: Events) -> GameState:
    rule: RuleId = "phase.6G attack"
    tower = get_tower(state, action.at, rule)
    spec = catalog.tower(tower.card)
    require(tower.owner == action.player, "'Choose a Tower with your Player Marker'", rule)
    require(
        spec.reach == "range",
        f"a {spec.name} has a Radius: it 'cannot directly deal damage by attacking'",
        "towers.range",
    )
    require(tower.depletion == 0, "a tower with Depletion may not Attack", "towers.depletion")
    wave = field_wave(state, action.wave, rule)
    _check_target(state, wave, action.target, action.ignore, tower.at, spec.reach_at(tower.level))
    tough_penalty = 1 if action.ignore and combat.visible_unit(wave).has("tough") else 0
    state = set_tower(state, replace(tower, depletion=tower.depletion + 1 + tough_penalty))
    return _strike(
        state,
        action.player,
        tower_label(tower),
        combat.tower_damage(state.rules, tower),
        wave,
        action.target,
        action.ignore,
        events,
    )


def _check_target(state: GameState, wave: FieldWave, target: str, ignore: bool, origin: Coord, reach: int) -> None:
    rule: RuleId = "phase.6G attack"
    if target == "modifier":
        require(
            wave.modifier is not None,
            f"{wave.spec.name} has no Wave Modifier to attack",
            "phase.6G modifiers",
        )
        require(not ignore, "only a unit's attribute can be ignored", rule)
    else:
        unit = combat.visible_unit(wave)
        require(
            not ignore or unit.has("tough") or unit.has("armoured"),
            "this unit has no attribute to ignore",
            "attributes.tough",
        )
    needed = combat.reach_needed(state, origin, wave, at_unit=target == "unit")
    require(needed is not None, f"{wave.spec.name} is on a track space 0 off the playing field", "phase.2 waves")
    assert needed is not None
    plain = combat.reach_needed(state, origin, wave, at_unit=False)
    more = f" (an elusive unit needs {needed - plain} additional Range)" if plain is not None and needed > plain else ""
    require(
        needed <= reach,
        f"{wave.spec.name} is {needed} spaces away{more}; the Range is {reach}",
        "towers.range",
    )


def _strike(
    state: GameState,
    player: int,
    attacker: str,
    damage: combat.Damage,
    wave: FieldWave,
    target: str,
    ignore: bool,
    events: Events,
) -> GameState:
    """Resolve one attack: a single attack must meet the Hit Points; nothing carries over (6.G)."""
    if target == "modifier":
        assert wave.modifier is not None
        hp = combat.modifier_hit_points(state, wave)
        dealt = combat.total(damage)
        events.append(
            Attacked(
                rule="phase.6G modifiers",
                player=player,
                attacker=attacker,
                wave=wave.id,
                wave_name=wave.spec.name,
                target=f"the {catalog.modifier(wave.modifier).name} Wave Modifier",
                damage=dealt,
                damage_text=combat.describe(damage),
                hit_points=hp,
                defeated=dealt >= hp,
            )
        )
        if dealt < hp:
            return state
        state = replace(state, modifier_discard=tuple(sorted((*state.modifier_discard, wave.modifier))))
        events.append(
            Said(
                rule="phase.6G modifiers",
                text=f"{wave.spec.name} loses its Wave Modifier and every ability it granted.",
            )
        )
        return set_wave(state, replace(wave, modifier=None))
    unit = combat.visible_unit(wave)
    hp = combat.unit_hit_points(state, wave) + combat.attribute_hit_points(state.rules, unit, ignore)
    dealt = combat.after_resistance(damage, unit)
    defeated = dealt >= hp
    resisted = " after resistance" if dealt != combat.total(damage) else ""
    events.append(
        Attacked(
            rule="phase.6G attack",
            player=player,
            attacker=attacker,
            wave=wave.id,
            wave_name=wave.spec.name,
            target=f"unit {wave.defeated + 1}",
            damage=dealt,
            damage_text=combat.describe(damage) + (f", {dealt}{resisted}" if resisted else ""),
            hit_points=hp,
            defeated=defeated,
        )
    )
    position = (wave.track, wave.space)
    attacked = replace(wave, attacked=True)
    state = _defeat_unit(state, player, wave, events) if defeated else set_wave(state, attacked)
    if ignore and unit.has("armoured"):
        if state.wave(wave.id) is not None:
            state = movement.destroy_beneath(state, wave.id, "an armoured unit's extra Hit Points were ignored", events)
        else:
            state = movement.destroy_track(
                state, position[0], position[1], "an armoured unit's extra Hit Points were ignored", events
            )
    return state


def _defeat_unit(state: GameState, player: int, wave: FieldWave, events: Events) -> GameState:
    unit = combat.visible_unit(wave)
    last = wave.defeated + 1 == len(wave.spec.units)
    position = (wave.track, wave.space)
    state = replace(state, kill_window=KillWindow(player=player, wave_defeated=last, at=state.actions_taken + 1))
    state = _count_for_condition(state)
    if last:
        discard = (
            state.modifier_discard if wave.modifier is None else tuple(sorted((*state.modifier_discard, wave.modifier)))
        )
        state = replace(state, waves=tuple(w for w in state.waves if w.id != wave.id), modifier_discard=discard)
        events.append(WaveDefeated(rule="phase.6G attack", wave=wave.id, wave_name=wave.spec.name, number=wave.number))
    else:
        state = set_wave(state, replace(wave, defeated=wave.defeated + 1, attacked=False))
        events.append(
            Said(
                rule="setup.lhex wave modifier",
                text=f"The Wave Modifier of {wave.spec.name} turns to reveal unit {wave.defeated + 2}.",
            )
        )
    if unit.has("track_breaker"):
        if last:
            state = movement.destroy_track(
                state, position[0], position[1], "a track breaker was defeated on it", events
            )
        else:
            state = movement.destroy_beneath(state, wave.id, "a track breaker was defeated on it", events)
    if unit.has("restorer") and state.board.track_discard:
        n = min(state.rules.restored_track, len(state.board.track_discard))
        events.append(
            Said(
                rule="attributes.restorer",
                text=f"{player_name(player)} may place {n} discarded track piece(s) back on the field.",
            )
        )
        state = replace(state, restorer=player, restore_left=n)
    return state


def _count_for_condition(state: GameState) -> GameState:
    c = state.condition
    if c is None:
        return state
    progress = c.progress
    if c.met_at is not None and c.met_at != state.actions_taken:
        progress = 0  # 6.H: an action after the requirement was met: it must be met again
    progress += 1
    met = state.actions_taken + 1 if progress >= catalog.condition(c.id).requirement_units else None
    return replace(state, condition=replace(c, progress=progress, met_at=met))


def combine(state: GameState, action: CombineAttack, events: Events) -> GameState:
    rule: RuleId = "phase.6D combine"
    combiner = get_tower(state, action.at, rule)
    spec = catalog.tower(combiner.card)
    require(spec.type == "combine", f"a {spec.name} is not a Combine tower", rule)
    require(combiner.owner == action.player, "'Choose a Tower with your Player Marker'", "phase.6G attack")
    a, b = (get_tower(state, at, rule) for at in action.towers)
    require(a.at != b.at, "choose 2 different towers", rule)
    for t in (combiner, a, b):
        require(t.depletion == 0, f"{tower_label(t)} has Depletion", "towers.depletion")
    for t in (a, b):
        require(catalog.tower(t.card).reach == "range", f"{tower_label(t)} does not deal damage", rule)
        require(
            distance(t.at, combiner.at) <= spec.reach_at(combiner.level),
            f"{tower_label(t)} is outside the Combine tower's Radius",
            rule,
        )
    wave = field_wave(state, action.wave, rule)
    reach = max(combat.tower_range(a), combat.tower_range(b))
    _check_target(state, wave, action.target, action.ignore, combiner.at, reach)
    assert spec.combine_cost is not None
    stacks = state.players[action.player].stacks
    left = payments.check(stacks.combine, tuple(action.payment), spec.combine_cost.value, state.rules, "Combine", rule)
    state = discard_cards(with_stack(state, action.player, "combine", left), action.payment)
    joined = combat.total(combat.tower_damage(state.rules, a)) + combat.total(combat.tower_damage(state.rules, b))
    tough_penalty = 1 if action.ignore and combat.visible_unit(wave).has("tough") else 0
    state = set_tower(state, replace(combiner, depletion=combiner.depletion + 1 + tough_penalty))
    state = set_tower(state, replace(a, depletion=a.depletion + 1))
    state = set_tower(state, replace(b, depletion=b.depletion + 1))
    events.append(
        Said(
            rule=rule,
            text=f"{tower_label(combiner)} combines {tower_label(a)} and {tower_label(b)}: Range "
            f"{reach}, {joined} Combine damage.",
        )
    )
    return _strike(
        state,
        action.player,
        tower_label(combiner),
        {"combine": joined},
        wave,
        action.target,
        action.ignore,
        events,
    )


def kill_bonus(state: GameState, action: KillBonus, events: Events) -> GameState:
    rule: RuleId = "phase.6E kill bonus"
    require(
        is_tower_card(action.card) and catalog.tower(action.card).mark in (2, 3),
        "a Kill Bonus takes a Mark II or Mark III tower",
        rule,
    )
    mark = catalog.tower(action.card).mark
    pile = state.mark2_pile if mark == 2 else state.mark3_pile
    require(action.card in pile, f"no {catalog.tower(action.card).name} is left in its pile", rule)
    cost = kill_bonus_cost(state, action.player, mark)
    stacks = state.players[action.player].stacks
    left = payments.check(stacks.kill, tuple(action.payment), cost, state.rules, "Kill Bonus / Conversion", rule)
    state = discard_cards(with_stack(state, action.player, "kill", left), action.payment)
    field = "mark2_pile" if mark == 2 else "mark3_pile"
    state = replace(state, **{field: remove_one(getattr(state, field), action.card)})
    state = with_stack(
        state,
        action.player,
        action.stack,
        (*state.players[action.player].stacks.get(action.stack), action.card),
    )
    events.append(
        Said(
            rule=rule,
            text=f"{player_name(action.player)} pays {cost} credit(s) for a "
            f"{catalog.tower(action.card).name} "
            f"and puts it on the {STACK_LABEL[action.stack]} stack.",
        )
    )
    return _keep_window(state, action.player)


def _keep_window(state: GameState, player: int) -> GameState:
    """Under `one_opportunity_per_kill=False` a kill's opportunity survives the bonus just taken."""
    window = open_kill_window(state, player)
    if window is None or state.rules.one_opportunity_per_kill:
        return state
    return replace(state, kill_window=replace(window, at=state.actions_taken + 1))


def convert(state: GameState, action: Convert, events: Events) -> GameState:
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
    events.append(
        Said(
            rule=rule,
            text=f"{player_name(action.player)} discards {n} credit(s) and draws {n} Mark I credit(s).",
        )
    )
    return _keep_window(replace(state, reveal_left=n, dividing=action.player), action.player)


def place_skill(state: GameState, action: PlaceSkillMarker, events: Events) -> GameState:
    rule: RuleId = "phase.6F skills"
    spec = catalog.skill(action.skill)
    require(state.skill_markers_left(action.player) > 0, "you have no Skill Markers left", rule)
    require(action.slot < len(spec.slot_costs), f"{spec.name} has no slot {action.slot + 1}", rule)
    require(
        slot_free(state, action.player, action.skill, action.slot),
        "that slot is not empty or not unlocked",
        "skills.slots",
    )
    stack = state.players[action.player].stacks.get(action.stack)
    left = payments.check(
        stack,
        tuple(action.payment),
        spec.slot_costs[action.slot],
        state.rules,
        STACK_LABEL[action.stack],
        "skills.slots",
    )
    state = discard_cards(with_stack(state, action.player, action.stack, left), action.payment)
    marker = SkillMarker(player=action.player, skill=action.skill, slot=action.slot)
    events.append(
        Said(
            rule=rule,
            text=f"{player_name(action.player)} places a Skill Marker on {spec.name} ({spec.text}).",
        )
    )
    return replace(state, skill_markers=(*state.skill_markers, marker))


def complete_condition(state: GameState, action: CompleteCondition, events: Events) -> GameState:
    rule: RuleId = "phase.6H condition"
    require(condition_ready(state), "no Game Condition requirement was met by the last action", rule)
    assert state.condition is not None
    cid = state.condition.id
    token = CONDITION_PREFIX + cid
    state = with_stack(
        state, action.player, action.stack, (*state.players[action.player].stacks.get(action.stack), token)
    )
    waiting = state.conditions_waiting
    nxt = ActiveCondition(id=waiting[0]) if waiting else None
    events.append(
        Said(
            rule=rule,
            text=f"{player_name(action.player)} completes {catalog.condition(cid).name}: its "
            f"effects end, and it is "
            f"worth {state.rules.condition_credits} Universal credits on the "
            f"{STACK_LABEL[action.stack]} stack.",
        )
    )
    if nxt is not None:
        events.append(
            Said(rule="setup.3A8 game condition", text=f"{catalog.condition(nxt.id).name} comes into effect.")
        )
    return replace(state, condition=nxt, conditions_waiting=waiting[1:])


def restore_track(state: GameState, action: RestoreTrack, events: Events) -> GameState:
    rule: RuleId = "attributes.restorer"
    require(action.piece in state.board.track_discard, f"track {action.piece} is not in the Track Discard", rule)
    at: Coord = tuple(action.at)  # type: ignore[assignment]
    require(state.board.on_board(at) and not state.occupied(at), f"{at} is not an unoccupied space", rule)
    track, number = parse_piece(action.piece)
    board = state.board
    board = replace(
        board,
        track=(*board.track, TrackPiece(track=track, number=number, at=at)),
        track_discard=remove_one(board.track_discard, action.piece),
    )
    events.append(Said(rule=rule, text=f"{player_name(action.player)} places track {action.piece} on {at}."))
    left = state.restore_left - 1
    return replace(state, board=board, restore_left=left, restorer=state.restorer if left else None)


def end_actions(state: GameState, action: EndActions, events: Events) -> GameState:
    """The end of Phase 6: units nobody attacked break the track; boosts end; the next turn begins."""
    events.append(Said(rule="phase.6 actions", text="All players agree they do not want to perform any more actions."))
    for wave in list(state.waves):
        current = state.wave(wave.id)
        if current is not None and combat.visible_unit(current).has("must_be_attacked") and not current.attacked:
            state = movement.destroy_beneath(
                state, current.id, f"no tower attacked {current.spec.name}'s unit this turn", events
            )
    towers = tuple(replace(t, boosts=()) if t.boosts else t for t in state.towers)
    waves = tuple(replace(w, attacked=False) if w.attacked else w for w in state.waves)
    condition = state.condition
    if condition is not None and condition.met_at is not None:
        condition = replace(condition, progress=0, met_at=None)
    state = replace(state, towers=towers, waves=waves, condition=condition, kill_window=None, actions_taken=0)
    limit = state.rules.turn_limit
    if limit is not None and state.turn >= limit:
        events.append(
            GameEnded(
                rule="variant.turn_limit",
                termination="turn_limit",
                text=f"The turn limit of {limit} is reached.",
            )
        )
        return replace(state, phase="game_over", termination="turn_limit")
    return replace(state, turn=state.turn + 1, phase="tracker")
