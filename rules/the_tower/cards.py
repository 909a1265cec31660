"""The 52 cards of The Tower: ids, suits, colours, ranks, and the deck each card starts in (002 setup).

A card id is its rank then its suit letter: '7S' is the 7 of Spades, '10D' the 10 of Diamonds, 'KC' the
King of Clubs (the rulebook's "Clovers"). Numbered cards (2 to 10) are attack cards, or potions when they
are hearts; Jacks, Queens, Kings and Aces are rooms, since the monster table lists the Ace.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

Pile = Literal["attack", "potion"]
Kind = Literal["attack", "potion", "room"]

SUITS: tuple[str, ...] = ("C", "D", "H", "S")
SUIT_NAMES: dict[str, str] = {"C": "Clubs", "D": "Diamonds", "H": "Hearts", "S": "Spades"}
RED_SUITS = frozenset({"D", "H"})
NUMBERS: tuple[str, ...] = tuple(str(n) for n in range(2, 11))
FACES: tuple[str, ...] = ("J", "Q", "K", "A")
FACE_NAMES: dict[str, str] = {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}
POTION_SUIT = "H"

ALL_CARDS: tuple[str, ...] = tuple(r + s for s in SUITS for r in (*NUMBERS, *FACES))
"""Every card once, in deck order: suits C, D, H, S; ranks 2 to 10, J, Q, K, A."""
CARD_ORDER: dict[str, int] = {c: i for i, c in enumerate(ALL_CARDS)}

FACE_DOWN = "?"
"""A floor slot holding a room card that is still flipped down."""


def suit(card: str) -> str:
    return card[-1]


def rank(card: str) -> str:
    return card[:-1]


def is_card(card: str) -> bool:
    return card in CARD_ORDER


def is_red(card: str) -> bool:
    return card[-1] in RED_SUITS


def kind(card: str) -> Kind:
    """Which deck the card starts in: numbered hearts are potions, other numbered cards attacks, faces rooms."""
    if card[:-1] in FACE_NAMES:
        return "room"
    return "potion" if card[-1] == POTION_SUIT else "attack"


def value(card: str) -> int:
    """The number printed on an attack or potion card (2 to 10)."""
    if card[:-1] in FACE_NAMES:
        raise ValueError(f"{name(card)} is a room card; it has no number")
    return int(card[:-1])


def name(card: str) -> str:
    """'7S' -> '7 of Spades', 'KC' -> 'King of Clubs'."""
    r = card[:-1]
    return f"{FACE_NAMES.get(r, r)} of {SUIT_NAMES[card[-1]]}"


def sort_cards(cards: Iterable[str]) -> tuple[str, ...]:
    """Cards in deck order: how piles and the hand are stored, since only their contents matter."""
    return tuple(sorted(cards, key=CARD_ORDER.__getitem__))
