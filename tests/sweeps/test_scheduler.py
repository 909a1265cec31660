"""A scheduler named by its address: schemes the installed Dask cannot use refused in words, TLS only
through Dask's security configuration, and every wait bounded (a port that accepts and never answers)."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import dask
import pytest
from distributed import LocalCluster

from rules.cli import main
from rules.sweeps import scheduler
from rules.sweeps.scheduler import ClusterError, scheduler_address, scheduler_client, usable_schemes

SWEEP = ("the-tower", "sweep", "--games", "1", "--no-progress")
ROOT = Path(__file__).resolve().parents[2]


HELD: list[socket.socket] = []
"""The connections the silent port has accepted (a test waits for the first before pressing Ctrl-C)."""


@pytest.fixture
def silent_port() -> Iterator[int]:
    """A port on loopback that accepts connections and never answers (nor closes them)."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    held = HELD
    held.clear()

    def accept() -> None:
        while True:
            try:
                held.append(server.accept()[0])
            except OSError:
                return

    threading.Thread(target=accept, daemon=True).start()
    yield server.getsockname()[1]
    server.close()
    for connection in held:
        connection.close()


@pytest.mark.parametrize(
    ("address", "words"),
    [
        ("ucx://127.0.0.1:8786", r"over 'ucx' not with the packages installed here; schemes that work here: tcp"),
        ("inproc://127.0.0.1/1/2", r"SCHEME://HOST:PORT"),
        ("gopher://127.0.0.1:70", r"Dask has no 'gopher' connections"),
        ("tcp://127.0.0.1", r"SCHEME://HOST:PORT"),
        ("tcp://127.0.0.1:70000", r"a port is a number from 1 to 65535"),
        ("tls://127.0.0.1:1", r"needs Dask's TLS configuration: distributed.comm.tls.ca-file"),
        ("wss://127.0.0.1:1", r"needs Dask's TLS configuration"),
    ],
)
def test_an_address_dask_cannot_use_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], address: str, words: str
) -> None:
    assert main([*SWEEP, "--scheduler", address]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: ") and "Traceback" not in err
    assert __import__("re").search(words, err), err


def test_the_schemes_offered_are_those_dask_can_connect_with() -> None:
    schemes = usable_schemes()
    assert "tcp" in schemes and "tls" in schemes
    assert "ucx" not in schemes and "inproc" not in schemes
    assert scheduler_address("127.0.0.1:8786") == ("tcp", "tcp://127.0.0.1:8786")
    assert scheduler_address("tcp://[::1]:8786") == ("tcp", "tcp://[::1]:8786")


def test_tls_files_that_cannot_be_read_are_refused_naming_the_problem() -> None:
    missing = "/nonexistent/ca.pem"
    with (
        dask.config.set({"distributed.comm.tls.ca-file": missing}),
        pytest.raises(ClusterError, match=r"TLS"),
        scheduler_client("tls://127.0.0.1:1"),
    ):
        pass


def test_a_port_that_accepts_and_never_answers_is_given_up_on_in_bounded_time(
    capsys: pytest.CaptureFixture[str], silent_port: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(scheduler, "ANSWER_SECONDS", 2)
    start = time.monotonic()
    assert main([*SWEEP, "--scheduler", f"tcp://127.0.0.1:{silent_port}"]) == 2
    assert time.monotonic() - start < 15
    err = capsys.readouterr().err
    assert f"cannot reach a Dask scheduler at tcp://127.0.0.1:{silent_port}: no answer within 2 s" in err


@pytest.mark.parametrize(
    ("host", "words"),
    [("127.0.0.1", "nothing listens there (connection refused)"), ("no-such-host.invalid", "is not a known host")],
)
def test_a_closed_port_or_an_unknown_host_is_said_at_once(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, host: str, words: str
) -> None:
    """Dask retries a refused connection until its timeout: the designer waited 10 s to hear the port was closed.
    The scheduler is never asked, so no wait for its answer can be what refuses the address."""

    async def never(address: str, connection_args: dict[str, object]) -> None:
        raise AssertionError("the scheduler was asked, so its port was taken to be open")

    monkeypatch.setattr(scheduler, "_first_answer", never)
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    port = closed.getsockname()[1]
    closed.close()  # a port nothing listens on
    assert main([*SWEEP, "--scheduler", f"tcp://{host}:{port}"]) == 2
    err = capsys.readouterr().err
    assert f"error: cannot reach a Dask scheduler at tcp://{host}:{port}: " in err and words in err, err


def test_a_scheduler_without_workers_is_given_up_on_in_bounded_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scheduler, "WORKER_SECONDS", 1)
    with (
        LocalCluster(n_workers=0, processes=True, host="127.0.0.1", dashboard_address=None) as cluster,
        pytest.raises(ClusterError, match=r"has no worker \(waited 1 s\)"),
        scheduler_client(cluster.scheduler_address),
    ):
        pass


def _interruptible() -> None:
    """Ctrl-C as a terminal delivers it: the test process may be ignoring SIGINT (a child would inherit that,
    and Python installs its handler only where SIGINT is not ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_while_waiting_for_a_scheduler_stops_cleanly(silent_port: int) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "rules.cli", *SWEEP, "--scheduler", f"tcp://127.0.0.1:{silent_port}"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        preexec_fn=_interruptible,
    )
    deadline = time.monotonic() + 60
    while not HELD and time.monotonic() < deadline:  # connected, and waiting for the scheduler's first answer
        time.sleep(0.05)
    assert HELD, "the sweep never connected"
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=30)
    assert (process.returncode, err.decode().strip()) == (130, "error: interrupted")
