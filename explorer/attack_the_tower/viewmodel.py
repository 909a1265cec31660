"""Positions as JSON-ready view models for the browser, and as the HTML board both views draw.

The live widget and the static `_repr_html_` use the same `board_html`, so a notebook read on GitHub
shows exactly what JupyterLab shows. Everything shown is read from the rules package.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from rules.attack_the_tower import engine
from rules.attack_the_tower.catalog import ability_card, army, base_card, card
from rules.attack_the_tower.engine import combat
from rules.attack_the_tower.model import GameState
from rules.attack_the_tower.text import PHASE_WORDS, TROOP_MARK
from rules.core.protocol import CHANCE, SIMULTANEOUS, TERMINAL

STAGE_WORDS = {
    "abilities": "2. abilities",
    "initiative": "3. initiative",
    "regular": "4. regular combat",
    "unmanned": "4. unmanned bases",
}


def where_words(key: str) -> str:
    """A board key in a player's words: 'p1/t1/s2/0' is 'player 2, territory 2, slot 3, troop 1'
    (the one way the explorer writes a place; keys stay for clicks and files)."""
    parts = key.split("/")
    try:
        words = [f"player {int(parts[0][1:]) + 1}"]
        if len(parts) > 1 and parts[1] == "palace":
            words.append("palace" if len(parts) == 2 else f"palace troop {int(parts[2]) + 1}")
        else:
            names = ("territory", "slot")
            words += [f"{n} {int(p[1:]) + 1}" for n, p in zip(names, parts[1:3], strict=False)]
            if len(parts) > 3:
                words.append(f"troop {int(parts[3]) + 1}")
    except (ValueError, IndexError):
        return key
    return ", ".join(words)


def draft_summary(request: combat.AllocationRequest, draft: dict[str, int]) -> str:
    """How much of each kind of damage the draft uses, by the rules' caps (artillery hits only structures)."""
    structures = {t.key for t in request.targets if t.is_structure}
    on_structures = sum(v for k, v in draft.items() if k in structures)
    on_troops = sum(draft.values()) - on_structures
    parts = []
    if request.troop_cap:
        parts.append(f"{on_troops} of {request.troop_cap} damage for troops assigned")
    if request.structure_cap:
        parts.append(f"{on_structures} of {request.structure_cap} for bases or the palace assigned")
    held = request.pool.artillery - request.structure_cap
    if request.stage == "regular" and request.pool.artillery and held > 0:
        parts.append(f"{held} artillery damage cannot hit troops (only bases or the palace)")
    return "; ".join(parts)


