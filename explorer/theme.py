"""Colours for inline styles, from JupyterLab's theme variables (`--jp-*`) with light-theme fallbacks, so
text stays readable in Light, Dark and High Contrast and in a static page without JupyterLab.

A signal colour is mixed with the theme's text colour: darker on a light theme, lighter on a dark one.
A tint is mixed with the theme's background, so the theme's text colour stays readable on it."""

from __future__ import annotations

TEXT = "var(--jp-ui-font-color0,#000)"
BACKGROUND = "var(--jp-layout-color0,#fff)"


def signal(variable: str, fallback: str) -> str:
    """A text colour of one meaning (error, success, ...) readable on the theme's background."""
    return f"color-mix(in srgb,var({variable},{fallback}) 60%,{TEXT})"


def tint(variable: str, fallback: str, percent: int = 18) -> str:
    """A background of one meaning on which the theme's text colour stays readable."""
    return f"color-mix(in srgb,var({variable},{fallback}) {percent}%,{BACKGROUND})"


ERROR = signal("--jp-error-color1", "#d32f2f")
SUCCESS = signal("--jp-success-color1", "#388e3c")
TINT_BLUE = tint("--jp-brand-color1", "#1976d2")
TINT_GOLD = tint("--jp-warn-color1", "#f57c00")
