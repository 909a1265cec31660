"""The card effects that act on the board rather than on a troop's power: Templar, Kaiju and Ninja (the Vrykolaka's
are in `vrykolaka`).

Each function reads its effect from the army data (`cards.py` holds the vocabulary) and the reading of an
ambiguous text from `Rules`; the engine calls them at the one moment each effect happens (an ability
played, combat beginning, the regular step resolved, the turn ending).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Collection, Iterable, Mapping

from rules.attack_the_tower.actions import PlayAbility
from rules.attack_the_tower.cards import (
    AbilityCard,
    CombatStartDamage,
    RaiseChosenTroop,
    SacrificeToDestroyBases,
    TroopType,
)
from rules.attack_the_tower.catalog import ability_card, base_card, card
from rules.attack_the_tower.engine import combat
from rules.attack_the_tower.engine.common import Events, label, territories_with
from rules.attack_the_tower.errors import IllegalAction
from rules.attack_the_tower.events import AbilityDamage, Destroyed, Said, possessive
from rules.attack_the_tower.model import Base, GameState, Player, Territories, as_territories
from rules.attack_the_tower.places import UnitKey

UnitNamer = Callable[[GameState, combat.Unit], str]
"""How events name a unit (the engine's `unit_label`, passed in: its module imports this one)."""


# ---- troops that carry their own power ------------------------------------------------------------
def without_troops(base: Base, indices: Iterable[int]) -> Base:
    """The base after the troops at these indices are removed (their power raises go with them)."""
    gone = set(indices)
    if not base.raised:
        return base.replace(troops=base.troops - len(gone))
    raised = tuple(r for i, r in enumerate(base.raised) if i not in gone)
    return base.replace(troops=base.troops - len(gone), raised=raised)


def territories_without(
    territories: Territories, losses: Mapping[tuple[int, int], list[int]], destroyed: Collection[tuple[int, int]]
) -> Territories:
    """The territories with the destroyed bases (territory, slot) and the lost troops (indices by base) removed
    (004 battles 5); only the rows touched are copied."""
    rows: dict[int, list[Base | None]] = {}
    for t, s in destroyed:
        rows.setdefault(t, list(territories[t]))[s] = None
    for (t, s), indices in losses.items():
        if (t, s) in destroyed:
            continue
        row = rows.setdefault(t, list(territories[t]))
        base = row[s]
        if base is not None:
            row[s] = without_troops(base, indices)
    new = [territories[t] if t not in rows else (rows[t][0], rows[t][1], rows[t][2]) for t in range(3)]
    return new[0], new[1], new[2]


def with_raise(base: Base, index: int, delta: int) -> Base:
    """The base after troop `index` has its power raised by `delta` (raises stay listed largest first)."""
    raised = list(base.raised)
    if index < len(raised):
        raised[index] += delta
    else:
        raised.append(delta)
    return base.replace(raised=tuple(sorted(raised, reverse=True)))


def end_of_turn(state: GameState) -> GameState:
    """Under `raised_troop_lasts='this_turn'`, every raised troop is an ordinary troop again."""
    if state.rules.raised_troop_lasts != "this_turn":
        return state
    players = []
    for p in state.players:
        if any(b.raised for _, _, b in p.bases()):
            rows = [[None if b is None else b.replace(raised=()) for b in terr] for terr in p.territories]
            p = p.replace(territories=as_territories(rows))
        players.append(p)
    return state.replace(players=(players[0], players[1]))


# ---- abilities that make their player choose -------------------------------------------------------
@functools.cache
def _target_effect(card_id: str) -> RaiseChosenTroop | SacrificeToDestroyBases | None:
    return next(
        (e for e in ability_card(card_id).effects if isinstance(e, RaiseChosenTroop | SacrificeToDestroyBases)), None
    )


def needs_targets(card_id: str) -> bool:
    """True for an ability whose player chooses what it acts on (Ninja, Kaiju)."""
    return _target_effect(card_id) is not None


def target_options(state: GameState, player: int, card_id: str) -> list[tuple[str, ...]]:
    """Every choice of targets the ability allows now (one empty choice when there is nothing to choose)."""
    effect = _target_effect(card_id)
    if isinstance(effect, RaiseChosenTroop):
        keys = _raisable_troops(state.players[player], player)
        return [(k,) for k in keys] or [()]
    if isinstance(effect, SacrificeToDestroyBases):
        return _base_choices(state, player, effect)
    return [()]


def _raisable_troops(p: Player, owner: int) -> list[str]:
    """One troop key per distinct choice: each distinct raise on a base, and one ordinary troop."""
    keys = []
    for t, s, b in p.bases():
        seen: set[int] = set()
        for i, r in enumerate(b.raised):
            if r not in seen:
                seen.add(r)
                keys.append(combat.troop_key(owner, t, s, i))
        if b.troops > len(b.raised):
            keys.append(combat.troop_key(owner, t, s, len(b.raised)))
    return keys


def _after_sacrifice(
    state: GameState, player: int, effect: SacrificeToDestroyBases
) -> tuple[Player, list[tuple[int, int]], list[int], list[int]]:
    """Kaiju: 'Sacrifice one Kaiju on each allied island'. The player after it, the (territory, slot) of
    each sacrifice, the territories where the player still has such troops, and those whose kaijus are spared
    (Kyudoka: 'Troops in the same territory as allied Kyudokas may be spared from sacrifice, even if other
    abilities demand it'; sparing is always taken, as after a battle)."""
    p = state.players[player]
    spared = _spared_territories(state, player)
    sacrificed = []
    still: set[int] = set()
    kept: set[int] = set()
    territories = [list(terr) for terr in p.territories]
    for t, s, b in p.bases():
        if base_card(b.card).troop_type == effect.troop_type and b.troops > 0:
            if t in spared:
                kept.add(t)
                still.add(t)
                continue
            territories[t][s] = without_troops(b, [b.troops - 1])
            sacrificed.append((t, s))
            if b.troops > 1:
                still.add(t)
    return p.replace(territories=as_territories(territories)), sacrificed, sorted(still), sorted(kept)


def _spared_territories(state: GameState, player: int) -> set[int]:
    """The territories of `player` holding a troop of a type that spares its territory from sacrifice (Kyudoka,
    while its ability is in play)."""
    types = combat.spare_types(combat.active_effects(state), player)
    if not types:
        return set()
    return {t for t, _s, b in state.players[player].bases() if b.troops and base_card(b.card).troop_type in types}


def _base_choices(state: GameState, player: int, effect: SacrificeToDestroyBases) -> list[tuple[str, ...]]:
    """Kaiju: every set of enemy bases the player may destroy, one for each territory with kaijus left."""
    _, _, still, _ = _after_sacrifice(state, player, effect)
    enemy = 1 - player
    bases = state.players[enemy].bases()
    if state.rules.kaiju_bases == "same_territory":
        per_territory = [[combat.base_key(enemy, t, s) for t2, s, _ in bases if t2 == t] for t in still]
        return [tuple(sorted(c)) for c in itertools.product(*[keys for keys in per_territory if keys])]
    keys = [combat.base_key(enemy, t, s) for t, s, _ in bases]
    return [tuple(c) for c in itertools.combinations(keys, min(len(still), len(keys)))]


def on_play(state: GameState, action: PlayAbility, ability: AbilityCard, events: Events) -> GameState:
    """Carry out the effects of an ability that act when it is played and make its player choose."""
    effect = _target_effect(action.card)
    if effect is None:
        if action.targets:
            raise IllegalAction(f"{ability.name} does not ask you to choose anything", "abilities")
        return state
    options = target_options(state, action.player, action.card)
    chosen = tuple(sorted(action.targets)) if isinstance(effect, SacrificeToDestroyBases) else action.targets
    if chosen not in options and not _same_choice(state, action.player, effect, chosen, options):
        raise IllegalAction(_bad_targets(ability, effect, options), "abilities")
    if isinstance(effect, RaiseChosenTroop):
        return _raise(state, action.player, effect, chosen, events)
    return _kaiju(state, action.player, effect, chosen, events)


def _same_choice(
    state: GameState,
    player: int,
    effect: RaiseChosenTroop | SacrificeToDestroyBases,
    chosen: tuple[str, ...],
    options: list[tuple[str, ...]],
) -> bool:
    """A Ninja may name any troop of a base, not only the one `target_options` lists for its kind."""
    if not isinstance(effect, RaiseChosenTroop) or len(chosen) != 1:
        return False
    place = UnitKey.read(chosen[0])
    if place is None or place.kind != "troop" or place.owner != player:
        return False
    t, s, i = place.troop_place()
    b = state.players[player].territories[t][s]
    return b is not None and i < b.troops


def _bad_targets(
    ability: AbilityCard, effect: RaiseChosenTroop | SacrificeToDestroyBases, options: list[tuple[str, ...]]
) -> str:
    if isinstance(effect, RaiseChosenTroop):
        return f"{ability.name}: choose one of your troops on the board (a key such as 'p0/t1/s2/0')"
    example = options[0] if options else ()
    return f"{ability.name}: choose {len(example)} enemy base(s) to destroy, for example {', '.join(example) or 'none'}"


def _raise(
    state: GameState, player: int, effect: RaiseChosenTroop, chosen: tuple[str, ...], events: Events
) -> GameState:
    if not chosen:
        if events.narrate:
            events.append(
                Said(rule="abilities", text=f"{label(state, player)} have no troop to make a {effect.becomes}.")
            )
        return state
    t, s, i = UnitKey.parse(chosen[0]).troop_place()
    p = state.players[player]
    b = p.territories[t][s]
    assert b is not None
    raised = with_raise(b, i, effect.delta)
    p = p.replace(territories=territories_with(p, t, s, raised))
    troop = base_card(b.card).troop_name
    now = b.raise_of(i) + effect.delta
    if events.narrate:
        events.append(
            Said(
                rule="abilities",
                text=f"{label(state, player)} make a {troop} (territory {t + 1}, slot {s + 1}) a {effect.becomes}: "
                f"its power is raised by {effect.delta} (it now carries +{now}).",
            )
        )
    return state.with_player(player, p)


def _kaiju(
    state: GameState,
    player: int,
    effect: SacrificeToDestroyBases,
    chosen: tuple[str, ...],
    events: Events,
) -> GameState:
    p, sacrificed, _, kept = _after_sacrifice(state, player, effect)
    who = label(state, player)
    if events.narrate:
        for t in kept:
            text = f"{possessive(who)} kaijus in territory {t + 1} are spared from sacrifice by its Kyudokas."
            events.append(Said(rule="abilities", text=text))
    for t, s in sacrificed:
        b = state.players[player].territories[t][s]
        assert b is not None
        if events.narrate:
            events.append(
                Destroyed(
                    rule="abilities",
                    player=player,
                    who=who,
                    target=combat.troop_key(player, t, s, b.troops - 1),
                    target_name=f"{base_card(b.card).troop_name} (territory {t + 1}, slot {s + 1})",
                    reason=f"sacrificed on its {base_card(b.card).name}",
                )
            )
    state = state.with_player(player, p)
    enemy = 1 - player
    q = state.players[enemy]
    for key in chosen:
        t, s = UnitKey.parse(key).slot_place()
        b = q.territories[t][s]
        assert b is not None
        q = q.replace(territories=territories_with(q, t, s, None), base_discard=(*q.base_discard, b.card))
        if events.narrate:
            events.append(
                Destroyed(
                    rule="abilities",
                    player=enemy,
                    who=label(state, enemy),
                    target=key,
                    target_name=f"{base_card(b.card).name} (territory {t + 1}, slot {s + 1})",
                    reason=f"destroyed by {possessive(who)} kaijus, with its {b.troops} troop(s)",
                )
            )
    return state.with_player(enemy, q)


# ---- effects inside combat -------------------------------------------------------------------------
def combat_start(state: GameState, events: Events, unit_label: UnitNamer) -> GameState:
    """Templar: 'During combat, allied templars cause 1 point of damage to enemy infantries': as combat
    begins (004: 'Steps 3 and 4 are collectively referred to as combat'), before the initiative step."""
    battle = state.battle
    assert battle is not None
    effects = [(o, e) for o, e in combat.battle_effects(state) if isinstance(e, CombatStartDamage)]
    if not effects:
        return state
    attackers, defenders = combat.fighters(state)
    sides = {state.attacker: (attackers, defenders), 1 - state.attacker: (defenders, attackers)}
    damage = dict(battle.damage)
    dead = list(battle.dead)
    for owner, e in dict.fromkeys(effects):
        own, enemy = sides[owner]
        count = sum(1 for u in own if u.kind == "troop" and u.troop_type == e.troop_type and u.key not in dead)
        if not count:
            continue
        amount = e.amount * (count if state.rules.templar_damage == "per_templar" else 1)
        for u in enemy:
            if u.kind != "troop" or u.troop_type not in e.target_types or u.key in dead:
                continue
            total = damage.get(u.key, 0) + amount
            damage[u.key] = total
            destroyed = total >= u.toughness
            if destroyed:
                dead.append(u.key)
            if events.narrate:
                events.append(
                    AbilityDamage(
                        rule="abilities",
                        player=owner,
                        who=label(state, owner),
                        source=f"{count} {troop_name(state, owner, e.troop_type)}(s)",
                        target=u.key,
                        target_name=unit_label(state, u),
                        amount=amount,
                        total=total,
                        toughness=u.toughness,
                        destroyed=destroyed,
                    )
                )
    new_battle = battle.replace(damage=tuple(sorted(damage.items())), dead=tuple(dead))
    return state.replace(battle=new_battle)


def troop_name(state: GameState, owner: int, troop_type: TroopType) -> str:
    """The name of the owner's troops of a type (e.g. 'Vrykolaka'), from the bases that recruit them."""
    cards = (base_card(b.card) for _, _, b in state.players[owner].bases())
    return next((bc.troop_name for bc in cards if bc.troop_type == troop_type), troop_type.replace("_", " "))


# ---- the second phase of the turn ------------------------------------------------------------------
def main_phase_actor(state: GameState) -> int:
    """Who decides in the second phase of the turn: the attacking player, except while the defending player
    has the window `Rules.main_phase_abilities='both'` opens (004: 'In this second phase of the turn,
    players may also play abilities at will')."""
    if state.rules.main_phase_abilities == "both" and state.actor == state.defender:
        return state.defender
    return state.attacker


def entering_main(state: GameState) -> GameState:
    """The second phase begins, or resumes after a battle: under `main_phase_abilities='both'` the defending
    player, holding an ability card, may first play abilities (then passes to the attacker)."""
    if state.rules.main_phase_abilities != "both" or state.phase != "main":
        return state
    hand = state.players[state.defender].hand
    if any(isinstance(card(c), AbilityCard) for c in hand):
        return state.replace(actor=state.defender)
    return state.replace(actor=state.attacker)


def end_main_window(state: GameState, player: int, events: Events) -> GameState:
    """The defending player plays no more abilities for now: the attacking player decides again."""
    if main_phase_actor(state) != player or player == state.attacker:
        raise IllegalAction("there is no ability window open", "battles.2 abilities")
    if events.narrate:
        events.append(
            Said(rule="turn.2 abilities", text=f"{label(state, player)} play no more abilities before the next battle.")
        )
    return state.replace(actor=state.attacker)


def may_play_now(state: GameState, player: int) -> bool:
    """Whether `player` may play an ability in this position (the explorer greys the button otherwise)."""
    if state.phase == "main":
        return player == main_phase_actor(state)
    battle = state.battle
    return battle is not None and battle.stage == "abilities" and battle.actor == player