def _units_by_key(state: GameState) -> dict[str, combat.Unit]:
    attackers, defenders = combat.battle_units(state)
    return {u.key: u for u in attackers + defenders}


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
    units = _units_by_key(state) if state.battle is not None else {}
    who = engine.current_player(state)
    request = engine.allocation_request(state) if who not in (TERMINAL, CHANCE) else None
    if draft_player is not None and state.battle is not None:
        request = engine.allocation_request(state, draft_player)
    players = []
    for index, p in enumerate(state.players):
        territories = []
        for t in range(3):
            slots = []
            for s in range(3):
                b = p.territories[t][s]
                if b is None:
                    slots.append({"key": combat.base_key(index, t, s), "empty": True})
                    continue
                bc = base_card(b.card)
                bkey = combat.base_key(index, t, s)
                troops = []
                for i in range(b.troops):
                    key = combat.troop_key(index, t, s, i)
                    u = units.get(key)
                    raised = b.raised[i] if i < len(b.raised) else 0
                    printed = state.rules.troop_power(bc.troop_type) + raised
                    troops.append(
                        {
                            "key": key,
                            "damage": u.damage if u else 0,
                            "dead": bool(u and u.dead),
                            "power": u.deals if u else printed,
                            "toughness": u.toughness if u else printed,
                            "raised": raised,
                        }
                    )
                bu = units.get(bkey)
                slots.append(
                    {
                        "key": bkey,
                        "empty": False,
                        "card": b.card,
                        "name": bc.name,
                        "troop_name": bc.troop_name,
                        "troop_type": bc.troop_type,
                        "mark": TROOP_MARK[bc.troop_type],
                        "troops": troops,
                        "damage": bu.damage if bu else 0,
                        "dead": bool(bu and bu.dead),
                        "assumed": bc.assumed,
                    }
                )
            territories.append(slots)
        specials = []
        for i, cid in enumerate(p.palace):
            spec = ability_card(cid).special_troop
            assert spec is not None
            key = combat.special_key(index, i)
            u = units.get(key)
            specials.append(
                {
                    "key": key,
                    "name": spec.name,
                    "power": spec.power,
                    "damage": u.damage if u else 0,
                    "dead": bool(u and u.dead),
                }
            )
        pu = units.get(combat.palace_key(index))
        players.append(
            {
                "index": index,
                "army": p.army,
                "name": army(p.army).name,
                "role": "attacking" if index == state.attacker else "defending",
                "palace": {
                    "key": combat.palace_key(index),
                    "power": state.rules.palace_power,
                    "damage": pu.damage if pu else 0,
                    "dead": bool(pu and pu.dead),
                    "specials": specials,
                },
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
        )
    battle = None
    if state.battle is not None:
        fight = state.battle
        pools = []
        if fight.stage != "abilities":
            for side in (state.attacker, state.defender):
                if fight.stage == "unmanned" and side != state.attacker:
                    continue
                pool = combat.current_pool(state, side)
                pools.append({"player": side, "total": pool.total, "artillery": pool.artillery, "detail": pool.detail})
        pending = [p is not None for p in fight.pending]
        shown = {}
        if show_hidden:
            shown = {str(side): dict(p.assignments) for side, p in enumerate(fight.pending) if p is not None}
        battle = {
            "origin": fight.origin,
            "target": fight.target,
            "at_palace": fight.at_palace,
            "stage": fight.stage,
            "stage_words": STAGE_WORDS[fight.stage],
            "pools": pools,
            "pending": pending,
            "shown": shown,
            "attacker": state.attacker,
        }
    req = None
    if request is not None:
        req = {
            "player": request.player,
            "stage": request.stage,
            "targets": [t.key for t in request.targets],
            "remaining": {t.key: t.remaining for t in request.targets},
            "total": request.pool.total,
            "troop_cap": request.troop_cap,
            "structure_cap": request.structure_cap,
            "summary": draft_summary(request, dict(draft or {})),
        }
    return {
        "turn": state.turn,
        "phase": state.phase,
        "phase_words": PHASE_WORDS[state.phase],
        "attacker": state.attacker,
        "to_move": {CHANCE: "chance", SIMULTANEOUS: "both players", TERMINAL: None}.get(who, who),
        "players": players,
        "battle": battle,
        "request": req,
        "draft": dict(draft or {}),
        "selected": selected,
        "winner": state.winner,
        "termination": state.termination,
        "last_events": list(last_events),
        "summary": summary,
    }


# ---- HTML -------------------------------------------------------------------------------------------
def _e(text: object) -> str:
    return html.escape(str(text))


def _shown_marks(view: dict[str, Any]) -> dict[str, str]:
    """The hidden allocations drawn on their targets ("show both allocations"): key -> badges."""
    battle = view["battle"]
    marks: dict[str, str] = {}
    if battle is None:
        return marks
    for side, assignments in sorted(battle["shown"].items()):
        name = view["players"][int(side)]["name"]
        for key, amount in assignments.items():
            badge = f'<span class="shown" title="{_e(name)}: hidden allocation">{_e(name[:1])}+{amount}</span>'
            marks[key] = marks.get(key, "") + badge
    return marks


def _troop_html(
    t: dict[str, Any], draft: dict[str, int], targets: set[str], selected: str | None, shown: dict[str, str]
) -> str:
    classes = ["troop"]
    if t["dead"]:
        classes.append("dead")
    if t["key"] in targets:
        classes.append("target")
    if t["key"] == selected:
        classes.append("selected")
    marks = ""
    if t["damage"]:
        marks += f'<span class="dmg">{t["damage"]}</span>'
    if draft.get(t["key"]):
        lethal = " lethal" if t["damage"] + draft[t["key"]] >= t["toughness"] else ""
        marks += f'<span class="draft{lethal}">+{draft[t["key"]]}</span>'
    marks += shown.get(t["key"], "")
    title = f"{where_words(t['key'])}: power {t['power']}, destroyed by {t['toughness']}"
    style = ""
    if t.get("raised"):
        classes.append("raised")
        style = f' style="{RAISED_STYLE}"'
        marks = f'<span class="raise" style="{RAISE_MARK_STYLE}">+{t["raised"]}</span>' + marks
        title += f" (its own power is raised by {t['raised']})"
    return (
        f'<span class="{" ".join(classes)}"{style} data-key="{t["key"]}" title="{_e(title)}">{t["power"]}{marks}</span>'
    )


RAISED_STYLE = "outline:2px solid #111;font-weight:bold"
"""A troop that carries its own power raise (a Ninja); inline, so boards without one keep their stylesheet."""
RAISE_MARK_STYLE = "font-size:10px;margin-left:2px;padding:0 2px;border-radius:4px;background:#fff;color:#111"


def _slot_html(
    slot: dict[str, Any], draft: dict[str, int], targets: set[str], selected: str | None, shown: dict[str, str]
) -> str:
    if slot["empty"]:
        sel = " selected" if slot["key"] == selected else ""
        return f'<div class="slot empty{sel}" data-key="{slot["key"]}">empty slot</div>'
    classes = ["slot", "base", f"type-{slot['troop_type']}"]
    if slot["dead"]:
        classes.append("dead")
    if slot["key"] in targets:
        classes.append("target")
    if slot["key"] == selected:
        classes.append("selected")
    troops = (
        "".join(_troop_html(t, draft, targets, selected, shown) for t in slot["troops"])
        or '<span class="none">no troops</span>'
    )
    marks = ""
    if slot["damage"]:
        marks += f'<span class="dmg">{slot["damage"]}</span>'
    if draft.get(slot["key"]):
        marks += f'<span class="draft">+{draft[slot["key"]]}</span>'
    marks += shown.get(slot["key"], "")
    assumed = (
        ' <span class="assumed" title="name or count assumed: not in the source documents">*</span>'
        if slot["assumed"]
        else ""
    )
    return (
        f'<div class="{" ".join(classes)}" data-key="{slot["key"]}">'
        f'<div class="base-name">{_e(slot["name"])}{assumed} <span class="mark">{slot["mark"]}</span>{marks}</div>'
        f'<div class="troops">{troops}</div></div>'
    )


def _kingdom_html(view: dict[str, Any], p: dict[str, Any], targets: set[str]) -> str:
    battle = view["battle"]
    draft, selected = view["draft"], view["selected"]
    shown = _shown_marks(view)
    rows = []
    for t, slots in enumerate(p["territories"]):
        classes = ["territory"]
        if battle is not None:
            if p["index"] == view["attacker"] and t == battle["origin"]:
                classes.append("attacking")
            if p["index"] != view["attacker"] and t == battle["target"] and not battle["at_palace"]:
                classes.append("defending")
        cells = "".join(_slot_html(s, draft, targets, selected, shown) for s in slots)
        rows.append(f'<div class="{" ".join(classes)}"><div class="tname">territory {t + 1}</div>{cells}</div>')
    palace = p["palace"]
    pclasses = ["palace"]
    if palace["dead"]:
        pclasses.append("dead")
    if palace["key"] in targets:
        pclasses.append("target")
    if battle is not None and battle["at_palace"] and p["index"] != view["attacker"]:
        pclasses.append("defending")
    specials = "".join(
        f'<span class="special troop{" dead" if s["dead"] else ""}{" target" if s["key"] in targets else ""}" '
        f'data-key="{s["key"]}" title="{_e(s["key"])}">{_e(s["name"])} {s["power"]}'
        + (f'<span class="dmg">{s["damage"]}</span>' if s["damage"] else "")
        + (f'<span class="draft">+{draft[s["key"]]}</span>' if draft.get(s["key"]) else "")
        + shown.get(s["key"], "")
        + "</span>"
        for s in palace["specials"]
    )
    pmarks = (
        (f'<span class="dmg">{palace["damage"]}</span>' if palace["damage"] else "")
        + (f'<span class="draft">+{draft[palace["key"]]}</span>' if draft.get(palace["key"]) else "")
        + shown.get(palace["key"], "")
    )
    hand = ", ".join(_e(h) for h in p["hand"]) or "empty"
    in_play = ", ".join(_e(h) for h in p["in_play"])
    piles = p["piles"]
    info = (
        f'<div class="info">hand ({len(p["hand"])}): {hand}'
        + (f" · in play: {in_play}" if in_play else "")
        + f" · piles: {piles['bases']} bases, {piles['abilities']} abilities"
        + f" · discards: {piles['base_discard']}, {piles['ability_discard']}</div>"
    )
    return (
        f'<div class="kingdom player-{p["index"]} {p["role"]}">'
        f'<div class="kname">Player {p["index"] + 1}: {_e(p["name"])} ({p["role"]})</div>'
        f'<div class="{" ".join(pclasses)}" data-key="{palace["key"]}">palace · power {palace["power"]}{pmarks}'
        f" {specials}</div>{''.join(rows)}{info}</div>"
    )


def board_html(view: dict[str, Any]) -> str:
    """The board as HTML (data-key attributes mark everything a click can select)."""
    targets = set(view["request"]["targets"]) if view["request"] else set()
    battle = view["battle"]
    head = f"Turn {view['turn']} · {_e(view['phase_words'])}"
    if battle is not None:
        where = "the palace" if battle["at_palace"] else f"territory {battle['target'] + 1}"
        head = (
            f"Turn {view['turn']} · battle from territory {battle['origin'] + 1} against {where}"
            f" · step {_e(battle['stage_words'])}"
        )
    if view["termination"]:
        head += f" · {_e(view['termination'].replace('_', ' '))}"
    pools = ""
    if battle is not None and battle["pools"]:
        items = []
        for pool in battle["pools"]:
            name = view["players"][pool["player"]]["name"]
            art = f" ({pool['artillery']} artillery)" if pool["artillery"] else ""
            done = " · allocated" if battle["pending"][pool["player"]] else ""
            items.append(f"<li>{_e(name)}: {pool['total']}{art} — {_e(pool['detail'])}{done}</li>")
        pools = f'<ul class="pools">{"".join(items)}</ul>'
    request = ""
    if view["request"]:
        r = view["request"]
        name = view["players"][r["player"]]["name"]
        request = (
            f'<div class="request">{_e(name)} distributes {r["total"]} {_e(r["stage"])} damage: '
            f"{_e(r['summary'])}. Click a highlighted target to add one.</div>"
        )
    top, bottom = view["players"][1], view["players"][0]
    summary = f'<div class="step-card">{_e(view["summary"])}</div>' if view.get("summary") else ""
    return (
        f'<div class="att-board">{summary}<div class="head">{head}</div>{pools}{request}'
        f'{_kingdom_html(view, top, targets)}<div class="front"></div>{_kingdom_html(view, bottom, targets)}</div>'
    )


BOARD_CSS = (Path(__file__).resolve().parents[1] / "static" / "board.css").read_text(encoding="utf-8")
"""The board's style sheet, shared by the live widget and the static HTML."""


def static_html(view: dict[str, Any], log_lines: list[str] | None = None, note: str = "") -> str:
    """A self-contained HTML page fragment (CSS included) for views without a live kernel."""
    log = ""
    if log_lines:
        items = "".join(f"<li>{_e(line)}</li>" for line in log_lines)
        log = f'<details open><summary>log</summary><ul class="att-log">{items}</ul></details>'
    extra = f'<div class="note">{_e(note)}</div>' if note else ""
    return f"<style>{BOARD_CSS}</style>{board_html(view)}{extra}{log}"
