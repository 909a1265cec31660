"""The Vrykolaka: 'Destroy one enemy troop for each vrykolaka that inflicts damage in combat' (its card, quoted in
../shared/reference/attack-the-tower-cards.md). Once the regular step's damage is dealt, the vrykolakas that
inflicted damage are counted (`Rules.vrykolaka_counts`); the card names no chooser, so by default the strongest
enemy troops of the battle are destroyed at once, and under `Rules.vrykolaka_victims='chosen'` the Vrykolaka's
player chooses them, one at a time, among the enemy troops on bases and the enemy special troops of the battle (the
battle waits in its 'victims' stage). Only the regular step's damage is counted: under 'chosen', damage that lands on
unmanned bases or the palace later is not (not yet implemented; under the default no enemy troop of the battle is
left by then)."""

from __future__ import annotations

from collections.abc import Iterable

from rules.attack_the_tower.cards import DestroyPerFighter
from rules.attack_the_tower.catalog import base_card
from rules.attack_the_tower.engine import combat
from rules.attack_the_tower.engine.card_effects import territories_without, troop_name
from rules.attack_the_tower.engine.common import Events, label
from rules.attack_the_tower.errors import IllegalAction
from rules.attack_the_tower.events import Destroyed, possessive
from rules.attack_the_tower.model import Allocation, GameState
from rules.attack_the_tower.places import UnitKey
from rules.attack_the_tower.text import named_in_slot


def _vrykolaka_counts(
    state: GameState, pending: tuple[Allocation, Allocation], dead_before: tuple[str, ...], dead: list[str]
) -> list[tuple[int, int, str]]:
    """Vrykolaka: (owner, how many enemy troops to destroy, the troops' name) for each player whose vrykolakas
    'inflict damage in combat' in the regular step just resolved (`Rules.vrykolaka_counts` says which count)."""
    effects = [(o, e) for o, e in combat.battle_effects(state) if isinstance(e, DestroyPerFighter)]
    if not effects:
        return []
    attackers, defenders = combat.fighters(state)
    own_side = {state.attacker: attackers, 1 - state.attacker: defenders}
    after = set(dead)
    counts = []
    for owner, e in dict.fromkeys(effects):
        if not pending[owner].total():
            continue
        count = sum(
            1
            for u in own_side[owner]
            if u.kind == "troop"
            and u.troop_type == e.troop_type
            and u.deals > 0
            and u.key not in dead_before
            and (state.rules.vrykolaka_counts == "fighting" or u.key not in after)
        )
        if count:
            counts.append((owner, count, troop_name(state, owner, e.troop_type)))
    return counts


def destroy_per_fighter(
    state: GameState,
    pending: tuple[Allocation, Allocation],
    dead_before: tuple[str, ...],
    dead: list[str],
    events: Events,
) -> list[str]:
    """Vrykolaka: 'Destroy one enemy troop for each vrykolaka that inflicts damage in combat': once the
    regular step's damage is dealt, the keys of the enemy troops destroyed (the strongest first). Under
    `Rules.vrykolaka_victims='chosen'` nothing is destroyed here: `victims_owed` counts what the players choose."""
    if state.rules.vrykolaka_victims == "chosen":
        return []
    attackers, defenders = combat.fighters(state)
    enemies = {state.attacker: defenders, 1 - state.attacker: attackers}
    after = set(dead)
    chosen: list[tuple[int, int, str, list[str]]] = []
    for owner, count, troop in _vrykolaka_counts(state, pending, dead_before, dead):
        alive = sorted(
            (u for u in enemies[owner] if not u.is_structure and u.key not in after),
            key=lambda u: (-u.toughness, u.key),
        )
        if alive:
            chosen.append((owner, count, troop, [u.key for u in alive[:count]]))
    by_key = {u.key: u for u in attackers + defenders}
    out: list[str] = []
    for owner, count, troop, keys in chosen:
        for key in keys:
            if key in out:
                continue
            u = by_key[key]
            out.append(key)
            if events.narrate:
                events.append(
                    Destroyed(
                        rule="abilities",
                        player=u.owner,
                        who=label(state, u.owner),
                        target=key,
                        target_name=placed_name(u),
                        reason=(
                            f"destroyed by {possessive(label(state, owner))} {count} {troop}(s) that inflicted damage"
                        ),
                    )
                )
    return out


