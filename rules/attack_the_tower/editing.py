"""Position editing for designers: each edit returns a new, fully validated position.

An edit moves cards the way a player would at the table (a base comes from the base pile, a card back
to it), so the decks stay whole; an edit the rules forbid raises IllegalPosition naming the problem,
and the position it was given is untouched (positions are immutable).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rules.attack_the_tower.cards import BaseCard
from rules.attack_the_tower.catalog import army_ids, card
from rules.attack_the_tower.engine.common import remove_one, territories_with
from rules.attack_the_tower.game import POSITION
from rules.attack_the_tower.model import SLOTS, TERRITORIES, Base, GameState, Player, new_player
from rules.attack_the_tower.variants import Rules
from rules.core import limits, sharecode
from rules.core.errors import IllegalPosition, Problem
from rules.core.records import json_data

SHARE_PREFIX = "ATT1-"


def _rebuilt(state: GameState, **changes: Any) -> GameState:
    """The position with some fields changed, validated from scratch."""
    data = POSITION.data(state)
    data.update({k: json_data(v) for k, v in changes.items()})
    return POSITION.validate(data)


def _refill(player: Player) -> Player:
    """Put every card of the deck that is nowhere else back into its draw pile."""
    full = Counter(new_player(player.army).all_cards())
    missing = full - Counter(player.all_cards())
    bases = [c for c in missing.elements() if isinstance(card(c), BaseCard)]
    abilities = [c for c in missing.elements() if not isinstance(card(c), BaseCard)]
    return player.replace(
        base_pile=tuple(sorted((*player.base_pile, *bases))),
        ability_pile=tuple(sorted((*player.ability_pile, *abilities))),
    )


def _take(player: Player, card_id: str) -> Player:
    """Take one copy of a card for the board, hand or palace: from its draw pile, else from a discard."""
    for field in ("base_pile", "ability_pile", "base_discard", "ability_discard"):
        cards: tuple[str, ...] = getattr(player, field)
        if card_id in cards:
            change: dict[str, Any] = {field: remove_one(cards, card_id)}  # a field named at run time
            return player.replace(**change)
    name = card(card_id).name
    raise IllegalPosition(
        [Problem("", f"every copy of {name} is already in use (the deck holds {card(card_id).copies})")]
    )


def _check_card(player: Player, card_id: str) -> None:
    try:
        c = card(card_id)
    except KeyError:
        raise IllegalPosition([Problem("card", f"there is no card {card_id!r}")]) from None
    if not card_id.startswith(player.army + "."):
        raise IllegalPosition([Problem("card", f"{c.name} is not a card of this army")])


def _check_place(player: object, territory: object, slot: object) -> None:
    """Indices from the editor are checked, never wrapped around (-1 is not the last player)."""
    limits.whole_number("player", player, 0, 1)
    limits.whole_number("territory", territory, 0, TERRITORIES - 1)
    limits.whole_number("slot", slot, 0, SLOTS - 1)


def set_base(
    state: GameState, player: int, territory: int, slot: int, card_id: str | None, troops: int = 0
) -> GameState:
    """Put a base (from the pile) with `troops` counters on a slot, or clear the slot (card_id None)."""
    _check_place(player, territory, slot)
    troops = limits.whole_number("troops", troops, 0, limits.rules_number_limit("max_troops_per_base"))
    p = state.players[player]
    if card_id is not None:
        _check_card(p, card_id)
        if not isinstance(card(card_id), BaseCard):
            raise IllegalPosition([Problem("card", f"{card(card_id).name} is an ability, not a base")])
    p = _refill(p.replace(territories=territories_with(p, territory, slot, None)))
    if card_id is not None:
        p = _take(p, card_id)
        p = p.replace(territories=territories_with(p, territory, slot, Base(card=card_id, troops=troops)))
    return _rebuilt(state.with_player(player, p))


def set_troops(state: GameState, player: int, territory: int, slot: int, troops: int) -> GameState:
    """Set the troop counters on a built base."""
    _check_place(player, territory, slot)
    base = _built(state, player, territory, slot)
    state = set_base(state, player, territory, slot, base.card, troops)
    if base.raised:  # the raised troops (Ninjas) stay, as many as the base still holds
        return set_raised(state, player, territory, slot, base.raised[:troops])
    return state


def set_raised(state: GameState, player: int, territory: int, slot: int, raised: tuple[int, ...]) -> GameState:
    """Give troops of a built base their own power raises (a Ninja's +3), one number per raised troop."""
    base = _built(state, player, territory, slot)
    if len(raised) > base.troops or any(r < 1 for r in raised):
        where = f"players.{player}.territories.{territory}.{slot}"
        raise IllegalPosition(
            [Problem(where, f"a base with {base.troops} troop(s) can raise at most that many, each by at least 1")]
        )
    p = state.players[player]
    raised_base = base.replace(raised=tuple(sorted(raised, reverse=True)))
    return _rebuilt(state.with_player(player, p.replace(territories=territories_with(p, territory, slot, raised_base))))


def _built(state: GameState, player: int, territory: int, slot: int) -> Base:
    """The base built on a slot; IllegalPosition when there is none."""
    base = state.players[player].territories[territory][slot]
    if base is None:
        where = f"players.{player}.territories.{territory}.{slot}"
        raise IllegalPosition([Problem(where, "there is no base on this slot to hold troops")])
    return base


def set_cards(state: GameState, player: int, where: str, cards: list[str]) -> GameState:
    """Set the hand, the palace's special troops or the abilities in play (cards come from the piles)."""
    if where not in ("hand", "palace", "in_play"):
        raise IllegalPosition([Problem("where", "cards can be set in the hand, the palace or in play")])
    limits.whole_number("player", player, 0, 1)
    p = state.players[player]
    for c in cards:
        _check_card(p, c)
    emptied: dict[str, Any] = {where: ()}  # a field named at run time
    p = _refill(p.replace(**emptied))
    for c in cards:
        p = _take(p, c)
    chosen: dict[str, Any] = {where: tuple(cards)}
    return _rebuilt(state.with_player(player, p.replace(**chosen)))


def set_attacker(state: GameState, player: int) -> GameState:
    """Make `player` the attacking player (in the second phase of the turn, outside battles)."""
    if state.phase == "battle":
        raise IllegalPosition([Problem("attacker", "the attacking player cannot change during a battle")])
    limits.whole_number("player", player, 0, 1)
    return _rebuilt(state, attacker=player, actor=player, attacks=())


def set_armies(state: GameState, armies: tuple[str, str]) -> GameState:
    """A fresh board for two armies (bases, hands and palaces cleared; decks whole)."""
    for a in armies:
        if a not in army_ids():
            raise IllegalPosition([Problem("army", f"unknown army {a!r} (armies: {', '.join(army_ids())})")])
    return _rebuilt(
        state,
        players=[new_player(armies[0]), new_player(armies[1])],
        phase="main",
        battle=None,
        attacks=(),
        drawing=None,
        draws_left=0,
        winner=None,
        termination=None,
    )


def set_rules(state: GameState, rules: Rules) -> GameState:
    """The same position under another rule variant (validated again: a variant can make it illegal)."""
    return _rebuilt(state, rules=rules)


def share_code(state: GameState) -> str:
    """A compact string that reproduces the position exactly (see rules.core.sharecode)."""
    return sharecode.share_code(POSITION, state, SHARE_PREFIX)


def from_share_code(code: str) -> GameState:
    """The position a share code describes; MalformedFile when the code is damaged."""
    return sharecode.from_share_code(POSITION, code, SHARE_PREFIX, "Attack the Tower")
