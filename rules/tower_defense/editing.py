"""Position editing for designers: each edit returns a new, fully validated Tower Defense position.

An edit moves pieces the way a player would at the table: a tower card or a credit comes out of its
pile (the Mark I deck, then the Mark I discard; the Mark II and Mark III piles) and goes back there
when removed, so every card of the game stays counted exactly once. A wave placed on the field leaves
the calls still to come. The result is validated from scratch (`game.POSITION`): an edit the rules
forbid raises IllegalPosition naming the problem, and the position given is untouched.

No engine step lives here: these are the designer's hands on the board, not a player's actions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.core import limits, sharecode
from rules.core.errors import IllegalPosition, Problem
from rules.core.jsonio import escape
from rules.tower_defense import catalog
from rules.tower_defense.cards import WaveSpec
from rules.tower_defense.catalog import is_condition_card, is_tower_card
from rules.tower_defense.game import POSITION
from rules.tower_defense.model import STACKS, FieldWave, GameState, Player, SkillMarker, Tower
from rules.tower_defense.places import Coord
from rules.tower_defense.text import parse_piece, piece_label
from rules.tower_defense.variants import Rules

SHARE_PREFIX = "TD1-"
_PILES = {1: ("mark1_deck", "mark1_discard"), 2: ("mark2_pile",), 3: ("mark3_pile",)}


def _refuse(where: str, message: str) -> IllegalPosition:
    return IllegalPosition([Problem(where, message)])


def _edited(state: GameState, **changes: Any) -> GameState:
    """The position's data with these fields changed, validated from scratch (IllegalPosition with one
    problem per broken rule)."""
    return POSITION.validate({**POSITION.data(state), **changes})


def _board_edited(state: GameState, **changes: Any) -> GameState:
    """The position with these fields of the playing field changed, validated from scratch."""
    return _edited(state, board={**POSITION.data(state)["board"], **changes})


def _check_player(state: GameState, player: int) -> None:
    if isinstance(player, bool) or not isinstance(player, int):
        raise _refuse("player", f"a player is a whole number, not {escape(repr(player))}")
    if not 0 <= player < len(state.players):
        raise _refuse("player", f"there is no player {player + 1}")


def _check_tower_card(card: str) -> None:
    if not is_tower_card(card):
        known = ", ".join(catalog.towers())
        raise _refuse("card", f"there is no tower card {card!r} (cards: {known})")


def _take_card(data: dict[str, Any], card: str, rules: Rules) -> None:
    """Take one copy of a tower card out of its pile (Mark I: the deck, then the discard)."""
    _check_tower_card(card)
    spec = catalog.tower(card)
    for field in _PILES[spec.mark]:
        pile = list(data[field])
        if card in pile:
            pile.remove(card)
            data[field] = tuple(pile)
            return
    raise _refuse("cards", f"every {spec.name} card is already in use (the game holds {rules.copies(spec.mark)})")


def _return_card(data: dict[str, Any], card: str) -> None:
    """Put a card back into its pile; a completed game condition goes back to the game box."""
    if not is_tower_card(card):
        return
    field = _PILES[catalog.tower(card).mark][0]
    data[field] = tuple(sorted((*data[field], card)))


def _at(at: Sequence[int]) -> Coord:
    if isinstance(at, str) or len(at) != 2:
        raise _refuse("at", f"a space is written (column, row), not {escape(repr(at))}")
    side = limits.MAX_BOARD_SIDE - 1
    return (limits.whole_number("at.column", at[0], 0, side), limits.whole_number("at.row", at[1], 0, side))


# ---- towers -----------------------------------------------------------------------------------------
def place_tower(
    state: GameState,
    card: str,
    at: Sequence[int],
    owner: int,
    level: int = 1,
    depletion: int = 0,
) -> GameState:
    """Put a tower (its card taken from its pile) on a space, replacing any tower there."""
    where = _at(at)
    data = POSITION.data(state)
    old = state.tower_at(where)
    if old is not None:
        _return_card(data, old.card)
    _take_card(data, card, state.rules)
    towers = (*(t for t in state.towers if t.at != where), Tower(card, where, owner, level, depletion))
    return POSITION.validate({**data, "towers": towers})


def remove_tower(state: GameState, at: Sequence[int]) -> GameState:
    """Take the tower off a space; its card goes back to its pile."""
    where = _at(at)
    tower = state.tower_at(where)
    if tower is None:
        raise _refuse("towers", f"there is no tower on {where}")
    data = POSITION.data(state)
    _return_card(data, tower.card)
    return POSITION.validate({**data, "towers": tuple(t for t in state.towers if t.at != where)})


# ---- waves ------------------------------------------------------------------------------------------
def place_wave(
    state: GameState,
    wave_id: str,
    space: int,
    *,
    number: int | None = None,
    defeated: int = 0,
    modifier: str | None = None,
) -> GameState:
    """Put a wave on a space of its track (moving it if it is on the field already), with its Wave
    Number, units defeated and modifier. It leaves the calls still to come; a call that loses one wave
    of an even-ranked pair is refused by the model ('Even Ranked Waves always appear in pairs')."""
    _wave_spec(wave_id)
    current = state.wave(wave_id)
    if number is None:
        number = current.number if current is not None else max(state.waves_called, 1)
    wave = FieldWave(wave_id, number, space, defeated, modifier, current.attacked if current is not None else False)
    waves = (*(w for w in state.waves if w.id != wave_id), wave)
    upcoming = tuple(tuple(w for w in call if w != wave_id) for call in state.upcoming if call != (wave_id,))
    return _edited(state, waves=waves, upcoming=upcoming, waves_called=max(state.waves_called, number))


def place_wave_at(
    state: GameState,
    wave_id: str,
    at: Sequence[int],
    *,
    number: int | None = None,
    defeated: int = 0,
    modifier: str | None = None,
) -> GameState:
    """Put a wave on the track piece lying on a space. 003 Enemies: 'Odd Ranked Waves appear on Track
    A. Even Ranked Waves appear on Track B.', so the piece must be of the wave's track."""
    where = _at(at)
    piece = next((p for p in state.board.track if p.at == where), None)
    if piece is None:
        raise _refuse("at", f"no track piece lies on {where}: a wave stands only on its track")
    spec = _wave_spec(wave_id)
    if piece.track != spec.track:
        parity = "Odd" if spec.rank % 2 else "Even"
        raise _refuse(
            "wave",
            f"{spec.name} is rank {spec.rank} and moves on track {spec.track}, not on {piece.label}: "
            f"'{parity} Ranked Waves appear on Track {spec.track}.'",
        )
    return place_wave(state, wave_id, piece.number, number=number, defeated=defeated, modifier=modifier)


def _wave_spec(wave_id: str) -> WaveSpec:
    try:
        return catalog.wave(wave_id)
    except KeyError as exc:
        raise _refuse("wave", str(exc.args[0])) from None


def remove_wave(state: GameState, wave_id: str) -> GameState:
    """Take a wave off the field (back to the pool of waves not selected for this session)."""
    if state.wave(wave_id) is None:
        raise _refuse("waves", f"wave {wave_id} is not on the playing field")
    waves = tuple(w for w in state.waves if w.id != wave_id)
    return _edited(state, waves=waves, awaiting_modifier=tuple(w for w in state.awaiting_modifier if w != wave_id))


def set_upcoming(state: GameState, calls: Sequence[Sequence[str]]) -> GameState:
    """The waves still to call, call by call (an even rank comes in pairs; 3.A.X to 3.A.XII)."""
    return _edited(state, upcoming=tuple(tuple(call) for call in calls))


# ---- the playing field ------------------------------------------------------------------------------
def home_spaces(state: GameState) -> dict[str, Coord]:
    """Where each laid track piece lies ('A12' -> space): where a piece restored by an edit returns."""
    return {p.label: p.at for p in state.board.track}


def set_track_discarded(
    state: GameState, labels: Sequence[str], homes: Mapping[str, Sequence[int]] | None = None
) -> GameState:
    """Make exactly these track pieces the Discarded Track pile. A laid piece named here leaves the
    field; a discarded piece not named returns to its space in `homes` (refused when it has none:
    lay it with `lay_track`). A wave still standing on a discarded piece is refused by the model."""
    wanted: set[str] = set()
    for label in labels:
        track, number = _piece(label)
        wanted.add(piece_label(track, number))
    board = POSITION.data(state)["board"]
    laid = [p for p in board["track"] if piece_label(p["track"], p["number"]) not in wanted or p["number"] == 0]
    for label in sorted(set(board["track_discard"]) - wanted):
        home = (homes or {}).get(label)
        if home is None:
            raise _refuse(
                "board.track_discard",
                f"track {label} has no space to return to: lay it on a space with lay_track",
            )
        track, number = parse_piece(label)
        laid.append({"track": track, "number": number, "at": _at(home)})
    pieces = tuple(sorted(laid, key=lambda p: (p["track"], p["number"])))
    return _board_edited(state, track=pieces, track_discard=tuple(sorted(wanted)))


def lay_track(state: GameState, label: str, at: Sequence[int]) -> GameState:
    """Lay a track piece on a space: out of the Discarded Track pile, or moved from where it lies."""
    track, number = _piece(label)
    where = _at(at)
    name = piece_label(track, number)
    board = POSITION.data(state)["board"]
    return _board_edited(
        state,
        track=tuple(
            [p for p in board["track"] if (p["track"], p["number"]) != (track, number)]
            + [{"track": track, "number": number, "at": where}]
        ),
        track_discard=tuple(p for p in board["track_discard"] if p != name),
    )


def _piece(label: str) -> tuple[str, int]:
    try:
        return parse_piece(label.strip().upper())
    except ValueError as exc:
        raise _refuse("track", str(exc)) from None


def set_obstacle(state: GameState, at: Sequence[int], present: bool = True) -> GameState:
    """Add or remove an obstacle ('Track cannot be placed on Obstacles. Players may not place Towers
    on Obstacles.': the model refuses one under a tower or a track piece)."""
    where = _at(at)
    obstacles = [o for o in state.board.obstacles if o != where] + ([where] if present else [])
    return _board_edited(state, obstacles=tuple(sorted(obstacles)))


# ---- the table --------------------------------------------------------------------------------------
def set_lives(state: GameState, lives: int) -> GameState:
    """The Life Cubes left (003 3.C: 'Players may gain Life Cubes beyond the starting amount')."""
    return _edited(state, lives=lives)


def set_credits(state: GameState, player: int, stack: str, cards: Sequence[str]) -> GameState:
    """Set one stack of a player board: its old cards go back to their piles, the new ones come out of
    them. A completed game condition is written 'condition.<id>' (worth 2 Universal credits)."""
    if stack not in STACKS:
        raise _refuse("stack", f"there is no stack {stack!r} (stacks: {', '.join(STACKS)})")
    _check_player(state, player)
    data = POSITION.data(state)
    for card in state.players[player].stacks.get(stack):
        _return_card(data, card)
    for card in cards:
        if not is_condition_card(card):
            _take_card(data, card, state.rules)
    players = list(state.players)
    players[player] = Player(players[player].stacks.with_stack(stack, tuple(sorted(cards))))
    return POSITION.validate({**data, "players": tuple(players)})


def _check_skill(skill: str, slot: int) -> None:
    try:
        spec = catalog.skill(skill)
    except KeyError:
        raise _refuse("skill", f"there is no skill {skill!r} (skills: {', '.join(catalog.skills())})") from None
    if not 0 <= slot < len(spec.slot_costs):
        raise _refuse("slot", f"{spec.name} has {len(spec.slot_costs)} slot(s), not a slot {slot + 1}")


def place_skill_marker(state: GameState, player: int, skill: str, slot: int) -> GameState:
    """Put one of a player's Skill Markers on a skill's slot (6.F: a marker is never moved; the model refuses
    a taken slot and more markers than the rules give)."""
    _check_skill(skill, slot)
    _check_player(state, player)
    return _edited(state, skill_markers=(*state.skill_markers, SkillMarker(player, skill, slot)))


def remove_skill_marker(state: GameState, player: int, skill: str, slot: int) -> GameState:
    """Take a player's Skill Marker off a skill's slot (back to the player's supply)."""
    _check_skill(skill, slot)
    markers = list(state.skill_markers)
    found = next((m for m in markers if (m.player, m.skill, m.slot) == (player, skill, slot)), None)
    if found is None:
        name = catalog.skill(skill).name
        raise _refuse("skill_markers", f"player {player + 1} has no marker on slot {slot + 1} of {name}")
    markers.remove(found)
    return _edited(state, skill_markers=tuple(markers))


def set_turn(state: GameState, turn: int, phase: str | None = None) -> GameState:
    """The turn (and phase) the position is in; pending reveals must fit the phase (the model says)."""
    return _edited(state, turn=turn, **({} if phase is None else {"phase": phase}))


def set_rules(state: GameState, rules: Rules) -> GameState:
    """The same position under another rule variant (validated again: a variant can make it illegal)."""
    return _edited(state, rules=rules)


# ---- sharing ----------------------------------------------------------------------------------------
def share_code(state: GameState) -> str:
    """A compact string that reproduces the position exactly (see rules.core.sharecode)."""
    return sharecode.share_code(POSITION, state, SHARE_PREFIX)


def from_share_code(code: str) -> GameState:
    """The position a share code describes; MalformedFile when the code is damaged."""
    return sharecode.from_share_code(POSITION, code, SHARE_PREFIX, "Tower Defense")
