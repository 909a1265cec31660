"""Buttons that act once: a button is disabled while its work runs, and a click on any of the panel's
buttons that the browser sent before the last work's result could reach it (a double click on a busy
kernel, queued meanwhile) is dropped.

Whether a click was sent before the last work's result could reach the browser is judged from the sending
time in the message header: the kernel's clock minus the browser's, at its smallest over the clicks seen
(their skew plus the network's delay, without time spent queued), turns the end of the last work into
the browser's clock. So the clocks need not agree, and a click queued behind a busy kernel is recognised.
Without a kernel (tests, scripts) every click acts."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime
from typing import Any

import ipywidgets as w


def sent_at() -> float | None:
    """When the browser sent the message being handled (seconds, the browser's clock); None without one."""
    try:
        from IPython import get_ipython

        shell = get_ipython()
        kernel = getattr(shell, "kernel", None)
        if kernel is None:
            return None
        header = kernel.get_parent("shell").get("header", {})
    except Exception:  # outside a kernel, or an ipykernel without get_parent(channel)
        return None
    if header.get("msg_type") != "comm_msg":  # a cell calling button.click() is not a browser's click
        return None
    date = header.get("date")
    if isinstance(date, datetime):
        return date.timestamp()
    if isinstance(date, str):
        try:
            return datetime.fromisoformat(date.replace("Z", "+00:00")).timestamp()
        except ValueError:
            return None
    return None


class BusyButtons:
    """The buttons of one panel: each click runs under `run`, the button disabled while it works (one
    message each way: disabling every button would delay the board's redraw)."""

    def __init__(self, clock: Callable[[], float | None] = sent_at, now: Callable[[], float] = time.time) -> None:
        self.buttons: list[w.Button] = []
        self.clock = clock
        self.now = now
        self.busy = False
        self.offset: float | None = None
        """The smallest (kernel's clock - browser's sending time) seen at a click: skew plus delay."""
        self.done_at: float | None = None
        """When the last work ended (kernel's clock)."""
        self.dropped = 0

    def button(self, label: str, handler: Callable[[], object], tip: str = "") -> w.Button:
        """A button whose click runs `handler` once, the panel's buttons disabled meanwhile."""
        button = w.Button(
            description=label, tooltip=tip or label, layout=w.Layout(width="auto", min_width="fit-content")
        )
        button.on_click(lambda _b: self.run(handler, button))
        self.buttons.append(button)
        return button

    def _queued_meanwhile(self, sent: float | None) -> bool:
        """True when this click was sent before the last work's result could have reached the browser."""
        if sent is None:
            return False
        seen = self.now() - sent
        self.offset = seen if self.offset is None else min(self.offset, seen)
        return self.done_at is not None and sent < self.done_at - self.offset

    def run(self, handler: Callable[[], object], button: w.Button | None = None) -> Any:
        """Run `handler` with `button` disabled (its own state restored after)."""
        sent = self.clock()
        if self.busy or self._queued_meanwhile(sent):
            self.dropped += 1
            return None
        self.busy = True
        was = button.disabled if button is not None else False
        if button is not None:
            button.disabled = True
        try:
            return handler()
        finally:
            if button is not None:
                button.disabled = was
            self.busy = False
            self.done_at = self.now()
