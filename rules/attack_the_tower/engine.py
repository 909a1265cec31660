"""The Attack the Tower engine: legal actions, one pure step at a time, and the end of the game.

`apply` validates the action (raising IllegalAction with the rule it breaks), performs it, then
advances through every automatic step (recruiting, pools, skipped allocations, resolution, the end of
a battle) until a player or chance must decide. Nothing here calls `random`: drawing a card is a
chance node whose outcomes and exact probabilities `chance_outcomes` gives.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, TypeVar

from rules.attack_the_tower import card_effects, combat, metadata
from rules.attack_the_tower import observation as seen
from rules.attack_the_tower.actions import (
    Action,
    Allocate,
    Build,
    Burn,
    DeclareAttack,
    Discard,
    DrawCard,
    EndTurn,
    FinishBuilding,
    KeepHand,
    Pass,
    PlayAbility,
    Renew,
    RevealCard,
)
from rules.attack_the_tower.armies import ability_card, army, base_card, card
from rules.attack_the_tower.cards import (
    TROOP_TYPES,
    AbilityCard,
    BaseCard,
    ExtraRenewalDraws,
    Recruit,
    RecruitPerKill,
    SacrificeAfterBattle,
    SacrificeUnmannedBases,
    SpareFromSacrifice,
)
from rules.attack_the_tower.errors import IllegalAction
from rules.attack_the_tower.events import (
    BaseBuilt,
    CardDrawn,
    DamageDealt,
    DamagePool,
    Destroyed,
    GameWon,
    Recruited,
    Said,
    possessive,
)
from rules.attack_the_tower.model import (
    Allocation,
    Base,
    Battle,
    GameState,
    PileKind,
    Player,
    Territory,
    new_player,
)
from rules.attack_the_tower.rule_ids import RuleId
from rules.attack_the_tower.variants import Rules
from rules.core.distribution import Distribution
from rules.core.events import Event
from rules.core.memo import identity_memo
from rules.core.outcome import Outcome
from rules.core.protocol import CHANCE, SIMULTANEOUS, TERMINAL, Game, GameBase
from rules.core.unvalidated import construct, replace


class Events(list[Event]):
    """What one step caused, in order. A quiet list belongs to a look-ahead playing battles out with the
    engine's own offers (its legal actions and allocation requests, checked when they were offered) and
    reading only the positions: the events of combat, which cost more to word than to play, are left out of
    it, and an allocation is not checked again against the request it came from. The position is the same."""

    __slots__ = ("quiet",)

    def __init__(self, quiet: bool = False) -> None:
        super().__init__()
        self.quiet = quiet


# Values that never change, built once: they are immutable, so one object serves every step.
_NO_ALLOCATION = Allocation()
"""What a side with nothing to decide in a combat step hands in."""
_ABILITY_WINDOW = Said(rule="battles.2 abilities", text="Both players may now play abilities.")
_HEAL = Said(rule="battles.5 heal", text="The battle ends: every surviving troop and base heals completely.")


# ---- reading a position -----------------------------------------------------------------------------
def label(state: GameState, player: int) -> str:
    """How events name a player: the army, and the seat when both play the same army.

    Events name players many times a step, so the names are remembered for the players' tuple asked about
    last (every position of a battle shares it)."""
    if player == 0 or player == 1:
        return _names(state.players)[player]
    players = state.players
    return _label(players[0].army, players[1].army, player)


@identity_memo(size=1)
def _names(players: tuple[Player, Player]) -> tuple[str, str]:
    a, b = players[0].army, players[1].army
    return _label(a, b, 0), _label(a, b, 1)


@functools.lru_cache(maxsize=64)
def _label(a: str, b: str, player: int) -> str:
    name = army((a, b)[player]).name
    return f"{name} (player {player + 1})" if a == b else name


def new_game(armies: tuple[str, str] = ("undead", "bandits"), rules: Rules | None = None) -> GameState:
    """A game before setup: full shuffled piles; player 1 draws first (004 'Setting up')."""
    return GameState(
        rules=rules or Rules(),
        players=(new_player(armies[0]), new_player(armies[1])),
        phase="setup_draw",
        actor=0,
        draws_left=(rules or Rules()).opening_draw,
    )


@identity_memo(size=1)
def current_player(state: GameState) -> int:
    """0 or 1 for the player who decides now, CHANCE at a draw, SIMULTANEOUS while both sides still have
    to distribute combat damage (004 battles 3 and 4: both distribute, and the damage is dealt at once),
    TERMINAL when the game is over.

    A game loop asks this several times of each position (to pick the policy, in the policy, in
    `apply`), so the answer for the last position asked about is remembered."""
    phase = state.phase
    if phase == "game_over":
        return TERMINAL
    if state.drawing is not None:
        return CHANCE
    if phase == "main":
        return card_effects.main_phase_actor(state)
    if phase == "renewal_decision":
        return state.attacker
    if phase == "battle":
        battle = state.battle
        assert battle is not None
        if battle.stage == "abilities":
            return battle.actor
        waiting = _waiting_sides(state, battle)
        if len(waiting) == 2:
            return SIMULTANEOUS
        if waiting:
            return waiting[0]
        raise AssertionError("a combat step with both allocations in is resolved at once")
    return state.actor


def _waiting_sides(state: GameState, battle: Battle) -> tuple[int, ...]:
    """The sides whose allocation of this combat step is still to come, the attacker first."""
    return tuple(side for side in (state.attacker, 1 - state.attacker) if battle.pending[side] is None)


def acting_players(state: GameState) -> tuple[int, ...]:
    """Who may act now: the player to move, or both sides of a simultaneous combat step until each has
    distributed its damage; nobody at a draw or at the end."""
    who = current_player(state)
    if who >= 0:
        return (who,)
    if who == SIMULTANEOUS:
        assert state.battle is not None
        return _waiting_sides(state, state.battle)
    return ()


def is_terminal(state: GameState) -> bool:
    return state.phase == "game_over"


def outcome(state: GameState) -> Outcome | None:
    """Who won and why, once the game is over: 1 for the winner and -1 for the loser, 0 each for a draw."""
    if state.termination is None:
        return None
    termination = metadata.Termination[state.termination.upper()]
    return Outcome.duel(termination, state.winner if state.termination == "palace_destroyed" else None)


def _pile(player: Player, kind: PileKind) -> tuple[str, ...]:
    return player.base_pile if kind == "base" else player.ability_pile


def _discards(player: Player, kind: PileKind) -> tuple[str, ...]:
    return player.base_discard if kind == "base" else player.ability_discard


def drawable_piles(state: GameState, player: int) -> list[PileKind]:
    """Piles the player can draw from now (an empty pile counts when its discards can be reshuffled)."""
    p = state.players[player]
    out: list[PileKind] = []
    for kind in ("base", "ability"):
        if _pile(p, kind) or (state.rules.empty_pile == "reshuffle" and _discards(p, kind)):
            out.append(kind)
    return out


def chance_outcomes(state: GameState) -> Distribution[RevealCard]:
    """At a draw: each distinct card of the pile, with probability copies / cards in the pile."""
    if state.drawing is None:
        raise IllegalAction("no card is being drawn, so there is no chance outcome")
    return _pile_distribution(_pile(state.players[state.actor], state.drawing))


@functools.lru_cache(maxsize=4096)
def _pile_distribution(pile: tuple[str, ...]) -> Distribution[RevealCard]:
    return Distribution.from_counts({_reveal_action(c): n for c, n in Counter(pile).items()})


@functools.lru_cache(maxsize=1024)
def _reveal_action(card_id: str) -> RevealCard:
    """The chance outcome that reveals this card. Actions are immutable, so each distinct action is built
    once and shared (this and the other cached action builders below: building costs more than a look-up)."""
    return construct(RevealCard, card=card_id)


def allocation_request(state: GameState, side: int | None = None) -> combat.AllocationRequest | None:
    """The damage `side` (default: the first player still to act) must distribute now, or None."""
    if side is None:
        acting = acting_players(state)
        if not acting:
            return None
        side = acting[0]
    who = side
    return combat.allocation_request(state, who)


# ---- legal actions ----------------------------------------------------------------------------------
def _distinct(cards: Sequence[str]) -> list[str]:
    return sorted(set(cards))


def legal_actions(state: GameState, player: int | None = None) -> Sequence[Any]:
    """Every action `player` may take now (default: every acting player's); at a chance node, the
    possible cards.

    At an allocation, every distinct allocation (see combat.enumerate_vectors); allocations that only
    differ by which of two interchangeable troops is hit, are listed once. They can run to thousands, so
    they come as a sequence that builds each action when it is looked at (`combat.AllocateActions`).
    """
    who = current_player(state)
    if who == TERMINAL:
        return []
    if who == CHANCE:
        return list(chance_outcomes(state).outcomes()) if player is None else []
    if player is not None:
        return _player_actions(state, player) if player in acting_players(state) else []
    out: list[Any] = []
    for side in acting_players(state):
        out += _player_actions(state, side)
    return out


def _player_actions(state: GameState, who: int) -> Sequence[Any]:
    p = state.players[who]
    phase = state.phase
    out: list[Any] = []
    if phase in ("setup_draw", "renewal_draw"):
        out = [_draw_action(who, k) for k in drawable_piles(state, who)]
    elif phase == "setup_keep":
        out = [_plain_action(KeepHand, who)]
        if _may_burn(state, p):
            out.append(_plain_action(Burn, who))
    elif phase in ("setup_build", "renewal_build"):
        out = list(_build_actions(who, tuple(c for c in _distinct(p.hand) if isinstance(card(c), BaseCard))))
    elif phase == "renewal_discard":
        out = list(_discard_actions(who, p.hand))
    elif phase == "renewal_decision":
        out = list(_renew_actions(who))
    elif phase == "main" and who != state.attacker:  # the defender's window (Rules.main_phase_abilities)
        out = [*_ability_plays(state, who), _plain_action(Pass, who)]
    elif phase == "main":
        out = [*_attacks(state), *_ability_plays(state, who), _plain_action(EndTurn, who)]
    elif phase == "battle":
        battle = state.battle
        assert battle is not None
        if battle.stage == "abilities":
            out = [*_ability_plays(state, who), _plain_action(Pass, who)]
        else:
            request = combat.allocation_request(state, who)
            assert request is not None
            return request.actions()
    return out


def _ability_plays(state: GameState, who: int) -> tuple[PlayAbility, ...]:
    plays = _play_actions(who, state.players[who].hand)
    if not any(card_effects.needs_targets(a.card) for a in plays):
        return plays
    return tuple(
        construct(PlayAbility, player=who, card=a.card, targets=targets)
        for a in plays
        for targets in card_effects.target_options(state, who, a.card)
    )


_Plain = TypeVar("_Plain", KeepHand, Burn, FinishBuilding, EndTurn, Pass)


@functools.lru_cache(maxsize=64)
def _plain_action(kind: type[_Plain], who: int) -> _Plain:
    """An action that names only the player (cached and shared, as `_reveal_action`)."""
    return construct(kind, player=who)


@functools.lru_cache(maxsize=64)
def _draw_action(who: int, pile: PileKind) -> DrawCard:
    return construct(DrawCard, player=who, pile=pile)


@functools.lru_cache(maxsize=8)
def _renew_actions(who: int) -> tuple[Renew, Renew]:
    return construct(Renew, player=who, renew=True), construct(Renew, player=who, renew=False)


@functools.lru_cache(maxsize=1024)
def _build_actions(who: int, bases: tuple[str, ...]) -> tuple[Build | FinishBuilding, ...]:
    """Every base card (distinct, sorted) on every slot, then finishing (cached, as `_reveal_action`)."""
    builds: list[Build | FinishBuilding] = [
        construct(Build, player=who, card=c, territory=t, slot=s) for c in bases for t in range(3) for s in range(3)
    ]
    return (*builds, _plain_action(FinishBuilding, who))


@functools.lru_cache(maxsize=1024)
def _discard_actions(who: int, hand: tuple[str, ...]) -> tuple[Discard, ...]:
    return tuple(construct(Discard, player=who, card=c) for c in _distinct(hand))


@functools.lru_cache(maxsize=1024)
def _play_actions(who: int, hand: tuple[str, ...]) -> tuple[PlayAbility, ...]:
    return tuple(
        construct(PlayAbility, player=who, card=c) for c in _distinct(hand) if isinstance(card(c), AbilityCard)
    )


def _special_subsets(n: int) -> list[tuple[int, ...]]:
    return [tuple(i for i in range(n) if mask >> i & 1) for mask in range(1 << n)]


def _attacks(state: GameState) -> list[DeclareAttack]:
    me = state.players[state.attacker]
    rules = state.rules
    limit = rules.attacks_per_territory_per_turn
    return list(
        _attack_list(
            state.attacker,
            tuple([_manned(terr) for terr in me.territories]),
            len(me.palace) if rules.special_troops_join_attacks else 0,
            () if limit is None else tuple(t for t in range(3) if state.attacks.count(t) >= limit),
        )
    )


def _manned(territory: Territory) -> bool:
    """Whether any base of the territory holds a troop (as `Player.troops_in(t) > 0`)."""
    return any(base is not None and base.troops > 0 for base in territory)


@functools.lru_cache(maxsize=1024)
def _attack_list(
    attacker: int, manned: tuple[bool, ...], specials_on_palace: int, spent: tuple[int, ...]
) -> tuple[DeclareAttack, ...]:
    subsets = _special_subsets(specials_on_palace)
    out = []
    for origin in range(3):
        if origin in spent:
            continue
        for specials in subsets:
            if not manned[origin] and not specials:
                continue
            out += [
                construct(DeclareAttack, player=attacker, origin=origin, target=t, specials=specials) for t in range(3)
            ]
    return tuple(out)


# ---- small helpers that return new positions --------------------------------------------------------
def _with_player(state: GameState, index: int, player: Player, **changes: Any) -> GameState:
    """The position with one player replaced and, in the same copy, any other `changes`."""
    players = (player, state.players[1]) if index == 0 else (state.players[0], player)
    return replace(state, players=players, **changes)


def _remove_one(cards: tuple[str, ...], cid: str) -> tuple[str, ...]:
    i = cards.index(cid)
    return cards[:i] + cards[i + 1 :]


def _set_base(player: Player, territory: int, slot: int, base: Base | None) -> Player:
    return replace(player, territories=_territories_with(player, territory, slot, base))


def _territories_with(
    player: Player, territory: int, slot: int, base: Base | None
) -> tuple[Territory, Territory, Territory]:
    """The player's territories with one slot changed."""
    terr = list(player.territories[territory])
    terr[slot] = base
    territories = list(player.territories)
    territories[territory] = (terr[0], terr[1], terr[2])
    return territories[0], territories[1], territories[2]


def _require(condition: bool, message: str, rule: RuleId) -> None:
    if not condition:
        raise IllegalAction(message, rule)


# ---- apply ------------------------------------------------------------------------------------------
def apply(state: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
    """The position after `action` and the events it caused, through every automatic step after it."""
    if state.phase == "game_over":
        raise IllegalAction("the game is over", "palace")
    who = current_player(state)
    if isinstance(action, RevealCard):
        if who != CHANCE:
            raise IllegalAction("no card is being drawn now", "setup")
    else:
        if who == CHANCE:
            raise IllegalAction("a card is being drawn; reveal it first", "setup")
        player = getattr(action, "player", None)
        acting = acting_players(state)
        if player not in acting:
            if player not in (0, 1):
                raise IllegalAction("this action names no player", _phase_rule(state))
            if who == SIMULTANEOUS or not isinstance(action, Allocate) or state.battle is None:
                raise IllegalAction(
                    f"it is {possessive(label(state, acting[0]))} decision now, not {possessive(label(state, player))}",
                    _phase_rule(state),
                )
    events = Events()
    return _perform(state, action, events), tuple(events)


def next_position(state: GameState, action: Action) -> GameState:
    """The position `apply` gives, for look-aheads that play many battles out with the engine's own offers
    (a legal action, an allocation from the request) and read none of what happened: see `Events`."""
    return _perform(state, action, Events(quiet=True))


def _perform(state: GameState, action: Action, events: Events) -> GameState:
    """The action's handler, then every automatic step after it (the checks of who may act are done)."""
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise IllegalAction(f"unknown action {action!r}")
    state = handler(state, action, events)
    return _advance(state, events)


def _phase_rule(state: GameState) -> RuleId:
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


def _draw(state: GameState, action: DrawCard, events: Events) -> GameState:
    _require(
        state.phase in ("setup_draw", "renewal_draw"),
        "cards are drawn only at setup and in a renewal",
        "renewal.B draw",
    )
    _require(state.draws_left > 0, "no draws are left", "renewal.B draw")
    p = state.players[action.player]
    if not _pile(p, action.pile):
        discards = _discards(p, action.pile)
        _require(
            state.rules.empty_pile == "reshuffle" and bool(discards),
            f"the {action.pile} pile is empty",
            "variant.empty_pile",
        )
        field = "base" if action.pile == "base" else "ability"
        p = replace(p, **{f"{field}_pile": tuple(sorted(discards)), f"{field}_discard": ()})
        state = _with_player(state, action.player, p)
        events.append(
            Said(
                rule="variant.empty_pile",
                text=f"{label(state, action.player)} shuffles {len(discards)} discarded "
                f"{action.pile} cards into a new {action.pile} pile.",
            )
        )
    return replace(state, **{"drawing": action.pile})


def _reveal(state: GameState, action: RevealCard, events: Events) -> GameState:
    kind = state.drawing
    assert kind is not None
    p = state.players[state.actor]
    pile = _pile(p, kind)
    _require(action.card in pile, f"{action.card} is not in the {kind} pile", "setup")
    field = "base_pile" if kind == "base" else "ability_pile"
    p = replace(p, **{field: _remove_one(pile, action.card), "hand": (*p.hand, action.card)})
    rule: RuleId = "setup" if state.phase == "setup_draw" else "renewal.B draw"
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
    return _with_player(state, state.actor, p, drawing=None, draws_left=state.draws_left - 1)


def _discard_cards(player: Player, cards: Sequence[str]) -> Player:
    bases = tuple(c for c in cards if isinstance(card(c), BaseCard))
    abilities = tuple(c for c in cards if not isinstance(card(c), BaseCard))
    return replace(
        player,
        **{
            "base_discard": player.base_discard + bases,
            "ability_discard": player.ability_discard + abilities,
        },
    )


def _burn(state: GameState, action: Burn, events: Events) -> GameState:
    _require(state.phase == "setup_keep", "a hand can be burnt only at setup", "setup.burn")
    p = state.players[action.player]
    _require(
        _may_burn(state, p),
        f"under these rules a hand may be burnt at most {state.rules.max_burns} times",
        "variant.max_burns",
    )
    burnt = p.hand
    p = _discard_cards(replace(p, **{"hand": (), "burns": p.burns + 1}), burnt)
    events.append(
        Said(
            rule="setup.burn",
            text=f"{label(state, action.player)} burns {len(burnt)} cards and draws {state.rules.opening_draw} more.",
        )
    )
    state = _with_player(state, action.player, p)
    return replace(state, **{"phase": "setup_draw", "draws_left": state.rules.opening_draw})


def _may_burn(state: GameState, player: Player) -> bool:
    limit = state.rules.max_burns
    return limit is None or player.burns < limit


def _keep(state: GameState, action: KeepHand, events: Events) -> GameState:
    _require(state.phase == "setup_keep", "there is no hand to keep now", "setup.burn")
    events.append(Said(rule="setup.burn", text=f"{label(state, action.player)} keeps the hand."))
    return replace(state, **{"phase": "setup_build"})


def _build(state: GameState, action: Build, events: Events) -> GameState:
    _require(
        state.phase in ("setup_build", "renewal_build"),
        "bases are built only at setup and in step C of a renewal",
        "renewal.C build",
    )
    p = state.players[action.player]
    # (The messages below look cards up, so they are built only when the check fails.)
    if action.card not in p.hand:
        raise IllegalAction(
            f"{card(action.card).name if _known(action.card) else action.card} is not in your hand", "building"
        )
    if not isinstance(card(action.card), BaseCard):
        raise IllegalAction(f"{card(action.card).name} is an ability, not a base", "building")
    old = p.base_at(action.territory, action.slot)
    built = Base(card=action.card, troops=0)
    changes = {
        "hand": _remove_one(p.hand, action.card),
        "territories": _territories_with(p, action.territory, action.slot, built),
    }
    if old is not None:
        changes["base_discard"] = (*p.base_discard, old.card)
    p = replace(p, **changes)
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
    return _with_player(state, action.player, p)


def _known(cid: str) -> bool:
    try:
        card(cid)
    except KeyError:
        return False
    return True


def _finish_building(state: GameState, action: FinishBuilding, events: Events) -> GameState:
    _require(state.phase in ("setup_build", "renewal_build"), "nobody is building now", "renewal.C build")
    events.append(
        Said(
            rule="renewal.C build" if state.phase == "renewal_build" else "setup.build",
            text=f"{label(state, action.player)} finishes building.",
        )
    )
    if state.phase == "setup_build":
        if action.player == 0:
            return replace(state, **{"phase": "setup_draw", "actor": 1, "draws_left": state.rules.opening_draw})
        events.append(Said(rule="turn", text=f"Turn 1: {label(state, 0)} is the attacking player."))
        return replace(state, **{"phase": "renewal_decision", "actor": 0, "attacker": 0, "turn": 1})
    if action.player == state.attacker:
        return replace(state, **{"actor": state.defender})
    state = _maintain_specials(state, events)
    return card_effects.entering_main(replace(state, **{"phase": "main", "actor": state.attacker}))


def _discard(state: GameState, action: Discard, events: Events) -> GameState:
    _require(state.phase == "renewal_discard", "you discard only to come down to the hand limit", "renewal.B draw")
    p = state.players[action.player]
    _require(action.card in p.hand, "that card is not in your hand", "renewal.B draw")
    p = _discard_cards(replace(p, **{"hand": _remove_one(p.hand, action.card)}), [action.card])
    events.append(
        Said(
            rule="renewal.B draw",
            text=f"{label(state, action.player)} discards {card(action.card).name} "
            f"to keep to the hand limit of {state.rules.hand_limit}.",
        )
    )
    return _with_player(state, action.player, p)


def _renew(state: GameState, action: Renew, events: Events) -> GameState:
    _require(state.phase == "renewal_decision", "renewal is decided only at the start of a turn", "turn.1 renewal")
    who = label(state, action.player)
    if not action.renew:
        events.append(Said(rule="turn.1 renewal", text=f"{who} does not renew and says so."))
        return card_effects.entering_main(replace(state, **{"phase": "main"}))
    events.append(Said(rule="turn.1 renewal", text=f"{who} calls a renewal; both players follow it."))
    players = list(state.players)
    limit = state.rules.max_troops_per_base
    for index in (state.attacker, state.defender):
        p = players[index]
        territories = [list(terr) for terr in p.territories]
        for t, s, b in p.bases():
            if b.troops < limit:
                territories[t][s] = replace(b, troops=b.troops + 1)
                events.append(
                    Recruited(
                        rule="renewal.A recruit",
                        player=index,
                        who=label(state, index),
                        territory=t,
                        slot=s,
                        troop_name=base_card(b.card).troop_name,
                        count=1,
                        now=b.troops + 1,
                    )
                )
        players[index] = replace(p, territories=tuple((t[0], t[1], t[2]) for t in territories))
    return replace(
        state,
        players=(players[0], players[1]),
        phase="renewal_draw",
        actor=state.attacker,
        draws_left=state.rules.renewal_draws + _extra_draws(state, state.attacker),
    )


def _extra_draws(state: GameState, player: int) -> int:
    return sum(
        e.count for owner, e in combat.active_effects(state) if owner == player and isinstance(e, ExtraRenewalDraws)
    )


def _declare(state: GameState, action: DeclareAttack, events: Events) -> GameState:
    _require(state.phase == "main", "attacks are declared in the second phase of the turn", "turn.2 attacks")
    _require(action.player == state.attacker, "only the attacking player declares attacks", "turn.2 attacks")
    me = state.players[action.player]
    limit = state.rules.attacks_per_territory_per_turn
    if limit is not None:
        _require(
            state.attacks.count(action.origin) < limit,
            f"territory {action.origin + 1} has already attacked this turn",
            "variant.attacks_per_territory",
        )
    if action.specials:
        _require(
            state.rules.special_troops_join_attacks,
            "under these rules special troops do not join attacks",
            "variant.special_troops_join_attacks",
        )
        _require(
            len(set(action.specials)) == len(action.specials) and all(0 <= i < len(me.palace) for i in action.specials),
            "those special troops are not on your palace",
            "abilities.special",
        )
    _require(
        me.troops_in(action.origin) > 0 or bool(action.specials),
        f"territory {action.origin + 1} has no troops to attack with",
        "battles",
    )
    battle = construct(
        Battle,
        origin=action.origin,
        target=action.target,
        specials=tuple(sorted(action.specials)),
        actor=state.attacker,
    )
    if not events.quiet:
        joined = f" with {len(action.specials)} special troop(s)" if action.specials else ""
        events.append(
            Said(
                rule="battles.1 declare",
                text=f"{label(state, action.player)} attacks from territory {action.origin + 1}{joined} "
                f"against {possessive(label(state, state.defender))} territory {action.target + 1}.",
            )
        )
    events.append(_ABILITY_WINDOW)
    return replace(state, **{"phase": "battle", "battle": battle, "attacks": (*state.attacks, action.origin)})


def _play(state: GameState, action: PlayAbility, events: Events) -> GameState:
    in_window = state.phase == "battle" and state.battle is not None and state.battle.stage == "abilities"
    _require(
        state.phase == "main" or in_window,
        "abilities are played in the second phase of the turn or before a battle's combat",
        "battles.2 abilities",
    )
    p = state.players[action.player]
    _require(action.card in p.hand, "that card is not in your hand", "abilities")
    ability = card(action.card)
    _require(
        isinstance(ability, AbilityCard),
        f"{ability.name} is a base; bases are built, not played",
        "abilities",
    )
    assert isinstance(ability, AbilityCard)
    p = replace(p, **{"hand": _remove_one(p.hand, action.card)})
    who = label(state, action.player)
    if ability.special_troop is not None:
        state = _recruit_special(_with_player(state, action.player, p), action.player, action.card, events)
    else:
        p = replace(p, **{"in_play": (*p.in_play, action.card)})
        state = _with_player(state, action.player, p)
        note = "" if ability.not_implemented is None else " (its effect is not implemented yet)"
        events.append(Said(rule="abilities", text=f'{who} plays {ability.name}: "{ability.text}"{note}'))
        for effect in ability.effects:
            if isinstance(effect, Recruit):
                state = _recruit_effect(state, action.player, effect, ability.name, events)
        state = card_effects.on_play(state, action, ability, events, label)
        state = _maintain_specials(state, events)
    if in_window:
        assert state.battle is not None
        state = replace(state, **{"battle": replace(state.battle, **{"passes": 0})})
    return state


def _recruit_effect(state: GameState, player: int, effect: Recruit, name: str, events: Events) -> GameState:
    p = state.players[player]
    limit = state.rules.max_troops_per_base
    for t, s, b in p.bases():
        troop_type = base_card(b.card).troop_type
        if troop_type not in effect.troop_types:
            continue
        if effect.only_in_territories_with is not None and not any(
            other is not None
            and other.troops > 0
            and base_card(other.card).troop_type == effect.only_in_territories_with
            for other in p.territories[t]
        ):
            continue
        target = limit if effect.amount == "fill" else min(limit, b.troops + effect.amount)
        if target > b.troops:
            p = _set_base(p, t, s, replace(b, **{"troops": target}))
            events.append(
                Recruited(
                    rule="abilities",
                    player=player,
                    who=label(state, player),
                    territory=t,
                    slot=s,
                    troop_name=base_card(b.card).troop_name,
                    count=target - b.troops,
                    now=target,
                )
            )
    return _with_player(state, player, p)


def _recruit_special(state: GameState, player: int, cid: str, events: Events) -> GameState:
    spec = ability_card(cid).special_troop
    assert spec is not None
    p = state.players[player]
    who = label(state, player)
    if "unique" in spec.traits:
        older = [c for c in p.palace if "unique" in (ability_card(c).special_troop.traits)]  # type: ignore[union-attr]
        for c in older:
            p = replace(p, **{"palace": _remove_one(p.palace, c), "ability_discard": (*p.ability_discard, c)})
            events.append(
                Destroyed(
                    rule="traits.unique",
                    player=player,
                    who=who,
                    target=f"p{player}/palace",
                    target_name=ability_card(c).special_troop.name,  # type: ignore[union-attr]
                    reason="a newer unique troop was recruited",
                )
            )
    p = replace(p, **{"palace": (*p.palace, cid)})
    events.append(
        Said(rule="abilities.special", text=f"{who} recruits a {spec.name} (power {spec.power}) on the palace.")
    )
    return _maintain_specials(_with_player(state, player, p), events)


def _maintain_specials(state: GameState, events: Events) -> GameState:
    """000: 'for each special troop on your palace, you'll have to control a complete territory with
    three bases ... if you fail to meet this requisite, the special troop is immediately destroyed'."""
    for index in (0, 1):
        p = state.players[index]
        if not p.palace:
            continue
        needy = [i for i, c in enumerate(p.palace) if "loyal" not in ability_card(c).special_troop.traits]  # type: ignore[union-attr]
        if not needy:
            continue
        excess = len(needy) - p.complete_territories()
        if excess <= 0:
            continue
        for i in reversed(needy[-excess:]):
            cid = p.palace[i]
            p = replace(
                p,
                **{"palace": p.palace[:i] + p.palace[i + 1 :], "ability_discard": (*p.ability_discard, cid)},
            )
            events.append(
                Destroyed(
                    rule="abilities.special",
                    player=index,
                    who=label(state, index),
                    target=f"p{index}/palace/{i}",
                    target_name=ability_card(cid).special_troop.name,  # type: ignore[union-attr]
                    reason=f"only {p.complete_territories()} complete territories maintain special troops",
                )
            )
            state = _forget_special(state, index, i)
        state = _with_player(state, index, p)
    return state


def _forget_special(state: GameState, player: int, index: int) -> GameState:
    """A battle in progress forgets a special troop removed from the palace mid-battle (a base destroyed by an
    ability breaks a complete territory): the attacker's joined troops, damage and deaths are renumbered
    to the palace indices left, so the battle goes on with the troops that still exist."""
    battle = state.battle
    if battle is None:
        return state
    prefix = f"p{player}/palace/"

    def renumbered(key: str) -> str | None:
        if not key.startswith(prefix):
            return key
        i = int(key[len(prefix) :])
        return None if i == index else f"{prefix}{i - 1 if i > index else i}"

    specials = battle.specials
    if player == state.attacker:
        specials = tuple(i - 1 if i > index else i for i in specials if i != index)
    damage = tuple((k, n) for key, n in battle.damage if (k := renumbered(key)) is not None)
    dead = tuple(k for key in battle.dead if (k := renumbered(key)) is not None)
    return replace(state, battle=replace(battle, specials=specials, damage=damage, dead=dead))


def _pass(state: GameState, action: Pass, events: Events) -> GameState:
    if state.phase == "main":
        return card_effects.end_main_window(state, action.player, events, label)
    battle = state.battle
    _require(
        battle is not None and battle.stage == "abilities",
        "there is no ability window open",
        "battles.2 abilities",
    )
    assert battle is not None
    if not events.quiet:
        who = label(state, action.player)
        events.append(Said(rule="battles.2 abilities", text=f"{who} plays no more abilities."))
    if battle.passes == 1:
        return _enter_stage(state, replace(battle, stage="initiative", passes=0, pending=(None, None)), events)
    return replace(state, **{"battle": replace(battle, **{"passes": 1, "actor": 1 - battle.actor})})


def _allocate(state: GameState, action: Allocate, events: Events) -> GameState:
    battle = state.battle
    _require(
        battle is not None and battle.stage in ("initiative", "regular", "unmanned"),
        "no damage is being distributed now",
        "battles",
    )
    assert battle is not None
    _require(battle.pending[action.player] is None, "you have already distributed this damage", "battles")
    request = combat.allocation_request(state, action.player)
    _require(request is not None, "you have no damage to distribute in this step", "battles")
    assert request is not None
    if not events.quiet:
        combat.validate_allocation(state, request, action.allocation)
    pending = list(battle.pending)
    pending[action.player] = action.allocation
    if battle.stage != "unmanned" and pending[1 - action.player] is None and not events.quiet:
        events.append(
            Said(
                rule=_stage_rule(battle.stage),
                text=f"{label(state, action.player)} has distributed its {battle.stage} damage "
                "(hidden until both sides have).",
            )
        )
    return replace(state, **{"battle": replace(battle, **{"pending": (pending[0], pending[1])})})


def _end_turn(state: GameState, action: EndTurn, events: Events) -> GameState:
    _require(state.phase == "main", "the turn ends from its second phase, outside battles", "turn.2 attacks")
    _require(action.player == state.attacker, "only the attacking player ends the turn", "turn.2 end")
    for index in (state.attacker, state.defender):
        p = state.players[index]
        for cid in p.in_play:
            for effect in ability_card(cid).effects:
                if isinstance(effect, RecruitPerKill):
                    state = _recruit_per_kill(state, index, effect, events)
        p = state.players[index]
        if p.returning:
            for cid in p.returning:
                events.append(
                    Said(
                        rule="abilities.special",
                        text=f"{possessive(label(state, index))} {ability_card(cid).special_troop.name} "  # type: ignore[union-attr]
                        "is recruited again at the end of the turn.",
                    )
                )
            p = replace(p, **{"palace": p.palace + p.returning, "returning": ()})
        if p.in_play:
            events.append(
                Said(
                    rule="abilities",
                    text=f"{label(state, index)} discards the abilities in play: "
                    + ", ".join(card(c).name for c in p.in_play)
                    + ".",
                )
            )
        p = replace(
            p,
            **{
                "ability_discard": p.ability_discard + p.in_play,
                "in_play": (),
                "kills_alongside": (0, 0, 0, 0, 0),
            },
        )
        state = _with_player(state, index, p)
    state = card_effects.end_of_turn(state)
    state = _maintain_specials(state, events)
    nxt = state.defender
    limit = state.rules.turn_limit
    if limit is not None and state.turn >= limit:
        events.append(Said(rule="variant.turn_limit", text=f"The turn limit of {limit} is reached: a draw."))
        return replace(state, **{"phase": "game_over", "termination": "turn_limit", "attacks": ()})
    events.append(
        Said(
            rule="turn",
            text=f"{label(state, action.player)} ends the turn; {label(state, nxt)} is now the attacking player.",
        )
    )
    return replace(
        state,
        **{"attacker": nxt, "actor": nxt, "turn": state.turn + 1, "phase": "renewal_decision", "attacks": ()},
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
        p = _set_base(p, t, s, replace(b, **{"troops": b.troops + add}))
        events.append(
            Recruited(
                rule="abilities",
                player=player,
                who=label(state, player),
                territory=t,
                slot=s,
                troop_name=base_card(b.card).troop_name,
                count=add,
                now=b.troops + add,
            )
        )
    return _with_player(state, player, p)


_HANDLERS: dict[type, Any] = {
    DrawCard: _draw,
    RevealCard: _reveal,
    Burn: _burn,
    KeepHand: _keep,
    Build: _build,
    FinishBuilding: _finish_building,
    Discard: _discard,
    Renew: _renew,
    DeclareAttack: _declare,
    PlayAbility: _play,
    Pass: _pass,
    Allocate: _allocate,
    EndTurn: _end_turn,
}


# ---- automatic steps --------------------------------------------------------------------------------
def _advance(state: GameState, events: Events) -> GameState:
    """Perform every step that needs no decision, until a player or chance must choose."""
    while True:
        nxt = _automatic_step(state, events)
        if nxt is None:
            return state
        state = nxt


def _automatic_step(state: GameState, events: Events) -> GameState | None:
    phase = state.phase
    if state.drawing is not None or phase == "game_over":
        return None
    if phase in ("setup_draw", "renewal_draw"):
        if state.draws_left > 0 and drawable_piles(state, state.actor):
            return None
        if state.draws_left > 0:
            events.append(
                Said(rule="variant.empty_pile", text=f"{label(state, state.actor)} has no cards left to draw.")
            )
        state = replace(state, **{"draws_left": 0})
        if phase == "setup_draw":
            return replace(state, **{"phase": "setup_keep"})
        return _after_renewal_draws(state)
    if phase == "renewal_discard":
        if len(state.players[state.actor].hand) > state.rules.hand_limit:
            return None
        return _next_renewal_drawer(state)
    if phase == "battle":
        return _battle_step(state, events)
    return None


def _after_renewal_draws(state: GameState) -> GameState:
    if len(state.players[state.actor].hand) > state.rules.hand_limit:
        return replace(state, **{"phase": "renewal_discard"})
    return _next_renewal_drawer(state)


def _next_renewal_drawer(state: GameState) -> GameState:
    if state.actor == state.attacker:
        return replace(
            state,
            **{
                "phase": "renewal_draw",
                "actor": state.defender,
                "draws_left": state.rules.renewal_draws + _extra_draws(state, state.defender),
            },
        )
    return replace(state, **{"phase": "renewal_build", "actor": state.attacker})


def _enter_stage(state: GameState, battle: Battle, events: Events) -> GameState:
    """Start a combat step: announce both pools (004 battles 3 and 4).

    `battle` is the battle in its new stage, with no allocation pending."""
    state = replace(state, battle=battle)
    stage = battle.stage
    if stage == "initiative":
        state = card_effects.combat_start(state, events, label, _unit_label)
    rule: RuleId = _stage_rule(stage)
    attacker = state.attacker
    if stage == "unmanned":
        what = "the palace is" if battle.at_palace else "the bases are"
        events.append(Said(rule=rule, text=f"Every defending troop is dead: {what} unmanned."))
        sides: tuple[int, ...] = (attacker,)
    else:
        sides = (attacker, 1 - attacker)
    if events.quiet:
        return state
    step = combat.combat_step(state)
    for side in sides:
        pool = step.pool(side)
        events.append(
            DamagePool(
                rule=rule,
                player=side,
                who=label(state, side),
                stage=stage,
                amount=pool.total,
                artillery=pool.artillery,
                made_of=pool.describe,
            )
        )
    return state


def _battle_step(state: GameState, events: Events) -> GameState | None:
    battle = state.battle
    assert battle is not None
    stage = battle.stage
    if stage == "abilities":
        return None
    pending = list(battle.pending)
    changed = False
    attacker = state.attacker
    defender = 1 - attacker
    step = combat.combat_step(state)
    for side in (attacker, defender):
        if pending[side] is None and step.request(side) is None:
            if stage != "unmanned":
                pool = step.pool(side)
                if pool.total and not events.quiet:
                    events.append(
                        Said(
                            rule=_stage_rule(stage),
                            text=f"{label(state, side)} has no target for its {pool.total} {stage} damage.",
                        )
                    )
            pending[side] = _NO_ALLOCATION
            changed = True
    if stage == "unmanned":
        pending[defender] = pending[defender] or _NO_ALLOCATION
    first, second = pending
    if first is None or second is None:
        if changed:
            return replace(state, battle=replace(battle, pending=(first, second)))
        return None
    return _resolve_step(state, (first, second), events)


def _stage_rule(stage: str) -> RuleId:
    if stage == "initiative":
        return "battles.3 initiative"
    return "battles.4 regular" if stage == "regular" else "battles.4 unmanned"


def _resolve_step(state: GameState, pending: tuple[Allocation, Allocation], events: Events) -> GameState:
    """Both allocations are in (`pending`, not yet on the battle): apply them at once (damage is
    simultaneous), then move on."""
    battle = state.battle
    assert battle is not None
    step = combat.combat_step(state)
    units = step.sides.by_key() if pending[0].assignments or pending[1].assignments else {}
    damage = dict(battle.damage)
    dead = list(battle.dead)
    stage = battle.stage
    rule: RuleId = _stage_rule(stage)
    attacker = state.attacker
    for side in (attacker, 1 - attacker):
        who = label(state, side)
        for key, amount in pending[side].assignments:
            unit = units[key]
            total = damage.get(key, 0) + amount
            damage[key] = total
            destroyed = total >= unit.toughness
            if destroyed:
                dead.append(key)
            if events.quiet:
                continue
            events.append(
                DamageDealt(
                    rule=rule,
                    player=side,
                    who=who,
                    stage=stage,
                    target=key,
                    target_name=_unit_label(state, unit),
                    amount=amount,
                    total=total,
                    toughness=unit.toughness,
                    destroyed=destroyed,
                )
            )
    if stage == "regular":
        dead += card_effects.destroy_per_fighter(state, pending, battle.dead, dead, events, label)
    update: dict[str, Any] = {
        "damage": tuple(sorted(damage.items())),
        "dead": tuple(dead),
        "pending": (None, None),
    }
    if stage == "initiative":
        leftover = [0, 0]
        for side in (0, 1):
            spent = pending[side].total()
            leftover[side] = step.pool(side).general - spent
            if leftover[side] > 0 and state.rules.leftover_initiative_adds_to_regular and not events.quiet:
                events.append(
                    Said(
                        rule="battles.3 leftover",
                        text=f"{possessive(label(state, side))} {leftover[side]} leftover initiative damage "
                        "adds to its regular damage.",
                    )
                )
        update.update(leftover=(leftover[0], leftover[1]), stage="regular")
        return _enter_stage(state, replace(battle, **update), events)
    if stage == "regular":
        to_troops = to_structures = 0
        for key, amount in pending[attacker].assignments:
            if units[key].is_structure:
                to_structures += amount
            else:
                to_troops += amount
        pool = step.pool(attacker)
        remaining = (pool.general - to_troops, pool.artillery - to_structures)
        update["remaining"] = remaining
        gone = update["dead"]
        defenders_left = structures_left = False
        for u in step.sides.defenders:
            if u.key not in gone:
                if u.is_structure:
                    structures_left = True
                else:
                    defenders_left = True
        if not defenders_left and structures_left and sum(remaining) > 0:
            return _enter_stage(state, replace(battle, stage="unmanned", **update), events)
    return _end_battle(replace(state, battle=replace(battle, **update)), events)


def _unit_label(state: GameState, unit: combat.Unit) -> str:
    return _unit_name(label(state, unit.owner), unit.kind, unit.key, unit.name)


@functools.lru_cache(maxsize=4096)
def _unit_name(owner: str, kind: str, key: str, name: str) -> str:
    """How events name a unit (cached: the same few units are named at every step of a battle)."""
    if kind == "troop":
        parts = key.split("/")
        return f"{possessive(owner)} {name} (territory {int(parts[1][1:]) + 1}, slot {int(parts[2][1:]) + 1})"
    if kind == "base":
        parts = key.split("/")
        return f"{possessive(owner)} {name} (territory {int(parts[1][1:]) + 1}, slot {int(parts[2][1:]) + 1})"
    if kind == "special":
        return f"{possessive(owner)} {name} (palace)"
    return f"{possessive(owner)} palace"


@functools.lru_cache(maxsize=256)
def _slot_of(key: str) -> tuple[int, int]:
    """(territory, slot) of a troop or base key such as 'p1/t0/s2/1'."""
    parts = key.split("/")
    return int(parts[1][1:]), int(parts[2][1:])


def _without_destroyed(player: Player, own: list[combat.Unit], dead: set[str]) -> tuple[dict[str, Any], bool]:
    """The fields of `player` that change when its destroyed troops, bases and special troops are removed
    (004 battles 5), and whether its palace fell."""
    fallen = [u for u in own if u.key in dead]
    if not fallen:
        return {}, False
    territories: list[list[Base | None]] = []
    base_discard = player.base_discard
    losses: dict[tuple[int, int], list[int]] = {}
    fallen_specials = []
    palace_fell = False
    for u in fallen:
        if u.kind == "troop":
            losses.setdefault(_slot_of(u.key), []).append(int(u.key.rsplit("/", 1)[1]))
        elif u.kind == "base":
            territories = territories or [list(terr) for terr in player.territories]
            t, s = _slot_of(u.key)
            old = territories[t][s]
            assert old is not None
            territories[t][s] = None
            base_discard = (*base_discard, old.card)
        elif u.kind == "palace":
            palace_fell = True
        else:
            fallen_specials.append(int(u.key.split("/")[2]))
    changes: dict[str, Any] = {}
    if losses:
        territories = territories or [list(terr) for terr in player.territories]
        for (t, s), indices in losses.items():
            b = territories[t][s]
            if b is not None:
                territories[t][s] = card_effects.without_troops(b, indices)
    if territories:
        changes["territories"] = tuple((terr[0], terr[1], terr[2]) for terr in territories)
        changes["base_discard"] = base_discard
    if fallen_specials:
        palace, returning, ability_discard = player.palace, player.returning, player.ability_discard
        for i in sorted(fallen_specials, reverse=True):
            cid = palace[i]
            spec = ability_card(cid).special_troop
            assert spec is not None
            palace = palace[:i] + palace[i + 1 :]
            if spec.returns_at_end_of_turn:
                returning = (*returning, cid)
            else:
                ability_discard = (*ability_discard, cid)
        changes.update(palace=palace, returning=returning, ability_discard=ability_discard)
    return changes, palace_fell


def _end_battle(state: GameState, events: Events) -> GameState:
    """004 battles 5: remove the destroyed, then all survivors heal; the palace falls or is attacked.

    The changes to each player are gathered first and made with one copy of each player."""
    battle = state.battle
    assert battle is not None
    attackers, defenders = combat.who_fought(state)
    dead = set(battle.dead)
    att = state.attacker
    dfn = 1 - att
    effects = combat.battle_effects(state)
    changes: list[dict[str, Any]] = [{}, {}]

    # Vampire: count enemy troops killed in battles where allied troops of each type fought.
    for side, own, enemy in ((att, attackers, defenders), (dfn, defenders, attackers)):
        kills = 0
        for u in enemy:
            if u.key in dead and not u.is_structure:
                kills += 1
        if kills:
            fought = {u.troop_type for u in own if u.kind == "troop"}
            p = state.players[side]
            changes[side]["kills_alongside"] = tuple(
                [c + (kills if t in fought else 0) for c, t in zip(p.kills_alongside, TROOP_TYPES, strict=True)]
            )

    # Sacrifice after battle (Monks, Samurai), unless spared (Kyudoka).
    sacrificed: set[str] = set()
    for side, own in ((att, attackers), (dfn, defenders)) if effects else ():
        types = {t for eo, e in effects if eo == side and isinstance(e, SacrificeAfterBattle) for t in e.troop_types}
        if not types:
            continue
        spare_types = {e.troop_type for eo, e in effects if eo == side and isinstance(e, SpareFromSacrifice)}
        spared = any(u.troop_type in spare_types and u.key not in dead for u in own if u.kind == "troop")
        for u in own:
            if u.kind == "troop" and u.troop_type in types and u.key not in dead:
                if spared:
                    events.append(Said(rule="abilities", text=f"{_unit_label(state, u)} is spared from sacrifice."))
                    continue
                sacrificed.add(u.key)
                events.append(
                    Destroyed(
                        rule="abilities",
                        player=side,
                        who=label(state, side),
                        target=u.key,
                        target_name=u.name,
                        reason="sacrificed after battling",
                    )
                )
    dead |= sacrificed

    # Remove destroyed troops, bases and special troops.
    winner = None
    players = list(state.players)
    for side, own in ((att, attackers), (dfn, defenders)):
        removed, palace_fell = _without_destroyed(players[side], own, dead)
        changes[side].update(removed)
        if changes[side]:
            players[side] = replace(players[side], **changes[side])
        if palace_fell:
            winner = att

    # Huns: defending bases with no troops on them are sacrificed after battling against them.
    for eo, e in effects:
        if (
            eo == att
            and isinstance(e, SacrificeUnmannedBases)
            and not battle.at_palace
            and any(u.kind == "troop" and u.troop_type == e.attacking_troop_type for u in attackers)
        ):
            p = players[dfn]
            for s, b in enumerate(p.territories[battle.target]):
                if b is not None and b.troops == 0:
                    p = replace(_set_base(p, battle.target, s, None), base_discard=(*p.base_discard, b.card))
                    events.append(
                        Destroyed(
                            rule="abilities",
                            player=dfn,
                            who=label(state, dfn),
                            target=combat.base_key(dfn, battle.target, s),
                            target_name=base_card(b.card).name,
                            reason="a base with no troops, sacrificed after battling the Huns",
                        )
                    )
            players[dfn] = p

    events.append(_HEAL)
    if winner is not None:
        events.append(GameWon(rule="palace", player=winner, who=label(state, winner)))
        return replace(
            state,
            players=(players[0], players[1]),
            battle=None,
            phase="game_over",
            winner=winner,
            termination="palace_destroyed",
        )
    state = replace(state, players=(players[0], players[1]), battle=None, phase="main")
    state = card_effects.entering_main(_maintain_specials(state, events))
    if battle.at_palace:
        return state
    defender_territory = state.players[dfn].territories[battle.target]
    survivors_specials = tuple(
        i - sum(1 for u in attackers if u.kind == "special" and u.key in dead and int(u.key.split("/")[2]) < i)
        for i in battle.specials
        if combat.special_key(att, i) not in dead
    )
    survivors = state.players[att].troops_in(battle.origin) + len(survivors_specials)
    if all(b is None for b in defender_territory) and survivors > 0:
        if not events.quiet:
            events.append(
                Said(
                    rule="palace",
                    text=f"{possessive(label(state, att))} {survivors} surviving troop(s) attack "
                    f"{possessive(label(state, dfn))} palace.",
                )
            )
        palace_battle = construct(
            Battle, origin=battle.origin, target=battle.target, at_palace=True, specials=survivors_specials, actor=att
        )
        events.append(_ABILITY_WINDOW)
        return replace(state, phase="battle", battle=palace_battle)
    return state


# ---- the protocol object ----------------------------------------------------------------------------
class AttackTheTower(GameBase):
    """The engine as an object implementing `rules.core.Game` (for sessions and generic tools)."""

    card = metadata.CARD

    def current_player(self, state: GameState) -> int:
        return current_player(state)

    acting_players = staticmethod(acting_players)
    legal_actions = staticmethod(legal_actions)
    chance_outcomes = staticmethod(chance_outcomes)
    apply = staticmethod(apply)
    is_terminal = staticmethod(is_terminal)
    outcome = staticmethod(outcome)
    observation = staticmethod(seen.observation)
    determinize = staticmethod(seen.determinize)
    sample_determinization = staticmethod(seen.sample_determinization)

    def num_players(self, state: GameState) -> int:
        return 2


GAME: Game[GameState, Any] = AttackTheTower()


def probability_of(state: GameState, reveal: RevealCard) -> Fraction:
    """The exact probability of one chance outcome."""
    return chance_outcomes(state)[reveal]
