"""A ladder's games on the Dask local cluster (one worker process per core, as a sweep's), chunk by chunk.

Every game of a rung is seeded from its index, so the rung is the same here as in one process; the
chunks only spread the work (a search policy's games take seconds each).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence

from rules.core.ladder import LADDER_CHUNK, ChunkRunner, GameResult, Progress, run_here
from rules.sweeps.cluster import dask_client

__all__ = ["LADDER_CHUNK", "ladder_runner"]


@contextlib.contextmanager
def ladder_runner(workers: int | None) -> Iterator[ChunkRunner]:
    """Chunks played in this process (`workers` None), or on a local cluster of `workers` processes that is
    started here and closed on leaving."""
    if workers is None:
        yield run_here
        return
    from distributed import as_completed

    with dask_client(None, None, workers) as client:

        def run(
            play: Callable[[range], list[GameResult]], chunks: Sequence[range], done: Progress | None = None, /
        ) -> list[list[GameResult]]:
            futures = client.map(play, list(chunks), pure=False)
            sizes = {future.key: len(chunk) for future, chunk in zip(futures, chunks, strict=True)}
            for finished in as_completed(futures):
                if done is not None:
                    done(sizes[finished.key])
            results: list[list[GameResult]] = client.gather(futures)
            return results

        yield run
