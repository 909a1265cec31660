"""The expectimax policy: every choice between fights valued exactly over its chance step and the next fight."""

from __future__ import annotations

from fractions import Fraction

from rules.core.chance import ChanceSampler
from rules.the_tower import engine, examples
from rules.the_tower.actions import DrawCard, FightRoom
from rules.the_tower.analysis import fights
from rules.the_tower.game import GAME
from rules.the_tower.policies import expectimax, policy


def test_dying_is_worth_nothing_and_hp_and_cards_count() -> None:
    # 002: "If your die fighting an enemy, you lost the game."
    assert expectimax.worth(fights.DEAD) == 0
    slain = (Fraction(1), Fraction(5), Fraction(0), Fraction(10))
    assert expectimax.worth(slain) == expectimax.SLAY_WORTH + 5 + expectimax.CARD_WORTH * 10


def test_between_fights_it_takes_the_choice_worth_most() -> None:
    # 002: "You start the game with 4 action points ... Use them then choose a room and fight"
    state = examples.example("opening")
    action = policy("expectimax").choose(state, ChanceSampler(0), 0)
    actions = engine.legal_actions(state)
    assert action in actions
    worths = [expectimax.choice_worth(state, a) for a in actions]
    assert expectimax.choice_worth(state, action) == max(worths)


def test_a_draw_is_weighed_over_every_card_it_may_bring() -> None:
    state = examples.example("opening")
    draw = next(a for a in engine.legal_actions(state) if isinstance(a, DrawCard) and a.pile == "attack")
    after, _ = engine.apply(state, draw)
    outcomes = engine.chance_outcomes(after).items()
    expected = sum((p * expectimax.best_fight_worth(engine.apply(after, o)[0]) for o, p in outcomes), Fraction(0))
    assert expectimax.choice_worth(state, draw) == expected


def test_it_plays_whole_games_to_the_end() -> None:
    from rules.core.playout import play_out

    line = play_out(GAME, engine.new_game(), [policy("expectimax")], ChanceSampler(1))
    assert engine.is_terminal(line.final)
    assert any(isinstance(a, FightRoom) for a in line.actions)
