"""What the balancer (rules.balance) reads of Tower Defense through its descriptor: the knobs it turns when a
balance names none, and a card's shipped numbers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from rules.tower_defense import catalog
from rules.tower_defense.overrides import card_kinds

KNOBS = (
    "single_credit_boost=0..3",
    "skill_markers=0..8",
    "wave_every=2..6",
    "modifier_base_hit_points=0..8",
    "tough_extra_hit_points=0..5",
    "armoured_extra_hit_points=0..6",
    "condition_credits=0..4",
)
"""The numbers of the waves' strength and of the players' means."""


def card_data(card: str, files: Sequence[BaseModel] = ()) -> dict[str, Any]:
    """The shipped card of this id as JSON data (Tower Defense has no army files: `files` is always empty)."""
    data: dict[str, Any] = catalog.shipped(card_kinds()[card])[card].model_dump(mode="json")
    return data
