"""Outlooks: the exact value of fighting a room now, and the odds of what a face-down room holds and how its
fight ends under the best play (memoised, since advice asks the same questions again and again)."""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from fractions import Fraction

from rules.core.distribution import Distribution
from rules.the_tower import cards
from rules.the_tower.analysis import fights
from rules.the_tower.analysis.fights import End, Value
from rules.the_tower.errors import IllegalAction
from rules.the_tower.model import FACE_DOWN, GameState, fightable
from rules.the_tower.variants import Rules


@dataclass(frozen=True, slots=True)
class Outlook:
    """The next fight, exactly: chance to slay the monster, expected HP after it (0 if the player dies),
    expected numbers total of the potions kept, and of all the cards kept (compared in that order)."""

    slay: Fraction
    hp_after: Fraction
    potions_kept: Fraction
    cards_kept: Fraction

    @classmethod
    def of(cls, value: Value) -> Outlook:
        return cls(*value)

    def key(self) -> Value:
        return (self.slay, self.hp_after, self.potions_kept, self.cards_kept)

    def describe(self) -> str:
        return (
            f"slays {float(self.slay):.1%}, {float(self.hp_after):.2f} HP after, potions worth "
            f"{float(self.potions_kept):.1f} and cards worth {float(self.cards_kept):.1f} kept"
        )


def fight_context(state: GameState, room: str, spend_in_fight: bool = True) -> fights.Context:
    """The fight's context; without `spend_in_fight` the fight is fought with the hand alone."""
    ctx = fights.context(state.rules, room, state.floor_number)
    return ctx if spend_in_fight else dataclasses.replace(ctx, fight_actions="never")


def _hand_only(state: GameState, spend_in_fight: bool) -> bool:
    return not spend_in_fight or state.rules.fight_actions == "never"


def _fight_value(state: GameState, room: str, spend_in_fight: bool = True) -> Value:
    if _hand_only(state, spend_in_fight):
        return _hand_fight_value(state.rules, room, state.floor_number, state.hp, state.hand)
    ctx = fight_context(state, room)
    return fights.value(ctx, fights.node(ctx, state, room))


@functools.lru_cache(maxsize=1 << 16)
def _hand_fight_value(rules: Rules, room: str, floor_number: int, hp: int, hand: tuple[str, ...]) -> Value:
    """A fight fought with the hand alone (memoised: advice asks the same question again and again)."""
    ctx = dataclasses.replace(fights.context(rules, room, floor_number), fight_actions="never")
    return fights.value(ctx, fights.hand_node(rules, room, hp, hand))


@functools.lru_cache(maxsize=1 << 14)
def _hand_face_down_value(
    rules: Rules, floor_number: int, hp: int, hand: tuple[str, ...], unseen: tuple[str, ...]
) -> Value:
    return fights.mean([_hand_fight_value(rules, c, floor_number, hp, hand) for c in unseen])


def monster_distribution(state: GameState) -> Distribution[str]:
    """What a face-down room holds: any room card nobody has seen, each equally likely."""
    if not state.unseen_rooms:
        raise IllegalAction("every room card has been seen; no room is face down", "actions.explore")
    return Distribution.uniform(state.unseen_rooms)


def room_value(state: GameState, room: int, spend_in_fight: bool) -> Value:
    """Fighting this room now; a face-down room averages over every unseen room card."""
    card = state.floor[room]
    assert card is not None
    if card != FACE_DOWN:
        return _fight_value(state, card, spend_in_fight)
    if _hand_only(state, spend_in_fight):
        return _hand_face_down_value(state.rules, state.floor_number, state.hp, state.hand, state.unseen_rooms)
    return fights.mean([_fight_value(state, c) for c in state.unseen_rooms])


def rooms_to_weigh(state: GameState) -> list[int]:
    """The rooms the next fight may be in (the room named, or every room that may be fought), a single
    face-down one among them, since every face-down room has the same odds."""
    if state.chosen_room is not None:
        rooms = [state.chosen_room]
    else:
        rooms = [i for i in range(len(state.floor)) if fightable(state, i)]
    return [i for i in rooms if state.floor[i] != FACE_DOWN] + [i for i in rooms if state.floor[i] == FACE_DOWN][:1]


def best_room_value(state: GameState, spend_in_fight: bool) -> Value:
    """The outlook of fighting the best room right now."""
    rooms = rooms_to_weigh(state)
    if not rooms:  # under stuck='flee' every room may be out of reach: no fight, nothing lost yet
        hand = [cards.value(c) for c in state.hand]
        potions = [cards.value(c) for c in state.hand if cards.kind(c) == "potion"]
        return (Fraction(0), Fraction(state.hp), Fraction(sum(potions)), Fraction(sum(hand)))
    return max(room_value(state, i, spend_in_fight) for i in rooms)


def room_outlook(state: GameState, room: int) -> Outlook:
    """The exact outlook of fighting this room now (averaged over what a face-down room may hold)."""
    if not 0 <= room < len(state.floor) or state.floor[room] is None:
        raise IllegalAction(f"there is no monster in room {room + 1}", "fight.choose room")
    return Outlook.of(room_value(state, room, True))


@dataclass(frozen=True, slots=True)
class RoomOdds:
    """A room before its fight: the monster behind it and how the fight ends under the best play."""

    room: int
    hp: int
    monsters: Distribution[str]
    ends: Distribution[End]
    outlook: Outlook

    @property
    def hp_cost(self) -> Distribution[int]:
        """HP the fight costs (all of them when the player dies; negative when a potion drunk in the
        fight heals more than the monster strikes)."""
        return self.ends.map(lambda end: self.hp - end[1])

    def survival(self) -> Fraction:
        return self.ends.probability(lambda end: end[0] != "died")


def room_odds(state: GameState, room: int) -> RoomOdds:
    """The monster behind a room of the floor (certain when face up) and the exact end of its fight,
    played from this position with the best play."""
    if not 0 <= room < len(state.floor) or state.floor[room] is None:
        raise IllegalAction(f"there is no monster in room {room + 1}", "fight.choose room")
    slot = state.floor[room]
    assert slot is not None
    monsters = monster_distribution(state) if slot == FACE_DOWN else Distribution.point(slot)

    def fight_ends(card: str) -> Distribution[End]:
        ctx = fight_context(state, card)
        return Distribution(fights.ends(ctx, fights.node(ctx, state, card)))

    values = {card: _fight_value(state, card) for card in monsters}
    mean = fights.mean([values[c] for c in state.unseen_rooms]) if slot == FACE_DOWN else values[slot]
    return RoomOdds(
        room=room,
        hp=state.hp,
        monsters=monsters,
        ends=monsters.bind(fight_ends),
        outlook=Outlook.of(mean),
    )


def clear_caches() -> None:
    """Forget every memoised fight (they are kept between calls, since advice repeats itself)."""
    fights.value.cache_clear()
    _hand_fight_value.cache_clear()
    _hand_face_down_value.cache_clear()
