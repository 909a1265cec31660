"""Whether a position of Tower Defense is legal: every rule it breaks, in a player's words.

Asked once where a position enters (`game.POSITION`, after the schema has checked its shape) and by the
conformance run after every step; the engine's own steps never ask.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rules.tower_defense import catalog
from rules.tower_defense.cards import MARK_NAME, TOWER_TYPES
from rules.tower_defense.catalog import is_condition_card, is_tower_card, modifier_order
from rules.tower_defense.model import STACKS, GameState
from rules.tower_defense.places import REVERSE_START_SPACE, START_SPACE, Board, Coord
from rules.tower_defense.text import parse_piece, piece_label, space_words
from rules.tower_defense.variants import Rules


def board_problems(board: Board, rules: Rules) -> list[str]:
    """Every rule the field breaks (003 set up 2)."""
    out: list[str] = []
    for at in board.obstacles:
        if not board.on_board(at):
            out.append(f"board.obstacles: {at} is outside the {board.width}x{board.height} playing field")
    if len(set(board.obstacles)) != len(board.obstacles):
        out.append("board.obstacles: an obstacle is listed twice")
    seen: dict[tuple[str, int], int] = {}
    spaces: dict[Coord, str] = {}
    for piece in board.track:
        key = (piece.track, piece.number)
        seen[key] = seen.get(key, 0) + 1
        if piece.number > rules.track_length:
            out.append(f"board.track: there is no piece {piece.label} (tracks run 0 to {rules.track_length})")
        if not board.on_board(piece.at):
            out.append(f"board.track: {piece.label} at {piece.at} is outside the playing field")
        if piece.at in board.obstacles:
            out.append(f"board.track: {piece.label} is on an obstacle; 'Track cannot be placed on Obstacles'")
        if piece.at in spaces:
            out.append(
                f"board.track: {piece.label} and {spaces[piece.at]} are on one space; "
                "'Track pieces may not be placed on top of other track pieces'"
            )
        spaces[piece.at] = piece.label
    for (track, number), n in seen.items():
        if n > 1:
            out.append(f"board.track: track {track}{number} is laid {n} times")
    discarded = Counter(board.track_discard)
    for label, n in discarded.items():
        try:
            track, number = parse_piece(label)
        except ValueError as exc:
            out.append(f"board.track_discard: {exc}")
            continue
        if not 1 <= number <= rules.track_length:
            out.append(f"board.track_discard: there is no piece {label}")
        elif n > 1 or (track, number) in seen:
            out.append(f"board.track_discard: track {label} is both laid and discarded, or discarded twice")
    for track in ("A", "B"):
        for number in range(1, rules.track_length + 1):
            if (track, number) not in seen and piece_label(track, number) not in discarded:
                out.append(
                    f"board.track: track {track}{number} is neither laid nor discarded "
                    "('All game sessions must use exactly 50 Track pieces')"
                )
    if list(board.track_discard) != sorted(board.track_discard):
        out.append("board.track_discard: the discard is stored sorted")
    return out


def _card_problems(state: GameState) -> list[str]:
    out: list[str] = []
    counts: Counter[str] = Counter()
    for i, p in enumerate(state.players):
        for name in STACKS:
            stack = p.stacks.get(name)
            if list(stack) != sorted(stack):
                out.append(f"players.{i}.stacks.{name}: stacks are stored sorted")
            for c in stack:
                if not (is_tower_card(c) or is_condition_card(c)):
                    out.append(f"players.{i}.stacks.{name}: there is no card {c!r}")
            counts.update(c for c in stack if is_tower_card(c))
    for field in ("mark1_deck", "mark1_discard", "mark2_pile", "mark3_pile", "revealed"):
        cards: tuple[str, ...] = getattr(state, field)
        if list(cards) != sorted(cards):
            out.append(f"{field}: piles are stored sorted (they are shuffled: only their contents matter)")
        for c in cards:
            if not is_tower_card(c):
                out.append(f"{field}: there is no card {c!r}")
        counts.update(c for c in cards if is_tower_card(c))
    for field, mark in (
        ("mark1_deck", 1),
        ("mark1_discard", 1),
        ("revealed", 1),
        ("mark2_pile", 2),
        ("mark3_pile", 3),
    ):
        if any(is_tower_card(c) and catalog.tower(c).mark != mark for c in getattr(state, field)):
            out.append(f"{field}: only {MARK_NAME[mark]} cards go here")
    counts.update(t.card for t in state.towers if is_tower_card(t.card))
    for mark in (1, 2, 3):
        for kind in TOWER_TYPES:
            card = f"{kind}.{mark}"
            if counts[card] != state.rules.copies(mark):
                out.append(
                    f"cards: the game holds {state.rules.copies(mark)} {catalog.tower(card).name} cards, "
                    f"but {counts[card]} are placed"
                )
    return out


def _wave_problems(state: GameState) -> list[str]:
    out: list[str] = []
    ids = [w.id for w in state.waves] + [w for call in state.upcoming for w in call]
    for wid in ids:
        if wid not in catalog.waves():
            return [f"waves: there is no wave {wid!r}"]
    for wid, n in Counter(ids).items():
        if n > 1:
            out.append(f"waves: wave {wid} is placed {n} times")
    taken: dict[tuple[str, int], str] = {}
    for i, w in enumerate(state.waves):
        spec = w.spec
        where = f"waves.{i}"
        start = REVERSE_START_SPACE if spec.reverse else START_SPACE
        if w.defeated >= len(spec.units):
            out.append(f"{where}: every unit of {spec.name} is defeated, so it is no longer on the field")
        if w.space != start:
            if not 1 <= w.space <= state.rules.track_length:
                out.append(f"{where}: {spec.name} cannot stand on track space {w.space}")
            elif not state.board.has_piece(spec.track, w.space):
                out.append(f"{where}: track {spec.track}{w.space} is not on the playing field")
            key = (spec.track, w.space)
            if key in taken:
                out.append(
                    f"{where}: {spec.name} and {taken[key]} are both on {spec.track}{w.space}; "
                    "'Waves may not occupy the same space'"
                )
            taken[key] = spec.name
        if w.number > state.waves_called:
            out.append(f"{where}: wave number {w.number} has not been called yet ({state.waves_called} called)")
        if w.modifier is not None and w.modifier not in catalog.modifiers():
            out.append(f"{where}: there is no wave modifier {w.modifier!r}")
    out += order_problems(state.upcoming)
    for j, call in enumerate(state.upcoming):
        ranks = {catalog.wave(w).rank for w in call}
        rank = min(ranks)
        if len(ranks) != 1:
            out.append(f"upcoming.{j}: waves called together have one rank")
        elif rank % 2 == 0 and len(call) != 2:
            out.append(f"upcoming.{j}: 'Even Ranked Waves always appear in pairs'")
        elif rank % 2 == 1 and len(call) != 1:
            out.append(f"upcoming.{j}: an odd ranked wave is called alone")
    return out


def order_problems(calls: Sequence[Sequence[str]]) -> list[str]:
    """3.A.XII: the waves still to be called lie 'in numerical, sequential order with the lowest number on top'."""
    ranks = [min(catalog.wave(w).rank for w in call) for call in calls if call]
    for j in range(1, len(ranks)):
        if ranks[j] < ranks[j - 1]:
            return [
                f"upcoming.{j}: a Rank {ranks[j]} wave comes after a Rank {ranks[j - 1]} wave; 'Put all selected "
                "unrevealed Waves face down, in numerical, sequential order with the lowest number on top'"
            ]
    return []


def _tower_problems(state: GameState) -> list[str]:
    out: list[str] = []
    seen: set[Coord] = set()
    track_spaces = state.board.track_spaces()
    for i, t in enumerate(state.towers):
        where = f"towers.{i}"
        if not is_tower_card(t.card):
            out.append(f"{where}: there is no tower {t.card!r}")
            continue
        spec = catalog.tower(t.card)
        if not state.board.on_board(t.at):
            out.append(f"{where}: {t.at} is outside the playing field")
        if t.at in track_spaces:
            pieces = " and ".join(piece_label(p.track, p.number) for p in state.board.track if p.at == t.at)
            out.append(f"{where}: a tower cannot stand on a track space: {space_words(t.at)} is track piece {pieces}")
        if t.at in state.board.obstacles:
            out.append(f"{where}: 'Players may not place Towers on Obstacles' ({t.at})")
        if t.at in seen:
            out.append(f"{where}: two towers stand on {t.at}")
        seen.add(t.at)
        if t.owner >= len(state.players):
            out.append(f"{where}: there is no player {t.owner + 1}")
        if t.level > state.rules.max_level:
            out.append(f"{where}: towers have at most {state.rules.max_level} levels")
        if t.boosts and spec.reach == "radius":
            out.append(f"{where}: a tower with a Radius 'may not be Boosted'")
        if list(t.boosts) != sorted(t.boosts):
            out.append(f"{where}: boosts are stored sorted")
    return out


def _condition_problems(state: GameState) -> list[str]:
    """The condition's record of its requirement met (6.H): when, and who may no longer complete it."""
    c = state.condition
    if c is None:
        return []
    out = []
    if c.met_at is not None and c.met_at > state.actions_taken:
        out.append(
            f"condition.met_at: the requirement was met after action {c.met_at}, but {state.actions_taken} taken"
        )
    if c.barred and c.met_at is None:
        out.append("condition.barred: players are barred from completing a requirement that is not met")
    if len(set(c.barred)) != len(c.barred) or any(p >= len(state.players) for p in c.barred):
        out.append("condition.barred: each barred player is one of the players, once")
    return out


