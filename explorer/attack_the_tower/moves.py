"""The moves a person may make now, in a player's words: what the "your move" list of the panel offers
(renew, draw, build, attack, play an ability, pass, end the turn). The rules package says which moves are
legal; this module only names them."""

from __future__ import annotations

from typing import Any

from rules.attack_the_tower import engine
from rules.attack_the_tower.actions import (
    Build,
    DeclareAttack,
    Discard,
    DrawCard,
    EndTurn,
    FinishBuilding,
    KeepHand,
    Pass,
    PlayAbility,
    Renew,
)
from rules.attack_the_tower.catalog import card
from rules.attack_the_tower.model import GameState


def describe(state: GameState, action: Any) -> str:
    """One move as a player says it ('build Graveyard in territory 1, slot 2', 'play Lich')."""
    if isinstance(action, DrawCard):
        return f"draw a card from the {action.pile} pile"
    if isinstance(action, KeepHand):
        return "keep this hand"
    if isinstance(action, Build):
        there = state.players[action.player].territories[action.territory][action.slot]
        over = f" over the {card(there.card).name}" if there is not None else ""
        return f"build {card(action.card).name}{over} in territory {action.territory + 1}, slot {action.slot + 1}"
    if isinstance(action, FinishBuilding):
        return "stop building"
    if isinstance(action, Discard):
        return f"discard {card(action.card).name}"
    if isinstance(action, Renew):
        return "renew the hand (discard it and draw)" if action.renew else "keep the hand (no renewal)"
    if isinstance(action, DeclareAttack):
        sent = f" with {len(action.specials)} palace troop(s)" if action.specials else ""
        return f"attack from territory {action.origin + 1} against territory {action.target + 1}{sent}"
    if isinstance(action, PlayAbility):
        return f"play {card(action.card).name}"
    if isinstance(action, Pass):
        return "pass (play no ability)"
    if isinstance(action, EndTurn):
        return "end the turn"
    name = getattr(action, "action", type(action).__name__)
    return str(name).replace("_", " ")


def person_moves(state: GameState) -> list[tuple[str, Any]]:
    """(words, action) for every legal move of the players acting now; none at a draw or the end.

    Damage allocations are left out: a person distributes damage by clicking the board."""
    if not engine.acting_players(state):  # a draw, or the end
        return []
    moves = [a for a in engine.legal_actions(state) if getattr(a, "action", "") != "allocate"]
    return [(describe(state, a), a) for a in moves]
