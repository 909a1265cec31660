"""The Attack the Tower panel's row for the classroom: the lessons shipped (explorer/lessons/attack-the-tower), a
teacher's own lesson file uploaded, and the downloads (the battle as one HTML page, the line as a lesson), each
saved through the browser so it works in JupyterLab, Voila and Binder alike."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import ipywidgets as w

from explorer.presenter import shipped_lessons

if TYPE_CHECKING:
    from explorer.attack_the_tower.panel import AttackTheTowerPanel


class LessonControls(w.HBox):  # type: ignore[misc]
    """A lesson to play (shipped or uploaded) and the downloads; every control calls a plain panel method."""

    def __init__(self, panel: AttackTheTowerPanel) -> None:
        self.panel = panel
        self.lessons = shipped_lessons(panel.game_slug)
        self.choice = w.Dropdown(
            options=[("", None), *((title, str(path)) for title, path in self.lessons.items())],
            value=None,
            description="lesson",
            layout=w.Layout(width="auto", min_width="300px"),
        )
        self.choice.observe(self._on_choice, "value")
        self.upload = w.FileUpload(accept=".json", multiple=False, description="lesson file")
        self.upload.observe(self._on_upload, "value")
        super().__init__(
            [
                self.choice,
                self.upload,
                panel._button("download lesson", panel.download_lesson, "this line as a lesson file (JSON)"),
                panel._button(
                    "download this battle",
                    panel.download_battle,
                    "one HTML file: every step, previous / next, works offline (for a course page)",
                ),
            ],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )

    def _on_choice(self, change: dict[str, Any]) -> None:
        """A shipped lesson chosen: play it."""
        if change["new"]:
            self.panel.load_lesson(change["new"])

    def _on_upload(self, change: dict[str, Any]) -> None:
        """A lesson file arrived from the browser: play it (read as JSON text, never as a path)."""
        files = change["new"]
        if files:
            self.panel.load_lesson(bytes(files[0]["content"]).decode("utf-8", errors="replace"))
