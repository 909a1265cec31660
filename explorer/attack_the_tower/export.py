"""A battle as one self-contained HTML page for a course page: every step's board, step card and narration, with
previous / next buttons (and the arrow keys), the damage drawn as it flows; for a lesson, each step's question
asked before its result is shown (predict, then reveal), its answer and remark after. No kernel, nothing
fetched, no instruction meant for the live panel: the style sheet and the scripts are inside the file."""

from __future__ import annotations

import html
from pathlib import Path
from typing import TYPE_CHECKING

from explorer.attack_the_tower.rendering import BOARD_CSS, board_html
from explorer.attack_the_tower.story import step_story
from explorer.attack_the_tower.viewmodel import board_view
from explorer.markup import answer_parts, static_text
from rules.core.files import write_file
from rules.lesson import Lesson, LessonStep

if TYPE_CHECKING:
    from explorer.attack_the_tower.explorer import Explorer

PAGE_CSS = "\n" + static_text("battle_page.css")
"""The page's own style (the board's style sheet follows it)."""
SCRIPT = "\n" + static_text("battle_page.js")
"""Previous / next, the arrow keys and 'predict, then reveal' (after the damage arrows of flows.js)."""

FLOWS_JS = static_text("flows.js")
"""The damage arrows, the same script the live board runs."""


def _frame(index: int, board: str, narration: list[str], words: LessonStep | None) -> str:
    items = "".join(f"<li>{html.escape(line)}</li>" for line in narration)
    told = f'<ol class="narration">{items}</ol>' if items else '<p class="narration">the position to start from</p>'
    hidden = " hidden" if index else ""
    if words is None or not (words.question or words.answer or words.remark):
        return f'<section class="frame" data-step="{index}"{hidden}>{board}{told}</section>'
    question = ""
    if words.question:
        question = (
            f'<div class="question">Question: {html.escape(words.question)} '
            '<button class="reveal" type="button">reveal</button></div>'
        )
    said = " ".join(answer_parts(words))
    answer = f'<div class="answer">{said}</div>' if said else ""
    result = f'<div class="result"{" hidden" if words.question else ""}>{answer}{board}{told}</div>'
    return f'<section class="frame" data-step="{index}"{hidden}>{question}{result}</section>'


TITLE = "A battle of Attack the Tower"


def battle_page(explorer: Explorer, title: str = "", lesson: Lesson | None = None) -> str:
    """The page: one frame per step of the explorer's current line (frame 0: the position it starts from),
    with the lesson's words for each step when the line is a lesson's (titled by the lesson then)."""
    title = title or (lesson.title if lesson is not None else TITLE)
    session = explorer.session
    steps = session.steps()
    frames = []
    for index in range(len(session.line) + 1):
        events = steps[index - 1].events if index else ()
        story = step_story(session, index, events)
        board = board_html(board_view(session.state_at(index), story=story, live=False))
        words = lesson.note(index) if lesson is not None else None
        frames.append(_frame(index, board, [e.narrate() for e in events], words))
    about = f'<p class="about">{html.escape(lesson.about)}</p>' if lesson is not None and lesson.about else ""
    predict = (
        '<label><input id="predict" type="checkbox" checked> predict, then reveal</label>'
        if lesson is not None and any(s.question for s in lesson.steps)
        else ""
    )
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{PAGE_CSS}{BOARD_CSS}</style></head><body>"
        f"<h1>{html.escape(title)}</h1>{about}"
        '<nav><button id="prev" type="button">◀ previous</button><span id="where"></span>'
        '<button id="next" type="button">next ▶</button>'
        f'{predict}<span class="hint">(or the arrow keys)</span></nav>'
        f"{''.join(frames)}<script>{FLOWS_JS}{SCRIPT}</script></body></html>"
    )


def export_battle(explorer: Explorer, path: str | Path, title: str = "", lesson: Lesson | None = None) -> Path:
    """Write the page to `path` (UTF-8, atomically through rules.core.files: a FIFO, a device, a folder or a
    link there is refused and left as it is) and return it."""
    return write_file(path, battle_page(explorer, title, lesson))
