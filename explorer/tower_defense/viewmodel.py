"""Tower Defense positions as JSON-ready view models.

`board_view` reads everything it shows from the rules package (Hit Points with modifiers, movement
rates, tower damage with boosts, what is assumed); `rendering.board_html` turns that dict into the grid, the
waves, the players' stacks and the legend. The live widget and the static `_repr_html_` both call
`board_html`, so a notebook read on GitHub shows exactly what JupyterLab shows.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from rules.core.protocol import CHANCE, SIMULTANEOUS, TERMINAL
from rules.tower_defense import catalog, engine
from rules.tower_defense.catalog import credit_type, credit_value
from rules.tower_defense.model import (
    PHASE_NUMBER,
    STACK_LABEL,
    STACKS,
    FieldWave,
    GameState,
    Tower,
)
from rules.tower_defense.places import Coord
from rules.tower_defense.text import PHASE_TITLE, ROMAN, card_short

ASSUMED_NOTE = "assumed: not in the rulebook"
"""The legend of the asterisk that marks every number the data files mark `assumed: true`."""
ATTRIBUTE_WORDS = {
    "tough": "tough (+2 HP or a Depletion)",
    "armoured": "armoured (+3 HP or lose the track)",
    "track_breaker": "track breaker",
    "restorer": "restorer",
    "resistance": "resistance",
    "upgrade_tax": "upgrade tax",
    "build_tax": "build tax",
    "elusive": "elusive (+1 Range needed)",
    "must_be_attacked": "must be attacked",
}
TYPE_BRIEF = {"standard": "Std", "boost": "Bst", "charge": "Chg", "combine": "Cmb"}
"""A tower type in three letters, for spaces too narrow for its name (the legend says which is which)."""


def cell_key(at: Coord) -> str:
    """The data-key of a space of the field: 'x,y' (column, row from 0)."""
    return f"{at[0]},{at[1]}"


def parse_key(key: str) -> Coord | None:
    """The space a data-key names, or None when the key is not a space."""
    parts = key.split(",")
    if len(parts) != 2 or not all(p.strip().lstrip("-").isdigit() for p in parts):
        return None
    return (int(parts[0]), int(parts[1]))


def player_word(player: int) -> str:
    return f"Player {player + 1}"


def grouped(cards: Sequence[str]) -> list[str]:
    """Cards in a few words, equal ones counted: ['Standard I ×2', 'Boost I']."""
    counts = Counter(card_short(c) for c in cards)
    return [f"{name} ×{n}" if n > 1 else name for name, n in counts.items()]


# ---- the view model ---------------------------------------------------------------------------------
def tower_view(state: GameState, tower: Tower) -> dict[str, Any]:
    """One tower: card, owner, level, Depletion, reach and damage this turn, and what is assumed."""
    spec = catalog.tower(tower.card)
    reach_fig = spec.reach_by_level[tower.level - 1]
    damage = engine.tower_damage(state.rules, tower) if engine.can_attack(tower) else {}
    dmg_fig = spec.damage_by_level[tower.level - 1] if spec.damage_by_level is not None else None
    return {
        "key": cell_key(tower.at),
        "at": list(tower.at),
        "card": tower.card,
        "name": spec.name,
        "type": spec.type,
        "mark": spec.mark,
        "short": card_short(tower.card),
        "brief": f"{TYPE_BRIEF[spec.type]} {ROMAN[spec.mark]}",
        "owner": tower.owner,
        "level": tower.level,
        "depletion": tower.depletion,
        "reach_kind": spec.reach,
        "reach": reach_fig.value,
        "reach_assumed": reach_fig.assumed,
        "base_damage": dmg_fig.value if dmg_fig is not None else None,
        "damage_assumed": bool(dmg_fig and dmg_fig.assumed),
        "damage": engine.total(damage) if damage else None,
        "damage_text": engine.describe(damage) if damage else "",
        "boosts": list(tower.boosts),
        "combine_cost": spec.combine_cost.value if spec.combine_cost is not None else None,
        "combine_cost_assumed": bool(spec.combine_cost and spec.combine_cost.assumed),
        "multiplier": spec.multiplier(tower.level) if spec.type == "boost" else None,
        "multiplier_assumed": bool(
            spec.boost_multiplier_by_level and spec.boost_multiplier_by_level[tower.level - 1].assumed
        ),
    }


def wave_view(state: GameState, wave: FieldWave) -> dict[str, Any]:
    """One wave: where it is, its visible unit (Hit Points with modifier and condition), its movement
    this turn, its attributes and its Wave Modifier (with the modifier's own Hit Points)."""
    spec = wave.spec
    unit = engine.visible_unit(wave)
    where = state.wave_location(wave)
    modifier = None
    if wave.modifier is not None:
        m = catalog.modifier(wave.modifier)
        modifier = {
            "id": m.id,
            "name": m.name,
            "level": m.level,
            "text": m.text,
            "hit_points": engine.modifier_hit_points(state, wave),
            "assumed": m.assumed,
        }
    attributes = []
    for a in unit.attributes:
        words = ATTRIBUTE_WORDS[a.kind]
        if a.kind == "resistance" and a.damage_type is not None:
            words = f"resistance {a.amount} {a.damage_type.capitalize()}"
        attributes.append(words)
    return {
        "id": wave.id,
        "name": spec.name,
        "number": wave.number,
        "rank": spec.rank,
        "track": spec.track,
        "space": wave.space,
        "label": f"{spec.track}{wave.space}",
        "reverse": spec.reverse,
        "key": cell_key(where) if where is not None else f"wave:{wave.id}",
        "on_field": where is not None,
        "unit": wave.defeated + 1,
        "units": len(spec.units),
        "hit_points": engine.unit_hit_points(state, wave),
        "attribute_hit_points": engine.attribute_hit_points(state.rules, unit, False),
        "movement": engine.movement_rate(state, wave),
        "attributes": attributes,
        "modifier": modifier,
        "attacked": wave.attacked,
        "assumed": spec.assumed,
    }


def _to_move_word(who: int) -> str | int | None:
    """Who decides, for the board: a player index, 'chance', 'every player' (Phase 6) or None at the end."""
    return {CHANCE: "chance", SIMULTANEOUS: "every player", TERMINAL: None}.get(who, who)


def board_view(
    state: GameState,
    *,
    selected: str | None = None,
    last_events: Sequence[str] = (),
    summary: str = "",
) -> dict[str, Any]:
    """The position as a JSON-ready dict: the field space by space, waves, towers, players, the table; with
    `summary`, the step card of the step that led there."""
    towers = {t.at: tower_view(state, t) for t in state.towers}
    waves = [wave_view(state, w) for w in state.waves]
    cells = _cells_view(state, towers, {w["key"]: w for w in waves if w["on_field"]}, selected)
    who = engine.current_player(state)
    mode = catalog.mode(state.mode)
    players = [_player_view(state, i) for i in range(len(state.players))]
    condition = _condition_view(state)
    off_field = [w for w in waves if not w["on_field"]]
    return {
        "turn": state.turn,
        "phase": state.phase,
        "phase_number": PHASE_NUMBER.get(state.phase),
        "phase_title": PHASE_TITLE.get(state.phase, state.phase.replace("_", " ")),
        "tracker": engine.tracker_position(state.rules, state.turn),
        "calls_wave": engine.calls_wave(state.rules, state.turn),
        "to_move": _to_move_word(who),
        "pending": engine.pending(state),
        "width": state.board.width,
        "height": state.board.height,
        "cells": cells,
        "waves": waves,
        "off_field": off_field,
        "towers": list(towers.values()),
        "players": players,
        "lives": state.lives,
        "lives_assumed": state.lives == mode.lives.value and mode.lives.assumed,
        "income": state.income,
        "income_assumed": mode.income.assumed,
        "track_discard": list(state.board.track_discard),
        "track_loss_limit": state.track_loss_limit,
        "track_loss_assumed": mode.track_loss_limit.assumed,
        "upcoming": [[catalog.wave(w).name for w in call] for call in state.upcoming],
        "waves_called": state.waves_called,
        "condition": condition,
        "conditions_waiting": [catalog.condition(c).name for c in state.conditions_waiting],
        "decks": {
            "mark1": len(state.mark1_deck),
            "mark1_discard": len(state.mark1_discard),
            "mark2": len(state.mark2_pile),
            "mark3": len(state.mark3_pile),
            "modifiers": len(state.modifier_pile),
            "conditions": len(state.condition_pile),
        },
        "revealed": [catalog.tower(c).name for c in state.revealed],
        "selected": selected,
        "termination": state.termination,
        "last_events": list(last_events),
        "summary": summary,
    }


def _cells_view(
    state: GameState, towers: dict[Coord, dict[str, Any]], on_cell: dict[str, dict[str, Any]], selected: str | None
) -> list[list[dict[str, Any]]]:
    """The field space by space; with a tower selected, the spaces it reaches (a wave's space by the
    engine's own reach rule, so an elusive unit's extra Range counts)."""
    pieces = {p.at: p for p in state.board.track}
    obstacles = set(state.board.obstacles)
    sel = parse_key(selected) if selected else None
    sel_tower = state.tower_at(sel) if sel is not None else None
    cells = []
    for y in range(state.board.height):
        row = []
        for x in range(state.board.width):
            at = (x, y)
            key = cell_key(at)
            piece = pieces.get(at)
            kind = "track" if piece is not None else "obstacle" if at in obstacles else "empty"
            wave = on_cell.get(key)
            field_wave = state.wave(wave["id"]) if wave is not None else None
            in_reach = sel_tower is not None and at != sel and engine.reaches(state, sel_tower, at, field_wave)
            row.append(
                {
                    "key": key,
                    "x": x,
                    "y": y,
                    "kind": kind,
                    "track": piece.track if piece is not None else None,
                    "number": piece.number if piece is not None else None,
                    "label": piece.label if piece is not None else "",
                    "tower": towers.get(at),
                    "wave": wave,
                    "in_reach": in_reach,
                }
            )
        cells.append(row)
    return cells


def _player_view(state: GameState, i: int) -> dict[str, Any]:
    """One player: stacks of credits, towers, skill markers."""
    p = state.players[i]
    stacks = {}
    for name in STACKS:
        cards = p.stacks.get(name)
        stacks[name] = {
            "label": STACK_LABEL[name],
            "cards": grouped(cards),
            "credits": sum(credit_value(c, state.rules) for c in cards),
            "types": [credit_type(c) for c in cards],
        }
    return {
        "index": i,
        "name": player_word(i),
        "starting": state.starting_player == i,
        "stacks": stacks,
        "towers": sum(1 for t in state.towers if t.owner == i),
        "skill_markers": state.skill_markers_left(i),
        "skills": [f"{catalog.skill(m.skill).name}, slot {m.slot + 1}" for m in state.skill_markers if m.player == i],
    }


def _condition_view(state: GameState) -> dict[str, Any] | None:
    """The game condition in play, with its progress."""
    if state.condition is None:
        return None
    c = catalog.condition(state.condition.id)
    return {
        "name": c.name,
        "text": c.text,
        "progress": state.condition.progress,
        "needed": c.requirement_units,
        "assumed": c.assumed,
    }
