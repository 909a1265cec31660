"""The Attack the Tower engine: legal actions, one pure step at a time, and the end of the game.

`apply` validates the action (raising IllegalAction with the rule it breaks), performs it, then
advances through every automatic step (recruiting, pools, skipped allocations, resolution, the end of
a battle) until a player or chance must decide. Nothing here calls `random`: drawing a card is a
chance node whose outcomes and exact probabilities `chance_outcomes` gives.

The steps live beside this module: `reading` (who acts, chance, outcomes), `legal` (legal actions), `turn`
(a turn outside battles), `abilities`, `battles`, `automatic` (what nobody decides) and `common`. What a
panel asks of a combat step (its units, pools, the allocation asked for, a draft's refusals, tally and
kills) is named here from `combat`, so nothing above the rules reaches into the engine's modules.
"""

from __future__ import annotations

from typing import Any

from rules.attack_the_tower import metadata
from rules.attack_the_tower import observation as seen
from rules.attack_the_tower.actions import (
    Action,
    Allocate,
    Build,
    Burn,
    DeclareAttack,
    Discard,
    DrawCard,
    EndTurn,
    FinishBuilding,
    KeepHand,
    Pass,
    PlayAbility,
    Renew,
    RevealCard,
)
from rules.attack_the_tower.engine.abilities import apply_play
from rules.attack_the_tower.engine.automatic import advance_automatic
from rules.attack_the_tower.engine.battles import apply_allocate, apply_declare, apply_pass, battle_played_out
from rules.attack_the_tower.engine.combat import (
    AllocationRequest,
    Draft,
    DraftTally,
    Pool,
    Refusal,
    Unit,
    adding_refusal,
    allocations_in,
    battle_units,
    destroyed_by,
    draft_tally,
    in_combat_step,
    standing_power,
    step_pools,
)
from rules.attack_the_tower.engine.common import Events, label
from rules.attack_the_tower.engine.legal import legal_actions
from rules.attack_the_tower.engine.quick_battle import (
    BattleResult,
    battle_result,
    played_out,
    position_result,
    quick_result,
    target_key,
)
from rules.attack_the_tower.engine.quick_steps import ChooseVector, TargetKey
from rules.attack_the_tower.engine.quick_units import Field
from rules.attack_the_tower.engine.reading import (
    acting_players,
    allocation_request,
    chance_outcomes,
    current_player,
    drawable_piles,
    is_terminal,
    outcome,
    probability_of,
)
from rules.attack_the_tower.engine.turn import (
    apply_build,
    apply_burn,
    apply_discard,
    apply_draw,
    apply_end_turn,
    apply_finish_building,
    apply_keep,
    apply_renew,
    apply_reveal,
    phase_rule,
)
from rules.attack_the_tower.errors import IllegalAction
from rules.attack_the_tower.events import possessive
from rules.attack_the_tower.model import GameState, new_player
from rules.attack_the_tower.variants import Rules
from rules.core.events import Event
from rules.core.protocol import CHANCE, SIMULTANEOUS, Game, GameBase

__all__ = [
    "GAME",
    "AllocationRequest",
    "AttackTheTower",
    "BattleResult",
    "Draft",
    "DraftTally",
    "Events",
    "Pool",
    "Refusal",
    "TargetKey",
    "Unit",
    "acting_players",
    "adding_refusal",
    "allocation_request",
    "allocations_in",
    "apply",
    "attack_result",
    "battle_played_out",
    "battle_result",
    "battle_units",
    "chance_outcomes",
    "current_player",
    "destroyed_by",
    "draft_tally",
    "drawable_piles",
    "in_combat_step",
    "is_terminal",
    "label",
    "legal_actions",
    "new_game",
    "next_position",
    "outcome",
    "position_result",
    "probability_of",
    "quick_result",
    "standing_power",
    "step_pools",
    "target_key",
]


def new_game(armies: tuple[str, str] = ("undead", "bandits"), rules: Rules | None = None) -> GameState:
    """A game before setup: full shuffled piles; player 1 draws first (004 'Setting up')."""
    return GameState(
        rules=rules or Rules(),
        players=(new_player(armies[0]), new_player(armies[1])),
        phase="setup_draw",
        actor=0,
        draws_left=(rules or Rules()).opening_draw,
    )


def apply(state: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
    """The position after `action` and the events it caused, through every automatic step after it."""
    if state.phase == "game_over":
        raise IllegalAction("the game is over", "palace")
    who = current_player(state)
    if isinstance(action, RevealCard):
        if who != CHANCE:
            raise IllegalAction("no card is being drawn now", "setup")
    else:
        if who == CHANCE:
            raise IllegalAction("a card is being drawn; reveal it first", "setup")
        player = getattr(action, "player", None)
        acting = acting_players(state)
        if player not in acting:
            if player not in (0, 1):
                raise IllegalAction("this action names no player", phase_rule(state))
            if who == SIMULTANEOUS or not isinstance(action, Allocate) or state.battle is None:
                raise IllegalAction(
                    f"it is {possessive(label(state, acting[0]))} decision now, not {possessive(label(state, player))}",
                    phase_rule(state),
                )
    events = Events()
    return _perform(state, action, events), tuple(events)


def next_position(state: GameState, action: Action) -> GameState:
    """The position `apply` gives, for look-aheads that play many battles out with the engine's own offers
    (a legal action, an allocation from the request) and read none of what happened: see `Events`."""
    return _perform(state, action, Events(quiet=True))


def attack_result(state: GameState, attack: DeclareAttack, choose: ChooseVector, most_decisions: int) -> BattleResult:
    """`battle_result(next_position(state, attack), ...)` for a legal attack in the second phase, without
    building the position of the declared battle when the battle is played on plain numbers."""
    if state.phase == "main":
        specials = tuple(sorted(attack.specials))
        field = Field(state.rules, state.attacker, attack.origin, attack.target, False, specials)
        quick = played_out(state, field, 2, choose, most_decisions)
        if quick is not None:
            return quick
    return battle_result(next_position(state, attack), choose, most_decisions)


def _perform(state: GameState, action: Action, events: Events) -> GameState:
    """The action's handler, then every automatic step after it (the checks of who may act are done)."""
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise IllegalAction(f"unknown action {action!r}")
    state = handler(state, action, events)
    return advance_automatic(state, events)


_HANDLERS: dict[type, Any] = {
    DrawCard: apply_draw,
    RevealCard: apply_reveal,
    Burn: apply_burn,
    KeepHand: apply_keep,
    Build: apply_build,
    FinishBuilding: apply_finish_building,
    Discard: apply_discard,
    Renew: apply_renew,
    DeclareAttack: apply_declare,
    PlayAbility: apply_play,
    Pass: apply_pass,
    Allocate: apply_allocate,
    EndTurn: apply_end_turn,
}


class AttackTheTower(GameBase):
    """The engine as an object implementing `rules.core.Game` (for sessions and generic tools)."""

    card = metadata.CARD

    def current_player(self, state: GameState) -> int:
        return current_player(state)

    acting_players = staticmethod(acting_players)
    legal_actions = staticmethod(legal_actions)
    chance_outcomes = staticmethod(chance_outcomes)
    apply = staticmethod(apply)
    is_terminal = staticmethod(is_terminal)
    outcome = staticmethod(outcome)
    observation = staticmethod(seen.observation)
    determinize = staticmethod(seen.determinize)
    sample_determinization = staticmethod(seen.sample_determinization)

    def num_players(self, state: GameState) -> int:
        return 2


GAME: Game[GameState, Any] = AttackTheTower()
