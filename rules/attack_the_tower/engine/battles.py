"""Battles: declaring an attack, the ability window, the combat steps (initiative, regular, unmanned bases,
palace) resolved from both sides' allocations, and the end of a battle."""

from __future__ import annotations

from collections.abc import Callable

from rules.attack_the_tower.actions import (
    Allocate,
    ChooseVictim,
    DeclareAttack,
    Pass,
)
from rules.attack_the_tower.engine import card_effects, combat, vrykolaka
from rules.attack_the_tower.engine.battle_end import end_battle, unit_label
from rules.attack_the_tower.engine.common import (
    ABILITY_WINDOW,
    NO_ALLOCATION,
    SILENT_UNCHECKED,
    Events,
    label,
    require,
)
from rules.attack_the_tower.events import (
    DamageDealt,
    DamagePool,
    Said,
    possessive,
)
from rules.attack_the_tower.model import (
    EMPTY_TERRITORY,
    TERRITORIES,
    Allocation,
    Battle,
    GameState,
)
from rules.attack_the_tower.rule_ids import RuleId


def _on_the_board(action: DeclareAttack) -> bool:
    """Whether both territories an attack names are among the three (-1 is no territory, not the last one)."""
    return 0 <= action.origin < TERRITORIES and 0 <= action.target < TERRITORIES


def apply_declare(state: GameState, action: DeclareAttack, events: Events) -> GameState:
    """Declare an attack (battles.1 declare) and open its ability window; a target territory with no base sends it to
    the palace at once. IllegalAction outside the second phase, for the defender, or with no troops or attacks left."""
    require(state.phase == "main", "attacks are declared in the second phase of the turn", "turn.2 attacks")
    require(action.player == state.attacker, "only the attacking player declares attacks", "turn.2 attacks")
    require(_on_the_board(action), "territories are numbered 1 to 3", "turn.2 attacks")
    me = state.players[action.player]
    limit = state.rules.attacks_per_territory_per_turn
    if limit is not None:
        require(
            state.attacks.count(action.origin) < limit,
            f"territory {action.origin + 1} has already attacked this turn",
            "variant.attacks_per_territory",
        )
    if action.specials:
        require(
            state.rules.special_troops_join_attacks,
            "under these rules special troops do not join attacks",
            "variant.special_troops_join_attacks",
        )
        require(
            len(set(action.specials)) == len(action.specials) and all(0 <= i < len(me.palace) for i in action.specials),
            "those special troops are not on your palace",
            "abilities.special",
        )
    require(
        me.troops_in(action.origin) > 0 or bool(action.specials),
        f"territory {action.origin + 1} has no troops to attack with",
        "battles",
    )
    # a territory with no base has no troop or base to destroy first: the attack goes on to the palace at once
    # (004 'Attacking the palace': 'If the attacking Troops have destroyed all defending Troops and Bases')
    empty = state.players[state.defender].territories[action.target] == EMPTY_TERRITORY
    battle = Battle(
        origin=action.origin,
        target=action.target,
        at_palace=empty,
        specials=tuple(sorted(action.specials)),
        actor=state.attacker,
    )
    if events.narrate:
        joined = f" with {len(action.specials)} special troop(s)" if action.specials else ""
        events.append(
            Said(
                rule="battles.1 declare",
                text=f"{label(state, action.player)} attack from territory {action.origin + 1}{joined} "
                f"against {possessive(label(state, state.defender))} territory {action.target + 1}.",
            )
        )
        if empty:
            events.append(
                Said(
                    rule="palace",
                    text=f"Territory {action.target + 1} holds no base: they attack "
                    f"{possessive(label(state, state.defender))} palace.",
                )
            )
        events.append(ABILITY_WINDOW)
    return state.replace(phase="battle", battle=battle, attacks=(*state.attacks, action.origin))


def apply_pass(state: GameState, action: Pass, events: Events) -> GameState:
    """Pass: the defender ends the second phase's ability window, or a player plays no more abilities before a battle's
    combat, which begins at the second pass (battles.2 abilities); IllegalAction when no ability window is open."""
    if state.phase == "main":
        return card_effects.end_main_window(state, action.player, events)
    battle = state.battle
    require(
        battle is not None and battle.stage == "abilities",
        "there is no ability window open",
        "battles.2 abilities",
    )
    assert battle is not None
    if events.narrate:
        who = label(state, action.player)
        events.append(Said(rule="battles.2 abilities", text=f"{who} play no more abilities."))
    if battle.passes == 1:
        return _combat_begins(state, battle, battle.actor, events)
    return state.replace(battle=battle.replace(passes=1, actor=1 - battle.actor))


