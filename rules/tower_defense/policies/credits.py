"""Which revealed credit the planner takes, and onto which stack (003 phase 5: 'All credits must be
assigned to Stacks before proceeding to Phase 6')."""

from __future__ import annotations

from rules.tower_defense import catalog
from rules.tower_defense.actions import TakeCredit
from rules.tower_defense.catalog import credit_type
from rules.tower_defense.model import GameState, StackName

TAKE_ORDER = ("standard", "boost", "charge", "combine")
"""The credit a player takes first when several are revealed: the best tower to build first."""
BOOST_STACK_CAP = 4
"""Boost credits kept on a Boost stack; more go to the Build / Upgrade stack."""
COMBINE_STACK_TARGET = 2
"""Credits a Combine tower's owner keeps on the Combine stack (one pays each Combine attack)."""
KILL_STACK_TARGET = 5
"""Credits gathered on the Kill Bonus stack (a Mark II tower costs 2 right after a defeat)."""
BUILD_BEFORE_KILL = 4
"""Build / Upgrade credits a player holds before other credits go to the Kill Bonus stack."""


def stack_for(state: GameState, who: int, card: str) -> StackName:
    """Boost credits to the Boost stack (they multiply on a Boost tower); Combine credits to the Combine
    stack of a player who owns a Combine tower; the rest to Build / Upgrade, or once that holds enough, to
    the Kill Bonus stack (for a Mark II or III tower)."""
    stacks = state.players[who].stacks
    kind = credit_type(card)
    if kind == "boost" and len(stacks.boost) < BOOST_STACK_CAP:
        return "boost"
    combines = any(t.owner == who and catalog.tower(t.card).type == "combine" for t in state.towers)
    if kind in ("charge", "combine") and combines and len(stacks.combine) < COMBINE_STACK_TARGET:
        return "combine"
    if kind != "standard" and len(stacks.build) >= BUILD_BEFORE_KILL:
        return "kill" if len(stacks.kill) < KILL_STACK_TARGET else "build"
    return "build"


def take_credit(state: GameState, who: int) -> TakeCredit:
    """The revealed credit most worth having, onto its stack."""
    card = min(state.revealed, key=lambda c: (TAKE_ORDER.index(credit_type(c)), c))
    return TakeCredit(player=who, card=card, stack=stack_for(state, who, card))
