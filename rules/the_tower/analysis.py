"""Exact analysis of The Tower: fight plans, the odds behind a face-down room, and the value of each use
of an action point; whole games by simulation (see `simulation`) and exact end-game odds (`endgame`).

Every probability is a Fraction. The value of a choice is the outlook of the next fight, fought right
after it with the best play (`fightsolver`): the chance of slaying the monster, then the expected HP
after the fight, then the numbers of the potions kept, then of all the cards kept.
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from rules.core.distribution import Distribution
from rules.core.protocol import CHANCE
from rules.the_tower import cards, engine, fightsolver
from rules.the_tower.actions import ChooseRoom, DrawCard, Drink, Explore, FightRoom, Flee, Hit
from rules.the_tower.endgame import SearchTooLarge, win_probability
from rules.the_tower.errors import IllegalAction
from rules.the_tower.fightsolver import End, Value
from rules.the_tower.model import FACE_DOWN, GameState, fightable, hit_damage
from rules.the_tower.simulation import WinRate, simulate, wilson
from rules.the_tower.variants import Rules

__all__ = [
    "Choice",
    "Outlook",
    "Plan",
    "RoomOdds",
    "WinRate",
    "best_plan",
    "clear_caches",
    "fight_advice",
    "fight_plans",
    "monster_distribution",
    "plans_on_table",
    "point_advice",
    "room_odds",
    "room_outlook",
    "simulate",
    "wilson",
    "win_probability",
]


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
        room, left = fightsolver.fight_room(state)
        return {state.fight.room: fight_plans(room, state.hand, monster_hp=left, **kwargs)}
    return {
        i: fight_plans(s, state.hand, **kwargs) for i, s in enumerate(state.floor) if s is not None and s != FACE_DOWN
    }


# ---- outlooks: the exact value of a fight or a choice -------------------------------------------------
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


def _ctx(state: GameState, room: str, spend_in_fight: bool = True) -> fightsolver.Context:
    """The fight's context; without `spend_in_fight` the fight is fought with the hand alone."""
    ctx = fightsolver.context(state.rules, room, state.floor_number)
    return ctx if spend_in_fight else dataclasses.replace(ctx, fight_actions="never")


def _hand_only(state: GameState, spend_in_fight: bool) -> bool:
    return not spend_in_fight or state.rules.fight_actions == "never"


def _fight_value(state: GameState, room: str, spend_in_fight: bool = True) -> Value:
    if _hand_only(state, spend_in_fight):
        return _hand_fight_value(state.rules, room, state.floor_number, state.hp, state.hand)
    ctx = _ctx(state, room)
    return fightsolver.value(ctx, fightsolver.node(ctx, state, room))


@functools.lru_cache(maxsize=1 << 16)
def _hand_fight_value(rules: Rules, room: str, floor_number: int, hp: int, hand: tuple[str, ...]) -> Value:
    """A fight fought with the hand alone (memoised: advice asks the same question again and again)."""
    ctx = dataclasses.replace(fightsolver.context(rules, room, floor_number), fight_actions="never")
    return fightsolver.value(ctx, fightsolver.hand_node(rules, room, hp, hand))


@functools.lru_cache(maxsize=1 << 14)
def _hand_face_down_value(
    rules: Rules, floor_number: int, hp: int, hand: tuple[str, ...], unseen: tuple[str, ...]
) -> Value:
    return fightsolver.mean([_hand_fight_value(rules, c, floor_number, hp, hand) for c in unseen])


def monster_distribution(state: GameState) -> Distribution[str]:
    """What a face-down room holds: any room card nobody has seen, each equally likely."""
    if not state.unseen_rooms:
        raise IllegalAction("every room card has been seen; no room is face down", "actions.explore")
    return Distribution.uniform(state.unseen_rooms)


def _room_value(state: GameState, room: int, spend_in_fight: bool) -> Value:
    """Fighting this room now; a face-down room averages over every unseen room card."""
    card = state.floor[room]
    assert card is not None
    if card != FACE_DOWN:
        return _fight_value(state, card, spend_in_fight)
    if _hand_only(state, spend_in_fight):
        return _hand_face_down_value(state.rules, state.floor_number, state.hp, state.hand, state.unseen_rooms)
    return fightsolver.mean([_fight_value(state, c) for c in state.unseen_rooms])


