"""The Attack the Tower board as HTML: both kingdoms, the battle's pools, the request and the draft, drawn from
the view model of `viewmodel.board_view`. The live widget and the static `_repr_html_` use the same
`board_html`, so a notebook read on GitHub shows exactly what JupyterLab shows. Nothing here reads a
position or asks a rule: every fact, mark and word comes in the view."""

from __future__ import annotations

import html
import json
from typing import Any

from explorer.markup import e, log_html, static_text, step_card_html


def _shown_marks(view: dict[str, Any]) -> dict[str, str]:
    """The hidden allocations drawn on their targets ("show both allocations"): key -> badges."""
    battle = view["battle"]
    marks: dict[str, str] = {}
    if battle is None:
        return marks
    for side, assignments in sorted(battle["shown"].items()):
        name = view["players"][int(side)]["name"]
        for key, amount in assignments.items():
            badge = f'<span class="shown" title="{e(name)}: hidden allocation">{e(name[:1])}+{amount}</span>'
            marks[key] = marks.get(key, "") + badge
    return marks


def _draft_mark(key: str, view: dict[str, Any]) -> str:
    """The damage drafted on a target (troop, base, palace or special troop), marked lethal when it destroys it."""
    amount = view["draft"].get(key)
    if not amount:
        return ""
    if key in view["destroyed_by_draft"]:
        return f'<span class="draft lethal">+{amount}</span>'
    return f'<span class="draft">+{amount}</span>'


def _side(view: dict[str, Any], side: int) -> str:
    """The class of a side's colour in this battle: 'by-att' (the attacking player, blue) or 'by-def' (red)."""
    return "by-att" if side == view["attacker"] else "by-def"


def _hit_marks(unit: dict[str, Any], view: dict[str, Any]) -> str:
    """The damage dealt to a unit in the step just taken, in the colour of the side that dealt it."""
    marks = []
    for hit in unit.get("hits", []):
        name = view["players"][hit["side"]]["name"]
        title = f"the {name} dealt {hit['amount']} damage here in this step"
        marks.append(f'<span class="hit {_side(view, hit["side"])}" title="{e(title)}">−{hit["amount"]}</span>')
    return "".join(marks)


def _note_marks(unit: dict[str, Any]) -> str:
    """The cards in play that change a unit's power, each with its change ('Lich −1')."""
    return "".join(
        f'<span class="note" title="{e(n["card"])}: {e(n["change"])}">{e(n["card"])} '
        f"{e(n['change'].removeprefix('power ').replace('-', '−'))}</span>"
        for n in unit.get("notes", [])
    )


def _marks(unit: dict[str, Any], view: dict[str, Any], shown: dict[str, str]) -> str:
    """A unit's marks: the damage it has taken, the damage drafted on it, the damage a shown option deals, the
    damage dealt to it in the step just taken, and the cards that change its power."""
    taken = f'<span class="dmg">{unit["damage"]}</span>' if unit["damage"] else ""
    return taken + _draft_mark(unit["key"], view) + shown.get(unit["key"], "") + _hit_marks(unit, view)


def _state_classes(
    unit: dict[str, Any], targets: set[str], selected: str | None = None, view: dict[str, Any] | None = None
) -> list[str]:
    """The classes of a unit's state: destroyed, a target of the damage now, the unit selected, a unit that
    dealt damage in the step just taken (in its side's colour)."""
    classes = ["dead"] if unit["dead"] else []
    if unit["key"] in targets:
        classes.append("target")
    if selected is not None and unit["key"] == selected:
        classes.append("selected")
    if view is not None and unit.get("dealing") is not None:
        classes += ["dealing", _side(view, unit["dealing"])]
    return classes


def _troop_html(t: dict[str, Any], view: dict[str, Any], targets: set[str], shown: dict[str, str]) -> str:
    classes = ["troop", *_state_classes(t, targets, view["selected"], view)]
    marks = _marks(t, view, shown)
    title = f"{t['where']}: power {t['power']}, destroyed by {t['toughness']}"
    style = ""
    if t.get("raised"):
        classes.append("raised")
        style = f' style="{RAISED_STYLE}"'
        marks = f'<span class="raise" style="{RAISE_MARK_STYLE}">+{t["raised"]}</span>' + marks
        became = f"a {t['raised_name']}: " if t.get("raised_name") else ""
        title += f" ({became}its own power is raised by {t['raised']})"
    if t["dead"]:
        title += " - destroyed"
    return (
        f'<span class="{" ".join(classes)}"{style} data-key="{t["key"]}" title="{e(title)}">{t["power"]}{marks}</span>'
        + _note_marks(t)
    )


