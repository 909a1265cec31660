"""Attack the Tower in words: a position as plain text (both kingdoms, each base with its troops, palaces,
hands and piles), the phases and stages, and every move as a player says it.

Used by the CLI, the notebooks and the explorer's panels, so every one of them shows the same facts.
"""

from __future__ import annotations

from typing import Any

from rules.attack_the_tower.actions import (
    Build,
    ChooseVictim,
    DeclareAttack,
    Discard,
    DrawCard,
    EndTurn,
    FinishBuilding,
    KeepHand,
    Pass,
    PlayAbility,
    Renew,
)
from rules.attack_the_tower.catalog import ability_card, army, base_card, card
from rules.attack_the_tower.model import GameState, Player
from rules.attack_the_tower.places import UnitKey

TROOP_MARK = {
    "light_infantry": "LI",
    "shooter": "SH",
    "heavy_infantry": "HI",
    "cavalry": "CV",
    "siege_weapon": "SW",
}


PHASE_WORDS = {
    "setup_draw": "setup: drawing the opening hand",
    "setup_keep": "setup: keep or burn the hand",
    "setup_build": "setup: building bases",
    "renewal_decision": "the attacking player decides whether to renew",
    "renewal_draw": "renewal B: drawing two cards",
    "renewal_discard": "renewal B: discarding to the hand limit",
    "renewal_build": "renewal C: building bases",
    "main": "attacks and abilities",
    "battle": "a battle",
    "game_over": "game over",
}

STAGE_WORDS = {
    "abilities": "abilities",
    "initiative": "initiative",
    "regular": "regular combat",
    "victims": "the Vrykolaka's victims",
    "unmanned": "unmanned bases",
}
"""A battle's stages in a player's words."""

STAGE_STEPS = {"abilities": 2, "initiative": 3, "regular": 4, "victims": 4, "unmanned": 4}
"""The step of a battle (004 Battles) each stage belongs to."""


def place_words(key: UnitKey) -> str:
    """A place in a player's words: 'p1/t1/s2/0' is 'player 2, territory 2, slot 3, troop 1'."""
    words = f"player {key.owner + 1}"
    if key.kind == "palace":
        return f"{words}, palace"
    if key.kind == "special":
        return f"{words}, palace troop {_count(key.index)}"
    words += f", territory {_count(key.territory)}, slot {_count(key.slot)}"
    return f"{words}, troop {_count(key.index)}" if key.kind == "troop" else words


def key_words(key: str) -> str:
    """A board key in a player's words (`place_words`); a key that names no place is shown as it is."""
    place = UnitKey.read(key)
    return key if place is None else place_words(place)


def named_in_slot(name: str, key: UnitKey) -> str:
    """A unit's name with its territory and slot when it stands on one: 'Bandit brute (territory 2, slot 2)'."""
    if not key.on_a_slot:
        return name
    return f"{name} (territory {_count(key.territory)}, slot {_count(key.slot)})"


def _count(number: int | None) -> int:
    """A 0-based place counted from 1, as players count."""
    assert number is not None
    return number + 1


def slot_text(player: Player, territory: int, slot: int) -> str:
    """'Graveyard [LI] ##' for a base with two troops ('## (+3)' when one is raised by 3), '-' for an empty slot."""
    base = player.territories[territory][slot]
    if base is None:
        return "-"
    bc = base_card(base.card)
    raised = "".join(f" (+{r})" for r in base.raised)
    return f"{bc.name} [{TROOP_MARK[bc.troop_type]}] " + ("#" * base.troops or "(no troops)") + raised


def player_text(state: GameState, index: int) -> list[str]:
    p = state.players[index]
    role = "attacking" if index == state.attacker else "defending"
    lines = [f"Player {index + 1}: {army(p.army).name} ({role})"]
    specials = ", ".join(
        f"{ability_card(c).special_troop.name} (power {ability_card(c).special_troop.power})"  # type: ignore[union-attr]
        for c in p.palace
    )
    lines.append(f"  palace: power {state.rules.palace_power}" + (f"; special troops: {specials}" if specials else ""))
    for t in range(3):
        slots = " | ".join(slot_text(p, t, s) for s in range(3))
        lines.append(f"  territory {t + 1}: {slots}")
    hand = ", ".join(card(c).name for c in p.hand) or "empty"
    lines.append(f"  hand ({len(p.hand)}): {hand}")
    if p.in_play:
        lines.append("  abilities in play: " + ", ".join(card(c).name for c in p.in_play))
    lines.append(
        f"  piles: {len(p.base_pile)} bases, {len(p.ability_pile)} abilities; "
        f"discards: {len(p.base_discard)} bases, {len(p.ability_discard)} abilities"
    )
    return lines


def board_text(state: GameState) -> str:
    """The whole position, as a teacher would read it out."""
    phase = PHASE_WORDS[state.phase]
    head = f"Turn {state.turn}, {phase}"
    if state.battle is not None:
        b = state.battle
        where = "the palace" if b.at_palace else f"territory {b.target + 1}"
        head += f": battle from territory {b.origin + 1} against {where}, step '{b.stage}'"
    if state.termination is not None:
        head += f" ({state.termination.replace('_', ' ')})"
    return "\n".join([head, *player_text(state, 0), *player_text(state, 1)])


def describe_action(state: GameState, action: Any) -> str:
    """One move as a player says it, the words the panel's move list offers ('build Graveyard in territory 1,
    slot 2', 'play Lich')."""
    if isinstance(action, DrawCard):
        return f"draw a card from the {action.pile} pile"
    if isinstance(action, KeepHand):
        return "keep this hand"
    if isinstance(action, Build):
        there = state.players[action.player].territories[action.territory][action.slot]
        over = f" over the {card(there.card).name}" if there is not None else ""
        return f"build {card(action.card).name}{over} in territory {action.territory + 1}, slot {action.slot + 1}"
    if isinstance(action, FinishBuilding):
        return "stop building"
    if isinstance(action, Discard):
        return f"discard {card(action.card).name}"
    if isinstance(action, Renew):
        return "renew the hand (discard it and draw)" if action.renew else "keep the hand (no renewal)"
    if isinstance(action, DeclareAttack):
        sent = f" with {len(action.specials)} palace troop(s)" if action.specials else ""
        return f"attack from territory {action.origin + 1} against territory {action.target + 1}{sent}"
    if isinstance(action, PlayAbility):
        return f"play {card(action.card).name}"
    if isinstance(action, Pass):
        return "pass (play no ability)"
    if isinstance(action, EndTurn):
        return "end the turn"
    if isinstance(action, ChooseVictim):
        return f"destroy {key_words(action.target)} (the Vrykolaka's victim)"
    return type(action).__name__
