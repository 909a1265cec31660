"""What every panel does with an action: run it, and on a refusal show the rules' message in red and keep
the last good position (positions are immutable, so there is nothing to undo)."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from explorer import theme
from rules.core.errors import RulesError, kind_of
from rules.core.files import escape

REFUSALS = (RulesError, KeyError, ValueError, IndexError)

MAX_KEY_CHARS = 100
"""A board key or a branch name is at most this long (the longest real key is a dozen characters)."""


def checked_text(value: object, what: str) -> str:
    """`value` when it is text of at most MAX_KEY_CHARS printable characters; a RulesError saying what a
    `what` is otherwise (a panel method's argument checked before anything changes)."""
    if not isinstance(value, str):
        shown = "" if value is None else f": {escape(repr(value), 60)}"
        raise RulesError(f"{what} must be text, not {kind_of(value)}{shown}")
    if not value or len(value) > MAX_KEY_CHARS or not value.isprintable():
        raise RulesError(f"{escape(repr(value), 60)} is not {what}: 1 to {MAX_KEY_CHARS} printable characters")
    return value


def checked_edit(change: object) -> Callable[..., object]:
    """An edit handed to a panel's `edit`: a function of the explorer (a RulesError in words otherwise)."""
    if not callable(change):
        raise RulesError(
            f"an edit is a function of the explorer (e.g. lambda x: x.set_hp(5)), not {escape(repr(change), 60)}"
        )
    return change


class GuardedPanel:
    """Mixin for panels with a `message` HTML widget and a `refresh(keep_message=...)` method."""

    message: Any

    def refresh(self, *, keep_message: bool = False) -> None:
        raise NotImplementedError

    def say(self, text: str, *, error: bool = False) -> None:
        """Show a line under the board (red for a refusal)."""
        colour = theme.ERROR if error else theme.SUCCESS
        self.message.value = f'<span style="color:{colour}">{html.escape(text, quote=False)}</span>' if text else ""

    def _tell(self, text: str) -> None:
        """Say `text` under the board and redraw, the message kept (what most actions do once done)."""
        self.say(text)
        self.refresh(keep_message=True)

    def _guard(self, action: Callable[[], object]) -> None:
        """Run a panel action; a refusal shows the engine's message and changes nothing. Any other error is a
        fault of the explorer or the engine, not of the player: the panel says so rather than doing nothing, and
        the error is raised again, so that its traceback reaches the log (and a test fails)."""
        try:
            action()
        except REFUSALS as refusal:
            message = refusal.args[0] if isinstance(refusal, KeyError) and refusal.args else str(refusal)
            self._say_and_redraw(f"refused: {message}")
        except Exception as fault:
            self._say_and_redraw(
                f"something went wrong inside the explorer, not in your move ({type(fault).__name__}: "
                f"{escape(str(fault), 200)}); the last good position is kept. The log has the details to report."
            )
            raise

    def _say_and_redraw(self, message: str) -> None:
        """Say `message` in red and redraw the last good position; the error path never raises: when the board
        cannot be redrawn, the message says so and the board stays as it was."""
        self.say(message, error=True)
        try:
            self.refresh(keep_message=True)
        except Exception as failure:
            self.say(f"{message} (the board could not be redrawn: {failure})", error=True)

    def _act(self, action: Callable[[], object], message: str = "") -> None:
        """Run an action under `_guard`, then say `message` (or what the last events say) and redraw."""

        def run() -> None:
            result = action()
            text = message
            if not text and isinstance(result, tuple) and result:
                text = " ".join(e.sentence() for e in result[-3:] if hasattr(e, "sentence"))
            self._tell(text)

        self._guard(run)
