"""The real-browser tests' JupyterLab: served on 127.0.0.1 with a token, settings and runtime in a temporary
home; Debian's Chromium driven by Playwright (never a downloaded browser); axe-core from the npm registry,
installed by `make e2e` before the tests run (the page never fetches it)."""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"
PROJECT_JUPYTER_CONFIG = ROOT / "binder" / "jupyter_config"
CHROMIUM = "/usr/bin/chromium"
AXE = Path(os.environ.get("AXE_CORE_JS", ROOT / ".venv" / "e2e-node" / "node_modules" / "axe-core" / "axe.min.js"))
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


@dataclass(frozen=True)
class Lab:
    """A running JupyterLab: its address and token."""

    url: str
    token: str

    def at(self, path: str, query: str = "") -> str:
        """The address of a page of this JupyterLab, the token included."""
        extra = f"&{query}" if query else ""
        return f"{self.url}/{path}?token={self.token}{extra}"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_until_serving(server: subprocess.Popen[bytes], probe: str, name: str, seconds: float = 90) -> None:
    """Wait until `probe` answers; kill the server and fail the test run if it does not within `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(probe, timeout=2):
                return
        except OSError:
            time.sleep(0.5)
    server.kill()
    raise AssertionError(f"{name} did not start within {seconds:.0f} s")


def _stop(server: subprocess.Popen[bytes]) -> None:
    """Ask the server to stop; kill it if it has not within 20 s."""
    server.terminate()
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        server.kill()


@pytest.fixture(scope="session")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    assert Path(CHROMIUM).exists(), "Debian's chromium is missing (make e2e installs it with apt-get)"
    port = _free_port()
    token = secrets.token_hex(16)
    home = tmp_path_factory.mktemp("jupyter")
    settings = home / "settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text('{"fetchNews": "false", "checkForUpdates": false}')
    env = {
        **os.environ,
        "JUPYTER_CONFIG_DIR": str(home / "config"),
        "JUPYTER_RUNTIME_DIR": str(home / "run"),
        "JUPYTERLAB_SETTINGS_DIR": str(home / "settings"),
        "JUPYTER_DATA_DIR": str(Path(sys.prefix) / "share" / "jupyter"),
        "JUPYTER_CONFIG_PATH": str(PROJECT_JUPYTER_CONFIG),  # what make lab and Binder use
    }
    jupyter = shutil.which("jupyter", path=str(Path(sys.executable).parent))
    assert jupyter is not None
    server = subprocess.Popen(
        [
            jupyter,
            "lab",
            "--no-browser",
            "--ip=127.0.0.1",
            f"--port={port}",
            f"--IdentityProvider.token={token}",
            "--ServerApp.password=",
            "--LabApp.expose_app_in_browser=True",
            "--allow-root",
            f"--ServerApp.root_dir={ROOT}",
            "--LabApp.news_url=None",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    _wait_until_serving(server, f"{url}/api/status?token={token}", "JupyterLab")
    yield Lab(url, token)
    _stop(server)


@pytest.fixture(scope="session")
def voila() -> Iterator[str]:
    """`make present`'s server: Voila on 127.0.0.1 serving the notebooks as apps (code stripped); a notebook's
    app is at `{url}voila/render/{path under notebooks/}`."""
    port = _free_port()
    command = shutil.which("voila", path=str(Path(sys.executable).parent))
    assert command is not None, "voila is missing (make e2e installs the 'present' extra)"
    server = subprocess.Popen(
        [command, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1", "--strip_sources=True", "notebooks"],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/"
    _wait_until_serving(server, f"{url}voila/static/voila.js", "Voila")
    yield url
    _stop(server)


@pytest.fixture
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless, driven by Playwright (never a downloaded browser)."""
    from playwright.sync_api import sync_playwright

    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield chromium
        chromium.close()
