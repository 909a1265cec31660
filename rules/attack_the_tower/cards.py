"""Cards as data: troop types and traits, bases, abilities with a declarative effect vocabulary, armies.

Ability effects are validated data (a discriminated union), never code: a data file can only combine
the effects listed here, and the engine implements each of them.
"""

from __future__ import annotations

from typing import Annotated, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.core.limits import MAX_RULES_NUMBER as MAX_NUMBER

TroopType = Literal["light_infantry", "shooter", "heavy_infantry", "cavalry", "siege_weapon"]
TROOP_TYPES: tuple[TroopType, ...] = get_args(TroopType)
AbilityType = Literal["light_infantry", "shooter", "heavy_infantry", "cavalry", "siege_weapon", "common", "special"]
Trait = Literal["initiative", "artillery", "unique", "loyal"]
Who = Literal["allied", "enemy"]
When = Literal["always", "attacking", "defending"]

TROOP_TYPE_TRAITS: dict[TroopType, tuple[Trait, ...]] = {
    "light_infantry": (),
    "shooter": ("initiative",),
    "heavy_infantry": (),
    "cavalry": (),
    "siege_weapon": ("artillery",),
}
"""004: 'shooters have power 1 and initiative trait'; 'siege weapons have power 4 and artillery trait'."""

TROOP_TYPE_LABEL: dict[TroopType, str] = {t: t.replace("_", " ") for t in TROOP_TYPES}
"""A troop type in words: 'heavy infantry'."""


# Every number on a card (a power, an amount, a change, a count of copies) is at most MAX_NUMBER either way, as every
# number of a rules config is: a card of a power in the millions would make a battle's allocations and a game's
# length grow past what a sweep can play.


MAX_NAME_CHARS = 60
"""The longest name of an army, a card or a troop (the shipped ones reach 26): events and boards print names many
times, so a designer's file cannot flood them."""
MAX_TEXT_CHARS = 2_000
"""The longest text of any other field (a card's printed text, its source, a reading: the shipped ones reach 769)."""

Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME_CHARS)]
"""A name as the board and the events print it."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", str_max_length=MAX_TEXT_CHARS)


# ---- the effect vocabulary ------------------------------------------------------------------------
class PowerChange(_Frozen):
    """Troops' power (damage dealt and damage needed to destroy them) changes by `delta`."""

    effect: Literal["power_change"] = "power_change"
    who: Who
    troop_types: tuple[TroopType, ...] | None = None
    delta: int = Field(ge=-MAX_NUMBER, le=MAX_NUMBER)
    when: When = "always"


class PowerSet(_Frozen):
    """Troops' power becomes `value` (applied before any PowerChange)."""

    effect: Literal["power_set"] = "power_set"
    who: Who
    troop_types: tuple[TroopType, ...] | None = None
    value: int = Field(ge=0, le=MAX_NUMBER)


class DamageBonus(_Frozen):
    """Troops inflict `delta` extra damage; the damage needed to destroy them does not change."""

    effect: Literal["damage_bonus"] = "damage_bonus"
    who: Who
    troop_types: tuple[TroopType, ...] | None = None
    delta: int = Field(ge=-MAX_NUMBER, le=MAX_NUMBER)


class TraitLoss(_Frozen):
    """Troops lose a trait (e.g. 'enemies lose initiative'; artillery that 'can damage troops')."""

    effect: Literal["trait_loss"] = "trait_loss"
    who: Who
    troop_types: tuple[TroopType, ...] | None = None
    trait: Trait


class ArtilleryIgnoresDefenders(_Frozen):
    """Artillery damage of these troops may be assigned to bases even while troops defend them."""

    effect: Literal["artillery_ignores_defenders"] = "artillery_ignores_defenders"
    troop_types: tuple[TroopType, ...] | None = None


class Recruit(_Frozen):
    """Recruit troops on allied bases of a type at once: `amount` each, or fill them ('fill')."""

    effect: Literal["recruit"] = "recruit"
    troop_types: tuple[TroopType, ...]
    amount: Annotated[int, Field(ge=1, le=MAX_NUMBER)] | Literal["fill"] = 1
    only_in_territories_with: TroopType | None = None


class RecruitPerKill(_Frozen):
    """At the end of the turn, recruit one troop of a type per enemy troop killed in battles it fought."""

    effect: Literal["recruit_per_kill"] = "recruit_per_kill"
    troop_type: TroopType


class SacrificeAfterBattle(_Frozen):
    """Allied troops of these types that battled are sacrificed when the battle ends."""

    effect: Literal["sacrifice_after_battle"] = "sacrifice_after_battle"
    troop_types: tuple[TroopType, ...]


class SpareFromSacrifice(_Frozen):
    """Troops in a territory holding an allied troop of this type are spared from sacrifice."""

    effect: Literal["spare_from_sacrifice"] = "spare_from_sacrifice"
    troop_type: TroopType


class SacrificeUnmannedBases(_Frozen):
    """After a battle in which these allied troops attacked, defending bases with no troops are destroyed."""

    effect: Literal["sacrifice_unmanned_bases"] = "sacrifice_unmanned_bases"
    attacking_troop_type: TroopType


class ExtraRenewalDraws(_Frozen):
    """While in play, the owner draws this many extra cards in each renewal sequence."""

    effect: Literal["extra_renewal_draws"] = "extra_renewal_draws"
    count: int = Field(ge=1, le=MAX_NUMBER)


