"""The house plan (../shared/ARCHITECTURE.md): rules/ imports no widget, IPython or Jupyter module, ever."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN = ("ipywidgets", "anywidget", "IPython", "traitlets", "jupyter", "explorer", "matplotlib")


def test_importing_every_rules_module_loads_no_ui_module() -> None:
    modules = sorted(
        ".".join(p.relative_to(ROOT).with_suffix("").parts)
        for p in (ROOT / "rules").rglob("*.py")
        if p.name != "__main__.py"
    )
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}:\n"
        "    importlib.import_module(m)\n"
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r} or m.startswith('jupyter'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == ""


def test_only_the_openspiel_adapter_imports_openspiel() -> None:
    # ../shared/ARCHITECTURE.md: optional heavy dependencies are imported only by the tools over the protocol.
    modules = sorted(
        ".".join(p.relative_to(ROOT).with_suffix("").parts)
        for p in (ROOT / "rules").rglob("*.py")
        if p.name != "__main__.py" and "openspiel" not in p.parts
    )
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}:\n"
        "    importlib.import_module(m)\n"
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in ('pyspiel', 'open_spiel'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == ""


def test_only_the_sweeps_import_pandas_and_only_a_sweep_on_dask_imports_dask() -> None:
    # ../shared/ARCHITECTURE.md: sweeps on Dask (and the balancer over them) are tools over the protocol; the games
    # and their CLIs do not load them.
    tools = ("sweeps", "balance")
    modules = sorted(
        ".".join(p.relative_to(ROOT).with_suffix("").parts)
        for p in (ROOT / "rules").rglob("*.py")
        if p.name != "__main__.py" and (not set(tools) & set(p.parts) or p.name == "cli.py")
    )
    sweeps = sorted(
        ".".join(p.relative_to(ROOT).with_suffix("").parts)
        for tool in tools
        for p in (ROOT / "rules" / tool).glob("*.py")
    )
    code = (
        "import importlib, sys\n"
        "heavy = lambda: sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed', 'pandas'))\n"
        f"for m in {modules!r}:\n"
        "    importlib.import_module(m)\n"
        "print(','.join(heavy()))\n"
        f"for m in {sweeps!r}:\n"
        "    importlib.import_module(m)\n"
        "print(','.join(m for m in heavy() if not m.startswith('pandas')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.splitlines() == ["", ""]
