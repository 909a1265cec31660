"""The presenter, shared by every game's panel: a bar with "step n of N", ◀ back and next ▶ (the arrow keys
too), "predict, then reveal" (a step's result hidden until the teacher reveals it, with the lesson's question
for it), a teacher's lesson (rules.lesson) played step by step, and a log whose entries jump to their step.

A panel served as an app by Voila (`make present`, or Binder's `urlpath=voila/render/...`) is in presenter
mode: full width, large type, the bar held at the bottom of the window, the arrow keys stepping from anywhere on
the page. Voila tells its kernels so through the CGI-style SERVER_SOFTWARE variable; everywhere else panels keep
their JupyterLab size. Every control is a plain method first (`next`, `back`, `reveal`, `set_predict`,
`load_lesson`, `jump`)."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

import ipywidgets as w

from explorer.board import BoardWidget
from explorer.markup import PRESENT_CLASS, STATIC, answer_parts, in_voila
from explorer.session_panel import SessionPanel, fit_labels, row
from rules.lesson import Lesson, LessonStep, lesson_of, read_lesson

HIDDEN = "the result of this step is hidden: predict it, then press reveal"
"""The step card while 'predict, then reveal' hides a step's result (its question is asked above the board)."""
PREDICT_ON = "predict, then reveal: each step's result stays hidden until 'reveal'"
PREDICT_OFF = "every step's result is shown as it is taken"


def shipped_lessons(game: str) -> dict[str, Path]:
    """The lessons that come with the project for a game (explorer/lessons/<game>/*.json), by title."""
    folder = resources.files("explorer").joinpath("lessons", game)
    found: dict[str, Path] = {}
    if folder.is_dir():
        for item in sorted(folder.iterdir(), key=lambda i: i.name):
            if item.name.endswith(".json"):
                path = Path(str(item))
                found[read_lesson(path).title] = path
    return found


def step_card(events: Sequence[Any]) -> str:
    """The step card's one line for a step of any game: its first sentence (the narration below tells the rest);
    the start of the line when no step has been taken."""
    if not events:
        return "the position before the first step"
    return str(events[0].sentence())


class LogView(BoardWidget):
    """The narrated log: each entry a link to its step (a click jumps there, as in boardgame.io's debug panel)."""

    _css = STATIC / "presenter.css"

    def __init__(self, on_jump: Callable[[int], None]) -> None:
        super().__init__(on_click=lambda key, _shift: self._jump(key, on_jump), on_key=lambda _command: None)

    @staticmethod
    def _jump(key: str, on_jump: Callable[[int], None]) -> None:
        kind, _, number = key.partition(":")
        if kind == "step" and number.isdigit():
            on_jump(int(number))


def log_html(entries: Sequence[tuple[int, str]], cursor: int, total: int, branch: str, extra: str = "") -> str:
    """The log as HTML: 'step n of N' and the branch, then one entry a line, each naming its step (data-key
    'step:n', which the log view turns into a jump); the step at the cursor is marked."""
    items = "".join(
        f'<li data-key="step:{n}" class="{"current" if n == cursor else ""}" title="go to step {n}">'
        f'<span class="n">{n}.</span> {html.escape(line)}</li>'
        for n, line in entries
    )
    more = f"; {html.escape(extra)}" if extra else ""
    return (
        f'<div class="tower-log"><b>log</b> (step {cursor} of {total}, branch {html.escape(branch)}{more}; '
        f"click an entry to go to its step)<ul>{items}</ul></div>"
    )


