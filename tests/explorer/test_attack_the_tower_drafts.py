"""The Attack the Tower panel's allocation draft asks the rules: an illegal click is refused at the click by the
rules' own caps and the draft stays; the 'lethal' mark on a drafted target (a troop, a base, the palace or a
special troop) is what the engine then destroys."""

from __future__ import annotations

import functools
import random
from html.parser import HTMLParser

import pytest

from explorer.attack_the_tower.panel import AttackTheTowerPanel
from rules.attack_the_tower import engine
from rules.attack_the_tower.events import DamageDealt
from rules.attack_the_tower.model import GameState
from rules.core.protocol import CHANCE


def browser_click(panel: AttackTheTowerPanel, key: str, shift: bool = False) -> None:
    """What board.js sends when a data-key element is clicked."""
    panel.board._message(panel.board, {"event": "click", "key": key, "shift": shift}, [])


def to_regular(panel: AttackTheTowerPanel) -> None:
    panel.attack(0, 1)
    panel.step()  # the ability window
    panel.step()  # initiative, the policy deciding
    assert panel.explorer.stage() == "regular"


def test_a_click_beyond_the_troop_cap_is_refused_at_once_by_the_rules_caps_and_the_draft_stays() -> None:
    # 004 traits: artillery damage "can only be assigned to bases or palaces"; the Undead's regular damage
    # holds 4 artillery, so only their general damage may hit the Bandits' troops.
    panel = AttackTheTowerPanel("mid-game-battle")
    to_regular(panel)
    state = panel.explorer.state
    request = panel.explorer.request()
    assert request is not None and request.pool.artillery == 4
    troops = [t.key for t in request.targets if not t.is_structure]
    for key in troops[: request.troop_cap]:
        browser_click(panel, key)
    drafted = dict(panel.draft)
    assert sum(drafted.values()) == request.troop_cap
    board = panel.board.html
    extra = next(k for k in troops if k not in drafted)
    expected = engine.adding_refusal(state, request, drafted, extra)
    assert expected is not None and expected.rule == "traits.artillery"
    browser_click(panel, extra)
    assert panel.draft == drafted, "the refused click leaves the draft as it was"
    assert panel.board.html == board and panel.explorer.state is state
    assert f"refused: {expected.message} (rule traits.artillery)" in panel.message.value
    panel.commit()  # what was drafted is legal as it stands
    battle = panel.explorer.state.battle
    assert battle is not None and battle.pending[request.player] is not None


def test_a_shift_click_removes_one_and_a_refused_target_names_its_rule() -> None:
    panel = AttackTheTowerPanel("mid-game-battle")
    panel.attack(0, 1)
    panel.step()
    request = panel.explorer.request()
    assert request is not None and request.stage == "initiative"
    base = next(u.key for u in engine.battle_units(panel.explorer.state)[1] if u.kind == "base")
    browser_click(panel, base)
    expected = engine.adding_refusal(panel.explorer.state, request, {}, base)
    assert expected is not None and expected.message in panel.message.value and expected.rule in panel.message.value
    assert panel.draft == {}
    target = request.targets[0].key
    browser_click(panel, target)
    browser_click(panel, target, shift=True)
    assert panel.draft == {}


class _LethalMarks(HTMLParser):
    """The keys of the board's targets (troops, bases, palaces, special troops) whose draft mark says 'lethal'."""

    def __init__(self) -> None:
        super().__init__()
        self.within: list[str | None] = []
        self.lethal: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        classes = (found.get("class") or "").split()
        if found.get("data-key"):
            self.within.append(found.get("data-key"))
        elif tag == "span":
            self.within.append(None)
            if "draft" in classes and "lethal" in classes:
                owner = next((k for k in reversed(self.within) if k), None)
                assert owner is not None
                self.lethal.add(owner)
        elif tag == "div":
            self.within.append(None)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("span", "div") and self.within:
            self.within.pop()


def _lethal_on_board(panel: AttackTheTowerPanel) -> set[str]:
    marks = _LethalMarks()
    marks.feed(panel.board.html)
    return marks.lethal


def _step_of(state: GameState) -> tuple[object, ...]:
    """Which combat step a position is in (a new one once the step is resolved)."""
    battle = state.battle
    return () if battle is None else (battle.origin, battle.target, battle.at_palace, battle.stage, battle.damage)


@functools.cache
def _battle_positions() -> list[GameState]:
    """Combat steps of real positions: the examples' battles and those of seeded random whole games."""
    out = []
    for seed in range(8):
        rng = random.Random(seed)
        state = engine.new_game(("undead", "bandits") if seed % 2 else ("westerners", "easterners"))
        for _ in range(250):
            if engine.is_terminal(state):
                break
            if engine.in_combat_step(state) and engine.allocation_request(state) is not None:
                out.append(state)
            options = (
                sorted(engine.chance_outcomes(state), key=lambda a: a.card)
                if engine.current_player(state) == CHANCE
                else list(engine.legal_actions(state))
            )
            state, _ = engine.apply(state, options[rng.randrange(len(options))])
    return out[::4]


@pytest.mark.parametrize("index", range(6))
def test_the_lethal_mark_is_what_the_engine_destroys(index: int) -> None:
    positions = _battle_positions()
    assert len(positions) >= 30
    rng = random.Random(index)
    marked = destroyed = 0
    for state in positions[index::6]:
        panel = AttackTheTowerPanel(state)
        request = panel.explorer.request()
        assert request is not None
        vector = request.sample(rng.randrange)
        panel.draft = {t.key: a for t, a in zip(request.targets, vector, strict=True) if a}
        panel.refresh()
        lethal = _lethal_on_board(panel)
        drafted = dict(panel.draft)
        panel.commit()
        events = panel.explorer.session.last_events()
        while _step_of(panel.explorer.state) == _step_of(state):
            events = panel.explorer.auto()  # the other side hands in its allocation: the step is resolved
        targets = {t.key: t.kind for t in request.targets}
        dealt = {
            e.target
            for e in events
            if isinstance(e, DamageDealt) and e.player == request.player and e.destroyed and e.target in targets
        }
        assert lethal == dealt, (state.battle, drafted)
        marked += len(lethal)
        destroyed += len(dealt)
    assert marked > 0 and destroyed > 0


def test_a_draft_that_destroys_a_base_or_palace_is_marked_lethal_on_it() -> None:
    # 004 battles 4: unmanned bases (and an unmanned palace) take the damage; a draft giving one at least what
    # it has left destroys it, and the board marks that draft as it marks a troop's.
    marked: list[str] = []
    for state in _battle_positions():
        request = engine.allocation_request(state)
        assert request is not None
        structure = next((t for t in request.targets if t.is_structure and t.remaining > 0), None)
        if structure is None:
            continue
        draft: dict[str, int] = {}
        while engine.adding_refusal(state, request, draft, structure.key) is None:
            draft = {structure.key: draft.get(structure.key, 0) + 1}
        if structure.key not in engine.destroyed_by(request, draft):
            continue
        panel = AttackTheTowerPanel(state)
        for _ in range(draft[structure.key]):
            browser_click(panel, structure.key)
        assert panel.draft == draft
        assert structure.key in _lethal_on_board(panel), (structure, panel.board.html)
        marked.append(structure.kind)
    assert marked, "no position let a draft destroy a base or a palace"
