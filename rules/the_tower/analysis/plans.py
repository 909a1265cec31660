"""Plans with the hand alone: every set of cards of the hand that slays a known monster, best first."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.the_tower import cards
from rules.the_tower.analysis import fights
from rules.the_tower.errors import IllegalAction
from rules.the_tower.model import FACE_DOWN, GameState, hit_damage
from rules.the_tower.variants import Rules


# ---- plans with the hand alone ----------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Plan:
    """One way to slay a known monster with cards of the hand: the cards, strongest first, and its cost."""

    room: str
    cards: tuple[str, ...]
    damage: tuple[int, ...]
    monster_hp: int
    strike: int
    hp: int

    @property
    def hits(self) -> int:
        return len(self.cards)

    @property
    def hp_lost(self) -> int:
        """The monster strikes after every hit but the last (002 'If the creature is still standing')."""
        return (self.hits - 1) * self.strike

    @property
    def survives(self) -> bool:
        return self.hp - self.hp_lost > 0

    @property
    def value_spent(self) -> int:
        return sum(cards.value(c) for c in self.cards)

    @property
    def potion_value_spent(self) -> int:
        return sum(cards.value(c) for c in self.cards if cards.kind(c) == "potion")

    def cost(self) -> tuple[int, int, int, int, tuple[int, ...]]:
        """The order of plans: surviving first, then fewest HP lost, the least potion value spent (a
        potion can also heal), the least card value spent."""
        order = tuple(sorted(cards.CARD_ORDER[c] for c in self.cards))
        return (0 if self.survives else 1, self.hp_lost, self.potion_value_spent, self.value_spent, order)

    def describe(self) -> str:
        played = ", ".join(f"{cards.name(c)} ({d})" for c, d in zip(self.cards, self.damage, strict=True))
        end = f"{self.hp - self.hp_lost} HP left" if self.survives else "the player dies first"
        hits = "1 hit" if self.hits == 1 else f"{self.hits} hits"
        lost = "no HP lost" if self.hp_lost == 0 else f"{self.hp_lost} HP lost"
        return f"{played}: {hits}, {lost}, {self.value_spent} card value spent; {end}"


def _whole(value: object, least: int) -> bool:
    """Whether `value` is a whole number (not True, not 2.0) of at least `least`."""
    return type(value) is int and value >= least


def _check_question(room: str, hand: tuple[str, ...], hp: int, floor_number: int, monster_hp: int | None) -> None:
    """IllegalAction in words when a fight asked about cannot be: the room is no room card, the hand holds no
    cards of the deck, a card twice or the room's own card, or a count is not a whole number of at least 1."""
    if not isinstance(room, str) or not cards.is_card(room) or cards.kind(room) != "room":
        raise IllegalAction(f"{room!r} is not a room card: a Jack, Queen, King or Ace with its suit, e.g. KC")
    if not isinstance(hand, tuple | list) or not all(isinstance(c, str) and cards.is_card(c) for c in hand):
        raise IllegalAction(f"a hand is a list of cards such as ['8C', '5H'], not {hand!r}")
    twice = next((c for c in hand if hand.count(c) > 1), None)
    if twice is not None:
        raise IllegalAction(f"the hand holds the {cards.name(twice)} twice; a card is in the deck once")
    if room in hand:
        raise IllegalAction(f"the hand holds the room's own card, the {cards.name(room)}")
    rooms = [c for c in hand if cards.kind(c) == "room"]
    if rooms:
        raise IllegalAction(f"{cards.name(rooms[0])} is a room card; room cards are never in the hand")
    for name, value, least in (("hp", hp, 1), ("floor_number", floor_number, 1)):
        if not _whole(value, least):
            raise IllegalAction(f"{name} must be a whole number of at least {least}, not {value!r}")
    if monster_hp is not None and not _whole(monster_hp, 1):
        raise IllegalAction(f"monster_hp must be a whole number of at least 1, not {monster_hp!r}")


def fight_plans(
    room: str,
    hand: tuple[str, ...],
    *,
    hp: int,
    floor_number: int = 1,
    rules: Rules | None = None,
    monster_hp: int | None = None,
) -> tuple[Plan, ...]:
    """Every way to slay the monster of `room` with cards of `hand`, best first (empty when none does).

    A plan is a set of cards that slays it while no card of it is superfluous, so the monster falls on
    the last card whatever the order and strikes once after each other card.
    """
    _check_question(room, hand, hp, floor_number, monster_hp)
    rules = rules or Rules()
    full = rules.monster(cards.rank(room)).hp if monster_hp is None else monster_hp
    strike = rules.monster_damage(cards.rank(room), floor_number)
    usable = [(d, c) for c in hand if (d := hit_damage(c, room, rules)) is not None]
    usable.sort(key=lambda dc: (-dc[0], cards.CARD_ORDER[dc[1]]))
    found: list[Plan] = []

    def search(start: int, picked: list[tuple[int, str]], total: int) -> None:
        for i in range(start, len(usable)):
            d, c = usable[i]
            picked.append((d, c))
            if total + d >= full:  # strongest first: the card just added is the weakest, so none is superfluous
                found.append(
                    Plan(
                        room=room,
                        cards=tuple(x for _, x in picked),
                        damage=tuple(x for x, _ in picked),
                        monster_hp=full,
                        strike=strike,
                        hp=hp,
                    )
                )
            else:
                search(i + 1, picked, total + d)
            picked.pop()

    search(0, [], 0)
    return tuple(sorted(found, key=Plan.cost))


def best_plan(
    room: str,
    hand: tuple[str, ...],
    *,
    hp: int,
    floor_number: int = 1,
    rules: Rules | None = None,
    monster_hp: int | None = None,
) -> Plan | None:
    """The best of `fight_plans`, or None when the hand cannot slay the monster."""
    plans = fight_plans(room, hand, hp=hp, floor_number=floor_number, rules=rules, monster_hp=monster_hp)
    return plans[0] if plans else None


def plans_on_table(state: GameState) -> dict[int, tuple[Plan, ...]]:
    """The plans against the monster being fought (at its HP left), or else against every face-up room."""
    kwargs: dict[str, Any] = {"hp": state.hp, "floor_number": state.floor_number, "rules": state.rules}
    if state.fight is not None:
        room, left = fights.fight_room(state)
        return {state.fight.room: fight_plans(room, state.hand, monster_hp=left, **kwargs)}
    return {
        i: fight_plans(s, state.hand, **kwargs) for i, s in enumerate(state.floor) if s is not None and s != FACE_DOWN
    }
