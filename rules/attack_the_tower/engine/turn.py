"""A player's turn outside battles: drawing and revealing cards, burning, keeping a hand, building, discarding,
renewing, and the end of the turn (with the Vampire's recruits)."""

from __future__ import annotations

from typing import Any

from rules.attack_the_tower.actions import (
    Build,
    Burn,
    Discard,
    DrawCard,
    EndTurn,
    FinishBuilding,
    KeepHand,
    Renew,
    RevealCard,
)
from rules.attack_the_tower.cards import (
    TROOP_TYPES,
    BaseCard,
    ExtraRenewalDraws,
    RecruitPerKill,
)
from rules.attack_the_tower.catalog import ability_card, base_card, card, is_card
from rules.attack_the_tower.engine import card_effects, combat
from rules.attack_the_tower.engine.abilities import maintain_specials
from rules.attack_the_tower.engine.common import (
    Events,
    discard_cards,
    discard_pile,
    draw_pile,
    label,
    recruited,
    remove_one,
    require,
    set_base,
    territories_with,
)
from rules.attack_the_tower.errors import IllegalAction
from rules.attack_the_tower.events import (
    BaseBuilt,
    CardDrawn,
    Said,
    possessive,
)
from rules.attack_the_tower.model import SLOTS, TERRITORIES, Base, GameState, Player, as_territories
from rules.attack_the_tower.rule_ids import RuleId


def phase_rule(state: GameState) -> RuleId:
    """The rule the game's phase falls under, cited when an action comes from a player who is not to decide now."""
    rules: dict[str, RuleId] = {
        "setup_draw": "setup",
        "setup_keep": "setup.burn",
        "setup_build": "setup.build",
        "renewal_decision": "turn.1 renewal",
        "renewal_draw": "renewal.B draw",
        "renewal_discard": "renewal.B draw",
        "renewal_build": "renewal.C build",
        "main": "turn.2 attacks",
        "battle": "battles",
    }
    return rules.get(state.phase, "turn")


def apply_draw(state: GameState, action: DrawCard, events: Events) -> GameState:
    """Draw from the base or ability pile at setup or in a renewal (renewal.B draw), chance revealing the card next; an
    empty pile is reshuffled from its discards under variant.empty_pile, else IllegalAction, as with no draw left."""
    require(
        state.phase in ("setup_draw", "renewal_draw"),
        "cards are drawn only at setup and in a renewal",
        "renewal.B draw",
    )
    require(state.draws_left > 0, "no draws are left", "renewal.B draw")
    if action.pile not in ("base", "ability"):
        raise IllegalAction(f"there is no {action.pile!r} pile: draw a base or an ability", "renewal.B draw")
    p = state.players[action.player]
    if not draw_pile(p, action.pile):
        discards = discard_pile(p, action.pile)
        require(
            state.rules.empty_pile == "reshuffle" and bool(discards),
            f"the {action.pile} pile is empty",
            "variant.empty_pile",
        )
        fields: dict[str, Any] = {f"{action.pile}_pile": tuple(sorted(discards)), f"{action.pile}_discard": ()}
        p = p.replace(**fields)
        state = state.with_player(action.player, p)
        if events.narrate:
            events.append(
                Said(
                    rule="variant.empty_pile",
                    text=f"{label(state, action.player)} shuffle {len(discards)} discarded "
                    f"{action.pile} cards into a new {action.pile} pile.",
                )
            )
    return state.replace(drawing=action.pile)


def apply_reveal(state: GameState, action: RevealCard, events: Events) -> GameState:
    """Chance's step of a draw: the card revealed joins the drawer's hand; IllegalAction when it is not in the pile."""
    kind = state.drawing
    assert kind is not None
    p = state.players[state.actor]
    pile = draw_pile(p, kind)
    rule: RuleId = "setup" if state.phase == "setup_draw" else "renewal.B draw"
    require(action.card in pile, f"{action.card} is not in the {kind} pile", rule)
    drawn: dict[str, Any] = {f"{kind}_pile": remove_one(pile, action.card), "hand": (*p.hand, action.card)}
    p = p.replace(**drawn)
    if events.narrate:
        events.append(
            CardDrawn(
                rule=rule,
                player=state.actor,
                who=label(state, state.actor),
                pile=kind,
                card=action.card,
                card_name=card(action.card).name,
            )
        )
    return state.with_player(state.actor, p, drawing=None, draws_left=state.draws_left - 1)


