"""The position of Attack the Tower as the outside world writes it: pydantic schemas, strict, with limits.

Files, the CLI, share codes and panel edits pass through `game.POSITION` (a `rules.core.codec.Codec`): these
schemas validate the shape, `legality.position_problems` the rules, and the engine's records
(`rules.attack_the_tower.model`) are built once. The classes keep the records' names, so the JSON Schema
(`tower-rules attack-the-tower schema`) names them as a player knows them.
"""

from __future__ import annotations

import typing
from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    field_validator,
    model_validator,
)

from rules.attack_the_tower import actions, model
from rules.attack_the_tower.model import TERRITORIES, BattleStage, Phase, PileKind, Termination
from rules.attack_the_tower.variants import Rules
from rules.core.codec import ActionReader
from rules.core.jsonio import not_a_bool
from rules.core.records import Record

PlayerIndex = Annotated[Literal[0, 1], BeforeValidator(not_a_bool)]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Base(_Frozen):
    """A base card built on a slot, with the troop counters it holds."""

    card: str
    troops: int = Field(0, ge=0)
    raised: tuple[int, ...] = Field(
        (),
        description=(
            "Power raises carried by single troops (a Ninja's +3), largest first: troop i of the base "
            "carries raised[i]; the other troops carry none."
        ),
    )

    @model_validator(mode="after")
    def _raises_fit(self) -> Base:
        if len(self.raised) > self.troops:
            raise ValueError(f"{len(self.raised)} raised troops on a base holding {self.troops} troops")
        if any(r < 1 for r in self.raised) or list(self.raised) != sorted(self.raised, reverse=True):
            raise ValueError("raised powers are at least 1 each, listed largest first")
        return self


Slot = Base | None
Territory = tuple[Slot, Slot, Slot]
Territories = tuple[Territory, Territory, Territory]
EMPTY_TERRITORY: Territory = (None, None, None)


class Allocation(_Frozen):
    """Damage a side distributes: (target key, amount) pairs, sorted by key, each amount at least 1."""

    assignments: tuple[tuple[str, int], ...] = ()

    @field_validator("assignments")
    @classmethod
    def _well_formed(cls, value: tuple[tuple[str, int], ...]) -> tuple[tuple[str, int], ...]:
        keys = [k for k, _ in value]
        if len(keys) != len(set(keys)):
            raise ValueError("a target is named twice; give each target its total damage once")
        if any(a < 1 for _, a in value):
            raise ValueError("every amount must be at least 1")
        return tuple(sorted(value))


class Player(_Frozen):
    """One player's side of the table: board, palace, hand, piles, abilities in play."""

    army: str
    territories: tuple[Territory, Territory, Territory] = (EMPTY_TERRITORY,) * 3
    palace: tuple[str, ...] = Field((), description="Special ability cards on the palace, one special troop each.")
    hand: tuple[str, ...] = ()
    base_pile: tuple[str, ...] = Field((), description="The base draw pile, as a sorted multiset of card ids.")
    ability_pile: tuple[str, ...] = Field((), description="The ability draw pile, as a sorted multiset.")
    base_discard: tuple[str, ...] = ()
    ability_discard: tuple[str, ...] = ()
    in_play: tuple[str, ...] = Field((), description="Abilities played this turn; discarded when it ends.")
    returning: tuple[str, ...] = Field((), description="Special troops defeated this turn that return at its end.")
    kills_alongside: tuple[int, int, int, int, int] = Field(
        (0, 0, 0, 0, 0),
        description="Enemy troops killed this turn in battles where allied troops of each type fought.",
    )
    burns: int = Field(0, ge=0, description="Times this player has burnt the opening hand (004 'Setting up').")


class Battle(_Frozen):
    """A battle in progress: where, which step, damage taken so far and allocations not yet revealed."""

    origin: int = Field(ge=0, lt=TERRITORIES, description="The attacking territory.")
    target: int = Field(ge=0, lt=TERRITORIES, description="The defending territory.")
    at_palace: bool = Field(False, description="True once the survivors attack the palace.")
    stage: BattleStage = "abilities"
    specials: tuple[int, ...] = Field((), description="Attacker's palace troops (palace indices) that joined.")
    actor: PlayerIndex = 0
    passes: int = Field(0, ge=0, le=1)
    damage: tuple[tuple[str, int], ...] = Field((), description="Damage taken so far this battle, by unit key.")
    dead: tuple[str, ...] = Field((), description="Units destroyed so far this battle, by unit key.")
    pending: tuple[Allocation | None, Allocation | None] = Field(
        (None, None),
        description="Allocations made in the current simultaneous step, hidden until both are in.",
    )
    leftover: tuple[int, int] = Field((0, 0), description="Initiative damage not distributed, per player.")
    remaining: tuple[int, int] = Field(
        (0, 0), description="The attacker's regular damage left for unmanned bases: (general, artillery)."
    )
    owed: tuple[int, int] = Field(
        (0, 0),
        description="Enemy troops each player still chooses to destroy (Rules.vrykolaka_victims='chosen').",
    )


class GameState(_Frozen):
    """A whole position of Attack the Tower, including the rules it is played under."""

    rules: Rules = Rules()
    players: tuple[Player, Player]
    attacker: PlayerIndex = Field(0, description="The player whose turn it is.")
    turn: int = Field(1, ge=1)
    phase: Phase = "main"
    actor: PlayerIndex = Field(0, description="Who decides in setup and renewal steps.")
    draws_left: int = Field(0, ge=0)
    drawing: PileKind | None = Field(None, description="A card of this pile is being revealed (a chance node).")
    attacks: tuple[int, ...] = Field((), description="Territories that have attacked this turn.")
    battle: Battle | None = None
    winner: PlayerIndex | None = None
    termination: Termination | None = None


RECORDS: dict[type[BaseModel], type[Record]] = {
    Base: model.Base,
    Allocation: model.Allocation,
    Player: model.Player,
    Battle: model.Battle,
    GameState: model.GameState,
}
"""Each schema class and the engine record it is read into."""


read_action = ActionReader(typing.get_args(actions.Action), RECORDS)
"""An action from JSON data (a line file, the protocol), validated; IllegalPosition names what is wrong."""
