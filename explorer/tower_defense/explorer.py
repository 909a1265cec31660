"""The Tower Defense explorer without a browser: a session of pure engine steps walked phase by phase,
the Phase 6 actions, a position editor and the calculators beside the board.

No rule is decided here: what is legal, what a step does, Hit Points, damage, boosts, the plan and the
odds all come from rules.tower_defense. Where an action needs a payment and none is given, the
explorer takes the cheapest of the payments the engine lists as legal; when there is none, it hands
the engine an empty payment so that the refusal says what the action costs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from explorer.line_tests import LineTests
from explorer.markup import presented
from explorer.navigation import SessionNavigation
from explorer.positions import PositionFiles, edit_by
from rules.core.distribution import Distribution
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.tower_defense import analysis, editing, engine, examples, policies, text
from rules.tower_defense.actions import (
    CombineAttack,
    EndActions,
    NextPhase,
)
from rules.tower_defense.analysis import BoostOption, Plan
from rules.tower_defense.cards import CREDIT_TYPES
from rules.tower_defense.catalog import credit_type
from rules.tower_defense.game import GAME
from rules.tower_defense.model import GameState, Tower
from rules.tower_defense.places import Coord
from rules.tower_defense.policies import appraisal


@dataclass(frozen=True)
class IncomeOdds:
    """The next Phase 5 in numbers: the exact distribution of the credit types revealed, how many
    credits each player takes, and per type the chance of at least one and the expected count."""

    income: int
    cards: Distribution[tuple[str, ...]]
    types: Distribution[tuple[str, ...]]
    shares: tuple[int, ...]
    at_least_one: dict[str, Fraction]
    expected: dict[str, Fraction]


class TowerDefenseExplorer(SessionNavigation[GameState], PositionFiles[GameState], LineTests):
    """One position and the lines of play from it. Methods return what happened as events."""

    game_slug = "tower-defense"
    game = GAME
    examples = examples
    editing = editing
    policies = policies
    default_example = "busy-board"
    default_policy = "simple"

    def __init__(
        self, position: GameState | str | None = None, *, policy_name: str | None = None, seed: int = 0
    ) -> None:
        self.homes: dict[str, Coord] = {}
        """Where each track piece lay in every position this explorer has held (for restoring)."""
        super().__init__(position, policy_name=policy_name, seed=seed)

    def _reset(self, position: GameState) -> None:
        """A new session from `position`, remembering where its track pieces lie."""
        super()._reset(position)
        self.homes.update(editing.home_spaces(position))

    # ---- reading ---------------------------------------------------------------------------------
    def phase_words(self) -> str:
        """Where the turn stands, in rules.tower_defense.text's words ('Turn 7, Phase 3: all Waves move')."""
        return text.phase_words(self.state)

    def summary(self) -> str:
        """One line: where the session stands (the text form of the explorer and the panel)."""
        state = self.state
        return (
            f"{self.phase_words()}; {state.lives} lives, {len(state.waves)} wave(s) on the field, "
            f"{len(state.towers)} tower(s); {self.where()}"
        )

    def _repr_html_(self) -> str:
        """A snapshot: the board now and what the last step did (static, for any notebook reader)."""
        from explorer.tower_defense.rendering import static_html
        from explorer.tower_defense.viewmodel import board_view

        last = [e.narrate() for e in self.session.last_events()]
        return presented(static_html(board_view(self.state), last))

    def __repr__(self) -> str:
        return f"TowerDefenseExplorer({self.summary()})"

    # ---- the phase stepper -------------------------------------------------------------------------
    def _pending(self, state: GameState | None = None) -> bool:
        """A decision that belongs to the phase in progress (a reveal, credits to take, track to place), as the
        engine words it for the board (`engine.pending`)."""
        return bool(engine.pending(state or self.state))

    def _marker(self) -> tuple[int, str]:
        return (self.state.turn, self.state.phase)

    def next_phase(self) -> tuple[Event, ...]:
        """Finish the phase in progress and begin the next: carry out the next of Phases 1 to 5 (with the
        reveals and credit taking it starts, chance and the policy deciding), or let the policy take
        Phase 6's actions until it ends the phase (`end_actions` ends it taking none). In the middle of a
        line, replay it up to the next phase instead."""
        if self.state.phase == "game_over":
            raise IllegalAction("the game session is over")
        if self.session.cursor < len(self.session.line):
            start = self._marker()
            while self.session.cursor < len(self.session.line):
                self.session.forward()
                if self._marker() != start and not self._pending():
                    break
            return self.session.last_events()
        events: list[Event] = []
        if not self._pending():
            events += self.policy_actions() if self.state.phase == "actions" else self.play(NextPhase())
        while self._pending():
            events += self.auto()
        return tuple(events)

    def policy_actions(self, limit: int = 500) -> tuple[Event, ...]:
        """Phase 6 decided by the policy: its actions, one after another, until it ends the phase."""
        events: list[Event] = []
        for _ in range(limit):
            if self.state.phase != "actions" or self._pending():
                break
            events += self.auto()
        else:
            events += self.end_actions()
        return tuple(events)

    def to_actions(self) -> tuple[Event, ...]:
        """Step phase by phase to the next Phase 6 with nothing left to reveal or take (the policy taking
        the current Phase 6's actions first when in one)."""
        events: list[Event] = list(self.next_phase())
        while self.state.phase not in ("actions", "game_over") or self._pending():
            events += self.next_phase()
        return tuple(events)

    # ---- Phase 6 actions ---------------------------------------------------------------------------
    def _tower(self, at: Sequence[int]) -> Tower:
        where = (int(at[0]), int(at[1]))
        tower = self.state.tower_at(where)
        if tower is None:
            raise IllegalAction(f"there is no tower on {where}")
        return tower

    def _cheapest(self, matches: Callable[[Any], bool], fallback: Any) -> tuple[Event, ...]:
        """Play the legal action that `matches` with the cheapest payment (rules.tower_defense.policies.
        appraisal.cheapest), else `fallback` (which the engine then refuses with the reason)."""
        best = appraisal.cheapest((a for a in self.legal_actions() if matches(a)), self.rules)
        return self.play(fallback if best is None else best)

    def _paid(self, kind: str, payment: Sequence[str] | None, **fields: Any) -> tuple[Event, ...]:
        """Play the action `kind` with these `fields`, paid with `payment`; without one, paid the cheapest legal
        way the same action can be (`_cheapest`)."""
        action = _action(kind, payment=tuple(payment or ()), **fields)
        if payment is not None:
            return self.play(action)
        same = [(name, getattr(action, name)) for name in fields]
        return self._cheapest(lambda a: type(a) is type(action) and all(getattr(a, f) == v for f, v in same), action)

    def build(
        self, player: int, card: str, at: Sequence[int], payment: Sequence[str] | None = None
    ) -> tuple[Event, ...]:
        """6.A.I: build a tower card of your Build / Upgrade stack on an unoccupied space."""
        return self._paid("build", payment, player=player, card=card, at=(int(at[0]), int(at[1])))

    def upgrade(
        self, at: Sequence[int], payment: Sequence[str] | None = None, player: int | None = None
    ) -> tuple[Event, ...]:
        """6.A.II: raise your tower with Energy by one Level (the owner acts unless told otherwise)."""
        tower = self._tower(at)
        return self._paid("upgrade", payment, player=tower.owner if player is None else player, at=tower.at)

    def sell(self, at: Sequence[int], player: int | None = None) -> tuple[Event, ...]:
        """6.B: sell a tower without Depletion; its owner then divides the drawn credits."""
        tower = self._tower(at)
        return self.play(_action("sell", player=tower.owner if player is None else player, at=tower.at))

    def boost(self, at: Sequence[int], card: str, player: int | None = None) -> tuple[Event, ...]:
        """6.C: discard one card of a Boost stack on any player's tower. Without a player, the first
        player holding that card on their Boost stack pays, the tower's owner first."""
        tower = self._tower(at)
        who = player
        if who is None:
            n = len(self.state.players)
            order = [(tower.owner + i) % n for i in range(n)]
            who = next((p for p in order if card in self.state.players[p].stacks.boost), tower.owner)
        return self.play(_action("boost", player=who, at=tower.at, card=card))

    def attack(
        self,
        at: Sequence[int],
        wave: str,
        target: str = "unit",
        ignore: bool = False,
        player: int | None = None,
    ) -> tuple[Event, ...]:
        """6.G: attack the visible unit (or the Wave Modifier) of a wave with your tower."""
        tower = self._tower(at)
        who = tower.owner if player is None else player
        return self.play(_action("attack", player=who, at=tower.at, wave=wave, target=target, ignore=ignore))

    def combine(
        self,
        at: Sequence[int],
        towers: tuple[Sequence[int], Sequence[int]],
        wave: str,
        target: str = "unit",
        ignore: bool = False,
        payment: Sequence[str] | None = None,
    ) -> tuple[Event, ...]:
        """6.D: your Combine tower attacks with the joined damage of two towers within its Radius."""
        tower = self._tower(at)
        pair = ((int(towers[0][0]), int(towers[0][1])), (int(towers[1][0]), int(towers[1][1])))
        fields = dict(player=tower.owner, at=tower.at, wave=wave, target=target, ignore=ignore)
        action = _action("combine", towers=pair, payment=tuple(payment or ()), **fields)
        if payment is not None:
            return self.play(action)
        pairs = {pair, (pair[1], pair[0])}
        return self._cheapest(
            lambda a: (
                isinstance(a, CombineAttack)
                and a.at == tower.at
                and a.towers in pairs
                and (a.player, a.wave, a.target, a.ignore) == (tower.owner, wave, target, ignore)
            ),
            action,
        )

    def kill_bonus(
        self, player: int, card: str, stack: str = "build", payment: Sequence[str] | None = None
    ) -> tuple[Event, ...]:
        """6.E.I and 6.E.II: pay from the Kill Bonus stack to take a Mark II or Mark III tower."""
        return self._paid("kill_bonus", payment, player=player, card=card, stack=stack)

    def convert(self, player: int, payment: Sequence[str] | None = None) -> tuple[Event, ...]:
        """6.E.III: right after a kill, discard credits of your Kill Bonus stack (all, unless told) for
        as many Mark I credits."""
        cards = tuple(payment) if payment is not None else self.state.players[player].stacks.kill
        return self.play(_action("convert", player=player, payment=tuple(sorted(cards))))

    def place_skill(
        self, player: int, skill: str, slot: int = 0, stack: str = "build", payment: Sequence[str] | None = None
    ) -> tuple[Event, ...]:
        """6.F: place a Skill Marker, paying 1 credit per Universal Energy symbol of the slot."""
        return self._paid("skill", payment, player=player, skill=skill, slot=slot, stack=stack)

    def complete_condition(self, player: int, stack: str = "build") -> tuple[Event, ...]:
        """6.H: discard the game condition just completed to one of your stacks."""
        return self.play(_action("complete_condition", player=player, stack=stack))

    def take_credit(self, card: str, stack: str, player: int | None = None) -> tuple[Event, ...]:
        """Take a revealed credit onto a stack (the player whose turn it is to take, unless told)."""
        acting = self.acting()
        if player is None and len(acting) != 1:
            raise IllegalAction("no credit is waiting to be taken")
        who = acting[0] if player is None else player
        return self.play(_action("take_credit", player=who, card=card, stack=stack))

    def restore_track(self, piece: str, at: Sequence[int]) -> tuple[Event, ...]:
        """Place a discarded track piece (after defeating a restorer unit)."""
        acting = self.acting()
        if len(acting) != 1:
            raise IllegalAction("no track is being restored now")
        who = acting[0]
        return self.play(_action("restore_track", player=who, piece=piece, at=(int(at[0]), int(at[1]))))

    def end_actions(self) -> tuple[Event, ...]:
        """'Phase 6 ends when all players agree they do not want to perform any more actions.'"""
        return self.play(EndActions())

    def play_plan(self) -> tuple[Event, ...]:
        """Carry out this turn's plan (the planner's boosts and attacks, in order, as the engine replayed
        them); refused when the engine accepts none of its attacks now (outside Phase 6, say)."""
        plan = self.plan()
        if plan.attacks and not plan.actions:
            raise IllegalAction(f"the engine accepts none of the plan's actions now ({self.phase_words()})")
        events: list[Event] = []
        for action in plan.actions:
            events += self.play(action)
        return tuple(events)

    # ---- the position editor (each edit starts a new session from the edited position) --------------
    place_tower = edit_by(editing.place_tower)
    remove_tower = edit_by(editing.remove_tower)

    def place_wave(
        self,
        wave_id: str,
        at: Sequence[int] | int,
        *,
        number: int | None = None,
        defeated: int = 0,
        modifier: str | None = None,
    ) -> GameState:
        """Put a wave on a space of the field (column, row) or on a track space number of its track."""
        wave: dict[str, Any] = {"number": number, "defeated": defeated, "modifier": modifier}
        if isinstance(at, int):
            return self.edit(editing.place_wave(self.state, wave_id, at, **wave))
        return self.edit(editing.place_wave_at(self.state, wave_id, at, **wave))

    remove_wave = edit_by(editing.remove_wave)
    set_upcoming = edit_by(editing.set_upcoming)

    def set_track_discarded(self, labels: Sequence[str]) -> GameState:
        """Exactly these pieces discarded; a piece taken out of the discard returns to the space it had
        in any position this explorer has held."""
        return self.edit(editing.set_track_discarded(self.state, labels, self.homes))

    lay_track = edit_by(editing.lay_track)
    set_obstacle = edit_by(editing.set_obstacle)
    set_lives = edit_by(editing.set_lives)
    set_credits = edit_by(editing.set_credits)
    place_skill_marker = edit_by(editing.place_skill_marker)
    remove_skill_marker = edit_by(editing.remove_skill_marker)
    set_turn = edit_by(editing.set_turn)

    # ---- calculators -------------------------------------------------------------------------------
    def boost_hand(self, player: int | None = None) -> tuple[str, ...]:
        """The cards that can pay for boosts: one player's Boost stack, or every player's together
        ('Any number of players may boost the damage of a single attack')."""
        stacks = self.state.players if player is None else (self.state.players[player],)
        return tuple(sorted(c for p in stacks for c in p.stacks.boost))

    def boost_options(self, at: Sequence[int], player: int | None = None) -> list[BoostOption]:
        """Every damage the tower on `at` can reach this turn with the Boost stacks on hand, the
        cheapest way to each (the boosts already on it count)."""
        tower = self._tower(at)
        return analysis.boost_options(tower.card, tower.level, self.boost_hand(player), self.rules, tower.boosts)

    def plan(self) -> Plan:
        """This turn's plan: the order of boosts and attacks that defeats the most units."""
        return analysis.plan_turn(self.state)

    def income(self) -> IncomeOdds:
        """The odds of the next Phase 5 (from the Mark I deck as it is now)."""
        state = self.state
        cards = analysis.income_distribution(state)
        types: Distribution[tuple[str, ...]] = cards.map(lambda cs: tuple(sorted(str(credit_type(c)) for c in cs)))
        kinds: list[str] = [k for k in CREDIT_TYPES if any(k in t for t in types.outcomes())]
        at_least_one = {k: types.probability(lambda t, k=k: k in t) for k in kinds}  # type: ignore[misc]
        expected = {k: types.expectation(lambda t, k=k: t.count(k)) for k in kinds}  # type: ignore[misc]
        start = state.starting_player if state.starting_player is not None else 0
        shares = analysis.shares(len(state.players), start, state.income)
        return IncomeOdds(state.income, cards, types, shares, at_least_one, expected)

    def movement_preview(self) -> tuple[Event, ...]:
        """What Phase 3 would do to the waves now (the position is not changed)."""
        _, events = engine.move_all(self.state)
        return events


def _action(kind: str, **fields: object) -> Any:
    """An action built from a person's choices, read as any action from outside is (`GAME.read_action`): a
    field that is not one of its kind is refused in words before it reaches the engine."""
    return GAME.read_action({"action": kind, **fields})
