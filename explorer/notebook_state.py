"""Notebooks committed without widget state: the saved state of live widgets would win over each panel's
HTML board on GitHub, nbviewer and `nbconvert --to html`, and it is most of a notebook's size.

`python -m explorer.notebook_state NOTEBOOK...` strips the notebooks in place (`make notebooks-clean`);
`--check` only reports the ones that still carry state (exit 1), for CI. `pre_save_hook` strips every notebook
the project's Jupyter server saves (binder/jupyter_config, used by `make lab`, `make e2e` and Binder), so
JupyterLab's autosave of a notebook with live panels writes no widget state either."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def widget_state_found(notebook: dict[str, Any]) -> list[str]:
    """Where a notebook still holds widget state, in words (empty when it holds none)."""
    found = []
    if "widgets" in notebook.get("metadata", {}):
        found.append("metadata.widgets")
    for index, cell in enumerate(notebook.get("cells", [])):
        for output in cell.get("outputs", []):
            for mime in (WIDGET_VIEW, WIDGET_STATE):
                if mime in output.get("data", {}):
                    found.append(f"cell {index}: {mime}")
    return found


def strip_widget_state(notebook: dict[str, Any]) -> dict[str, Any]:
    """The notebook without `metadata.widgets` and widget outputs (an output left with no other form,
    text/html or text/plain, is dropped)."""
    notebook = json.loads(json.dumps(notebook))
    notebook.get("metadata", {}).pop("widgets", None)
    for cell in notebook.get("cells", []):
        if "outputs" not in cell:
            continue
        kept = []
        for output in cell["outputs"]:
            data = output.get("data")
            if data is not None:
                data.pop(WIDGET_VIEW, None)
                data.pop(WIDGET_STATE, None)
                if not data:
                    continue
            kept.append(output)
        cell["outputs"] = kept
    return notebook


def pre_save_hook(model: dict[str, Any], **_context: Any) -> None:
    """A Jupyter server's pre-save hook (`ContentsManager.pre_save_hook`): a notebook about to be saved loses
    its widget state in place, whoever saves it (JupyterLab's autosave, Ctrl+S, a script)."""
    if model.get("type") != "notebook" or not isinstance(model.get("content"), dict):
        return
    notebook = model["content"]
    if widget_state_found(notebook):
        stripped = strip_widget_state(notebook)
        notebook.clear()
        notebook.update(stripped)


def _write(path: Path, notebook: dict[str, Any]) -> None:
    """Write as Jupyter does (one-space indent, a final newline), so a stripped notebook diffs cleanly."""
    path.write_text(json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")


def _read(path: Path) -> dict[str, Any] | None:
    """The notebook at `path`; None, once said on stderr in words, when it cannot be read as one."""
    try:
        notebook = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        print(f"{path}: cannot be read ({exc.strerror or exc})", file=sys.stderr)
        return None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        print(f"{path}: is not a notebook (not JSON text: {exc})", file=sys.stderr)
        return None
    if not isinstance(notebook, dict) or not isinstance(notebook.get("cells"), list):
        print(f"{path}: is not a notebook (no list of cells)", file=sys.stderr)
        return None
    return notebook


def main(argv: list[str] | None = None) -> int:
    """Strip (or with --check, report) widget state in the notebooks named."""
    parser = argparse.ArgumentParser(prog="python -m explorer.notebook_state", description=__doc__)
    parser.add_argument("notebooks", nargs="+", type=Path)
    parser.add_argument("--check", action="store_true", help="report notebooks with widget state; change nothing")
    args = parser.parse_args(argv)
    dirty = 0
    for path in args.notebooks:
        notebook = _read(path)
        if notebook is None:
            return 2
        found = widget_state_found(notebook)
        if not found:
            continue
        dirty += 1
        if args.check:
            print(f"{path}: widget state saved ({', '.join(found[:3])}); run make notebooks-clean")
        else:
            _write(path, strip_widget_state(notebook))
            print(f"{path}: widget state removed")
    return 1 if args.check and dirty else 0


if __name__ == "__main__":
    sys.exit(main())
