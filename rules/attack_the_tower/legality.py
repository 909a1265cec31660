"""Whether a position of Attack the Tower is legal: every rule it breaks, in a player's words.

Asked once where a position enters (`schema.POSITION`) and by the conformance run after every step; the
engine's own steps never ask. A battle in progress is checked against the engine's own reading of it (its
units and what each side may allocate), so this module sits above the engine, not in the model.
"""

from __future__ import annotations

from collections import Counter

from rules.attack_the_tower.cards import AbilityCard, BaseCard
from rules.attack_the_tower.catalog import ability_card, army, army_ids, card, is_card, known_army_ids
from rules.attack_the_tower.engine import combat
from rules.attack_the_tower.engine.common import draw_pile
from rules.attack_the_tower.model import TERRITORIES, Battle, GameState, complete_territories, is_loyal
from rules.core import limits
from rules.core.errors import IllegalAction, IllegalPosition
from rules.core.jsonio import problems_from_lines


def _check_kind(where: str, ids: tuple[str, ...], want: type[BaseCard | AbilityCard], army_id: str) -> list[str]:
    out = []
    for cid in ids:
        if not is_card(cid):
            out.append(f"{where}: there is no card {cid!r}")
        elif not cid.startswith(army_id + "."):
            out.append(f"{where}: {card(cid).name} is not a card of the {army(army_id).name} army")
        elif not isinstance(card(cid), want):
            kind = "base" if want is BaseCard else "ability"
            out.append(f"{where}: {card(cid).name} is not a{'n' if kind == 'ability' else ''} {kind} card")
    return out


def player_problems(state: GameState, index: int) -> list[str]:
    """Every rule a player's side breaks, each as a sentence beginning with where it is."""
    p = state.players[index]
    rules = state.rules
    who = f"players.{index}"
    if p.army not in known_army_ids():
        return [f"{who}.army: unknown army {p.army!r} (armies: {', '.join(army_ids())})"]
    out: list[str] = []
    for t, terr in enumerate(p.territories):
        for s, b in enumerate(terr):
            if b is None:
                continue
            where = f"{who}.territories.{t}.{s}"
            kind_errors = _check_kind(where, (b.card,), BaseCard, p.army)
            out += kind_errors
            if not kind_errors and b.troops > rules.max_troops_per_base:
                out.append(
                    f"{where}: a base cannot hold more than {rules.max_troops_per_base} troops (it has {b.troops})"
                )
    out += _check_kind(f"{who}.base_pile", p.base_pile, BaseCard, p.army)
    out += _check_kind(f"{who}.base_discard", p.base_discard, BaseCard, p.army)
    out += _check_kind(f"{who}.ability_pile", p.ability_pile, AbilityCard, p.army)
    out += _check_kind(f"{who}.ability_discard", p.ability_discard, AbilityCard, p.army)
    out += _check_kind(f"{who}.in_play", p.in_play, AbilityCard, p.army)
    out += _check_kind(f"{who}.palace", p.palace, AbilityCard, p.army)
    out += _check_kind(f"{who}.returning", p.returning, AbilityCard, p.army)
    out += _check_kind(f"{who}.hand", p.hand, BaseCard | AbilityCard, p.army)  # type: ignore[arg-type]
    if out:
        return out
    for cid in p.palace + p.returning:
        if ability_card(cid).special_troop is None:
            out.append(f"{who}.palace: {card(cid).name} is not a special ability, so it recruits no palace troop")
    for cid in p.in_play:
        if ability_card(cid).special_troop is not None:
            out.append(f"{who}.in_play: {card(cid).name} is a special ability; it stays on the palace instead")
    counts = Counter(p.all_cards())
    for cid, n in counts.items():
        copies = card(cid).copies
        if n > copies:
            out.append(f"{who}: the {army(p.army).name} deck holds {copies} {card(cid).name}, not {n}")
    needy = sum(1 for cid in p.palace if not is_loyal(cid))
    if needy > complete_territories(p.territories):
        out.append(
            f"{who}.palace: {needy} special troops need {needy} complete territories of three bases, "
            f"but there are {complete_territories(p.territories)}"
        )
    over_limit_allowed = state.phase in ("renewal_draw", "renewal_discard") and state.actor == index
    if len(p.hand) > rules.hand_limit and not over_limit_allowed:
        out.append(f"{who}.hand: a hand holds at most {rules.hand_limit} cards (it has {len(p.hand)})")
    if list(p.base_pile) != sorted(p.base_pile) or list(p.ability_pile) != sorted(p.ability_pile):
        out.append(f"{who}: draw piles are stored sorted (they are shuffled: only their contents matter)")
    return out


