"""The end of a battle (004 battles 5): the destroyed removed (with the Vampire's count, sacrifices after
battle and the Huns' unmanned bases), the survivors healed, the palace fallen or attacked at once."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from rules.attack_the_tower.cards import (
    TROOP_TYPES,
    SacrificeAfterBattle,
    SacrificeUnmannedBases,
)
from rules.attack_the_tower.catalog import ability_card, base_card
from rules.attack_the_tower.engine import card_effects, combat
from rules.attack_the_tower.engine.abilities import maintain_specials
from rules.attack_the_tower.engine.common import (
    ABILITY_WINDOW,
    HEAL,
    Events,
    label,
    set_base,
)
from rules.attack_the_tower.events import (
    Destroyed,
    GameWon,
    Said,
    possessive,
)
from rules.attack_the_tower.model import (
    EMPTY_TERRITORY,
    Battle,
    GameState,
    Player,
    renumbered_specials,
)
from rules.attack_the_tower.places import UnitKey
from rules.attack_the_tower.text import named_in_slot


def unit_label(state: GameState, unit: combat.Unit) -> str:
    """How events name a battle's unit: its owner's troop or base and where it stands, a special troop or the palace."""
    return _unit_name(label(state, unit.owner), unit.kind, unit.key, unit.name)


@functools.lru_cache(maxsize=4096)
def _unit_name(owner: str, kind: str, key: str, name: str) -> str:
    """How events name a unit (cached: the same few units are named at every step of a battle)."""
    if kind in ("troop", "base"):
        return f"{possessive(owner)} {named_in_slot(name, UnitKey.parse(key))}"
    if kind == "special":
        return f"{possessive(owner)} {name} (palace)"
    return f"{possessive(owner)} palace"


def _index_of(key: str) -> int:
    """A special troop's place in its palace ('p1/palace/0' is the first)."""
    index = UnitKey.parse(key).index
    assert index is not None
    return index


def _without_destroyed(player: Player, own: list[combat.Unit], dead: set[str]) -> tuple[dict[str, Any], bool]:
    """The fields of `player` that change when its destroyed troops, bases and special troops are removed
    (004 battles 5), and whether its palace fell."""
    fallen = [u for u in own if u.key in dead]
    if not fallen:
        return {}, False
    destroyed: set[tuple[int, int]] = set()
    base_discard = player.base_discard
    losses: dict[tuple[int, int], list[int]] = {}
    fallen_specials = []
    palace_fell = False
    for u in fallen:
        kind = u.kind
        if kind == "troop":
            t, s, i = UnitKey.parse(u.key).troop_place()
            losses.setdefault((t, s), []).append(i)
        elif kind == "base":
            t, s = UnitKey.parse(u.key).slot_place()
            old = player.territories[t][s]
            assert old is not None
            destroyed.add((t, s))
            base_discard = (*base_discard, old.card)
        elif kind == "palace":
            palace_fell = True
        else:
            fallen_specials.append(_index_of(u.key))
    changes: dict[str, Any] = {}
    if destroyed or losses:
        changes["territories"] = card_effects.territories_without(player.territories, losses, destroyed)
        changes["base_discard"] = base_discard
    if fallen_specials:
        palace, returning, ability_discard = player.palace, player.returning, player.ability_discard
        for i in sorted(fallen_specials, reverse=True):
            cid = palace[i]
            spec = ability_card(cid).special_troop
            assert spec is not None
            palace = palace[:i] + palace[i + 1 :]
            if spec.returns_at_end_of_turn:
                returning = (*returning, cid)
            else:
                ability_discard = (*ability_discard, cid)
        changes.update(palace=palace, returning=returning, ability_discard=ability_discard)
    return changes, palace_fell


def end_battle(state: GameState, events: Events) -> GameState:
    """004 battles 5: remove the destroyed, then all survivors heal; the palace falls or is attacked.

    The changes to each player are gathered first and made with one copy of each player."""
    battle = state.battle
    assert battle is not None
    attackers, defenders = combat.who_fought(state)
    dead = set(battle.dead)
    att = state.attacker
    dfn = 1 - att
    effects = combat.battle_effects(state)
    changes = _vampire_kills(state, attackers, defenders, dead)
    if effects:
        dead |= _sacrificed(state, effects, attackers, defenders, dead, events)

    # Remove destroyed troops, bases and special troops.
    winner = None
    players = list(state.players)
    for side, own in ((att, attackers), (dfn, defenders)):
        removed, palace_fell = _without_destroyed(players[side], own, dead)
        changes[side].update(removed)
        if changes[side]:
            players[side] = players[side].replace(**changes[side])
        if palace_fell:
            winner = att
    players[dfn] = _huns_sacrifice(state, effects, attackers, players[dfn], events)

    if events.narrate:
        events.append(HEAL)
    if winner is not None:
        if events.narrate:
            events.append(GameWon(rule="palace", player=winner, who=label(state, winner)))
        return state.replace(
            players=(players[0], players[1]),
            battle=None,
            phase="game_over",
            winner=winner,
            termination="palace_destroyed",
        )
    state = state.replace(players=(players[0], players[1]), battle=None, phase="main")
    state = card_effects.entering_main(maintain_specials(state, events))
    if battle.at_palace:
        return state
    return _to_the_palace(state, battle, attackers, dead, events)