def apply_burn(state: GameState, action: Burn, events: Events) -> GameState:
    """Burn the opening hand at setup (setup.burn): its cards are discarded and a new opening hand is drawn;
    IllegalAction outside setup, or once the player has burnt variant.max_burns hands."""
    require(state.phase == "setup_keep", "a hand can be burnt only at setup", "setup.burn")
    p = state.players[action.player]
    require(
        may_burn(state, p),
        f"under these rules a hand may be burnt at most {state.rules.max_burns} times",
        "variant.max_burns",
    )
    burnt = p.hand
    p = discard_cards(p.replace(hand=(), burns=p.burns + 1), burnt)
    if events.narrate:
        events.append(
            Said(
                rule="setup.burn",
                text=f"{label(state, action.player)} burn {len(burnt)} cards and draw {state.rules.opening_draw} more.",
            )
        )
    state = state.with_player(action.player, p)
    return state.replace(phase="setup_draw", draws_left=state.rules.opening_draw)


def may_burn(state: GameState, player: Player) -> bool:
    """Whether the player may burn one more hand: no variant.max_burns, or fewer burns than it."""
    limit = state.rules.max_burns
    return limit is None or player.burns < limit


def apply_keep(state: GameState, action: KeepHand, events: Events) -> GameState:
    """Keep the opening hand (setup.burn): the player goes on to build; IllegalAction when no hand waits to be kept."""
    require(state.phase == "setup_keep", "there is no hand to keep now", "setup.burn")
    if events.narrate:
        events.append(Said(rule="setup.burn", text=f"{label(state, action.player)} keep the hand."))
    return state.replace(phase="setup_build")


def apply_build(state: GameState, action: Build, events: Events) -> GameState:
    """Build a base from the hand on a slot at setup or in renewal step C (building): a base already there is discarded,
    its troops lost; IllegalAction in the player's words for a card not in hand, an ability, or a slot off the board."""
    require(
        state.phase in ("setup_build", "renewal_build"),
        "bases are built only at setup and in step C of a renewal",
        "renewal.C build",
    )
    p = state.players[action.player]
    # (The messages below look cards up, so they are built only when the check fails.)
    if action.card not in p.hand:
        raise IllegalAction(
            f"{card(action.card).name if is_card(action.card) else action.card} is not in your hand", "building"
        )
    if not isinstance(card(action.card), BaseCard):
        raise IllegalAction(f"{card(action.card).name} is an ability, not a base", "building")
    if not (0 <= action.territory < TERRITORIES and 0 <= action.slot < SLOTS):
        raise IllegalAction("territories and slots are numbered 1 to 3", "building")
    old = p.territories[action.territory][action.slot]
    built = Base(card=action.card, troops=0)
    p = p.replace(
        hand=remove_one(p.hand, action.card),
        territories=territories_with(p, action.territory, action.slot, built),
        base_discard=p.base_discard if old is None else (*p.base_discard, old.card),
    )
    if events.narrate:
        events.append(
            BaseBuilt(
                rule="building",
                player=action.player,
                who=label(state, action.player),
                card=action.card,
                card_name=card(action.card).name,
                territory=action.territory,
                slot=action.slot,
                replaced=None if old is None else base_card(old.card).name,
                replaced_troops=0 if old is None else old.troops,
            )
        )
    return state.with_player(action.player, p)


def apply_finish_building(state: GameState, action: FinishBuilding, events: Events) -> GameState:
    """Finish building: at setup the second player draws next, then turn 1 begins; in a renewal the defender builds
    next, then the second phase begins (renewal.C build); IllegalAction when nobody is building."""
    require(state.phase in ("setup_build", "renewal_build"), "nobody is building now", "renewal.C build")
    if events.narrate:
        events.append(
            Said(
                rule="renewal.C build" if state.phase == "renewal_build" else "setup.build",
                text=f"{label(state, action.player)} finish building.",
            )
        )
    if state.phase == "setup_build":
        if action.player == 0:
            return state.replace(phase="setup_draw", actor=1, draws_left=state.rules.opening_draw)
        if events.narrate:
            events.append(Said(rule="turn", text=f"Turn 1: {label(state, 0)} is the attacking player."))
        return state.replace(phase="renewal_decision", actor=0, attacker=0, turn=1)
    if action.player == state.attacker:
        return state.replace(actor=state.defender)
    state = maintain_specials(state, events)
    return card_effects.entering_main(state.replace(phase="main", actor=state.attacker))


def apply_discard(state: GameState, action: Discard, events: Events) -> GameState:
    """Discard a card from the hand to come down to the hand limit after the renewal draws (renewal.B draw);
    IllegalAction when no discard is due or the card is not in hand."""
    require(state.phase == "renewal_discard", "you discard only to come down to the hand limit", "renewal.B draw")
    p = state.players[action.player]
    require(action.card in p.hand, "that card is not in your hand", "renewal.B draw")
    p = discard_cards(p.replace(hand=remove_one(p.hand, action.card)), [action.card])
    if events.narrate:
        events.append(
            Said(
                rule="renewal.B draw",
                text=f"{label(state, action.player)} discard {card(action.card).name} "
                f"to keep to the hand limit of {state.rules.hand_limit}.",
            )
        )
    return state.with_player(action.player, p)