def position_problems(state: GameState) -> list[str]:
    """Every rule the whole position breaks; empty when the position is legal."""
    out = player_problems(state, 0) + player_problems(state, 1)
    if out:
        return out
    if (state.phase == "battle") != (state.battle is not None):
        out.append("battle: a battle is described exactly when the phase is 'battle'")
    if (state.phase == "game_over") != (state.termination is not None):
        out.append("termination: the game is over exactly when it says why")
    if state.termination == "palace_destroyed" and state.winner is None:
        out.append("winner: a destroyed palace means somebody won")
    if state.drawing is not None:
        if state.phase not in ("setup_draw", "renewal_draw"):
            out.append("drawing: cards are revealed only while drawing")
        if not draw_pile(state.players[state.actor], state.drawing):
            out.append(f"drawing: the {state.drawing} pile is empty")
    if len(set(state.attacks)) != len(state.attacks) and state.rules.attacks_per_territory_per_turn == 1:
        out.append("attacks: a territory may attack once a turn")
    if any(not 0 <= t < TERRITORIES for t in state.attacks):
        out.append("attacks: territories are numbered 0 to 2")
    if state.battle is not None:
        out += battle_problems(state, state.battle)
    return out


def battle_problems(state: GameState, battle: Battle) -> list[str]:
    """Rules a battle in progress breaks (references to units that do not exist, bad specials)."""
    out = []
    att = state.players[state.attacker]
    for i in battle.specials:
        if not 0 <= i < len(att.palace):
            out.append(f"battle.specials: the attacker's palace has no special troop number {i}")
    if battle.specials and not state.rules.special_troops_join_attacks:
        out.append("battle.specials: under these rules special troops do not join attacks")
    if battle.at_palace:
        defending = state.players[state.defender].territories[battle.target]
        if any(b is not None for b in defending):
            out.append("battle.at_palace: the palace is attacked only after every base of the territory falls")
    if any(a < 1 for _, a in battle.damage):
        out.append("battle.damage: damage amounts are at least 1")
    if any(not 0 <= i < TERRITORIES for i in (battle.origin, battle.target)):
        return out
    if not out:
        out += _battle_units_problems(state, battle)
    return out


def _battle_units_problems(state: GameState, battle: Battle) -> list[str]:
    """The battle's damage, dead and hidden allocations checked against the units on the board: each names
    a unit of this battle, no living unit has taken its toughness, every allocation is one the rules allow."""
    by_key = combat.combat_step(state).sides.by_key()  # cached per battle: cheap on the engine's own steps
    out = [
        f"battle.{field}: {key!r} is not a unit in this battle"
        for field, keys in (("damage", [k for k, _ in battle.damage]), ("dead", battle.dead))
        for key in keys
        if key not in by_key
    ]
    if len(set(battle.dead)) != len(battle.dead):
        out.append("battle.dead: a unit is listed as destroyed twice")
    if out:
        return out
    for key, amount in battle.damage:
        unit = by_key[key]
        if key not in battle.dead and amount >= unit.toughness:
            out.append(
                f"battle.damage: {unit.name} ({key}) has taken {amount} damage, its toughness is {unit.toughness}, "
                "yet it is not among the dead"
            )
    for side, allocation in enumerate(battle.pending):
        if allocation is None or not allocation.assignments:
            continue
        if battle.stage not in ("initiative", "regular", "unmanned"):
            out.append(f"battle.pending.{side}: no damage is distributed in the {battle.stage} step")
            continue
        request = combat.allocation_request(state, side)
        if request is None:
            out.append(f"battle.pending.{side}: this side has no damage to distribute in this step")
            continue
        try:
            combat.validate_allocation(state, request, allocation)
        except IllegalAction as exc:
            out.append(f"battle.pending.{side}: {exc.reason}")
    for field, values in (("leftover", battle.leftover), ("remaining", battle.remaining)):
        if any(not 0 <= v <= limits.MAX_RULES_NUMBER for v in values):
            out.append(f"battle.{field}: amounts run from 0 to {limits.MAX_RULES_NUMBER}")
    return out


def checked(state: GameState) -> GameState:
    """The position itself when it is legal; IllegalPosition naming every rule it breaks otherwise (for
    positions built in code, as the examples are)."""
    problems = position_problems(state)
    if problems:
        raise IllegalPosition(problems_from_lines(problems))
    return state
