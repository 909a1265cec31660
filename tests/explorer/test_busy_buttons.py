"""A double click on a busy kernel acts once: the panel's buttons are disabled while one works, and a click
the browser sent before the work had finished is dropped (judged on the browser's clock)."""

from __future__ import annotations

import time

from explorer.attack_the_tower.panel import AttackTheTowerPanel
from explorer.busy import BusyButtons


def test_buttons_are_disabled_while_a_handler_works() -> None:
    busy = BusyButtons(clock=lambda: None)
    seen: list[bool] = []
    first = busy.button("one", lambda: seen.append(all(b.disabled for b in busy.buttons)))
    other = busy.button("two", lambda: None)
    other.disabled = True  # disabled for its own reason: it stays so after the work
    first.click()
    assert seen == [True]
    assert not first.disabled and other.disabled


def test_a_click_sent_while_the_first_was_working_is_dropped() -> None:
    sent = iter([100.0, 100.05, 103.0])  # browser's clock: a double click, then a click seconds later
    busy = BusyButtons(clock=lambda: next(sent))
    runs: list[int] = []

    def slow() -> None:
        runs.append(1)
        time.sleep(0.2)  # a busy kernel: the work outlasts the double click's second click

    button = busy.button("step", slow)
    button.click()
    button.click()
    assert len(runs) == 1 and busy.dropped == 1
    button.click()
    assert len(runs) == 2


def test_without_a_kernel_every_click_acts() -> None:
    panel = AttackTheTowerPanel("mid-game-battle")
    step = next(b for b in panel._busy.buttons if b.description == "step ▶")
    step.click()
    step.click()
    assert panel.explorer.session.cursor == 2
