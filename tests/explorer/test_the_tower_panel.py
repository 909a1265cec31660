"""The Tower panel's Python side: every control is a method; front-end clicks are simulated as the
browser would send them (anywidget custom messages)."""

from __future__ import annotations

import itertools

import pytest

from explorer.the_tower.explorer import TheTowerExplorer
from explorer.the_tower.panel import TheTowerPanel
from explorer.the_tower.viewmodel import board_view
from rules.the_tower import examples


def browser_click(panel: TheTowerPanel, key: str, shift: bool = False) -> None:
    """What board.js sends when a data-key element is clicked."""
    panel.board._message(panel.board, {"event": "click", "key": key, "shift": shift}, [])


@pytest.fixture
def fight() -> TheTowerPanel:
    return TheTowerPanel("pictured-fight")


def test_the_table_shows_piles_hand_rooms_hp_points_and_the_fight(fight: TheTowerPanel) -> None:
    html = fight.board.html
    assert 'data-key="hand:8C"' in html and 'data-key="hand:9D"' in html and "♦" in html and "♣" in html
    assert 'class="card red attack' in html and 'class="card black attack' in html
    assert html.count('data-key="room:') == 4 and html.count('class="card back"') == 3
    assert "King of Clubs" in html and "18 of 18 HP left, strikes 2" in html
    assert "HP 6" in html and "0 action point(s)" in html and "Floor 1" in html
    view = board_view(fight.explorer.state)
    assert view["piles"]["attack_deck"] == 27 - 3 and view["piles"]["potion_deck"] == 9
    assert view["piles"]["room_deck"] == 12


def test_the_rulebook_fight_by_clicks_refusal_keeps_the_position(fight: TheTowerPanel) -> None:
    before = fight.explorer.state
    browser_click(fight, "hand:8C")  # "Cannot use Clovers against Clovers"
    assert "refused" in fight.message.value and "same suit" in fight.message.value
    assert fight.explorer.state is before and fight.explorer.session.cursor == 0
    browser_click(fight, "hand:6S")  # deals 6, suffers 2
    assert fight.explorer.state.hp == 4 and fight.explorer.state.fight is not None
    assert fight.explorer.state.fight.monster_hp == 12
    browser_click(fight, "hand:9D")  # opposite colour: 18 damage, slain before it strikes
    state = fight.explorer.state
    assert state.fight is None and state.hp == 4 and "KC" in state.room_waste and state.action_points == 3
    assert "slain" in fight.message.value


def test_back_and_branch(fight: TheTowerPanel) -> None:
    browser_click(fight, "hand:6S")
    browser_click(fight, "hand:9D")
    fight.back()
    fight.back()
    assert fight.explorer.state == examples.pictured_fight()
    fight.forward()
    assert fight.explorer.state.hp == 4
    fight.branch("nine-first")
    browser_click(fight, "hand:9D")  # 18 damage from 12 left: slain at once
    assert fight.explorer.session.current_branch == "nine-first"
    assert "nine-first" in fight.branches.options
    fight.switch("main")
    assert fight.explorer.session.cursor == 2


def test_rooms_are_explored_then_fought_and_the_policy_steps() -> None:
    panel = TheTowerPanel("opening", seed=3)
    browser_click(panel, "room:0")  # face down with points left: explore
    state = panel.explorer.state
    assert state.floor[0] not in (None, "?") and state.action_points == 3
    browser_click(panel, "pile:potion")
    assert panel.explorer.state.action_points == 2 and len(panel.explorer.state.hand) == 7
    browser_click(panel, "room:0")  # face up: fight it
    assert panel.explorer.state.phase == "fight"
    panel.step()
    assert panel.explorer.session.cursor >= 4 and "refused" not in panel.message.value


def test_attack_card_between_fights_is_refused() -> None:
    panel = TheTowerPanel("opening")
    before = panel.explorer.state
    browser_click(panel, "hand:9D")
    assert "refused" in panel.message.value and panel.explorer.state is before


def test_advice_is_shown_with_plans_and_odds(fight: TheTowerPanel) -> None:
    assert "hit with the 9 of Diamonds" in fight.advice_view.value
    assert "best plan 9 of Diamonds (18)" in fight.advice_view.value
    advice = fight.explorer.advice()
    best = advice.best_plan(0)
    assert best is not None and best.cards == ("9D",)
    opening = TheTowerPanel("opening")
    assert "room odds" in opening.advice_view.value and "any of 16 monsters" in opening.advice_view.value


def test_edit_is_validated(fight: TheTowerPanel) -> None:
    fight.edit(hp=2)
    assert fight.explorer.state.hp == 2 and fight.explorer.session.cursor == 0
    fight.edit(hand=["KD"])
    assert "refused" in fight.message.value and fight.explorer.state.hp == 2


def test_static_representation_has_the_same_facts(fight: TheTowerPanel) -> None:
    browser_click(fight, "hand:6S")
    bundle = fight._repr_mimebundle_()
    static = bundle["text/html"]
    assert "<style>" in static and fight.board.html in static and fight.advice_text in static
    assert "4 HP" in bundle["text/plain"] and "step 1 of 1" in bundle["text/plain"]
    assert "application/vnd.jupyter.widget-view+json" in bundle


def test_explorer_runs_a_seeded_game_reproducibly() -> None:
    one, two = TheTowerExplorer(seed=5), TheTowerExplorer(seed=5)
    one.run(12)
    two.run(12)
    assert one.session.line == two.session.line and "Floor" in one._repr_html_()


def test_back_stops_where_next_stops_past_the_cards_a_choice_drew() -> None:
    """'next ▶' plays a choice and the chance it opens; '◀ back' undoes both, so the two stop at the same
    positions (a class stepping back does not land on a half-drawn card)."""
    panel = TheTowerPanel("opening", seed=3)
    forward = [panel.explorer.session.cursor]
    for _ in range(4):
        panel.next()
        forward.append(panel.explorer.session.cursor)
    assert any(b - a > 1 for a, b in itertools.pairwise(forward)), "a choice that drew a card"
    back = [panel.explorer.session.cursor]
    for _ in range(4):
        panel.back()
        back.append(panel.explorer.session.cursor)
    assert back == forward[::-1]
    replayed = [panel.explorer.session.cursor]
    for _ in range(4):  # next ▶ along the line played: the same stops again
        panel.next()
        replayed.append(panel.explorer.session.cursor)
    assert replayed == forward
