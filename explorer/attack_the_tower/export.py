"""A battle as one self-contained HTML page for a course page: every step's board, summary card and
narration, with previous / next buttons (and the arrow keys). No kernel, nothing fetched: the style sheet
and the script are inside the file."""

from __future__ import annotations

import html
from pathlib import Path
from typing import TYPE_CHECKING

from explorer.attack_the_tower.rendering import BOARD_CSS, board_html
from explorer.attack_the_tower.summary import step_summary
from explorer.attack_the_tower.viewmodel import board_view
from rules.core.files import write_file

if TYPE_CHECKING:
    from explorer.attack_the_tower.explorer import Explorer

PAGE_CSS = """
body{font-family:system-ui,sans-serif;margin:16px auto;max-width:1000px;padding:0 12px;color:#000;background:#fff}
h1{font-size:22px;margin:4px 0}
nav{display:flex;gap:12px;align-items:center;margin:8px 0;font-size:18px;flex-wrap:wrap}
nav button{font-size:18px;padding:4px 14px}
.narration{font-size:15px;line-height:1.4}
.hint{font-size:13px}
"""

SCRIPT = """
const frames = Array.from(document.querySelectorAll('.frame'));
const where = document.getElementById('where');
const prev = document.getElementById('prev');
const next = document.getElementById('next');
let at = 0;
function show(k) {
  at = Math.max(0, Math.min(frames.length - 1, k));
  frames.forEach((f, j) => { f.hidden = j !== at; });
  where.textContent = `step ${at} of ${frames.length - 1}`;
  prev.disabled = at === 0;
  next.disabled = at === frames.length - 1;
}
prev.addEventListener('click', () => show(at - 1));
next.addEventListener('click', () => show(at + 1));
document.addEventListener('keydown', (e) => {
  if (e.key === 'ArrowRight') show(at + 1);
  if (e.key === 'ArrowLeft') show(at - 1);
});
show(Number(location.hash.slice(1)) || 0);
"""


def _frame(index: int, board: str, summary: str, narration: list[str]) -> str:
    items = "".join(f"<li>{html.escape(line)}</li>" for line in narration)
    told = f'<ol class="narration">{items}</ol>' if items else '<p class="narration">the position to start from</p>'
    return f'<section class="frame" data-step="{index}"{" hidden" if index else ""}>{board}{told}</section>'


def battle_page(explorer: Explorer, title: str = "A battle of Attack the Tower") -> str:
    """The page: one frame per step of the explorer's current line (frame 0: the position it starts from)."""
    session = explorer.session
    steps = session.steps()
    frames = []
    for index in range(len(session.line) + 1):
        events = steps[index - 1].events if index else ()
        summary = step_summary(events) if index else ""
        board = board_html(board_view(session.state_at(index), summary=summary))
        frames.append(_frame(index, board, summary, [e.narrate() for e in events]))
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{PAGE_CSS}{BOARD_CSS}</style></head><body>"
        f"<h1>{html.escape(title)}</h1>"
        '<nav><button id="prev" type="button">◀ previous</button><span id="where"></span>'
        '<button id="next" type="button">next ▶</button>'
        '<span class="hint">(or the arrow keys)</span></nav>'
        f"{''.join(frames)}<script>{SCRIPT}</script></body></html>"
    )


def export_battle(explorer: Explorer, path: str | Path, title: str = "A battle of Attack the Tower") -> Path:
    """Write the page to `path` (UTF-8, atomically through rules.core.files: a FIFO, a device, a folder or a
    link there is refused and left as it is) and return it."""
    return write_file(path, battle_page(explorer, title))
