"""Card overrides as a sweep reads them: `CARD.FIELD=VALUE` edits in the form of the game named, parsed by
the game's own `overrides` (through its descriptor); the edit itself is `rules.core.card_edits.CardEdit`."""

from __future__ import annotations

from rules.core import card_edits
from rules.core.card_edits import CardEdit, edits_text
from rules.core.errors import IllegalPosition, Problem
from rules.registry import descriptor

__all__ = ["CardEdit", "edits_text", "parse_edit", "parse_edits"]


def parse_edit(text: str, game: str) -> CardEdit:
    """One edit in the form of `game`'s cards; refused in words when the game has no cards to change."""
    support = descriptor(game).sweep
    if support is None or support.cards is None:
        raise IllegalPosition([Problem("--override", f"{game} has no cards a sweep can change")])
    return support.cards.parse_edit(text)


def parse_edits(text: str, game: str) -> tuple[CardEdit, ...]:
    """Comma-separated edits applied together (one variant of the cards); `none` is no edit."""
    return card_edits.parse_edits(text, lambda part: parse_edit(part, game))