class DestroyPerFighter(_Frozen):
    """After the regular combat step, one enemy troop of the battle is destroyed for each allied troop of
    this type that fought in it while its side inflicted damage (the strongest enemy troops first)."""

    effect: Literal["destroy_per_fighter"] = "destroy_per_fighter"
    troop_type: TroopType


class CombatStartDamage(_Frozen):
    """When combat begins, each enemy troop of `target_types` in the battle takes `amount` damage while an
    allied troop of `troop_type` fights (or `amount` per such troop, under `Rules.templar_damage`)."""

    effect: Literal["combat_start_damage"] = "combat_start_damage"
    troop_type: TroopType
    target_types: tuple[TroopType, ...]
    amount: int = Field(1, ge=1, le=MAX_NUMBER)


class SacrificeToDestroyBases(_Frozen):
    """One allied troop of this type is sacrificed on each allied base that recruits it; then, for each
    allied territory that still holds one, the player destroys one enemy base they choose."""

    effect: Literal["sacrifice_to_destroy_bases"] = "sacrifice_to_destroy_bases"
    troop_type: TroopType


class RaiseChosenTroop(_Frozen):
    """The player chooses one allied troop on the board; it carries its own power raise of `delta` (and is
    called `becomes`) for as long as it lives (or this turn, under `Rules.raised_troop_lasts`)."""

    effect: Literal["raise_chosen_troop"] = "raise_chosen_troop"
    delta: int = Field(ge=1, le=MAX_NUMBER)
    becomes: Name


Effect = Annotated[
    PowerChange
    | PowerSet
    | DamageBonus
    | TraitLoss
    | ArtilleryIgnoresDefenders
    | Recruit
    | RecruitPerKill
    | SacrificeAfterBattle
    | SpareFromSacrifice
    | SacrificeUnmannedBases
    | ExtraRenewalDraws
    | DestroyPerFighter
    | CombatStartDamage
    | SacrificeToDestroyBases
    | RaiseChosenTroop,
    Field(discriminator="effect"),
]


class SpecialTroopSpec(_Frozen):
    """The troop a special ability recruits on the palace; its effects last while it lives."""

    name: Name
    power: int = Field(ge=0, le=MAX_NUMBER)
    traits: tuple[Trait, ...] = ()
    returns_at_end_of_turn: bool = False
    effects: tuple[Effect, ...] = ()


# ---- cards and armies ---------------------------------------------------------------------------
class BaseCard(_Frozen):
    """A base card: its name, the troop it recruits, how many copies the deck holds, and where that is from."""

    id: str = Field(pattern=r"^[a-z_]+\.[a-z_]+$")
    name: Name
    troop_name: Name
    troop_type: TroopType
    copies: int = Field(ge=1, le=MAX_NUMBER)
    source: str
    assumed: bool = Field(False, description="True when the name or the count is an assumption, not a fact.")


class AbilityCard(_Frozen):
    """An ability card: printed text, type, effects (or why they are not implemented yet), copies, source."""

    id: str = Field(pattern=r"^[a-z_]+\.[a-z_]+$")
    name: Name
    type: AbilityType
    text: str
    copies: int = Field(ge=0, le=MAX_NUMBER)
    source: str
    copies_assumed: bool = True
    effects: tuple[Effect, ...] = ()
    special_troop: SpecialTroopSpec | None = None
    not_implemented: str | None = Field(
        None, description="Why the text is not implemented yet; such a card can be played with no effect."
    )
    reading: str | None = Field(
        None, description="How an ambiguous text is read, and the `Rules` field offering the other reading."
    )

    @model_validator(mode="after")
    def _special_has_troop(self) -> AbilityCard:
        if (self.type == "special") != (self.special_troop is not None):
            raise ValueError(f"{self.id}: a special ability, and only one, recruits a special troop")
        if self.not_implemented is None and not self.effects and self.special_troop is None:
            raise ValueError(f"{self.id}: an implemented ability needs at least one effect")
        return self


class Army(_Frozen):
    """One army: 25 base cards and 25 ability cards (004 'Setting up'), with what is known of each."""

    id: str = Field(pattern=r"^[a-z_]+$")
    name: Name
    source: str
    notes: str = ""
    bases: tuple[BaseCard, ...]
    abilities: tuple[AbilityCard, ...] = ()
    ability_deck_known: bool = True

    @model_validator(mode="after")
    def _decks_are_consistent(self) -> Army:
        base_total = sum(b.copies for b in self.bases)
        if base_total != 25:
            raise ValueError(f"the {self.name} base deck holds {base_total} cards; the rulebook (004) says 25")
        ability_total = sum(a.copies for a in self.abilities)
        if self.ability_deck_known and ability_total != 25:
            raise ValueError(f"the {self.name} ability deck holds {ability_total} cards; the rulebook (004) says 25")
        ids = [b.id for b in self.bases] + [a.id for a in self.abilities]
        if len(ids) != len(set(ids)):
            raise ValueError(f"the {self.name} army lists a card id twice")
        if any(not i.startswith(self.id + ".") for i in ids):
            raise ValueError(f"every {self.name} card id must start with '{self.id}.'")
        return self

    def card_ids(self) -> tuple[str, ...]:
        return tuple(b.id for b in self.bases) + tuple(a.id for a in self.abilities)
