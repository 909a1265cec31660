"""Watching a sweep or a balance that runs in the background (`rules.sweeps.background`) without blocking the
kernel: a timer thread looks at the run a few times a second, reports its progress and, once the run has ended,
hands it over exactly once, whether the timer sees the end first or a caller waiting on it does; and the controls
of a panel that runs one (`RunControls`)."""

from __future__ import annotations

import html
import threading
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from explorer import theme
from rules.sweeps.background import BackgroundRun

POLL_SECONDS = 0.25
"""How often the progress bar moves (each look costs the kernel almost nothing)."""


class SweepWatch:
    """Polls one run: `on_progress(progress)` while it runs, `on_end(run)` once when it has ended."""

    def __init__(
        self,
        run: BackgroundRun[Any, Any],
        on_progress: Callable[[Any], None],
        on_end: Callable[[Any], None],
        *,
        every: float = POLL_SECONDS,
        timer: Callable[..., Any] = threading.Timer,
    ) -> None:
        self.run = run
        self.on_progress = on_progress
        self.on_end = on_end
        self.every = every
        self.timer = timer
        self.ended = False
        self._lock = threading.Lock()
        self._pending: Any = None
        self._seen: Any = None
        self._handed = threading.Event()

    @property
    def finished(self) -> bool:
        """True once the run has ended and been handed over (its results are shown)."""
        return self._handed.is_set()

    def start(self) -> SweepWatch:
        """Look now and keep looking until the run ends."""
        self.poll()
        return self

    def poll(self) -> None:
        """One look: report new progress; hand the run over if it has ended, else look again later."""
        if self.ended:
            return
        self._progressed()
        if self.run.done:
            self._end()
            return
        self._pending = self.timer(self.every, self.poll)
        self._pending.daemon = True
        self._pending.start()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait in this thread until the run ends (at most `timeout` seconds) and hand it over; True once
        it has ended. For notebooks and tests that want the result in the cell that ran the sweep."""
        try:
            self.run.result(timeout)
        except TimeoutError:
            return False
        except BaseException:  # the run's own error: on_end reads it from the run and says it
            pass
        self._progressed()
        self._end()
        return self._handed.wait(timeout)

    def _progressed(self) -> None:
        """Report the run's progress if it moved since the last report."""
        progress = self.run.progress
        if progress is not None and progress != self._seen:
            self._seen = progress
            self.on_progress(progress)

    def _end(self) -> None:
        with self._lock:
            if self.ended:
                return
            self.ended = True
        if self._pending is not None:
            self._pending.cancel()
        try:
            self.on_end(self.run)
        finally:
            self._handed.set()


class RunControls:
    """Mixin for a panel that runs one thing at a time in the background (a sweep, a balance): its run and stop
    buttons, progress bar, status and message lines, and the plain methods `cancel` and `wait`."""

    noun = "run"
    """The run's name in the panel's words ("sweep", "balance")."""
    stopping = "stopping"
    """What the panel says it is doing once asked to stop ("cancelling", "stopping")."""
    result: Any = None
    watch: SweepWatch | None = None

    until_shown = False
    """Whether a run counts as running until its results are shown (the sweep tab), not only until it has ended
    (the balance tab: a new run may start while the last one's results are drawn, as the re-enabled button says)."""

    @property
    def running(self) -> bool:
        """True while the run goes on (see `until_shown`)."""
        return self.watch is not None and not (self.watch.finished if self.until_shown else self.watch.ended)

    def _make_buttons(
        self, run: tuple[str, str], stop: tuple[str, str], on_run: Callable[[], None], width: str
    ) -> None:
        """The run button (its label and tooltip; clicked, `on_run`), the stop button, the progress bar of `width`
        and the status and message lines."""
        self.run_button = w.Button(description=run[0], tooltip=run[1])
        self.run_button.on_click(lambda _b: on_run())  # disabled by `run` until the run ends
        self.stop_button = w.Button(description=stop[0], tooltip=stop[1], disabled=True)
        self.stop_button.on_click(lambda _b: self.cancel())
        self.progress = w.IntProgress(
            value=0, min=0, max=1, description="games", layout=w.Layout(width=width, max_width="100%")
        )
        self.status = w.HTML()
        self.message = w.HTML()

    def _watch(self, handle: BackgroundRun[Any, Any], total: int, on_progress: Any, on_end: Any) -> None:
        """Show a run just started (`total` games to go) and watch it until it ends (see SweepWatch); `on_end` is
        handed its result."""
        self.progress.max, self.progress.value = total, 0
        self.status.value = f"0 of {total:,} games"
        self.run_button.disabled, self.stop_button.disabled = True, False
        self.watch = SweepWatch(handle, on_progress, lambda run: self._handed(run, on_end)).start()

    def _handed(self, run: BackgroundRun[Any, Any], on_end: Any) -> None:
        """A run that has ended: the buttons as before it, and its result handed to `on_end` (its failure said
        instead)."""
        self.run_button.disabled, self.stop_button.disabled = False, True
        try:
            result = run.result(0)
        except Exception as failure:  # the run's own refusal or failure, said; the last results stay
            self.say(f"refused: the {self.noun} stopped: {failure}", error=True)
            return
        on_end(result)

    def cancel(self) -> None:
        """Stop the run after the games under way: a sweep's cells finished are shown; a balance's last finished
        answer stays (a stopped balance has checked no answer)."""
        if not self.running or self.watch is None:
            self.say(f"no {self.noun} is running")
            return
        self.watch.run.cancel()
        self.stop_button.disabled = True
        self.say(f"{self.stopping} after the games under way")

    def wait(self, timeout: float | None = None) -> Any:
        """Wait here until the run has ended and its results are shown (for a notebook cell or a test): the
        results shown then (the last good ones if it failed), or None if it is still running after `timeout`
        seconds."""
        if self.watch is not None and not self.watch.wait(timeout):
            return None
        return self.result

    def say(self, text: str, *, error: bool = False) -> None:
        """A line under the controls (red for a refusal); a refusal of several problems, one a line."""
        colour = theme.ERROR if error else theme.SUCCESS
        said = html.escape(text, quote=False)
        self.message.value = f'<span style="color:{colour};white-space:pre-line">{said}</span>' if text else ""
