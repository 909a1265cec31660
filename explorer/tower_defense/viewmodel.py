"""Tower Defense positions as JSON-ready view models, and the one HTML renderer both views draw.

`board_view` reads everything it shows from the rules package (Hit Points with modifiers, movement
rates, tower damage with boosts, what is assumed); `board_html` turns that dict into the grid, the
waves, the players' stacks and the legend. The live widget and the static `_repr_html_` both call
`board_html`, so a notebook read on GitHub shows exactly what JupyterLab shows. The calculators'
results (boost options, the turn plan, income odds, a movement preview) are drawn here too.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from rules.core.distribution import Distribution
from rules.core.protocol import CHANCE, SIMULTANEOUS, TERMINAL
from rules.tower_defense import catalog, engine
from rules.tower_defense.analysis import BoostOption, Plan
from rules.tower_defense.catalog import card_name, credit_type, credit_value, is_tower_card
from rules.tower_defense.engine import combat, movement
from rules.tower_defense.engine.phases import PHASE_TITLE, calls_wave, tracker_position
from rules.tower_defense.model import (
    PHASE_NUMBER,
    STACK_LABEL,
    STACKS,
    Coord,
    FieldWave,
    GameState,
    Tower,
    distance,
)

ASSUMED_NOTE = "assumed: not in the rulebook"
"""The legend of the asterisk that marks every number the data files mark `assumed: true`."""
ROMAN = {1: "I", 2: "II", 3: "III"}
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


def card_short(card: str) -> str:
    """A card of a stack in a few words: 'Standard I' (a Mark I Standard card, tower or credit side),
    or 'Fog (2 Universal)' for a completed game condition."""
    if is_tower_card(card):
        spec = catalog.tower(card)
        return f"{spec.type.capitalize()} {ROMAN[spec.mark]}"
    return card_name(card).removeprefix("the completed ").replace(" condition", " condition (Universal)")


def grouped(cards: Sequence[str]) -> list[str]:
    """Cards in a few words, equal ones counted: ['Standard I ×2', 'Boost I']."""
    counts: dict[str, int] = {}
    for c in cards:
        counts[card_short(c)] = counts.get(card_short(c), 0) + 1
    return [f"{name} ×{n}" if n > 1 else name for name, n in counts.items()]


# ---- the view model ---------------------------------------------------------------------------------
def tower_view(state: GameState, tower: Tower) -> dict[str, Any]:
    """One tower: card, owner, level, Depletion, reach and damage this turn, and what is assumed."""
    spec = catalog.tower(tower.card)
    reach_fig = spec.reach_by_level[tower.level - 1]
    damage = combat.tower_damage(state.rules, tower) if spec.reach == "range" else {}
    dmg_fig = spec.damage_by_level[tower.level - 1] if spec.damage_by_level is not None else None
    return {
        "key": cell_key(tower.at),
        "at": list(tower.at),
        "card": tower.card,
        "name": spec.name,
        "type": spec.type,
        "mark": spec.mark,
        "short": f"{spec.type.capitalize()} {ROMAN[spec.mark]}",
        "owner": tower.owner,
        "level": tower.level,
        "depletion": tower.depletion,
        "reach_kind": spec.reach,
        "reach": reach_fig.value,
        "reach_assumed": reach_fig.assumed,
        "base_damage": dmg_fig.value if dmg_fig is not None else None,
        "damage_assumed": bool(dmg_fig and dmg_fig.assumed),
        "damage": combat.total(damage) if damage else None,
        "damage_text": combat.describe(damage) if damage else "",
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
    unit = combat.visible_unit(wave)
    where = state.wave_location(wave)
    modifier = None
    if wave.modifier is not None:
        m = catalog.modifier(wave.modifier)
        modifier = {
            "id": m.id,
            "name": m.name,
            "level": m.level,
            "text": m.text,
            "hit_points": combat.modifier_hit_points(state, wave),
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
        "hit_points": combat.unit_hit_points(state, wave),
        "attribute_hit_points": combat.attribute_hit_points(state.rules, unit, False),
        "movement": movement.movement_rate(state, wave),
        "attributes": attributes,
        "modifier": modifier,
        "attacked": wave.attacked,
        "assumed": spec.assumed,
    }


def _pending(state: GameState) -> str:
    """What must happen before anyone acts freely: a reveal, credits to take, track to place."""
    if state.phase == "game_over":
        return ""
    if state.starting_player is None:
        return "chance gives one player the Starting Player Marker"
    if state.conditions_to_reveal:
        return f"{state.conditions_to_reveal} Game Condition(s) to reveal"
    if state.awaiting_modifier:
        names = ", ".join(catalog.wave(w).name for w in state.awaiting_modifier)
        return f"a Wave Modifier to reveal for {names}"
    if state.reveal_left:
        return f"{state.reveal_left} Mark I credit(s) still to reveal"
    if state.revealed:
        who = engine.acting_players(state)[0]
        cards = ", ".join(catalog.tower(c).name for c in state.revealed)
        return f"revealed credits waiting: {cards}; {player_word(who)} takes one onto a stack"
    if state.restore_left and state.restorer is not None:
        return f"{player_word(state.restorer)} places {state.restore_left} restored track piece(s)"
    return ""


def _to_move_word(who: int) -> str | int | None:
    """Who decides, for the board: a player index, 'chance', 'every player' (Phase 6) or None at the end."""
    return {CHANCE: "chance", SIMULTANEOUS: "every player", TERMINAL: None}.get(who, who)


def board_view(
    state: GameState,
    *,
    selected: str | None = None,
    last_events: Sequence[str] = (),
) -> dict[str, Any]:
    """The position as a JSON-ready dict: the field space by space, waves, towers, players, the table."""
    towers = {t.at: tower_view(state, t) for t in state.towers}
    waves = [wave_view(state, w) for w in state.waves]
    on_cell = {w["key"]: w for w in waves if w["on_field"]}
    pieces = {p.at: p for p in state.board.track}
    obstacles = set(state.board.obstacles)
    sel = parse_key(selected) if selected else None
    sel_tower = towers.get(sel) if sel is not None else None
    cells = []
    for y in range(state.board.height):
        row = []
        for x in range(state.board.width):
            at = (x, y)
            key = cell_key(at)
            piece = pieces.get(at)
            kind = "track" if piece is not None else "obstacle" if at in obstacles else "empty"
            in_reach = (
                sel is not None and sel_tower is not None and at != sel and distance(at, sel) <= sel_tower["reach"]
            )
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
                    "wave": on_cell.get(key),
                    "in_reach": in_reach,
                }
            )
        cells.append(row)
    who = engine.current_player(state)
    mode = catalog.mode(state.mode)
    players = []
    for i, p in enumerate(state.players):
        stacks = {}
        for name in STACKS:
            cards = p.stacks.get(name)
            stacks[name] = {
                "label": STACK_LABEL[name],
                "cards": grouped(cards),
                "credits": sum(credit_value(c, state.rules) for c in cards),
                "types": [credit_type(c) for c in cards],
            }
        players.append(
            {
                "index": i,
                "name": player_word(i),
                "starting": state.starting_player == i,
                "stacks": stacks,
                "towers": sum(1 for t in state.towers if t.owner == i),
                "skill_markers": state.skill_markers_left(i),
                "skills": [
                    f"{catalog.skill(m.skill).name}, slot {m.slot + 1}" for m in state.skill_markers if m.player == i
                ],
            }
        )
    condition = None
    if state.condition is not None:
        c = catalog.condition(state.condition.id)
        condition = {
            "name": c.name,
            "text": c.text,
            "progress": state.condition.progress,
            "needed": c.requirement_units,
            "assumed": c.assumed,
        }
    off_field = [w for w in waves if not w["on_field"]]
    return {
        "turn": state.turn,
        "phase": state.phase,
        "phase_number": PHASE_NUMBER.get(state.phase),
        "phase_title": PHASE_TITLE.get(state.phase, state.phase.replace("_", " ")),
        "tracker": tracker_position(state.rules, state.turn),
        "calls_wave": calls_wave(state.rules, state.turn),
        "to_move": _to_move_word(who),
        "pending": _pending(state),
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
    }


# ---- HTML -------------------------------------------------------------------------------------------
def _e(text: object) -> str:
    return html.escape(str(text))


def star(assumed: bool) -> str:
    """The asterisk after an assumed number, with the legend as its tooltip."""
    return '<span class="assumed" title="assumed">*</span>' if assumed else ""


def _tower_cell(t: dict[str, Any]) -> str:
    dep = "●" * t["depletion"]
    if t["reach_kind"] == "range":
        boosted = " boosted" if t["boosts"] else ""
        numbers = (
            f'<span class="dmg{boosted}" title="damage this turn: {_e(t["damage_text"])}">'
            f"dmg {t['damage']}{star(t['damage_assumed'])}</span> r{t['reach']}{star(t['reach_assumed'])}"
        )
    else:
        numbers = f"radius {t['reach']}{star(t['reach_assumed'])}"
    title = f"{t['name']}, Level {t['level']}, {player_word(t['owner'])}, {t['depletion']} Depletion" + (
        f", boosted by {', '.join(t['boosts'])}" if t["boosts"] else ""
    )
    return (
        f'<div class="tower type-{t["type"]} owner-{t["owner"]}" title="{_e(title)}">'
        f'<div class="tname">{_e(t["short"])}</div>'
        f'<div class="tnum">{numbers}</div>'
        f'<div class="towner">P{t["owner"] + 1} <span class="lvl">L{t["level"]}</span> '
        f'<span class="dep" title="Depletion">{dep}</span></div></div>'
    )


def _wave_cell(w: dict[str, Any]) -> str:
    mod = w["modifier"]
    extra = f"+{w['attribute_hit_points']}" if w["attribute_hit_points"] else ""
    mod_text = f'<div class="wmod">{_e(mod["name"])}{star(mod["assumed"])} {mod["hit_points"]}hp</div>' if mod else ""
    title = f"Wave {w['number']}: {w['name']}, unit {w['unit']} of {w['units']}" + (
        f"; {', '.join(w['attributes'])}" if w["attributes"] else ""
    )
    return (
        f'<div class="wave{" attacked" if w["attacked"] else ""}" title="{_e(title)}">'
        f'<div class="wname">W{w["number"]} u{w["unit"]}/{w["units"]}</div>'
        f'<div class="whp">{w["hit_points"]}{extra}hp{star(w["assumed"])} mv{w["movement"]}</div>{mod_text}</div>'
    )


def _cell_html(c: dict[str, Any], selected: str | None) -> str:
    classes = ["cell", c["kind"]]
    if c["track"]:
        classes.append(f"track-{c['track']}")
    if c["key"] == selected:
        classes.append("selected")
    if c["in_reach"]:
        classes.append("in-reach")
    inner = ""
    if c["kind"] == "track":
        inner += f'<span class="lbl">{_e(c["label"])}</span>'
    elif c["kind"] == "obstacle":
        inner += '<span class="obs">obstacle</span>'
    if c["tower"] is not None:
        inner += _tower_cell(c["tower"])
    if c["wave"] is not None:
        inner += _wave_cell(c["wave"])
    title = f' title="space {c["key"]}"' if inner else ""  # (an empty space's number is on the grid's edges)
    return f'<div class="{" ".join(classes)}" data-key="{c["key"]}"{title}>{inner}</div>'


def grid_html(view: dict[str, Any]) -> str:
    """The playing field as a CSS grid, with column and row numbers (spaces are written (column, row))."""
    width = view["width"]
    head = '<div class="corner"></div>' + "".join(f'<div class="colno">{x}</div>' for x in range(width))
    rows = []
    for y, row in enumerate(view["cells"]):
        rows.append(f'<div class="rowno">{y}</div>' + "".join(_cell_html(c, view["selected"]) for c in row))
    style = f"grid-template-columns:22px repeat({width}, var(--td-cell));grid-template-rows:16px"
    return f'<div class="grid" style="{style}">{head}{"".join(rows)}</div>'


def _waves_table(view: dict[str, Any]) -> str:
    if not view["waves"]:
        return '<div class="box"><b>Waves</b><div class="none">no wave on the field</div></div>'
    rows = []
    for w in view["waves"]:
        where = w["label"] if w["on_field"] else f"{w['label']} (start, off the field)"
        mod = w["modifier"]
        mod_text = (
            f"{_e(mod['name'])}{star(mod['assumed'])} ({mod['hit_points']} HP): {_e(mod['text'])}" if mod else "—"
        )
        extra = f" +{w['attribute_hit_points']}" if w["attribute_hit_points"] else ""
        rows.append(
            f'<tr data-key="{w["key"]}"><td>W{w["number"]}</td><td>{_e(w["name"])}{star(w["assumed"])}</td>'
            f"<td>{_e(where)}</td><td>{w['unit']} of {w['units']}</td><td>{w['hit_points']}{extra}</td>"
            f"<td>{w['movement']}</td><td>{_e(', '.join(w['attributes']) or '—')}</td><td>{mod_text}</td></tr>"
        )
    return (
        '<div class="box wide"><b>Waves</b><table class="waves"><tr><th>#</th><th>wave</th><th>on</th>'
        "<th>visible unit</th><th>HP</th><th>moves</th><th>attributes</th><th>Wave Modifier</th></tr>"
        f"{''.join(rows)}</table></div>"
    )


def _players_html(view: dict[str, Any]) -> str:
    out = []
    for p in view["players"]:
        items = []
        for s in p["stacks"].values():
            cards = ", ".join(_e(c) for c in s["cards"]) or "—"
            items.append(
                f"<li><i>{_e(s['label'])}</i> ({s['credits']} credit{'' if s['credits'] == 1 else 's'}): {cards}</li>"
            )
        marker = ' <span class="start" title="Starting Player Marker">★ starting player</span>' if p["starting"] else ""
        skills = f" · markers on {_e('; '.join(p['skills']))}" if p["skills"] else ""
        out.append(
            f'<div class="box player owner-{p["index"]}"><b>{_e(p["name"])}</b>{marker}'
            f'<div class="small">{p["towers"]} tower(s) · {p["skill_markers"]} Skill Marker(s) left'
            f"{skills}</div>"
            f"<ul>{''.join(items)}</ul></div>"
        )
    return "".join(out)


def _table_html(view: dict[str, Any]) -> str:
    discard = ", ".join(view["track_discard"]) or "none"
    upcoming = "; ".join(" + ".join(_e(n) for n in call) for call in view["upcoming"][:3]) or "none"
    cond = "none"
    if view["condition"]:
        c = view["condition"]
        cond = f"{_e(c['name'])}{star(c['assumed'])}: {_e(c['text'])} ({c['progress']} of {c['needed']} defeated)"
    d = view["decks"]
    revealed = f"<div>revealed: {_e(', '.join(view['revealed']))}</div>" if view["revealed"] else ""
    return (
        '<div class="box"><b>The table</b>'
        f'<div>lives: <span class="lives">{view["lives"]}</span>{star(view["lives_assumed"])} · '
        f"income {view['income']}{star(view['income_assumed'])} per turn</div>"
        f"<div>track discard: {_e(discard)} ({len(view['track_discard'])} of "
        f"{view['track_loss_limit']}{star(view['track_loss_assumed'])} may be lost)</div>"
        f"<div>next waves: {upcoming} · {view['waves_called']} called</div>"
        f"<div>game condition: {cond}</div>{revealed}"
        f'<div class="small">Mark I deck {d["mark1"]}, discard {d["mark1_discard"]} · Mark II {d["mark2"]} · '
        f"Mark III {d['mark3']} · modifiers {d['modifiers']} · conditions {d['conditions']}</div></div>"
    )


LEGEND = (
    '<div class="legend"><span class="assumed">*</span> ' + ASSUMED_NOTE + " (the data files mark it "
    "<code>assumed: true</code>) · "
    '<span class="sw track-A">A7</span> track A (odd ranks) · <span class="sw track-B">B7</span> track B '
    "(even ranks) · "
    + " ".join(f'<span class="sw owner-{i}">P{i + 1}</span>' for i in range(4))
    + " tower owners · ● Depletion · L2: Level 2 · r: Range · W2 u1/3: Wave 2, visible unit 1 of 3 · "
    "9+3hp: Hit Points, plus those a tough or armoured unit may be treated as having · mv: Movement</div>"
)


def board_html(view: dict[str, Any], beside_grid: str = "") -> str:
    """The whole board as HTML (data-key attributes mark every space a click can select); `beside_grid`
    (a calculator's result) comes right under the grid, next to the tower or wave it is about."""
    number = view["phase_number"]
    phase = f"Phase {number}: {view['phase_title']}" if number else view["phase_title"]
    head = (
        f"Turn {view['turn']} · {_e(phase)} · Turn Tracker position {view['tracker']}"
        f" ({'a wave is called this turn' if view['calls_wave'] else 'no wave called this turn'})"
    )
    if view["termination"]:
        head += f" · game over: {_e(view['termination'].replace('_', ' '))}"
    pending = f'<div class="pending">{_e(view["pending"])}</div>' if view["pending"] else ""
    return (
        f'<div class="td-board"><div class="head">{head}</div>{pending}{grid_html(view)}{beside_grid}'
        f'<div class="boxes">{_table_html(view)}{_players_html(view)}</div>'
        f'<div class="boxes">{_waves_table(view)}</div>{LEGEND}</div>'
    )


# ---- calculators ------------------------------------------------------------------------------------
def boost_html(title: str, options: Sequence[BoostOption]) -> str:
    """Every damage a tower can reach with the credits on hand, the cheapest way to each."""
    rows = "".join(
        f"<tr><td>{o.damage}</td><td>+{o.bonus}</td><td>{o.credits}</td>"
        f"<td>{_e(', '.join(o.cards) or 'no boost')}</td>"
        f"<td>{_e(', '.join(f'{v} {k}' for k, v in o.damage_by_type))}</td></tr>"
        for o in options
    )
    return (
        f'<div class="calc"><b>Boost options: {_e(title)}</b> (003 6.C)<table><tr><th>damage</th><th>boost</th>'
        f"<th>credits</th><th>cards to discard</th><th>by type</th></tr>{rows}</table></div>"
    )


def plan_html(plan: Plan, note: str = "") -> str:
    """This turn's plan: the most units the table can defeat, the attacks in order, every target."""
    note_html = f'<div class="pending">{_e(note)}</div>' if note else ""
    lines = "".join(f"<li>{_e(line.strip())}</li>" for line in plan.describe()[1:])
    targets = "".join(
        f"<tr><td>{_e(t.wave_name)}</td><td>{t.unit + 1}</td><td>{t.hit_points}</td>"
        f"<td>{_e(', '.join(str(a) for a in t.in_range) or 'none')}</td>"
        f"<td>{_e(', '.join(str(a) for a in t.alone) or 'none')}</td></tr>"
        for t in plan.targets
    )
    return (
        f'<div class="calc"><b>This turn\'s plan</b>: {plan.defeated} unit(s) defeated, spending '
        f"{plan.credits} credit(s), in {len(plan.actions)} action(s){note_html}<ol>{lines}</ol>"
        "<table><tr><th>visible unit of</th><th>unit</th><th>HP</th><th>towers with Energy in Range</th>"
        f"<th>defeat it unboosted</th></tr>{targets}</table></div>"
    )


def income_html(
    income: int,
    outcomes: Distribution[tuple[str, ...]],
    shares: Sequence[int],
    at_least_one: dict[str, Fraction],
    expected: dict[str, Fraction],
    top: int = 8,
) -> str:
    """The exact odds of the next Phase 5: the likeliest sets of credit types, and per type."""
    rows = sorted(outcomes.items(), key=lambda kv: (-kv[1], kv[0]))
    shown = "".join(
        f"<tr><td>{_e(', '.join(types))}</td><td>{p}</td><td>{float(p):.2%}</td></tr>" for types, p in rows[:top]
    )
    more = f"<div class='small'>… and {len(rows) - top} more sets</div>" if len(rows) > top else ""
    per_type = "".join(
        f"<tr><td>{_e(k)}</td><td>{at_least_one[k]}</td><td>{float(at_least_one[k]):.2%}</td>"
        f"<td>{float(expected[k]):.2f}</td></tr>"
        for k in at_least_one
    )
    split = ", ".join(f"P{i + 1} takes {n}" for i, n in enumerate(shares))
    return (
        f'<div class="calc"><b>Income odds</b>: {income} Mark I credits are revealed ({_e(split)}; 003 phase 5)'
        "<table><tr><th>credit types revealed</th><th>exact</th><th>≈</th></tr>"
        f"{shown}</table>{more}"
        "<table><tr><th>type</th><th>at least one</th><th>≈</th><th>expected</th></tr>"
        f"{per_type}</table></div>"
    )


def events_html(title: str, sentences: Sequence[str]) -> str:
    items = "".join(f"<li>{_e(s)}</li>" for s in sentences) or "<li>nothing happens</li>"
    return f'<div class="calc"><b>{_e(title)}</b><ul>{items}</ul></div>'


BOARD_CSS = (Path(__file__).resolve().parents[1] / "static" / "td_board.css").read_text(encoding="utf-8")
"""The Tower Defense style sheet, shared by the live widget and the static HTML."""


def static_html(view: dict[str, Any], log_lines: Sequence[str] | None = None, extra_html: str = "") -> str:
    """A self-contained HTML fragment (CSS included) for views without a live kernel."""
    log = ""
    if log_lines:
        items = "".join(f"<li>{_e(line)}</li>" for line in log_lines)
        log = (
            f'<div class="td-board"><details open><summary>log</summary><ul class="td-log">{items}</ul></details></div>'
        )
    return f"<style>{BOARD_CSS}</style>{board_html(view, extra_html)}{log}"
