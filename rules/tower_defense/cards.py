"""Game pieces as data: towers (which are also credits), waves of units, wave modifiers, game
conditions, skills and game modes. Every number says where it is from and whether it is an assumption.

The rulebook (seed 003) prints only a few numbers; the others are marked `assumed: true` so that a
designer can fill them in. An entry is `assumed` exactly when one of its numbers is.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, model_validator

from rules.core.jsonio import not_a_bool

TowerType = Literal["standard", "boost", "charge", "combine"]
TOWER_TYPES: tuple[TowerType, ...] = ("standard", "boost", "charge", "combine")
CreditType = Literal["standard", "boost", "charge", "combine", "universal"]
CREDIT_TYPES: tuple[CreditType, ...] = ("standard", "boost", "charge", "combine", "universal")
Mark = Annotated[Literal[1, 2, 3], BeforeValidator(not_a_bool)]
MARK_NAME = {1: "Mark I", 2: "Mark II", 3: "Mark III"}
Reach = Literal["range", "radius"]
TrackName = Literal["A", "B"]
AttributeKind = Literal[
    "tough",
    "armoured",
    "track_breaker",
    "restorer",
    "resistance",
    "upgrade_tax",
    "build_tax",
    "elusive",
    "must_be_attacked",
]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Figure(_Frozen):
    """One number with its provenance: the words it is read from, or why it is assumed."""

    value: int
    source: str
    assumed: bool


class TowerSpec(_Frozen):
    """A starting tower of one type and mark: its costs, and per level its reach and damage."""

    id: str = Field(pattern=r"^(standard|boost|charge|combine)\.[123]$")
    name: str
    type: TowerType
    mark: Mark
    copies: Figure
    reach: Reach
    build_cost: Figure
    upgrade_cost: Figure
    sell_value: Figure
    reach_by_level: tuple[Figure, Figure, Figure, Figure]
    damage_by_level: tuple[Figure, Figure, Figure, Figure] | None = None
    boost_multiplier_by_level: tuple[Figure, Figure, Figure, Figure] | None = None
    combine_cost: Figure | None = None
    ability: str = Field("", description="Special ability text, or why it is not known.")
    source: str
    assumed: bool

    def figures(self) -> list[tuple[str, Figure]]:
        """Every number of this tower, named."""
        out = [
            ("copies", self.copies),
            ("build cost", self.build_cost),
            ("upgrade cost", self.upgrade_cost),
            ("sell value", self.sell_value),
        ]
        out += [(f"{self.reach} at level {i + 1}", f) for i, f in enumerate(self.reach_by_level)]
        out += [(f"damage at level {i + 1}", f) for i, f in enumerate(self.damage_by_level or ())]
        out += [(f"boost multiplier at level {i + 1}", f) for i, f in enumerate(self.boost_multiplier_by_level or ())]
        if self.combine_cost is not None:
            out.append(("combine cost", self.combine_cost))
        return out

    @model_validator(mode="after")
    def _consistent(self) -> TowerSpec:
        if self.id != f"{self.type}.{self.mark}":
            raise ValueError(f"{self.id}: the id must be '<type>.<mark>'")
        if (self.reach == "range") != (self.damage_by_level is not None):
            raise ValueError(f"{self.id}: a tower with a Range deals damage; one with a Radius does not (003)")
        if (self.type == "boost") != (self.boost_multiplier_by_level is not None):
            raise ValueError(f"{self.id}: only Boost towers have a boost multiplier")
        if (self.type == "combine") != (self.combine_cost is not None):
            raise ValueError(f"{self.id}: only Combine towers have a combine cost")
        if self.assumed != any(f.assumed for _, f in self.figures()):
            raise ValueError(f"{self.id}: 'assumed' must be true exactly when one of its numbers is")
        return self

    def damage(self, level: int) -> int:
        return 0 if self.damage_by_level is None else self.damage_by_level[level - 1].value

    def reach_at(self, level: int) -> int:
        return self.reach_by_level[level - 1].value

    def multiplier(self, level: int) -> int:
        return 1 if self.boost_multiplier_by_level is None else self.boost_multiplier_by_level[level - 1].value


class Attribute(_Frozen):
    """A unit's special attribute. The icons are lost in the seed; each is implemented by its text."""

    kind: AttributeKind
    damage_type: CreditType | None = Field(None, description="The damage type a Resistance reduces.")
    amount: int = Field(0, ge=0, description="The Resistance amount.")

    @model_validator(mode="after")
    def _resistance(self) -> Attribute:
        if (self.kind == "resistance") != (self.damage_type is not None and self.amount > 0):
            raise ValueError("a resistance, and only a resistance, has a damage type and an amount")
        return self


class UnitSpec(_Frozen):
    """One enemy unit: Hit Points, Movement and attributes (003 'All Waves have 1, 2, 3, or 4 Units')."""

    hit_points: int = Field(ge=1)
    movement: int = Field(ge=0)
    attributes: tuple[Attribute, ...] = ()

    def has(self, kind: AttributeKind) -> bool:
        return any(a.kind == kind for a in self.attributes)


