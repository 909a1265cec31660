"""A position as a player sees it, in numbers a model can weigh: each side's strength in attack and defence,
what it can recruit and draw, and whose turn it is.

Only what `me` may see is read: the opponent's hand and piles are counted, never looked at (the counts are in
the observation every player has). `FEATURES` names each number, in order; the fitted model that weighs them
is `data/learned_evaluation.json` (`policies.training`).
"""

from __future__ import annotations

from rules.attack_the_tower.catalog import ability_card, is_base_card
from rules.attack_the_tower.model import GameState, Player
from rules.attack_the_tower.policies.powers import card_powers
from rules.attack_the_tower.variants import Rules

SIDE_FEATURES = (
    "bases",
    "troop_power",
    "strongest_attack",
    "weakest_defence",
    "second_weakest_defence",
    "open_territories",
    "thin_territories",
    "complete_territories",
    "special_power",
    "recruit_power",
    "base_cards_in_hand",
    "ability_cards_in_hand",
    "cards_left_to_draw",
)
"""What is counted for each side (its names carry the prefix `my_` or `their_`)."""

FEATURES = (
    *(f"my_{name}" for name in SIDE_FEATURES),
    *(f"their_{name}" for name in SIDE_FEATURES),
    "my_attack_over_their_weakest",
    "their_attack_over_my_weakest",
    "my_turn",
    "turn",
)
"""Every number `features` gives, in order."""


def _side(rules: Rules, player: Player) -> tuple[float, ...]:
    """`SIDE_FEATURES` of one side (weighed for every position a look-ahead reaches, so written as plain loops)."""
    powers = card_powers(rules)
    base_power, limit = rules.base_power, rules.max_troops_per_base
    bases = troop_power = open_territories = thin = complete = recruit = 0
    attacks: list[int] = []
    defences: list[int] = []
    for territory in player.territories:
        built = power = 0
        for b in territory:
            if b is None:
                continue
            each = powers[b.card]
            built += 1
            power += b.troops * each + sum(b.raised)
            if b.troops < limit:
                recruit += each
        bases += built
        troop_power += power
        attacks.append(power)
        defences.append(power + base_power * built)
        open_territories += not built
        thin += built == 1
        complete += built == 3
    defences.sort()
    specials = sum(s.power for c in player.palace if (s := ability_card(c).special_troop) is not None)
    bases_in_hand = sum(1 for c in player.hand if is_base_card(c))
    return (
        bases,
        troop_power,
        max(attacks),
        defences[0],
        defences[1],
        open_territories,
        thin,
        complete,
        specials,
        recruit,
        bases_in_hand,
        len(player.hand) - bases_in_hand,
        len(player.base_pile) + len(player.ability_pile),
    )


def features(state: GameState, me: int) -> tuple[float, ...]:
    """The position's `FEATURES` as `me` sees it."""
    rules = state.rules
    mine = _side(rules, state.players[me])
    theirs = _side(rules, state.players[1 - me])
    strongest, weakest = SIDE_FEATURES.index("strongest_attack"), SIDE_FEATURES.index("weakest_defence")
    return (
        *mine,
        *theirs,
        mine[strongest] - theirs[weakest],
        theirs[strongest] - mine[weakest],
        1.0 if state.attacker == me else 0.0,
        float(state.turn),
    )
