"""Reading and changing a position for the engine's steps: costs, opportunities, free spaces, and
small updates that return new positions (never validated: the conformance run checks them)."""

from __future__ import annotations

from typing import Any

from rules.core.events import Events as Events
from rules.tower_defense import catalog
from rules.tower_defense.cards import TOWER_TYPES, AttributeKind
from rules.tower_defense.catalog import is_tower_card
from rules.tower_defense.engine import payments
from rules.tower_defense.errors import IllegalAction
from rules.tower_defense.model import STACK_LABEL, FieldWave, GameState, KillWindow, Player, StackName, Tower
from rules.tower_defense.places import Coord, distance
from rules.tower_defense.rule_ids import RuleId
from rules.tower_defense.variants import Rules


def full_decks(rules: Rules) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """The Mark I deck, the Mark II and the Mark III piles with every card (3.A.I, 3.A.III, 3.A.IV)."""
    mark1 = tuple(sorted(f"{t}.1" for t in TOWER_TYPES for _ in range(rules.mark1_copies)))
    mark2 = tuple(sorted(f"{t}.2" for t in TOWER_TYPES for _ in range(rules.mark2_copies)))
    mark3 = tuple(sorted(f"{t}.3" for t in TOWER_TYPES for _ in range(rules.mark3_copies)))
    return mark1, mark2, mark3


def free_spaces(state: GameState) -> list[Coord]:
    """Unoccupied spaces: no Tower, Track or Obstacle (6.A.I)."""
    towers = {t.at for t in state.towers}
    return [at for at in state.board.open_spaces() if at not in towers]


def taxes(state: GameState, kind: AttributeKind) -> int:
    """Extra credits a Build ('build_tax') or an Upgrade ('upgrade_tax') costs while such units are on
    the field: 'that player must pay 1 additional Credit of any type'."""
    covered = state.rules.covered_units_active
    units = [u for w in state.waves for u in w.spec.units[w.defeated : None if covered else w.defeated + 1]]
    return sum(1 for u in units if u.has(kind)) * state.rules.tax_credits


def build_cost(state: GameState, card: str) -> int:
    """The credits a tower card costs to build: its Build cost plus the build tax of the units on the field."""
    return catalog.tower(card).build_cost.value + taxes(state, "build_tax")


def upgrade_cost(state: GameState, tower: Tower) -> int:
    """The credits a tower's upgrade costs: its card's Upgrade cost plus the upgrade tax of the units on the field."""
    return catalog.tower(tower.card).upgrade_cost.value + taxes(state, "upgrade_tax")


def kill_bonus_cost(state: GameState, player: int, mark: int) -> int:
    """6.E.I and 6.E.II: 3 (2 just after defeating a Unit) for Mark II; 5 (4 after a Wave) for Mark III."""
    window = open_kill_window(state, player)
    r = state.rules
    if mark == 2:
        return r.mark2_bonus_cost_after_kill if window is not None else r.mark2_bonus_cost
    return r.mark3_bonus_cost_after_kill if window is not None and window.wave_defeated else r.mark3_bonus_cost


def open_kill_window(state: GameState, player: int) -> KillWindow | None:
    """The kill opportunity of `player`, if no other action has been performed since the kill."""
    w = state.kill_window
    return w if w is not None and w.player == player and w.at == state.actions_taken else None


def condition_ready(state: GameState, player: int) -> bool:
    """6.H: whether `player` may complete the condition now: its requirement was met this phase and `player` has
    performed no action since (under `Rules.condition_closes='after_any_action'`: nobody has)."""
    c = state.condition
    if c is None or c.met_at is None or state.phase != "actions":
        return False
    if state.rules.condition_closes == "after_any_action":
        return c.met_at == state.actions_taken
    return player not in c.barred


def bar_from_condition(before: GameState, after: GameState, player: int | None) -> GameState:
    """6.H: `player` performed an action after the requirement was met (before it), so may not complete the
    condition until it is met again; an action that completes it, or meets it again, bars nobody."""
    was, c = before.condition, after.condition
    if after.rules.condition_closes == "after_any_action":
        return after  # the completion closed for everyone (`condition_ready`)
    if player is None or was is None or was.met_at is None or c is None or c.id != was.id or c.met_at != was.met_at:
        return after
    if player in c.barred:
        return after
    return after.replace(condition=c.replace(barred=tuple(sorted((*c.barred, player)))))


