"""Attack the Tower's part of the conformance run: the positions games start from and its own invariants
(../shared/ARCHITECTURE.md, 'Tests': no base holds more than its troops; damage assigned never exceeds damage available;
every card of both decks is somewhere exactly once)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rules.attack_the_tower import engine, policies
from rules.attack_the_tower.engine import combat
from rules.attack_the_tower.events import DamageDealt
from rules.attack_the_tower.game import GAME
from rules.attack_the_tower.legality import position_problems
from rules.attack_the_tower.model import GameState, new_player
from rules.attack_the_tower.variants import Rules
from rules.core.conformance import Suite
from rules.core.events import Event
from rules.core.playout import Policy

ARMY_PAIRS = (
    ("undead", "bandits"),
    ("undead", "westerners"),
    ("westerners", "easterners"),
    ("easterners", "undead"),
    ("bandits", "bandits"),
)
RULE_SETS = (
    Rules(turn_limit=10, max_burns=3),
    Rules(
        turn_limit=10,
        max_burns=1,
        leftover_initiative_adds_to_regular=False,
        attacks_per_territory_per_turn=2,
        vrykolaka_counts="surviving",
        templar_damage="per_templar",
        kaiju_bases="same_territory",
        raised_troop_lasts="this_turn",
    ),
    Rules(
        turn_limit=10,
        max_burns=2,
        palace_deals_damage=False,
        special_troops_defend_territories=True,
        empty_pile="cannot_draw",
    ),
)


def start(index: int) -> GameState:
    """Game `index` starts from setup, cycling through the army pairs and rule sets."""
    armies = ARMY_PAIRS[index % len(ARMY_PAIRS)]
    rules = RULE_SETS[(index // len(ARMY_PAIRS)) % len(RULE_SETS)]
    return engine.new_game(armies, rules)


def _decks(state: GameState) -> list[Counter[str]]:
    return [Counter(new_player(p.army).all_cards()) for p in state.players]


def cards_and_troops(before: GameState, action: Any, after: GameState, events: tuple[Event, ...]) -> list[str]:
    """The position is legal, no card appears or vanishes, no base holds more troops than the rules allow."""
    out = list(position_problems(after))
    for index, (player, deck) in enumerate(zip(after.players, _decks(after), strict=True)):
        if Counter(player.all_cards()) != deck:
            out.append(f"a card of player {index + 1} appeared or vanished")
        out += [
            f"a base of player {index + 1} holds {base.troops} troops"
            for _, _, base in player.bases()
            if base.troops > after.rules.max_troops_per_base
        ]
    return out


def damage_within_pools(before: GameState, action: Any, after: GameState, events: tuple[Event, ...]) -> list[str]:
    """No side deals more damage in a combat step than the pool it had for that step."""
    battle = before.battle
    if battle is None or battle.stage not in ("initiative", "regular", "unmanned"):
        return []
    step = combat.combat_step(before)
    dealt: Counter[int] = Counter()
    for event in events:
        if isinstance(event, DamageDealt) and event.stage == battle.stage:
            dealt[event.player] += event.amount
    return [
        f"player {side + 1} dealt {amount} {battle.stage} damage from a pool of {step.pool(side).total}"
        for side, amount in dealt.items()
        if amount > step.pool(side).total
    ]


POLICY_NAMES = ("random", "greedy", "planner")


def seats(index: int) -> list[Policy[GameState]] | None:
    """Every other game uniformly random; the others cycle through pairs of the named policies (they reach
    palace battles that random play rarely does)."""
    if index % 2 == 0:
        return None
    pair = index // 2 % (len(POLICY_NAMES) ** 2)
    return [policies.policy(POLICY_NAMES[pair // len(POLICY_NAMES)]), policies.policy(POLICY_NAMES[pair % 3])]


SUITE = Suite(
    game=GAME,
    start=start,
    invariants=(cards_and_troops, damage_within_pools),
    policies=seats,
)
