"""What every panel does with an action: run it, and on a refusal show the rules' message in red and keep
the last good position (positions are immutable, so there is nothing to undo)."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from explorer import theme
from rules.core.errors import RulesError

REFUSALS = (RulesError, KeyError, ValueError, IndexError)


class GuardedPanel:
    """Mixin for panels with a `message` HTML widget and a `refresh(keep_message=...)` method."""

    message: Any

    def refresh(self, *, keep_message: bool = False) -> None:
        raise NotImplementedError

    def say(self, text: str, *, error: bool = False) -> None:
        """Show a line under the board (red for a refusal)."""
        colour = theme.ERROR if error else theme.SUCCESS
        self.message.value = f'<span style="color:{colour}">{html.escape(text, quote=False)}</span>' if text else ""

    def _guard(self, action: Callable[[], object]) -> None:
        """Run a panel action; a refusal shows the engine's message and changes nothing."""
        try:
            action()
        except REFUSALS as refusal:
            message = refusal.args[0] if isinstance(refusal, KeyError) and refusal.args else str(refusal)
            self.say(f"refused: {message}", error=True)
            try:
                self.refresh(keep_message=True)
            except Exception as failure:  # the error path never raises: the message stays, the board as it was
                self.say(f"refused: {message} (the board could not be redrawn: {failure})", error=True)

    def _act(self, action: Callable[[], object], message: str = "") -> None:
        """Run an action under `_guard`, then say `message` (or what the last events say) and redraw."""

        def run() -> None:
            result = action()
            text = message
            if not text and isinstance(result, tuple) and result:
                text = " ".join(e.sentence() for e in result[-3:] if hasattr(e, "sentence"))
            self.say(text)
            self.refresh(keep_message=True)

        self._guard(run)
