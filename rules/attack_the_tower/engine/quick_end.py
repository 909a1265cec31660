"""The end of a battle played on plain numbers (`quick_battle`), as `battle_end._end_battle` has it for the board:
sacrifices after battle, the destroyed removed, the Huns' unmanned bases, special troops kept only while complete
territories maintain them, and the special troops that go on to the palace."""

from __future__ import annotations

from rules.attack_the_tower.cards import Effect, SacrificeAfterBattle, SacrificeUnmannedBases, SpareFromSacrifice
from rules.attack_the_tower.engine.card_effects import territories_without
from rules.attack_the_tower.engine.quick_steps import Dead
from rules.attack_the_tower.engine.quick_units import Board, Field, Unit, Units
from rules.attack_the_tower.model import renumbered_specials, unmaintained_specials


def end_battle(field: Field, board: Board, units: Units, dead: Dead, effects: list[tuple[int, Effect]]) -> bool:
    """004 battles 5 on the board: whether the palace fell. `effects` are those in play at the battle's end
    (the fallen special troops' effects ended)."""
    if effects:
        dead = _sacrificed(field, units, dead, effects)
    fell = _remove_destroyed(board, field.attacker, units, dead)
    if effects and not field.at_palace:
        _huns(field, board, units[0], effects)
    return fell


def _sacrificed(field: Field, units: Units, dead: Dead, effects: list[tuple[int, Effect]]) -> Dead:
    """Sacrifice after battle (Monks, Samurai) unless spared (Kyudoka): the dead with the sacrificed."""
    out = (set(dead[0]), set(dead[1]))
    for side in (0, 1):
        owner = field.attacker if side == 0 else 1 - field.attacker
        types = {t for eo, e in effects if eo == owner and isinstance(e, SacrificeAfterBattle) for t in e.troop_types}
        if not types:
            continue
        spare = {e.troop_type for eo, e in effects if eo == owner and isinstance(e, SpareFromSacrifice)}
        own = units[side]
        if any(u[0] == "troop" and u[8] in spare and i not in dead[side] for i, u in enumerate(own)):
            continue
        out[side].update(i for i, u in enumerate(own) if u[0] == "troop" and u[8] in types and i not in dead[side])
    return out


def _huns(field: Field, board: Board, attackers: list[Unit], effects: list[tuple[int, Effect]]) -> None:
    """Huns: the defending bases with no troops left are sacrificed after battling against the Huns' troops."""
    for eo, e in effects:
        if eo != field.attacker or not isinstance(e, SacrificeUnmannedBases):
            continue
        if not any(u[0] == "troop" and u[8] == e.attacking_troop_type for u in attackers):
            continue
        defender = 1 - field.attacker
        territories = board.territories[defender]
        unmanned = {
            (field.target, s) for s, b in enumerate(territories[field.target]) if b is not None and not b.troops
        }
        board.territories[defender] = territories_without(territories, {}, unmanned)


def _remove_destroyed(board: Board, attacker: int, units: Units, dead: Dead) -> bool:
    """The destroyed troops, bases and special troops removed from the board (as `_without_destroyed`);
    whether the palace fell."""
    palace_fell = False
    for side, owner in ((0, attacker), (1, 1 - attacker)):
        if not dead[side]:
            continue
        own = units[side]
        losses: dict[tuple[int, int], list[int]] = {}
        destroyed: set[tuple[int, int]] = set()
        fallen: list[int] = []
        for i in dead[side]:
            kind, place = own[i][0], own[i][7]
            if kind == "troop":
                losses.setdefault((place[0], place[1]), []).append(place[2])
            elif kind == "base":
                destroyed.add((place[0], place[1]))
            elif kind == "palace":
                palace_fell = True
            else:
                fallen.append(place[0])
        if losses or destroyed:
            board.territories[owner] = territories_without(board.territories[owner], losses, destroyed)
        if fallen:
            palace = board.palaces[owner]
            for i in sorted(fallen, reverse=True):
                palace = palace[:i] + palace[i + 1 :]
            board.palaces[owner] = palace
    return palace_fell


def maintain_specials(board: Board) -> None:
    """000: a special troop needs a complete territory of three bases; the last needy ones go first."""
    for index in (0, 1):
        palace = board.palaces[index]
        for i in unmaintained_specials(palace, board.territories[index]):
            palace = palace[:i] + palace[i + 1 :]
        board.palaces[index] = palace


def surviving_specials(specials: tuple[int, ...], attackers: list[Unit], dead: set[int]) -> tuple[int, ...]:
    """The attacker's joined special troops that survived, renumbered past the fallen ones on the palace."""
    return renumbered_specials(specials, [attackers[i][7][0] for i in dead if attackers[i][0] == "special"])


def fallen_specials(attacker: int, units: Units, dead: Dead) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per player, the palace indices of its special troops among the dead (ascending)."""
    fallen: list[list[int]] = [[], []]
    for side in (0, 1):
        owner = attacker if side == 0 else 1 - attacker
        fallen[owner] = sorted(units[side][i][7][0] for i in dead[side] if units[side][i][0] == "special")
    return tuple(fallen[0]), tuple(fallen[1])
