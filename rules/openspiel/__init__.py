"""The games as OpenSpiel games (a layer above the rules: nothing else in `rules/` imports OpenSpiel).

    import pyspiel
    import rules.openspiel  # registers every game of rules.registry that says how
    game = pyspiel.load_game("python_<game>(turn_limit=60)")   # <game>: a registered game's slug, with _

Needs the `openspiel` extra (`pip install -e ".[openspiel]"`; `make test` installs it).
"""

from rules.openspiel.adapter import ProtocolGame, ProtocolState, ismcts_resampler
from rules.openspiel.games import REGISTRATIONS, register_game

__all__ = ["REGISTRATIONS", "ProtocolGame", "ProtocolState", "ismcts_resampler", "register_game"]