def _vampire_kills(
    state: GameState, attackers: list[combat.Unit], defenders: list[combat.Unit], dead: set[str]
) -> list[dict[str, Any]]:
    """Vampire: each player's count of enemy troops killed in battles where allied troops of each type fought."""
    att = state.attacker
    changes: list[dict[str, Any]] = [{}, {}]
    for side, own, enemy in ((att, attackers, defenders), (1 - att, defenders, attackers)):
        kills = sum(1 for u in enemy if u.key in dead and u.kind not in combat.STRUCTURE_KINDS)
        if kills:
            fought = {u.troop_type for u in own if u.kind == "troop"}
            p = state.players[side]
            changes[side]["kills_alongside"] = tuple(
                [c + (kills if t in fought else 0) for c, t in zip(p.kills_alongside, TROOP_TYPES, strict=True)]
            )
    return changes


def _sacrificed(
    state: GameState,
    effects: Sequence[tuple[int, Any]],
    attackers: list[combat.Unit],
    defenders: list[combat.Unit],
    dead: set[str],
    events: Events,
) -> set[str]:
    """Sacrifice after battle (Monks, Samurai), unless spared (Kyudoka): the keys of the troops sacrificed."""
    att = state.attacker
    sacrificed: set[str] = set()
    for side, own in ((att, attackers), (1 - att, defenders)):
        types = {t for eo, e in effects if eo == side and isinstance(e, SacrificeAfterBattle) for t in e.troop_types}
        if not types:
            continue
        sparing = combat.spare_types(effects, side)
        spared = any(u.troop_type in sparing and u.key not in dead for u in own if u.kind == "troop")
        for u in own:
            if u.kind == "troop" and u.troop_type in types and u.key not in dead:
                if spared:
                    if events.narrate:
                        events.append(Said(rule="abilities", text=f"{unit_label(state, u)} is spared from sacrifice."))
                    continue
                sacrificed.add(u.key)
                if events.narrate:
                    events.append(
                        Destroyed(
                            rule="abilities",
                            player=side,
                            who=label(state, side),
                            target=u.key,
                            target_name=u.name,
                            reason="sacrificed after battling",
                        )
                    )
    return sacrificed


def _huns_sacrifice(
    state: GameState, effects: Sequence[tuple[int, Any]], attackers: list[combat.Unit], p: Player, events: Events
) -> Player:
    """Huns: defending bases with no troops on them are sacrificed after battling against them."""
    battle = state.battle
    assert battle is not None
    att, dfn = state.attacker, 1 - state.attacker
    for eo, e in effects:
        if (
            eo == att
            and isinstance(e, SacrificeUnmannedBases)
            and not battle.at_palace
            and any(u.kind == "troop" and u.troop_type == e.attacking_troop_type for u in attackers)
        ):
            for s, b in enumerate(p.territories[battle.target]):
                if b is not None and b.troops == 0:
                    p = set_base(p, battle.target, s, None).replace(base_discard=(*p.base_discard, b.card))
                    if events.narrate:
                        events.append(
                            Destroyed(
                                rule="abilities",
                                player=dfn,
                                who=label(state, dfn),
                                target=combat.base_key(dfn, battle.target, s),
                                target_name=base_card(b.card).name,
                                reason="a base with no troops, sacrificed after battling the Huns",
                            )
                        )
    return p


def _to_the_palace(
    state: GameState, battle: Battle, attackers: list[combat.Unit], dead: set[str], events: Events
) -> GameState:
    """A territory left without bases: the attacker's survivors (special troops renumbered past the fallen
    ones) attack the defender's palace at once."""
    att, dfn = state.attacker, 1 - state.attacker
    defender_territory = state.players[dfn].territories[battle.target]
    if defender_territory != EMPTY_TERRITORY:
        return state
    fallen = [_index_of(u.key) for u in attackers if u.kind == "special" and u.key in dead]
    survivors_specials = renumbered_specials(battle.specials, fallen)
    survivors = state.players[att].troops_in(battle.origin) + len(survivors_specials)
    if survivors > 0:
        if events.narrate:
            events.append(
                Said(
                    rule="palace",
                    text=f"{possessive(label(state, att))} {survivors} surviving troop(s) attack "
                    f"{possessive(label(state, dfn))} palace.",
                )
            )
        palace_battle = Battle(
            origin=battle.origin,
            target=battle.target,
            at_palace=True,
            specials=survivors_specials,
            actor=att,
        )
        if events.narrate:
            events.append(ABILITY_WINDOW)
        return state.replace(phase="battle", battle=palace_battle)
    return state