def _best_room_value(state: GameState, spend_in_fight: bool) -> Value:
    """The outlook of fighting the best room right now."""
    rooms = [i for i in range(len(state.floor)) if fightable(state, i)]
    if state.chosen_room is not None:
        rooms = [state.chosen_room]
    if not rooms:  # under stuck='flee' every room may be out of reach: no fight, nothing lost yet
        hand = [cards.value(c) for c in state.hand]
        potions = [cards.value(c) for c in state.hand if cards.kind(c) == "potion"]
        return (Fraction(0), Fraction(state.hp), Fraction(sum(potions)), Fraction(sum(hand)))
    face_up = {i for i in rooms if state.floor[i] != FACE_DOWN}
    face_down = [i for i in rooms if i not in face_up][:1]  # every face-down room has the same odds
    return max(_room_value(state, i, spend_in_fight) for i in [*face_up, *face_down])


def room_outlook(state: GameState, room: int) -> Outlook:
    """The exact outlook of fighting this room now (averaged over what a face-down room may hold)."""
    if not 0 <= room < len(state.floor) or state.floor[room] is None:
        raise IllegalAction(f"there is no monster in room {room + 1}", "fight.choose room")
    return Outlook.of(_room_value(state, room, True))


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
        ctx = _ctx(state, card)
        return Distribution(fightsolver.ends(ctx, fightsolver.node(ctx, state, card)))

    values = {card: _fight_value(state, card) for card in monsters}
    mean = fightsolver.mean([values[c] for c in state.unseen_rooms]) if slot == FACE_DOWN else values[slot]
    return RoomOdds(
        room=room,
        hp=state.hp,
        monsters=monsters,
        ends=monsters.bind(fight_ends),
        outlook=Outlook.of(mean),
    )


# ---- advice: every choice and its exact outlook -------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Choice:
    """One legal choice, the outlook of the next fight after it, and how far it is behind the best."""

    action: Any
    outlook: Outlook
    hp_behind: Fraction
    """Expected HP after the next fight lost by this choice compared to the best one (0 for the best)."""
    slay_behind: Fraction

    def describe(self) -> str:
        return f"{describe_action(self.action)}: {self.outlook.describe()}"


def describe_action(action: Any) -> str:
    """An action in words, as a player would say it."""
    if isinstance(action, DrawCard):
        return f"draw {'an attack' if action.pile == 'attack' else 'a potion'} card"
    if isinstance(action, Drink):
        return f"drink the {cards.name(action.card)}"
    if isinstance(action, Explore):
        return f"explore room {action.room + 1}"
    if isinstance(action, FightRoom):
        return f"fight room {action.room + 1}"
    if isinstance(action, ChooseRoom):
        return f"name room {action.room + 1} for the next fight"
    if isinstance(action, Hit):
        return f"hit with the {cards.name(action.card)}"
    if isinstance(action, Flee):
        return "leave the fight"
    return str(action)


def _choice_value(state: GameState, action: Any, spend_in_fight: bool) -> Value:
    """The outlook of the next fight after this choice, its chance step (a draw, a room turned up)
    resolved exactly by the engine itself."""
    if isinstance(action, FightRoom | ChooseRoom):
        return _room_value(state, action.room, spend_in_fight)
    nxt, _ = engine.apply(state, action)
    if engine.current_player(nxt) != CHANCE:
        return _best_room_value(nxt, spend_in_fight)
    return fightsolver.weighted(
        [
            (p, _best_room_value(engine.apply(nxt, reveal)[0], spend_in_fight))
            for reveal, p in engine.chance_outcomes(nxt).items()
        ]
    )


def _ranked(choices: list[tuple[Any, Value]], prefer: type) -> tuple[Choice, ...]:
    order = sorted(
        range(len(choices)), key=lambda i: (choices[i][1], isinstance(choices[i][0], prefer), -i), reverse=True
    )
    best = choices[order[0]][1]
    return tuple(
        Choice(
            action=choices[i][0],
            outlook=Outlook.of(choices[i][1]),
            hp_behind=best[1] - choices[i][1][1],
            slay_behind=best[0] - choices[i][1][0],
        )
        for i in order
    )


Lookahead = Literal["next_fight", "all_points"]
"""How a choice between fights is valued: by the next fight fought right after it ('next_fight'), or by the
best way to go on spending the points left before that fight ('all_points', exact but far slower)."""

LOOKAHEAD_WORDS: dict[str, str] = {
    "next_fight": "each choice valued by the next fight fought right after it",
    "all_points": "each choice valued by the best way to spend the points left, then fight",
}


