"""The Tower's card table as data and as HTML: one renderer for the live board widget and the static
view (GitHub, nbval, any notebook reader).

Clickable elements carry `data-key`: 'hand:<card>' for a card in hand, 'room:<slot>' (0-based) for a
room of the floor and 'pile:attack' / 'pile:potion' for the two decks one can draw from.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from explorer.markup import e, log_html, static_text, step_card_html
from rules.the_tower import cards
from rules.the_tower.analysis import Choice, Plan, RoomOdds
from rules.the_tower.model import FACE_DOWN, GameState, playable_cards

if TYPE_CHECKING:
    from explorer.the_tower.explorer import Advice

BOARD_CSS = static_text("tower_board.css")
SUIT_SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def card_view(card: str) -> dict[str, Any]:
    """One card as data: id, rank, suit symbol, colour, kind and name."""
    return {
        "card": card,
        "rank": cards.rank(card),
        "suit": SUIT_SYMBOL[cards.suit(card)],
        "red": cards.is_red(card),
        "kind": cards.kind(card),
        "name": cards.name(card),
    }


def _room_view(state: GameState, i: int, slot: str | None) -> dict[str, Any]:
    room: dict[str, Any] = {"index": i, "key": f"room:{i}", "fought": state.fight is not None and state.fight.room == i}
    if slot is None:
        room["status"] = "cleared"
    elif slot == FACE_DOWN:
        room["status"] = "face down"
        room["revealing"] = state.revealing == i
    else:
        monster = state.rules.monster(cards.rank(slot))
        room.update(card_view(slot))
        room["status"] = "face up"
        room["monster_hp"] = monster.hp
        room["strike"] = state.rules.monster_damage(cards.rank(slot), state.floor_number)
        if room["fought"] and state.fight is not None:
            room["hp_left"] = state.fight.monster_hp
    return room


def board_view(
    state: GameState,
    *,
    selected: str | None = None,
    last_events: Sequence[str] = (),
    status: str = "",
    summary: str = "",
) -> dict[str, Any]:
    """The table as JSON-ready data: piles with counts, the hand, the floor's rooms, HP, points, the fight; with
    `summary`, the step card of the step that led there."""
    playable = set(playable_cards(state))
    hand = [{**card_view(c), "key": f"hand:{c}", "playable": c in playable} for c in state.hand]
    fight = None
    if state.fight is not None and state.monster_card not in (None, FACE_DOWN):
        room = state.monster_card or ""
        fight = {
            "room": state.fight.room,
            "card": room,
            "name": cards.name(room),
            "hp_left": state.fight.monster_hp,
            "monster_hp": state.rules.monster(cards.rank(room)).hp,
            "strike": state.rules.monster_damage(cards.rank(room), state.floor_number),
        }
    return {
        "floor_number": state.floor_number,
        "hp": state.hp,
        "action_points": state.action_points,
        "phase": state.phase,
        "status": status,
        "termination": state.termination,
        "piles": {
            "potion_waste": len(state.potion_waste),
            "potion_deck": len(state.potion_deck),
            "attack_waste": len(state.attack_waste),
            "attack_deck": len(state.attack_deck),
            "room_waste": len(state.room_waste),
            "room_deck": state.room_deck_size,
        },
        "drawing": state.drawing,
        "hand": hand,
        "rooms": [_room_view(state, i, s) for i, s in enumerate(state.floor)],
        "fight": fight,
        "selected": selected,
        "last_events": list(last_events),
        "summary": summary,
    }


def _card_html(c: dict[str, Any], key: str | None, extra: str = "") -> str:
    colour = "red" if c["red"] else "black"
    data = f' data-key="{e(key)}"' if key else ""
    return (
        f'<div class="card {colour} {c["kind"]}{extra}"{data} title="{e(c["name"])}">'
        f'<span class="rank">{e(c["rank"])}</span><span class="suit">{c["suit"]}</span></div>'
    )


def _pile_html(label: str, count: int, key: str | None = None, drawing: bool = False) -> str:
    data = f' data-key="{e(key)}"' if key else ""
    cls = "pile" + (" clickable" if key else "") + (" drawing" if drawing else "")
    return f'<div class="{cls}"{data}><div class="count">{count}</div><div class="plabel">{e(label)}</div></div>'


def _room_html(r: dict[str, Any], selected: str | None) -> str:
    sel = " selected" if selected == r["key"] else ""
    fought = " fought" if r["fought"] else ""
    label = f'<div class="rlabel">room {r["index"] + 1}</div>'
    if r["status"] == "cleared":
        return f'<div class="room cleared">{label}<div class="empty">cleared</div></div>'
    if r["status"] == "face down":
        turning = " (turning up)" if r.get("revealing") else ""
        return (
            f'<div class="room{sel}" data-key="{e(r["key"])}">{label}'
            f'<div class="card back" title="face down">?</div><div class="rinfo">face down{turning}</div></div>'
        )
    hp = f"{r['hp_left']}/{r['monster_hp']} HP" if "hp_left" in r else f"{r['monster_hp']} HP"
    return (
        f'<div class="room{sel}{fought}" data-key="{e(r["key"])}">{label}{_card_html(r, None)}'
        f'<div class="rinfo">{e(r["name"])}<br>{hp}, strikes {r["strike"]}</div></div>'
    )


def board_html(view: dict[str, Any]) -> str:
    """The card table: piles, the floor, the fight in progress, HP and points, the hand."""
    p = view["piles"]
    drawing = view["drawing"]
    piles_left = (
        _pile_html("potion waste", p["potion_waste"])
        + _pile_html("potion deck", p["potion_deck"], "pile:potion", drawing == "potion")
        + _pile_html("attack waste", p["attack_waste"])
        + _pile_html("attack deck", p["attack_deck"], "pile:attack", drawing == "attack")
    )
    rooms = "".join(_room_html(r, view["selected"]) for r in view["rooms"])
    piles_right = _pile_html("room waste", p["room_waste"]) + _pile_html("room deck", p["room_deck"])
    fight = view["fight"]
    fight_html = (
        f'<div class="fight">Fight: the {e(fight["name"])} in room {fight["room"] + 1}, '
        f"{fight['hp_left']} of {fight['monster_hp']} HP left, strikes {fight['strike']}</div>"
        if fight
        else ""
    )
    hand = (
        "".join(
            _card_html(
                c,
                c["key"],
                (" playable" if c["playable"] else "") + (" selected" if view["selected"] == c["key"] else ""),
            )
            for c in view["hand"]
        )
        or '<span class="empty">no card in hand</span>'
    )
    status = f'<div class="status">{e(view["status"])}</div>' if view["status"] else ""
    over = ""
    if view["termination"]:
        over = f'<div class="over">game over: {e(str(view["termination"]).replace("_", " "))}</div>'
    last = ""
    if view["last_events"]:
        last = '<ul class="last">' + "".join(f"<li>{e(s)}</li>" for s in view["last_events"]) + "</ul>"
    return (
        f'<div class="tt-board">{step_card_html(view["summary"])}'
        f'<div class="head">Floor {view["floor_number"]} · <span class="hp">HP {view["hp"]}</span> · '
        f'<span class="ap">{view["action_points"]} action point(s)</span></div>{status}{over}'
        f'<div class="table"><div class="piles">{piles_left}</div>'
        f'<div class="floor"><div class="flabel">current floor</div><div class="rooms">{rooms}</div></div>'
        f'<div class="piles">{piles_right}</div></div>{fight_html}'
        f'<div class="hand"><div class="flabel">player\'s hand</div><div class="cards">{hand}</div></div>'
        f"{last}</div>"
    )


def _plan_rows(room: int, plans: tuple[Plan, ...], limit: int = 4) -> str:
    if not plans:
        return f"<li>room {room + 1}: no set of cards in hand slays it</li>"
    best, rest = plans[0], plans[1:limit]
    alts = "".join(f"<li>{e(p.describe())}</li>" for p in rest)
    more = f"<li>… {len(plans) - limit} more</li>" if len(plans) > limit else ""
    alt_html = f"<ul>{alts}{more}</ul>" if alts else ""
    return f"<li>room {room + 1} ({e(cards.name(best.room))}): best plan {e(best.describe())}{alt_html}</li>"


def _odds_row(odds: RoomOdds) -> str:
    known = len(odds.monsters) == 1
    what = cards.name(next(iter(odds.monsters))) if known else f"any of {len(odds.monsters)} monsters"
    return (
        f"<li>room {odds.room + 1} ({e(what)}): survives {float(odds.survival()):.1%}, "
        f"expected HP cost {float(odds.hp_cost.expectation()):.2f}; {e(odds.outlook.describe())}</li>"
    )


def advice_html(advice: Advice, limit: int = 6) -> str:
    """The advice beside the board: the ranked choices (the first `limit`, the rest folded), the plans
    against known monsters, the room odds."""
    from rules.the_tower.text import describe_action

    if advice.note:
        return f'<div class="tt-advice"><b>advice</b>: {e(advice.note)}</div>'
    choices, plans, odds = advice.choices, advice.plans, advice.odds

    def row(i: int, c: Choice) -> str:
        name = e(describe_action(c.action))
        return f"<li>{f'<b>{name}</b>' if i == 0 else name}: {e(c.outlook.describe())}</li>"

    rows = "".join(row(i, c) for i, c in enumerate(choices[:limit]))
    rest = choices[limit:]
    folded = (
        f"<details><summary>{len(rest)} more choice{'s' if len(rest) != 1 else ''}</summary>"
        f'<ol start="{limit + 1}">{"".join(row(limit + i, c) for i, c in enumerate(rest))}</ol></details>'
        if rest
        else ""
    )
    how = f"; {e(advice.basis)}" if advice.basis else ""
    out = f'<div class="tt-advice"><b>advice</b> (best first{how})<ol>{rows}</ol>{folded}'
    if plans:
        out += "<b>plans with the hand</b><ul>" + "".join(_plan_rows(i, p) for i, p in sorted(plans.items())) + "</ul>"
    if odds:
        out += "<b>room odds</b><ul>" + "".join(_odds_row(o) for _, o in sorted(odds.items())) + "</ul>"
    return out + "</div>"


def static_html(view: dict[str, Any], log_lines: Sequence[str] | None = None, extra_html: str = "") -> str:
    """A self-contained HTML fragment (CSS included) for views without a live kernel."""
    log = f'<div class="tt-board">{log_html(log_lines, "log", folded=True)}</div>' if log_lines else ""
    return f"<style>{BOARD_CSS}</style>{board_html(view)}{extra_html}{log}"
