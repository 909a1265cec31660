"""Named example positions: an opening, a fight in progress, the rulebook's pictured fight and an end
game small enough for exact odds. Every card not on the table stays in its deck."""

from __future__ import annotations

from collections.abc import Callable

from rules.core.errors import look_up
from rules.the_tower import cards
from rules.the_tower.editing import build_position
from rules.the_tower.model import FACE_DOWN, Fight, GameState
from rules.the_tower.variants import Rules

DOWN = FACE_DOWN
"""A face-down room, as written in the floors below."""


def opening(rules: Rules | None = None) -> GameState:
    """Just after the opening draws: five attack cards and a potion in hand, four rooms face down,
    6 HP and 4 action points to spend (002 setup)."""
    rules = rules or Rules()
    return build_position(
        hand=("4C", "9D", "7S", "10S", "3D", "5H"),
        floor=(DOWN, DOWN, DOWN, DOWN),
        action_points=rules.starting_action_points,
        rules=rules,
    )


def fight_in_progress(rules: Rules | None = None) -> GameState:
    """Floor 2: the player has hit the King of Spades once with the 4 of Diamonds (8 damage: 10 of its
    18 HP left) and holds four cards; the King strikes 3 a time on this floor. The cards used tell how the
    five monsters slain fell (10D on the Jack of Clubs, 9S on the Queen of Hearts, 10S on the King of
    Diamonds, 5D on the Jack of Spades, 5C on the Jack of Hearts) and a 3 of Hearts was drunk. That history
    leaves 6 HP (6, +3, -3 from the King); the position gives 7, one more, as a designer's edit would."""
    return build_position(
        hand=("6C", "8D", "2S", "7H"),
        floor=(None, "KS", DOWN, "QD"),
        floor_number=2,
        room_waste=("JC", "QH", "KD", "JS", "JH"),
        attack_waste=("10D", "9S", "10S", "5D", "5C", "4D"),
        potion_waste=("3H",),
        hp=7,
        action_points=2,
        fight=Fight(room=1, monster_hp=10),
        rules=rules,
    )


def pictured_fight(rules: Rules | None = None) -> GameState:
    """The rulebook's three pictures read as one fight against the King of Clubs on floor 1 (18 HP,
    strikes 2), with the 8 of Clubs, the 6 of Spades and the 9 of Diamonds in hand:
    the 8 of Clubs is refused ("Cannot use Clovers against Clovers"); the 6 of Spades, same colour,
    deals 6 and the King still stands and strikes 2 ("Player deals 6 Damage and suffers 2"); the 9 of
    Diamonds, opposite colour, deals double, 18, exactly the King's HP, so it falls before it can strike
    ("Player deals 18 Damage without getting hit")."""
    return build_position(
        hand=("8C", "6S", "9D"),
        floor=("KC", DOWN, DOWN, DOWN),
        action_points=0,
        fight=Fight(room=0, monster_hp=18),
        rules=rules,
    )


def last_rooms(rules: Rules | None = None) -> GameState:
    """Floor 4 with two rooms left face down (a Jack and a Queen are the only unseen room cards), no
    action point left: small enough for exact winning odds. Fourteen monsters (232 HP) have fallen to the
    21 attack cards and 6 potions used; the 2 of Clubs, 3 of Diamonds, 2 of Spades and two potions are
    left in the decks."""
    waste = ("AC", "AD", "AH", "AS", "KC", "KD", "KH", "KS", "QC", "QD", "QH", "JC", "JD", "JH")
    hand = ("10D", "9C", "6S", "8H")
    kept = {"2C", "3D", "2S"}
    used = tuple(c for c in cards.ALL_CARDS if cards.kind(c) == "attack" and c not in {*hand, *kept})
    return build_position(
        hand=hand,
        floor=(None, DOWN, None, DOWN),
        floor_number=4,
        room_waste=waste,
        attack_waste=used,
        potion_waste=("2H", "3H", "4H", "5H", "6H", "7H"),
        hp=9,
        action_points=0,
        rules=rules,
    )


EXAMPLES: dict[str, tuple[Callable[[Rules | None], GameState], str]] = {
    "opening": (opening, "After the opening draws: 6 cards in hand, 4 rooms face down, 4 action points."),
    "fight-in-progress": (fight_in_progress, "Floor 2: the King of Spades has 10 HP left."),
    "pictured-fight": (
        pictured_fight,
        "The rulebook's pictures: the King of Clubs against the 8 of Clubs, 6 of Spades and 9 of Diamonds.",
    ),
    "last-rooms": (last_rooms, "Floor 4, two rooms left face down: exact odds are within reach."),
}


def example(name: str, rules: Rules | None = None) -> GameState:
    """A named example position (see EXAMPLES)."""
    make, _about = look_up(EXAMPLES, name, "example")
    return make(rules)