def _combat_begins(state: GameState, battle: Battle, last_to_pass: int, events: Events) -> GameState:
    """Both players have passed in the ability window (`last_to_pass` second): the initiative step begins."""
    return _enter_stage(
        state, battle.replace(stage="initiative", passes=0, pending=(None, None), actor=last_to_pass), events
    )


def apply_allocate(state: GameState, action: Allocate, events: Events) -> GameState:
    """Hand in one side's damage of the current combat step, hidden until both sides have (battles); IllegalAction in
    the player's words when no damage is being distributed, it is already in, or the allocation breaks the request."""
    battle = state.battle
    require(
        battle is not None and battle.stage in ("initiative", "regular", "unmanned"),
        "no damage is being distributed now",
        "battles",
    )
    assert battle is not None
    require(battle.pending[action.player] is None, "you have already distributed this damage", "battles")
    request = combat.allocation_request(state, action.player)
    require(request is not None, "you have no damage to distribute in this step", "battles")
    assert request is not None
    if events.check:
        combat.validate_allocation(state, request, action.allocation)
    pending = list(battle.pending)
    pending[action.player] = action.allocation
    if battle.stage != "unmanned" and pending[1 - action.player] is None and events.narrate:
        events.append(
            Said(
                rule=_stage_rule(battle.stage),
                text=f"{label(state, action.player)} have distributed their {battle.stage} damage "
                "(hidden until both sides have).",
            )
        )
    return state.replace(battle=battle.replace(pending=(pending[0], pending[1])))


def _enter_stage(state: GameState, battle: Battle, events: Events) -> GameState:
    """Start a combat step: announce both pools (004 battles 3 and 4).

    `battle` is the battle in its new stage, with no allocation pending."""
    state = state.replace(battle=battle)
    stage = battle.stage
    if stage == "initiative":
        state = card_effects.combat_start(state, events, unit_label)
    rule: RuleId = _stage_rule(stage)
    attacker = state.attacker
    if stage == "unmanned":
        what = "the palace is" if battle.at_palace else "the bases are"
        if events.narrate:
            _, defenders = combat.battle_units(state)
            fought = any(not u.is_structure for u in defenders)
            why = "Every defending troop is dead" if fought else "No troop defends"
            events.append(Said(rule=rule, text=f"{why}: {what} unmanned."))
        sides: tuple[int, ...] = (attacker,)
    else:
        sides = (attacker, 1 - attacker)
    if not events.narrate:
        return state
    step = combat.combat_step(state)
    for side in sides:
        pool = step.pool(side)
        events.append(
            DamagePool(
                rule=rule,
                player=side,
                who=label(state, side),
                stage=stage,
                amount=pool.total,
                artillery=pool.artillery,
                made_of=pool.describe,
            )
        )
    return state


def battle_step(state: GameState, events: Events) -> GameState | None:
    """The battle's step nobody decides: the sides with nothing to decide hand in nothing, and the step is resolved once
    both allocations are in; None while a player must decide (the ability window, victims, an allocation)."""
    battle = state.battle
    assert battle is not None
    if battle.stage in ("abilities", "victims"):
        return None
    pending, changed = _nothing_to_decide(state, battle, combat.combat_step(state), events)
    first, second = pending
    if first is None or second is None:
        if changed:
            return state.replace(battle=battle.replace(pending=(first, second)))
        return None
    return _resolve_step(state, (first, second), events)


