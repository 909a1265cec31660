"""Positions as JSON-ready view models for the browser (`rendering.board_html` draws them).

Everything shown is read from the rules package: units and their damage, pools, the allocation asked for,
how much of each cap a draft uses and which targets it destroys, every place in a player's words.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Literal

from explorer.attack_the_tower.moves import hand_key
from explorer.attack_the_tower.story import StepStory, units_by_key
from rules.attack_the_tower import engine
from rules.attack_the_tower.catalog import ability_card, army, base_card, card, raised_troop_name
from rules.attack_the_tower.model import Base, GameState, Player
from rules.attack_the_tower.places import UnitKey
from rules.attack_the_tower.text import PHASE_WORDS, STAGE_STEPS, STAGE_WORDS, TROOP_MARK, place_words
from rules.core.protocol import CHANCE, SIMULTANEOUS, TERMINAL

Units = Mapping[str, engine.Unit]
"""The units of the battle in progress by key (empty outside a battle)."""


def _last_moment(units: dict[str, engine.Unit], story: StepStory) -> dict[str, engine.Unit]:
    """The units of a battle as its last step left them, before the dead leave the board and the survivors
    heal: the step's damage and its casualties laid over the position before it."""
    totals = story.totals
    dead = set(story.casualties)
    return {
        key: dataclasses.replace(u, damage=totals.get(key, u.damage), dead=u.dead or key in dead)
        for key, u in units.items()
    }


def _damage(units: Units, key: str, step: Mapping[str, Any]) -> dict[str, Any]:
    """The damage a unit has taken in this battle, whether it is destroyed, the damage dealt to it in the
    step just taken (by side) and whether it dealt damage in that step."""
    unit = units.get(key)
    return {
        "damage": unit.damage if unit else 0,
        "dead": bool(unit and unit.dead),
        "hits": step["hits"].get(key, []),
        "dealing": step["dealing"].get(key),
    }


def _notes(state: GameState, unit: engine.Unit | None, troop_type: Any) -> list[dict[str, str]]:
    """The cards in play that change this fighting unit's power ('Lich', 'power -1')."""
    if unit is None or state.battle is None:
        return []
    role: Literal["attacking", "defending"] = "attacking" if unit.owner == state.attacker else "defending"
    return [
        {"card": n.card, "change": n.change}
        for n in engine.power_notes(state, unit.owner, troop_type, role, state.battle.dead)
    ]


def _troop_view(
    state: GameState, units: Units, key: UnitKey, base: Base, troop_type: Any, step: Mapping[str, Any]
) -> dict[str, Any]:
    i = key.index
    assert i is not None
    unit = units.get(str(key))
    printed = engine.standing_power(state, key)
    raised = base.raise_of(i)
    return {
        "key": str(key),
        "where": place_words(key),
        **_damage(units, str(key), step),
        "power": unit.deals if unit else printed,
        "toughness": unit.toughness if unit else printed,
        "raised": raised,
        "raised_name": (raised_troop_name(state.players[key.owner].army) or "") if raised else "",
        "notes": _notes(state, unit, troop_type),
    }


def _slot_view(
    state: GameState, units: Units, owner: int, territory: int, slot: int, step: Mapping[str, Any]
) -> dict[str, Any]:
    key = UnitKey.base(owner, territory, slot)
    b = state.players[owner].territories[territory][slot]
    if b is None:
        return {"key": str(key), "empty": True}
    bc = base_card(b.card)
    troops = [
        _troop_view(state, units, UnitKey.troop(owner, territory, slot, i), b, bc.troop_type, step)
        for i in range(b.troops)
    ]
    return {
        "key": str(key),
        "empty": False,
        "card": b.card,
        "name": bc.name,
        "troop_name": bc.troop_name,
        "troop_type": bc.troop_type,
        "mark": TROOP_MARK[bc.troop_type],
        "troops": troops,
        **_damage(units, str(key), step),
        "assumed": bc.assumed,
    }


def _palace_view(state: GameState, units: Units, owner: int, step: Mapping[str, Any]) -> dict[str, Any]:
    specials = []
    for i, cid in enumerate(state.players[owner].palace):
        spec = ability_card(cid).special_troop
        assert spec is not None
        key = str(UnitKey.special(owner, i))
        unit = units.get(key)
        specials.append(
            {
                "key": key,
                "name": spec.name,
                "power": unit.deals if unit else spec.power,
                **_damage(units, key, step),
                "notes": _notes(state, unit, None),
            }
        )
    key = str(UnitKey.palace(owner))
    fallen = state.termination == "palace_destroyed" and state.winner == 1 - owner
    palace = {"key": key, "power": state.rules.palace_power, **_damage(units, key, step), "specials": specials}
    palace["dead"] = palace["dead"] or fallen
    return palace


