"""The balance tests share the sweep tests' real Dask cluster (a scheduler and two worker processes on 127.0.0.1)."""

from tests.sweeps.conftest import dask_client, dask_cluster

__all__ = ["dask_client", "dask_cluster"]
