"""Attacks: a tower's strike and a combined attack, defeated units, kill bonuses and the game condition's
count (6.E to 6.G, the units' attributes)."""

from __future__ import annotations

from rules.tower_defense import catalog
from rules.tower_defense.actions import (
    Attack,
    CombineAttack,
    KillBonus,
)
from rules.tower_defense.catalog import is_tower_card
from rules.tower_defense.engine import combat, movement
from rules.tower_defense.engine.common import (
    Events,
    field_wave,
    get_tower,
    kill_bonus_cost,
    onto_stack,
    open_kill_window,
    paid,
    remove_one,
    require,
    set_tower,
    set_wave,
)
from rules.tower_defense.errors import IllegalAction
from rules.tower_defense.events import (
    Attacked,
    WaveDefeated,
    player_name,
    say,
)
from rules.tower_defense.model import STACK_LABEL, ActiveCondition, FieldWave, GameState, KillWindow
from rules.tower_defense.places import Coord, distance
from rules.tower_defense.rule_ids import RuleId
from rules.tower_defense.text import tower_label


def attack(state: GameState, action: Attack, events: Events) -> GameState:
    """Attack a wave's visible unit or Wave Modifier with the player's tower with Energy (phase.6G attack): it gains
    Depletion, one more to ignore a tough unit's extra Hit Points; IllegalAction for a Radius tower or out of reach."""
    rule: RuleId = "phase.6G attack"
    tower = get_tower(state, action.at, rule)
    spec = catalog.tower(tower.card)
    require(tower.owner == action.player, "'Choose a Tower with your Player Marker'", rule)
    if not combat.can_attack(tower):
        raise IllegalAction(
            f"a {spec.name} has a Radius: it 'cannot directly deal damage by attacking'", "towers.range"
        )
    require(tower.depletion == 0, "a tower with Depletion may not Attack", "towers.depletion")
    wave = field_wave(state, action.wave, rule)
    _check_target(state, wave, action.target, action.ignore, tower.at, spec.reach_at(tower.level))
    tough_penalty = 1 if action.ignore and combat.visible_unit(wave).has("tough") else 0
    state = set_tower(state, tower.replace(depletion=tower.depletion + 1 + tough_penalty))
    return _strike(state, action, tower_label(tower), combat.tower_damage(state.rules, tower), wave, events)


def _check_target(state: GameState, wave: FieldWave, target: str, ignore: bool, origin: Coord, reach: int) -> None:
    rule: RuleId = "phase.6G attack"
    if target not in ("unit", "modifier"):
        raise IllegalAction(f"a tower attacks a unit or a Wave Modifier, not {target!r}", rule)
    if target == "modifier":
        if wave.modifier is None:
            raise IllegalAction(f"{wave.spec.name} has no Wave Modifier to attack", "phase.6G modifiers")
        require(not ignore, "only a unit's attribute can be ignored", rule)
    else:
        unit = combat.visible_unit(wave)
        require(
            not ignore or unit.has("tough") or unit.has("armoured"),
            "this unit has no attribute to ignore",
            "attributes.tough",
        )
    needed = combat.reach_needed(state, origin, wave, at_unit=target == "unit")
    if needed is None:
        raise IllegalAction(
            f"{wave.spec.name} is on track space {wave.space}, which is not laid on the field: no tower reaches it",
            "phase.2 waves",
        )
    if needed > reach:
        away = combat.reach_needed(state, origin, wave, at_unit=False)
        assert away is not None
        more = (
            f" and its elusive unit needs {needed - away} additional Range, so the attack needs Range {needed}"
            if needed > away
            else ""
        )
        raise IllegalAction(f"{wave.spec.name} is {away} spaces away{more}; the Range is {reach}", "towers.range")


