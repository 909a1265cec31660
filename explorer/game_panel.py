"""A panel for any registered game, read from its descriptor: the position as JSON, one button per legal
action (worded by the game's canonical action text), a step decided by a policy, back and forward along the
line, and the log. A new game gets it without writing a panel; the shipped games have panels of their own.

Every control is a plain method of `GameExplorer` first; `GamePanel` is the widget view over it, and renders
without a kernel (`_repr_html_`)."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from explorer.guarded import GuardedPanel
from explorer.navigation import SessionNavigation
from rules.core.chance import ChanceSampler
from rules.core.descriptor import GameDescriptor
from rules.core.events import Event
from rules.core.protocol import CHANCE, canonical_key
from rules.core.session import Session
from rules.registry import descriptor


class GameExplorer(SessionNavigation[Any]):
    """A session of any registered game (its name, or its descriptor), from an example's name, a position or
    the game's first example."""

    def __init__(self, game: str | GameDescriptor, position: Any = None, seed: int = 0) -> None:
        self.about = descriptor(game) if isinstance(game, str) else game
        self.sampler = ChanceSampler(seed)
        self._reset(self._position(position))

    def _position(self, position: Any) -> Any:
        examples = self.about.positions
        if position is None:
            return examples.example(next(iter(examples.examples)))
        return examples.example(position) if isinstance(position, str) else position

    def _reset(self, position: Any) -> None:
        self.session: Session[Any, Any] = Session(self.about.game, position)

    def choices(self) -> list[str]:
        """Each legal action of the acting player (or each chance outcome) as its canonical text, in id order."""
        game, state = self.about.game, self.session.state
        offered = game.chance_outcomes(state).outcomes() if game.current_player(state) == CHANCE else None
        return sorted(canonical_key(a) for a in (offered or game.legal_actions(state)))

    def take(self, action_id: int) -> tuple[Event, ...]:
        """Take the action with this id (its place in `choices`)."""
        game = self.about.game
        return self.play(game.action_from_id(self.session.state, action_id))

    def step(self, policy: str | None = None) -> tuple[Event, ...]:
        """One step decided for the table: chance by the seeded sampler, a player by `policy` (default the
        game's first)."""
        name = policy or next(iter(self.about.policies))
        return self.decide(lambda player: self.about.policy(name))

    def log_text(self) -> str:
        """Every sentence of the line so far, one step a line."""
        return "\n".join(" ".join(e.sentence() for e in step.events) for step in self.session.steps())

    def position_text(self) -> str:
        return self.about.game.positions.text(self.session.state)


class GamePanel(GuardedPanel, w.VBox):  # type: ignore[misc]
    """The widget view of a `GameExplorer`."""

    def __init__(self, game: str | GameDescriptor, position: Any = None, seed: int = 0) -> None:
        self.explorer = GameExplorer(game, position, seed)
        self.message = w.HTML()
        self.board = w.HTML()
        self.actions = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.log_box = w.Textarea(disabled=True, layout=w.Layout(width="100%", height="8em"))
        controls = [("step ▶", self.step), ("◀ back", self.back), ("forward", self.forward)]
        buttons = [w.Button(description=label) for label, _ in controls]
        for button, (_, handler) in zip(buttons, controls, strict=True):
            button.on_click(lambda _b, h=handler: h())
        title = w.HTML(f"<b>{html.escape(self.explorer.about.title)}</b>")
        super().__init__([title, self.board, self.actions, w.HBox(buttons), self.message, self.log_box])
        self.refresh()

    def take(self, action_id: int) -> None:
        self._act(lambda: self.explorer.take(action_id))

    def step(self) -> None:
        self._act(self.explorer.step)

    def back(self) -> None:
        self._act(self.explorer.back, "one step back")

    def forward(self) -> None:
        self._act(self.explorer.forward, "one step forward")

    def refresh(self, *, keep_message: bool = False) -> None:
        if not keep_message:
            self.say("")
        self.board.value = self._board_html()
        buttons = []
        for index, text in enumerate(self.explorer.choices()):
            button = w.Button(description=text, tooltip=f"action {index}")
            button.on_click(lambda _b, i=index: self.take(i))
            buttons.append(button)
        self.actions.children = buttons
        self.log_box.value = self.explorer.log_text()

    def _board_html(self) -> str:
        return f"<pre>{html.escape(self.explorer.position_text())}</pre>"

    def _repr_html_(self) -> str:
        """The same facts without a kernel: the position, the choices and the log."""
        choices = "".join(f"<li>{html.escape(c)}</li>" for c in self.explorer.choices())
        log = html.escape(self.explorer.log_text())
        return (
            f"<h4>{html.escape(self.explorer.about.title)}</h4>{self._board_html()}<ul>{choices}</ul><pre>{log}</pre>"
        )