class Presenting(SessionPanel):
    """Mixin for every game's panel: the presenter's bar and lessons over the SessionPanel's commands. The panel calls
    `_build_presenter` while building its controls and `_show_presenter` when it redraws, and names its own
    step (`next_method`): 'step ▶' for Attack the Tower and The Tower, 'next phase ▶' for Tower Defense."""

    board: BoardWidget
    game_slug: str
    key_methods: ClassVar[dict[str, str]] = {"commit": "auto", "clear": "clear_selection"}
    """The panel's method for Enter ('commit') and Escape ('clear') on the board (the arrows step and go back);
    by default Enter lets the policy decide and Escape leaves nothing selected."""
    next_method: ClassVar[str] = "step"
    """The panel's own step, which next ▶ takes (plays one, or replays the next of the line)."""
    lesson: Lesson | None
    predicting: bool
    concealed_from: int | None
    """While a step's result is hidden: the step shown instead (the cursor before the step); else None."""
    concealed_cursor: int
    """The cursor when the result was hidden (a move since then gives the hiding up)."""

    if TYPE_CHECKING:  # provided by the widget (declared for the type checker)

        def add_class(self, name: str) -> Any: ...

    # ---- building ------------------------------------------------------------------------------------
    def _build_presenter(self, next_label: str = "next ▶") -> w.HBox:
        """The bar (◀ back, step n of N, next ▶, predict then reveal, reveal), the message line under it and the
        lesson's line above the board; returns the bar."""
        self.message = w.HTML()
        self.lesson = None
        self.predicting = False
        self.concealed_from = None
        self.concealed_cursor = 0
        self.step_counter = w.HTML(layout=w.Layout(min_width="fit-content"))
        self.step_counter.add_class("step-counter")
        self.predict_toggle = w.Checkbox(
            value=False, description="predict, then reveal", indent=False, layout=w.Layout(width="auto")
        )
        self.predict_toggle.observe(lambda change: self.set_predict(bool(change["new"])), "value")
        self.reveal_button = self._button("reveal", self.reveal, "show the result of the step")
        self.lesson_note = w.HTML()
        self.lesson_note.add_class("lesson-note")
        back = self._button("◀ back", self.back, "one step back along this line (←)")
        forward = self._button(next_label, self.next, "the next step: replayed from the line, or played (→)")
        bar = row([back, self.step_counter, forward, self.predict_toggle, self.reveal_button])
        bar.add_class("presenter-bar")
        self.presenter_bar = bar
        self.log_view = LogView(on_jump=self.jump)
        return bar

    def _open(self, present: bool | None) -> None:
        """The end of a panel's construction: whole labels (fit_labels), presenter mode when asked or by default
        under Voila (full width, large type, the bar held at the bottom of the window and the arrow keys stepping
        from anywhere on the page: presenter.css), then the first position drawn."""
        fit_labels(self)
        if in_voila() if present is None else present:
            self.add_class(PRESENT_CLASS)
            self.board.page_keys = True
        self.refresh()

    # ---- plain methods (what the bar's controls call) --------------------------------------------------
    def auto(self) -> None:
        """Let chance or the policy make the current decision (Enter on the board, by default)."""
        self._act(self.explorer.auto)

    def next(self) -> None:
        """The next step: reveal a hidden result first; else play the panel's step (replaying the line when
        there is more of it), and under 'predict, then reveal' hide what it did until `reveal`."""
        if self._concealed():
            self.reveal()
            return
        self.concealed_from = None
        before = self.explorer.session.cursor
        getattr(self, self.next_method)()
        if self.predicting and self.explorer.session.cursor != before:
            self.concealed_from = before
            self.concealed_cursor = self.explorer.session.cursor
            self.refresh()

    def key(self, command: str) -> None:
        """A key on the board: → the next step, ← back, Enter and Escape as the panel's `key_methods` say."""
        handler = {"step": "next", "back": "back", **self.key_methods}.get(command)
        if handler is not None:
            getattr(self, handler)()

    def reveal(self) -> None:
        """Show the result of the step just taken (what 'predict, then reveal' hid)."""
        if not self._concealed():
            self.concealed_from = None
            self.say("nothing is hidden: 'next ▶' takes a step")
            return
        self.concealed_from = None
        self._tell(self._narration())

    def back(self) -> None:
        """One step back; while a step's result is hidden, back to the position shown (the step undone)."""
        if self._concealed():
            self._unconceal()
            self.refresh()
            return
        self.concealed_from = None
        super().back()

    def _moved(self) -> None:
        """Moving along the line gives up a hidden result (the position moved to is shown)."""
        self._unconceal()

    def set_predict(self, on: bool) -> None:
        """Predict, then reveal: each step's result stays hidden until `reveal` (the lesson's question shown)."""
        changed = self.predicting != on
        self.predicting = on
        if self.predict_toggle.value != on:
            self.predict_toggle.value = on
        if not on and self._concealed():
            self.reveal()
        elif changed:
            self._tell(PREDICT_ON if on else PREDICT_OFF)

    def _concealed(self) -> bool:
        """A step's result is hidden now (and the line has not moved since it was hidden)."""
        return self.concealed_from is not None and self.explorer.session.cursor == self.concealed_cursor

    def _unconceal(self) -> None:
        """Give up a hidden result: back to the position shown before the step."""
        if self._concealed():
            assert self.concealed_from is not None
            self.explorer.session.jump(self.concealed_from)
        self.concealed_from = None

    def load_lesson(self, path_or_text: str | Path) -> None:
        """Start a teacher's lesson (a file or its JSON text): its position, its line to play step by step."""

        def run() -> None:
            lesson = read_lesson(path_or_text)
            if lesson.game != self.game_slug:
                raise ValueError(f"this lesson is for {lesson.game}; this panel plays {self.game_slug}")
            self.explorer.play_lesson(lesson)
            self.lesson = lesson
            self.concealed_from = None
            self._tell(f"lesson: {lesson.title} ({len(lesson.steps)} steps) - 'next ▶' plays them one by one")

        self._guard(run)

    def lesson_text(self) -> str:
        """The lesson file of this line (the steps played so far, with the words the loaded lesson gives them)."""
        session = self.explorer.session
        notes = {} if self.lesson is None else dict(enumerate(self.lesson.steps, 1))
        title = self.lesson.title if self.lesson is not None else f"A line of {len(session.line)} steps"
        lesson = lesson_of(self.game_slug, title, session.initial, list(session.line), notes)
        return lesson.model_dump_json(indent=2, exclude_defaults=True)

    def download_lesson(self) -> str:
        """Save this line as a lesson file through the browser (a download) and return its text."""
        text = self.lesson_text()
        self.board.download(f"{self.game_slug}-lesson.json", text, "application/json")
        self.say("lesson downloaded: add a question or a remark to any step, then load it with 'lesson file'")
        return text

    # ---- reading -----------------------------------------------------------------------------------
    def shown_step(self) -> int:
        """The step whose position the board shows: the cursor, or the step before a hidden result."""
        if self._concealed():
            assert self.concealed_from is not None
            return self.concealed_from
        return int(self.explorer.session.cursor)

    def _shown_view(self, board_view: Callable[..., dict[str, Any]], **now: Any) -> dict[str, Any]:
        """The game's `board_view` of the position shown: under a hidden result, the position before it (its question
        is asked above the board); else the position at the cursor with its step card, its sentences and `now`."""
        session = self.explorer.session
        shown = self.shown_step()
        if shown != session.cursor:
            return board_view(session.state_at(shown), selected=self.selected, summary=HIDDEN)
        events = session.last_events()
        summary = self._step_card(events) if session.cursor else ""
        last = tuple(e.sentence() for e in events)
        return board_view(self.explorer.state, selected=self.selected, last_events=last, summary=summary, **now)

    def _step_card(self, events: Sequence[Any]) -> str:
        """The step card of the step at the cursor (a game says more where its first sentence is a heading)."""
        return step_card(events)

    def note(self, number: int) -> LessonStep | None:
        """The lesson's words for step `number`, if a lesson is played and says something there."""
        return None if self.lesson is None else self.lesson.note(number)

    def _narration(self) -> str:
        """What the step at the cursor did, in its sentences."""
        events = self.explorer.session.last_events()
        return " ".join(e.sentence() for e in events[-3:])

    def _note_html(self) -> str:
        """The lesson's line above the board: the question while a result is hidden, the answer and the remark
        once it is shown, the lesson's introduction at its start."""
        cursor = self.explorer.session.cursor
        if self._concealed():
            words = self.note(cursor)
            question = words.question if words is not None and words.question else "What happens next?"
            return f'<div class="question">Question: {html.escape(question)} <i>(predict, then reveal)</i></div>'
        parts = answer_parts(self.note(cursor))
        if cursor == 0 and self.lesson is not None:
            parts.append(f"<b>{html.escape(self.lesson.title)}</b>: {html.escape(self.lesson.about)}")
        return f'<div class="answer">{" ".join(parts)}</div>' if parts else ""

    def _show_presenter(self, board_html: str, keep_message: bool) -> None:
        """Redraw the bar's counter, the lesson's line and the log (from `shown_step`) and the branch list, clear the
        message unless it is kept, and draw `board_html` last: when the browser draws it again, the controls beside it
        already say the same."""
        session = self.explorer.session
        cursor, total = session.cursor, len(session.line)
        hidden = " · result hidden" if self._concealed() else ""
        self.step_counter.value = f'<span class="counter">step {cursor} of {total}{hidden}</span>'
        self.reveal_button.disabled = not self._concealed()
        self.lesson_note.value = self._note_html()
        shown = self.shown_step()
        entries = [(step.number, event.narrate()) for step in session.steps()[:shown] for event in step.events][
            -self.log_lines :
        ]
        self.log_view.show(log_html(entries, shown, total, session.current_branch, self._log_extra()), None)
        self._show_branches()
        self._show_example()
        if not keep_message:
            self.say("")
        self.board.show(board_html, self.selected)

    log_lines = 40

    def _log_extra(self) -> str:
        """A few words the game adds to the log's heading (Tower Defense: the phase)."""
        return ""
