"""Number boxes for counts (games, HP, a level): what is typed reaches the kernel as typed, and `whole_number`
refuses a fraction in words. ipywidgets' IntText drops a typed '.', so '2.5' became 25 without a word."""

from __future__ import annotations

import ipywidgets as w

from rules.core.errors import RulesError


class NotAWholeNumber(RulesError, ValueError):
    """A count box holds a fraction; the message names the box and what it holds."""


class WholeNumberText(w.FloatText):  # type: ignore[misc]
    """A box for a whole number that lets a fraction through, so that reading it can say what is wrong."""

    def __init__(self, value: int = 0, **kwargs: object) -> None:
        super().__init__(value=value, step=1, **kwargs)


class BoundedWholeNumberText(w.BoundedFloatText):  # type: ignore[misc]
    """`WholeNumberText` between a least and a greatest value (the box itself keeps to them, as IntText does)."""

    def __init__(self, value: int = 0, *, min: int, max: int, **kwargs: object) -> None:
        super().__init__(value=value, min=min, max=max, step=1, **kwargs)


def whole_number(box: w.FloatText) -> int:
    """The whole number in `box`; a `NotAWholeNumber` naming the box when it holds a fraction."""
    value = float(box.value)
    if not value.is_integer():
        name = box.description or "this box"
        raise NotAWholeNumber(f"{name} takes a whole number, not {value:g}")
    return int(value)