def position_problems(state: GameState) -> list[str]:
    """Every rule the whole position breaks; empty when the position is legal."""
    n = len(state.players)
    if state.mode not in catalog.modes():
        return [f"mode: there is no game mode {state.mode!r}; modes: {', '.join(sorted(catalog.modes()))}"]
    out = board_problems(state.board, state.rules)
    out += _card_problems(state)
    out += _tower_problems(state)
    out += _wave_problems(state)
    for field in ("starting_player", "dividing", "restorer", "chooser"):
        value = getattr(state, field)
        if value is not None and value >= n:
            out.append(f"{field}: there is no player {value + 1}")
    for c in (*state.modifier_pile, *state.modifier_discard):
        if c not in catalog.modifiers():
            out.append(f"modifiers: there is no wave modifier {c!r}")
    for c in (*state.condition_pile, *state.conditions_waiting):
        if c not in catalog.conditions():
            out.append(f"conditions: there is no game condition {c!r}")
    if state.condition is not None and state.condition.id not in catalog.conditions():
        out.append(f"condition: there is no game condition {state.condition.id!r}")
    out += _condition_problems(state)
    if state.conditions_waiting and state.condition is None:
        out.append("conditions_waiting: a waiting condition comes into effect when none is in play")
    if list(state.modifier_pile) != sorted(state.modifier_pile, key=modifier_order):
        out.append("modifier_pile: 'Place all modifiers face down on this pile in order with the lowest Level on top'")
    for wid in state.awaiting_modifier:
        if state.wave(wid) is None:
            out.append(f"awaiting_modifier: wave {wid} is not on the field")
    for m in state.skill_markers:
        if m.skill not in catalog.skills():
            out.append(f"skill_markers: there is no skill {m.skill!r}")
        elif m.slot >= len(catalog.skill(m.skill).slot_costs):
            out.append(f"skill_markers: {catalog.skill(m.skill).name} has no slot {m.slot + 1}")
    slots = Counter(
        (m.skill, m.slot, m.player if catalog.skill(m.skill).board == "player_mat" else None)
        for m in state.skill_markers
        if m.skill in catalog.skills()
    )
    if any(k > 1 for k in slots.values()):
        out.append("skill_markers: 'Empty slots on Skill Boards may contain exactly 1 Skill Marker'")
    for p in range(n):
        if state.skill_markers_left(p) < 0:
            out.append(f"skill_markers: player {p + 1} has placed more than {state.rules.skill_markers} markers")
    if state.revealed and state.reveal_left == 0 and state.phase not in ("setup", "actions", "income", "game_over"):
        out.append("revealed: credits are revealed only at set up, in Phase 5 and in Phase 6")
    if (state.phase == "game_over") != (state.termination is not None):
        out.append("termination: the game is over exactly when it says why")
    if state.restore_left and state.restorer is None:
        out.append("restore_left: somebody must place the restored track")
    return out
