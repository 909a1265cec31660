"""Where the tests find the games' source documents: `../shared/seeds/` beside the clone (the rulebooks' texts the
registries quote). Outside CI a clone without them skips the tests that read them; in CI (`.ci/run` sets `CI`)
their absence is a failure, so a quote check is never skipped unnoticed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT.parent / "shared" / "seeds"


def require_source_documents(path: Path = SEEDS) -> Path:
    """`path` when it exists; a skip outside CI, a failure in CI, when it does not."""
    if not path.exists():
        assert not os.environ.get("CI"), (
            f"the source documents are missing ({path}): CI keeps ../shared beside the clone"
        )
        pytest.skip(f"the source documents are not beside the repository ({path})")
    return path
