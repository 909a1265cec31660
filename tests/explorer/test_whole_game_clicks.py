"""A whole game played by clicks (explorer.attack_the_tower.moves): the opening hand drawn in one move, a base
built by clicking a card in hand and then a slot, an ability played by clicking it; a click the rules refuse is
said in their words and nothing changes."""

from __future__ import annotations

from explorer.attack_the_tower.moves import hand_key, person_moves
from explorer.attack_the_tower.panel import AttackTheTowerPanel
from rules.attack_the_tower.places import UnitKey


def move_index(panel: AttackTheTowerPanel, words: str) -> int:
    return next(i for i, (said, _move) in enumerate(person_moves(panel.explorer.state)) if said.startswith(words))


def started() -> AttackTheTowerPanel:
    """A new game, the person at player 1's seat, the greedy policy at player 2's."""
    panel = AttackTheTowerPanel()
    panel.set_seats(None, "greedy")
    panel.new_game("undead", "bandits")
    return panel


def test_the_opening_hand_is_drawn_in_one_move() -> None:
    # 004 Setting up: each player draws 5 cards "from any of his piles".
    panel = started()
    assert panel.explorer.state.phase == "setup_draw"
    panel.make_move(move_index(panel, "draw all 5 cards: 3 from the base pile, 2 from the ability pile"))
    state = panel.explorer.state
    assert state.phase == "setup_keep" and len(state.players[0].hand) == 5
    assert sum(1 for e in panel.explorer.log() if e[1].kind == "CardDrawn") == 5  # five draws, each a step


def test_a_base_is_built_by_clicking_a_card_then_a_slot() -> None:
    panel = started()
    panel.make_move(move_index(panel, "draw all 5 cards: 5 from the base pile"))
    panel.make_move(move_index(panel, "keep this hand"))
    state = panel.explorer.state
    assert state.phase == "setup_build"
    card = state.players[0].hand[0]
    panel.click(hand_key(0, card))
    assert "chosen: click where it goes" in panel.message.value
    assert f'class="hand-card selected" data-key="{hand_key(0, card)}"' in panel.board.html
    panel.click(str(UnitKey.base(1, 0, 0)))  # the opponent's slot: refused, nothing built
    assert "refused:" in panel.message.value and "your own territories" in panel.message.value
    assert panel.explorer.state == state
    panel.click(hand_key(0, card))
    panel.click(str(UnitKey.base(0, 1, 2)))
    built = panel.explorer.state.players[0].territories[1][2]
    assert built is not None and built.card == card
    assert "build a" in panel.message.value and "territory 2, slot 3" in panel.message.value


def test_an_ability_that_asks_for_nothing_is_played_by_clicking_it() -> None:
    # 004 battles 2: in the ability window the attacker plays an ability card from the hand.
    panel = AttackTheTowerPanel("mid-game-battle")
    panel.attack(0, 1)
    assert "undead.lich" in panel.explorer.state.players[0].hand
    panel.click(hand_key(0, "undead.lich"))
    assert panel.explorer.state.players[0].in_play == ("undead.lich",)
    assert "play Lich" in panel.message.value


def test_edit_mode_shows_on_the_board() -> None:
    panel = AttackTheTowerPanel("mid-game-battle")
    panel.set_mode("edit")
    assert 'class="att-board editing"' in panel.board.html and "edit mode: click a slot" in panel.board.html
    panel.set_mode("play")
    assert "editing" not in panel.board.html


def test_the_panel_asks_for_the_vrykolakas_victims_under_the_chosen_reading() -> None:
    # cards.md Vrykolaka: "Destroy one enemy troop for each vrykolaka that inflicts damage in combat"; under
    # Rules.vrykolaka_victims='chosen' the panel asks the player, who clicks any enemy troop on the board.
    from rules.attack_the_tower.variants import Rules
    from tests.attack_the_tower.test_variant_scenarios import vrykolaka_battle

    panel = AttackTheTowerPanel(vrykolaka_battle(Rules(vrykolaka_victims="chosen")))
    assert "The Undead choose 2 enemy troop(s) for their Vrykolaka(s) to destroy" in panel.board.html
    assert 'class="troop target" data-key="p1/t1/s0/0"' in panel.board.html  # the rider, out of the battle
    assert any(words.startswith("destroy player 2, territory 2, slot 1, troop 1") for words in panel.moves.options)
    panel.click("p1/t1/s0/0")
    assert "chosen by Undead for their Vrykolaka(s)" in panel.message.value
    panel.click("p1/t0/s0/1")
    assert panel.explorer.state.battle is None and "choose" not in panel.board.html.split("head")[0]


def test_your_move_lists_no_damage_allocation() -> None:
    """Damage is distributed by clicking the board: 'your move' lists no allocation, and says every move in words."""
    panel = AttackTheTowerPanel("mid-game-battle")
    panel.attack(0, 1)
    panel.next()
    assert panel.explorer.request() is not None and list(panel.moves.options) == []
    panel.set_seats(None, "greedy")
    panel.new_game("undead", "bandits")
    assert all(" " in words for words in panel.moves.options)
