"""Presenter mode: a panel served as an app by Voila (`make present`, or Binder's `urlpath=voila/render/...`)
shows full width in large type, for the back row of a classroom. Voila tells its kernels so through the
CGI-style SERVER_SOFTWARE variable; everywhere else panels keep their JupyterLab size."""

from __future__ import annotations

import os

PRESENT_CLASS = "tower-present"


def in_voila() -> bool:
    """True in a kernel Voila started (it sets SERVER_SOFTWARE to 'voila/<version>')."""
    return os.environ.get("SERVER_SOFTWARE", "").startswith("voila/")
