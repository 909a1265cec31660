"""A double click on a busy kernel acts once: a button is disabled while it works, and a click the browser
sent before the last work's result could reach it is dropped (judged on the browser's clock)."""

from __future__ import annotations

import time

from explorer.attack_the_tower.panel import AttackTheTowerPanel
from explorer.busy import BusyButtons


def test_a_button_is_disabled_while_its_handler_works() -> None:
    busy = BusyButtons(clock=lambda: None)
    seen: list[bool] = []
    first = busy.button("one", lambda: seen.append(first.disabled))
    first.click()
    assert seen == [True] and not first.disabled
    other = busy.button("two", lambda: None)
    other.disabled = True  # disabled for its own reason: it stays so after a click
    other.click()
    assert other.disabled


def test_a_click_sent_while_the_first_was_working_is_dropped() -> None:
    sent = iter([100.0, 100.05, 103.0])  # browser's clock: a double click, then a click seconds later
    busy = BusyButtons(clock=lambda: next(sent))
    runs: list[int] = []

    def slow() -> None:
        runs.append(1)
        time.sleep(0.2)  # the work outlasts the double click's second click

    button = busy.button("step", slow)
    button.click()
    button.click()
    assert len(runs) == 1 and busy.dropped == 1
    button.click()
    assert len(runs) == 2


def test_a_double_click_queued_behind_a_busy_kernel_acts_once() -> None:
    """The kernel's clock runs 1000 s ahead of the browser's, the network takes 0.01 s. A first click
    calibrates; then a double click waits 2 s behind other work: its second click arrives after the first
    click's quick work ended, yet was sent long before the browser could see that result."""
    sent = iter([10.0, 20.0, 20.1, 30.0])
    arrivals = iter([1010.01, 1010.02, 1022.0, 1022.01, 1022.01, 1030.01, 1030.02])
    busy = BusyButtons(clock=lambda: next(sent), now=lambda: next(arrivals))
    runs: list[int] = []
    button = busy.button("step", lambda: runs.append(1))
    button.click()  # calibration: 1000.01 between the clocks
    button.click()  # sent at 20.0, started at 1022.0 (queued 2 s), ended at 1022.01
    button.click()  # sent at 20.1: the result could reach the browser only at about 22.0
    assert len(runs) == 2 and busy.dropped == 1
    button.click()  # sent at 30.0, after the result was shown
    assert len(runs) == 3


def test_without_a_kernel_every_click_acts() -> None:
    panel = AttackTheTowerPanel("mid-game-battle")
    step = next(b for b in panel._busy.buttons if b.description == "next ▶")
    step.click()
    step.click()
    assert panel.explorer.session.cursor == 2