def _nothing_to_decide(
    state: GameState, battle: Battle, step: combat.CombatStep, events: Events
) -> tuple[list[Allocation | None], bool]:
    """The step's allocations handed in so far, with nothing handed in for each side that has nothing to
    decide (no target, or the defender of unmanned bases); and whether any was filled in."""
    stage = battle.stage
    pending = list(battle.pending)
    changed = False
    attacker = state.attacker
    defender = 1 - attacker
    for side in (attacker, defender):
        if pending[side] is None and step.request(side) is None:
            if stage != "unmanned":
                pool = step.pool(side)
                if pool.total and events.narrate:
                    text = f"{label(state, side)} have no target for their {pool.total} {stage} damage."
                    if stage == "regular" and side == attacker:  # it goes on to the unmanned bases or palace
                        where = "palace" if battle.at_palace else "bases"
                        text = (
                            f"{label(state, side)} have no troop to hit with their {pool.total} regular damage: "
                            f"it goes to the unmanned {where} next."
                        )
                    events.append(Said(rule=_stage_rule(stage), text=text))
            pending[side] = NO_ALLOCATION
            changed = True
    if stage == "unmanned":
        pending[defender] = pending[defender] or NO_ALLOCATION
    return pending, changed


def battle_played_out(
    state: GameState, allocate: Callable[[combat.AllocationRequest], Allocation], most_decisions: int
) -> GameState:
    """The position once the battle in progress is over (or after `most_decisions` passes and allocations,
    a guard), both sides passing in the ability windows and each allocating as `allocate` says.

    The position `next_position` reaches one pass or allocation at a time, without the positions between: an
    allocation depends only on its side's request, which the other side's allocation does not change, so
    both are handed in at once and the step resolved. No event is worded (see `Events`)."""
    events = SILENT_UNCHECKED
    decisions = 0
    while state.phase == "battle" and decisions < most_decisions:
        battle = state.battle
        assert battle is not None
        if battle.stage == "abilities":
            # the player to act passes, then the other (who passed first when one already has)
            last_to_pass = battle.actor if battle.passes else 1 - battle.actor
            decisions += 2 - battle.passes
            state = _combat_begins(state, battle, last_to_pass, events)
            continue
        if battle.stage == "victims":  # each Vrykolaka's victim chosen as the engine offers them: the strongest
            player = 0 if battle.owed[0] else 1
            target = vrykolaka.victim_options(state, player)[0]
            state = apply_choose_victim(state, ChooseVictim(player, target), events)
            decisions += 1
            continue
        step = combat.combat_step(state)
        pending, _ = _nothing_to_decide(state, battle, step, events)
        for side in (state.attacker, 1 - state.attacker):
            if pending[side] is None:
                request = step.request(side)
                assert request is not None
                pending[side] = allocate(request)
                decisions += 1
        first, second = pending
        assert first is not None and second is not None
        state = _resolve_step(state, (first, second), events)
    return state


def _only_structures_left(defenders: list[combat.Unit], dead: set[str]) -> bool:
    """Whether every defending troop is dead and some base (or the palace) still stands."""
    living = [u for u in defenders if u.key not in dead]
    return bool(living) and all(u.kind in combat.STRUCTURE_KINDS for u in living)


def _stage_rule(stage: str) -> RuleId:
    if stage == "initiative":
        return "battles.3 initiative"
    return "battles.4 regular" if stage == "regular" else "battles.4 unmanned"


def _resolve_step(state: GameState, pending: tuple[Allocation, Allocation], events: Events) -> GameState:
    """Both allocations are in (`pending`, not yet on the battle): apply them at once (damage is
    simultaneous), then move on."""
    battle = state.battle
    assert battle is not None
    step = combat.combat_step(state)
    first, second = pending
    units = step.sides.by_key() if first.assignments or second.assignments else {}
    damage, dead = _deal(state, pending, units, events)
    stage = battle.stage
    owed = (0, 0)
    if stage == "regular":
        dead += vrykolaka.destroy_per_fighter(state, pending, battle.dead, dead, events)
        owed = vrykolaka.victims_owed(state, pending, battle.dead, dead)
    after = battle.replace(damage=tuple(sorted(damage.items())), dead=tuple(dead), pending=(None, None))
    if stage == "initiative":
        return _enter_stage(state, _initiative_dealt(state, step, pending, after, events), events)
    if stage == "regular":
        after = after.replace(remaining=_regular_remaining(state, step, pending, units))
        if owed != (0, 0):  # Rules.vrykolaka_victims='chosen': the players choose the Vrykolaka's victims first
            return state.replace(battle=after.replace(stage="victims", owed=owed))
        return after_regular(state.replace(battle=after), events)
    return end_battle(state.replace(battle=after), events)


