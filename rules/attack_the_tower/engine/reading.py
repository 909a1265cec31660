"""Reading a position: who acts (a player, both at once, chance or nobody), the outcome, the piles that can be
drawn, chance outcomes with their exact probabilities, and the allocation a combat step asks for."""

from __future__ import annotations

import functools
from collections import Counter
from fractions import Fraction

from rules.attack_the_tower import metadata
from rules.attack_the_tower.actions import RevealCard
from rules.attack_the_tower.engine import card_effects, combat
from rules.attack_the_tower.engine.common import discard_pile, draw_pile
from rules.attack_the_tower.errors import IllegalAction
from rules.attack_the_tower.model import (
    Battle,
    GameState,
    PileKind,
)
from rules.core.distribution import Distribution
from rules.core.memo import identity_memo
from rules.core.outcome import Outcome
from rules.core.protocol import CHANCE, SIMULTANEOUS, TERMINAL


@identity_memo(size=1)
def current_player(state: GameState) -> int:
    """0 or 1 for the player who decides now, CHANCE at a draw, SIMULTANEOUS while both sides still have
    to distribute combat damage (004 battles 3 and 4: both distribute, and the damage is dealt at once),
    TERMINAL when the game is over.

    A game loop asks this several times of each position (to pick the policy, in the policy, in
    `apply`), so the answer for the last position asked about is remembered."""
    phase = state.phase
    if phase == "game_over":
        return TERMINAL
    if state.drawing is not None:
        return CHANCE
    if phase == "main":
        return card_effects.main_phase_actor(state)
    if phase == "renewal_decision":
        return state.attacker
    if phase == "battle":
        battle = state.battle
        assert battle is not None
        if battle.stage == "abilities":
            return battle.actor
        if battle.stage == "victims":  # each player owed a Vrykolaka's victims chooses them, the attacker first
            return state.attacker if battle.owed[state.attacker] else 1 - state.attacker
        waiting = _waiting_sides(state, battle)
        if len(waiting) == 2:
            return SIMULTANEOUS
        if waiting:
            return waiting[0]
        raise AssertionError("a combat step with both allocations in is resolved at once")
    return state.actor


def _waiting_sides(state: GameState, battle: Battle) -> tuple[int, ...]:
    """The sides whose allocation of this combat step is still to come, the attacker first."""
    return tuple(side for side in (state.attacker, 1 - state.attacker) if battle.pending[side] is None)


def acting_players(state: GameState) -> tuple[int, ...]:
    """Who may act now: the player to move, or both sides of a simultaneous combat step until each has
    distributed its damage; nobody at a draw or at the end."""
    return acting_when(state, current_player(state))


def acting_when(state: GameState, who: int) -> tuple[int, ...]:
    """`acting_players`, given `current_player`'s answer (for a caller that has asked it already)."""
    if who >= 0:
        return (who,)
    if who == SIMULTANEOUS:
        assert state.battle is not None
        return _waiting_sides(state, state.battle)
    return ()


def is_terminal(state: GameState) -> bool:
    """Whether the game is over."""
    return state.phase == "game_over"


def outcome(state: GameState) -> Outcome | None:
    """Who won and why, once the game is over: 1 for the winner and -1 for the loser, 0 each for a draw."""
    if state.termination is None:
        return None
    termination = metadata.Termination[state.termination.upper()]
    return Outcome.duel(termination, state.winner if state.termination == "palace_destroyed" else None)


def drawable_piles(state: GameState, player: int) -> list[PileKind]:
    """Piles the player can draw from now (an empty pile counts when its discards can be reshuffled)."""
    p = state.players[player]
    reshuffle = state.rules.empty_pile == "reshuffle"
    kinds: tuple[PileKind, ...] = ("base", "ability")
    return [kind for kind in kinds if draw_pile(p, kind) or (reshuffle and discard_pile(p, kind))]


def chance_outcomes(state: GameState) -> Distribution[RevealCard]:
    """At a draw: each distinct card of the pile, with probability copies / cards in the pile."""
    if state.drawing is None:
        raise IllegalAction("no card is being drawn, so there is no chance outcome")
    return _pile_distribution(draw_pile(state.players[state.actor], state.drawing))


@functools.lru_cache(maxsize=4096)
def _pile_distribution(pile: tuple[str, ...]) -> Distribution[RevealCard]:
    return Distribution.from_counts({_reveal_action(c): n for c, n in Counter(pile).items()})


@functools.lru_cache(maxsize=1024)
def _reveal_action(card_id: str) -> RevealCard:
    """The chance outcome that reveals this card. Actions are immutable, so each distinct action is built
    once and shared (this and the other cached action builders below: building costs more than a look-up)."""
    return RevealCard(card=card_id)


def allocation_request(state: GameState, side: int | None = None) -> combat.AllocationRequest | None:
    """The damage `side` (default: the first player still to act) must distribute now, or None."""
    if side is None:
        acting = acting_players(state)
        if not acting:
            return None
        side = acting[0]
    return combat.allocation_request(state, side)


def probability_of(state: GameState, reveal: RevealCard) -> Fraction:
    """The exact probability of one chance outcome."""
    return chance_outcomes(state)[reveal]
