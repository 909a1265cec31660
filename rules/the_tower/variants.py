"""The rules config: every number and every interpretation of The Tower, named, with its default.

Each field's description cites the sentence of seed 002 it reads; the rulebook registry
(`rules.the_tower.rulebook`) lists them with the other sentences.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.core.rules_base import RulesBase

TABLE_FLOORS = 4
"""The floor table of seed 002 prints four floors."""


class MonsterStats(BaseModel):
    """One row of the monster table: damage dealt on the first floor, hit points, action points won."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    damage: int = Field(ge=0)
    hp: int = Field(ge=1)
    points: int = Field(ge=0)


class Rules(RulesBase):
    """A frozen set of rule numbers and readings. `Rules()` is the rulebook's default reading."""

    # ---- numbers printed in the rulebook ------------------------------------------------------------
    starting_hp: int = Field(
        6,
        ge=1,
        description=(
            "HP at the start. 002: 'note on paper your 6 starting HP' (and 'you can go above your 6 "
            "starting HP'); the picture of the table prints 'PLAYER'S HP : 14' - the variant 14."
        ),
    )
    starting_attack_cards: int = Field(
        5, ge=0, le=27, description="Attack cards drawn at the start (002: 'Draw 5 attack cards')."
    )
    starting_potions: int = Field(1, ge=0, le=9, description="Potion cards drawn at the start (002: '1 potion card').")
    starting_action_points: int = Field(
        4, ge=0, description="Action points at the start (002: 'You start the game with 4 action points')."
    )
    rooms_per_floor: int = Field(
        4,
        ge=1,
        le=16,
        description="Rooms dealt face down on each floor (002: 'Draw 4 room cards and put them flipped down').",
    )
    jack: MonsterStats = Field(
        MonsterStats(damage=1, hp=10, points=1), description="002 monster table: Jack 1 / 10 / 1."
    )
    queen: MonsterStats = Field(
        MonsterStats(damage=2, hp=14, points=2), description="002 monster table: Queen 2 / 14 / 2."
    )
    king: MonsterStats = Field(
        MonsterStats(damage=2, hp=18, points=3), description="002 monster table: King 2 / 18 / 3."
    )
    ace: MonsterStats = Field(MonsterStats(damage=3, hp=22, points=4), description="002 monster table: Ace 3 / 22 / 4.")
    damage_per_floor: int = Field(
        1,
        ge=0,
        description="002: 'Every new floor after the first one, Add one to each monster damage value.'",
    )
    same_colour_multiplier: int = Field(
        1,
        ge=1,
        description="002: 'If both your attack and the room has the same colour, you deal the number of your card'.",
    )
    opposite_colour_multiplier: int = Field(
        2, ge=1, description="002: 'If it's the opposite colour, you deal double damage.'"
    )

    # ---- interpretations where the rulebook is silent or contradicts itself -------------------------
    fight_actions: Literal["never", "when_stuck", "always"] = Field(
        "never",
        description=(
            "When action points may be spent during a fight (drawing an attack or a potion card, drinking "
            "a potion). Default 'never': 002 'Use them then choose a room and fight the creature inside' - "
            "points are spent between fights, so a room is fought with the hand prepared for it. "
            "'when_stuck': also when no card in hand can hit the monster, so that the assault can go on "
            "('you can use multiple times the same action while you still have action points left'); "
            "'always': between any two hits."
        ),
    )
    stuck: Literal["die", "flee"] = Field(
        "die",
        description=(
            "When no card in hand can hit the monster and no action point can be spent on a way out. "
            "Default 'die': the assault cannot go on and the monster strikes until the player falls "
            "(002: 'Then repeat the assault until you or your enemy dies'); 'flee': the player leaves the "
            "room, which stays face up on the floor with its monster healed (and is not entered again "
            "while no card in hand can hit it and no action point could be spent in the fight)."
        ),
    )
    may_leave_fight: bool = Field(
        False,
        description=(
            "Whether the player may leave a fight at will (the room stays face up, its monster healed; a "
            "face-up room no card in hand can hit is then not entered, unless an action point could be spent in the "
            "fight). Default False: 002 'Then repeat "
            "the assault until you or your enemy dies'."
        ),
    )
    hand_limit: int | None = Field(
        None,
        ge=1,
        description=(
            "The most cards the hand may hold after drawing (None: no limit). 002 is silent; the opening "
            "'Draw 5 attack cards, 1 potion card' may be read as a hand of six."
        ),
    )
    empty_deck: Literal["cannot_draw", "reshuffle"] = Field(
        "cannot_draw",
        description=(
            "When the attack or potion deck is empty. Default 'cannot_draw': 002 'When you used a card, "
            "or killed a foe put it aside the game, you cannot draw it back'; 'reshuffle': the used cards "
            "of that deck are shuffled into a new deck."
        ),
    )
    room_chosen: Literal["after_actions", "before_actions"] = Field(
        "after_actions",
        description=(
            "When the next fight's room is chosen. Default 'after_actions': 002 'Use them then choose a "
            "room and fight the creature inside'; 'before_actions': the room is named first, then the "
            "points are spent, then that room is fought."
        ),
    )
    spend_all_points_before_fight: bool = Field(
        False,
        description=(
            "Whether every action point that can be spent must be spent before a fight. Default False: "
            "002 'use your remaining action points from your previous fight' says points can remain; the "
            "variant reads 'Use them then choose a room' as 'use them all'."
        ),
    )
    damage_beyond_table: Literal["keep_adding", "as_last_floor"] = Field(
        "keep_adding",
        description=(
            "Monster damage on floors past the fourth (only reachable with fewer rooms per floor: 16 room "
            "cards make exactly 4 floors of 4). Default 'keep_adding': 002 'Every new floor after the "
            "first one, Add one to each monster damage value'; 'as_last_floor': the floor table stops at "
            "floor 4."
        ),
    )
    hp_cap: int | None = Field(
        None,
        ge=1,
        description="The most HP drinking can bring (None: no cap; 002 'you can go above your 6 starting HP').",
    )

    def consistency_problems(self) -> list[str]:
        """The opening hand must fit the hand limit, and the starting HP must not exceed the HP cap."""
        opening = self.starting_attack_cards + self.starting_potions
        problems = []
        if self.hand_limit is not None and self.hand_limit < opening:
            problems.append(f"hand_limit: a hand limit of {self.hand_limit} cannot hold the {opening} opening cards")
        if self.hp_cap is not None and self.hp_cap < self.starting_hp:
            problems.append(f"hp_cap: a cap of {self.hp_cap} HP is below the {self.starting_hp} starting HP")
        return problems

    def monster(self, rank: str) -> MonsterStats:
        """The monster table row of a room card's rank (J, Q, K or A)."""
        return {"J": self.jack, "Q": self.queen, "K": self.king, "A": self.ace}[rank]

    def monster_damage(self, rank: str, floor: int) -> int:
        """The damage a monster of this rank deals on this floor (002 floor table)."""
        return self.monster(rank).damage + self.floor_extra_damage(floor)

    def floor_extra_damage(self, floor: int) -> int:
        """What every monster deals on this floor beyond its first floor's damage (002: 'Every new floor after the
        first one, Add one to each monster damage value')."""
        steps = floor - 1
        if self.damage_beyond_table == "as_last_floor":
            steps = min(steps, TABLE_FLOORS - 1)
        return steps * self.damage_per_floor
