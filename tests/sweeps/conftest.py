"""A real Dask cluster for the sweep tests: a scheduler and two worker processes on 127.0.0.1, started once."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest
from distributed import Client, LocalCluster


@pytest.fixture(scope="session")
def dask_cluster() -> Iterator[LocalCluster]:
    """Two single-threaded worker processes and their scheduler on loopback, no dashboard."""
    cluster = LocalCluster(
        n_workers=2,
        processes=True,
        threads_per_worker=1,
        host="127.0.0.1",
        dashboard_address=None,
        silence_logs=logging.ERROR,
    )
    with cluster:
        yield cluster


@pytest.fixture
def dask_client(dask_cluster: LocalCluster) -> Iterator[Client]:
    with Client(dask_cluster) as client:
        yield client