def _deal(
    state: GameState, pending: tuple[Allocation, Allocation], units: dict[str, combat.Unit], events: Events
) -> tuple[dict[str, int], list[str]]:
    """Both sides' allocations added to the damage taken so far, attacker first: the damage each unit has
    taken, and the units destroyed (before this step, then by it)."""
    battle = state.battle
    assert battle is not None
    damage = dict(battle.damage)
    dead = list(battle.dead)
    stage = battle.stage
    rule: RuleId = _stage_rule(stage)
    attacker = state.attacker
    for side in (attacker, 1 - attacker):
        for key, amount in pending[side].assignments:
            unit = units[key]
            total = damage.get(key, 0) + amount
            damage[key] = total
            destroyed = total >= unit.toughness
            if destroyed:
                dead.append(key)
            if events.narrate:
                events.append(
                    DamageDealt(
                        rule=rule,
                        player=side,
                        who=label(state, side),
                        stage=stage,
                        target=key,
                        target_name=unit_label(state, unit),
                        amount=amount,
                        total=total,
                        toughness=unit.toughness,
                        destroyed=destroyed,
                    )
                )
    return damage, dead


def _initiative_dealt(
    state: GameState, step: combat.CombatStep, pending: tuple[Allocation, Allocation], after: Battle, events: Events
) -> Battle:
    """The battle after its initiative step: each side's initiative damage not spent is kept as leftover (added to
    its regular damage when the rules say so), and the regular step comes next."""
    leftover = [0, 0]
    rules = state.rules
    for side in (0, 1):
        pool = step.pool(side)
        unspent = pool.general - pending[side].total()
        leftover[side] = unspent
        if unspent > 0 and not rules.leftover_of_killed_troops:
            leftover[side] = min(unspent, sum([u.deals for u in pool.firing if u.key not in after.dead]))
        if unspent > 0 and rules.leftover_initiative_adds_to_regular and events.narrate:
            events.append(Said(rule="battles.3 leftover", text=_leftover_words(state, side, unspent, leftover[side])))
    return after.replace(leftover=(leftover[0], leftover[1]), stage="regular")


def _leftover_words(state: GameState, side: int, unspent: int, kept: int) -> str:
    """What becomes of a side's initiative damage not distributed: it adds to its regular damage, except what
    the initiative troops killed in the step held (004: they 'will not inflict damage during the fourth step')."""
    whose = possessive(label(state, side))
    if kept == unspent:
        return f"{whose} {kept} leftover initiative damage adds to their regular damage."
    if not kept:
        return (
            f"{whose} {unspent} leftover initiative damage is lost: the troops that held it were killed in this step."
        )
    return (
        f"{whose} {kept} leftover initiative damage adds to their regular damage ({unspent - kept} more is lost with "
        "the troops killed in this step)."
    )


def _regular_remaining(
    state: GameState, step: combat.CombatStep, pending: tuple[Allocation, Allocation], units: dict[str, combat.Unit]
) -> tuple[int, int]:
    """The attacker's regular damage not spent on troops (general) and on structures (artillery), for the
    unmanned bases and the palace."""
    mine = pending[state.attacker]
    to_structures = sum(amount for key, amount in mine.assignments if units[key].is_structure)
    pool = step.pool(state.attacker)
    return pool.general - (mine.total() - to_structures), pool.artillery - to_structures


def after_regular(state: GameState, events: Events) -> GameState:
    """Once the regular step is resolved (and any Vrykolaka's victims chosen): the attacker's damage left goes
    to unmanned bases when every defending troop is dead (004 battles 4), else the battle ends."""
    battle = state.battle
    assert battle is not None
    battle = battle.replace(stage="regular", owed=(0, 0))
    _attackers, defenders = combat.fighters(state)
    if _only_structures_left(defenders, set(battle.dead)) and sum(battle.remaining) > 0:
        return _enter_stage(state, battle.replace(stage="unmanned"), events)
    return end_battle(state.replace(battle=battle), events)


def apply_choose_victim(state: GameState, action: ChooseVictim, events: Events) -> GameState:
    """A Vrykolaka's victim chosen (Rules.vrykolaka_victims='chosen'); the last one chosen, the battle goes on."""
    state = vrykolaka.choose_victim(state, action.player, action.target, events)
    battle = state.battle
    assert battle is not None
    return after_regular(state, events) if battle.owed == (0, 0) else state