def apply_renew(state: GameState, action: Renew, events: Events) -> GameState:
    """The attacker's decision at the start of a turn (turn.1 renewal): without renewal the second phase begins; a
    renewal adds a troop to every base of both players below the limit (renewal.A recruit), then the draws begin."""
    require(state.phase == "renewal_decision", "renewal is decided only at the start of a turn", "turn.1 renewal")
    who = label(state, action.player)
    if not action.renew:
        if events.narrate:
            events.append(Said(rule="turn.1 renewal", text=f"{who} do not renew and say so."))
        return card_effects.entering_main(state.replace(phase="main"))
    if events.narrate:
        events.append(Said(rule="turn.1 renewal", text=f"{who} call a renewal; both players follow it."))
    players = list(state.players)
    limit = state.rules.max_troops_per_base
    for index in (state.attacker, state.defender):
        p = players[index]
        territories = [list(terr) for terr in p.territories]
        for t, s, b in p.bases():
            if b.troops < limit:
                territories[t][s] = b.replace(troops=b.troops + 1)
                if events.narrate:
                    events.append(recruited(state, "renewal.A recruit", index, t, s, b, b.troops + 1))
        players[index] = p.replace(territories=as_territories(territories))
    return state.replace(
        players=(players[0], players[1]),
        phase="renewal_draw",
        actor=state.attacker,
        draws_left=state.rules.renewal_draws + extra_draws(state, state.attacker),
    )


def extra_draws(state: GameState, player: int) -> int:
    """The draws a player gets in a renewal beyond the rules' own, from their active ExtraRenewalDraws effects."""
    return sum(
        e.count for owner, e in combat.active_effects(state) if owner == player and isinstance(e, ExtraRenewalDraws)
    )


def apply_end_turn(state: GameState, action: EndTurn, events: Events) -> GameState:
    """The attacker ends the turn (turn.2 end): its recruits and discards, then the defender's turn or a drawn game."""
    require(state.phase == "main", "the turn ends from its second phase, outside battles", "turn.2 attacks")
    require(action.player == state.attacker, "only the attacking player ends the turn", "turn.2 end")
    for index in (state.attacker, state.defender):
        p = state.players[index]
        for cid in p.in_play:
            for effect in ability_card(cid).effects:
                if isinstance(effect, RecruitPerKill):
                    state = _recruit_per_kill(state, index, effect, events)
        p = state.players[index]
        if p.returning:
            for cid in p.returning:
                if events.narrate:
                    events.append(
                        Said(
                            rule="abilities.special",
                            text=f"{possessive(label(state, index))} {ability_card(cid).special_troop.name} "  # type: ignore[union-attr]
                            "is recruited again at the end of the turn.",
                        )
                    )
            p = p.replace(palace=p.palace + p.returning, returning=())
        if p.in_play and events.narrate:
            events.append(
                Said(
                    rule="abilities",
                    text=f"{label(state, index)} discard the abilities in play: "
                    + ", ".join(card(c).name for c in p.in_play)
                    + ".",
                )
            )
        p = p.replace(
            ability_discard=p.ability_discard + p.in_play,
            in_play=(),
            kills_alongside=(0, 0, 0, 0, 0),
        )
        state = state.with_player(index, p)
    state = card_effects.end_of_turn(state)
    state = maintain_specials(state, events)
    nxt = state.defender
    limit = state.rules.turn_limit
    if limit is not None and state.turn >= limit:
        if events.narrate:
            events.append(Said(rule="variant.turn_limit", text=f"The turn limit of {limit} is reached: a draw."))
        return state.replace(phase="game_over", termination="turn_limit", attacks=())
    if events.narrate:
        events.append(
            Said(
                rule="turn",
                text=f"{label(state, action.player)} end the turn; {label(state, nxt)} are now the attacking player.",
            )
        )
    return state.replace(
        attacker=nxt,
        actor=nxt,
        turn=state.turn + 1,
        phase="renewal_decision",
        attacks=(),
    )


def _recruit_per_kill(state: GameState, player: int, effect: RecruitPerKill, events: Events) -> GameState:
    p = state.players[player]
    owed = p.kills_alongside[TROOP_TYPES.index(effect.troop_type)]
    limit = state.rules.max_troops_per_base
    for t, s, b in p.bases():
        if owed == 0:
            break
        if base_card(b.card).troop_type != effect.troop_type or b.troops >= limit:
            continue
        add = min(owed, limit - b.troops)
        owed -= add
        p = set_base(p, t, s, b.replace(troops=b.troops + add))
        if events.narrate:
            events.append(recruited(state, "abilities", player, t, s, b, b.troops + add))
    return state.with_player(player, p)
