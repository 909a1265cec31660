"""What each player of Attack the Tower sees, and the positions it cannot tell apart.

A player sees the whole board, both palaces, every discard and the cards in play, its own hand and piles,
and of the opponent only how many base and ability cards the hand and each pile hold (the two decks have
different backs, and every draw says which pile it is from). During a simultaneous combat step a side sees
that the other has handed in its allocation, not what it is, until both are in (004 battles 3 and 4).

A hidden allocation is a choice, not chance, so the rules give it no probability: a determinisation deals
it uniformly among the other side's legal allocations (a search that models the opponent better passes
its own positions)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rules.attack_the_tower.catalog import is_base_card
from rules.attack_the_tower.engine import combat
from rules.attack_the_tower.model import Allocation, GameState, Player
from rules.core.chance import ChanceSampler
from rules.core.distribution import Distribution
from rules.core.protocol import hand_deals, sample_hand
from rules.core.records import json_data


def observation(state: GameState, player: int) -> dict[str, Any]:
    """The position as `player` knows it, as JSON data."""
    data: dict[str, Any] = json_data(state)
    other = 1 - player
    hidden = state.players[other]
    seen = data["players"][other]
    seen["hand"] = {
        "base cards": sum(is_base_card(c) for c in hidden.hand),
        "ability cards": sum(not is_base_card(c) for c in hidden.hand),
    }
    seen["base_pile"] = {"cards": len(hidden.base_pile)}
    seen["ability_pile"] = {"cards": len(hidden.ability_pile)}
    battle = data.get("battle")
    if battle is not None and battle["stage"] in ("initiative", "regular"):
        pending = battle["pending"]
        if pending[player] is None and pending[other] is not None:
            pending[other] = "handed in, hidden"
    data["seen_by"] = player
    return data


def hidden_pool(player: Player) -> tuple[Counter[str], Counter[str], int, int]:
    """The opponent's unseen cards of each kind (hand and pile together) and how many of each kind the
    hand holds."""
    bases = Counter(c for c in player.hand if is_base_card(c)) + Counter(player.base_pile)
    abilities = Counter(c for c in player.hand if not is_base_card(c)) + Counter(player.ability_pile)
    in_hand = sum(is_base_card(c) for c in player.hand)
    return bases, abilities, in_hand, len(player.hand) - in_hand


def _dealt(state: GameState, other: int, base_hand: tuple[str, ...], ability_hand: tuple[str, ...]) -> GameState:
    """The position with the opponent's hand replaced: base and ability cards keep their places in the hand,
    the rest of each kind makes up the pile."""
    hidden = state.players[other]
    bases, abilities, _, _ = hidden_pool(hidden)
    hand = _placed(hidden.hand, base_hand, ability_hand)
    base_pile = tuple(sorted((bases - Counter(base_hand)).elements()))
    ability_pile = tuple(sorted((abilities - Counter(ability_hand)).elements()))
    return state.with_player(other, hidden.replace(hand=hand, base_pile=base_pile, ability_pile=ability_pile))


def _hidden_choice(state: GameState, player: int) -> tuple[int, list[Allocation]] | None:
    """The other side and its legal allocations when it has handed in one that `player` cannot see."""
    battle = state.battle
    other = 1 - player
    if battle is None or battle.stage not in ("initiative", "regular"):
        return None
    if battle.pending[player] is not None or battle.pending[other] is None:
        return None
    request = combat.allocation_request(state.replace(battle=battle.replace(pending=(None, None))), other)
    if request is None:  # nothing to distribute: its empty allocation hides nothing
        return None
    return other, request.allocations()


def _with_choice(state: GameState, other: int, allocation: Allocation) -> GameState:
    battle = state.battle
    assert battle is not None
    pending = list(battle.pending)
    pending[other] = allocation
    return state.replace(battle=battle.replace(pending=(pending[0], pending[1])))


def _placed(hand: tuple[str, ...], base_hand: tuple[str, ...], ability_hand: tuple[str, ...]) -> tuple[str, ...]:
    """The dealt cards in the hand's places of their kind: a card the hand already holds stays where it is
    (so the true hand is one of the deals), the others fill the remaining places in sorted order."""
    left = Counter(base_hand) + Counter(ability_hand)
    kept: list[str | None] = []
    for c in hand:
        if left[c] > 0:
            left[c] -= 1
            kept.append(c)
        else:
            kept.append(None)
    extra_bases = iter(sorted(c for c in left.elements() if is_base_card(c)))
    extra_abilities = iter(sorted(c for c in left.elements() if not is_base_card(c)))
    return tuple(
        c if c is not None else next(extra_bases if is_base_card(original) else extra_abilities)
        for c, original in zip(kept, hand, strict=True)
    )


def determinize(state: GameState, player: int) -> Distribution[GameState]:
    """Every deal of the opponent's hand consistent with what `player` saw, with its exact probability
    (each kind dealt without replacement from that kind's unseen cards), and a hidden allocation dealt
    uniformly among the legal ones."""
    other = 1 - player
    bases, abilities, n_bases, n_abilities = hidden_pool(state.players[other])
    base_hands = hand_deals(bases, n_bases)
    ability_hands = hand_deals(abilities, n_abilities)
    hidden = _hidden_choice(state, player)
    choices = [None] if hidden is None else hidden[1]
    weights: dict[GameState, Any] = {}
    for base_hand, p_base in base_hands.items():
        for ability_hand, p_ability in ability_hands.items():
            dealt = _dealt(state, other, base_hand, ability_hand)
            for choice in choices:
                position = dealt if choice is None else _with_choice(dealt, other, choice)
                weights[position] = weights.get(position, 0) + p_base * p_ability / len(choices)
    return Distribution(weights)


def sample_determinization(state: GameState, player: int, sampler: ChanceSampler) -> GameState:
    """One deal drawn with exactly its probability in `determinize`."""
    other = 1 - player
    bases, abilities, n_bases, n_abilities = hidden_pool(state.players[other])
    dealt = _dealt(state, other, sample_hand(bases, n_bases, sampler), sample_hand(abilities, n_abilities, sampler))
    hidden = _hidden_choice(state, player)
    if hidden is None:
        return dealt
    return _with_choice(dealt, other, sampler.choice(hidden[1]))
