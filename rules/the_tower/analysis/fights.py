"""The exact value of a fight under every variant: an expectimax over hits, point spending and draws.

A fight is reduced to what matters to it: cards become *classes* (damage against this monster, number,
potion or not), so two cards that act alike are one, and piles become sorted multisets of classes. The
value of a fight is compared lexicographically: the probability of slaying the monster, then the expected
HP after it (0 when the player dies), then the expected numbers total of the potions kept (a potion is
worth more than an attack card: it can also heal), then of all the cards kept - "fewest HP lost, then the
least valuable cards spent", made exact under chance.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from rules.the_tower import cards
from rules.the_tower.model import FACE_DOWN, GameState, hit_damage
from rules.the_tower.variants import Rules

CardClass = tuple[int, int, int]
"""(damage against this monster - 0 when it cannot hit -, the card's number, 1 for a potion else 0)."""
Hand = tuple[CardClass, ...]
Value = tuple[Fraction, Fraction, Fraction, Fraction]
"""(P(slain), E[HP after], E[numbers of the potions kept], E[numbers of all the cards kept])."""

ZERO = Fraction(0)
ONE = Fraction(1)
DEAD: Value = (ZERO, ZERO, ZERO, ZERO)

Move = tuple[str, int | str | CardClass]
"""('hit', class), ('draw', 'attack' | 'potion'), ('drink', class) or ('flee', 0)."""

End = tuple[Literal["slain", "died", "fled"], int]
"""How a fight ends: the result and the player's HP then."""


@dataclass(frozen=True, slots=True)
class Context:
    """What stays fixed during one fight: the monster's strike and the rules that shape the choices."""

    strike: int
    fight_actions: str
    stuck: str
    may_leave: bool
    hand_limit: int | None
    hp_cap: int | None
    reshuffle: bool


@dataclass(frozen=True, slots=True)
class Node:
    """One moment of a fight, in classes."""

    monster_hp: int
    hp: int
    hand: Hand
    points: int
    attack_deck: Hand
    potion_deck: Hand
    attack_waste: Hand = ()
    potion_waste: Hand = ()


@functools.lru_cache(maxsize=64)
def _class_table(room_suit: str, same: int, opposite: int) -> dict[str, CardClass]:
    rules = Rules(same_colour_multiplier=same, opposite_colour_multiplier=opposite)
    room = "J" + room_suit
    return {
        c: ((hit_damage(c, room, rules) or 0), cards.value(c), 1 if cards.kind(c) == "potion" else 0)
        for c in cards.ALL_CARDS
        if cards.kind(c) != "room"
    }


def card_class(card: str, room: str, rules: Rules) -> CardClass:
    return _class_table(room[-1], rules.same_colour_multiplier, rules.opposite_colour_multiplier)[card]


def context(rules: Rules, room: str, floor_number: int) -> Context:
    return Context(
        strike=rules.monster_damage(cards.rank(room), floor_number),
        fight_actions=rules.fight_actions,
        stuck=rules.stuck,
        may_leave=rules.may_leave_fight,
        hand_limit=rules.hand_limit,
        hp_cap=rules.hp_cap,
        reshuffle=rules.empty_deck == "reshuffle",
    )


def node(ctx: Context, state: GameState, room: str, monster_hp: int | None = None) -> Node:
    """The fight against `room` from this position (the monster at full HP unless given). When no point
    can be spent in the fight, the piles and the points play no part and are left out."""
    rules = state.rules
    hand = hand_node(rules, room, state.hp, state.hand, monster_hp)
    if ctx.fight_actions == "never":
        return hand
    table = _class_table(room[-1], rules.same_colour_multiplier, rules.opposite_colour_multiplier)

    def classes(pile: tuple[str, ...]) -> Hand:
        return tuple(sorted(table[c] for c in pile))

    return dataclasses.replace(
        hand,
        points=state.action_points,
        attack_deck=classes(state.attack_deck),
        potion_deck=classes(state.potion_deck),
        attack_waste=classes(state.attack_waste) if ctx.reshuffle else (),
        potion_waste=classes(state.potion_waste) if ctx.reshuffle else (),
    )


def hand_node(rules: Rules, room: str, hp: int, hand: tuple[str, ...], monster_hp: int | None = None) -> Node:
    """The fight against `room` with the hand alone (no pile, no point)."""
    table = _class_table(room[-1], rules.same_colour_multiplier, rules.opposite_colour_multiplier)
    return Node(
        monster_hp=rules.monster(cards.rank(room)).hp if monster_hp is None else monster_hp,
        hp=hp,
        hand=tuple(sorted(table[c] for c in hand)),
        points=0,
        attack_deck=(),
        potion_deck=(),
    )


def _without(hand: Hand, c: CardClass) -> Hand:
    i = hand.index(c)
    return hand[:i] + hand[i + 1 :]


def _with(hand: Hand, c: CardClass) -> Hand:
    return tuple(sorted((*hand, c)))


def _kept(hp: int, hand: Hand) -> Value:
    return (ZERO, Fraction(hp), Fraction(sum(c[1] for c in hand if c[2])), Fraction(sum(c[1] for c in hand)))


def _slain(hp: int, hand: Hand) -> Value:
    return (ONE, *_kept(hp, hand)[1:])


Outcome = tuple[Fraction, "Node | Value"]


def moves(ctx: Context, n: Node) -> list[tuple[Move, list[Outcome]]]:
    """Every choice at this moment, each with its outcomes: (probability, next node or final value)."""
    out = _hits(ctx, n)
    stuck = not out
    if n.points >= 1 and (ctx.fight_actions == "always" or (ctx.fight_actions == "when_stuck" and stuck)):
        if ctx.hand_limit is None or len(n.hand) < ctx.hand_limit:
            out += [(("draw", pile), draws) for pile in ("attack", "potion") if (draws := _draws(ctx, n, pile))]
        out += [(("drink", c), [(ONE, _drink(ctx, n, c))]) for c in sorted({c for c in n.hand if c[2]})]
    if ctx.may_leave:
        out.append((("flee", 0), [(ONE, _kept(n.hp, n.hand))]))
    return out


def _hits(ctx: Context, n: Node) -> list[tuple[Move, list[Outcome]]]:
    """A hit with each kind of card that can hit: the monster falls, or it strikes back."""
    out: list[tuple[Move, list[Outcome]]] = []
    for c in sorted({c for c in n.hand if c[0]}, reverse=True):
        hand = _without(n.hand, c)
        aw, pw = n.attack_waste, n.potion_waste
        if ctx.reshuffle:
            aw, pw = (aw, _with(pw, c)) if c[2] else (_with(aw, c), pw)
        left = n.monster_hp - c[0]
        if left <= 0:
            result: Node | Value = _slain(n.hp, hand)
        elif n.hp - ctx.strike <= 0:
            result = DEAD
        else:
            result = Node(left, n.hp - ctx.strike, hand, n.points, n.attack_deck, n.potion_deck, aw, pw)
        out.append((("hit", c), [(ONE, result)]))
    return out


def _draws(ctx: Context, n: Node, pile: str) -> list[Outcome]:
    """Spending a point on a card of this deck (its used cards shuffled in when empty, under
    'reshuffle'): each kind of card with its probability; none when nothing can be drawn."""
    attack = pile == "attack"
    deck, used = (n.attack_deck, n.attack_waste) if attack else (n.potion_deck, n.potion_waste)
    if not deck and ctx.reshuffle:
        deck, used = used, ()
    outcomes: list[Outcome] = []
    for c in sorted(set(deck)):
        rest = _without(deck, c)
        hand = _with(n.hand, c)
        if attack:
            nxt = Node(n.monster_hp, n.hp, hand, n.points - 1, rest, n.potion_deck, used, n.potion_waste)
        else:
            nxt = Node(n.monster_hp, n.hp, hand, n.points - 1, n.attack_deck, rest, n.attack_waste, used)
        outcomes.append((Fraction(deck.count(c), len(deck)), nxt))
    return outcomes


def _drink(ctx: Context, n: Node, c: CardClass) -> Node:
    hp = n.hp + c[1]
    if ctx.hp_cap is not None:
        hp = max(n.hp, min(hp, ctx.hp_cap))
    pw = _with(n.potion_waste, c) if ctx.reshuffle else n.potion_waste
    return Node(n.monster_hp, hp, _without(n.hand, c), n.points - 1, n.attack_deck, n.potion_deck, n.attack_waste, pw)


def at_a_loss_value(ctx: Context, n: Node) -> Value:
    """No choice is left: the monster strikes until the player falls, or (stuck='flee') the player leaves."""
    return _kept(n.hp, n.hand) if ctx.stuck == "flee" else DEAD


def exact_sum(terms: Iterable[Fraction]) -> Fraction:
    """The sum of Fractions, normalised once at the end (several times faster than `sum`)."""
    num, den = 0, 1
    for x in terms:
        d = x.denominator
        if d == den:
            num += x.numerator
        else:
            num, den = num * d + x.numerator * den, den * d
    return Fraction(num, den)


def weighted(parts: list[tuple[Fraction, Value]]) -> Value:
    """The expectation of values under exact weights (which sum to 1)."""
    return (
        exact_sum(p * v[0] for p, v in parts),
        exact_sum(p * v[1] for p, v in parts),
        exact_sum(p * v[2] for p, v in parts),
        exact_sum(p * v[3] for p, v in parts),
    )


def mean(values: list[Value]) -> Value:
    """The plain average of values (each equally likely)."""
    n = len(values)
    return (
        exact_sum(v[0] for v in values) / n,
        exact_sum(v[1] for v in values) / n,
        exact_sum(v[2] for v in values) / n,
        exact_sum(v[3] for v in values) / n,
    )


def expect(outcomes: list[Outcome], ctx: Context) -> Value:
    """The value of a choice: its outcomes weighted by their probabilities."""
    return weighted([(p, value(ctx, r) if isinstance(r, Node) else r) for p, r in outcomes])


@functools.lru_cache(maxsize=1 << 19)
def value(ctx: Context, n: Node) -> Value:
    """The exact value of the fight from this moment under the best play."""
    fast = _deterministic(ctx, n)
    if fast is not None:
        return fast
    options = moves(ctx, n)
    if not options:
        return at_a_loss_value(ctx, n)
    return max(expect(outcomes, ctx) for _, outcomes in options)


def _deterministic(ctx: Context, n: Node) -> Value | None:
    """Shortcuts when no point can be spent before the player is stuck (fight_actions 'never' or
    'when_stuck', no leaving at will): the hits with the hand then involve no real choice.

    If the hand can slay the monster, no line ever gets stuck (the playable cards outnumber its HP), so
    the fight is decided by the fewest hits and the cheapest such cards. If it cannot, every playable
    card is played, each answered by a strike, and the search goes on from the moment the player is stuck.
    """
    if ctx.fight_actions == "always":
        return None
    if ctx.may_leave:
        return _deterministic_or_leave(ctx, n)
    playable = tuple(c for c in n.hand if c[0])
    if not playable:
        return None
    damages = sorted((c[0] for c in playable), reverse=True)
    total = sum(damages)
    if total < n.monster_hp:
        hp = n.hp - len(playable) * ctx.strike
        if hp <= 0:
            return DEAD
        aw, pw = n.attack_waste, n.potion_waste
        if ctx.reshuffle:
            aw = tuple(sorted((*aw, *(c for c in playable if not c[2]))))
            pw = tuple(sorted((*pw, *(c for c in playable if c[2]))))
        rest = tuple(c for c in n.hand if not c[0])
        return value(ctx, Node(n.monster_hp - total, hp, rest, n.points, n.attack_deck, n.potion_deck, aw, pw))
    k, total = 0, 0
    while total < n.monster_hp:
        total += damages[k]
        k += 1
    hp = n.hp - (k - 1) * ctx.strike
    if hp <= 0:
        return DEAD
    hand = n.hand
    for c in _cheapest(playable, k, n.monster_hp):
        hand = _without(hand, c)
    return _slain(hp, hand)


def _deterministic_or_leave(ctx: Context, n: Node) -> Value | None:
    """With leaving at will and no point to spend in the fight, a line either slays the monster or ends
    with the player leaving; the best slaying line beats any leaving, and leaving at once beats leaving
    later (no HP nor card lost on the way)."""
    if ctx.fight_actions != "never":
        return None
    staying = _deterministic(dataclasses.replace(ctx, may_leave=False), n)
    if staying is not None and staying[0] == ONE:
        return staying
    return _kept(n.hp, n.hand)


@functools.lru_cache(maxsize=1 << 16)
def _cheapest(playable: Hand, k: int, monster_hp: int) -> Hand:
    """The k cards dealing at least `monster_hp` that cost the least (potion numbers, then numbers)."""
    best: tuple[int, int] | None = None
    choice: Hand = ()

    def search(start: int, picked: list[CardClass], damage: int, potions: int, cost: int) -> None:
        nonlocal best, choice
        if len(picked) == k:
            if damage >= monster_hp and (best is None or (potions, cost) < best):
                best, choice = (potions, cost), tuple(picked)
            return
        if best is not None and potions > best[0]:
            return
        for i in range(start, len(playable) - (k - len(picked)) + 1):
            if i > start and playable[i] == playable[i - 1]:
                continue
            c = playable[i]
            picked.append(c)
            search(i + 1, picked, damage + c[0], potions + c[1] * c[2], cost + c[1])
            picked.pop()

    search(0, [], 0, 0, 0)
    return choice


def best_move(ctx: Context, n: Node) -> Move | None:
    """The first choice of the best play (the first listed among equals); None when none is left."""
    best: tuple[Value, Move] | None = None
    for move, outcomes in moves(ctx, n):
        v = expect(outcomes, ctx)
        if best is None or v > best[0]:
            best = (v, move)
    return None if best is None else best[1]


def ends(ctx: Context, n: Node) -> dict[End, Fraction]:
    """How the fight ends under the best play, with exact probabilities."""
    out: dict[End, Fraction] = {}

    def walk(at: Node, p: Fraction) -> None:
        move = best_move(ctx, at)
        if move is None:
            end: End = ("fled", at.hp) if ctx.stuck == "flee" else ("died", 0)
            out[end] = out.get(end, ZERO) + p
            return
        for option, outcomes in moves(ctx, at):
            if option != move:
                continue
            for q, result in outcomes:
                if isinstance(result, Node):
                    walk(result, p * q)
                else:
                    kind: Literal["slain", "died", "fled"] = (
                        "slain" if result[0] == ONE else "fled" if option[0] == "flee" else "died"
                    )
                    key: End = (kind, int(result[1]))
                    out[key] = out.get(key, ZERO) + p * q
            return

    walk(n, ONE)
    return out


def fight_room(state: GameState) -> tuple[str, int]:
    """The room card fought and the monster's HP left, for a position in a fight."""
    room = state.monster_card
    if state.fight is None or room is None or room == FACE_DOWN:
        raise ValueError("this position is not in a fight with a face-up monster")
    return room, state.fight.monster_hp
