"""HTML that every game's board draws alike: text escaped, the step card above the board, the log of the static
board, a lesson's answer, and the files of explorer/static (style sheets and scripts) that the static HTML carries
inside it."""

from __future__ import annotations

import html
import os
from collections.abc import Sequence
from pathlib import Path

from rules.lesson import LessonStep

STATIC = Path(__file__).resolve().parent / "static"


def static_text(name: str) -> str:
    """A file of explorer/static (a style sheet or a script), as text."""
    return (STATIC / name).read_text(encoding="utf-8")


PRESENT_CLASS = "tower-present"
"""The class of what is shown in presenter mode (explorer/static/presenter.css)."""


def in_voila() -> bool:
    """True in a kernel Voila started (it sets SERVER_SOFTWARE to 'voila/<version>')."""
    return os.environ.get("SERVER_SOFTWARE", "").startswith("voila/")


def presented(snapshot: str) -> str:
    """A static board as an app served by Voila shows it: in presenter mode (large type, the window's width), as
    the live panels are; elsewhere (a notebook, GitHub, nbviewer) unchanged."""
    if not in_voila():
        return snapshot
    return f'<style>{static_text("presenter.css")}</style><div class="{PRESENT_CLASS}">{snapshot}</div>'


def e(text: object) -> str:
    """`text` escaped for HTML, quotes included (so it is safe in an attribute too)."""
    return html.escape(str(text))


def step_card_html(summary: str) -> str:
    """The step card above the board: what the step that led there did, in one line ('' when none is told)."""
    return f'<div class="step-card" title="{e(summary)}">{e(summary)}</div>' if summary else ""


def log_html(lines: Sequence[str], list_class: str, *, folded: bool = False) -> str:
    """The log under a static board: one item a line, under a 'log' heading that shows it (`folded`: hides it)."""
    items = "".join(f"<li>{e(line)}</li>" for line in lines)
    return f'<details{"" if folded else " open"}><summary>log</summary><ul class="{list_class}">{items}</ul></details>'


def answer_parts(words: LessonStep | None) -> list[str]:
    """What a lesson says once a step's result is shown, as HTML: its answer, then its remark (each when given)."""
    if words is None:
        return []
    answer = f"<b>Answer:</b> {e(words.answer)}" if words.answer else ""
    return [part for part in (answer, e(words.remark)) if part]
