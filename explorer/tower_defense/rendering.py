"""The Tower Defense board and calculators as HTML: the grid, the waves, the players, the table, and a
self-contained static page (what GitHub, nbviewer and the exported views show)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from explorer.markup import e, log_html, static_text, step_card_html
from explorer.tower_defense.viewmodel import ASSUMED_NOTE, player_word
from rules.tower_defense.analysis import BoostOption, Plan

if TYPE_CHECKING:
    from explorer.tower_defense.explorer import IncomeOdds


# ---- HTML -------------------------------------------------------------------------------------------
def star(assumed: bool) -> str:
    """The asterisk after an assumed number, with the legend as its tooltip."""
    return '<span class="assumed" title="assumed">*</span>' if assumed else ""


def _narrow(long: str, brief: str) -> str:
    """Words written in full, and briefly in a space too narrow for them (the style sheet shows one of the two)."""
    return f'<span class="long">{e(long)}</span><span class="brief">{e(brief)}</span>'


def _tower_cell(t: dict[str, Any]) -> str:
    dep = "●" * t["depletion"]
    if t["reach_kind"] == "range":
        boosted = " boosted" if t["boosts"] else ""
        numbers = (
            f'<span class="dmg{boosted}" title="damage this turn: {e(t["damage_text"])}">'
            f"{_narrow('dmg ', 'd')}{t['damage']}{star(t['damage_assumed'])}</span>"
            f" r{t['reach']}{star(t['reach_assumed'])}"
        )
    else:
        numbers = f"{_narrow('radius ', 'rad ')}{t['reach']}{star(t['reach_assumed'])}"
    title = f"{t['name']}, Level {t['level']}, {player_word(t['owner'])}, {t['depletion']} Depletion" + (
        f", boosted by {', '.join(t['boosts'])}" if t["boosts"] else ""
    )
    return (
        f'<div class="tower type-{t["type"]} owner-{t["owner"]}" title="{e(title)}">'
        f'<div class="tname">{_narrow(t["short"], t["brief"])}</div>'
        f'<div class="tnum">{numbers}</div>'
        f'<div class="towner">P{t["owner"] + 1} <span class="lvl">L{t["level"]}</span> '
        f'<span class="dep" title="Depletion">{dep}</span></div></div>'
    )


def _wave_cell(w: dict[str, Any]) -> str:
    mod = w["modifier"]
    extra = f"+{w['attribute_hit_points']}" if w["attribute_hit_points"] else ""
    mod_text = f'<div class="wmod">{e(mod["name"])}{star(mod["assumed"])} {mod["hit_points"]}hp</div>' if mod else ""
    title = f"Wave {w['number']}: {w['name']}, unit {w['unit']} of {w['units']}" + (
        f"; {', '.join(w['attributes'])}" if w["attributes"] else ""
    )
    return (
        f'<div class="wave{" attacked" if w["attacked"] else ""}" title="{e(title)}">'
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
        inner += f'<span class="lbl">{e(c["label"])}</span>'
    elif c["kind"] == "obstacle":
        inner += '<span class="obs">obstacle</span>'
    if c["tower"] is not None:
        inner += _tower_cell(c["tower"])
    if c["wave"] is not None:
        inner += _wave_cell(c["wave"])
    # a piece's space is named in its tooltip; an empty space's number is on the grid's edges, a track's on it
    title = f' title="space {c["key"]}"' if c["tower"] is not None or c["wave"] is not None else ""
    return f'<div class="{" ".join(classes)}" data-key="{c["key"]}"{title}>{inner}</div>'


def grid_html(view: dict[str, Any]) -> str:
    """The playing field as a CSS grid, with column and row numbers (spaces are written (column, row))."""
    width = view["width"]
    head = '<div class="corner"></div>' + "".join(f'<div class="colno">{x}</div>' for x in range(width))
    rows = []
    for y, row in enumerate(view["cells"]):
        rows.append(f'<div class="rowno">{y}</div>' + "".join(_cell_html(c, view["selected"]) for c in row))
    style = f"grid-template-columns:22px repeat({width}, var(--td-cell));grid-template-rows:16px;--td-rows:{len(rows)}"
    return f'<div class="grid" style="{style}">{head}{"".join(rows)}</div>'


def _waves_table(view: dict[str, Any]) -> str:
    if not view["waves"]:
        return '<div class="box"><b>Waves</b><div class="none">no wave on the field</div></div>'
    rows = []
    for w in view["waves"]:
        where = w["label"] if w["on_field"] else f"{w['label']} (start, off the field)"
        mod = w["modifier"]
        mod_text = f"{e(mod['name'])}{star(mod['assumed'])} ({mod['hit_points']} HP): {e(mod['text'])}" if mod else "—"
        extra = f" +{w['attribute_hit_points']}" if w["attribute_hit_points"] else ""
        rows.append(
            f'<tr data-key="{w["key"]}"><td>W{w["number"]}</td><td>{e(w["name"])}{star(w["assumed"])}</td>'
            f"<td>{e(where)}</td><td>{w['unit']} of {w['units']}</td><td>{w['hit_points']}{extra}</td>"
            f"<td>{w['movement']}</td><td>{e(', '.join(w['attributes']) or '—')}</td><td>{mod_text}</td></tr>"
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
            cards = ", ".join(e(c) for c in s["cards"]) or "—"
            items.append(
                f"<li><i>{e(s['label'])}</i> ({s['credits']} credit{'' if s['credits'] == 1 else 's'}): {cards}</li>"
            )
        marker = ' <span class="start" title="Starting Player Marker">★ starting player</span>' if p["starting"] else ""
        skills = f" · markers on {e('; '.join(p['skills']))}" if p["skills"] else ""
        out.append(
            f'<div class="box player owner-{p["index"]}"><b>{e(p["name"])}</b>{marker}'
            f'<div class="small">{p["towers"]} tower(s) · {p["skill_markers"]} Skill Marker(s) left'
            f"{skills}</div>"
            f"<ul>{''.join(items)}</ul></div>"
        )
    return "".join(out)


def _table_html(view: dict[str, Any]) -> str:
    discard = ", ".join(view["track_discard"]) or "none"
    upcoming = "; ".join(" + ".join(e(n) for n in call) for call in view["upcoming"][:3]) or "none"
    cond = "none"
    if view["condition"]:
        c = view["condition"]
        cond = f"{e(c['name'])}{star(c['assumed'])}: {e(c['text'])} ({c['progress']} of {c['needed']} defeated)"
    d = view["decks"]
    revealed = f"<div>revealed: {e(', '.join(view['revealed']))}</div>" if view["revealed"] else ""
    return (
        '<div class="box"><b>The table</b>'
        f'<div>lives: <span class="lives">{view["lives"]}</span>{star(view["lives_assumed"])} · '
        f"income {view['income']}{star(view['income_assumed'])} per turn</div>"
        f"<div>track discard: {e(discard)} ({len(view['track_discard'])} of "
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
    + " tower owners · ● Depletion · L2: Level 2 · r: Range · on a narrow board, Std, Bst, Chg, Cmb: Standard, "
    "Boost, Charge, Combine, and d: dmg · W2 u1/3: Wave 2, visible unit 1 of 3 · "
    "9+3hp: Hit Points, plus those a tough or armoured unit may be treated as having · mv: Movement</div>"
)


def board_html(view: dict[str, Any], beside_grid: str = "") -> str:
    """The whole board as HTML (data-key attributes mark every space a click can select); `beside_grid`
    (a calculator's result) comes right under the grid, next to the tower or wave it is about."""
    number = view["phase_number"]
    phase = f"Phase {number}: {view['phase_title']}" if number else view["phase_title"]
    if number and view["phase"] != "actions":  # Phases 1 to 5 are carried out by the next step; players act in 6
        phase = f"next: {phase}"
    head = (
        f"Turn {view['turn']} · {e(phase)} · Turn Tracker position {view['tracker']}"
        f" ({'a wave is called this turn' if view['calls_wave'] else 'no wave called this turn'})"
    )
    if view["termination"]:
        head += f" · game over: {e(view['termination'].replace('_', ' '))}"
    pending = f'<div class="pending">{e(view["pending"])}</div>' if view["pending"] else ""
    return (
        f'<div class="td-board">{step_card_html(view["summary"])}<div class="head">{head}</div>{pending}'
        f"{grid_html(view)}{beside_grid}"
        f'<div class="boxes">{_table_html(view)}{_players_html(view)}</div>'
        f'<div class="boxes">{_waves_table(view)}</div>{LEGEND}</div>'
    )


# ---- calculators ------------------------------------------------------------------------------------
def boost_html(title: str, options: Sequence[BoostOption]) -> str:
    """Every damage a tower can reach with the credits on hand, the cheapest way to each."""
    rows = "".join(
        f"<tr><td>{o.damage}</td><td>+{o.bonus}</td><td>{o.credits}</td>"
        f"<td>{e(', '.join(o.cards) or 'no boost')}</td>"
        f"<td>{e(', '.join(f'{v} {k}' for k, v in o.damage_by_type))}</td></tr>"
        for o in options
    )
    return (
        f'<div class="calc"><b>Boost options: {e(title)}</b> (003 6.C)<table><tr><th>damage</th><th>boost</th>'
        f"<th>credits</th><th>cards to discard</th><th>by type</th></tr>{rows}</table></div>"
    )


def plan_html(plan: Plan, note: str = "") -> str:
    """This turn's plan: the most units the table can defeat, the attacks in order, every target."""
    note_html = f'<div class="pending">{e(note)}</div>' if note else ""
    lines = "".join(f"<li>{e(line.strip())}</li>" for line in plan.describe()[1:])
    targets = "".join(
        f"<tr><td>{e(t.wave_name)}</td><td>{t.unit + 1}</td><td>{t.hit_points}</td>"
        f"<td>{e(', '.join(str(a) for a in t.in_range) or 'none')}</td>"
        f"<td>{e(', '.join(str(a) for a in t.alone) or 'none')}</td></tr>"
        for t in plan.targets
    )
    return (
        f'<div class="calc"><b>This turn\'s plan</b>: {plan.defeated} unit(s) defeated, spending '
        f"{plan.credits} credit(s), in {len(plan.actions)} action(s){note_html}<ol>{lines}</ol>"
        "<table><tr><th>visible unit of</th><th>unit</th><th>HP</th><th>towers with Energy in Range</th>"
        f"<th>defeat it unboosted</th></tr>{targets}</table></div>"
    )


def income_html(odds: IncomeOdds, top: int = 8) -> str:
    """The exact odds of the next Phase 5: the likeliest sets of credit types, and per type."""
    at_least_one, expected = odds.at_least_one, odds.expected
    rows = sorted(odds.types.items(), key=lambda kv: (-kv[1], kv[0]))
    shown = "".join(
        f"<tr><td>{e(', '.join(types))}</td><td>{p}</td><td>{float(p):.2%}</td></tr>" for types, p in rows[:top]
    )
    more = f"<div class='small'>… and {len(rows) - top} more sets</div>" if len(rows) > top else ""
    per_type = "".join(
        f"<tr><td>{e(k)}</td><td>{at_least_one[k]}</td><td>{float(at_least_one[k]):.2%}</td>"
        f"<td>{float(expected[k]):.2f}</td></tr>"
        for k in at_least_one
    )
    split = ", ".join(f"P{i + 1} takes {n}" for i, n in enumerate(odds.shares))
    return (
        f'<div class="calc"><b>Income odds</b>: {odds.income} Mark I credits are revealed ({e(split)}; 003 phase 5)'
        "<table><tr><th>credit types revealed</th><th>exact</th><th>≈</th></tr>"
        f"{shown}</table>{more}"
        "<table><tr><th>type</th><th>at least one</th><th>≈</th><th>expected</th></tr>"
        f"{per_type}</table></div>"
    )


def events_html(title: str, sentences: Sequence[str]) -> str:
    items = "".join(f"<li>{e(s)}</li>" for s in sentences) or "<li>nothing happens</li>"
    return f'<div class="calc"><b>{e(title)}</b><ul>{items}</ul></div>'


BOARD_CSS = static_text("td_board.css")
"""The Tower Defense style sheet, shared by the live widget and the static HTML."""


def static_html(view: dict[str, Any], log_lines: Sequence[str] | None = None, extra_html: str = "") -> str:
    """A self-contained HTML fragment (CSS included) for views without a live kernel."""
    log = f'<div class="td-board">{log_html(log_lines, "td-log")}</div>' if log_lines else ""
    return f"<style>{BOARD_CSS}</style>{board_html(view, extra_html)}{log}"
