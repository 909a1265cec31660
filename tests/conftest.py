"""Shared test settings: hypothesis profiles. "ci" (the default) is sized for `make test`; "deep"
(`TOWER_HYPOTHESIS_PROFILE=deep`, what `make conformance` sets) runs every property with at least
DEEP_EXAMPLES examples, overriding the smaller counts single tests ask for, and runs only the properties."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

DEEP_EXAMPLES = 1_000

settings.register_profile("ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "deep",
    max_examples=DEEP_EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
PROFILE = os.environ.get("TOWER_HYPOTHESIS_PROFILE", "ci")
settings.load_profile(PROFILE)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under the deep profile: keep only the hypothesis properties, each with at least DEEP_EXAMPLES
    examples (a test's own @settings would otherwise keep its smaller CI count)."""
    if PROFILE != "deep":
        return
    kept, dropped = [], []
    for item in items:
        test = getattr(item, "obj", None)
        if getattr(test, "is_hypothesis_test", False):
            own = test._hypothesis_internal_use_settings  # type: ignore[union-attr]
            deep = settings(own, max_examples=max(own.max_examples, DEEP_EXAMPLES), deadline=None)
            test._hypothesis_internal_use_settings = deep  # type: ignore[union-attr]
            kept.append(item)
        else:
            dropped.append(item)
    config.hook.pytest_deselected(items=dropped)
    items[:] = kept