class WaveSpec(_Frozen):
    """An enemy wave (the back of a track piece): its rank, its units in order, and where it is from."""

    id: str = Field(pattern=r"^[a-z0-9_.-]+$")
    name: str
    rank: int = Field(ge=1, le=10)
    reverse: bool = Field(False, description="'This Wave will begin on Track 26 instead of Track 0.'")
    units: tuple[UnitSpec, ...] = Field(min_length=1, max_length=4)
    source: str
    assumed: bool

    @property
    def track(self) -> TrackName:
        """003 Enemies: 'Odd Ranked Waves appear on Track A. Even Ranked Waves appear on Track B.'"""
        return "A" if self.rank % 2 else "B"


class ModifierSpec(_Frozen):
    """A wave modifier L-hex: its difficulty level and the effects it adds to every unit of its wave."""

    id: str = Field(pattern=r"^[a-z0-9_.-]+$")
    name: str
    level: int = Field(ge=1, le=3)
    movement: int = Field(0, ge=0)
    hit_points: int = Field(0, ge=0)
    reveal_condition: bool = Field(False, description="'Reveal 1 Game Condition' modifiers.")
    text: str
    source: str
    assumed: bool


class ConditionSpec(_Frozen):
    """A game condition card: its level, effects while in play and the requirement that completes it."""

    id: str = Field(pattern=r"^[a-z0-9_.-]+$")
    name: str
    level: int = Field(ge=1, le=3)
    movement: int = Field(0, ge=0, description="Extra Movement of every wave while in play.")
    hit_points: int = Field(0, ge=0, description="Extra Hit Points of every unit while in play.")
    requirement_units: int = Field(ge=1, description="Units to defeat while it is in play to complete it.")
    text: str
    source: str
    assumed: bool


class SkillSpec(_Frozen):
    """A skill: on a player mat (each player's own) or on a shared skill board, with its slots' costs."""

    id: str = Field(pattern=r"^[a-z0-9_.-]+$")
    name: str
    board: str = Field(description="'player_mat' or the id of a skill board side.")
    slot_costs: tuple[int, ...] = Field(
        min_length=1, max_length=2, description="Universal Energy symbols of each slot (credits to pay)."
    )
    second_slot_unlocked: bool = False
    text: str
    source: str
    assumed: bool


class ExpBracket(_Frozen):
    """'Lives Remain: (1-3) (4-5) (6+) = 1 B EXP': lives from `low` (to `high`) earn `points`."""

    low: int = Field(ge=0)
    high: int | None = None
    points: int = Field(ge=0)
    exp_type: str


class GameMode(_Frozen):
    """A game mode's numbers (003 'Standard Game Mode 3: Starting Credits: 8. Income Per Turn: 4.')."""

    id: str = Field(pattern=r"^[a-z0-9_.-]+$")
    name: str
    starting_credits: Figure
    income: Figure
    lives: Figure
    track_loss_limit: Figure
    tiers: tuple[tuple[ExpBracket, ...], ...] = Field((), description="Tier I, II, III: the EXP brackets of each tier.")
    tier_waves: tuple[str, ...] = ()
    source: str
    assumed: bool

    def figures(self) -> list[tuple[str, Figure]]:
        return [
            ("starting credits", self.starting_credits),
            ("income per turn", self.income),
            ("starting lives", self.lives),
            ("track pieces that may be lost", self.track_loss_limit),
        ]


class CardSet(_Frozen):
    """Cards a designer changed, by kind, each standing in for the shipped card of its id (see
    `catalog.use_cards`); empty: the cards as shipped."""

    towers: tuple[TowerSpec, ...] = ()
    waves: tuple[WaveSpec, ...] = ()
    modifiers: tuple[ModifierSpec, ...] = ()
    conditions: tuple[ConditionSpec, ...] = ()
    skills: tuple[SkillSpec, ...] = ()
    modes: tuple[GameMode, ...] = ()

    def cards(self) -> tuple[TowerSpec | WaveSpec | ModifierSpec | ConditionSpec | SkillSpec | GameMode, ...]:
        """Every card of the set, kind by kind."""
        return (*self.towers, *self.waves, *self.modifiers, *self.conditions, *self.skills, *self.modes)


class Difficulty(_Frozen):
    """A Difficulty (003 3.A.V): the wave modifier level of each wave in calling order, so also the number
    of waves; a session selects `modifiers_per_wave` wave modifiers and `conditions_per_wave` game
    conditions of each wave's level."""

    id: str = Field(pattern=r"^[1-3](/[1-3])*$")
    levels: tuple[Annotated[int, Field(ge=1, le=3)], ...] = Field(min_length=1, max_length=10)
    modifiers_per_wave: int = Field(ge=0, le=4)
    conditions_per_wave: int = Field(ge=0, le=4)
    source: str
    assumed: bool

    @model_validator(mode="after")
    def _named_by_levels(self) -> Difficulty:
        if self.id != "/".join(map(str, self.levels)):
            raise ValueError(f"{self.id}: a Difficulty is named by its levels, e.g. 1/1/2/2")
        return self

    def count(self, level: int, per_wave: int) -> int:
        """How many pieces of this level a session selects, `per_wave` for each wave of the level."""
        return per_wave * self.levels.count(level)
