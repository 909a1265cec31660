"""`fewer_collections` raises the collector's thresholds while games play and puts the process's own back."""

from __future__ import annotations

import gc
import threading

from rules.sweeps.collection import SWEEP_THRESHOLDS, fewer_collections


def test_the_thresholds_are_raised_while_playing_and_put_back_after_the_last_user() -> None:
    before = gc.get_threshold()
    with fewer_collections():
        assert gc.get_threshold() == SWEEP_THRESHOLDS
        with fewer_collections():
            assert gc.get_threshold() == SWEEP_THRESHOLDS
        assert gc.get_threshold() == SWEEP_THRESHOLDS
    assert gc.get_threshold() == before


def test_an_error_while_playing_still_puts_the_thresholds_back() -> None:
    before = gc.get_threshold()
    try:
        with fewer_collections():
            raise RuntimeError("a game failed")
    except RuntimeError:
        pass
    assert gc.get_threshold() == before


def test_overlapping_threads_put_back_the_thresholds_of_before_the_first() -> None:
    """Two chunks playing in two threads of one worker, ending in the other order than they began."""
    before = gc.get_threshold()
    first_in, second_in, first_may_end = threading.Event(), threading.Event(), threading.Event()
    after_second: list[tuple[int, ...]] = []

    def first() -> None:
        with fewer_collections():
            first_in.set()
            first_may_end.wait(5)
            after_second.append(gc.get_threshold())

    def second() -> None:
        first_in.wait(5)
        with fewer_collections():
            second_in.set()
        first_may_end.set()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert second_in.is_set()
    assert after_second == [SWEEP_THRESHOLDS]
    assert gc.get_threshold() == before
