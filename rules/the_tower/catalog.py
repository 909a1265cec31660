"""The game's cards: the one 52-card deck sorted into the attack, potion and room decks it starts as (002 setup:
"Start the game by sorting cards"). The Tower has no data files: a standard deck is the whole catalog."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from rules.the_tower import cards
from rules.the_tower.cards import ALL_CARDS, FACE_DOWN, kind

if TYPE_CHECKING:
    from rules.the_tower.model import GameState

ATTACK_CARDS: tuple[str, ...] = tuple(c for c in ALL_CARDS if kind(c) == "attack")
"""Numbered Clubs, Diamonds and Spades (2 to 10)."""
POTION_CARDS: tuple[str, ...] = tuple(c for c in ALL_CARDS if kind(c) == "potion")
"""Numbered Hearts (2 to 10)."""
ROOM_CARDS: tuple[str, ...] = tuple(c for c in ALL_CARDS if kind(c) == "room")
"""Jacks, Queens, Kings and Aces of every suit: the monsters."""


_PILES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("hand", ("attack", "potion")),
    ("attack_deck", ("attack",)),
    ("potion_deck", ("potion",)),
    ("unseen_rooms", ("room",)),
    ("attack_waste", ("attack",)),
    ("potion_waste", ("potion",)),
    ("room_waste", ("room",)),
)


def card_problems(state: GameState) -> list[str]:
    """Every card is a real card, in a pile of its kind, and the 52 stand exactly once."""
    out: list[str] = []
    seen: Counter[str] = Counter()
    for field, kinds in _PILES:
        pile: tuple[str, ...] = getattr(state, field)
        for c in pile:
            if not cards.is_card(c):
                out.append(f"{field}: there is no card {c!r} (cards are written like '7S', '10D', 'KC')")
            elif cards.kind(c) not in kinds:
                article = "an" if cards.kind(c) == "attack" else "a"
                out.append(f"{field}: the {cards.name(c)} is {article} {cards.kind(c)} card; it cannot be here")
        seen.update(pile)
    for i, s in enumerate(state.floor):
        if s is None or s == FACE_DOWN:
            continue
        if not cards.is_card(s):
            out.append(f"floor, room {i + 1}: there is no card {s!r}")
        elif cards.kind(s) != "room":
            out.append(f"floor, room {i + 1}: the {cards.name(s)} is not a room card (rooms are J, Q, K and A)")
        seen[s] += 1
    if out:
        return out
    for c, n in sorted(seen.items(), key=lambda item: cards.CARD_ORDER[item[0]]):
        if n > 1:
            out.append(f"the {cards.name(c)} stands {n} times; every card is in the game exactly once")
    missing = [c for c in cards.ALL_CARDS if c not in seen]
    if missing:
        shown = ", ".join(missing[:6]) + (f" and {len(missing) - 6} more" if len(missing) > 6 else "")
        out.append(f"{len(missing)} card(s) are nowhere ({shown}); all 52 cards must be placed")
    for field in ("hand", "attack_deck", "potion_deck", "unseen_rooms"):
        pile = getattr(state, field)
        if pile != cards.sort_cards(pile):
            out.append(f"{field}: stored in deck order (only its contents matter)")
    return out
