"""The rules config: every number and every interpretation of Attack the Tower, named, with its default.

docs/rules.md explains each interpretation and cites the sentence it reads.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rules.attack_the_tower.cards import TroopType
from rules.core.rules_base import RulesBase

PLAY_TURN_LIMIT = 200
"""The turn limit of a whole game played by policies (`play`, `ladder`, sweeps, unless given):
the rules set none (004), and a planner game ends well within 200
turns, so the limit only stops a game that would never end (a draw)."""


class Rules(RulesBase):
    """A frozen set of rule numbers and readings. `Rules()` is the rulebook's default reading."""

    # ---- numbers printed in the rulebooks (004 "Understanding troops and bases") ----------------
    light_infantry_power: int = Field(1, ge=0, description="Power of a light infantry troop (004).")
    shooter_power: int = Field(1, ge=0, description="Power of a shooter, which has initiative (004).")
    heavy_infantry_power: int = Field(2, ge=0, description="Power of a heavy infantry troop (004).")
    cavalry_power: int = Field(3, ge=0, description="Power of a cavalry troop (004).")
    siege_weapon_power: int = Field(4, ge=0, description="Power of a siege weapon, which has artillery (004).")
    base_power: int = Field(4, ge=1, description="Power of every base (004: 'all Bases have Power 4').")
    palace_power: int = Field(10, ge=1, description="Power of a palace (004: 'Palaces have Power 10').")
    max_troops_per_base: int = Field(
        2, ge=1, description="A base cannot hold more than this many troops (004 renewal A)."
    )
    hand_limit: int = Field(5, ge=1, description="Cards a player may hold after drawing (004 renewal B).")
    opening_draw: int = Field(5, ge=1, description="Cards drawn at setup and after each burn (004).")
    renewal_draws: int = Field(2, ge=0, description="Cards each player draws in a renewal (004 renewal B).")

    # ---- interpretations where the rulebooks are silent or disagree -----------------------------
    leftover_initiative_adds_to_regular: bool = Field(
        True,
        description=(
            "Initiative damage that is not distributed adds to the side's regular damage "
            "(000 and 001 say so; 004 is silent)."
        ),
    )
    leftover_of_killed_troops: bool = Field(
        False,
        description=(
            "Leftover initiative damage counts in full even when the initiative troops that held it were killed in "
            "the initiative step. Default False: the leftover is at most the power of the side's initiative troops "
            "that survive the step (004: 'Troops killed in this third step (Initiative) will not inflict damage "
            "during the fourth step')."
        ),
    )
    attacks_per_territory_per_turn: int | None = Field(
        1,
        ge=1,
        description=(
            "How many times one territory may attack in a turn (None: no limit). 004: 'He may declare "
            "several attacks in a given turn, if he has the troops for it' is read as: each territory's "
            "troops attack once."
        ),
    )
    palace_deals_damage: bool = Field(
        True,
        description=(
            "The palace deals its power as damage when attacked, like a defending base "
            "(004: Power 'defines both how much damage they cause in combat and how much damage it is "
            "needed to destroy them')."
        ),
    )
    special_troops_join_attacks: bool = Field(
        True,
        description=(
            "The attacker may send any of its palace's special troops along with an attack "
            "(000: 'Special troops may be used in combat normally, even for attacking')."
        ),
    )
    special_troops_defend_territories: bool = Field(
        False,
        description=(
            "Special troops also defend every attacked territory (default: they defend only the palace, "
            "where they are recruited)."
        ),
    )
    empty_pile: Literal["reshuffle", "cannot_draw"] = Field(
        "reshuffle",
        description=(
            "When a draw pile is empty: shuffle that kind's discards into a new pile, or that pile "
            "cannot be drawn from (the rulebooks are silent)."
        ),
    )
    minimum_toughness: int = Field(
        1,
        ge=1,
        description=(
            "A troop whose power an ability lowers below this still needs this much damage to be "
            "destroyed (the rulebooks are silent on power 0). At least 1: damage is distributed a point at a "
            "time, so a troop needing 0 could never be hit, and would keep its base manned for good."
        ),
    )
    main_phase_abilities: Literal["attacker", "both"] = Field(
        "attacker",
        description=(
            "Who plays abilities in the second phase of the turn, between battles (004: 'In this second "
            "phase of the turn, players may also play abilities at will'): the attacking player only, the "
            "defender waiting for each battle's ability window; or 'both', the literal 'players': as the "
            "phase begins and after each battle, a defender holding an ability card may play abilities "
            "before passing the decision back to the attacker."
        ),
    )
    vrykolaka_counts: Literal["fighting", "surviving"] = Field(
        "fighting",
        description=(
            "Which vrykolakas 'inflict damage in combat' (Vrykolaka: 'Destroy one enemy troop for each "
            "vrykolaka that inflicts damage in combat'): every one that fights in the regular step, since "
            "its damage is dealt at the same time as the enemy's (004 battles 4); or only those that "
            "survive that step."
        ),
    )
    vrykolaka_victims: Literal["strongest_in_battle", "chosen"] = Field(
        "strongest_in_battle",
        description=(
            "Who chooses the troops the Vrykolaka destroys ('Destroy one enemy troop for each vrykolaka that "
            "inflicts damage in combat': the card names no chooser): the strongest enemy troops of the battle, in "
            "order; or 'chosen', the Vrykolaka's player chooses them, one at a time, among the enemy troops on bases "
            "in every territory and the enemy special troops fighting in the battle (not yet under 'chosen': "
            "vrykolakas whose damage lands only on unmanned bases or the palace destroy nothing)."
        ),
    )
    templar_damage: Literal["once", "per_templar"] = Field(
        "once",
        description=(
            "Templar: 'During combat, allied templars cause 1 point of damage to enemy infantries': each "
            "enemy infantry troop takes 1 point when combat begins while any templar fights ('once'), or "
            "1 point for each templar that fights ('per_templar')."
        ),
    )
    kaiju_bases: Literal["any_enemy_territory", "same_territory"] = Field(
        "any_enemy_territory",
        description=(
            "Kaiju: 'For each territory where you still have kaijus, destroy one base': the player destroys "
            "one enemy base of their choice for each such territory, in any enemy territory; or in the "
            "enemy territory with the same number as each territory holding kaijus."
        ),
    )
    raised_troop_lasts: Literal["while_it_lives", "this_turn"] = Field(
        "while_it_lives",
        description=(
            "Ninja: 'It becomes a Ninja and its power is raised by 3': the troop stays a Ninja until it is "
            "destroyed; or, like the other abilities in play, only until the end of the turn."
        ),
    )
    turn_limit: int | None = Field(
        None,
        ge=1,
        description="Simulated games end in a draw after this many turns (None: no limit; not a rulebook rule).",
    )
    max_burns: int | None = Field(
        None,
        ge=0,
        description=(
            "How many times a player may burn the opening hand (None: 004 'you may burn them as many times as "
            "you want'); a number bounds the length of simulated games."
        ),
    )

    def troop_power(self, troop_type: TroopType) -> int:
        """The printed power of a troop type under these rules."""
        power: int = getattr(self, f"{troop_type}_power")
        return power
