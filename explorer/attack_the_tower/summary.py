"""The summary card of one step, large enough to read from the back of a classroom: which step of the
battle it was, how much damage each side dealt, what was destroyed ("initiative: the Undead deal 2, the
Bandits 1; destroyed: 2 × Zombie"). Read from the step's events, so it says what the rules did."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rules.attack_the_tower.events import DamageDealt, DamagePool, Destroyed
from rules.attack_the_tower.text import STAGE_WORDS
from rules.core.events import Event


def step_summary(events: Sequence[Event]) -> str:
    """One line for a step: the damage each side dealt and what was destroyed; else the step's last event."""
    dealt: dict[str, int] = {}
    stage = ""
    for event in events:
        if isinstance(event, DamageDealt):
            dealt[event.who] = dealt.get(event.who, 0) + event.amount
            stage = stage or event.stage
        elif isinstance(event, DamagePool) and not stage:
            stage = event.stage
    gone = {e.target: e.target_name for e in events if isinstance(e, Destroyed)}
    gone.update({e.target: e.target_name for e in events if isinstance(e, DamageDealt) and e.destroyed})
    destroyed = Counter(gone.values())
    if not dealt and not destroyed:
        return events[-1].sentence() if events else "the position before the first step"
    parts = []
    if dealt:
        parts.append(f"{STAGE_WORDS.get(stage, stage)}: " + ", ".join(_deal(who, n) for who, n in dealt.items()))
    if destroyed:
        parts.append("destroyed: " + ", ".join(f"{n} × {name}" if n > 1 else name for name, n in destroyed.items()))
    return "; ".join(parts)


def _deal(who: str, amount: int) -> str:
    return f"the {who} deal {amount}"
