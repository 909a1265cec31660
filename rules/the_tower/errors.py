"""The Tower's refusals: the core's IllegalAction with a rule id mypy checks against the rulebook registry."""

from __future__ import annotations

from rules.core import errors
from rules.the_tower.rule_ids import RuleId


class IllegalAction(errors.IllegalAction):
    """An action the rules of The Tower do not allow here; `rule` is a registered id of its rulebook."""

    def __init__(self, message: str, rule: RuleId | None = None) -> None:
        super().__init__(message, rule)
