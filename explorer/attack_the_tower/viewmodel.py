"""Positions as JSON-ready view models for the browser (`rendering.board_html` draws them).

Everything shown is read from the rules package: units and their damage, pools, the allocation asked for,
how much of each cap a draft uses and which targets it destroys, every place in a player's words.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.attack_the_tower import engine
from rules.attack_the_tower.catalog import ability_card, army, base_card, card
from rules.attack_the_tower.model import Base, GameState, Player
from rules.attack_the_tower.places import UnitKey
from rules.attack_the_tower.text import PHASE_WORDS, STAGE_STEPS, STAGE_WORDS, TROOP_MARK, place_words
from rules.core.protocol import CHANCE, SIMULTANEOUS, TERMINAL

Units = Mapping[str, engine.Unit]
"""The units of the battle in progress by key (empty outside a battle)."""


def _units_by_key(state: GameState) -> dict[str, engine.Unit]:
    attackers, defenders = engine.battle_units(state)
    return {u.key: u for u in attackers + defenders}


def _damage(units: Units, key: str) -> dict[str, Any]:
    """The damage a unit has taken in this battle and whether it is destroyed."""
    unit = units.get(key)
    return {"damage": unit.damage if unit else 0, "dead": bool(unit and unit.dead)}


def _troop_view(state: GameState, units: Units, key: UnitKey, base: Base) -> dict[str, Any]:
    i = key.index
    assert i is not None
    unit = units.get(str(key))
    printed = engine.standing_power(state, key)
    return {
        "key": str(key),
        "where": place_words(key),
        **_damage(units, str(key)),
        "power": unit.deals if unit else printed,
        "toughness": unit.toughness if unit else printed,
        "raised": base.raise_of(i),
    }


def _slot_view(state: GameState, units: Units, owner: int, territory: int, slot: int) -> dict[str, Any]:
    key = UnitKey.base(owner, territory, slot)
    b = state.players[owner].territories[territory][slot]
    if b is None:
        return {"key": str(key), "empty": True}
    bc = base_card(b.card)
    troops = [_troop_view(state, units, UnitKey.troop(owner, territory, slot, i), b) for i in range(b.troops)]
    return {
        "key": str(key),
        "empty": False,
        "card": b.card,
        "name": bc.name,
        "troop_name": bc.troop_name,
        "troop_type": bc.troop_type,
        "mark": TROOP_MARK[bc.troop_type],
        "troops": troops,
        **_damage(units, str(key)),
        "assumed": bc.assumed,
    }


def _palace_view(state: GameState, units: Units, owner: int) -> dict[str, Any]:
    specials = []
    for i, cid in enumerate(state.players[owner].palace):
        spec = ability_card(cid).special_troop
        assert spec is not None
        key = str(UnitKey.special(owner, i))
        specials.append({"key": key, "name": spec.name, "power": spec.power, **_damage(units, key)})
    key = str(UnitKey.palace(owner))
    return {"key": key, "power": state.rules.palace_power, **_damage(units, key), "specials": specials}


def _player_view(state: GameState, units: Units, index: int) -> dict[str, Any]:
    p: Player = state.players[index]
    territories = [[_slot_view(state, units, index, t, s) for s in range(3)] for t in range(3)]
    return {
        "index": index,
        "army": p.army,
        "name": army(p.army).name,
        "role": "attacking" if index == state.attacker else "defending",
        "palace": _palace_view(state, units, index),
        "territories": territories,
        "hand": [card(c).name for c in p.hand],
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
        "pools": pools,
        "pending": list(engine.allocations_in(state)),
        "shown": shown,
        "attacker": state.attacker,
    }


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


def board_view(
    state: GameState,
    *,
    draft: dict[str, int] | None = None,
    draft_player: int | None = None,
    selected: str | None = None,
    show_hidden: bool = False,
    last_events: tuple[str, ...] = (),
    summary: str = "",
) -> dict[str, Any]:
    """The position as a JSON-ready dict: both kingdoms, the battle, the current request, the draft."""
    units = _units_by_key(state)
    drafted = dict(draft or {})
    request = engine.allocation_request(state, draft_player if state.battle is not None else None)
    who = engine.current_player(state)
    return {
        "turn": state.turn,
        "phase": state.phase,
        "phase_words": PHASE_WORDS[state.phase],
        "attacker": state.attacker,
        "to_move": {CHANCE: "chance", SIMULTANEOUS: "both players", TERMINAL: None}.get(who, who),
        "players": [_player_view(state, units, index) for index in range(len(state.players))],
        "battle": _battle_view(state, show_hidden),
        "request": _request_view(request, drafted),
        "draft": drafted,
        "destroyed_by_draft": sorted(engine.destroyed_by(request, drafted)) if request else [],
        "selected": selected,
        "winner": state.winner,
        "termination": state.termination,
        "last_events": list(last_events),
        "summary": summary,
    }