def _player_view(state: GameState, units: Units, index: int, step: Mapping[str, Any]) -> dict[str, Any]:
    p: Player = state.players[index]
    territories = [[_slot_view(state, units, index, t, s, step) for s in range(3)] for t in range(3)]
    return {
        "index": index,
        "army": p.army,
        "name": army(p.army).name,
        "role": "attacking" if index == state.attacker else "defending",
        "palace": _palace_view(state, units, index, step),
        "territories": territories,
        "hand": [{"key": hand_key(index, c), "name": card(c).name} for c in p.hand],
        "in_play": [card(c).name for c in p.in_play],
        "piles": {
            "bases": len(p.base_pile),
            "abilities": len(p.ability_pile),
            "base_discard": len(p.base_discard),
            "ability_discard": len(p.ability_discard),
        },
    }


def _battle_view(state: GameState, show_hidden: bool) -> dict[str, Any] | None:
    fight = state.battle
    if fight is None:
        return None
    pools = [
        {"player": side, "total": pool.total, "artillery": pool.artillery, "detail": pool.detail}
        for side, pool in engine.step_pools(state)
    ]
    shown = {}
    if show_hidden:
        shown = {str(side): dict(p.assignments) for side, p in enumerate(fight.pending) if p is not None}
    return {
        "origin": fight.origin,
        "target": fight.target,
        "at_palace": fight.at_palace,
        "stage": fight.stage,
        "stage_words": f"{STAGE_STEPS[fight.stage]}. {STAGE_WORDS[fight.stage]}",
        "over": False,
        "to_palace": False,
        "pools": pools,
        "pending": list(engine.allocations_in(state)),
        "shown": shown,
        "attacker": state.attacker,
    }


def _victims_view(state: GameState) -> dict[str, Any] | None:
    """While a player chooses a Vrykolaka's victims (Rules.vrykolaka_victims='chosen'): who, how many are left
    to choose and every enemy troop they may choose."""
    battle = state.battle
    if battle is None or battle.stage != "victims":
        return None
    player = engine.current_player(state)
    targets = [a.target for a in engine.legal_actions(state, player)]
    return {"player": player, "owed": battle.owed[player], "targets": targets}


def _request_view(request: engine.AllocationRequest | None, draft: Mapping[str, int]) -> dict[str, Any] | None:
    if request is None:
        return None
    return {
        "player": request.player,
        "stage": request.stage,
        "targets": [t.key for t in request.targets],
        "total": request.pool.total,
        "troop_cap": request.troop_cap,
        "structure_cap": request.structure_cap,
        "summary": engine.draft_tally(request, draft).words(),
    }


def _step_view(story: StepStory | None) -> dict[str, Any]:
    """The step just taken as the board draws it: its damage flows, the hits on each target by side and
    the units that dealt it (by key), from the step's story."""
    if story is None:
        return {"flows": [], "hits": {}, "dealing": {}}
    hits: dict[str, list[dict[str, int]]] = {}
    dealing: dict[str, int] = {}
    for f in story.flows:
        hits.setdefault(f.target, []).append({"side": f.side, "amount": f.amount})
        for source in f.sources:
            dealing[source] = f.side
    flows = [dataclasses.asdict(f) for f in story.flows]
    return {"flows": flows, "hits": hits, "dealing": dealing}


def board_view(
    state: GameState,
    *,
    draft: dict[str, int] | None = None,
    draft_player: int | None = None,
    selected: str | None = None,
    show_hidden: bool = False,
    last_events: tuple[str, ...] = (),
    summary: str | None = None,
    story: StepStory | None = None,
    live: bool = True,
    editing: bool = False,
) -> dict[str, Any]:
    """The position as a JSON-ready dict: both kingdoms, the battle, the current request, the draft; with the
    `story` of the step just taken, its damage flows and casualties, and on the step that ends a battle that
    battle's last moment (its dead struck out, its territories marked); `summary`, the step card (by default the
    story's). `live`: drawn in a live panel (it may ask for clicks); `editing`: in the panel's edit mode."""
    shown = story.before if story is not None and story.battle_over else state
    units = units_by_key(shown)
    if story is not None and shown is not state:
        units = _last_moment(units, story)
    step = _step_view(story)
    drafted = dict(draft or {})
    request = engine.allocation_request(state, draft_player if state.battle is not None else None)
    who = engine.current_player(state)
    battle = _battle_view(shown, show_hidden)
    if battle is not None and story is not None and shown is not state:
        battle.update(pools=[], pending=[True, True], shown={}, over=True, to_palace=story.to_palace)
    return {
        "turn": state.turn,
        "phase": state.phase,
        "phase_words": PHASE_WORDS[state.phase],
        "attacker": shown.attacker,
        "to_move": {CHANCE: "chance", SIMULTANEOUS: "both players", TERMINAL: None}.get(who, who),
        "players": [_player_view(shown, units, index, step) for index in range(len(shown.players))],
        "battle": battle,
        "flows": step["flows"],
        "live": live,
        "editing": editing,
        "request": _request_view(request, drafted),
        "victims": _victims_view(state),
        "draft": drafted,
        "destroyed_by_draft": sorted(engine.destroyed_by(request, drafted)) if request else [],
        "selected": selected,
        "winner": state.winner,
        "termination": state.termination,
        "last_events": list(last_events),
        "summary": summary if summary is not None else story.card if story is not None else "",
    }
