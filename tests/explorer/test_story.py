"""The board tells the story of each step (explorer.attack_the_tower.story): the damage as it flows, both sides'
damage on the step card, the casualties kept on the step that caused them, the battle's territories marked until
it is over, a destroyed palace drawn destroyed, and the cards that weaken a troop named on it."""

from __future__ import annotations

import json
import re

from explorer.attack_the_tower.explorer import Explorer
from explorer.attack_the_tower.rendering import board_html
from explorer.attack_the_tower.story import step_story
from explorer.attack_the_tower.viewmodel import board_view
from rules.attack_the_tower.actions import PlayAbility
from rules.lesson import read_lesson
from tests.test_lesson import ROOT

LESSONS = ROOT / "explorer" / "lessons" / "attack-the-tower"


def played(name: str) -> Explorer:
    """An explorer at the end of a shipped lesson's line."""
    lesson = read_lesson(LESSONS / name)
    explorer = Explorer(lesson.start())
    explorer.play_lesson(lesson)
    explorer.session.forward(len(explorer.session.line))
    return explorer


def drawn(explorer: Explorer, step: int) -> str:
    """The board at `step` of the line, as the panel draws it."""
    story = step_story(explorer.session, step)
    assert story is not None
    return board_html(board_view(explorer.session.state_at(step), story=story, summary=story.card))


def test_every_step_card_gives_both_sides_damage() -> None:
    # 004 battles 3: "Both players secretly allocate damage" - both sides' pools on the card, not the last one's.
    battle = played("first-battle.json")
    cards = [step_story(battle.session, n).card for n in range(1, 8)]  # type: ignore[union-attr]
    assert cards[2] == "initiative: the Undead have 2 to distribute, the Bandits have 1 to distribute"
    assert cards[3] == "initiative: the Undead have 2 (distributed, hidden), the Bandits have 1 to distribute"
    assert cards[4] == (
        "initiative: the Undead deal 2, the Bandits deal 1; the Bandits lose Bandit archer; the Undead lose Necromancer"
    )
    assert cards[6].startswith("regular combat: the Undead deal 2, the Bandits deal 7 (their bases fight too);")
    assert cards[6].endswith("the battle is over")


def test_a_step_card_says_when_bases_or_the_palace_deal_the_damage() -> None:
    # 004 battles 4: the defending bases (and the palace) deal their power in regular combat, troops or none;
    # the card says so where a side dealt damage with no troop left standing.
    assault = played("palace-assault.json")
    cards = [step_story(assault.session, n).card for n in (4, 8)]  # type: ignore[union-attr]
    assert cards[0].startswith("regular combat: the Undead deal 0, the Bandits deal 4 (from their base);")
    assert cards[1].startswith("regular combat: the Undead deal 0, the Bandits deal 10 (from their palace);")


def test_damage_flows_from_the_dealing_troops_to_their_targets() -> None:
    battle = played("first-battle.json")
    board = drawn(battle, 5)
    flows = json.loads(re.search(r'data-flows="([^"]*)"', board).group(1).replace("&quot;", '"'))  # type: ignore[union-attr]
    undead = [f for f in flows if f["side"] == 0]
    # the two Necromancers (territory 1, slot 2) fired at the archer and a brute
    assert {f["target"] for f in undead} == {"p1/t1/s0/0", "p1/t1/s1/0"}
    assert all(f["sources"] == ["p0/t0/s1/0", "p0/t0/s1/1"] for f in undead)
    assert 'class="troop dead dealing by-def"' in board  # the archer fired and died in the same step
    assert '<span class="hit by-att" title="the Undead dealt 1 damage here in this step">−1</span>' in board


def test_the_step_that_ends_a_battle_keeps_its_casualties_and_its_territories() -> None:
    battle = played("first-battle.json")
    board = drawn(battle, 7)
    assert battle.state.battle is None  # the position itself no longer holds the battle
    assert "the battle is over: the destroyed leave the board, the survivors heal" in board
    assert 'class="territory attacking"' in board and 'class="territory defending"' in board
    # the Zombies, the Necromancer and the Catapult struck out where they stood
    for key in ("p0/t0/s0/0", "p0/t0/s0/1", "p0/t0/s1/1", "p0/t0/s2/0"):
        assert re.search(rf'class="troop dead[^"]*"[^>]*data-key="{key}"', board), key


def test_the_final_step_of_the_palace_assault_draws_the_palace_destroyed() -> None:
    # 004 "Attacking the palace": the palace falls, the game is won; the board no longer says "power 10".
    assault = played("palace-assault.json")
    board = drawn(assault, len(assault.session.line))
    assert "palace destroyed" in board and 'class="palace dead' in board
    assert 'data-key="p1/palace">palace destroyed' in board
    story = step_story(assault.session, len(assault.session.line))
    assert story is not None and story.card.endswith("palace destroyed: the Undead win")
    # the Undead who fell to the palace's 10 damage on the step before stay struck out on it
    before = drawn(assault, len(assault.session.line) - 1)
    assert re.search(r'class="special troop dead[^"]*" data-key="p0/palace/0"', before)
    # and a board drawn from the final position alone says so too
    alone = board_html(board_view(assault.state))
    assert "palace destroyed" in alone and "palace · power 10" in alone  # the winner's palace stands


def test_the_lich_is_named_on_the_troops_it_weakens() -> None:
    # cards.md Lich: "The Power of enemy troops drop by one, thanks to the lich."
    explorer = Explorer("mid-game-battle")
    explorer.attack(0, 1)
    explorer.play(PlayAbility(player=0, card="undead.lich"))
    board = board_html(board_view(explorer.state))
    archer = re.search(r'data-key="p1/t1/s0/0"[^>]*>(\d+)', board)
    assert archer is not None and archer.group(1) == "0"  # power 1, less 1
    assert board.count('<span class="note" title="Lich: power -1">Lich −1</span>') == 4  # every Bandit troop
    assert 'data-key="p0/t0/s0/0"' in board and board.count("Lich −1") == 4  # no Undead troop marked


def test_the_step_that_empties_a_territory_says_the_survivors_attack_the_palace() -> None:
    # manual, battles: if a territory loses every troop and base, the survivors attack the palace at once -
    # the battle is not over, and nobody heals yet
    assault = Explorer("palace-assault")
    assault.attack(0, 2, specials=(0,))
    while assault.state.battle is not None and not assault.state.battle.at_palace:
        assault.step()
    story = step_story(assault.session, assault.session.cursor)
    assert story is not None and story.battle_over
    assert story.card.endswith("territory 3 is emptied: the survivors attack the palace")
    assert "the battle is over" not in story.card
    board = drawn(assault, assault.session.cursor)
    assert "the territory is emptied: the destroyed leave the board, the survivors attack the palace" in board
    assert "the survivors heal" not in board
