"""Actions made in Python are checked by the engine itself, not only by the schema that reads JSON: along random
games of every game, each legal action is bent (a whole number made -1 or 99, an amount made 0, a name made one
that names nothing) and applied. The rules must refuse it in words (an IllegalAction), never take it (territory -1
read as Python's last item, -3 damage dealt) nor fail inside with an IndexError or an AttributeError. (A value of
the wrong type, text for a number, is a programmer's TypeError, as anywhere in Python.)"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from rules.conformance import suites
from rules.core.errors import RulesError
from rules.core.records import RECORD_CLASSES

BENT_NUMBERS = (-1, 99)
STEPS = {"attack-the-tower": 4000, "the-tower": 2000, "tower-defense": 2000}


def bent(value: Any) -> Iterator[Any]:
    """Each way of bending one whole number inside `value` (a number, a tuple of them or of pairs, a record)."""
    if type(value) is int:
        yield from (v for v in BENT_NUMBERS if v != value)
    elif type(value) is str:  # a card, a pile, a stack, a skill, a key that names nothing
        yield "no-such-thing"
    elif isinstance(value, tuple):
        for i, item in enumerate(value):
            for other in bent(item):
                yield (*value[:i], other, *value[i + 1 :])
        if len(value) == 2 and type(value[1]) is int and value[1] > 0:  # an amount of damage: none at all
            yield (value[0], 0)
    elif isinstance(value, RECORD_CLASSES):
        record: Any = value  # a compiled record writes its own `replace`
        for name in value.FIELDS:
            for other in bent(getattr(value, name)):
                yield record.replace(**{name: other})


@pytest.mark.parametrize("name", sorted(STEPS))
def test_a_bent_action_is_refused_in_words(name: str) -> None:
    suite = suites()[name]
    game, rng = suite.game, random.Random(20261129)
    state, tried, game_number = suite.start(0), 0, 0
    for _ in range(STEPS[name]):
        if game.is_terminal(state):
            game_number += 1
            state = suite.start(game_number)
        legal = list(game.legal_actions(state))
        if not legal:  # chance: nobody chooses (its outcome is bent as a choice is)
            outcomes = list(game.chance_outcomes(state).items())
            legal = [a for a, _ in outcomes]
            action = rng.choices(legal, [float(p) for _, p in outcomes])[0]
        else:
            action = rng.choice(legal)
        for other in bent(action):
            if other in legal:
                continue
            tried += 1
            try:
                game.apply(state, other)
            except RulesError:
                continue
            except Exception as fault:
                pytest.fail(f"{other!r} at step {_} failed inside: {type(fault).__name__}: {fault}")
            pytest.fail(f"{other!r} was taken; the legal actions: {legal[:6]!r}...")
        state = game.step(state, action)
    assert tried > 100
