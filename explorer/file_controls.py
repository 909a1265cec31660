"""Save the position shown to a JSON file beside the notebook, load one back, or upload one from the
browser: the same row of controls in every game's panel."""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from explorer.session_panel import SessionPanel


class FileControls(w.HBox):  # type: ignore[misc]
    """A file name with save and load buttons, and an upload button for a file from the user's computer."""

    def __init__(self, panel: SessionPanel, default_name: str = "position.json") -> None:
        self.panel = panel
        self.path = w.Text(value=default_name, description="file", layout=w.Layout(width="300px"))
        save = w.Button(description="save", tooltip="write the position to this file")
        save.on_click(lambda _b: panel.save(self.path.value))
        load = w.Button(description="load", tooltip="start from the position in this file")
        load.on_click(lambda _b: panel.load(self.path.value))
        self.upload = w.FileUpload(accept=".json", multiple=False, description="upload")
        self.upload.observe(lambda ch: self.uploaded(ch["new"]), "value")
        super().__init__([self.path, save, load, self.upload])

    def uploaded(self, files: Any) -> None:
        """A file arrived from the browser: load its content as a position (only as JSON text, never as the
        name of a file on the server)."""
        if files:
            self.panel.load_text(bytes(files[0]["content"]))
