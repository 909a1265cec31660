"""Every registered game that says how (its descriptor's `openspiel`) registered with OpenSpiel as
`python_<short name>` (`import rules.openspiel`, then `pyspiel.load_game(...)`)."""

from __future__ import annotations

from rules.core.descriptor import GameDescriptor
from rules.openspiel.adapter import ProtocolGame, Registration, register
from rules.registry import descriptor, names


def registration(game: GameDescriptor) -> Registration:
    """How the game becomes an OpenSpiel game, from its descriptor."""
    support = game.openspiel
    if support is None:
        raise KeyError(f"{game.slug} does not say how it becomes an OpenSpiel game")
    return Registration(
        game=game.game,
        rules_type=game.rules,
        new_state=support.new_state,
        extra_parameters=dict(support.extra_parameters),
        rules_defaults=dict(support.rules_defaults),
        open_simultaneous=support.open_simultaneous,
    )


def register_game(slug: str) -> type[ProtocolGame]:
    """Register one game (a game registered after `import rules.openspiel`, say) and return its game class."""
    return register(registration(descriptor(slug)))


REGISTRATIONS: dict[str, Registration] = {
    slug: registration(descriptor(slug)) for slug in names() if descriptor(slug).openspiel is not None
}
"""Every game registered when `rules.openspiel` was imported, by its command-line name."""
GAME_CLASSES: dict[str, type[ProtocolGame]] = {slug: register(r) for slug, r in REGISTRATIONS.items()}