def combine_partners(state: GameState, combiner: Tower) -> list[tuple[Tower, Tower]]:
    """Pairs of towers with Energy and a Range within the Combine tower's Radius (6.D)."""
    radius = catalog.tower(combiner.card).reach_at(combiner.level)
    near = [
        t
        for t in state.towers
        if t.at != combiner.at
        and t.depletion == 0
        and catalog.tower(t.card).reach == "range"
        and distance(t.at, combiner.at) <= radius
    ]
    return [(a, b) for i, a in enumerate(near) for b in near[i + 1 :]]


def slot_free(state: GameState, player: int, skill_id: str, slot: int) -> bool:
    """6.F: whether `player` may place a Skill Marker on this slot of a skill: the second slot only once unlocked, and
    no marker on it (on a player-mat skill, none of `player`'s own)."""
    spec = catalog.skill(skill_id)
    if slot == 1 and not spec.second_slot_unlocked:
        return False
    mat = spec.board == "player_mat"
    return not any(
        m.skill == skill_id and m.slot == slot and (m.player == player or not mat) for m in state.skill_markers
    )


def require(condition: bool, message: str, rule: RuleId) -> None:
    """IllegalAction with `message` (the player's words) citing `rule`, unless `condition` holds."""
    if not condition:
        raise IllegalAction(message, rule)


def with_stack(state: GameState, player: int, stack: str, cards: tuple[str, ...], **changes: Any) -> GameState:
    """The position with one of a player's stacks holding `cards` (sorted) and, in the same copy, any other
    `changes`."""
    players = list(state.players)
    players[player] = Player(players[player].stacks.with_stack(stack, tuple(sorted(cards))))
    return state.replace(players=tuple(players), **changes)


def onto_stack(state: GameState, player: int, stack: str, card: str, **changes: Any) -> GameState:
    """The position with `card` put on one of a player's stacks (and any other `changes`)."""
    return with_stack(state, player, stack, (*state.players[player].stacks.get(stack), card), **changes)


def discard_cards(state: GameState, cards: tuple[str, ...] | list[str]) -> GameState:
    """Discarded cards go to their pile: Mark I to the Mark I discard, Mark II and III back to their
    piles (3.A.II to 3.A.IV); a completed condition 'is discarded to the Game Box'."""
    piles = {1: list(state.mark1_discard), 2: list(state.mark2_pile), 3: list(state.mark3_pile)}
    for c in cards:
        if is_tower_card(c):
            piles[catalog.tower(c).mark].append(c)
    return state.replace(
        mark1_discard=tuple(sorted(piles[1])),
        mark2_pile=tuple(sorted(piles[2])),
        mark3_pile=tuple(sorted(piles[3])),
    )


def paid(
    state: GameState,
    player: int,
    stack: StackName,
    payment: tuple[str, ...],
    cost: int,
    rule: RuleId,
    held: tuple[str, ...] | None = None,
) -> GameState:
    """The position after `player` pays `cost` with `payment` from one of their stacks (what it `held`, when
    a card was already taken off it), the cards discarded to their piles; IllegalAction when they are not on
    the stack or do not pay the cost."""
    cards = state.players[player].stacks.get(stack) if held is None else held
    left = payments.check(cards, tuple(payment), cost, state.rules, STACK_LABEL[stack], rule)
    return discard_cards(with_stack(state, player, stack, left), payment)


def remove_one(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """The cards with one copy of `card` taken out (ValueError when there is none)."""
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def set_tower(state: GameState, tower: Tower) -> GameState:
    """The position with the tower on `tower`'s space replaced by `tower`."""
    return state.replace(towers=tuple(tower if t.at == tower.at else t for t in state.towers))


def set_wave(state: GameState, wave: FieldWave) -> GameState:
    """The position with the wave of `wave`'s id replaced by `wave`."""
    return state.replace(waves=tuple(wave if w.id == wave.id else w for w in state.waves))


def get_tower(state: GameState, at: Coord, rule: RuleId) -> Tower:
    """The tower on `at`; IllegalAction citing `rule` when there is none."""
    tower = state.tower_at(at)
    if tower is None:
        raise IllegalAction(f"there is no tower on {at}", rule)
    return tower


def field_wave(state: GameState, wave_id: str, rule: RuleId) -> FieldWave:
    """The wave `wave_id` on the playing field; IllegalAction citing `rule` when it is not there."""
    wave = state.wave(wave_id)
    if wave is None:
        raise IllegalAction(f"wave {wave_id} is not on the playing field", rule)
    return wave
