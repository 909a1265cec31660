"""A sweep game played again: its start and every action, from its cell (rules, cards, policies) and its seed, so
that any row of a sweep (or of a balance's check) can be watched step by step in the explorer.

The cell's changed cards (its armies, or its card set) are put in use in this process, and left in use: the
explorer showing the game needs them. The game's own catalog puts the shipped ones back.
"""

from __future__ import annotations

from typing import Any

from rules.core.chance import ChanceSampler
from rules.core.playout import play_out
from rules.sweeps.cells import Cell
from rules.sweeps.games import sweep_game
from rules.sweeps.rules_values import make_rules
from rules.sweeps.seeding import game_seed


def replay_game(cell: Cell, index: int) -> tuple[Any, list[Any]]:
    """Game `index` of the cell: its first position and every action taken, the same as the sweep played."""
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < cell.games:
        raise IndexError(f"the cell has games 0 to {cell.games - 1}, not {index!r}")
    game = sweep_game(cell.game)
    if game.support.cards is not None:
        game.support.cards.use((cell.cards, cell.card_set))
    rules = make_rules(game.rules, cell.rules)
    policies = [game.descriptor.policy(name) for name in cell.policies]
    seats = policies if game.two_player else policies * cell.players
    start = game.support.start(rules, armies=cell.armies, scenario=cell.scenario, players=cell.players)
    line = play_out(game.game, start, seats, ChanceSampler(game_seed(cell.seed_key, index)), narrate=False)
    return start, list(line.actions)
