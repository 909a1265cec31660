"""What every step of Attack the Tower shares: the events list, players' names, small updates that return new
positions, and the check that raises IllegalAction with the rule broken."""

from __future__ import annotations

import functools
from collections.abc import Sequence

from rules.attack_the_tower.cards import BaseCard
from rules.attack_the_tower.catalog import army, base_card, card
from rules.attack_the_tower.errors import IllegalAction
from rules.attack_the_tower.events import Recruited, Said
from rules.attack_the_tower.model import (
    Allocation,
    Base,
    GameState,
    PileKind,
    Player,
    Territories,
)
from rules.attack_the_tower.rule_ids import RuleId
from rules.core.events import Events as CoreEvents
from rules.core.memo import identity_memo


class Events(CoreEvents):
    """What one step caused, in order, when it is narrated (`rules.core.events.Events`).

    A step that is not checked (`check=False`) belongs to a look-ahead playing battles out with the engine's
    own offers (its legal actions and allocation requests, checked when they were offered), so an allocation
    is not checked again against the request it came from. The position is the same either way."""

    __slots__ = ("check",)

    def __init__(self, narrate: bool = True, check: bool = True) -> None:
        super().__init__(narrate)
        self.check = check


SILENT = Events(narrate=False)
"""The events of a step that is not narrated: nothing is ever recorded in it, so one object serves every step."""
SILENT_UNCHECKED = Events(narrate=False, check=False)
"""The same for a look-ahead's step (see `Events`)."""


# Values that never change, built once: they are immutable, so one object serves every step.
NO_ALLOCATION = Allocation()
"""What a side with nothing to decide in a combat step hands in."""


ABILITY_WINDOW = Said(rule="battles.2 abilities", text="Both players may now play abilities.")


HEAL = Said(rule="battles.5 heal", text="The battle ends: every surviving troop and base heals completely.")


def label(state: GameState, player: int) -> str:
    """How events name a player: the army, and the seat when both play the same army.

    Events name players many times a step, so the names are remembered for the players' tuple asked about
    last (every position of a battle shares it)."""
    if player == 0 or player == 1:
        return _names(state.players)[player]
    players = state.players
    return _label(players[0].army, players[1].army, player)


@identity_memo(size=1)
def _names(players: tuple[Player, ...]) -> tuple[str, str]:
    a, b = players[0].army, players[1].army
    return _label(a, b, 0), _label(a, b, 1)


@functools.lru_cache(maxsize=64)
def _label(a: str, b: str, player: int) -> str:
    name = army((a, b)[player]).name
    return f"{name} (player {player + 1})" if a == b else name


def draw_pile(player: Player, kind: PileKind) -> tuple[str, ...]:
    """The player's draw pile of that kind: bases or abilities."""
    return player.base_pile if kind == "base" else player.ability_pile


def discard_pile(player: Player, kind: PileKind) -> tuple[str, ...]:
    """The player's discard pile of that kind: bases or abilities."""
    return player.base_discard if kind == "base" else player.ability_discard


def remove_one(cards: tuple[str, ...], cid: str) -> tuple[str, ...]:
    """The cards with one copy of `cid` taken out (ValueError when there is none)."""
    i = cards.index(cid)
    return cards[:i] + cards[i + 1 :]


def set_base(player: Player, territory: int, slot: int, base: Base | None) -> Player:
    """The player with one slot of a territory holding `base` (None empties it)."""
    return player.replace(territories=territories_with(player, territory, slot, base))


def territories_with(player: Player, territory: int, slot: int, base: Base | None) -> Territories:
    """The player's territories with one slot changed."""
    terr = list(player.territories[territory])
    terr[slot] = base
    territories = list(player.territories)
    territories[territory] = (terr[0], terr[1], terr[2])
    return territories[0], territories[1], territories[2]


def require(condition: bool, message: str, rule: RuleId) -> None:
    """IllegalAction with `message` (the player's words) citing `rule`, unless `condition` holds."""
    if not condition:
        raise IllegalAction(message, rule)


def discard_cards(player: Player, cards: Sequence[str]) -> Player:
    """The player with `cards` put on their discards: bases on the base discard, abilities on the ability discard."""
    bases = tuple(c for c in cards if isinstance(card(c), BaseCard))
    abilities = tuple(c for c in cards if not isinstance(card(c), BaseCard))
    return player.replace(
        base_discard=player.base_discard + bases,
        ability_discard=player.ability_discard + abilities,
    )


def recruited(
    state: GameState, rule: RuleId, player: int, territory: int, slot: int, base: Base, now: int
) -> Recruited:
    """The event of troops recruited on a base: from the troops `base` holds to `now`."""
    return Recruited(
        rule=rule,
        player=player,
        who=label(state, player),
        territory=territory,
        slot=slot,
        troop_name=base_card(base.card).troop_name,
        count=now - base.troops,
        now=now,
    )