def victims_owed(
    state: GameState, pending: tuple[Allocation, Allocation], dead_before: tuple[str, ...], dead: list[str]
) -> tuple[int, int]:
    """Under `Rules.vrykolaka_victims='chosen'`: how many enemy troops each player chooses to destroy after the
    regular step (as many as there are, at most)."""
    if state.rules.vrykolaka_victims != "chosen":
        return (0, 0)
    owed = [0, 0]
    for owner, count, _troop in _vrykolaka_counts(state, pending, dead_before, dead):
        owed[owner] += count
    after = (*dead_before, *dead)
    return (min(owed[0], len(victim_options(state, 0, after))), min(owed[1], len(victim_options(state, 1, after))))


def victim_options(state: GameState, player: int, dead: Iterable[str] | None = None) -> list[str]:
    """The enemy troops `player` may choose to destroy (Rules.vrykolaka_victims='chosen'): every enemy troop on
    a base, in any territory, and the enemy special troops fighting in the battle; not those already destroyed;
    the strongest first."""
    gone = set(state.battle.dead if dead is None and state.battle is not None else dead or ())
    enemy = 1 - player
    fighting = _fighting(state, enemy)
    found: list[tuple[int, str]] = []
    for t, territory in enumerate(state.players[enemy].territories):
        for s, base in enumerate(territory):
            for i in range(base.troops if base is not None else 0):
                key = str(UnitKey.troop(enemy, t, s, i))
                unit = fighting.get(key)
                power = (
                    unit.toughness if unit is not None else combat.standing_power(state, UnitKey.troop(enemy, t, s, i))
                )
                found.append((power, key))
    found += [(u.toughness, k) for k, u in fighting.items() if u.kind == "special"]
    return [key for power, key in sorted(found, key=lambda pk: (-pk[0], pk[1])) if key not in gone]


def _fighting(state: GameState, owner: int) -> dict[str, combat.Unit]:
    """The units of `owner` fighting in the battle in progress, by key (none outside a battle)."""
    attackers, defenders = combat.fighters(state)
    return {u.key: u for u in (attackers if owner == state.attacker else defenders)}


def choose_victim(state: GameState, player: int, target: str, events: Events) -> GameState:
    """Destroy the enemy troop `player` chose for a Vrykolaka: one fighting in the battle joins the battle's
    dead (removed when it ends); one elsewhere leaves the board at once."""
    battle = state.battle
    if battle is None or battle.stage != "victims" or not battle.owed[player]:
        raise IllegalAction("no Vrykolaka's victim is to be chosen now", "variant.vrykolaka_victims")
    if target not in victim_options(state, player):
        raise IllegalAction(
            f"{target} is not an enemy troop still standing: choose one of "
            f"{', '.join(victim_options(state, player)) or 'none'}",
            "variant.vrykolaka_victims",
        )
    enemy = 1 - player
    fighting = _fighting(state, enemy)
    place = UnitKey.parse(target)
    if target in fighting:
        named = placed_name(fighting[target])
        battle = battle.replace(dead=(*battle.dead, target))
    else:
        t, s, i = place.troop_place()
        base = state.players[enemy].territories[t][s]
        assert base is not None
        named = named_in_slot(base_card(base.card).troop_name, place)
        territories = territories_without(state.players[enemy].territories, {(t, s): [i]}, ())
        state = state.with_player(enemy, state.players[enemy].replace(territories=territories))
    if events.narrate:
        events.append(
            Destroyed(
                rule="variant.vrykolaka_victims",
                player=enemy,
                who=label(state, enemy),
                target=target,
                target_name=named,
                reason=f"chosen by {label(state, player)} for their Vrykolaka(s)",
            )
        )
    owed = list(battle.owed)
    owed[player] -= 1
    return state.replace(battle=battle.replace(owed=(owed[0], owed[1])))


def placed_name(unit: combat.Unit) -> str:
    """A troop's name and where it stands, as events name it after its owner ('Zombie (territory 1, slot 2)')."""
    if unit.kind == "troop":
        return named_in_slot(unit.name, UnitKey.parse(unit.key))
    return f"{unit.name} (palace)"
