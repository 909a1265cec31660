"""Run pytest on generated test files in a process of their own, as their user would, without this
environment's plugins: a generated file needs none, and loading them (nbval's nbformat and jsonschema above
all) costs about 3 s a process."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def run_pytest(*paths: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    """`python -m pytest -q` on `paths` from `cwd`, plugins not loaded, output captured."""
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *map(str, paths)],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"},
        check=False,
    )
