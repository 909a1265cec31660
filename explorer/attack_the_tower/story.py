"""What one step of a line did, as the board and the step card tell it: the damage as it flowed (from the
dealing units to their targets), the units it destroyed, the battle it belonged to (still marked on the step
that ends it) and a palace that fell; and the step card's one line, with both sides' damage.

Everything is read from the step's events and the positions before and after it, which the rules package
produced: nothing here decides a rule."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.attack_the_tower import engine
from rules.attack_the_tower.events import AbilityDamage, DamageDealt, DamagePool, Destroyed, GameWon
from rules.attack_the_tower.model import GameState
from rules.attack_the_tower.text import STAGE_WORDS
from rules.core.events import Event
from rules.core.session import Session


@dataclass(frozen=True)
class Flow:
    """Damage one side dealt to one target in the step, and the units it came from (none for an ability's)."""

    side: int
    sources: tuple[str, ...]
    target: str
    amount: int
    stage: str
    destroyed: bool


@dataclass(frozen=True)
class StepStory:
    """One step of a line as the board tells it."""

    before: GameState
    after: GameState
    events: tuple[Event, ...]
    flows: tuple[Flow, ...]
    casualties: tuple[str, ...]
    """The keys of the units the step destroyed (troops, bases, special troops, a palace)."""
    battle_over: bool
    """The step ended the battle that `before` holds: the board shows that battle's last moment."""

    @property
    def to_palace(self) -> bool:
        """The step ended a territory's battle by emptying it: the survivors attack the palace at once (004
        battles), so the battle goes on there; nobody heals yet."""
        return self.battle_over and self.after.battle is not None and self.after.battle.at_palace

    @property
    def totals(self) -> dict[str, int]:
        """The damage each target had taken once the step's damage was dealt (key -> total)."""
        return {e.target: e.total for e in self.events if isinstance(e, DamageDealt | AbilityDamage)}

    @property
    def card(self) -> str:
        """The step card's one line: the stage and both sides' damage (0 included), the losses, a fallen palace."""
        before, after, events = self.before, self.after, self.events
        dealt = [e for e in events if isinstance(e, DamageDealt)]
        parts: list[str] = []
        if dealt:
            stage = dealt[0].stage
            pools = dict(engine.step_pools(before))
            sides = list(pools) or sorted({e.player for e in dealt})
            amounts = {side: sum(e.amount for e in dealt if e.player == side) for side in sides}
            parts.append(
                f"{STAGE_WORDS.get(stage, stage)}: "
                + ", ".join(
                    f"{_army(before, side)} deal {n}{_structures_share(pools[side].firing if side in pools else (), n)}"
                    for side, n in amounts.items()
                )
            )
        elif (engine.in_combat_step(after) and any(isinstance(e, DamagePool) for e in events)) or _hidden(
            before, after
        ):
            battle = after.battle
            assert battle is not None
            handed_in = engine.allocations_in(after)
            told = []
            for side, pool in engine.step_pools(after):
                done = " (distributed, hidden)" if handed_in[side] else " to distribute"
                told.append(f"{_army(after, side)} have {pool.total}{done}")
            parts.append(f"{STAGE_WORDS[battle.stage]}: " + ", ".join(told))
        losses = _losses(self)
        if losses:
            parts.append(losses)
        won = [e for e in events if isinstance(e, GameWon)]
        if won:
            parts.append(f"palace destroyed: {_army(after, won[0].player)} win")
        elif self.to_palace and after.battle is not None:
            parts.append(f"territory {after.battle.target + 1} is emptied: the survivors attack the palace")
        elif self.battle_over:
            parts.append("the battle is over")
        if parts:
            return "; ".join(parts)
        return events[0].sentence() if events else "the position before the first step"


def step_story(
    session: Session[GameState, Any], number: int, events: Sequence[Event] | None = None
) -> StepStory | None:
    """The story of step `number` (1-based) of the session's current line (None for its start, 0); `events`
    are the step's when the caller has them (else they are replayed)."""
    if number <= 0:
        return None
    if events is None:
        events = session.last_events() if number == session.cursor else session.steps()[number - 1].events
    return tell(session.state_at(number - 1), session.state_at(number), events)


def tell(before: GameState, after: GameState, events: Sequence[Event]) -> StepStory:
    """The story of the step from `before` to `after` that caused `events`."""
    pools = dict(engine.step_pools(before))
    flows = []
    for e in events:
        if isinstance(e, DamageDealt):
            pool = pools.get(e.player)
            sources = tuple(u.key for u in pool.firing) if pool is not None else ()
            flows.append(Flow(e.player, sources, e.target, e.amount, e.stage, e.destroyed))
        elif isinstance(e, AbilityDamage):
            flows.append(Flow(e.player, (), e.target, e.amount, "ability", e.destroyed))
    casualties = {f.target for f in flows if f.destroyed} | {e.target for e in events if isinstance(e, Destroyed)}
    casualties |= {f"p{1 - e.player}/palace" for e in events if isinstance(e, GameWon)}
    battle_over = before.battle is not None and (
        after.battle is None or after.battle.at_palace != before.battle.at_palace
    )
    return StepStory(before, after, tuple(events), tuple(flows), tuple(sorted(casualties)), battle_over)


# ---- the step card ---------------------------------------------------------------------------------------
def _structures_share(firing: Sequence[engine.Unit], dealt: int) -> str:
    """Where a side's damage comes from when its bases or palace fight (004 battles 4: the defending bases deal
    their power in regular combat, manned or not): ' (from their base)', ' (their bases fight too)', or ''."""
    structures = [u for u in firing if u.is_structure and u.deals]
    if not dealt or not structures:
        return ""
    bases = sum(u.kind == "base" for u in structures)
    names = ["bases" if bases > 1 else "base"] if bases else []
    names += ["palace"] if any(u.kind == "palace" for u in structures) else []
    words = " and ".join(names)
    if len(structures) == len(firing):
        return f" (from their {words})"
    return f" (their {words} {'fights' if words in ('base', 'palace') else 'fight'} too)"


def _army(state: GameState, side: int) -> str:
    return f"the {engine.label(state, side)}"


def units_by_key(state: GameState) -> dict[str, engine.Unit]:
    """The units of the battle in `state` by key (none outside a battle)."""
    attackers, defenders = engine.battle_units(state)
    return {u.key: u for u in attackers + defenders}


def _losses(story: StepStory) -> str:
    """'the Bandits lose Bandit brute; the Undead lose Zombie, 2 × Necromancer' (owners in seat order)."""
    names = {key: u.name for key, u in units_by_key(story.before).items()}  # 'Bandit brute', 'Ninja', 'palace'
    by_owner: dict[int, Counter[str]] = {}
    for key in story.casualties:
        if key.endswith("/palace"):
            continue  # said as "palace destroyed"
        owner = int(key[1])
        name = names.get(key) or _destroyed_name(story.events, key)
        by_owner.setdefault(owner, Counter())[name] += 1
    parts = []
    for owner in sorted(by_owner, key=lambda o: o != 1 - story.before.attacker):
        listed = ", ".join(f"{n} × {name}" if n > 1 else name for name, n in by_owner[owner].items())
        parts.append(f"{_army(story.before, owner)} lose {listed}")
    return "; ".join(parts)


def _destroyed_name(events: Sequence[Event], key: str) -> str:
    """A unit's name from the event that destroyed it (for one outside the battle's units)."""
    for e in events:
        if isinstance(e, Destroyed | DamageDealt | AbilityDamage) and e.target == key:
            return e.target_name
    return "palace" if key.endswith("/palace") else key


def _hidden(before: GameState, after: GameState) -> bool:
    """The step handed in one side's allocation of a simultaneous step (hidden until both have)."""
    return (
        engine.in_combat_step(after)
        and before.battle is not None
        and after.battle is not None
        and before.battle.stage == after.battle.stage
        and engine.allocations_in(after) != engine.allocations_in(before)
    )