RAISED_STYLE = "outline:2px solid #111;font-weight:bold"
"""A troop that carries its own power raise (a Ninja); inline, so boards without one keep their stylesheet."""
RAISE_MARK_STYLE = "font-size:10px;margin-left:2px;padding:0 2px;border-radius:4px;background:#fff;color:#111"


def _slot_html(slot: dict[str, Any], view: dict[str, Any], targets: set[str], shown: dict[str, str]) -> str:
    selected = view["selected"]
    if slot["empty"]:
        sel = " selected" if slot["key"] == selected else ""
        return f'<div class="slot empty{sel}" data-key="{slot["key"]}">empty slot</div>'
    classes = ["slot", "base", f"type-{slot['troop_type']}", *_state_classes(slot, targets, selected, view)]
    troops = (
        "".join(_troop_html(t, view, targets, shown) for t in slot["troops"]) or '<span class="none">no troops</span>'
    )
    marks = _marks(slot, view, shown)
    assumed = (
        ' <span class="assumed" title="name or count assumed: not in the source documents">*</span>'
        if slot["assumed"]
        else ""
    )
    return (
        f'<div class="{" ".join(classes)}" data-key="{slot["key"]}">'
        f'<div class="base-name">{e(slot["name"])}{assumed} <span class="mark">{slot["mark"]}</span>{marks}</div>'
        f'<div class="troops">{troops}</div></div>'
    )


def _kingdom_html(view: dict[str, Any], p: dict[str, Any], targets: set[str]) -> str:
    battle = view["battle"]
    shown = _shown_marks(view)
    rows = []
    for t, slots in enumerate(p["territories"]):
        classes = ["territory"]
        if battle is not None:
            if p["index"] == view["attacker"] and t == battle["origin"]:
                classes.append("attacking")
            if p["index"] != view["attacker"] and t == battle["target"] and not battle["at_palace"]:
                classes.append("defending")
        cells = "".join(_slot_html(s, view, targets, shown) for s in slots)
        rows.append(f'<div class="{" ".join(classes)}"><div class="tname">territory {t + 1}</div>{cells}</div>')
    palace = p["palace"]
    pclasses = ["palace", *_state_classes(palace, targets, None, view)]
    if battle is not None and battle["at_palace"] and p["index"] != view["attacker"]:
        pclasses.append("defending")
    specials = "".join(
        f'<span class="{" ".join(["special", "troop", *_state_classes(s, targets, None, view)])}" '
        f'data-key="{s["key"]}" title="{e(s["key"])}">{e(s["name"])} {s["power"]}{_marks(s, view, shown)}</span>'
        + _note_marks(s)
        for s in palace["specials"]
    )
    pmarks = _marks(palace, view, shown)
    standing = "palace destroyed" if palace["dead"] else f"palace · power {palace['power']}"
    selected = view["selected"]
    hand = (
        ", ".join(
            f'<span class="hand-card{" selected" if h["key"] == selected else ""}" data-key="{e(h["key"])}" '
            f'title="choose this card, then where it goes">{e(h["name"])}</span>'
            for h in p["hand"]
        )
        or "empty"
    )
    in_play = ", ".join(e(h) for h in p["in_play"])
    piles = p["piles"]
    info = (
        f'<div class="info">hand ({len(p["hand"])}): {hand}'
        + (f" · in play: {in_play}" if in_play else "")
        + f" · piles: {piles['bases']} bases, {piles['abilities']} abilities"
        + f" · discards: {piles['base_discard']}, {piles['ability_discard']}</div>"
    )
    return (
        f'<div class="kingdom player-{p["index"]} {p["role"]}">'
        f'<div class="kname">Player {p["index"] + 1}: {e(p["name"])} ({p["role"]})</div>'
        f'<div class="{" ".join(pclasses)}" data-key="{palace["key"]}">{standing}{pmarks}'
        f" {specials}</div>{''.join(rows)}{info}</div>"
    )


