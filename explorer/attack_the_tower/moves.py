"""The moves a person may make now, in a player's words: what the "your move" list of the panel offers
(renew, draw, build, attack, play an ability, pass, end the turn), with the draws of a hand in one move, and the
move a click on the board makes (a card in hand, then a slot or a troop). The rules package says which moves
are legal and words them (rules.attack_the_tower.text); this module only lists them and finds the one a
click means."""

from __future__ import annotations

from typing import Any

from rules.attack_the_tower import engine
from rules.attack_the_tower.actions import (
    Allocate,
    Build,
    ChooseVictim,
    DrawCard,
    PlayAbility,
)
from rules.attack_the_tower.catalog import base_card, card
from rules.attack_the_tower.model import GameState
from rules.attack_the_tower.places import UnitKey
from rules.attack_the_tower.text import describe_action
from rules.core.errors import RulesError


def is_base_card(card_id: str) -> bool:
    """Whether a card is a base (else an ability)."""
    try:
        base_card(card_id)
    except KeyError:
        return False
    return True


DRAWING = ("setup_draw", "renewal_draw")


def draw_all(state: GameState) -> list[tuple[str, tuple[DrawCard, ...]]]:
    """While a player draws several cards (the opening hand, a renewal's two): every way to draw them all in one
    move, so many from each pile (each draw still a step of its own, its card drawn by chance)."""
    if state.phase not in DRAWING or state.draws_left < 2 or not engine.acting_players(state):
        return []
    legal = [a for a in engine.legal_actions(state) if isinstance(a, DrawCard)]
    if len({a.pile for a in legal}) < 2:
        return []
    player, left = legal[0].player, state.draws_left
    p = state.players[player]
    moves = []
    for bases in range(left, -1, -1):
        abilities = left - bases
        if bases <= len(p.base_pile) and abilities <= len(p.ability_pile):
            draws = (DrawCard(player=player, pile="base"),) * bases
            draws += (DrawCard(player=player, pile="ability"),) * abilities
            words = f"draw all {left} cards: {bases} from the base pile, {abilities} from the ability pile"
            moves.append((words, draws))
    return moves


def person_moves(state: GameState) -> list[tuple[str, Any]]:
    """(words, move) for every legal move of the players acting now (a move is an action, or a tuple of actions
    made one after the other: all the draws of a hand); none at a draw or the end.

    Damage allocations are left out: a person distributes damage by clicking the board."""
    if not engine.acting_players(state):  # a draw, or the end
        return []
    moves = [a for a in engine.legal_actions(state) if not isinstance(a, Allocate)]
    return [*draw_all(state), *((describe_action(state, a), a) for a in moves)]


def hand_key(player: int, card_id: str) -> str:
    """The board key of a card in a player's hand: 'hand:0:undead.graveyard'."""
    return f"hand:{player}:{card_id}"


def read_hand_key(key: str) -> tuple[int, str] | None:
    """(player, card id) of a hand card's key, or None for any other key."""
    kind, _, rest = key.partition(":")
    player, _, card_id = rest.partition(":")
    return (int(player), card_id) if kind == "hand" and player.isdigit() and card_id else None


def clicked_move(state: GameState, chosen: tuple[int, str], key: str | None) -> Any | None:
    """The legal move a card chosen in hand makes, then a click on `key` (None: the card alone): a base built on
    the slot clicked, an ability played (on the troop or base clicked when it asks for one); None when no
    legal move matches (the engine then says why when the move is tried)."""
    player, card_id = chosen
    place = UnitKey.read(key) if key is not None else None
    for action in engine.legal_actions(state):
        mine = getattr(action, "player", None) == player and getattr(action, "card", None) == card_id
        if not mine:
            continue
        if (
            isinstance(action, Build)
            and place is not None
            and place == UnitKey.base(player, action.territory, action.slot)
        ):
            return action
        if isinstance(action, PlayAbility) and action.targets == (() if key is None else (key,)):
            return action
    return None


def victim_move(state: GameState, key: str) -> ChooseVictim | None:
    """The Vrykolaka's victim a click chooses (Rules.vrykolaka_victims='chosen'), or None."""
    for action in engine.legal_actions(state):
        if isinstance(action, ChooseVictim) and action.target == key:
            return action
    return None


def tried_move(state: GameState, chosen: tuple[int, str], key: str) -> Any:
    """The move a click means when no legal move matches, for the engine to refuse in its words: a base built
    on the slot clicked, or the ability played on what was clicked."""
    player, card_id = chosen
    place = UnitKey.read(key)
    if is_base_card(card_id):
        if place is None or place.territory is None or place.slot is None or place.owner != player:
            raise RulesError(f"{card(card_id).name} is built on a slot of your own territories: click one of them")
        return Build(player=player, card=card_id, territory=place.territory, slot=place.slot)
    return PlayAbility(player=player, card=card_id, targets=(key,))
