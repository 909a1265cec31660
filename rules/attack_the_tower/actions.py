"""What a player (or chance) can choose in Attack the Tower: one immutable record per kind of action.

Each writes itself as the JSON `schema.ACTION_ADAPTER` reads (`{"action": "draw", "player": 0, ...}`); that
text orders the legal actions and so gives them their integer ids (`rules.core.protocol`).
"""

from __future__ import annotations

from typing import Final

from rules.attack_the_tower.model import Allocation, PileKind
from rules.core.records import Record


class DrawCard(Record):
    """Draw one card from the chosen pile (004 setup: 'from any of his piles'; renewal B)."""

    __slots__ = ("pile", "player")
    FIELDS = ("player", "pile")
    TAG = ("action", "draw")

    def __init__(self, player: int, pile: PileKind) -> None:
        self.player: Final = player
        self.pile: Final = pile


class RevealCard(Record):
    """Chance: the card that comes off the pile being drawn from."""

    __slots__ = ("card",)
    FIELDS = ("card",)
    TAG = ("action", "reveal")

    def __init__(self, card: str) -> None:
        self.card: Final = card


class Burn(Record):
    """Discard the whole opening hand and draw again (004 setup)."""

    __slots__ = ("player",)
    FIELDS = ("player",)
    TAG = ("action", "burn")

    def __init__(self, player: int) -> None:
        self.player: Final = player


class KeepHand(Record):
    """Keep the opening hand (004 setup)."""

    __slots__ = ("player",)
    FIELDS = ("player",)
    TAG = ("action", "keep")

    def __init__(self, player: int) -> None:
        self.player: Final = player


class Build(Record):
    """Build a base from the hand on a slot, over any base already there (004 'Building bases')."""

    __slots__ = ("card", "player", "slot", "territory")
    FIELDS = ("player", "card", "territory", "slot")
    TAG = ("action", "build")

    def __init__(self, player: int, card: str, territory: int, slot: int) -> None:
        self.player: Final = player
        self.card: Final = card
        self.territory: Final = territory
        self.slot: Final = slot


class FinishBuilding(Record):
    """Build nothing more in this building step."""

    __slots__ = ("player",)
    FIELDS = ("player",)
    TAG = ("action", "finish_building")

    def __init__(self, player: int) -> None:
        self.player: Final = player


class Discard(Record):
    """Discard a card from the hand down to the hand limit (004 renewal B)."""

    __slots__ = ("card", "player")
    FIELDS = ("player", "card")
    TAG = ("action", "discard")

    def __init__(self, player: int, card: str) -> None:
        self.player: Final = player
        self.card: Final = card


class Renew(Record):
    """The attacking player's decision at the start of the turn (004 'The game turn' 1)."""

    __slots__ = ("player", "renew")
    FIELDS = ("player", "renew")
    TAG = ("action", "renew")

    def __init__(self, player: int, renew: bool) -> None:
        self.player: Final = player
        self.renew: Final = renew


class DeclareAttack(Record):
    """Attack from one of the player's territories to one of the opponent's (004 battles 1), with the palace
    special troops (by palace index) sent along."""

    __slots__ = ("origin", "player", "specials", "target")
    FIELDS = ("player", "origin", "target", "specials")
    TAG = ("action", "attack")

    def __init__(self, player: int, origin: int, target: int, specials: tuple[int, ...] = ()) -> None:
        self.player: Final = player
        self.origin: Final = origin
        self.target: Final = target
        self.specials: Final = specials


class PlayAbility(Record):
    """Play an ability card from the hand (004 'The game turn' 2, battles 2), with what the card makes its
    player choose: a troop key (Ninja) or base keys (Kaiju)."""

    __slots__ = ("card", "player", "targets")
    FIELDS = ("player", "card", "targets")
    TAG = ("action", "play")

    def __init__(self, player: int, card: str, targets: tuple[str, ...] = ()) -> None:
        self.player: Final = player
        self.card: Final = card
        self.targets: Final = targets


class Pass(Record):
    """Play no more abilities in this battle's ability window (for now)."""

    __slots__ = ("player",)
    FIELDS = ("player",)
    TAG = ("action", "pass")

    def __init__(self, player: int) -> None:
        self.player: Final = player


class Allocate(Record):
    """Distribute the damage of the current combat step among targets (004 battles 3 and 4)."""

    __slots__ = ("allocation", "player")
    FIELDS = ("player", "allocation")
    TAG = ("action", "allocate")

    def __init__(self, player: int, allocation: Allocation = Allocation()) -> None:  # noqa: B008  (immutable)
        self.player: Final = player
        self.allocation: Final = allocation


class ChooseVictim(Record):
    """Destroy one enemy troop a Vrykolaka owes (Rules.vrykolaka_victims='chosen'): its board key."""

    __slots__ = ("player", "target")
    FIELDS = ("player", "target")
    TAG = ("action", "victim")

    def __init__(self, player: int, target: str) -> None:
        self.player: Final = player
        self.target: Final = target


class EndTurn(Record):
    """End the turn: the opponent becomes the attacking player."""

    __slots__ = ("player",)
    FIELDS = ("player",)
    TAG = ("action", "end_turn")

    def __init__(self, player: int) -> None:
        self.player: Final = player


Action = (
    DrawCard
    | RevealCard
    | Burn
    | KeepHand
    | Build
    | FinishBuilding
    | Discard
    | Renew
    | DeclareAttack
    | PlayAbility
    | Pass
    | Allocate
    | ChooseVictim
    | EndTurn
)


def allocate(player: int, assignments: dict[str, int] | None = None) -> Allocate:
    """Convenience: an Allocate action from a {target key: amount} dict."""
    return Allocate(player, Allocation.of((assignments or {}).items()))