def _strike(
    state: GameState,
    action: Attack | CombineAttack,
    attacker: str,
    damage: combat.Damage,
    wave: FieldWave,
    events: Events,
) -> GameState:
    """Resolve one attack: a single attack must meet the Hit Points; nothing carries over (6.G)."""
    player, target, ignore = action.player, action.target, action.ignore
    if target == "modifier":
        return _strike_modifier(state, player, attacker, damage, wave, events)
    unit = combat.visible_unit(wave)
    hp = combat.unit_hit_points(state, wave) + combat.attribute_hit_points(state.rules, unit, ignore)
    dealt = combat.after_resistance(damage, unit)
    defeated = dealt >= hp
    if events.narrate:
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
    track, space = wave.track, wave.space
    state = _defeat_unit(state, player, wave, events) if defeated else set_wave(state, wave.replace(attacked=True))
    if ignore and unit.has("armoured"):
        why = "an armoured unit's extra Hit Points were ignored"
        if state.wave(wave.id) is not None:
            state = movement.destroy_beneath(state, wave.id, why, events)
        else:
            state = movement.destroy_track(state, track, space, why, events)
    return state


def _strike_modifier(
    state: GameState, player: int, attacker: str, damage: combat.Damage, wave: FieldWave, events: Events
) -> GameState:
    """An attack on a wave's Wave Modifier: enough damage discards it, and the abilities it granted go (6.G)."""
    assert wave.modifier is not None
    hp = combat.modifier_hit_points(state, wave)
    dealt = combat.total(damage)
    if events.narrate:
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
    state = state.replace(modifier_discard=tuple(sorted((*state.modifier_discard, wave.modifier))))
    if events.narrate:
        say(events, "phase.6G modifiers", f"{wave.spec.name} loses its Wave Modifier and every ability it granted.")
    return set_wave(state, wave.replace(modifier=None))