def point_advice(
    state: GameState,
    *,
    spend_in_fight: bool = True,
    lookahead: Lookahead = "next_fight",
    max_positions: int = 5_000,
) -> tuple[Choice, ...]:
    """Between fights: every legal choice (spend a point, or go and fight a room) with the exact outlook
    of the next fight, best first (among equals, fighting now keeps the point).

    With lookahead 'next_fight' the fight is fought right after the choice; with 'all_points' the player
    then spends the points left the best way (every draw and room turned up weighed exactly) before it,
    which raises SearchTooLarge past `max_positions` positions. Under fight_actions 'when_stuck' or
    'always' the fight's own point spending is searched draw by draw, which grows fast with the points
    left; `spend_in_fight=False` values the fight as fought with the hand alone instead (the same figures
    under the default rules, where no point is spent in a fight)."""
    if state.phase != "actions" or engine.current_player(state) != 0:
        raise IllegalAction("advice on action points is given between fights, when the player chooses", "turn.order")
    if lookahead == "all_points":
        search = _PointSearch(spend_in_fight, max_positions, state.action_points)
        choices = [(a, search.choice(state, a)) for a in engine.legal_actions(state)]
    else:
        choices = [(a, _choice_value(state, a, spend_in_fight)) for a in engine.legal_actions(state)]
    return _ranked(choices, FightRoom)


class _PointSearch:
    """Expectimax over the spending of action points between fights, down to the fight chosen, with every
    position met kept (the order of draws does not matter, so many lines meet)."""

    def __init__(self, spend_in_fight: bool, max_positions: int, points: int) -> None:
        self.spend_in_fight = spend_in_fight
        self.points = points
        self.max_positions = max_positions
        self.memo: dict[GameState, Value] = {}

    def choice(self, state: GameState, action: Any) -> Value:
        """The outlook after `action` and the best play of the points left."""
        if isinstance(action, FightRoom | ChooseRoom):
            return _room_value(state, action.room, self.spend_in_fight)
        nxt, _ = engine.apply(state, action)
        if engine.current_player(nxt) != CHANCE:
            return self.best(nxt)
        return fightsolver.weighted(
            [(p, self.best(engine.apply(nxt, outcome)[0])) for outcome, p in engine.chance_outcomes(nxt).items()]
        )

    def best(self, state: GameState) -> Value:
        """The best outlook from a position between fights."""
        if state in self.memo:
            return self.memo[state]
        if len(self.memo) >= self.max_positions:
            raise SearchTooLarge(
                f"looking ahead over the {self.points} action points left meets more than "
                f"{self.max_positions:,} positions; the next fight's outlook is the advice within reach"
            )
        actions = engine.legal_actions(state) if state.phase == "actions" else []
        value = max(self.choice(state, a) for a in actions) if actions else _best_room_value(state, self.spend_in_fight)
        self.memo[state] = value
        return value


def fight_advice(state: GameState) -> tuple[Choice, ...]:
    """In a fight: every legal choice (each card that can hit, spending a point, leaving) with the exact
    outlook of the fight after it, best first."""
    if state.phase != "fight" or engine.current_player(state) != 0:
        raise IllegalAction("fight advice is given in a fight, when the player chooses", "fight.hit")
    room, left = fightsolver.fight_room(state)
    ctx = _ctx(state, room)
    here = fightsolver.node(ctx, state, room, left)
    values: dict[fightsolver.Move, Value] = {
        move: fightsolver.expect(outcomes, ctx) for move, outcomes in fightsolver.moves(ctx, here)
    }
    choices: list[tuple[Any, Value]] = []
    for action in engine.legal_actions(state):
        if isinstance(action, Hit):
            move: fightsolver.Move = ("hit", fightsolver.card_class(action.card, room, state.rules))
        elif isinstance(action, DrawCard):
            move = ("draw", action.pile)
        elif isinstance(action, Drink):
            move = ("drink", fightsolver.card_class(action.card, room, state.rules))
        else:
            move = ("flee", 0)
        choices.append((action, values[move]))
    return _ranked(choices, Hit)


def fight_outlook(state: GameState) -> Outlook:
    """The exact outlook of the fight in progress under the best play."""
    room, left = fightsolver.fight_room(state)
    ctx = _ctx(state, room)
    return Outlook.of(fightsolver.value(ctx, fightsolver.node(ctx, state, room, left)))


def clear_caches() -> None:
    """Forget every memoised fight (they are kept between calls, since advice repeats itself)."""
    fightsolver.value.cache_clear()
    _hand_fight_value.cache_clear()
    _hand_face_down_value.cache_clear()
