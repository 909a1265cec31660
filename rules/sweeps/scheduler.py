"""A running Dask scheduler named by its address (`--scheduler`): the address read by Dask's own parser,
only the schemes the installed Dask can connect with, TLS through Dask's security configuration, and every
wait bounded (the connection and the first answer, then the first worker).

Trust: the results a cluster's workers send back are unpickled in this process, so whoever runs the
scheduler or its workers runs code here (Dask's own security model: a cluster is trusted). The README says
how to run one safely.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import ssl
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from rules.core.errors import RulesError
from rules.core.files import escape

if TYPE_CHECKING:
    from distributed import Client
    from distributed.security import Security

ANSWER_SECONDS = 10
"""How long a sweep waits for a scheduler to accept its connection and answer a first request."""

WORKER_SECONDS = 30
"""How long a sweep waits, once connected, for the scheduler to have a worker."""

TLS_SCHEMES = ("tls", "wss")
"""The schemes whose connections are encrypted, with the certificates of Dask's security configuration."""

TLS_SETTINGS = (
    "distributed.comm.tls.ca-file, distributed.comm.tls.client.cert and distributed.comm.tls.client.key "
    "(in ~/.config/dask/distributed.yaml, or as DASK_DISTRIBUTED__COMM__TLS__CA_FILE and the like)"
)


class ClusterError(RulesError):
    """The Dask cluster asked for cannot be started or reached."""


def scheduler_address(text: str, named: str = "--scheduler") -> tuple[str, str]:
    """(scheme, address with its scheme) of a scheduler named on the command line (or in a box called `named`);
    a scheme the installed Dask cannot connect with, or an address that is not HOST:PORT, is refused in words."""
    from distributed.comm import registry
    from distributed.comm.addressing import parse_address, parse_host_port, unparse_address

    shown = escape(text.strip(), 100)
    try:
        scheme, location = parse_address(text.strip())
        host, port = parse_host_port(location)
    except ValueError:
        raise ClusterError(
            f"{named} takes an address SCHEME://HOST:PORT, e.g. tcp://host:8786, not {shown!r}"
        ) from None
    if not 0 < port < 65536:
        raise ClusterError(f"{named} {shown}: a port is a number from 1 to 65535, not {port}")
    usable = usable_schemes()
    if scheme not in registry.backends:
        raise ClusterError(f"{named} {shown}: Dask has no {scheme!r} connections; schemes: {', '.join(usable)}")
    if scheme not in usable:
        why = "only within one process" if scheme == "inproc" else "not with the packages installed here"
        raise ClusterError(
            f"{named} {shown}: Dask connects over {scheme!r} {why}; schemes that work here: {', '.join(usable)}"
        )
    return scheme, unparse_address(scheme, f"[{host}]:{port}" if ":" in host else f"{host}:{port}")


def usable_schemes() -> list[str]:
    """The address schemes the installed Dask can connect to a scheduler in another process with (`ucx`
    needs UCX-Py; `inproc` reaches only this process)."""
    from distributed.comm import registry

    usable = []
    for scheme, backend in sorted(registry.backends.items()):
        if scheme == "inproc":
            continue
        try:
            backend.get_connector()
        except (TypeError, ImportError, RuntimeError):
            continue
        usable.append(scheme)
    return usable


def security_for(scheme: str, shown: str) -> Security:
    """Dask's security configuration for a connection over `scheme`; a `tls://` or `wss://` address without
    certificates configured (or with files that cannot be read) is refused, naming the settings."""
    from distributed.security import Security

    try:
        security = Security()
        context = security.get_connection_args("client").get("ssl_context")
    except (OSError, ssl.SSLError, ValueError) as exc:
        raise ClusterError(f"--scheduler {shown}: Dask's TLS configuration cannot be used: {exc}") from None
    if scheme in TLS_SCHEMES and context is None:
        raise ClusterError(
            f"--scheduler {shown}: a {scheme}:// scheduler needs Dask's TLS configuration: {TLS_SETTINGS}"
        )
    return security


async def _first_answer(address: str, connection_args: dict[str, Any]) -> None:
    """Connect to the scheduler and ask who it is (the connection's handshake has no timeout of its own)."""
    from distributed.core import rpc

    async with rpc(address, timeout=ANSWER_SECONDS, connection_args=connection_args) as scheduler:
        await scheduler.identity()


def check_listening(address: str, shown: str) -> None:
    """Something accepts connections at `address`'s host and port: a closed port or a name that does not resolve
    is said at once (Dask's own connection retries a refused one until its timeout)."""
    from distributed.comm.addressing import parse_address, parse_host_port

    host, port = parse_host_port(parse_address(address)[1])
    try:
        socket.create_connection((host, port), timeout=ANSWER_SECONDS).close()
    except ConnectionRefusedError:
        raise ClusterError(
            f"cannot reach a Dask scheduler at {shown}: nothing listens there (connection refused)"
        ) from None
    except socket.gaierror as exc:
        raise ClusterError(
            f"cannot reach a Dask scheduler at {shown}: {escape(host, 100)} is not a known host "
            f"({escape(str(exc.strerror), 100)})"
        ) from None
    except OSError:  # a timeout or an unreachable network: the check that follows says it in its words
        return


def check_answers(address: str, security: Security, shown: str) -> None:
    """The scheduler at `address` accepts a connection and answers within ANSWER_SECONDS; ClusterError
    otherwise (a port that accepts and never answers, a refused connection, a name that does not resolve)."""
    check_listening(address, shown)
    args = security.get_connection_args("client")
    loop = asyncio.new_event_loop()  # not asyncio.run: Ctrl-C stays a plain KeyboardInterrupt (exit 130)
    try:
        loop.run_until_complete(asyncio.wait_for(_first_answer(address, args), ANSWER_SECONDS))
    except TimeoutError:
        raise ClusterError(
            f"cannot reach a Dask scheduler at {shown}: no answer within {ANSWER_SECONDS} s (is it a Dask scheduler?)"
        ) from None
    except (OSError, ValueError, ssl.SSLError) as exc:
        raise ClusterError(f"cannot reach a Dask scheduler at {shown}: {escape(str(exc), 300)}") from None
    except Exception as exc:  # whatever else the comm raises is still a scheduler not reached
        raise ClusterError(
            f"cannot reach a Dask scheduler at {shown}: {type(exc).__name__}: {escape(str(exc), 300)}"
        ) from None
    finally:
        for task in asyncio.all_tasks(loop):
            task.cancel()
        with contextlib.suppress(BaseException):
            loop.run_until_complete(asyncio.sleep(0))
        loop.close()


@contextlib.contextmanager
def scheduler_client(text: str) -> Iterator[Client]:
    """A client of the scheduler named by `text`, once it has answered and has a worker; closed on leaving."""
    from distributed import Client

    scheme, address = scheduler_address(text)
    shown = escape(address, 100)
    security = security_for(scheme, shown)
    check_answers(address, security, shown)
    try:
        client = Client(address, timeout=ANSWER_SECONDS, security=security)
    except (OSError, TimeoutError, ValueError) as exc:
        raise ClusterError(f"cannot reach a Dask scheduler at {shown}: {escape(str(exc), 300)}") from None
    with client:
        try:
            client.wait_for_workers(1, timeout=WORKER_SECONDS)
        except TimeoutError:
            raise ClusterError(f"the Dask scheduler at {shown} has no worker (waited {WORKER_SECONDS} s)") from None
        yield client