def _defeat_unit(state: GameState, player: int, wave: FieldWave, events: Events) -> GameState:
    unit = combat.visible_unit(wave)
    last = wave.defeated + 1 == len(wave.spec.units)
    position = (wave.track, wave.space)
    state = state.replace(kill_window=KillWindow(player, last, state.actions_taken + 1))
    state = _count_for_condition(state)
    if last:
        discard = (
            state.modifier_discard if wave.modifier is None else tuple(sorted((*state.modifier_discard, wave.modifier)))
        )
        state = state.replace(waves=tuple(w for w in state.waves if w.id != wave.id), modifier_discard=discard)
        if events.narrate:
            events.append(
                WaveDefeated(rule="phase.6G attack", wave=wave.id, wave_name=wave.spec.name, number=wave.number)
            )
    else:
        state = set_wave(state, wave.replace(defeated=wave.defeated + 1, attacked=False))
        if events.narrate:
            say(
                events,
                "setup.lhex wave modifier",
                f"The Wave Modifier of {wave.spec.name} turns to reveal unit {wave.defeated + 2}.",
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
        say(
            events,
            "attributes.restorer",
            f"{player_name(player)} may place {n} discarded track piece(s) back on the field.",
        )
        state = state.replace(restorer=player, restore_left=n)
    return state


def _count_for_condition(state: GameState) -> GameState:
    c = state.condition
    if c is None:
        return state
    progress = c.progress
    needed = catalog.condition(c.id).requirement_units
    if state.rules.condition_closes == "after_any_action":
        if c.met_at is not None and c.met_at != state.actions_taken:
            progress = 0  # 6.H: an action after the requirement was met: it must be met again
        progress += 1
        met = state.actions_taken + 1 if progress >= needed else None
        return state.replace(condition=ActiveCondition(c.id, progress, met))
    # 6.H: a unit defeated once the requirement is met counts toward completing it again, which opens the
    # completion to every player once more; until then, those who have acted since stay barred
    progress = 1 if progress >= needed else progress + 1
    if progress >= needed:
        return state.replace(condition=ActiveCondition(c.id, progress, state.actions_taken + 1))
    return state.replace(condition=c.replace(progress=progress))


def combine(state: GameState, action: CombineAttack, events: Events) -> GameState:
    """A Combine tower adds up the damage of two towers in its Radius in one attack at the better Range, paid from the
    Combine stack, all three gaining Depletion (phase.6D combine); IllegalAction when a tower cannot take part."""
    rule: RuleId = "phase.6D combine"
    combiner = get_tower(state, action.at, rule)
    spec = catalog.tower(combiner.card)
    require(spec.type == "combine", f"a {spec.name} is not a Combine tower", rule)
    if state.rules.combine_own_tower_only:
        require(combiner.owner == action.player, "'Choose a Tower with your Player Marker'", "phase.6G attack")
    a, b = (get_tower(state, at, rule) for at in action.towers)
    require(a.at != b.at, "choose 2 different towers", rule)
    for t in (combiner, a, b):
        if t.depletion != 0:
            raise IllegalAction(f"{tower_label(t)} has Depletion", "towers.depletion")
    for t in (a, b):
        if not combat.can_attack(t):
            raise IllegalAction(f"{tower_label(t)} does not deal damage", rule)
        if distance(t.at, combiner.at) > spec.reach_at(combiner.level):
            raise IllegalAction(f"{tower_label(t)} is outside the Combine tower's Radius", rule)
    wave = field_wave(state, action.wave, rule)
    reach = max(combat.tower_range(a), combat.tower_range(b))
    _check_target(state, wave, action.target, action.ignore, combiner.at, reach)
    assert spec.combine_cost is not None
    state = paid(state, action.player, "combine", action.payment, spec.combine_cost.value, rule)
    joined = combat.total(combat.tower_damage(state.rules, a)) + combat.total(combat.tower_damage(state.rules, b))
    tough_penalty = 1 if action.ignore and combat.visible_unit(wave).has("tough") else 0
    state = set_tower(state, combiner.replace(depletion=combiner.depletion + 1 + tough_penalty))
    state = set_tower(state, a.replace(depletion=a.depletion + 1))
    state = set_tower(state, b.replace(depletion=b.depletion + 1))
    if events.narrate:
        say(
            events,
            rule,
            f"{tower_label(combiner)} combines {tower_label(a)} and {tower_label(b)}: Range "
            f"{reach}, {joined} Combine damage.",
        )
    return _strike(state, action, tower_label(combiner), {"combine": joined}, wave, events)


def kill_bonus(state: GameState, action: KillBonus, events: Events) -> GameState:
    """Buy a Mark II or III tower from its pile with Kill Bonus credits onto a stack (phase.6E kill bonus), cheaper just
    after a kill (Mark III: a wave); IllegalAction for no such tower, none left in its pile, or a wrong payment."""
    rule: RuleId = "phase.6E kill bonus"
    require(
        is_tower_card(action.card) and catalog.tower(action.card).mark in (2, 3),
        "a Kill Bonus takes a Mark II or Mark III tower",
        rule,
    )
    mark = catalog.tower(action.card).mark
    pile = state.mark2_pile if mark == 2 else state.mark3_pile
    if action.card not in pile:
        raise IllegalAction(f"no {catalog.tower(action.card).name} is left in its pile", rule)
    cost = kill_bonus_cost(state, action.player, mark)
    state = paid(state, action.player, "kill", action.payment, cost, rule)
    if mark == 2:
        state = state.replace(mark2_pile=remove_one(state.mark2_pile, action.card))
    else:
        state = state.replace(mark3_pile=remove_one(state.mark3_pile, action.card))
    state = onto_stack(state, action.player, action.stack, action.card)
    if events.narrate:
        say(
            events,
            rule,
            f"{player_name(action.player)} pays {cost} credit(s) for a "
            f"{catalog.tower(action.card).name} "
            f"and puts it on the {STACK_LABEL[action.stack]} stack.",
        )
    return keep_window(state, action.player)


def keep_window(state: GameState, player: int) -> GameState:
    """Under `one_opportunity_per_kill=False` a kill's opportunity survives the bonus just taken."""
    window = open_kill_window(state, player)
    if window is None or state.rules.one_opportunity_per_kill:
        return state
    return state.replace(kill_window=KillWindow(window.player, window.wave_defeated, state.actions_taken + 1))
