"""The Tower Defense engine: legal actions, one pure step at a time, and the end of the game, with the
questions the panels and analyses ask of the rules (`__all__`).

Phases 1 to 5 are steps of their own (`NextPhase`), so a session can walk a turn phase by phase;
Phase 6 is every player's actions in any order, until `EndActions`. `apply` validates the action
(raising IllegalAction with the rule it breaks), performs it, then carries out what needs no decision
(reshuffles, empty piles, the end of set up, victory and failure). Nothing here calls `random`:
revealing a credit, a wave modifier or a game condition, and choosing the starting player, are chance
nodes whose outcomes and exact probabilities `chance_outcomes` gives. `step` gives `apply`'s position, checked
the same way, without wording its events. The protocol object is `game.GAME`.

The steps themselves live beside this module: `stepping` (the protocol's entry points: who acts, legal
actions, chance, `apply` and `step`), `phases` (Phases 1 to 5, chance, taking credits),
`player_actions` (Phase 6: what a player may do now, and the end of the phase), `towers` (build, upgrade,
sell, boost), `attacks` (strikes, combined attacks, kill bonuses), `movement`, `combat` (damage and hit
points), `payments`, `experience`; `common` holds the costs and small updates they share.
"""

from __future__ import annotations

from rules.tower_defense.engine.automatic import check_end
from rules.tower_defense.engine.combat import (
    attribute_hit_points,
    can_attack,
    describe,
    modifier_hit_points,
    reaches,
    total,
    tower_damage,
    unit_hit_points,
    visible_unit,
)
from rules.tower_defense.engine.common import (
    build_cost,
    combine_partners,
    condition_ready,
    free_spaces,
    full_decks,
    kill_bonus_cost,
    open_kill_window,
    upgrade_cost,
)
from rules.tower_defense.engine.movement import move_all, movement_rate
from rules.tower_defense.engine.payments import value as payment_value
from rules.tower_defense.engine.phases import calls_wave, tracker_position
from rules.tower_defense.engine.player_actions import phase6_actions
from rules.tower_defense.engine.stepping import (
    acting_players,
    apply,
    chance_outcomes,
    current_player,
    is_terminal,
    legal_actions,
    new_game,
    outcome,
    pending,
    step,
)
from rules.tower_defense.text import PHASE_TITLE

__all__ = [
    "PHASE_TITLE",
    "acting_players",
    "apply",
    "attribute_hit_points",
    "build_cost",
    "calls_wave",
    "can_attack",
    "chance_outcomes",
    "check_end",
    "combine_partners",
    "condition_ready",
    "current_player",
    "describe",
    "free_spaces",
    "full_decks",
    "is_terminal",
    "kill_bonus_cost",
    "legal_actions",
    "modifier_hit_points",
    "move_all",
    "movement_rate",
    "new_game",
    "open_kill_window",
    "outcome",
    "payment_value",
    "pending",
    "phase6_actions",
    "reaches",
    "step",
    "total",
    "tower_damage",
    "tracker_position",
    "unit_hit_points",
    "upgrade_cost",
    "visible_unit",
]
