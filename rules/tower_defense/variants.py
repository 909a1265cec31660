"""The rules config: every number and every interpretation of Tower Defense, named, with its default.

Each field's description cites the sentence of seed 003 it reads. Numbers of single towers, waves,
modifiers and game modes live in the data files (with their sources); the numbers here are the
rulebook's general ones.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from rules.core.rules_base import RulesBase

PLAY_TURN_LIMIT = 60
"""The turn limit of a whole game played by policies (`play`, `ladder`, sweeps, unless given):
the rulebook sets none (003), and a session of the shipped scenarios
is over (won or lost) well before 60 turns."""


class Rules(RulesBase):
    """A frozen set of rule numbers and readings. `Rules()` is the rulebook's default reading."""

    # ---- numbers printed in the rulebook ---------------------------------------------------------
    track_length: int = Field(
        25,
        ge=1,
        description="Track pieces A and B are numbered 1 to this; 0 is a place holder "
        "(003 set up 2: 'There are Track pieces A and B numbered 0 through 25').",
    )
    mark1_copies: int = Field(
        10,
        ge=1,
        description="Mark I cards of each type in the deck (003 3.A.I: 'Shuffle (10) of any Mark I').",
    )
    mark2_copies: int = Field(4, ge=0, description="Mark II cards of each type (003 3.A.III: 'Place (4) of Mark II').")
    mark3_copies: int = Field(
        2, ge=0, description="Mark III cards of each type (003 3.A.IV: 'Place (2) copies of Mark III')."
    )
    max_level: int = Field(
        4,
        ge=1,
        le=4,
        description="003 6.A.II: 'Level 4 is the maximum Level of all Towers.' (At most 4: the tower cards give "
        "numbers for four levels.)",
    )
    wave_every: int = Field(
        3,
        ge=1,
        description="A wave is called on turn 1 and every this many turns after "
        "(003 3.A.IX: 'Call in a new Wave every 3 turns (1, 4, 7, 10, ...)').",
    )
    modifier_base_hit_points: int = Field(
        2,
        ge=0,
        description="003 phase 2: 'Wave Modifiers have Hit Points equal to 2 + Wave Modifier Difficulty "
        "+ Wave Number.'",
    )
    single_credit_boost: int = Field(
        1,
        ge=0,
        description="003 6.C.I: 'Discarding exactly 1 of any type of credit will increase the damage of "
        "any tower by 1 for this turn.'",
    )
    matching_pair_bonus: int = Field(
        1,
        ge=0,
        description="003 6.C.II: 'If the discarded Credits are of the same Credit Type, and the chosen "
        "Tower is of the same type add 1 additional damage to this Boost.'",
    )
    mark2_bonus_cost: int = Field(
        3, ge=0, description="003 6.E.I: 'Spend 3 Credits from this stack to draw one Mk. II Tower.'"
    )
    mark2_bonus_cost_after_kill: int = Field(
        2, ge=0, description="003 6.E.I: 'Decrease this cost to 2 Credits if you have just defeated a Unit.'"
    )
    mark3_bonus_cost: int = Field(
        5, ge=0, description="003 6.E.II: 'Spend 5 Credits from this stack to draw one Mk. III Tower.'"
    )
    mark3_bonus_cost_after_kill: int = Field(
        4, ge=0, description="003 6.E.II: 'Decrease this cost to 4 Credits if you have just defeated a Wave.'"
    )
    condition_credits: int = Field(
        2, ge=0, description="003 6.H: 'The completed Game Condition is worth 2 Universal Credits.'"
    )
    skill_markers: int = Field(4, ge=0, description="003 6.F: 'Each player starts with 4 Player Skill Markers.'")
    tough_extra_hit_points: int = Field(
        2,
        ge=0,
        description="Unit attribute 'tough': 'This Unit may be treated as though it had 2 additional "
        "Hit Points. If players ignore this effect, add 1 Depletion to any Tower that attacks this Unit.'",
    )
    armoured_extra_hit_points: int = Field(
        3,
        ge=0,
        description="Unit attribute 'armoured': 'This Unit may be treated as though it had 3 additional "
        "Hit Points. If players ignore this effect, destroy the Track beneath the Wave.'",
    )
    restored_track: int = Field(
        3,
        ge=0,
        description="Unit attribute 'restorer': 'After defeating this Unit, choose any 3 Track from the "
        "Track Discard.'",
    )
    elusive_extra_range: int = Field(
        1,
        ge=0,
        description="Unit attribute 'elusive': 'When attacking this Unit, a Tower needs 1 additional "
        "Range to hit this Unit.'",
    )
    tax_credits: int = Field(
        1,
        ge=0,
        description="Unit attributes 'upgrade tax' and 'build tax': 'that player must pay 1 additional "
        "Credit of any type.'",
    )

    # ---- interpretations where the rulebook is silent or unclear ---------------------------------
    wave_movement: Literal["current_unit", "first_unit"] = Field(
        "current_unit",
        description="Whose Movement a wave moves by: its visible unit's (default) or unit 1's. 003: "
        "'Each enemy Unit of a Wave has Movement. Movement is the quantity of Track spaces that a Wave "
        "travels each turn.'",
    )
    modifier_hit_points_from: Literal["wave_number", "rank"] = Field(
        "wave_number",
        description="A wave modifier's Hit Points add the Wave Number (phase 2: '2 + Wave Modifier "
        "Difficulty + Wave Number', with the worked example) or the wave's Rank (6.G: 'a flat amount "
        "plus the Rank of the Wave it is modifying').",
    )
    payment: Literal["cover", "exact"] = Field(
        "cover",
        description="A Mark II or III card is worth 2 or 3 credits (3.A: 'a Mark III Charge Tower is "
        "worth 3 Charge Credits'). 'cover': the cards paid must cover the cost and none may be left "
        "out; credits beyond the cost are lost (no change is given). 'exact': the credits must equal the "
        "cost (6.A.I: 'Discard a number of Credits ... equal to the Tower's Build cost').",
    )
    sell_own_towers_only: bool = Field(
        True,
        description="Only a tower's owner may sell it (6.B says 'Choose a Tower without Depletion' and "
        "names no owner; 6.A.II forbids upgrading another player's tower).",
    )
    boost_needs_energy: bool = Field(
        True,
        description="Only a tower without Depletion may be boosted, since a depleted tower cannot attack "
        "this turn (6.C.I: 'Boost the damage of any player's Tower').",
    )
    universal_credit_matches: bool = Field(
        False,
        description="A Universal credit counts as the tower's type for the 'Exactly 2 Matching' bonus "
        "(6.C.II says 'of the same Credit Type'; default: it does not).",
    )
    one_opportunity_per_kill: bool = Field(
        True,
        description="After a kill, only one of Mk. II Kill Bonus, Mk. III Kill Bonus or Conversion may "
        "take the opportunity, since taking one is 'any other action' for the others (6.E: 'If any "
        "player performs any other action after the Unit is killed, this Kill Bonus opportunity may not "
        "be taken').",
    )
    covered_units_active: bool = Field(
        True,
        description="The taxes of units not yet visible apply too (003 Enemies: 'Each Unit on a Wave is "
        "active individually'; 'While this unit is on the Playing Field').",
    )
    combine_own_tower_only: bool = Field(
        True,
        description="Only the owner of a Combine Tower makes its Combine Attack (6.G: 'Choose a Tower with your "
        "Player Marker', read as holding for every attack; 6.D says 'choose a Combine Tower' and names no owner, "
        "and its 2 partners are 'controlled by any player(s)').",
    )
    condition_closes: Literal["for_who_acts", "after_any_action"] = Field(
        "for_who_acts",
        description="Once a Game Condition's requirement is met, who may still complete it. 'for_who_acts': every "
        "player who has not performed an action since (6.H: 'If a player chooses to perform any action after the "
        "Game Condition requirement is complete, that player may not discard the Game Requirement'; 'Players may "
        "choose to discard the Game Condition at any point during Phase 6'). 'after_any_action': only right "
        "after the action that met it, whoever performs the next action.",
    )
    turn_limit: int | None = Field(
        None,
        ge=1,
        description="Simulated games stop after this many turns (None: no limit; not a rulebook rule).",
    )

    def copies(self, mark: int) -> int:
        """Cards of each tower type in the Mark I, II or III pile of the game (3.A.III)."""
        return {1: self.mark1_copies, 2: self.mark2_copies, 3: self.mark3_copies}[mark]
