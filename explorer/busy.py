"""Buttons that act once: while a panel works, its buttons are disabled, and a click the browser sent before
the work it waits behind had finished (a double click on a busy kernel, queued meanwhile) is dropped.

Whether a click was sent during the work is judged on the browser's clock alone (the sending time in the
message header, compared with the first click's plus how long the work took), so the clocks of browser and
kernel need not agree. Without a kernel (tests, scripts) every click acts."""

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
    """The buttons of one panel: each click runs under `run`, which disables them all while it works."""

    def __init__(self, clock: Callable[[], float | None] = sent_at) -> None:
        self.buttons: list[w.Button] = []
        self.clock = clock
        self.busy = False
        self.last_sent: float | None = None
        self.last_took = 0.0
        self.dropped = 0

    def button(self, label: str, handler: Callable[[], object], tip: str = "") -> w.Button:
        """A button whose click runs `handler` once, the panel's buttons disabled meanwhile."""
        button = w.Button(
            description=label, tooltip=tip or label, layout=w.Layout(width="auto", min_width="fit-content")
        )
        button.on_click(lambda _b: self.run(handler))
        self.buttons.append(button)
        return button

    def _queued_meanwhile(self, sent: float | None) -> bool:
        """True when this click was sent before the previous one's work could have been seen."""
        if sent is None or self.last_sent is None:
            return False
        return sent < self.last_sent + self.last_took

    def run(self, handler: Callable[[], object]) -> Any:
        """Run `handler` with every button disabled (each one's own state restored after)."""
        sent = self.clock()
        if self.busy or self._queued_meanwhile(sent):
            self.dropped += 1
            return None
        self.busy = True
        before = [b.disabled for b in self.buttons]
        start = time.monotonic()
        for b in self.buttons:
            b.disabled = True
        try:
            return handler()
        finally:
            for b, was in zip(self.buttons, before, strict=True):
                b.disabled = was
            self.busy = False
            self.last_sent, self.last_took = sent, time.monotonic() - start
