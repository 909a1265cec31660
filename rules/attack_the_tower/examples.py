"""Named example positions (an opening, a mid-game battle with every troop type, a palace assault),
built from the army data so that every card they use is counted against its deck."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from rules.attack_the_tower.legality import checked
from rules.attack_the_tower.model import Base, GameState, Phase, Player, Territory, new_player
from rules.attack_the_tower.variants import Rules
from rules.core.errors import look_up


def build_player(
    army_id: str,
    territories: list[list[tuple[str, int] | None]],
    *,
    hand: tuple[str, ...] = (),
    palace: tuple[str, ...] = (),
    in_play: tuple[str, ...] = (),
) -> Player:
    """A player whose board, hand, palace and abilities are given; every other card stays in the piles."""
    full = new_player(army_id)
    terr: list[Territory] = []
    used: Counter[str] = Counter()
    for row in territories:
        slots = [None if s is None else Base(card=f"{army_id}.{s[0]}", troops=s[1]) for s in row]
        slots += [None] * (3 - len(slots))
        terr.append((slots[0], slots[1], slots[2]))
        used.update(b.card for b in slots if b is not None)
    while len(terr) < 3:
        terr.append((None, None, None))
    used.update(hand + palace + in_play)

    def minus(pile: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(sorted((Counter(pile) - used).elements()))

    return full.replace(
        territories=(terr[0], terr[1], terr[2]),
        hand=hand,
        palace=palace,
        in_play=in_play,
        base_pile=minus(full.base_pile),
        ability_pile=minus(full.ability_pile),
    )


def _position(rules: Rules | None, players: tuple[Player, Player], turn: int, phase: Phase = "main") -> GameState:
    """A checked position on `turn` in which player 1 (the Undead) attacks and decides."""
    return checked(GameState(rules=rules or Rules(), players=players, phase=phase, attacker=0, actor=0, turn=turn))


def opening(rules: Rules | None = None) -> GameState:
    """Turn 1 after setup: a few fresh bases each, no troops yet; the Undead must decide on renewal."""
    undead = build_player(
        "undead",
        [[("graveyard", 0), ("crypt", 0)], [("mansion", 0)], []],
        hand=("undead.desecrated_grounds", "undead.lich", "undead.zombie"),
    )
    bandits = build_player(
        "bandits",
        [[("light_infantry_base", 0)], [("cavalry_base", 0), ("shooter_base", 0)], []],
        hand=("bandits.heavy_infantry_base", "bandits.siege_base"),
    )
    return _position(rules, (undead, bandits), 1, "renewal_decision")


def mid_game_battle(rules: Rules | None = None) -> GameState:
    """Every troop type on the field: the Undead attack from territory 1 (a full territory) into a
    defended Bandits territory; the Undead are to move in the second phase of turn 5."""
    undead = build_player(
        "undead",
        [[("graveyard", 2), ("crypt", 2), ("workshop", 1)], [("mansion", 2), ("desecrated_grounds", 1)], []],
        hand=("undead.lich", "undead.necromancer"),
    )
    bandits = build_player(
        "bandits",
        [
            [("light_infantry_base", 1)],
            [("shooter_base", 1), ("heavy_infantry_base", 2), ("cavalry_base", 1)],
            [("siege_base", 1)],
        ],
    )
    return _position(rules, (undead, bandits), 5)


def palace_assault(rules: Rules | None = None) -> GameState:
    """The Undead hold a complete territory and a Ghost on the palace; the Bandits' territory 3 has
    one lone base left, so clearing it sends the survivors against the palace."""
    undead = build_player(
        "undead",
        [[("desecrated_grounds", 2), ("mansion", 2), ("crypt", 2)], [("graveyard", 1)], []],
        palace=("undead.ghost",),
        hand=("undead.lich",),
    )
    bandits = build_player(
        "bandits",
        [[("light_infantry_base", 2)], [("heavy_infantry_base", 1)], [("light_infantry_base", 0)]],
    )
    return _position(rules, (undead, bandits), 9)


def largest_battle(rules: Rules | None = None) -> GameState:
    """The largest legal battle: both territories full with two troops on every base, special troops
    on both palaces, abilities in play (for benchmarks and the analysis)."""
    undead = build_player(
        "undead",
        [
            [("desecrated_grounds", 2), ("mansion", 2), ("crypt", 2)],
            [("graveyard", 2), ("graveyard", 2), ("workshop", 2)],
            [],
        ],
        palace=("undead.ghost", "undead.ghost"),
        in_play=("undead.vampire",),
        hand=("undead.lich",),
    )
    westerners = build_player(
        "westerners",
        [
            [("stable", 2), ("commandery", 2), ("crossbow_range", 2)],
            [("militia_camp", 2), ("siege_yard", 2), ("stable", 2)],
            [],
        ],
        palace=("westerners.blacksmith",),
        in_play=("westerners.militia",),
    )
    return _position(rules, (undead, westerners), 12)


EXAMPLES: dict[str, tuple[Callable[[Rules | None], GameState], str]] = {
    "opening": (opening, "Turn 1 after setup: fresh bases, no troops, renewal to decide."),
    "mid-game-battle": (
        mid_game_battle,
        "Every troop type on the field; the Undead attack from territory 1.",
    ),
    "palace-assault": (palace_assault, "A lone Bandits base guards territory 3; behind it, the palace."),
    "largest-battle": (
        largest_battle,
        "Both territories full, special troops on both palaces, abilities in play.",
    ),
}


def example(name: str, rules: Rules | None = None) -> GameState:
    """A named example position (see EXAMPLES)."""
    make, _ = look_up(EXAMPLES, name, "example")
    return make(rules)