def board_html(view: dict[str, Any]) -> str:
    """The board as HTML (data-key attributes mark everything a click can select)."""
    victims = view.get("victims")
    targets = set(view["request"]["targets"]) if view["request"] else set()
    targets |= set(victims["targets"]) if victims else set()
    top, bottom = view["players"][1], view["players"][0]
    editing = (
        '<div class="editing-banner">edit mode: click a slot to choose its base and troops '
        "(the position editor below)</div>"
        if view.get("editing")
        else ""
    )
    classes = "att-board editing" if view.get("editing") else "att-board"
    flows = html.escape(json.dumps(view.get("flows", [])), quote=True)  # (attributes in the order nbconvert writes)
    return (
        f'<div class="{classes}" data-attacker="{view["attacker"]}" data-flows="{flows}">'
        f"{step_card_html(view['summary'])}{editing}"
        f'<div class="head">{_head(view)}</div>{_pools_html(view)}{_request_html(view)}'
        f'{_kingdom_html(view, top, targets)}<div class="front"></div>'
        f"{_kingdom_html(view, bottom, targets)}</div>"
    )


def _head(view: dict[str, Any]) -> str:
    """The board's head line: the turn and phase, or the battle and its step; how the game ended."""
    battle = view["battle"]
    head = f"Turn {view['turn']} · {e(view['phase_words'])}"
    if battle is not None:
        where = "the palace" if battle["at_palace"] else f"territory {battle['target'] + 1}"
        now = f"step {e(battle['stage_words'])}"
        if battle["over"]:
            now = "the battle is over: the destroyed leave the board, the survivors heal"
        if battle.get("to_palace"):  # 004: a territory left empty, the survivors attack the palace at once
            now = "the territory is emptied: the destroyed leave the board, the survivors attack the palace"
        head = f"Turn {view['turn']} · battle from territory {battle['origin'] + 1} against {where} · {now}"
    if view["termination"]:
        head += f" · {e(view['termination'].replace('_', ' '))}"
    return head


def _pools_html(view: dict[str, Any]) -> str:
    """Each side's damage this step, and whether it has allocated it."""
    battle = view["battle"]
    if battle is None or not battle["pools"]:
        return ""
    items = []
    for pool in battle["pools"]:
        name = view["players"][pool["player"]]["name"]
        art = f" ({pool['artillery']} artillery)" if pool["artillery"] else ""
        done = " · allocated" if battle["pending"][pool["player"]] else ""
        items.append(f"<li>{e(name)}: {pool['total']}{art} — {e(pool['detail'])}{done}</li>")
    return f'<ul class="pools">{"".join(items)}</ul>'


def _request_html(view: dict[str, Any]) -> str:
    """What the side to act is asked: the damage to distribute, or the Vrykolaka's victims to choose."""
    victims = view.get("victims")
    if victims:
        name = view["players"][victims["player"]]["name"]
        click = " Click a highlighted troop to destroy it." if view.get("live", True) else ""
        return (
            f'<div class="request">The {e(name)} choose {victims["owed"]} enemy troop(s) for their Vrykolaka(s) '
            f"to destroy: any enemy troop on the board.{click}</div>"
        )
    if view["request"]:
        r = view["request"]
        name = view["players"][r["player"]]["name"]
        click = " Click a highlighted target to add one." if view.get("live", True) else ""
        return (
            f'<div class="request">The {e(name)} distribute {r["total"]} {e(r["stage"])} damage: '
            f"{e(r['summary'])}.{click}</div>"
        )
    return ""


BOARD_CSS = static_text("board.css")
"""The board's style sheet, shared by the live widget and the static HTML."""


def static_html(view: dict[str, Any], log_lines: list[str] | None = None, note: str = "") -> str:
    """A self-contained HTML page fragment (CSS included) for views without a live kernel."""
    log = log_html(log_lines, "att-log") if log_lines else ""
    extra = f'<div class="note">{e(note)}</div>' if note else ""
    return f"<style>{BOARD_CSS}</style>{board_html(view)}{extra}{log}"
