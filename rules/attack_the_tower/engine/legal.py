"""Legal actions: every action the player (or chance) may take now, each built once and reused."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from rules.attack_the_tower.actions import (
    Build,
    Burn,
    ChooseVictim,
    DeclareAttack,
    Discard,
    DrawCard,
    EndTurn,
    FinishBuilding,
    KeepHand,
    Pass,
    PlayAbility,
    Renew,
)
from rules.attack_the_tower.cards import (
    AbilityCard,
    BaseCard,
)
from rules.attack_the_tower.catalog import card
from rules.attack_the_tower.engine import card_effects, combat, vrykolaka
from rules.attack_the_tower.engine.reading import acting_players, chance_outcomes, current_player, drawable_piles
from rules.attack_the_tower.engine.turn import may_burn
from rules.attack_the_tower.model import (
    GameState,
    PileKind,
    Territory,
)
from rules.core.action_order import chained
from rules.core.memo import identity_memo
from rules.core.protocol import CHANCE, SIMULTANEOUS, TERMINAL


def _distinct(cards: Sequence[str]) -> list[str]:
    return sorted(set(cards))


def legal_actions(state: GameState, player: int | None = None) -> Sequence[Any]:
    """Every action `player` may take now (default: every acting player's); at a chance node, the
    possible cards.

    At an allocation, every distinct allocation (see combat.enumerate_vectors); allocations that only
    differ by which of two interchangeable troops is hit, are listed once. They can run to thousands, so
    they come as a sequence that builds each action when it is looked at (`combat.AllocateActions`).
    """
    who = current_player(state)
    if who == TERMINAL:
        return []
    if who == CHANCE:
        return list(chance_outcomes(state).outcomes()) if player is None else []
    if who == SIMULTANEOUS:
        each = _each_sides_actions(state)
        if player is not None:
            return each.get(player, [])
        return chained(list(each.values()))
    return _player_actions(state, who) if player in (None, who) else []


@identity_memo()
def _each_sides_actions(state: GameState) -> dict[int, Sequence[Any]]:
    """At a simultaneous combat step, each waiting side's allocations (lazy and immutable), the same objects
    whether one side's or everyone's are asked for, so an id is found by where its side's come."""
    return {side: _player_actions(state, side) for side in acting_players(state)}


def _player_actions(state: GameState, who: int) -> Sequence[Any]:
    p = state.players[who]
    phase = state.phase
    out: list[Any] = []
    if phase in ("setup_draw", "renewal_draw"):
        out = [_draw_action(who, k) for k in drawable_piles(state, who)]
    elif phase == "setup_keep":
        out = [_plain_action(KeepHand, who)]
        if may_burn(state, p):
            out.append(_plain_action(Burn, who))
    elif phase in ("setup_build", "renewal_build"):
        out = list(_build_actions(who, tuple(c for c in _distinct(p.hand) if isinstance(card(c), BaseCard))))
    elif phase == "renewal_discard":
        out = list(_discard_actions(who, p.hand))
    elif phase == "renewal_decision":
        out = list(_renew_actions(who))
    elif phase == "main" and who != state.attacker:  # the defender's window (Rules.main_phase_abilities)
        out = [*_ability_plays(state, who), _plain_action(Pass, who)]
    elif phase == "main":
        out = [*_attacks(state), *_ability_plays(state, who), _plain_action(EndTurn, who)]
    elif phase == "battle":
        battle = state.battle
        assert battle is not None
        if battle.stage == "abilities":
            out = [*_ability_plays(state, who), _plain_action(Pass, who)]
        elif battle.stage == "victims":  # the strongest first
            out = [ChooseVictim(who, key) for key in vrykolaka.victim_options(state, who)]
        else:
            request = combat.allocation_request(state, who)
            assert request is not None
            return request.actions()
    return out


def _ability_plays(state: GameState, who: int) -> tuple[PlayAbility, ...]:
    plays = _play_actions(who, state.players[who].hand)
    if not any(card_effects.needs_targets(a.card) for a in plays):
        return plays
    return tuple(
        PlayAbility(player=who, card=a.card, targets=targets)
        for a in plays
        for targets in card_effects.target_options(state, who, a.card)
    )


_Plain = KeepHand | Burn | FinishBuilding | EndTurn | Pass


@functools.lru_cache(maxsize=64)
def _plain_action(kind: type[_Plain], who: int) -> _Plain:
    """An action that names only the player (cached and shared, as `_reveal_action`)."""
    return kind(player=who)


@functools.lru_cache(maxsize=64)
def _draw_action(who: int, pile: PileKind) -> DrawCard:
    return DrawCard(player=who, pile=pile)


@functools.lru_cache(maxsize=8)
def _renew_actions(who: int) -> tuple[Renew, Renew]:
    return Renew(player=who, renew=True), Renew(player=who, renew=False)


@functools.lru_cache(maxsize=1024)
def _build_actions(who: int, bases: tuple[str, ...]) -> tuple[Build | FinishBuilding, ...]:
    """Every base card (distinct, sorted) on every slot, then finishing (cached, as `_reveal_action`)."""
    builds: list[Build | FinishBuilding] = [
        Build(player=who, card=c, territory=t, slot=s) for c in bases for t in range(3) for s in range(3)
    ]
    return (*builds, FinishBuilding(player=who))


@functools.lru_cache(maxsize=1024)
def _discard_actions(who: int, hand: tuple[str, ...]) -> tuple[Discard, ...]:
    return tuple(Discard(player=who, card=c) for c in _distinct(hand))


@functools.lru_cache(maxsize=1024)
def _play_actions(who: int, hand: tuple[str, ...]) -> tuple[PlayAbility, ...]:
    return tuple(PlayAbility(player=who, card=c) for c in _distinct(hand) if isinstance(card(c), AbilityCard))


def _special_subsets(n: int) -> list[tuple[int, ...]]:
    return [tuple(i for i in range(n) if mask >> i & 1) for mask in range(1 << n)]


def _attacks(state: GameState) -> list[DeclareAttack]:
    me = state.players[state.attacker]
    rules = state.rules
    limit = rules.attacks_per_territory_per_turn
    return list(
        _attack_list(
            state.attacker,
            tuple([_manned(terr) for terr in me.territories]),
            len(me.palace) if rules.special_troops_join_attacks else 0,
            () if limit is None else tuple(t for t in range(3) if state.attacks.count(t) >= limit),
        )
    )


def _manned(territory: Territory) -> bool:
    """Whether any base of the territory holds a troop (as `Player.troops_in(t) > 0`)."""
    return any(base is not None and base.troops > 0 for base in territory)


@functools.lru_cache(maxsize=1024)
def _attack_list(
    attacker: int, manned: tuple[bool, ...], specials_on_palace: int, spent: tuple[int, ...]
) -> tuple[DeclareAttack, ...]:
    subsets = _special_subsets(specials_on_palace)
    out = []
    for origin in range(3):
        if origin in spent:
            continue
        for specials in subsets:
            if not manned[origin] and not specials:
                continue
            out += [DeclareAttack(player=attacker, origin=origin, target=t, specials=specials) for t in range(3)]
    return tuple(out)
