"""Every registered game that says how (its descriptor's `openspiel`) registered with OpenSpiel as
`python_<short name>` (`import rules.openspiel`, then `pyspiel.load_game(...)`)."""

from __future__ import annotations

from rules.core.descriptor import GameDescriptor
from rules.openspiel.adapter import ProtocolGame, register
from rules.registry import descriptor, descriptors


def register_game(slug: str) -> type[ProtocolGame]:
    """Register one game (a game registered after `import rules.openspiel`, say) and return its game class."""
    return register(descriptor(slug))


REGISTRATIONS: dict[str, GameDescriptor] = {game.slug: game for game in descriptors() if game.openspiel is not None}
"""Every game registered when `rules.openspiel` was imported, by its command-line name."""
GAME_CLASSES: dict[str, type[ProtocolGame]] = {slug: register(game) for slug, game in REGISTRATIONS.items()}
