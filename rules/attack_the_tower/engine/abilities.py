"""Ability cards: playing one, recruiting troops and special troops, and keeping special troops only while
complete territories maintain them."""

from __future__ import annotations

from rules.attack_the_tower.actions import PlayAbility
from rules.attack_the_tower.cards import (
    AbilityCard,
    Recruit,
)
from rules.attack_the_tower.catalog import ability_card, base_card, card
from rules.attack_the_tower.engine import card_effects
from rules.attack_the_tower.engine.common import Events, label, recruited, remove_one, require, set_base
from rules.attack_the_tower.events import (
    Destroyed,
    Said,
)
from rules.attack_the_tower.model import GameState, complete_territories, renumbered_specials, unmaintained_specials


def apply_play(state: GameState, action: PlayAbility, events: Events) -> GameState:
    """Play an ability (abilities): its special troop is recruited on the palace, or the card goes into play and acts;
    IllegalAction outside the second phase and a battle's ability window, or for a base or a card not in hand."""
    in_window = state.phase == "battle" and state.battle is not None and state.battle.stage == "abilities"
    require(
        state.phase == "main" or in_window,
        "abilities are played in the second phase of the turn or before a battle's combat",
        "battles.2 abilities",
    )
    p = state.players[action.player]
    require(action.card in p.hand, "that card is not in your hand", "abilities")
    ability = card(action.card)
    require(
        isinstance(ability, AbilityCard),
        f"{ability.name} is a base; bases are built, not played",
        "abilities",
    )
    assert isinstance(ability, AbilityCard)
    p = p.replace(hand=remove_one(p.hand, action.card))
    who = label(state, action.player)
    if ability.special_troop is not None:
        state = _recruit_special(state.with_player(action.player, p), action.player, action.card, events)
    else:
        p = p.replace(in_play=(*p.in_play, action.card))
        state = state.with_player(action.player, p)
        note = "" if ability.not_implemented is None else " (its effect is not implemented yet)"
        if events.narrate:
            events.append(Said(rule="abilities", text=f'{who} play {ability.name}: "{ability.text}"{note}'))
        for effect in ability.effects:
            if isinstance(effect, Recruit):
                state = _recruit_effect(state, action.player, effect, ability.name, events)
        state = card_effects.on_play(state, action, ability, events)
        state = maintain_specials(state, events)
    if in_window:
        assert state.battle is not None
        state = state.replace(battle=state.battle.replace(passes=0))
    return state


def _recruit_effect(state: GameState, player: int, effect: Recruit, name: str, events: Events) -> GameState:
    p = state.players[player]
    limit = state.rules.max_troops_per_base
    for t, s, b in p.bases():
        troop_type = base_card(b.card).troop_type
        if troop_type not in effect.troop_types:
            continue
        if effect.only_in_territories_with is not None and not any(
            other is not None
            and other.troops > 0
            and base_card(other.card).troop_type == effect.only_in_territories_with
            for other in p.territories[t]
        ):
            continue
        target = limit if effect.amount == "fill" else min(limit, b.troops + effect.amount)
        if target > b.troops:
            p = set_base(p, t, s, b.replace(troops=target))
            if events.narrate:
                events.append(recruited(state, "abilities", player, t, s, b, target))
    return state.with_player(player, p)


def _recruit_special(state: GameState, player: int, cid: str, events: Events) -> GameState:
    spec = ability_card(cid).special_troop
    assert spec is not None
    p = state.players[player]
    who = label(state, player)
    if "unique" in spec.traits:
        older = [c for c in p.palace if "unique" in (ability_card(c).special_troop.traits)]  # type: ignore[union-attr]
        for c in older:
            p = p.replace(palace=remove_one(p.palace, c), ability_discard=(*p.ability_discard, c))
            if events.narrate:
                events.append(
                    Destroyed(
                        rule="traits.unique",
                        player=player,
                        who=who,
                        target=f"p{player}/palace",
                        target_name=ability_card(c).special_troop.name,  # type: ignore[union-attr]
                        reason="a newer unique troop was recruited",
                    )
                )
    p = p.replace(palace=(*p.palace, cid))
    if events.narrate:
        events.append(
            Said(rule="abilities.special", text=f"{who} recruit a {spec.name} (power {spec.power}) on the palace.")
        )
    return maintain_specials(state.with_player(player, p), events)


def maintain_specials(state: GameState, events: Events) -> GameState:
    """000: 'for each special troop on your palace, you'll have to control a complete territory with
    three bases ... if you fail to meet this requisite, the special troop is immediately destroyed'."""
    for index in (0, 1):
        p = state.players[index]
        unmaintained = unmaintained_specials(p.palace, p.territories)
        if not unmaintained:
            continue
        for i in unmaintained:
            cid = p.palace[i]
            p = p.replace(
                palace=p.palace[:i] + p.palace[i + 1 :],
                ability_discard=(*p.ability_discard, cid),
            )
            if events.narrate:
                events.append(
                    Destroyed(
                        rule="abilities.special",
                        player=index,
                        who=label(state, index),
                        target=f"p{index}/palace/{i}",
                        target_name=ability_card(cid).special_troop.name,  # type: ignore[union-attr]
                        reason=(
                            f"only {complete_territories(p.territories)} complete territories maintain special troops"
                        ),
                    )
                )
            state = _forget_special(state, index, i)
        state = state.with_player(index, p)
    return state


def _forget_special(state: GameState, player: int, index: int) -> GameState:
    """A battle in progress forgets a special troop removed from the palace mid-battle (a base destroyed by an
    ability breaks a complete territory): the attacker's joined troops, damage and deaths are renumbered
    to the palace indices left, so the battle goes on with the troops that still exist."""
    battle = state.battle
    if battle is None:
        return state
    prefix = f"p{player}/palace/"

    def renumbered(key: str) -> str | None:
        if not key.startswith(prefix):
            return key
        i = int(key[len(prefix) :])
        return None if i == index else f"{prefix}{i - 1 if i > index else i}"

    specials = battle.specials
    if player == state.attacker:
        specials = renumbered_specials(specials, (index,))
    damage = tuple((k, n) for key, n in battle.damage if (k := renumbered(key)) is not None)
    dead = tuple(k for key in battle.dead if (k := renumbered(key)) is not None)
    return state.replace(battle=battle.replace(specials=specials, damage=damage, dead=dead))
