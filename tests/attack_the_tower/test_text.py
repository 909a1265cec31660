"""Attack the Tower's words for a move (rules.attack_the_tower.text.describe_action), which the panel's move
list offers."""

from __future__ import annotations

from rules.attack_the_tower import examples
from rules.attack_the_tower.actions import Build, DrawCard, EndTurn
from rules.attack_the_tower.text import describe_action


def test_a_build_over_a_base_says_so() -> None:
    """The engine lets a base be built on an occupied slot (the old base is destroyed): the move names it."""
    state = examples.example("mid-game-battle")
    words = describe_action(state, Build(player=0, card="undead.graveyard", territory=0, slot=0))
    assert words == "build Graveyard over the Graveyard in territory 1, slot 1"
    assert describe_action(state, Build(player=0, card="undead.graveyard", territory=2, slot=0)).startswith(
        "build Graveyard in territory 3"
    )


def test_simple_moves_in_words() -> None:
    state = examples.example("opening")
    assert describe_action(state, EndTurn(player=0)) == "end the turn"
    assert describe_action(state, DrawCard(player=0, pile="base")) == "draw a card from the base pile"
