"""What a teacher meets in the Attack the Tower panel: the damage counter per kind of damage, the hidden
allocations drawn on the board, buttons that cannot act twice, slots written one way."""

from __future__ import annotations

import pytest

from explorer.attack_the_tower.panel import AttackTheTowerPanel


def browser_click(panel: AttackTheTowerPanel, key: str, shift: bool = False) -> None:
    """What board.js sends when a data-key element is clicked."""
    panel.board._message(panel.board, {"event": "click", "key": key, "shift": shift}, [])


@pytest.fixture
def panel() -> AttackTheTowerPanel:
    return AttackTheTowerPanel("mid-game-battle")


def to_regular(panel: AttackTheTowerPanel) -> None:
    panel.attack(0, 1)
    panel.step()  # the ability window
    panel.step()  # initiative, the policy deciding
    assert panel.explorer.stage() == "regular"


def test_artillery_damage_is_counted_apart_and_a_click_it_cannot_pay_is_refused(panel: AttackTheTowerPanel) -> None:
    # 004 traits: artillery damage "can only be assigned to bases or palaces". The Undead's 5 regular damage
    # holds 4 from the Catapult, so only 1 can hit the Bandits' troops while they defend their bases.
    to_regular(panel)
    request = panel.view()["request"]
    assert request["total"] == 5 and request["troop_cap"] == 1
    assert "0 of 1 damage for troops assigned" in panel.board.html
    assert "4 artillery damage cannot hit troops" in panel.board.html
    browser_click(panel, "p1/t1/s1/1")
    assert panel.draft == {"p1/t1/s1/1": 1}
    assert "1 of 1 damage for troops assigned" in panel.message.value
    browser_click(panel, "p1/t1/s2/0")
    assert panel.draft == {"p1/t1/s1/1": 1}, "the click that cannot be legal is refused"
    assert "refused" in panel.message.value and "artillery damage (4)" in panel.message.value
    panel.commit()
    assert panel.explorer.state.battle is not None and panel.explorer.state.battle.pending[0] is not None


def test_show_both_allocations_draws_the_hidden_allocation_on_its_target(panel: AttackTheTowerPanel) -> None:
    # 004 battles 3: both allocations are hidden until both are made; the toggle shows them for teaching.
    panel.attack(0, 1)
    panel.step()
    browser_click(panel, "p1/t1/s0/0")
    panel.commit()
    assert 'class="shown"' not in panel.board.html
    panel.hidden_toggle.value = True
    html = panel.board.html
    target = html.split('data-key="p1/t1/s0/0"', 1)[1].split("</span></span>", 1)[0]
    assert 'class="shown"' in target and "+1" in target
    panel.hidden_toggle.value = False
    assert 'class="shown"' not in panel.board.html


def choose(panel: AttackTheTowerPanel, words: str) -> None:
    """Pick the first move of "your move" that starts with `words`, and make it (as the button does)."""
    options = list(panel.moves.options)
    matching = [i for i, o in enumerate(options) if o.startswith(words)]
    assert matching, f"no move '{words}' among {options}"
    panel.moves.index = matching[0]
    panel.make_move()
    assert "refused" not in panel.message.value, panel.message.value


def phase(panel: AttackTheTowerPanel) -> str:
    """The phase now (a call, so a type checker does not narrow it across moves)."""
    return str(panel.explorer.state.phase)


def test_an_ability_is_played_from_the_hand_in_the_ability_window(panel: AttackTheTowerPanel) -> None:
    # 004 battles 2: "each player may play ability cards" in the ability window, before initiative.
    panel.attack(0, 1)
    assert panel.explorer.stage() == "abilities"
    assert "play Lich" in panel.moves.options and "pass (play no ability)" in panel.moves.options
    choose(panel, "play Lich")
    assert "undead.lich" not in panel.explorer.state.players[0].hand


def test_an_ability_is_played_in_the_main_phase(panel: AttackTheTowerPanel) -> None:
    assert panel.explorer.state.phase == "main"
    before = panel.explorer.state.players[0].hand.count("undead.necromancer")
    choose(panel, "play Necromancer")
    assert panel.explorer.state.players[0].hand.count("undead.necromancer") == before - 1


def test_a_person_seated_in_whole_game_draws_builds_renews_and_ends_the_turn() -> None:
    panel = AttackTheTowerPanel("opening")
    assert [s.value for s in panel.game.seats] == ["person", "greedy"]
    assert panel.game.seats[0].label == "a person", "the person's seat is named, not a blank dropdown"
    panel.game.start()
    while panel.explorer.state.phase == "setup_draw":
        choose(panel, "draw a card from the base pile")
    choose(panel, "keep this hand")
    choose(panel, "build")
    choose(panel, "stop building")
    assert panel.explorer.state.phase == "renewal_decision"
    choose(panel, "renew the hand")
    while phase(panel) == "renewal_draw":
        choose(panel, "draw a card")
    while phase(panel) == "renewal_discard":
        choose(panel, "discard")
    choose(panel, "build")
    choose(panel, "stop building")
    assert phase(panel) == "main" and panel.explorer.state.turn == 1
    choose(panel, "end the turn")
    # The greedy policy at the other seat plays its turn up to the person's next decision.
    assert panel.explorer.state.turn == 2 and panel.explorer.to_move() == 0
